"""Triggs: collect cards, cross off numbers, chain extra crosses."""

from spieltisch.games.triggs.game import Triggs, TriggsState, TriggsView

__all__ = ["Triggs", "TriggsState", "TriggsView"]
