"""Bots, named by text specs such as ``random``, ``heuristic`` or ``ismcts:time=1``.

A spec is a bot name, optionally followed by ``:key=value`` parameters. Bots see the view
their seat is given and the legal actions, never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from spieltisch.bots.cento import make as make_cento
from spieltisch.bots.cento_belief import make as make_cento_belief
from spieltisch.bots.dicht_dran import make as make_dicht_dran
from spieltisch.bots.ismcts import PARAMETERS as ISMCTS_PARAMETERS
from spieltisch.bots.ismcts import Dealer, IsmctsBot, make_ismcts
from spieltisch.bots.magic_numbers import HEURISTIC as MAGIC_NUMBERS_HEURISTIC
from spieltisch.bots.missionszahl import make as make_missionszahl
from spieltisch.bots.missionszahl_belief import make as make_missionszahl_belief
from spieltisch.bots.random_bot import RandomBot
from spieltisch.bots.triggs import make as make_triggs
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game
from spieltisch.core.match import Agent

BotFactory = Callable[[Game[Any, Any, Any], int, dict[str, str], str], Agent]


def _random(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> Agent:
    return RandomBot(seed, name=spec)


#: Game id → (factory, allowed parameter names) of that game's heuristic bot: a strategy a
#: good human player would recognise, documented with the bot.
HEURISTICS: dict[str, tuple[BotFactory, tuple[str, ...]]] = {
    "cento": (make_cento, ()),
    "dicht-dran": (make_dicht_dran, ("draw", "keep")),
    "triggs": (make_triggs, ("later", "refill")),
    "missionszahl": (make_missionszahl, ()),
    "magic-numbers": MAGIC_NUMBERS_HEURISTIC,
}


def _heuristic(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> Agent:
    if game.spec.id not in HEURISTICS:
        have = ", ".join(HEURISTICS) or "none yet"
        raise BotSpecError(f"there is no heuristic bot for {game.spec.id} yet (it has: {have})")
    factory, allowed = HEURISTICS[game.spec.id]
    for key in params:
        if key not in allowed:
            known = ", ".join(allowed or ()) or "none"
            raise BotSpecError(
                f"the heuristic bot for {game.spec.id} has no parameter {key!r}; its "
                f"parameters: {known}"
            )
    return factory(game, seed, params, spec)


#: Game id → a reading of the players' public moves that makes the search's deals lean on
#: them (``ismcts:deals=belief``).
BELIEFS: dict[str, Callable[[Game[Any, Any, Any]], Dealer]] = {
    "cento": make_cento_belief,
    "missionszahl": make_missionszahl_belief,
}


def _ismcts(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> Agent:
    belief = partial(BELIEFS[game.spec.id], game) if game.spec.id in BELIEFS else None
    heuristic = None
    if game.spec.id in HEURISTICS:
        factory = HEURISTICS[game.spec.id][0]

        def heuristic(rollout_seed: int) -> Agent:
            return factory(game, rollout_seed, {}, "heuristic")

    return make_ismcts(game, seed, params, spec, heuristic, belief, tuple(BELIEFS))


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
        raise BotSpecError(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    allowed = BOTS[name][1]
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or (allowed is not None and key not in allowed):
            known = ", ".join(allowed or ()) or "none"
            raise BotSpecError(f"bot {name!r} has no parameter {part!r}; its parameters: {known}")
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
        raise BotSpecError(
            f"give one bot for all seats or one per seat ({seats}), got {len(cleaned)}"
        )
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
