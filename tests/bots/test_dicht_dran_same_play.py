"""The Dicht dran bot's fast paths decide exactly as the plain definitions do.

The bot was sped up for simulations (issue 10). Its decisions must not change: the plan
search is checked against brute force on random tables, the round values against
:func:`win_chance`, the compiled arithmetic (``_dicht_dran_plan.c``) against the Python, and
whole games, with and without it, against fingerprints recorded before any of this.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
from collections.abc import Sequence
from itertools import permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.bots import make_bot
from spieltisch.bots.dicht_dran import (
    _MARGIN,
    COMPILED,
    TIE,
    DichtDranBot,
    plan_choices,
    plan_scores,
    unseen_below,
    win_chance,
)
from spieltisch.core.chance import derive_seed
from spieltisch.core.game import View
from spieltisch.core.match import play_match
from spieltisch.games.dicht_dran import DichtDran, DichtDranView
from spieltisch.games.dicht_dran.cards import CHILIS, HIGHEST, LOWEST
from spieltisch.games.dicht_dran.game import CIRCLE_SIZE, closest, gap_of
from spieltisch.games.dicht_dran.knowledge import seen_groups

if COMPILED:
    from spieltisch.bots import _dicht_dran_plan as compiled

#: Tests of the compiled arithmetic; where it cannot be built they skip, except in CI.
needs_compiled = pytest.mark.skipif(
    not COMPILED and not os.environ.get("CI"), reason="the C extension was not built"
)


@needs_compiled
def test_the_compiled_arithmetic_is_built() -> None:
    assert COMPILED, "pip install built no spieltisch.bots._dicht_dran_plan (a C compiler?)"
    assert DichtDranBot(DichtDran(), 1).compiled
    assert not DichtDranBot(DichtDran(), 1, use_compiled=False).compiled


def brute_force_scores(table: list[list[float]]) -> list[float]:
    """Each card's value now plus the best later plan without it, by trying every plan."""
    later = table[1:]
    scores = []
    for card, now in enumerate(table[0]):
        others = [c for c in range(len(table[0])) if c != card]
        best = 0.0
        if later:
            best = max(sum_in_order(later, plan) for plan in permutations(others, len(later)))
        scores.append(now + best)
    return scores


def sum_in_order(rows: list[list[float]], plan: tuple[int, ...]) -> float:
    total = 0.0
    for row, card in zip(rows, plan, strict=True):
        total += row[card]
    return total


def within(scores: list[float], tie: float) -> list[int]:
    best = max(scores)
    return [i for i, score in enumerate(scores) if score >= best - tie]


# Values from a small set make ties (the hard case) common; floats make them rare.
VALUES = st.one_of(
    st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, -1.0]),
    st.floats(min_value=-3, max_value=3, allow_nan=False),
)


@st.composite
def tables(draw: st.DrawFn) -> list[list[float]]:
    rounds = draw(st.integers(1, 5))
    cards = draw(st.integers(rounds, 7))
    return [[draw(VALUES) for _ in range(cards)] for _ in range(rounds)]


@settings(max_examples=300, deadline=None)
@given(tables())
def test_plan_choices_are_the_best_plans_by_brute_force(table: list[list[float]]) -> None:
    expected = brute_force_scores(table)
    assert plan_scores(table) == expected
    assert plan_choices(table, TIE) == within(expected, TIE)


@needs_compiled
@settings(max_examples=400, deadline=None)
@given(tables())
def test_the_compiled_plan_is_the_python_plan(table: list[list[float]]) -> None:
    assert compiled.plan_choices(table, TIE, _MARGIN) == plan_choices(table, TIE)


