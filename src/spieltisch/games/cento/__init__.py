"""Cento: lay number cards that match by digits; Spiel 3 "Das Zahlenspiel", Spiel 1 and 2."""

from spieltisch.games.cento.actions import Draw, End, Lay, Take
from spieltisch.games.cento.game import Cento, CentoState, CentoView, Phase

__all__ = ["Cento", "CentoState", "CentoView", "Draw", "End", "Lay", "Phase", "Take"]
