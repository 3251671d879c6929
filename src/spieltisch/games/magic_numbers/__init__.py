"""Magic Numbers: bid chips for number cards, then name what the numbers mean."""

from spieltisch.core.descriptor import GameDescriptor
from spieltisch.games.magic_numbers.actions import Answer, Bid, Confirm, Hint, Pass, Reject
from spieltisch.games.magic_numbers.game import (
    MagicNumbers,
    MagicNumbersState,
    MagicNumbersView,
    Phase,
)
from spieltisch.games.magic_numbers.words import WORDS

#: Magic Numbers for the faces; its strongest search is the general one.
DESCRIPTOR = GameDescriptor(
    MagicNumbers,
    heuristic="spieltisch.bots.magic_numbers:heuristic",
    heuristic_parameters=("knowledge",),
    browser_module=True,
    words=WORDS,
)

__all__ = [
    "DESCRIPTOR",
    "Answer",
    "Bid",
    "Confirm",
    "Hint",
    "MagicNumbers",
    "MagicNumbersState",
    "MagicNumbersView",
    "Pass",
    "Phase",
    "Reject",
]
