"""The decision-level benchmark's head-to-head mode: only the positions where two specs
choose differently are judged, and the gain is the paired difference of their moves."""

from __future__ import annotations

import json

import pytest

from spieltisch.games import make_game
from tests.helpers import load_benchmark

SEARCH = "ismcts:sims=8:rollout=heuristic:opponents=heuristic:root=halving:tree=root"


def test_two_specs_that_agree_everywhere_cost_no_judging(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_benchmark("bench_headroom")
    argv = ["--game", "magic-numbers", "--positions", "3", "--deals", "4", "--versus"]
    bench.main([*argv, "--spec", SEARCH, "--spec", SEARCH, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["positions"] == 3
    assert data["versus"]["gain_per_position"] == 0
    assert data["versus"]["positions_with_another_move"] == 0
    assert data["gains_where_they_differ"] == []


def test_a_position_where_they_differ_is_judged_by_their_two_moves() -> None:
    """The gain is the mean paired difference of the two moves' rewards, as the judge
    gives them; where the moves agree there is nothing to judge."""
    bench = load_benchmark("bench_headroom")
    game = make_game("dicht-dran")
    specs = ["heuristic", "random"]
    for number, step, view, legal, _ in bench.positions(game, 0):
        first = bench.make_bot(specs[0], game, 11 * number + step).act(view, legal)
        second = bench.make_bot(specs[1], game, 11 * number + step).act(view, legal)
        gain = bench.versus_position(game, number, step, view, legal, specs, 6)
        if first == second:
            assert gain is None
            continue
        judge = bench.make_bot(bench.JUDGE, game, 99 + number * 1000 + step)
        mine, theirs = bench.paired_rewards(judge, view, [first, second], 6)
        assert gain == pytest.approx(sum(theirs) / 6 - sum(mine) / 6)
        break
    else:
        pytest.fail("no position where a random move differs from the heuristic's")


def test_versus_needs_two_specs() -> None:
    bench = load_benchmark("bench_headroom")
    with pytest.raises(SystemExit):
        bench.main(["--game", "cento", "--versus", "--spec", SEARCH])


def test_the_judge_lets_models_lay_the_face_down_cards_only_when_asked() -> None:
    bench = load_benchmark("bench_headroom")
    args = bench.argparse.Namespace(facedown="model", belief=False)
    assert bench.judge_spec(args) == bench.JUDGE + ":facedown=model"
    game = make_game("dicht-dran")
    judge = bench._judge(game, 0, 0, bench.judge_spec(args))
    assert judge.config.face_down_by_model
    assert not bench._judge(game, 0, 0).config.face_down_by_model


def test_a_face_down_judge_is_refused_for_the_real_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_benchmark("bench_headroom")
    argv = ["--game", "dicht-dran", "--judge", "hands", "--facedown", "model", "--spec", SEARCH]
    with pytest.raises(SystemExit):
        bench.main(argv)
    assert "--facedown model is for --judge model" in capsys.readouterr().err


def test_the_two_ceilings_bracket_the_best_move_from_below_and_above() -> None:
    """``ceiling`` picks the best move on one half of the deals and values it on the other,
    both ways round; ``ceiling_upper`` picks and values it on all deals."""
    bench = load_benchmark("bench_headroom")
    rows = [
        # the heuristic's move (0) against a move that looks best on the first half only
        {"rewards": [[0.5, 0.5, 0.5, 0.5], [1.0, 1.0, 0.0, 0.0]], "heuristic": 0, "picks": {}},
        # a move that is better everywhere
        {"rewards": [[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0]], "heuristic": 0, "picks": {}},
    ]
    data = bench.summary(rows, [])
    # position 1: move 1 looks best on the first half and is worth 0 - 0.5 on the second;
    # the heuristic's move looks best on the second half (0.5 against 0): +0; so -0.25.
    # Position 2: +1 both ways.
    assert data["ceiling"]["gain_per_position"] == pytest.approx(0.375)
    # position 1: means 0.5 and 0.5, so +0; position 2: +1
    assert data["ceiling_upper"]["gain_per_position"] == pytest.approx(0.5)
    assert data["ceiling_upper"]["positions_with_another_move"] == 1


def test_the_judge_deals_by_the_games_belief_only_when_asked() -> None:
    bench = load_benchmark("bench_headroom")
    args = bench.argparse.Namespace(facedown="random", belief=True)
    assert bench.judge_spec(args) == bench.JUDGE + ":deals=belief"
    judge = bench._judge(make_game("cento"), 0, 0, bench.judge_spec(args))
    assert judge.dealer is not None
    assert bench._judge(make_game("cento"), 0, 0).dealer is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "cento", "--judge", "hands", "--belief"], "--belief is for --judge model"),
        (["--game", "dicht-dran", "--belief"], "deals=belief is for: cento, missionszahl"),
    ],
)
def test_a_belief_judge_needs_the_model_and_a_game_with_a_belief(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_benchmark("bench_headroom")
    with pytest.raises(SystemExit):
        bench.main(argv)
    assert message in capsys.readouterr().err
