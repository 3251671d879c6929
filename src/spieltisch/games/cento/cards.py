"""The Cento cards and what their numbers show: digits, ones and tens digit, digit sum.

The deck (RULES-NOTES §2 (b) 1): one number card each from 1 to 99, the "100" card and a number
of identical free cards. A card is an ``int``: its number, or :data:`FREE` for a free card.
A card's *value* is the number it counts as: its own number, or for a free card the number
declared when it was laid (1–99).

Which card may follow which is the basic rule of the variant played; this module builds the
table once per rule set (:func:`fit_table`).
"""

from __future__ import annotations

from collections.abc import Callable

#: A free card; all free cards are identical (RULES-NOTES §2 (b) 1).
FREE = 0
LOWEST = 1
HIGHEST = 99
HUNDRED = 100
#: Every number card, 1 to 100.
NUMBER_CARDS: tuple[int, ...] = tuple(range(LOWEST, HUNDRED + 1))
#: The numbers a free card may stand for (RULES-NOTES §2 (a), Spiel 2 rule 3: only 1–99).
FREE_VALUES: tuple[int, ...] = tuple(range(LOWEST, HIGHEST + 1))
#: The single-digit numbers (Monozahlen).
MONOS: tuple[int, ...] = tuple(range(1, 10))

#: ``hundred_mode`` values (RULES-NOTES §2 (b) 10): the 100 as a wild "reset" card, or as the
#: plain number 100.
WILD = "wild"
NUMBER = "number"


def digits(value: int) -> frozenset[int]:
    """The digits printed on ``value``; a single-digit number has no leading zero (7 shows
    only the 7), and the 100 shows 1 and 0 (RULES-NOTES §2 (b) 3, 10)."""
    return frozenset(int(d) for d in str(value))


def ones_digit(value: int) -> int:
    """The ones digit; for 1–9 it is the number itself (RULES-NOTES §2 (b) 11)."""
    return value % 10


def tens_digit(value: int) -> int | None:
    """The tens digit; 1–9 have none (RULES-NOTES §2 (b) 11), the 100's is 0 (§2 (b) 10)."""
    return None if value < 10 else (value // 10) % 10


def digit_sum(value: int) -> int:
    """The sum of the printed digits (the 100's is 1)."""
    return sum(digits_in_order(value))


def digits_in_order(value: int) -> tuple[int, ...]:
    """The printed digits from left to right (with repeats, unlike :func:`digits`)."""
    return tuple(int(d) for d in str(value))


def is_mono(value: int) -> bool:
    """A Monozahl: a single-digit number, 1–9."""
    return 1 <= value <= 9


def is_repdigit(value: int) -> bool:
    """A Schnapszahl: 11, 22, …, 99."""
    return 11 <= value <= 99 and value % 11 == 0


def kind(card: int) -> str | None:
    """The kind of card ``card`` is, where the rules single it out: ``"free"``, ``"hundred"``,
    ``"mono"`` (a Monozahl), ``"repdigit"`` (a Schnapszahl); ``None`` for any other number."""
    if card == FREE:
        return "free"
    if card == HUNDRED:
        return "hundred"
    if is_mono(card):
        return "mono"
    return "repdigit" if is_repdigit(card) else None


def card_faces() -> dict[str, dict[str, int | str | None]]:
    """What each card shows, keyed by the card as a string (``"0"`` is a free card): its kind
    (:func:`kind`) and, for a number, the digits the basic rules compare (ones digit, tens
    digit or ``None``, digit sum). The same facts hold for a free card laid as that number."""
    faces: dict[str, dict[str, int | str | None]] = {str(FREE): {"kind": kind(FREE)}}
    for card in NUMBER_CARDS:
        faces[str(card)] = {
            "kind": kind(card),
            "ones": ones_digit(card),
            "tens": tens_digit(card),
            "digit_sum": digit_sum(card),
        }
    return faces


def shares_digit(below: int, card: int) -> bool:
    """The basic rule of Spiel 1 and 2 (RULES-NOTES §2 (b) 3): the card shows a digit of the
    card below; on a Monozahl any Monozahl may also be laid (Spiel 2 example)."""
    return bool(digits(below) & digits(card)) or (is_mono(below) and is_mono(card))


def matches_spiel3(below: int, card: int) -> bool:
    """The basic rule of Spiel 3 (seed): same ones digit, same tens digit or same digit sum.

    1–9 have no tens digit, so they never match by the tens digit (RULES-NOTES §2 (b) 11).
    """
    tens = tens_digit(card)
    return (
        ones_digit(below) == ones_digit(card)
        or (tens is not None and tens == tens_digit(below))
        or digit_sum(below) == digit_sum(card)
    )


def shared_properties(below: int, value: int) -> tuple[str, ...]:
    """Which of Spiel 3's three properties (seed, rule 1 a–c) a card of ``value`` shares with
    the card ``below`` it: ``"ones"`` (Einerstelle), ``"tens"`` (Zehnerstelle), ``"sum"``
    (Quersumme). Told with every laid card, so a face can show what matched."""
    tens = tens_digit(value)
    found = []
    if below > 0 and ones_digit(below) == ones_digit(value):
        found.append("ones")
    if below > 0 and tens is not None and tens == tens_digit(below):
        found.append("tens")
    if below > 0 and digit_sum(below) == digit_sum(value):
        found.append("sum")
    return tuple(found)


def fit_table(variant: int, hundred_mode: str) -> tuple[tuple[bool, ...], ...]:
    """``table[below][card]``: whether a card of value ``card`` may be laid on ``below``.

    In Spiel 1 the 100 is always a plain number (its special rule comes with Spiel 2). A wild
    100 may be laid on anything and anything may be laid on it (RULES-NOTES §2 (b) 10);
    that it may not answer a Monozahl obligation is the obligation's own rule.
    """
    rule: Callable[[int, int], bool] = matches_spiel3 if variant == 3 else shares_digit
    wild = variant >= 2 and hundred_mode == WILD
    size = HUNDRED + 1
    return tuple(
        tuple(
            below > 0 and card > 0 and ((wild and HUNDRED in (below, card)) or rule(below, card))
            for card in range(size)
        )
        for below in range(size)
    )


def shows_digit(value: int, digit: int) -> bool:
    """Whether the number ``value`` shows ``digit`` (for the Schnapszahl run)."""
    return digit in digits(value)


def full_deck(free_cards: int) -> list[int]:
    """Every card in play: free cards first, then 1 to 100."""
    return [FREE] * free_cards + list(NUMBER_CARDS)
