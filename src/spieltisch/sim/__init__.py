"""Simulation: many games between bots, summarised for game designers."""

from spieltisch.sim.runner import simulate

__all__ = ["simulate"]
