"""The registry: every game Spieltisch knows, by id. Adding a game means adding it here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spieltisch.core.errors import UnknownGameError
from spieltisch.core.game import Game
from spieltisch.core.transcript import Transcript
from spieltisch.games.cento import Cento
from spieltisch.games.dicht_dran import DichtDran
from spieltisch.games.magic_numbers import MagicNumbers
from spieltisch.games.missionszahl import Missionszahl
from spieltisch.games.triggs import Triggs

#: Game id → game class, in the order ``spieltisch games`` lists them.
REGISTRY: dict[str, type[Game[Any, Any, Any]]] = {
    DichtDran.spec.id: DichtDran,
    Cento.spec.id: Cento,
    Missionszahl.spec.id: Missionszahl,
    Triggs.spec.id: Triggs,
    MagicNumbers.spec.id: MagicNumbers,
}


def game_class(game_id: str) -> type[Game[Any, Any, Any]]:
    """The class of the game ``game_id``; :class:`UnknownGameError` names the known ids."""
    try:
        return REGISTRY[game_id]
    except KeyError:
        known = ", ".join(REGISTRY)
        raise UnknownGameError(f"unknown game {game_id!r}; the games are: {known}") from None


def make_game(game_id: str, options: Mapping[str, Any] | None = None) -> Game[Any, Any, Any]:
    """The game ``game_id`` bound to validated rule ``options``."""
    return game_class(game_id)(dict(options or {}))


def game_for(transcript: Transcript) -> Game[Any, Any, Any]:
    """The game a transcript was recorded with, bound to its options."""
    return make_game(transcript.game, transcript.options)
