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
from dataclasses import dataclass

from spieltisch.core.chance import derive_seed, shuffled
from spieltisch.games.magic_numbers.actions import CHOICE_COUNT
from spieltisch.games.magic_numbers.deck import Card, Deck, answer_key

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


@dataclass(frozen=True, slots=True)
class _Facts:
    """What :func:`candidates` compares of one card, worked out once per deck."""

    number: str  # the printed number without spaces
    single: bool  # whether that is a single number
    single_size: float  # its size, if it is
    log_size: float  # log10(size + 1) of the printed number
    theme: str
    unit_hint: str
    theme_hint: str
    meanings: frozenset[str]
    meaning_en: str
    #: The cards whose accepted answers are each meaning word for word (German, English),
    #: or ``None`` when no card's are.
    owners: tuple[frozenset[int] | None, frozenset[int] | None]


def _facts_of(deck: Deck, card: Card) -> _Facts:
    number = card.number.replace(" ", "")
    single = _FIRST_NUMBER.fullmatch(number) is not None
    return _Facts(
        number=number,
        single=single,
        single_size=size(number) if single else 0.0,
        log_size=math.log10(size(card.number) + 1),
        theme=card.theme,
        unit_hint=card.unit_hint["en"],
        theme_hint=card.theme_hint["en"],
        meanings=frozenset((card.meaning["de"], card.meaning["en"])),
        meaning_en=card.meaning["en"],
        owners=(
            deck.owners.get(answer_key(card.meaning["de"])),
            deck.owners.get(answer_key(card.meaning["en"])),
        ),
    )


def _deck_facts(deck: Deck) -> tuple[_Facts, ...]:
    facts: tuple[_Facts, ...] | None = deck.derived.get("choice_facts")
    if facts is None:
        facts = deck.derived["choice_facts"] = tuple(_facts_of(deck, c) for c in deck.cards)
    return facts


def _same_number(a: _Facts, b: _Facts) -> bool:
    """:func:`same_number` of two cards' printed numbers."""
    return a.number == b.number or (a.single and b.single and a.single_size == b.single_size)


def _distance(card: _Facts, other: _Facts) -> float:
    """How far ``other`` is from ``card`` as a distractor: the difference in size by
    powers of ten, more for another theme, less for a shared unit hint and theme hint."""
    gap = abs(card.log_size - other.log_size)
    gap += OTHER_THEME * (other.theme != card.theme)
    gap -= SAME_HINT * (other.unit_hint == card.unit_hint)
    gap -= SAME_HINT * (other.theme_hint == card.theme_hint)
    return gap


def _names_card(deck: Deck, card: int, other: int, facts: _Facts) -> bool:
    """Whether a meaning of ``other`` is right for ``card`` (:meth:`Deck.is_right`)."""
    meaning = deck.cards[other].meaning
    return any(
        card in owners if owners is not None else deck.is_right(card, meaning[lang])
        for owners, lang in zip(facts.owners, ("de", "en"), strict=True)
    )


def candidates(deck: Deck, card: int) -> tuple[int, ...]:
    """The cards whose meanings may stand beside the meaning of the card at ``card``,
    closest first (:func:`_distance`); never a true meaning of its number. Worked out once
    per deck and card, and kept with the deck."""
    pools: dict[int, tuple[int, ...]] = deck.derived.setdefault("choice_pools", {})
    pool = pools.get(card)
    if pool is None:
        pool = pools[card] = _candidates(deck, card)
    return pool


def _candidates(deck: Deck, card: int) -> tuple[int, ...]:
    facts = _deck_facts(deck)
    this = facts[card]
    fitting: list[int] = []
    for index, other in enumerate(facts):
        if index == card or _same_number(other, this) or this.meanings & other.meanings:
            continue
        if _names_card(deck, card, index, other):
            continue
        fitting.append(index)
    fitting.sort(key=lambda i: _distance(this, facts[i]))
    unique: list[int] = []
    seen: set[str] = set()
    for index in fitting:  # meanings that read alike would be one choice shown twice
        key = facts[index].meaning_en
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
