"""Dicht dran: closest to the target card, gap discards, chili points."""

from spieltisch.games.dicht_dran.game import DichtDran, DichtDranState, DichtDranView, Play

__all__ = ["DichtDran", "DichtDranState", "DichtDranView", "Play"]
