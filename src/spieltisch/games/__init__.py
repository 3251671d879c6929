"""The registry: every game Spieltisch knows, by id, through its descriptor.

Registering a game is one line below: ``register(<its package>.DESCRIPTOR)``. Every face
(bots, server, terminal, browser, simulator) asks :func:`descriptor` for what it needs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from spieltisch.core.descriptor import GameDescriptor
from spieltisch.core.errors import UnknownGameError
from spieltisch.core.game import Game
from spieltisch.core.transcript import Transcript
from spieltisch.games import cento, dicht_dran, magic_numbers, missionszahl, triggs

_DESCRIPTORS: dict[str, GameDescriptor] = {}
#: Game id → game class, in the order ``spieltisch games`` lists them (follows the
#: registered descriptors).
REGISTRY: dict[str, type[Game[Any, Any, Any]]] = {}


def register(entry: GameDescriptor) -> GameDescriptor:
    """Make the game of ``entry`` known to every face; its id must be new."""
    if entry.id in _DESCRIPTORS:
        raise ValueError(f"a game with id {entry.id!r} is registered already")
    _DESCRIPTORS[entry.id] = entry
    REGISTRY[entry.id] = entry.game
    return entry


def unregister(game_id: str) -> None:
    """Forget the game ``game_id`` (for tests that register a game of their own)."""
    del _DESCRIPTORS[game_id]
    del REGISTRY[game_id]


@contextmanager
def registered(*entries: GameDescriptor) -> Iterator[None]:
    """The games of ``entries`` registered for the duration of a ``with`` block."""
    for entry in entries:
        register(entry)
    try:
        yield
    finally:
        for entry in entries:
            unregister(entry.id)


def descriptors() -> tuple[GameDescriptor, ...]:
    """Every registered game's descriptor, in the order of registration."""
    return tuple(_DESCRIPTORS.values())


def descriptor(game_id: str) -> GameDescriptor:
    """The descriptor of the game ``game_id``; :class:`UnknownGameError` names the known ids."""
    try:
        return _DESCRIPTORS[game_id]
    except KeyError:
        known = ", ".join(_DESCRIPTORS)
        raise UnknownGameError(code="unknown_game", game=game_id, games=known) from None


def game_class(game_id: str) -> type[Game[Any, Any, Any]]:
    """The class of the game ``game_id``; :class:`UnknownGameError` names the known ids."""
    return descriptor(game_id).game


def make_game(game_id: str, options: Mapping[str, Any] | None = None) -> Game[Any, Any, Any]:
    """The game ``game_id`` bound to validated rule ``options``."""
    return game_class(game_id)(dict(options or {}))


def game_for(transcript: Transcript) -> Game[Any, Any, Any]:
    """The game a transcript was recorded with, bound to its options."""
    return make_game(transcript.game, transcript.options)


# The games, one line each, in the order ``spieltisch games`` lists them.
register(dicht_dran.DESCRIPTOR)
register(cento.DESCRIPTOR)
register(missionszahl.DESCRIPTOR)
register(triggs.DESCRIPTOR)
register(magic_numbers.DESCRIPTOR)
