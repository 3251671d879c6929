"""Bots, named by text specs such as ``random`` (later ``heuristic``, ``ismcts:time=1``).

A spec is a bot name, optionally followed by ``:key=value`` parameters. Bots see the view
their seat is given and the legal actions, never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from spieltisch.bots.random_bot import RandomBot
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game
from spieltisch.core.match import Agent

BotFactory = Callable[[Game[Any, Any, Any], int, dict[str, str], str], Agent]


def _random(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> Agent:
    return RandomBot(seed, name=spec)


#: Bot name → (factory, allowed parameter names).
BOTS: dict[str, tuple[BotFactory, tuple[str, ...]]] = {
    "random": (_random, ()),
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
        if not sep or key not in allowed:
            known = ", ".join(allowed) if allowed else "none"
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


__all__ = ["BOTS", "RandomBot", "bot_specs_for", "make_bot", "parse_spec"]