@needs_compiled
def test_the_compiled_arithmetic_refuses_bad_input_with_an_error() -> None:
    game = DichtDran()
    view = game.view(game.new_state(4, 1), 0)
    good = (
        (view.circle, view.hand),
        0,
        view.circle,
        view.target_position,
        game.next_target,
        list(view.hand),
        CHILIS,
        3,
        0.3,
        1.0,
        9.0,
    )
    assert len(compiled.round_values(*good)) == 3
    untyped: Any = compiled  # the bad calls below are what the types would refuse
    for index, bad, message in (
        (5, [101], "no card 101"),
        (5, [], "1 to 128 cards"),
        (0, ((0, 200),), "no card 200"),  # a seen card that does not exist
        (4, (1, 2), "inconsistent circle"),  # a next-target table of another circle
        (3, 9, "inconsistent circle"),  # a target position outside the circle
    ):
        arguments = list(good)
        arguments[index] = bad
        with pytest.raises(ValueError, match=message):
            untyped.round_values(*arguments)
    with pytest.raises(TypeError):
        untyped.round_values(*good[:-1])
    with pytest.raises(ValueError, match="rows of different lengths"):
        compiled.plan_choices([[1.0, 2.0], [1.0]], TIE, _MARGIN)
    with pytest.raises(ValueError, match="one card per round"):
        compiled.plan_choices([[1.0], [2.0]], TIE, _MARGIN)
    with pytest.raises(TypeError):
        untyped.choose(*good, 1.0, TIE)  # the margin is missing


@needs_compiled
def test_the_compiled_arithmetic_counts_the_beating_cards_as_the_game_decides() -> None:
    """On random tables (targets from the 1 to the 100, seen cards anywhere), the compiled
    round values are the Python ones, and this round's values count as beating exactly the
    unseen cards that the game's :func:`closest` would let win against the card."""
    game = DichtDran()
    base = game.view(game.new_state(4, 5), 0)
    rng = random.Random(32)
    for _ in range(300):
        cards = rng.sample(range(LOWEST, HIGHEST + 1), HIGHEST)
        circle = (LOWEST, *cards[:2], HIGHEST, *cards[2:4])
        rest = [card for card in cards[4:] if card not in circle]
        size = rng.randint(1, 12)
        hand = tuple(sorted(rest[:size]))
        discard = tuple(sorted(rest[size : size + rng.randint(0, 40)]))
        position = rng.randrange(CIRCLE_SIZE)
        view = dataclasses.replace(
            base,
            circle=circle,
            target_position=position,
            target=circle[position],
            hand=hand,
            discard_pile=discard,
            collections=((), (), (), ()),
            hand_sizes=(size, 8, 8, 8),
            draw_pile_size=rng.randint(0, 40),
        )
        bot = DichtDranBot(game, 1)
        legal = list(hand)
        values = bot._round_values(view, legal)
        weights = bot._weights(view, legal)
        arguments = (
            seen_groups(view),
            0,
            circle,
            position,
            bot.next_target,
            legal,
            CHILIS,
            *weights,
        )
        assert compiled.round_values(*arguments) == values
        _, shed, draw, draws = weights
        unseen = [k for k in range(LOWEST, HIGHEST + 1) if k not in {*circle, *hand, *discard}]
        target = circle[position]
        low, high = gap_of(circle, position)
        for card, value in zip(legal, values[0], strict=True):
            beating = sum(1 for other in unseen if closest([card, other], target) == 1)
            win = (1.0 - beating / len(unseen)) ** draws
            expected = win * CHILIS[target] + shed * CHILIS[card]
            if not low <= card <= high:
                expected -= (1.0 - win) * CHILIS[card] * draw
            assert value == expected


def plain_unseen_below(view: DichtDranView) -> list[int]:
    seen = {*view.circle, *view.hand, *view.discard_pile}
    for won in view.collections:
        seen.update(won)
    if view.my_card is not None:
        seen.add(view.my_card)
    return [sum(1 for c in range(LOWEST, k) if c not in seen) for k in range(HIGHEST + 2)]


