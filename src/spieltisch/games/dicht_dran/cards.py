"""The 100 cards of Dicht dran and their chilis.

RECONSTRUCTION: no public list of chilis per card exists (RULES-NOTES §1 (b) 1). Until the
real deck is transcribed, card ``n`` shows ``1 + ((n + 1) mod 3)`` chilis, which gives the one
known datum (63 shows 2 chilis, from the rule sheet's example) and a 33/33/34 split. The
colour follows the count: 1 green, 2 orange, 3 purple. Replace :data:`CHILIS` to use the
printed deck; everything else reads this table.
"""

from __future__ import annotations

LOWEST = 1
HIGHEST = 100

#: ``CHILIS[n]`` is the number of chilis on card ``n`` (index 0 is unused).
CHILIS: tuple[int, ...] = (0, *(1 + ((n + 1) % 3) for n in range(LOWEST, HIGHEST + 1)))

#: The colour the chilis are printed in, by count.
CHILI_COLOURS: dict[int, str] = {1: "green", 2: "orange", 3: "purple"}

#: The cards that are shuffled and dealt: 1 and 100 always start in the circle.
SHUFFLED: tuple[int, ...] = tuple(range(LOWEST + 1, HIGHEST))


def chilis(card: int) -> int:
    """How many chilis ``card`` shows."""
    return CHILIS[card]


def chili_sum(cards: list[int] | tuple[int, ...]) -> int:
    """The chilis on all ``cards`` together."""
    return sum(map(CHILIS.__getitem__, cards))


def card_faces() -> dict[str, dict[str, int | str]]:
    """What each card shows besides its number, keyed by the number as a string: its chilis
    and the colour they are printed in (for faces that draw the cards)."""
    return {
        str(card): {"chilis": CHILIS[card], "colour": CHILI_COLOURS[CHILIS[card]]}
        for card in range(LOWEST, HIGHEST + 1)
    }
