"""Dicht dran: closest to the target card, gap discards, chili points."""

from spieltisch.core.descriptor import STRONG_SEARCH, GameDescriptor, presets_with
from spieltisch.games.dicht_dran.game import DichtDran, DichtDranState, DichtDranView, Play
from spieltisch.games.dicht_dran.words import WORDS

#: Dicht dran for the faces. In its strongest search the cards the others have already laid
#: face down are laid again by their models in every deal (``facedown=model``): dealt at
#: random, they made the bot think a card that wins one round in twenty won every second one
#: (docs/performance.md, "calibration and ceilings").
DESCRIPTOR = GameDescriptor(
    DichtDran,
    heuristic="spieltisch.bots.dicht_dran:make",
    heuristic_parameters=("draw", "keep"),
    presets=presets_with(STRONG_SEARCH + ":facedown=model"),
    browser_module=True,
    words=WORDS,
)

__all__ = ["DESCRIPTOR", "DichtDran", "DichtDranState", "DichtDranView", "Play"]
