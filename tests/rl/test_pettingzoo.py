"""The PettingZoo environments pass PettingZoo's own API and seed tests for every game and
player count, and hold no rules: observations, masks and results come from the game."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test

from spieltisch.core.errors import OptionError, SeatCountError
from spieltisch.rl import pettingzoo as pz
from spieltisch.rl.common import seat_of
from tests.rl.conftest import CASES

#: Cycles are capped so that a test stays short; a game that ends sooner ends sooner.
CYCLES = 60


@contextmanager
def strict() -> Iterator[None]:
    """Every warning fails the test, except the two PettingZoo gives for any Dict
    observation (its own card games' too)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        yield


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_aec_env_passes_pettingzoo_s_api_and_seed_tests(game_id: str, players: int) -> None:
    with strict():
        api_test(pz.env(game_id, players), num_cycles=CYCLES)
        seed_test(lambda: pz.env(game_id, players), num_cycles=CYCLES)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_parallel_env_passes_pettingzoo_s_parallel_tests(game_id: str, players: int) -> None:
    with strict():
        parallel_api_test(pz.parallel_env(game_id, players), num_cycles=CYCLES)
        parallel_seed_test(lambda: pz.parallel_env(game_id, players), num_cycles=CYCLES)


def play_out(env: pz.SpieltischAECEnv, seed: int) -> dict[str, float]:
    """Play a whole game with random legal actions; each agent's final reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = float(reward)
            env.step(None)
            continue
        seat = seat_of(agent)
        table = env.table
        view = table.game.view(table.state, seat)
        assert np.array_equal(observation["observation"], table.game.encode_view(view))
        legal = {table.game.encode(a) for a in table.game.legal_actions(table.state, seat)}
        assert set(np.flatnonzero(observation["action_mask"])) == legal
        env.step(int(rng.choice(sorted(legal))))
    return final


@pytest.mark.parametrize("game_id", sorted({game_id for game_id, _ in CASES}))
def test_a_game_ends_with_the_win_shares_of_the_game_s_ranking(game_id: str) -> None:
    env = pz.raw_env(game_id)
    final = play_out(env, seed=5)
    ranking = env.table.game.ranking(env.table.state)
    winners = ranking.count(1)
    players = len(ranking)
    expected = {
        f"player_{seat}": (1 / winners if place == 1 else 0.0) - 1 / players
        for seat, place in enumerate(ranking)
    }
    assert final == pytest.approx(expected)
    assert sum(final.values()) == pytest.approx(0.0)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = pz.raw_env("dicht-dran", 3)
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.agent_selection == agent
    assert "is not legal for player_0 now; legal:" in env.infos[agent]["refused"]
    after = env.observe(agent)
    assert np.array_equal(after["observation"], before["observation"])
    env.step(int(np.flatnonzero(before["action_mask"])[0]))
    assert env.agent_selection != agent
    assert env.infos[agent] == {}


def test_dicht_dran_s_face_down_round_is_one_parallel_step() -> None:
    env = pz.parallel_env("dicht-dran", 4)
    observations, _ = env.reset(seed=2)
    assert all(observation["action_mask"].any() for observation in observations.values())
    actions = {
        agent: int(np.flatnonzero(observation["action_mask"])[0])
        for agent, observation in observations.items()
    }
    after, rewards, terminations, _, infos = env.step(actions)
    assert all(info == {} for info in infos.values())
    assert env.table.game.progress(env.table.state) == 1  # the round was resolved
    assert not any(terminations.values())
    assert set(rewards.values()) == {0.0}
    for agent, observation in after.items():
        card = env.table.game.decode(actions[agent]).card
        assert observation["observation"][card - 1] == 0.0  # the card left the hand


def test_a_parallel_step_only_hears_the_seats_that_must_act() -> None:
    env = pz.parallel_env("triggs", 3)
    observations, _ = env.reset(seed=3)
    acting = [agent for agent, o in observations.items() if o["action_mask"].any()]
    assert acting == ["player_0"]
    choice = int(np.flatnonzero(observations["player_0"]["action_mask"])[0])
    _, _, _, _, infos = env.step({"player_0": choice, "player_1": 0, "player_2": 0})
    assert infos == {"player_0": {}, "player_1": {}, "player_2": {}}
    _, _, _, _, infos = env.step({})
    assert "refused" in next(info for info in infos.values() if info)


def test_the_ansi_render_draws_the_acting_seat_s_view() -> None:
    env = pz.raw_env("dicht-dran", 3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    hand = env.table.game.view(env.table.state, 0).hand
    assert "Player 1 (you)" in text
    assert all(str(card) in text for card in hand)


def test_stepping_before_reset_says_to_reset() -> None:
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        pz.env("cento").step(0)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        pz.parallel_env("cento").step({})


def test_bad_set_ups_say_what_is_allowed() -> None:
    with pytest.raises(SeatCountError, match="3"):
        pz.env("dicht-dran", 7)
    with pytest.raises(OptionError, match="answers=choice"):
        pz.env("magic-numbers", answers="typed")
    with pytest.raises(ValueError, match="render_mode 'human' is not offered"):
        pz.env("cento", render_mode="human")


@pytest.mark.parametrize("game_id", sorted({game_id for game_id, _ in CASES}))
def test_a_mask_found_by_the_actions_identity_is_the_codec_s(game_id: str) -> None:
    """The table finds a legal action's id by the action object (the game's own table of
    actions); along a random game every mask equals the one the codec gives, and actions
    that are equal copies of the table's are found by value."""
    import copy
    import random

    from spieltisch.rl.common import action_mask

    env = pz.env(game_id, players=3 if game_id == "dicht-dran" else 2)
    env.reset(seed=5)
    table = env.table
    rng = random.Random(5)
    while not table.is_over():
        seat = table.to_act()[0]
        legal = table.game.legal_actions(table.state, seat)
        by_codec = np.zeros(table.actions, dtype=np.int8)
        by_codec[[table.game.encode(action) for action in legal]] = 1
        assert np.array_equal(table.mask(seat), by_codec)
        copies = [copy.deepcopy(action) for action in legal]
        mask = action_mask(table.game, table.state, seat, table.codes, copies, table.ids)
        assert np.array_equal(mask, by_codec)
        table.play(seat, table.game.encode(rng.choice(list(legal))))