class Recorder:
    """A heuristic bot that checks its fast round values against the plain definition."""

    wants_view = True

    def __init__(self, game: DichtDran, seed: int) -> None:
        self.bot = DichtDranBot(game, seed)
        self.name = "recorder"
        self.checked = 0

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        assert isinstance(view, DichtDranView)
        cards = [action.card for action in legal]
        unseen = unseen_below(view)
        assert unseen == plain_unseen_below(view)
        values = self.bot._round_values(view, cards)
        assert values == self.plain_round_values(view, cards)
        if COMPILED:
            arguments = (
                (view.circle, view.hand, view.discard_pile, *view.collections),
                view.my_card or 0,
                view.circle,
                view.target_position,
                self.bot.next_target,
                cards,
                CHILIS,
                *self.bot._weights(view, cards),
            )
            assert compiled.round_values(*arguments) == values
            for keep in (1.0, 0.8):
                weighted = [[v * keep**step for v in row] for step, row in enumerate(values)]
                choices = compiled.choose(*arguments, keep, TIE, _MARGIN)
                assert choices == plan_choices(weighted, TIE)
        self.checked += 1
        return self.bot.act(view, legal)

    def plain_round_values(self, view: DichtDranView, cards: list[int]) -> list[list[float]]:
        bot = self.bot
        unseen = unseen_below(view)
        rounds_by_pile = view.draw_pile_size / max(1.0, 0.8 * (view.players - 1))
        rounds = min(rounds_by_pile, float(min(view.hand_sizes)))
        lateness = max(0.0, min(1.0, 1.0 - (rounds - 1.0) / bot.late_rounds))
        shed = bot.early_shed + (bot.late_shed - bot.early_shed) * lateness
        draw = bot.early_draw + (bot.draw_cost - bot.early_draw) * lateness
        draws = (view.players - 1) * bot.opponent_draws
        horizon = min(bot.horizon, min(view.hand_sizes), len(cards))
        position = view.target_position
        rows: list[list[float]] = []
        while True:
            target = view.circle[position]
            low, high = sorted(
                (
                    view.circle[(position - 1) % CIRCLE_SIZE],
                    view.circle[(position + 1) % CIRCLE_SIZE],
                )
            )
            row = []
            for card in cards:
                win = win_chance(card, target, unseen, draws)
                value = win * CHILIS[target] + shed * CHILIS[card]
                if not low <= card <= high:
                    value -= (1.0 - win) * CHILIS[card] * draw
                row.append(value)
            rows.append(row)
            position = bot.next_target[position]
            if len(rows) >= horizon or position == view.target_position:
                return rows


def test_round_values_are_the_win_chances_written_out() -> None:
    game = DichtDran()
    for seed in range(4):
        agents = [Recorder(game, derive_seed(seed, "bot", s)) for s in range(4)]
        play_match(game, agents, seed)
        assert all(agent.checked > 10 for agent in agents)


def fingerprint(
    players: int, games: int, spec: str = "heuristic", use_compiled: bool = True
) -> str:
    """A hash of every action of ``games`` heuristic games (seed 2026, as in a simulation)."""
    game = DichtDran()
    digest = hashlib.sha256()
    for index in range(games):
        agents = [
            make_bot(spec, game, derive_seed(2026, "bot", index, seat)) for seat in range(players)
        ]
        for agent in agents:
            assert isinstance(agent, DichtDranBot)
            agent.compiled &= use_compiled
        match = play_match(game, agents, derive_seed(2026, "game", index))
        digest.update(json.dumps(match.transcript.actions).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("use_compiled", [True, False], ids=["compiled", "python"])
def test_whole_games_are_played_as_before_the_speed_up(use_compiled: bool) -> None:
    # Recorded with the bot as it was before issue 10 (commit 6427285): 360 games.
    assert fingerprint(3, 100, use_compiled=use_compiled) == (
        "168fead3c753d4cc325c207bb95ec8e7ebcdb69a34faf9734411ea2f39bc63a7"
    )
    assert fingerprint(4, 100, use_compiled=use_compiled) == (
        "76e353e02e34f4cb2aa1f5e18a38de644893711c9d20be85e684ca3cfbedfcb9"
    )
    assert fingerprint(5, 100, use_compiled=use_compiled) == (
        "9eba98c4bc4d009d3f5fd3594bdaa734333f7fbdd7c6f4caf1537edd37f1b01e"
    )
    assert fingerprint(4, 60, "heuristic:keep=0.8:draw=2", use_compiled) == (
        "0b118f36e0397e933f3044e3983932e2b976f122ad98dfb047deea039d2d87f4"
    )
