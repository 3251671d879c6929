"""The 100 cards of Dicht dran and their chilis.

RECONSTRUCTION: no public list of chilis per card exists (RULES-NOTES §1 (b) 1). Until the
real deck is transcribed, card ``n`` shows ``1 + ((n + 1) mod 3)`` chilis, which gives the one
known datum (63 shows 2 chilis, from the rule sheet's example) and a 33/33/34 split. The
colour follows the count: 1 green, 2 orange, 3 purple. Replace :data:`CHILIS` to use the
printed deck; everything else reads this table.
"""

from __future__ import annotations

from functools import cache

LOWEST = 1
HIGHEST = 100

#: How the chilis are spread over the cards (option ``chili_pattern``): ``cycle`` (the
#: reconstruction: 1, 2, 3, 1, 2, 3, … so that the 63 shows 2), ``rising`` (low cards few,
#: high cards many), ``falling`` (the reverse), ``edges`` (cards far from 50 many).
CHILI_PATTERNS = ("cycle", "rising", "falling", "edges")
#: The most chilis a card shows in the printed deck (option ``most_chilis``).
MOST_CHILIS = 3


@cache
def chili_table(pattern: str = "cycle", most: int = MOST_CHILIS) -> tuple[int, ...]:
    """``table[n]``: the chilis on card ``n`` (index 0 unused) when they run from 1 to
    ``most`` after ``pattern`` (:data:`CHILI_PATTERNS`). The same tuple for the same
    arguments, so tables can be compared by identity."""

    def count(n: int) -> int:
        if pattern == "cycle":
            return 1 + (n + 1) % most
        if pattern == "rising":
            return 1 + (n - 1) * most // HIGHEST
        if pattern == "falling":
            return most - (n - 1) * most // HIGHEST
        if pattern == "edges":  # |2n − 101| runs from 1 (50, 51) to 99 (1, 100)
            return 1 + (abs(2 * n - HIGHEST - 1) - 1) * most // (HIGHEST - 1)
        raise ValueError(f"no chili pattern {pattern!r}")

    return (0, *(count(n) for n in range(LOWEST, HIGHEST + 1)))


#: ``CHILIS[n]`` is the number of chilis on card ``n`` in the printed deck (index 0 is unused).
CHILIS: tuple[int, ...] = chili_table()

#: The colour the chilis are printed in, by count (4 and 5 exist only under ``most_chilis``).
CHILI_COLOURS: dict[int, str] = {1: "green", 2: "orange", 3: "purple", 4: "red", 5: "black"}

#: The cards that are shuffled and dealt: 1 and 100 always start in the circle.
SHUFFLED: tuple[int, ...] = tuple(range(LOWEST + 1, HIGHEST))


def chilis(card: int, table: tuple[int, ...] = CHILIS) -> int:
    """How many chilis ``card`` shows (in the printed deck, or in ``table``)."""
    return table[card]


def chili_sum(cards: list[int] | tuple[int, ...], table: tuple[int, ...] = CHILIS) -> int:
    """The chilis on all ``cards`` together (in the printed deck, or in ``table``)."""
    return sum(map(table.__getitem__, cards))


def card_faces(table: tuple[int, ...] = CHILIS) -> dict[str, dict[str, int | str]]:
    """What each card shows besides its number, keyed by the number as a string: its chilis
    and the colour they are printed in (for faces that draw the cards), in the printed deck
    or under the chili ``table`` of a table's options."""
    return {
        str(card): {"chilis": table[card], "colour": CHILI_COLOURS[table[card]]}
        for card in range(LOWEST, HIGHEST + 1)
    }
