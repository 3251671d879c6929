"""The cards of Magic Numbers: a deck file, checked card by card.

Each card shows a number on its front and the number's meaning, a narrower topic ("theme
hint"), what the number counts or measures ("unit hint"), four point values and the accepted
answers on its back. The standard deck lives in ``data/deck.json``; a player may load his own
deck in the same format (option ``deck``). The format is described in
``docs/rules/magic-numbers.md``; a bad file is refused with one line naming the card and the
field and saying what is allowed.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from importlib import resources
from pathlib import Path
from typing import Any, TypeGuard

from spieltisch.core.errors import DeckError, Param
from spieltisch.games.magic_numbers.judge import content, is_correct, words_of

FORMAT = "spieltisch-magic-numbers-deck"
FORMAT_VERSION = 1
#: The option value that names the standard deck.
STANDARD = "standard"
LANGS = ("de", "en")
CARD_FIELDS = (
    "id",
    "number",
    "theme",
    "meaning",
    "theme_hint",
    "unit_hint",
    "points",
    "answers",
    "source",
)
THEME_FIELDS = ("id", "colour", "de", "en")
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_NUMBER_LENGTH = 20
MIN_POINTS, MAX_POINTS = 1, 9
MIN_ANSWERS, MAX_ANSWERS = 2, 16
#: Words that may stand beside any accepted answer: they narrow nothing down.
NEUTRAL_WORDS = frozenset({"erde", "earth", "welt", "world", "jahr", "year", "ganz", "alle"})
#: Points by difficulty, ``[no hint, theme hint, unit hint, both hints]`` (RULES-NOTES §5
#: item 9); the standard deck uses exactly these three rows.
LEVELS: dict[str, tuple[int, int, int, int]] = {
    "easy": (4, 3, 3, 1),
    "medium": (6, 4, 4, 2),
    "hard": (8, 5, 5, 3),
}


@dataclass(frozen=True, slots=True)
class Theme:
    """A theme (colour) of the deck."""

    id: str
    colour: str
    de: str
    en: str

    def name(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


@dataclass(frozen=True, slots=True)
class Card:
    """One card: the front (number, theme) and the back (everything else)."""

    id: str
    number: str
    theme: str
    meaning: Mapping[str, str]
    theme_hint: Mapping[str, str]
    unit_hint: Mapping[str, str]
    points: tuple[int, int, int, int]
    answers: Mapping[str, tuple[str, ...]]
    source: str

    @property
    def difficulty(self) -> str:
        """Easy, medium or hard, from the points without hint (4 or less, 5–6, 7 or more)."""
        top = self.points[0]
        return "easy" if top <= 4 else "medium" if top <= 6 else "hard"

    @property
    def accepted(self) -> tuple[str, ...]:
        """Everything the judge accepts: the answers of both languages and the meanings."""
        return (*self.answers["de"], *self.answers["en"], self.meaning["de"], self.meaning["en"])


@dataclass(frozen=True, slots=True)
class Deck:
    """A whole deck: its name, its themes and its cards (in file order). ``known_words``
    are the words of every card's accepted answers (never a typo of another word);
    ``extras[c]`` the words that belong to card ``c`` (its number, unit hint and meaning),
    which an answer may hold besides an accepted answer."""

    name: Mapping[str, str]
    themes: tuple[Theme, ...]
    cards: tuple[Card, ...]
    known_words: frozenset[str] = frozenset()
    extras: tuple[frozenset[str], ...] = ()
    owners: Mapping[str, frozenset[int]] = field(default_factory=dict)
    #: What is worked out once from the deck's cards and kept with it for every game that
    #: plays it (:mod:`.choices` keeps each card's distractor candidates here).
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def is_right(self, card: int, answer: str) -> bool:
        """Whether ``answer`` names the meaning of the card at ``card`` (see ``judge``); an
        accepted answer of other cards only, word for word, never is."""
        owners = self.owners.get(answer_key(answer))
        if owners is not None:
            return card in owners
        extras = self.extras[card] if self.extras else frozenset()
        return is_correct(answer, self.cards[card].accepted, self.known_words, extras)

    def other_meaning(self, card: int, answer: str) -> int | None:
        """Another card with the same number whose meaning ``answer`` names (7: the
        continents, not the East Frisian Islands), or ``None``; never where ``answer`` is
        right for ``card`` itself."""
        number = self.cards[card].number
        for other, data in enumerate(self.cards):
            if other != card and data.number == number and self.is_right(other, answer):
                return None if self.is_right(card, answer) else other
        return None

    def namesakes(self) -> int:
        """The most other cards any card shares its number with."""
        return max(Counter(card.number for card in self.cards).values()) - 1

    def theme(self, theme_id: str) -> Theme:
        return next(theme for theme in self.themes if theme.id == theme_id)

    def index_of(self, card_id: str) -> int | None:
        """The position of the card ``card_id`` in the deck, or ``None``."""
        return next((i for i, card in enumerate(self.cards) if card.id == card_id), None)


# -- loading ---------------------------------------------------------------------------------


def standard_path() -> Path:
    """Where the standard deck lies (inside the installed package)."""
    return Path(str(resources.files("spieltisch.games.magic_numbers").joinpath("data/deck.json")))


@cache
def standard_deck() -> Deck:
    """The standard deck, read and checked once per process, when first needed."""
    return load_deck(standard_path(), "deck.json")


def deck_for(option: str) -> Deck:
    """The deck the option ``deck`` names: ``standard`` or the path of a deck file."""
    return standard_deck() if option == STANDARD else load_deck(Path(option))


def load_deck(path: Path, shown: str | None = None) -> Deck:
    """Read and check a deck file; :class:`DeckError` names the first problem in one line."""
    where = shown or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DeckError(code="deck_missing", where=where) from None
    except (OSError, UnicodeDecodeError) as error:
        raise DeckError(code="deck_unreadable", where=where, reason=str(error)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckError(
            code="deck_json", where=where, line=error.lineno, column=error.colno, reason=error.msg
        ) from None
    return parse_deck(data, where)


def parse_deck(data: Any, where: str) -> Deck:
    """The deck in JSON data ``data``; errors name ``where``, the card and the field."""

    def fail(code: str, **params: Param) -> DeckError:
        return DeckError.of(code, {"where": where, **params})

    if not isinstance(data, dict):
        raise fail("deck_not_object")
    if data.get("format") != FORMAT:
        raise fail("deck_format", format=FORMAT)
    if data.get("format_version") != FORMAT_VERSION:
        raise fail("deck_format_version", version=FORMAT_VERSION)
    name = data.get("name")
    if not _is_text_pair(name):
        raise fail("deck_name")
    themes = _themes(data.get("themes"), fail)
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise fail("deck_cards")
    ids: dict[str, int] = {}
    cards = []
    theme_ids = tuple(theme.id for theme in themes)
    for number, raw in enumerate(raw_cards, start=1):
        card = _card(raw, theme_ids, partial(_card_error, where, number, raw))
        if card.id in ids:
            raise _card_error(where, number, raw, "deck_card_twice", other=ids[card.id])
        ids[card.id] = number
        cards.append(card)
    known = frozenset(word for card in cards for text in card.accepted for word in words_of(text))
    extras = tuple(_extras(card) for card in cards)
    owners: dict[str, set[int]] = {}
    for index, card in enumerate(cards):
        for text in card.accepted:
            owners.setdefault(answer_key(text), set()).add(index)
    frozen = {key: frozenset(cards) for key, cards in owners.items()}
    return Deck(dict(name), themes, tuple(cards), known, extras, frozen)


def answer_key(text: str) -> str:
    """An answer's words that decide it, in a fixed order: equal for the same answer typed
    in another word order or form of spacing."""
    return " ".join(sorted(content(words_of(text))))


def _extras(card: Card) -> frozenset[str]:
    """The words that belong to a card: its number's, its unit hint's, its meaning's (but
    no other numbers) and its accepted answers', and words that narrow nothing (``der
    Erde``)."""
    texts = (*card.unit_hint.values(), *card.meaning.values())
    words = {word for text in texts for word in content(words_of(text)) if word.isalpha()}
    answers = {word for text in card.accepted for word in content(words_of(text))}
    return frozenset(words | answers | set(words_of(card.number)) | NEUTRAL_WORDS)


def _card_error(where: str, number: int, raw: object, code: str, **params: Param) -> DeckError:
    card_id = raw.get("id") if isinstance(raw, dict) else None
    named = f" ({card_id})" if isinstance(card_id, str) and card_id else ""
    return DeckError.of(code, {"where": where, "card": number, "named": named, **params})


Fail = Callable[..., DeckError]


def _themes(raw: object, fail: Fail) -> tuple[Theme, ...]:
    if not isinstance(raw, list) or not raw:
        raise fail("deck_themes")
    themes: list[Theme] = []
    for number, theme in enumerate(raw, start=1):
        if not isinstance(theme, dict) or set(theme) != set(THEME_FIELDS):
            raise fail("deck_theme_fields", theme=number)
        if not all(isinstance(theme[key], str) and theme[key].strip() for key in THEME_FIELDS):
            raise fail("deck_theme_text", theme=number)
        if not ID_PATTERN.fullmatch(theme["id"]):
            raise fail("deck_theme_id", theme=number)
        if any(t.id == theme["id"] for t in themes):
            raise fail("deck_theme_twice", theme=number, id=theme["id"])
        themes.append(Theme(theme["id"], theme["colour"], theme["de"], theme["en"]))
    return tuple(themes)


def _card(raw: object, theme_ids: Sequence[str], fail: Fail) -> Card:
    if not isinstance(raw, dict):
        raise fail("deck_card_object", fields=", ".join(CARD_FIELDS))
    for key in CARD_FIELDS:
        if key not in raw:
            raise fail("deck_card_missing", key=key)
    for key in raw:
        if key not in CARD_FIELDS:
            raise fail("deck_card_extra", key=key, fields=", ".join(CARD_FIELDS))
    card_id = raw["id"]
    if not isinstance(card_id, str) or not ID_PATTERN.fullmatch(card_id):
        raise fail("deck_card_id")
    _check_number(raw["number"], fail)
    if raw["theme"] not in theme_ids:
        raise fail("deck_card_theme", themes=", ".join(theme_ids))
    for key in ("meaning", "theme_hint", "unit_hint"):
        if not _is_text_pair(raw[key]):
            raise fail("deck_card_text", key=key)
    points = _points(raw["points"], fail)
    answers = _answers(raw["answers"], fail)
    if not isinstance(raw["source"], str) or not raw["source"].strip():
        raise fail("deck_card_source")
    return Card(
        id=card_id,
        number=raw["number"],
        theme=raw["theme"],
        meaning=dict(raw["meaning"]),
        theme_hint=dict(raw["theme_hint"]),
        unit_hint=dict(raw["unit_hint"]),
        points=points,
        answers=answers,
        source=raw["source"],
    )


def _check_number(number: object, fail: Fail) -> None:
    if (
        not isinstance(number, str)
        or not 1 <= len(number) <= MAX_NUMBER_LENGTH
        or number != number.strip()
        or not any(ch.isdigit() for ch in number)
        or any(ch.isalpha() for ch in number)
    ):
        raise fail("deck_card_number", most=MAX_NUMBER_LENGTH)


def _points(raw: object, fail: Fail) -> tuple[int, int, int, int]:
    if (
        isinstance(raw, list)
        and len(raw) == 4
        and all(type(p) is int and MIN_POINTS <= p <= MAX_POINTS for p in raw)
    ):
        none, theme, unit, both = raw
        if none > theme >= both and none > unit >= both:
            return none, theme, unit, both
    raise fail("deck_card_points", low=MIN_POINTS, high=MAX_POINTS)


def _answers(raw: object, fail: Fail) -> dict[str, tuple[str, ...]]:
    if not isinstance(raw, dict) or set(raw) != set(LANGS):
        raise fail("deck_card_answers")
    answers: dict[str, tuple[str, ...]] = {}
    for lang in LANGS:
        given = raw[lang]
        if (
            not isinstance(given, list)
            or not MIN_ANSWERS <= len(given) <= MAX_ANSWERS
            or not all(isinstance(answer, str) and content(words_of(answer)) for answer in given)
        ):
            raise fail("deck_card_answer_list", low=MIN_ANSWERS, high=MAX_ANSWERS, lang=lang)
        answers[lang] = tuple(given)
    return answers


def _is_text_pair(value: object) -> TypeGuard[dict[str, str]]:
    return (
        isinstance(value, dict)
        and set(value) == set(LANGS)
        and all(isinstance(value[lang], str) and value[lang].strip() for lang in LANGS)
    )
