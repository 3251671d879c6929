"""The Cento bot's compiled hand shape and its run search decide exactly as the Python does.

The bot was sped up a second time for searches: the shape of a hand (how well it plays next
turn) also exists compiled (``_cento_shape.c``), and a Schnapszahl run is scored by which
cards it lays and which ends on top instead of by trying every order. The compiled shape is
checked against the Python, the run against the search over every order written out below,
and whole games, with and without the compiled shape, against the fingerprint recorded
before the first speed-up.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.bots.cento import (
    _RUN,
    _RUN_SEARCH_LIMIT,
    _WIN,
    COMPILED,
    CentoBot,
    _shared_values,
    _Turn,
)
from spieltisch.games import make_game
from spieltisch.games.cento.cards import FREE
from spieltisch.games.cento.game import CentoView
from tests.bots.test_cento_same_play import FINGERPRINT, GAMES, play

if COMPILED:
    from spieltisch.bots._cento_shape import Shaper

#: Tests of the compiled shape; where it cannot be built they skip, except in CI.
needs_compiled = pytest.mark.skipif(
    not COMPILED and not os.environ.get("CI"), reason="the C extension was not built"
)

#: Rule sets that change the shape: Games 1 to 3, the 100 as a number, many free cards.
RULES: list[dict[str, Any]] = [
    {},
    {"variant": 1},
    {"variant": 2},
    {"hundred_mode": "number", "free_cards": 10},
    {"variant": 2, "hundred_mode": "number"},
]


@needs_compiled
def test_the_compiled_shape_is_built() -> None:
    assert COMPILED, "pip install built no spieltisch.bots._cento_shape (a C compiler?)"
    game = make_game("cento", {})
    assert CentoBot(game, 1, "heuristic").shaper is not None
    assert CentoBot(game, 1, "heuristic", use_compiled=False).shaper is None


# Hands of number cards (each at most once) and up to ten free cards, sorted as dealt; the
# Schnapszahlen and small numbers often, where runs and obligations make the difference.
NUMBERS = st.one_of(st.integers(1, 100), st.sampled_from(range(11, 100, 11)), st.integers(1, 12))
HANDS = st.tuples(st.sets(NUMBERS, max_size=20), st.integers(0, 10)).map(
    lambda drawn: tuple(sorted([FREE] * drawn[1] + list(drawn[0])))
)


@needs_compiled
@settings(max_examples=400, deadline=None)
@given(HANDS, st.sampled_from(RULES))
def test_the_compiled_shape_is_the_python(hand: tuple[int, ...], rules: dict[str, Any]) -> None:
    bot, python = bots(tuple(sorted(rules.items())))
    assert bot.shaper is not None
    whole, laid = bot.shaper.counts(hand)
    assert (whole / 100, laid / 100) == bot.shape(hand)
    assert bot._fresh_hand_value(hand) == python._fresh_hand_value(hand)


@cache
def bots(rules: tuple[tuple[str, Any], ...]) -> tuple[CentoBot, CentoBot]:
    """A bot with the compiled shape and one without, for ``rules``."""
    game = make_game("cento", dict(rules))
    return CentoBot(game, 1, "heuristic"), CentoBot(game, 1, "heuristic", use_compiled=False)


@needs_compiled
def test_the_compiled_shape_refuses_bad_input_with_an_error() -> None:
    bot = CentoBot(make_game("cento", {}), 1, "heuristic")
    assert bot.shaper is not None
    untyped: Any = bot.shaper  # the bad calls below are what the types would refuse
    for bad, error, message in (
        ((1, 101), ValueError, "no card"),
        ((-1, 5), ValueError, "no card"),
        ((FREE,) * 256, ValueError, "at most 255"),
        ((1, "2"), TypeError, "integer"),
        (5, TypeError, "sequence"),
    ):
        with pytest.raises(error, match=message):
            untyped.counts(bad)
    tables = ([0] * 101, [0] * 10, [0] * 101, [()] * 101)
    Shaper(True, True, *tables)  # well formed
    for index, bad_table, error in (
        (0, [0] * 100, ValueError),
        (1, [0] * 11, ValueError),
        (2, [-1] * 101, ValueError),
        (0, [1 << 128] * 101, ValueError),
        (0, ["0"] * 101, TypeError),
        (3, [(0,) * 10] * 101, ValueError),
        (3, 5, TypeError),
    ):
        broken: list[Any] = list(tables)
        broken[index] = bad_table
        with pytest.raises(error):
            Shaper(True, True, *broken)


def plain_run(turn: _Turn, hand: tuple[int, ...], value: int, digit: int) -> float:
    """The run as first searched: end the turn, or lay any card showing the digit (a free
    card as each of its numbers) and go on, in every order."""
    memo: dict[tuple[tuple[int, ...], int], float] = {}

    def best(hand: tuple[int, ...], value: int) -> float:
        if (hand, value) in memo:
            return memo[hand, value]
        score = turn._end_score(hand, value, value)
        allowed = turn.bot.shows[digit]
        if sum(1 for card in hand if allowed >> card & 1) > _RUN_SEARCH_LIMIT:
            return max(score, turn._greedy_run(hand, allowed))
        free_values = turn._free_reps(turn.bot.free_showing[digit], (), _RUN)
        for i, card in enumerate(hand):
            values = free_values if card == FREE else [card] if allowed >> card & 1 else []
            rest = hand[:i] + hand[i + 1 :]
            for laid in values:
                score = max(score, best(rest, laid) if rest else _WIN)
        memo[hand, value] = score
        return score

    return best(hand, value)


@pytest.mark.parametrize(("options", "seats"), GAMES)
def test_runs_score_as_the_search_over_every_order(options: dict[str, Any], seats: int) -> None:
    game = make_game("cento", options)
    if int(game.options["variant"]) == 1:
        pytest.skip("Game 1 has no runs")
    bots = [CentoBot(game, 40 + seat, "heuristic") for seat in range(seats)]
    state = game.new_state(seats, 3)
    checked = 0
    while not game.is_terminal(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        assert isinstance(view, CentoView)
        turn = _Turn(bots[seat], view)
        hand = tuple(view.hand)
        for digit in range(1, 10):
            value = 11 * digit
            if hand:
                assert turn._run(hand, value, digit) == plain_run(turn, hand, value, digit)
                checked += 1
        game.apply(state, seat, bots[seat].act(view, legal))
    assert checked > 50


@pytest.mark.parametrize("use_compiled", [True, False], ids=["compiled", "python"])
def test_whole_games_are_played_as_before(use_compiled: bool) -> None:
    _shared_values.cache_clear()  # values worked out the other way would be used
    digest = hashlib.sha256()
    for seed, (options, seats) in enumerate(GAMES * 3):
        digest.update(play(options, seats, seed, use_compiled=use_compiled).encode())
    assert digest.hexdigest()[:16] == FINGERPRINT
