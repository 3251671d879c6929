"""The 108 cards of Missionszahl: number, colour and (on 20 of them) a symbol.

RECONSTRUCTION (RULES-NOTES §3 (b) 1): the seed names 108 cards and five symbol actions but
no card list, and its symbol pictures were lost. Spieltisch assumes four colours, each with
the numbers 1–27 (4 × 27 = 108); 20 of these cards additionally carry a symbol, each symbol
once per colour. The symbols sit on the numbers 4, 5, 9, 10, 14, 15, 19, 20, 24 and 25, each
number in two colours with two different symbols, so that two symbol cards can show the same
number (the seed's tie rule for symbol cards) and every symbol lies on two even and two odd
numbers (the even-numbers symbol can hit symbol cards, as the seed expects). Replace
:data:`SYMBOL_CARDS` to use the printed deck; everything else reads the tables below.

A card is an integer id from 0 to 107: ``colour · 27 + number − 1``. Its name is the colour's
letter and the number, for example ``R17`` or ``o4``; the letters R, G, B, O stand for
rot/red, grün/green, blau/blue and orange in both languages.
"""

from __future__ import annotations

import re
from enum import Enum
from functools import cache

LOWEST = 1
HIGHEST = 27
NUMBERS = HIGHEST - LOWEST + 1
#: Colours in id order, their letters (the same in German and English) and German names.
COLOURS: tuple[str, ...] = ("red", "green", "blue", "orange")
COLOURS_DE: tuple[str, ...] = ("rot", "grün", "blau", "orange")
LETTERS = "RGBO"
DECK_SIZE = len(COLOURS) * NUMBERS


class Symbol(Enum):
    """The five symbol actions (descriptive names; RULES-NOTES §3 (b) 1)."""

    PASS_CW = "pass_cw"  # every played card moves one seat clockwise
    NEW_MISSION = "new_mission"  # the mission card is replaced from the draw pile
    EVENS_OUT = "evens_out"  # players with an even played number drop out of the round
    PLUS_MINUS_3 = "plus_minus_3"  # the mission number changes by +3 or −3
    DRAW_AND_GIVE = "draw_and_give"  # draw a card and give it to another player


#: RECONSTRUCTION: which card carries which symbol, by (colour letter, number).
SYMBOL_CARDS: dict[tuple[str, int], Symbol] = {
    ("R", 4): Symbol.PASS_CW,
    ("R", 9): Symbol.NEW_MISSION,
    ("R", 14): Symbol.EVENS_OUT,
    ("R", 19): Symbol.PLUS_MINUS_3,
    ("R", 24): Symbol.DRAW_AND_GIVE,
    ("G", 5): Symbol.PLUS_MINUS_3,
    ("G", 10): Symbol.NEW_MISSION,
    ("G", 15): Symbol.DRAW_AND_GIVE,
    ("G", 20): Symbol.EVENS_OUT,
    ("G", 25): Symbol.PASS_CW,
    ("B", 4): Symbol.NEW_MISSION,
    ("B", 9): Symbol.DRAW_AND_GIVE,
    ("B", 14): Symbol.PLUS_MINUS_3,
    ("B", 19): Symbol.EVENS_OUT,
    ("B", 24): Symbol.PASS_CW,
    ("O", 5): Symbol.EVENS_OUT,
    ("O", 10): Symbol.PLUS_MINUS_3,
    ("O", 15): Symbol.PASS_CW,
    ("O", 20): Symbol.DRAW_AND_GIVE,
    ("O", 25): Symbol.NEW_MISSION,
}

#: Every card id, in id order.
ALL_CARDS: tuple[int, ...] = tuple(range(DECK_SIZE))
#: ``VALUE[card]``: the number printed on the card.
VALUE: tuple[int, ...] = tuple(card % NUMBERS + LOWEST for card in ALL_CARDS)
#: ``COLOUR[card]``: the index of the card's colour in :data:`COLOURS`.
COLOUR: tuple[int, ...] = tuple(card // NUMBERS for card in ALL_CARDS)
#: ``SYMBOL[card]``: the card's symbol, or ``None`` for a plain number card.
SYMBOL: tuple[Symbol | None, ...] = tuple(
    SYMBOL_CARDS.get((LETTERS[COLOUR[card]], VALUE[card])) for card in ALL_CARDS
)
#: ``NAME[card]``: the card's short name, e.g. ``R17``.
NAME: tuple[str, ...] = tuple(f"{LETTERS[COLOUR[card]]}{VALUE[card]}" for card in ALL_CARDS)
_BY_NAME = {name: card for card, name in enumerate(NAME)}
#: A card name as people type it: colour letter, optional space, number.
CARD_PATTERN = r"([rgboRGBO])\s*(\d{1,2})"


def card_id(colour: str, number: int) -> int:
    """The id of the card with colour letter ``colour`` and ``number``."""
    return LETTERS.index(colour.upper()) * NUMBERS + number - LOWEST


def card_from_name(text: str) -> int | None:
    """The card called ``text`` (``R17``, ``r 17``), or ``None`` if no card has that name."""
    match = re.fullmatch(CARD_PATTERN, text.strip())
    if match is None:
        return None
    return _BY_NAME.get(match.group(1).upper() + str(int(match.group(2))))


# -- the deck under the rule options ------------------------------------------------------

#: The option ``symbols``: for each symbol, in :class:`Symbol` order, on how many colours'
#: cards it stays (0 to 4, red first: 2 keeps it on the red and green cards).
SYMBOL_COUNTS_PATTERN = r"[0-4](,[0-4]){4}"
ALL_SYMBOLS = "4,4,4,4,4"


@cache
def deck_cards(colours: int = len(COLOURS), highest: int = HIGHEST) -> tuple[int, ...]:
    """The ids of the cards in a deck of the first ``colours`` colours with the numbers
    from 1 to ``highest`` (options ``colours`` and ``highest``), in id order."""
    return tuple(card for card in ALL_CARDS if COLOUR[card] < colours and VALUE[card] <= highest)


@cache
def symbol_table(counts: str = ALL_SYMBOLS) -> tuple[Symbol | None, ...]:
    """``table[card]``: the card's symbol when each symbol stays on the cards of as many
    colours as ``counts`` says (option ``symbols``), or ``None``."""
    kept = dict(zip(Symbol, (int(part) for part in counts.split(",")), strict=True))
    return tuple(
        symbol if symbol is not None and COLOUR[card] < kept[symbol] else None
        for card, symbol in enumerate(SYMBOL)
    )
