"""Missionszahl: closest to the mission number, symbol actions, arrows and colour bonuses."""

from spieltisch.games.missionszahl.actions import Exchange, Give, Play, Shift, Swap, Trade
from spieltisch.games.missionszahl.game import (
    Missionszahl,
    MissionszahlState,
    MissionszahlView,
    Phase,
)

__all__ = [
    "Exchange",
    "Give",
    "Missionszahl",
    "MissionszahlState",
    "MissionszahlView",
    "Phase",
    "Play",
    "Shift",
    "Swap",
    "Trade",
]
