"""The Triggs bot's fast paths decide exactly as the plain definitions do.

The bot was sped up for searches, which use it as every seat's model. Its decisions must
not change: the potential (the bot's measure of a hand) is checked against the plain
definition written out below, the compiled potential (``_triggs_potential.c``) against the
Python, and whole games and ranked lists, with and without it, against fingerprints
recorded before any of this.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.bots import make_bot
from spieltisch.bots.triggs import COMPILED, TriggsBot, potential
from spieltisch.core.chance import derive_seed
from spieltisch.core.game import View
from spieltisch.core.match import play_match
from spieltisch.games.triggs import Triggs

if COMPILED:
    from spieltisch.bots import _triggs_potential as compiled

#: Tests of the compiled potential; where it cannot be built they skip, except in CI.
needs_compiled = pytest.mark.skipif(
    not COMPILED and not os.environ.get("CI"), reason="the C extension was not built"
)

TOP = 12
GAME = Triggs()


@needs_compiled
def test_the_compiled_potential_is_built() -> None:
    assert COMPILED, "pip install built no spieltisch.bots._triggs_potential (a C compiler?)"
    assert TriggsBot(Triggs(), 1).compiled
    assert not TriggsBot(Triggs(), 1, use_compiled=False).compiled


def plain_potential(counts: Sequence[int], free: Sequence[int]) -> tuple[int, int]:
    """The potential as first written: singles, then pairs of leftovers for the rows still
    missing boxes, high rows first, lowest card of a pair first."""
    left = list(counts)
    missing = [0] * (TOP + 1)
    total = 0
    for value in range(1, TOP + 1):
        have, boxes = left[value], free[value]
        if have >= boxes:
            total += boxes
            left[value] = have - boxes
        else:
            total += have
            left[value] = 0
            missing[value] = boxes - have
    rows = sum(1 for value in range(1, TOP + 1) if free[value] and not missing[value])
    for value in range(TOP, 1, -1):
        need = missing[value]
        if not need:
            continue
        low = 1
        while need and 2 * low <= value:
            high = value - low
            pairs = left[low] // 2 if low == high else min(left[low], left[high])
            pairs = min(pairs, need)
            total += pairs
            need -= pairs
            left[low] -= pairs
            left[high] -= pairs
            low += 1
        rows += not need
    return total, rows


def plain_fills(counts: Sequence[int], free: Sequence[int], row: int) -> bool:
    """Whether the hand alone can lay every free box of ``row``, as first written."""
    need = free[row] - min(counts[row], free[row])
    for low in range(1, row // 2 + 1):
        high = row - low
        pairs = counts[low] // 2 if low == high else min(counts[low], counts[high])
        need -= min(need, pairs)
    return need == 0


# Hands of up to nine cards of a value (all there are), rows of up to nine boxes (a custom
# sheet), and mostly small numbers, where pairs compete for the same cards.
NUMBERS = st.one_of(st.integers(0, 3), st.integers(0, 9))
ROWS = st.lists(NUMBERS, min_size=TOP, max_size=TOP).map(lambda row: [0, *row])


@settings(max_examples=600, deadline=None)
@given(ROWS, ROWS)
def test_the_potential_is_the_plain_definition(counts: list[int], free: list[int]) -> None:
    expected = plain_potential(counts, free)
    assert potential(counts, free) == expected
    assert potential(counts, free) == expected  # remembered, the same
    for row in range(1, TOP + 1):
        assert TriggsBot._fills(counts, free, row) == plain_fills(counts, free, row)


@needs_compiled
@settings(max_examples=1000, deadline=None)
@given(ROWS, ROWS, st.floats(0, 4, allow_nan=False) | st.sampled_from([0.5, 0.1, 1 / 3]))
def test_the_compiled_potential_is_the_python(
    counts: list[int], free: list[int], complete: float
) -> None:
    crosses, rows = potential(counts, free)
    assert compiled.potential(counts, free) == (crosses, rows)
    assert compiled.potential(tuple(counts), tuple(free)) == (crosses, rows)
    assert compiled.worth(counts, free, complete) == crosses + complete * rows
    python = TriggsBot(GAME, 1, use_compiled=False, complete=complete)
    assert TriggsBot(GAME, 1, complete=complete).potential(counts, free) == (
        python.potential(counts, free)
    )


@needs_compiled
def test_the_compiled_potential_refuses_bad_input_with_an_error() -> None:
    good = [0, *range(TOP)]
    untyped: Any = compiled  # the bad calls below are what the types would refuse
    for bad, error, message in (
        (good[:-1], ValueError, "13 numbers"),
        ([*good, 1], ValueError, "13 numbers"),
        ([0, -1, *good[2:]], ValueError, "outside 0 to 255"),
        ([0, 256, *good[2:]], ValueError, "outside 0 to 255"),
        ([0, "1", *good[2:]], TypeError, "integer"),
        (5, TypeError, "sequences"),
    ):
        with pytest.raises(error, match=message):
            untyped.potential(bad, good)
        with pytest.raises(error, match=message):
            untyped.worth(good, bad, 0.5)
    with pytest.raises(TypeError):
        untyped.potential(good)
    with pytest.raises(TypeError):
        untyped.worth(good, good, "0.5")


class Recorder:
    """A heuristic bot that also records its ranked list of every decision."""

    wants_view = True

    def __init__(self, bot: Any, digest: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.digest = digest

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if view is not None and len(legal) > 1:
            ranked = self.bot.ranked(view, legal)
            self.digest.update(repr([str(action) for action in ranked]).encode())
        return self.bot.act(view, legal)


def fingerprint(
    players: int,
    games: int,
    spec: str = "heuristic",
    options: dict[str, str] | None = None,
    use_compiled: bool = True,
) -> str:
    """A hash of every action of ``games`` heuristic games (seed 2026, as in a simulation)
    and of the bots' ranked lists at every decision with a choice."""
    game = Triggs(options)
    digest = hashlib.sha256()
    for index in range(games):
        agents = []
        for seat in range(players):
            bot = make_bot(spec, game, derive_seed(2026, "bot", index, seat))
            assert isinstance(bot, TriggsBot)
            bot.compiled &= use_compiled
            agents.append(Recorder(bot, digest))
        match = play_match(game, agents, derive_seed(2026, "game", index))
        digest.update(json.dumps(match.transcript.actions).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("use_compiled", [True, False], ids=["compiled", "python"])
def test_whole_games_are_played_as_before_the_speed_up(use_compiled: bool) -> None:
    # Recorded with the bot as it was before the speed-up (commit 31f490e): 110 games.
    assert fingerprint(2, 30, use_compiled=use_compiled) == (
        "cb059215861291b38c8dd8a8c640ca3ee3ffad2bdbb24190abb588d218c8f6d0"
    )
    assert fingerprint(3, 30, use_compiled=use_compiled) == (
        "e7bc110e42888f43f5a16d07e8b5095b5778f9ce4df5b488a0f01136836efbd7"
    )
    assert fingerprint(4, 30, use_compiled=use_compiled) == (
        "024e78bb0b87f3d5c74a35e49b58c4ac96a9b4cf08cb04918a4f4bee352a8573"
    )
    assert fingerprint(3, 10, "heuristic:later=0.75:refill=0.5", None, use_compiled) == (
        "8ebd586c06a4ab70a04f71ef50f2777ccf3053fd8d9a49791c7485c1a620d6d3"
    )
    small = {"score_sheet": "1,1,2,2,2,2,3,3,3,4,4,4"}
    assert fingerprint(2, 10, "heuristic", small, use_compiled) == (
        "6ac8abf8b084beedaa0b5a917b2d1c0323c8ef4ca5c8f8f6b5285a98f68cd71b"
    )
