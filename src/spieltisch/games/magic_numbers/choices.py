"""Multiple choice (option ``answers=choice``): the meanings a card is offered with.

A card being solved is offered with its own meaning and three believable distractors: the
meanings of other cards whose numbers are of a similar size, of the same theme (colour) and
with the same unit or theme hint first, so that a hint does not give the answer away: a
tenfold difference in size counts as much as another theme and a half, a shared hint takes
off half of a theme. A distractor is never a true meaning of the card's number: no card with
the same number is taken, nor one whose meaning the judge would accept for this card, nor one whose
meaning reads the same. Which three of the closest candidates are taken, and the order of
the four, follow from the game's seed and the card, so a transcript reproduces them; every
seat sees the same order. A deck too small for three distractors offers fewer.
"""

from __future__ import annotations

import math
import re

from spieltisch.core.chance import derive_seed, shuffled
from spieltisch.games.magic_numbers.actions import CHOICE_COUNT
from spieltisch.games.magic_numbers.deck import Card, Deck

#: The distractors are drawn from this many closest candidates of a card.
POOL = 6
#: How much sharing a hint with the card counts against a tenfold difference in size.
SAME_HINT = 0.3
#: How much another theme counts against a tenfold difference in size: a year of another
#: theme is a better distractor for a year than a count of the same theme.
OTHER_THEME = 0.6
_FIRST_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def size(number: str) -> float:
    """The size of a printed number: its first number, spaces inside it ignored (``86 400``
    is 86400, ``1939–1945`` is 1939); 0 when it has none."""
    match = _FIRST_NUMBER.search(re.sub(r"(?<=\d) (?=\d)", "", number))
    return float(match.group().replace(",", ".")) if match else 0.0


def same_number(a: str, b: str) -> bool:
    """Whether two printed numbers are the same number: alike but for spaces, or each a
    single number of the same size (``007`` and ``7``)."""
    a, b = a.replace(" ", ""), b.replace(" ", "")
    single = _FIRST_NUMBER.fullmatch(a) and _FIRST_NUMBER.fullmatch(b)
    return a == b or (bool(single) and size(a) == size(b))


def _distance(card: Card, other: Card) -> float:
    """How far ``other`` is from ``card`` as a distractor: the difference in size by
    powers of ten, more for another theme, less for a shared unit hint and theme hint."""
    gap = abs(math.log10(size(card.number) + 1) - math.log10(size(other.number) + 1))
    gap += OTHER_THEME * (other.theme != card.theme)
    gap -= SAME_HINT * (other.unit_hint["en"] == card.unit_hint["en"])
    gap -= SAME_HINT * (other.theme_hint["en"] == card.theme_hint["en"])
    return gap


def candidates(deck: Deck, card: int) -> tuple[int, ...]:
    """The cards whose meanings may stand beside the meaning of the card at ``card``,
    closest first (:func:`_distance`); never a true meaning of its number."""
    this = deck.cards[card]
    meanings = {this.meaning["de"], this.meaning["en"]}
    fitting: list[int] = []
    for index, other in enumerate(deck.cards):
        if index == card or same_number(other.number, this.number):
            continue
        if meanings & {other.meaning["de"], other.meaning["en"]}:
            continue
        if deck.is_right(card, other.meaning["de"]) or deck.is_right(card, other.meaning["en"]):
            continue
        fitting.append(index)
    fitting.sort(key=lambda i: _distance(this, deck.cards[i]))
    unique: list[int] = []
    seen: set[str] = set()
    for index in fitting:  # meanings that read alike would be one choice shown twice
        key = deck.cards[index].meaning["en"]
        if key not in seen:
            seen.add(key)
            unique.append(index)
    return tuple(unique)


def offer(deck: Deck, card: int, pool: tuple[int, ...], seed: int) -> list[int]:
    """The cards whose meanings are offered for ``card``, in the order shown: the card
    itself and up to three of the :data:`POOL` closest of ``pool``, drawn and shuffled from
    the game's ``seed`` and the card's id."""
    chance = derive_seed(seed, "choices", deck.cards[card].id)
    drawn = shuffled(pool[:POOL], chance, 0)[: CHOICE_COUNT - 1]
    return shuffled([card, *drawn], chance, 1)
