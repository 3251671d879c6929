"""What the heuristic bots that score every legal action share: taking the best one,
ranking them for a search's shortlist, and reading their numeric parameters."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from spieltisch.core.errors import BotSpecError

#: Scores closer than this are equally good.
TIE = 1e-9

#: Legal actions with the score a bot gives each.
Scored = Sequence[tuple[float, Any]]


class TieBreaker:
    """A bot's chance for breaking ties between equally good moves: ``random.Random(seed)``,
    made only when a tie comes up (most decisions have none). ``reseed`` starts it afresh,
    so that a search can replay one deal after several moves with the same luck, the
    modelled players' coin flips included."""

    __slots__ = ("_random", "_seed")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._random: random.Random | None = None

    def reseed(self, seed: int) -> None:
        self._seed = seed
        self._random = None

    def choice(self, options: Sequence[Any]) -> Any:
        if self._random is None:
            self._random = random.Random(self._seed)
        return self._random.choice(options)


def best_scored(scored: Scored, rng: random.Random | TieBreaker) -> Any:
    """The action with the highest score; among equally good ones, one drawn by ``rng``
    (drawn only when there is a tie, so a bot's stream of chance is used sparingly)."""
    best = max(score for score, _ in scored)
    choices = [action for score, action in scored if score >= best - TIE]
    return choices[0] if len(choices) == 1 else rng.choice(choices)


def best_first(scored: Scored) -> list[Any]:
    """The actions, best first (equally good ones in the order listed)."""
    return [action for _, action in sorted(scored, key=lambda entry: -entry[0])]


def number(params: dict[str, str], key: str, default: float) -> float:
    """The parameter ``key`` as a number from 0 up (``default`` if not given)."""
    if key not in params:
        return default
    try:
        value = float(params[key])
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise BotSpecError(code="heuristic_number", parameter=key, value=params[key])
    return value
