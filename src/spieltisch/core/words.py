"""A game's word catalog: every text a face shows about the game, in every language.

Each game package has a ``words`` module with ``WORDS = {lang: {word_id: text}}``, named by
its descriptor: the same
word ids in every language, texts with ``str.format`` placeholders. A word id names its
section before the dot: ``label.`` (the typed move labels, whose words the game's
``parse_action`` reads in every language), ``event.`` (what ``describe``
says, with the ``noun.`` and ``symbol.`` words it uses), ``board.`` (what both the terminal
and the browser show on the board), ``term.`` (the terminal's own; ``term.move_help`` is
how to type a whole turn, shown below the prompt) and ``web.`` (the
browser's own, its move buttons among them).
The languages are the catalog's keys; a language a catalog lacks falls back to English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

Catalog = dict[str, dict[str, str]]
"""``{lang: {word_id: text}}``."""

T = TypeVar("T")

#: The language a text falls back to when a catalog lacks the one asked for.
FALLBACK = "en"


def catalog(**sections: Mapping[str, Mapping[str, str]]) -> Catalog:
    """One catalog from sections given as ``name={lang: {word: text}}``: each word's id is
    ``name.word``. Every section names the same languages."""
    langs = {lang for words in sections.values() for lang in words}
    return {
        lang: {
            f"{name}.{word}": text
            for name, words in sections.items()
            for word, text in words[lang].items()
        }
        for lang in sorted(langs)
    }


def section(words: Catalog, *names: str) -> Catalog:
    """The words of the sections ``names``, by their ids without the section's name."""
    prefixes = tuple(f"{name}." for name in names)
    return {
        lang: {
            key.partition(".")[2]: text for key, text in texts.items() if key.startswith(prefixes)
        }
        for lang, texts in words.items()
    }


def in_lang(table: Mapping[str, T], lang: str) -> T:
    """``table[lang]``, or its English entry for a language it lacks."""
    return table[lang] if lang in table else table[FALLBACK]


@dataclass(frozen=True)
class Audience:
    """Who reads a log line: the seats' names and the reader's own seat.

    The default audience is the neutral one the terminal log and the transcripts use:
    seats are "Spieler 3" / "Player 3" and nobody is "du". A table passes the names its
    people chose and the seat whose page shows the line, so the line says "Lotte" and,
    for the reader's own seat, "du"/"you" with the verb in that person.
    """

    names: tuple[str, ...] | None = None
    reader: int | None = None

    def is_reader(self, seat: int) -> bool:
        return self.reader is not None and seat == self.reader

    def name(self, seat: int, lang: str) -> str:
        """The seat's name: its chosen name, else "Spieler N" / "Player N" (never "du")."""
        if self.names is not None and seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return in_lang(_PLAYER, lang).format(n=seat + 1)


NEUTRAL = Audience()

_PLAYER = {"de": "Spieler {n}", "en": "Player {n}"}


def phrase(
    words: Mapping[str, str], key: str, seat: int, audience: Audience, lang: str, **data: object
) -> str:
    """The line ``key`` about ``seat``: its ``key.you`` form when the reader is that seat
    (the catalog's own words for "you", verb included), else ``key`` with ``{player}``
    filled with the seat's name."""
    if audience.is_reader(seat) and f"{key}.you" in words:
        return words[f"{key}.you"].format(**data)
    return words[key].format(player=audience.name(seat, lang), **data)
