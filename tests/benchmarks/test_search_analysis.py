"""benchmarks/search_analysis.py: a search's moves judged on the same deals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.ismcts import IsmctsBot
from spieltisch.games import make_game
from tests.bots.test_ismcts import _first_decision
from tests.helpers import load_benchmark


def test_paired_rewards_meet_every_move_with_the_same_luck() -> None:
    """The same move twice in the same deals earns the same rewards, deal by deal; another
    move's rewards are listed alongside, one per deal."""
    game, view, legal = _first_decision("missionszahl", 4, 3)
    bot = make_bot("ismcts:sims=1:rollout=heuristic:opponents=heuristic:tree=root", game, 2)
    assert isinstance(bot, IsmctsBot)
    paired_rewards = load_benchmark("search_analysis").paired_rewards
    rewards = paired_rewards(bot, view, [legal[0], legal[1], legal[0]], 12)
    assert [len(each) for each in rewards] == [12, 12, 12]
    assert rewards[0] == rewards[2]
    assert rewards[0] != rewards[1]
    with pytest.raises(ValueError, match="spectator"):
        paired_rewards(bot, game.view(game.new_state(4, 3), None), legal, 2)


def test_paired_rewards_from_a_dealer_play_its_position_and_leave_it_alone() -> None:
    """With a ``dealer`` every deal is the dealer's: two different true positions behind
    the same view are judged differently (sampled deals would ignore them and agree), the
    same position and seed give the same rewards, and the position itself is not changed."""
    game = make_game("dicht-dran", {"passes": 1})
    state = game.new_state(4, 5)
    seat = game.to_act(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    other = game.shuffle_unseen(state, seat, random.Random(1))
    assert game.view(other, seat) == view
    before = {zone: list(cards) for zone, cards in game.card_zones(state).items()}
    paired_rewards = load_benchmark("search_analysis").paired_rewards

    def judged(truth: Any) -> list[list[float]]:
        judge = make_bot("ismcts:sims=1:rollout=heuristic:opponents=heuristic:tree=root", game, 2)
        assert isinstance(judge, IsmctsBot)
        paired: list[list[float]] = paired_rewards(judge, view, legal, 4, lambda rng: truth)
        return paired

    assert judged(state) == judged(state)
    assert judged(state) != judged(other)
    assert {zone: list(cards) for zone, cards in game.card_zones(state).items()} == before
