"""The Gymnasium environments: registered on import, pass Gymnasium's own checker for every
game and player count, and let one seat play against Spieltisch bots."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import spieltisch.rl
from spieltisch.core.errors import BotSpecError
from spieltisch.rl.gymnasium import SpieltischEnv
from tests.rl.conftest import CASES


def make(game_id: str, **kwargs: Any) -> SpieltischEnv:
    env = gymnasium.make(spieltisch.rl.GYM_IDS[game_id], **kwargs).unwrapped
    assert isinstance(env, SpieltischEnv)
    return env


def test_importing_spieltisch_rl_registers_every_game() -> None:
    assert spieltisch.rl.GYM_IDS["dicht-dran"] == "spieltisch/dicht-dran-v1"
    assert all(env_id in gymnasium.registry for env_id in spieltisch.rl.GYM_IDS.values())


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_gymnasium_s_checker_passes(game_id: str, players: int) -> None:
    env = make(game_id, players=players, opponents="heuristic", render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)


def episode(env: SpieltischEnv, seed: int) -> tuple[list[int], float, dict[str, Any]]:
    """A whole game with the learning seat's first legal action each time."""
    observation, info = env.reset(seed=seed)
    actions: list[int] = []
    total = 0.0
    done = False
    while not done:
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        view = env.table.game.view(env.table.state, env.seat)
        assert np.array_equal(observation, env.table.game.encode_view(view))
        action = int(np.flatnonzero(env.action_masks())[0])
        actions.append(action)
        observation, reward, done, truncated, info = env.step(action)
        assert not truncated
        total += reward
    return actions, total, info


def test_one_seat_plays_against_the_heuristic_bots_to_the_end() -> None:
    env = make("dicht-dran", players=4, opponents="heuristic", seat=2)
    actions, total, info = episode(env, seed=11)
    ranking = info["ranking"]
    assert total == pytest.approx((1 / ranking.count(1) if ranking[2] == 1 else 0.0) - 1 / 4)
    assert len(actions) == env.table.game.progress(env.table.state)  # one card a round
    assert not env.action_masks().any()


def test_the_same_seed_plays_the_same_game_and_another_seed_another() -> None:
    env = make("cento", players=3, opponents=["heuristic", "random"])
    actions, total, info = episode(env, seed=4)
    again, total_again, info_again = episode(env, seed=4)
    assert (again, total_again, info_again["scores"]) == (actions, total, info["scores"])
    assert episode(env, seed=5)[0] != actions


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = make("triggs", players=2)
    observation, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, done, _, refused = env.step(illegal)
    assert np.array_equal(after, observation)
    assert (reward, done) == (0.0, False)
    assert "is not legal for player_0 now" in refused["refused"]


def test_bad_opponents_and_seats_say_what_is_allowed() -> None:
    with pytest.raises(BotSpecError):
        make("dicht-dran", players=3, opponents="genius")
    with pytest.raises(BotSpecError):
        make("dicht-dran", players=3, opponents=["random"] * 3)
    with pytest.raises(ValueError, match="from 0 to 2"):
        make("dicht-dran", players=3, seat=3)
