"""Triggs: collect cards, cross off numbers, chain extra crosses."""

from spieltisch.core.descriptor import STRONG_SEARCH, GameDescriptor, presets_with
from spieltisch.games.triggs.game import Triggs, TriggsState, TriggsView
from spieltisch.games.triggs.words import WORDS

#: Triggs for the faces. Its strongest search lets only the heuristic's 4 best moves enter
#: the knockout; Triggs games are long, so its playouts stop after 24 actions (about two
#: rounds), at the next point where the bot is about to begin a turn (``cut=round``: every
#: seat has had as many turns), and are judged by the score so far.
DESCRIPTOR = GameDescriptor(
    Triggs,
    heuristic="spieltisch.bots.triggs:make",
    heuristic_parameters=("later", "refill"),
    presets=presets_with(STRONG_SEARCH + ":top=4:horizon=24:cut=round"),
    browser_module=True,
    words=WORDS,
)

__all__ = ["DESCRIPTOR", "Triggs", "TriggsState", "TriggsView"]
