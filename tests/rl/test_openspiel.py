"""The OpenSpiel interface: every game passes OpenSpiel's own random-simulation test at every
seat count, observations come from the seat's view only, resampling keeps the seat's
information state, and OpenSpiel's Python ISMCTS bot plays through ``evaluate_bots``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from spieltisch.core.errors import IllegalActionError, OptionError, SeatCountError  # noqa: E402
from spieltisch.games import REGISTRY  # noqa: E402
from spieltisch.rl.openspiel import GAME_NAMES, openspiel_name  # noqa: E402

GAMES_AND_SEATS = [
    (game_id, players) for game_id, cls in REGISTRY.items() for players in cls.spec.seat_counts
]


def load(game_id: str, players: int, **params: Any) -> Any:
    return pyspiel.load_game(openspiel_name(game_id), {"players": players, **params})


def play_randomly(state: Any, steps: int, seed: int) -> Any:
    """``state`` after up to ``steps`` random legal actions."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_game_is_registered_under_its_id_with_underscores() -> None:
    assert [f"spieltisch_{game_id.replace('-', '_')}" for game_id in REGISTRY] == GAME_NAMES
    assert set(GAME_NAMES) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("spieltisch_dicht_dran", {"players": 4})
    kind = game.get_type()
    assert game.num_players() == 4
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize(("game_id", "players"), GAMES_AND_SEATS)
def test_openspiel_random_simulation_test_passes(game_id: str, players: int) -> None:
    """OpenSpiel's generic test (serialisation left out: OpenSpiel serialises a sampled-
    stochastic Python game only through an RNG state that Python games cannot give)."""
    pyspiel.random_sim_test(load(game_id, players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_the_observation_is_the_seats_encoded_view(game_id: str) -> None:
    game = load(game_id, 3 if game_id != "cento" else 2, seed=4)
    state = play_randomly(game.new_initial_state(), 7, seed=1)
    engine = state.table.engine
    for seat in range(game.num_players()):
        view = engine.view(state.table.state, seat)
        expected = engine.encode_view(view).ravel()
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        info = np.asarray(state.information_state_tensor(seat))
        assert np.array_equal(info[: expected.size], expected)
        assert info[expected.size :].sum() == len(set(state.table.own[seat]))


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_what_a_seat_cannot_see_changes_nothing_it_observes(game_id: str) -> None:
    game = load(game_id, 3, seed=2)
    state = play_randomly(game.new_initial_state(), 5, seed=3)
    other = state.clone()
    table = other.table
    table._state = table.engine.shuffle_unseen(table.state, 0, random.Random(9))
    assert other.observation_string(0) == state.observation_string(0)
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.observation_tensor(0) == state.observation_tensor(0)


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_a_resampled_state_keeps_the_seats_information_state(game_id: str) -> None:
    game = load(game_id, 3, seed=5)
    state = play_randomly(game.new_initial_state(), 6, seed=2)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden = set()
    for _ in range(4):
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.legal_actions() == state.legal_actions()
        hidden.add(str(sample))
    assert len(hidden) > 1, "four samples dealt the unseen cards alike"


def test_the_same_seed_deals_the_same_games() -> None:
    first, second = load("dicht-dran", 4, seed=11), load("dicht-dran", 4, seed=11)
    assert str(first.new_initial_state()) == str(second.new_initial_state())
    assert str(first.new_initial_state()) != str(load("dicht-dran", 4, seed=12).new_initial_state())


def test_an_action_that_is_not_legal_is_refused_and_changes_nothing() -> None:
    state = load("dicht-dran", 3).new_initial_state()
    illegal = next(a for a in range(100) if a not in state.legal_actions())
    before = str(state)
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply_action(illegal)
    assert str(state) == before
    assert state.history() == []


def test_seat_counts_and_options_the_game_does_not_allow_are_refused() -> None:
    with pytest.raises(SeatCountError, match="dicht-dran is for 3 to 5 players, got 9"):
        load("dicht-dran", 9)
    with pytest.raises(OptionError, match="'passes' of dicht-dran must be a whole number"):
        load("dicht-dran", 3, passes=99)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'nonsense'"):
        load("dicht-dran", 3, nonsense=1)


class ISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS bot; it keeps nothing between moves, so ``evaluate_bots``'s
    restart at the first state (which the bot does not implement) has nothing to do."""

    def restart_at(self, state: Any) -> None:
        pass


#: Shorter games for the search test (a Triggs game may last 100 rounds).
SHORT = {"triggs": {"round_limit": 10}}


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_openspiel_ismcts_plays_through_evaluate_bots(game_id: str) -> None:
    players = 2 if REGISTRY[game_id].spec.min_seats <= 2 else 3
    game = load(game_id, players, seed=1, **SHORT.get(game_id, {}))
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    search = ISMCTS(game, evaluator, 2.0, max_simulations=4, random_state=np.random.RandomState(4))
    others = [uniform_random.UniformRandomBot(seat, rng) for seat in range(1, players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [search, *others], rng)
    assert len(returns) == players
    assert sum(returns) == pytest.approx(0.0)
    # a win share minus the fair share: one winner gets 1 - 1/n, a tie of all gives 0 each
    shares = [r + 1 / players for r in returns]
    assert all(0 <= s <= 1 + 1e-9 for s in shares)
    assert sum(shares) == pytest.approx(1.0)
