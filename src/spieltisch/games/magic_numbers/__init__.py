"""Magic Numbers: bid chips for number cards, then name what the numbers mean."""

from spieltisch.games.magic_numbers.actions import Answer, Bid, Confirm, Hint, Pass, Reject
from spieltisch.games.magic_numbers.game import (
    MagicNumbers,
    MagicNumbersState,
    MagicNumbersView,
    Phase,
)

__all__ = [
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
