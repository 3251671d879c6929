"""Bots, named by text specs such as ``random``, ``heuristic`` or ``ismcts:time=1``.

A spec is a bot name, optionally followed by ``:key=value`` parameters. Bots see the view
their seat is given and the legal actions, never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any

from spieltisch.bots.ismcts import PARAMETERS as ISMCTS_PARAMETERS
from spieltisch.bots.ismcts import Dealer, IsmctsBot, make_ismcts
from spieltisch.bots.random_bot import RandomBot
from spieltisch.core.descriptor import resolve
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game
from spieltisch.core.match import Agent
from spieltisch.games import descriptors

BotFactory = Callable[[Game[Any, Any, Any], int, dict[str, str], str], Agent]


def _random(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> Agent:
    return RandomBot(seed, name=spec)


class _Heuristics(Mapping[str, tuple[BotFactory, tuple[str, ...]]]):
    """Game id → (factory, allowed parameter names) of each registered game's heuristic bot,
    read from the game descriptors: a strategy a good human player would recognise,
    documented with the bot."""

    def __getitem__(self, game_id: str) -> tuple[BotFactory, tuple[str, ...]]:
        for entry in descriptors():
            if entry.id == game_id and entry.heuristic is not None:
                factory: BotFactory = resolve(entry.heuristic)
                return factory, entry.heuristic_parameters
        raise KeyError(game_id)

    def __iter__(self) -> Iterator[str]:
        return (entry.id for entry in descriptors() if entry.heuristic is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Each registered game's heuristic bot and its parameter names, by game id.
HEURISTICS: Mapping[str, tuple[BotFactory, tuple[str, ...]]] = _Heuristics()


def _heuristic(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> Agent:
    if game.spec.id not in HEURISTICS:
        have = ", ".join(HEURISTICS) or "none yet"
        raise BotSpecError(code="heuristic_missing", game=game.spec.id, have=have)
    factory, allowed = HEURISTICS[game.spec.id]
    for key in params:
        if key not in allowed:
            known = ", ".join(allowed or ()) or "none"
            raise BotSpecError(
                code="heuristic_parameter", game=game.spec.id, parameter=key, known=known
            )
    return factory(game, seed, params, spec)


def _belief(game: Game[Any, Any, Any]) -> Callable[[], Dealer] | None:
    """The reading of the players' public moves that makes the search's deals lean on them
    (``ismcts:deals=belief``), if ``game`` has one."""
    for entry in descriptors():
        if entry.id == game.spec.id and entry.belief is not None:
            make: Callable[[Game[Any, Any, Any]], Dealer] = resolve(entry.belief)
            return partial(make, game)
    return None


def _ismcts(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> Agent:
    believers = tuple(entry.id for entry in descriptors() if entry.belief is not None)
    heuristic = None
    if game.spec.id in HEURISTICS:
        factory = HEURISTICS[game.spec.id][0]

        def heuristic(rollout_seed: int) -> Agent:
            return factory(game, rollout_seed, {}, "heuristic")

    return make_ismcts(game, seed, params, spec, heuristic, _belief(game), believers)


#: Bot name → (factory, allowed parameter names; None: the factory checks them per game).
BOTS: dict[str, tuple[BotFactory, tuple[str, ...] | None]] = {
    "random": (_random, ()),
    "heuristic": (_heuristic, None),
    "ismcts": (_ismcts, ISMCTS_PARAMETERS),
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``name:key=value:key=value`` and check the name and parameter names."""
    name, *parts = spec.strip().split(":")
    if name not in BOTS:
        raise BotSpecError(code="bot_unknown", name=name, bots=", ".join(BOTS))
    allowed = BOTS[name][1]
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or (allowed is not None and key not in allowed):
            known = ", ".join(allowed or ()) or "none"
            raise BotSpecError(code="bot_parameter", name=name, parameter=part, known=known)
        params[key] = value
    return name, params


def make_bot(spec: str, game: Game[Any, Any, Any], seed: int) -> Agent:
    """The bot described by ``spec`` for ``game``, seeded with ``seed``."""
    name, params = parse_spec(spec)
    return BOTS[name][0](game, seed, params, spec.strip())


def bot_specs_for(specs: Sequence[str], seats: int) -> list[str]:
    """One spec per seat from a list of one spec (for all) or one per seat."""
    cleaned = [spec.strip() for spec in specs if spec.strip()]
    if len(cleaned) == 1:
        cleaned *= seats
    if len(cleaned) != seats:
        raise BotSpecError(code="bot_count", seats=seats, given=len(cleaned))
    for spec in cleaned:
        parse_spec(spec)
    return cleaned


__all__ = [
    "BOTS",
    "HEURISTICS",
    "IsmctsBot",
    "RandomBot",
    "bot_specs_for",
    "make_bot",
    "parse_spec",
]
