"""The search's moves judged for analysis: paired rewards of given moves in the same deals.

Benchmarks (``bench_headroom.py``) ask an ISMCTS judge what each of several moves is worth
in one position: every move is simulated in the same deals with the same luck, the
comparison the knockout of ``root=halving`` makes. A benchmark may deal from the real
position instead of sampling it (it sees states; bots never do).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from spieltisch.bots.ismcts import IsmctsBot
from spieltisch.bots.search.tree import no_cycle_collection
from spieltisch.core.game import View


def paired_rewards(
    judge: IsmctsBot,
    view: View,
    actions: Sequence[Any],
    deals: int,
    dealer: Callable[[random.Random], Any] | None = None,
) -> list[list[float]]:
    """The judge's reward after each of ``actions`` in each of ``deals`` deals, every action
    played in the same deals with the same luck. ``result[i][d]`` belongs to ``actions[i]``.

    With ``dealer`` every deal is ``dealer(rng)`` instead of a sample from the view: for
    instance the real position, so that moves are judged by what they are really worth
    there."""
    if view.seat is None:
        raise ValueError("paired rewards are a seat's, not a spectator's")
    dealt: list[list[float]] = []
    with no_cycle_collection():
        while len(dealt) < deals:
            world = None if dealer is None else dealer(judge.rng)
            rewards = judge.paired_deal(view, actions, {}, math.inf, world)
            assert rewards is not None  # no end of time
            dealt.append(rewards)
    return [list(column) for column in zip(*dealt, strict=True)]
