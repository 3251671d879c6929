"""ISMCTS: legal, reproducible, honest (views only), for every game and seat count."""

from __future__ import annotations

import time
from typing import Any

import pytest

from spieltisch.bots import IsmctsBot, make_bot
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import View
from spieltisch.games import REGISTRY, make_game
from spieltisch.games.dicht_dran.game import PLAYS

CASES = [
    pytest.param(game_id, seats, id=f"{game_id}-{seats}")
    for game_id, cls in REGISTRY.items()
    for seats in cls.spec.seat_counts
]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_ismcts_plays_only_legal_actions_and_sees_only_views(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    determinized: list[Any] = []
    real_determinize = game.determinize

    def spy(view: Any, rng: Any) -> Any:
        determinized.append(view)
        return real_determinize(view, rng)

    game.determinize = spy  # type: ignore[method-assign]
    bot = IsmctsBot(game, seed=3, simulations=8)
    state = game.new_state(seats, 11)
    decisions = 0
    while not game.is_terminal(state) and decisions < 12:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0:
            view = game.view(state, 0)
            action = bot.act(view, legal)
            assert action in legal
            decisions += 1
        else:
            action = legal[0]
        game.play(state, seat, action)
    assert decisions
    assert determinized
    assert all(isinstance(view, View) and view.seat == 0 for view in determinized)


def test_same_seed_same_choice() -> None:
    game = make_game("dicht-dran")
    state = game.new_state(4, 2)
    view, legal = game.view(state, 0), game.legal_actions(state, 0)
    choices = {IsmctsBot(game, seed=9, simulations=60).act(view, legal) for _ in range(3)}
    assert len(choices) == 1


def test_a_hidden_commit_cannot_change_the_next_seats_choice() -> None:
    """Seat 1 decides after seat 0 laid a card face down: whichever card it was, seat 1 sees
    the same view and so, with the same seed, makes the same choice."""
    game = make_game("dicht-dran")
    choices = set()
    for card_index in range(4):
        state = game.new_state(3, 4)
        game.play(state, 0, PLAYS[state.hands[0][card_index]])
        bot = IsmctsBot(game, seed=5, simulations=40)
        choices.add(bot.act(game.view(state, 1), game.legal_actions(state, 1)))
    assert len(choices) == 1


def test_a_time_budget_is_kept() -> None:
    game = make_game("dicht-dran")
    state = game.new_state(4, 2)
    bot = make_bot("ismcts:time=0.05", game, 1)
    started = time.perf_counter()
    bot.act(game.view(state, 0), game.legal_actions(state, 0))
    assert time.perf_counter() - started < 1.0
    assert isinstance(bot, IsmctsBot)
    assert bot.last_simulations >= 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:sims=0", "sims must be a number from 1"),
        ("ismcts:time=fast", "time must be a number"),
        ("ismcts:sims=10:time=1", "either sims= or time="),
        ("ismcts:rollout=smart", "rollout must be random or heuristic"),
        ("ismcts:depth=3", "has no parameter 'depth=3'"),
    ],
)
def test_bad_parameters_are_named(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, make_game("dicht-dran"), 1)


def test_more_search_beats_random_play_in_dicht_dran() -> None:
    """A small strength check (the real figures live in benchmarks/)."""
    from spieltisch.core.match import play_match

    game = make_game("dicht-dran", {"passes": 1})
    wins = 0.0
    games = 12
    for index in range(games):
        agents = [make_bot("random", game, 100 + s) for s in range(3)]
        seat = index % 3
        agents[seat] = IsmctsBot(game, seed=index, simulations=60)
        result = play_match(game, agents, index).transcript.result
        assert result is not None
        if result.ranking[seat] == 1:
            wins += 1 / result.ranking.count(1)
    assert wins / games > 1.3 / 3
