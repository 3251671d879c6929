"""What the faces need to know about a game, in one place: its descriptor.

Each game's package defines ``DESCRIPTOR``, and :mod:`spieltisch.games` registers it in one
line. The bots, the server, the terminal, the browser and the simulator find the game's
class, its bots, its bot presets and its optional faces here; none of them keeps a list of
games.

The engine does not import the bots: a descriptor names its bot factories by import path
(``"module:function"``), and the bots resolve them on first use (:func:`resolve`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from spieltisch.core.game import Game
from spieltisch.core.words import Catalog


@dataclass(frozen=True, slots=True)
class BotPreset:
    """A bot spec offered to people creating a table, with its name in German and English."""

    spec: str
    name_de: str
    name_en: str

    def name(self, lang: str) -> str:
        """The preset's name in ``lang`` ("de" or "en")."""
        return self.name_de if lang == "de" else self.name_en


#: The presets every game offers, weakest first (any other valid spec works too). The plain
#: searches play their simulations out at random: they lost to the heuristic in every game
#: measured (docs/performance.md, "Paired runs"), so their names say so.
GENERAL_PRESETS: tuple[BotPreset, ...] = (
    BotPreset("random", "Zufall (Anfänger)", "random (beginner)"),
    BotPreset(
        "ismcts:time=0.5",
        "Suche ohne Heuristik (0,5 s, schwächer als die Heuristik)",
        "search without heuristic (0.5 s, weaker than the heuristic)",
    ),
    BotPreset(
        "ismcts:time=2",
        "Suche ohne Heuristik (2 s, schwächer als die Heuristik)",
        "search without heuristic (2 s, weaker than the heuristic)",
    ),
    BotPreset("heuristic", "Heuristik (stark)", "heuristic (strong)"),
)

#: The search that does best at about a second per move (docs/bots.md): the heuristic
#: improved by knockouts of its best moves, judged by heuristic games played on. A game adds
#: its own settings to it in its descriptor.
STRONG_SEARCH = "ismcts:time=1:rollout=heuristic:opponents=heuristic:root=halving:tree=root"


def presets_with(
    strongest: str = STRONG_SEARCH,
    name_de: str = "Suche mit Heuristik (1 s, am stärksten)",
    name_en: str = "search with heuristic (1 s, strongest)",
) -> tuple[BotPreset, ...]:
    """The general presets, then ``strongest`` (the search with heuristic models), named
    ``name_de``/``name_en``: a game's presets, weakest first."""
    return (*GENERAL_PRESETS, BotPreset(strongest, name_de, name_en))


#: The bot strength levels a person chooses from, weakest first (their ids, in English).
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")

#: Each level's word per language, as people see and type it.
LEVEL_WORDS: dict[str, dict[str, str]] = {
    "de": {"easy": "leicht", "medium": "mittel", "hard": "stark"},
    "en": {"easy": "easy", "medium": "medium", "hard": "hard"},
}

#: The easy level plays at random among the legal moves. It is the one choice that is
#: weaker than the heuristic in every game by a wide margin (the heuristic wins 0.83 to 1.00
#: of its games against three of them, docs/performance.md), needs no tuning per game, and
#: it still plays only legal moves, so a beginner sees every kind of move made.
EASY = "random"
#: The medium level is the game's heuristic unless its descriptor sets another.
MEDIUM = "heuristic"


def level_of_word(word: str) -> str | None:
    """The level (``easy``/``medium``/``hard``) a person named with ``word`` in any
    language (``leicht``, ``Hard`` …); ``None`` for a word that names no level."""
    word = word.strip().lower()
    for words in LEVEL_WORDS.values():
        for level, text in words.items():
            if word == text:
                return level
    return None


@dataclass(frozen=True, slots=True)
class GameDescriptor:
    """One game as the faces see it.

    ``heuristic`` and ``belief`` are import paths (``"module:function"``) of the game's
    heuristic bot factory (called as ``factory(game, seed, params, spec)``; it accepts the
    ``heuristic_parameters``) and of its belief (``belief(game)`` gives the dealer of
    ``ismcts:deals=belief``); ``None`` when the game has none. ``presets`` are the bots the
    server offers, weakest first. ``browser_module``: the browser table has a module
    ``js/games/<id>.js`` that draws the game (otherwise it shows the view's fields).
    ``medium`` and ``hard`` are the specs of those strength levels (:attr:`levels`):
    :data:`MEDIUM` and, when ``hard`` is ``None``, the last of ``presets``.
    ``words`` is the game's word catalog (:mod:`spieltisch.core.words`), published for the
    faces as ``GET /api/games/{id}/words``; empty for a game without one. The
    terminal finds a renderer by name: ``render_<id>`` in ``spieltisch.cli.render_<id>``
    (with ``_`` for ``-``), otherwise it shows the view's fields.
    """

    game: type[Game[Any, Any, Any]]
    heuristic: str | None = None
    heuristic_parameters: tuple[str, ...] = ()
    belief: str | None = None
    presets: tuple[BotPreset, ...] = presets_with()
    medium: str = MEDIUM
    hard: str | None = None
    browser_module: bool = False
    words: Catalog = field(default_factory=dict)

    @property
    def id(self) -> str:
        """The game's id."""
        return self.game.spec.id

    @property
    def levels(self) -> dict[str, str]:
        """The bot spec of each strength level, weakest first: easy plays at random
        (:data:`EASY`), medium is ``medium`` (the game's heuristic unless the game sets
        another), hard is ``hard`` or else the game's strongest measured preset (the last of
        ``presets``); each is checked to beat the one below it
        (``benchmarks/bench_levels.py``)."""
        hard = self.hard if self.hard is not None else self.presets[-1].spec
        return {"easy": EASY, "medium": self.medium, "hard": hard}


@cache
def resolve(path: str) -> Any:
    """The object an import path ``"package.module:name"`` names, imported on first use."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
