"""``spieltisch tune``: parameters and objectives parsed, the same seed giving the same
trials and winner, every trial on the same games, the best few re-checked, and the command
line's errors, JSON and page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spieltisch.cli.main import main
from spieltisch.core.errors import OptionError
from spieltisch.games import make_game
from spieltisch.sim.runner import simulate
from spieltisch.sim.tune import (
    Param,
    TuneError,
    distance,
    parse_objective,
    parse_param,
    tune,
    write_tune_report,
)


def small(**kwargs: Any) -> dict[str, Any]:
    arguments: dict[str, Any] = {
        "trials": 4,
        "games": 16,
        "bots": ["random"],
        "seed": 3,
        "recheck": 2,
    }
    arguments.update(kwargs)
    result = tune("dicht-dran", 3, [parse_param("passes=1..6")], "seat-balance", **arguments)
    result.pop("timing")
    return result


def test_parse_param() -> None:
    assert parse_param("passes=1..4") == Param("passes", 1, 4)
    assert parse_param(" hundred_mode = wild, number ") == Param(
        "hundred_mode", values=("wild", "number")
    )
    sheets = parse_param("score_sheet=2,2,3,3,3,3,4,4,4,5,5,5;1,1,1,1,1,1,1,1,1,1,1,1")
    assert sheets.values == ("2,2,3,3,3,3,4,4,4,5,5,5", "1,1,1,1,1,1,1,1,1,1,1,1")


@pytest.mark.parametrize("text", ["passes", "passes=", "=1..2", "passes=1..x", "passes=1", "a=x,x"])
def test_parse_param_refuses(text: str) -> None:
    with pytest.raises(TuneError) as caught:
        parse_param(text)
    assert caught.value.code == "tune_param_syntax"


def test_an_empty_range_is_refused() -> None:
    with pytest.raises(TuneError, match="LOW must be below HIGH"):
        parse_param("passes=3..3")


def test_parse_objective() -> None:
    assert parse_objective("seat-balance").metric is None
    assert parse_objective("length=20").target == 20
    assert parse_objective("first-seat-advantage=0").metric == "first_seat_advantage"
    assert parse_objective("ties").target is None
    for bad in ("speed", "length=long", "seat-balance=2", "length=nan"):
        with pytest.raises(TuneError):
            parse_objective(bad)


def test_distance_interval() -> None:
    assert distance(18, 16, 20, 21) == (3, 1, 5)
    assert distance(20, 18, 22, 21) == (1, 0, 3)


def test_the_same_seed_gives_the_same_trials_and_winner() -> None:
    first, second = small(), small()
    assert first == second
    other = small(seed=4)
    assert [t["objective"] for t in other["trials"]] != [t["objective"] for t in first["trials"]]


def test_every_trial_plays_the_same_games_and_has_an_interval() -> None:
    result = small()
    assert len(result["trials"]) == 4
    for trial in result["trials"]:
        assert trial["low"] <= trial["objective"] <= trial["high"]
        # the trial's objective is that of a plain simulation with its options and the seed
        game = make_game("dicht-dran", {"passes": str(trial["options"]["passes"])})
        summary = simulate(game, 3, 16, 3, ["random"] * 3)
        worst = max(abs(s - summary["fair_share"]) for s in summary["win_share"])
        assert trial["objective"] == pytest.approx(worst, abs=1e-6)


def test_the_best_few_are_rechecked_before_the_winner_is_named() -> None:
    result = small()
    rechecked = result["recheck"]["trials"]
    assert result["recheck"]["games"] == 32  # twice the trials' games by default
    assert 1 <= len(rechecked) <= 2
    assert len({json.dumps(r["options"]) for r in rechecked}) == len(rechecked)
    best = result["best"]
    assert best["rechecked"] is True
    assert best["objective"] == min(r["objective"] for r in rechecked)
    assert best["summary"]["games"] == 32
    assert best["summary"]["options"]["passes"] == best["options"]["passes"]


def test_trials_arrive_one_by_one_and_a_stop_is_heard() -> None:
    arrived: list[dict[str, Any]] = []
    result = small(on_trial=arrived.append, should_stop=lambda: len(arrived) >= 2)
    assert len(arrived) == 2
    assert result["stopped"] is True
    assert [t["number"] for t in result["trials"]] == [0, 1]
    assert result["best"] is not None


def test_params_are_checked_against_the_game() -> None:
    with pytest.raises(TuneError, match="beyond the option's bounds: 1 to 10"):
        tune(
            "dicht-dran",
            3,
            [parse_param("passes=0..3")],
            "ties",
            trials=1,
            games=1,
            bots=["random"],
        )
    with pytest.raises(OptionError, match="has no option 'speed'"):
        tune(
            "dicht-dran", 3, [parse_param("speed=1..3")], "ties", trials=1, games=1, bots=["random"]
        )
    with pytest.raises(TuneError, match="only for whole-number options"):
        tune(
            "cento",
            3,
            [parse_param("hundred_mode=1..3")],
            "ties",
            trials=1,
            games=1,
            bots=["random"],
        )
    with pytest.raises(OptionError, match="must be one of wild, number"):
        tune(
            "cento",
            3,
            [parse_param("hundred_mode=wild,joker")],
            "ties",
            trials=1,
            games=1,
            bots=["random"],
        )
    with pytest.raises(TuneError, match="already set"):
        tune(
            "dicht-dran",
            3,
            [parse_param("passes=1..3")],
            "ties",
            trials=1,
            games=1,
            bots=["random"],
            options={"passes": "2"},
        )


# -- the command line ------------------------------------------------------------------------

BASE = ["tune", "dicht-dran", "--players", "3", "--workers", "1"]
ASK = ["--param", "passes=1..3", "--objective", "length=12", "--trials", "3", "--games", "8"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--param", "passes", "--objective", "ties", "--trials", "2", "--games", "2"],
            "--param takes KEY=LOW..HIGH",
        ),
        (
            ["--param", "passes=0..4", "--objective", "ties", "--trials", "2", "--games", "2"],
            "goes beyond the option's bounds",
        ),
        (
            ["--param", "speed=1..4", "--objective", "ties", "--trials", "2", "--games", "2"],
            "dicht-dran has no option 'speed'",
        ),
        (
            ["--param", "passes=1..4", "--objective", "fun", "--trials", "2", "--games", "2"],
            "unknown objective 'fun'",
        ),
        (
            ["--param", "passes=1..4", "--objective", "ties", "--trials", "0", "--games", "2"],
            "--trials must be at least 1, got 0",
        ),
        (
            [
                "--param",
                "passes=1..4",
                "--objective",
                "ties",
                "--trials",
                "2",
                "--games",
                "2",
                "--workers",
                "0",
            ],
            "--workers must be at least 1, got 0",
        ),
        (["--objective", "ties", "--trials", "2", "--games", "2"], "--param"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *BASE, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("spieltisch: error: ")
    assert message in err


def test_bad_input_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys,
        *BASE,
        "--param",
        "passes=1..99",
        "--objective",
        "ties",
        "--trials",
        "2",
        "--games",
        "2",
        "--lang",
        "de",
    )
    assert code == 2
    assert "spieltisch: Fehler: --param passes=1..99 geht über die Grenzen" in err


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *BASE, *ASK, "--json")
    assert code == 0
    result = json.loads(out)
    assert {"game", "players", "objective", "seed", "best", "trials"} <= set(result)
    assert {"options", "objective", "low", "high"} <= set(result["best"])
    assert len(result["trials"]) == 3
    for trial in result["trials"]:
        assert {"number", "options", "objective", "low", "high"} <= set(trial)
        assert set(trial["options"]) == {"passes"}
    assert result["objective"] == "length=12"


def test_the_table_and_the_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, *BASE, *ASK, "--out", str(tmp_path / "run"), "--lang", "de")
    assert code == 0
    assert "Versuch" in out
    assert "Am besten (nachgeprüft mit 16 Partien)" in out
    page = (tmp_path / "run" / "index.html").read_text(encoding="utf-8")
    assert "Optimisation history" in page
    assert 'id="importances"' in page or "Too few different trials" in page
    for name in ("history.png", "importances.png", "best/index.html", "best/win_share.png"):
        assert (tmp_path / "run" / name).is_file(), name


def test_write_tune_report_from_python(tmp_path: Path) -> None:
    page = write_tune_report(small(), tmp_path)
    assert page == tmp_path / "index.html"
    assert 'id="best"' in page.read_text(encoding="utf-8")


def test_worker_processes_give_the_same_result(monkeypatch: pytest.MonkeyPatch) -> None:
    import spieltisch.sim.tune as tuning

    monkeypatch.setattr(tuning, "INLINE_BELOW", 0.0)  # start the pool however short the run
    arrived: list[dict[str, Any]] = []
    result = tune(
        "dicht-dran",
        3,
        [parse_param("passes=1..6")],
        "seat-balance",
        trials=4,
        games=16,
        bots=["random"],
        seed=3,
        recheck=2,
        workers=2,
        on_trial=arrived.append,
    )
    assert result.pop("timing")["backend"] == "processes"
    assert result == small()
    assert len(arrived) == 4


# -- the search space: different option sets, list options, infeasible combinations ----------


def test_every_trial_is_a_different_option_set_and_a_small_space_ends_the_search() -> None:
    result = small(trials=10, recheck=0)
    assert result["space"] == 6
    assert len(result["trials"]) == 6  # passes 1..6: six option sets, each tried once
    assert sorted(t["options"]["passes"] for t in result["trials"]) == [1, 2, 3, 4, 5, 6]
    assert [t["number"] for t in result["trials"]] == list(range(6))
    assert result["trials_asked"] == 10


def test_list_options_with_commas_are_searched_as_values_split_by_semicolons() -> None:
    param = parse_param("chip_costs=3,2,1,0;5,3,1,0;1,1,1,1")
    assert param.values == ("3,2,1,0", "5,3,1,0", "1,1,1,1")
    assert parse_param("symbols=4,4,4,4,4;0,4,4,4,4").values == ("4,4,4,4,4", "0,4,4,4,4")
    result = tune(
        "magic-numbers",
        3,
        [param],
        "margin",
        trials=3,
        games=6,
        bots=["random"],
        seed=2,
        recheck=1,
    )
    assert sorted(t["options"]["chip_costs"] for t in result["trials"]) == sorted(param.values)
    assert all(t["objective"] is not None for t in result["trials"])
    with pytest.raises(OptionError, match="four costs from 0 to 20"):
        tune(
            "magic-numbers",
            3,
            [parse_param("chip_costs=3,2,1,0;9,9")],
            "margin",
            trials=1,
            games=1,
            bots=["random"],
        )


MISSION_SPACE = ["highest=14..16", "colours=2..4"]


def mission_tune(**kwargs: Any) -> dict[str, Any]:
    arguments: dict[str, Any] = {
        "trials": 9,
        "games": 8,
        "bots": ["random"],
        "seed": 5,
        "recheck": 2,
    }
    arguments.update(kwargs)
    params = [parse_param(text) for text in MISSION_SPACE]
    return tune("missionszahl", 4, params, "seat-balance", **arguments)


def test_an_option_set_the_game_refuses_is_an_infeasible_trial() -> None:
    # Missionszahl needs 5 x 10 + 4 = 54 cards for four players: 2 or 3 colours of 1..14-16
    # are too few, 4 colours are enough.
    arrived: list[dict[str, Any]] = []
    result = mission_tune(on_trial=arrived.append)
    assert len(result["trials"]) == 9  # all 3 x 3 option sets, none of them crashed the run
    refused = [t for t in result["trials"] if t["objective"] is None]
    played = [t for t in result["trials"] if t["objective"] is not None]
    assert {t["options"]["colours"] for t in refused} == {2, 3}
    assert {t["options"]["colours"] for t in played} == {4}
    assert result["infeasible"] == len(refused) == 6
    for trial in refused:
        assert trial["infeasible"]["code"] == "option_deck_small"
        assert trial["low"] is None
        assert trial["high"] is None
    assert [t["number"] for t in arrived] == list(range(9))
    assert result["best"]["options"]["colours"] == 4
    assert all(r["options"]["colours"] == 4 for r in result["recheck"]["trials"])
    assert result["timing"]["games"] == 3 * 8 + 2 * 16  # refused trials play no games


def test_infeasible_trials_repeat_with_the_seed() -> None:
    first, second = mission_tune(trials=5), mission_tune(trials=5)
    first.pop("timing")
    second.pop("timing")
    assert first == second


def test_no_feasible_trial_means_no_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    result = tune(
        "missionszahl",
        4,
        [parse_param("colours=2..3")],
        "seat-balance",
        trials=3,
        games=4,
        bots=["random"],
        options={"highest": "14"},
    )
    assert result["best"] is None
    assert result["infeasible"] == 2
    page = write_tune_report(result, tmp_path).read_text(encoding="utf-8")
    assert "No trial was feasible" in page
    code, out, err = run(
        capsys,
        "tune",
        "missionszahl",
        "--players",
        "4",
        "--workers",
        "1",
        "--param",
        "colours=2..4",
        "--option",
        "highest=14",
        "--objective",
        "seat-balance",
        "--trials",
        "3",
        "--games",
        "4",
    )
    assert code == 0, err
    assert "infeasible (refused by the game)" in out
    assert "Best (re-checked" in out  # colours=4 is enough
    argv = ["tune", "missionszahl", "--players", "4", "--workers", "1", "--option", "highest=14"]
    ask = ["--objective", "ties", "--trials", "2", "--games", "2", "--lang", "de"]
    code, out, err = run(capsys, *argv, "--param", "colours=2..3", *ask)
    assert code == 0, err
    assert "Kein Versuch war spielbar" in out


def test_the_page_shows_infeasible_trials(tmp_path: Path) -> None:
    result = mission_tune(trials=4)
    page = write_tune_report(result, tmp_path).read_text(encoding="utf-8")
    assert 'class="infeasible"' in page
    assert "infeasible:" in page


@pytest.mark.parametrize(
    ("objective", "metric", "target"),
    [
        ("comebacks", "comebacks", None),
        ("margin", "margin", None),
        ("ties", "ties", None),
        ("score-spread", "score_spread", None),
        ("minutes=12", "minutes", 12.0),
        ("comebacks=0.3", "comebacks", 0.3),
        ("first-seat-advantage=0", "first_seat_advantage", 0.0),
        ("length=9", "length", 9.0),
    ],
)
def test_every_metric_objective_scores_its_metric(
    objective: str, metric: str, target: float | None
) -> None:
    result = tune(
        "dicht-dran",
        3,
        [parse_param("passes=1..4")],
        objective,
        trials=2,
        games=12,
        bots=["random"],
        seed=1,
        recheck=1,
    )
    for trial in result["trials"]:
        entry = trial["metrics"][metric]
        if target is None:
            assert trial["objective"] == pytest.approx(entry["value"], abs=1e-6)
            assert (trial["low"], trial["high"]) == (entry["low"], entry["high"])
        else:
            assert trial["objective"] == pytest.approx(abs(entry["value"] - target), abs=1e-6)
            assert trial["low"] <= trial["objective"] <= trial["high"]
    assert result["best"]["objective"] == result["recheck"]["trials"][0]["objective"]
