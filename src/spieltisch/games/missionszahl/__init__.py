"""Missionszahl: closest to the mission number, symbol actions, arrows and colour bonuses."""

from spieltisch.core.descriptor import STRONG_SEARCH, GameDescriptor, presets_with
from spieltisch.games.missionszahl.actions import Exchange, Give, Play, Shift, Swap, Trade
from spieltisch.games.missionszahl.game import (
    Missionszahl,
    MissionszahlState,
    MissionszahlView,
    Phase,
)
from spieltisch.games.missionszahl.words import WORDS

#: Missionszahl for the faces. Its strongest search is set as Cento's (docs/performance.md,
#: "How much a decision can still gain"), with the heuristic's 5 best moves.
DESCRIPTOR = GameDescriptor(
    Missionszahl,
    heuristic="spieltisch.bots.missionszahl:make",
    belief="spieltisch.bots.missionszahl_belief:make",
    presets=presets_with(STRONG_SEARCH + ":top=5:switch=1"),
    browser_module=True,
    words=WORDS,
)

__all__ = [
    "DESCRIPTOR",
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
