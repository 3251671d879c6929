"""Marks: the bookkeeping shared by the beliefs about the others' hands (``cento_belief``,
``missionszahl_belief``).

A belief keeps, for each other player, one set per card of his hand, oldest card first:
the cards that hand card is *unlikely* to be, from what his public play revealed. A card
held longer has been through more of his decisions, so the oldest cards carry the most
marks.
"""

from __future__ import annotations

#: One hand card's marks.
Marks = frozenset[int]

#: Nothing known about a card.
UNMARKED: Marks = frozenset()


def marked(hand: list[Marks], unlikely: Marks) -> list[Marks]:
    """Every card of ``hand`` marked as unlikely to be any of ``unlikely`` too."""
    return [marks | unlikely for marks in hand]


def source(hand: list[Marks], card: int) -> int:
    """Where in ``hand`` a laid ``card`` came from: the first (oldest, most marked) card it
    is not unlikely to be (the likeliest: such a card had the fewest cards left to be), else
    the newest."""
    return next((i for i, marks in enumerate(hand) if card not in marks), len(hand) - 1)
