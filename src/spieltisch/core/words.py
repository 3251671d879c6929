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
