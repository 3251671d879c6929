"""The calibration benchmark: who really wins a round, and what the search's model says."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.core.chance import SearchRandom
from spieltisch.core.game import Game
from spieltisch.core.match import Agent
from spieltisch.games import make_game
from spieltisch.games.dicht_dran.game import closest
from tests.helpers import load_benchmark


def _last_to_lay(game_id: str, seed: int) -> tuple[Game[Any, Any, Any], Any, list[Agent]]:
    """A game of four heuristics at its first round, three seats having laid their cards."""
    game = make_game(game_id)
    state = game.new_state(4, seed)
    models = [make_bot("heuristic", game, 40 + seat) for seat in range(4)]
    for seat in range(3):
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, models[seat].act(game.view(state, seat), legal))
    assert game.to_act(state) == (3,)
    return game, state, models


def test_the_round_goes_to_the_closest_card_in_dicht_dran() -> None:
    bench = load_benchmark("bench_calibration")
    game, state, models = _last_to_lay("dicht-dran", 3)
    target = state.circle[state.target]
    for action in game.legal_actions(state, 3):
        cards = [*state.committed[:3], action.card]
        copy = game.clone(state)
        assert bench.round_winner(game, copy, 3, action, models) == closest(cards, target)


def test_a_missionszahl_round_is_played_to_its_winner() -> None:
    """The round is decided after the reveal (symbols, ties); the winner's arrow shows it."""
    bench = load_benchmark("bench_calibration")
    game, state, models = _last_to_lay("missionszahl", 8)
    for action in game.legal_actions(state, 3):
        copy = game.clone(state)
        winner = bench.round_winner(game, copy, 3, action, models)
        assert winner == copy.arrows[0] or (winner is None and copy.arrows[0] < 0)


def test_taking_back_the_face_down_cards_lets_the_others_lay_again() -> None:
    """With ``facedown=model`` a sampled deal has the others' cards back in their hands,
    so their models lay them; without it they lie face down, dealt at random."""
    bench = load_benchmark("bench_calibration")
    game, state, _ = _last_to_lay("dicht-dran", 3)
    view = game.view(state, 3)
    rng = SearchRandom(1)
    dealt = bench.model_deal(game, view, rng, "random")
    assert game.to_act(dealt) == (3,)
    dealt = bench.model_deal(game, view, rng, "model")
    assert game.to_act(dealt) == (0, 1, 2, 3)


def test_the_summary_groups_cards_by_the_models_chance() -> None:
    bench = load_benchmark("bench_calibration")
    rows = [(0.0, False), (0.02, True), (0.95, True), (1.0, True)]
    data = bench.summary(rows)
    assert data["cards"] == 4
    assert data["brier"] == pytest.approx((0 + 0.98**2 + 0.05**2 + 0) / 4, abs=1e-4)
    assert data["groups"] == [
        {"chance": "0.00-0.05", "cards": 2, "model": 0.01, "real": 0.5},
        {"chance": "0.90-1.00", "cards": 2, "model": 0.975, "real": 1.0},
    ]


def test_a_short_run_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("bench_calibration")
    argv = ["--game", "dicht-dran", "--games", "1", "--deals", "2", "--laid-before", "2"]
    assert bench.main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["laid_before"] == 2
    assert data["cards"] > 0
    assert sum(group["cards"] for group in data["groups"]) == data["cards"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "cento"], "calibration is for games of face-down rounds"),
        (["--game", "dicht-dran", "--laid-before", "4"], "--laid-before must be from 0 to 3"),
        (["--game", "nope"], "unknown game"),
    ],
)
def test_bad_arguments_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_benchmark("bench_calibration")
    with pytest.raises(SystemExit) as stop:
        bench.main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err
