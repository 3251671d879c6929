"""Simulations at scale: the same summary for any number of workers, tallies that do not
grow with the number of games, comparisons on the same seeds, and bad input as one line."""

from __future__ import annotations

import json
import math
import pickle
from pathlib import Path
from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.cli.main import main
from spieltisch.core.match import play_match
from spieltisch.core.options import OptionValue
from spieltisch.core.transcript import Transcript
from spieltisch.games import make_game
from spieltisch.sim.runner import (
    MAX_CHUNK,
    Plan,
    bot_seed,
    chunk_ranges,
    game_seed,
    play_chunk,
    run_plan,
    simulate,
)
from spieltisch.sim.stats import paired_difference, proportion_test, wilson
from spieltisch.sim.tally import Moments, Tally


def summary_of(
    game_id: str = "dicht-dran",
    players: int = 4,
    games: int = 120,
    bots: str = "random",
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> dict[str, Any]:
    game = make_game(game_id, options or {})
    summary = simulate(game, players, games, 5, [bots] * players, **kwargs)
    summary.pop("timing")
    return summary


# -- workers ---------------------------------------------------------------------------------


def test_the_summary_is_the_same_for_one_two_and_three_workers() -> None:
    summaries = [
        json.dumps(summary_of(games=150, workers=workers, inline_below=0.0))
        for workers in (1, 2, 3)
    ]
    assert summaries[0] == summaries[1] == summaries[2]


def test_compare_is_the_same_in_worker_processes() -> None:
    kwargs: dict[str, Any] = {"players": 3, "games": 60, "compare": ("passes", ["1", "3"])}
    inline = summary_of(workers=1, **kwargs)
    pooled = summary_of(workers=2, inline_below=0.0, **kwargs)
    assert json.dumps(inline) == json.dumps(pooled)


def test_workers_that_would_not_pay_off_are_not_started() -> None:
    game = make_game("dicht-dran", {})
    summary = simulate(game, 3, 20, 1, ["random"] * 3, workers=2)
    assert summary["timing"]["backend"] == "inline"
    summary = simulate(game, 3, 20, 1, ["random"] * 3, workers=2, inline_below=0.0)
    assert summary["timing"]["backend"] == "processes"
    assert summary["timing"]["workers"] == 2


def test_a_deck_file_named_relatively_reaches_worker_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Worker processes (and Ray tasks) do not run in the caller's folder: a file an option
    names travels as an absolute path, and the games are those of the relative name."""
    fixture = Path(__file__).parents[1] / "games" / "magic_numbers_deck.json"
    (tmp_path / "deck.json").write_bytes(fixture.read_bytes())
    monkeypatch.chdir(tmp_path)
    inline = summary_of("magic-numbers", 3, 12, options={"deck": "deck.json"})
    monkeypatch.chdir(tmp_path.parent)  # the relative name means nothing here any more
    workers = summary_of(
        "magic-numbers",
        3,
        12,
        options={"deck": str(tmp_path / "deck.json")},
        workers=2,
        inline_below=0.0,
    )
    assert inline["options"]["deck"] == str(tmp_path / "deck.json")
    assert inline == workers


def test_the_summary_counts_what_the_games_did() -> None:
    """Recount five games played one by one with the documented seeds."""
    game = make_game("triggs", {})
    summary = summary_of("triggs", players=3, games=5, bots="heuristic")
    wins = [0, 0, 0]
    lengths = []
    for index in range(5):
        agents = [make_bot("heuristic", game, bot_seed(5, index, s)) for s in range(3)]
        transcript = play_match(game, agents, game_seed(5, index)).transcript
        assert transcript.result is not None
        wins = [w + (place == 1) for w, place in zip(wins, transcript.result.ranking, strict=True)]
        lengths.append(len(transcript.actions))
    assert summary["wins"] == wins
    assert summary["mean_length"] == round(sum(lengths) / 5, 6)
    assert (summary["min_length"], summary["max_length"]) == (min(lengths), max(lengths))
    assert sum(n for _, n in summary["length_counts"]) == 5
    assert all(sum(n for _, n in counts) == 5 for counts in summary["score_counts"])


def test_transcripts_from_workers_replay(tmp_path: Path) -> None:
    game = make_game("dicht-dran", {})
    summary = simulate(game, 3, 8, 2, ["random"] * 3, tmp_path, workers=2, inline_below=0.0)
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"dicht-dran-{i:06d}.json" for i in range(8)]
    wins = [0, 0, 0]
    for path in files:
        result = Transcript.load(path).result
        assert result is not None
        wins = [w + (place == 1) for w, place in zip(wins, result.ranking, strict=True)]
    assert summary["wins"] == wins


# -- streaming -------------------------------------------------------------------------------


def test_chunks_depend_only_on_the_number_of_games() -> None:
    assert chunk_ranges(1) == [(0, 1)]
    assert chunk_ranges(130) == [(i, min(i + 3, 130)) for i in range(0, 130, 3)]
    big = chunk_ranges(1_000_000)
    assert len(big) == 1000
    assert all(stop - start == MAX_CHUNK for start, stop in big)


def test_the_tally_does_not_grow_with_the_number_of_games() -> None:
    options: dict[str, OptionValue] = {"passes": 1, "anchors_can_be_target": True}
    plan = Plan("dicht-dran", (options,), 3, 1, ("random",) * 3)
    few, _ = run_plan(plan, 100)
    many, _ = run_plan(plan, 2000)
    assert few.variants[0].games == 100
    assert many.variants[0].games == 2000
    # a list per game would make it twenty times larger; only new score values add a little
    assert len(pickle.dumps(many)) < 1.5 * len(pickle.dumps(few))


def test_tallies_merge_in_any_order_to_the_same_numbers() -> None:
    plan = Plan("cento", ({"variant": 3},), 3, 8, ("random",) * 3)
    chunks = [play_chunk(plan, start, start + 4) for start in range(0, 16, 4)]
    forward = Tally(3)
    for chunk in chunks:
        forward.merge(chunk.variants[0])
    backward = Tally(3)
    for chunk in reversed(chunks):
        backward.merge(chunk.variants[0])
    whole = play_chunk(plan, 0, 16).variants[0]
    assert forward == backward == whole


# -- compare ---------------------------------------------------------------------------------


def test_compare_plays_the_same_seeds_under_each_value() -> None:
    summary = summary_of(players=3, games=40, compare=("passes", ["1", "2"]))
    assert summary["compare"] == {"key": "passes", "values": ["1", "2"]}
    first, second = summary["variants"]
    assert (first["value"], second["value"]) == ("1", "2")
    for variant, passes in ((first, 1), (second, 2)):
        alone = summary_of(players=3, games=40, options={"passes": passes})
        assert {k: v for k, v in variant.items() if k != "value"} == alone
    # the summary's own fields are the first value's, as without --compare
    assert summary["wins"] == first["wins"]
    assert summary["options"]["passes"] == 1
    (difference,) = summary["differences"]
    assert (difference["value"], difference["against"]) == ("2", "1")
    length = difference["length"]
    assert length["mean"] == pytest.approx(second["mean_length"] - first["mean_length"])
    assert length["ci95"][0] > 0  # two passes are longer than one, beyond doubt
    assert length["significant"] is True
    assert length["p"] < 1e-6
    wins = difference["win_share"]
    assert [w["mean"] for w in wins] == pytest.approx(
        [b - a for a, b in zip(first["win_share"], second["win_share"], strict=True)]
    )


def test_the_hundred_card_rule_in_cento_compared_per_seat() -> None:
    summary = summary_of("cento", players=3, games=12, compare=("hundred_mode", ["wild", "number"]))
    first, second = summary["variants"]
    assert first["options"]["hundred_mode"] == "wild"
    assert second["options"]["hundred_mode"] == "number"
    (difference,) = summary["differences"]
    scores = [d["mean"] for d in difference["mean_scores"]]
    expected = [b - a for a, b in zip(first["mean_scores"], second["mean_scores"], strict=True)]
    assert scores == pytest.approx(expected, abs=1e-5)
    for d in [difference["length"], *difference["win_share"], *difference["mean_scores"]]:
        assert 0.0 <= d["p"] <= 1.0
        assert d["ci95"][0] <= d["mean"] <= d["ci95"][1]
        assert d["significant"] == (d["p"] < 0.05)


# -- statistics ------------------------------------------------------------------------------


def test_wilson_interval_known_values() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(50, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)


def test_proportion_test_known_value() -> None:
    z, p = proportion_test(60, 100, 0.5)
    assert z == pytest.approx(2.0)
    assert p == pytest.approx(0.0455, abs=1e-4)


def test_no_difference_is_not_significant() -> None:
    zero = paired_difference(Moments(30, 0, 0))
    assert (zero.mean, zero.low, zero.high, zero.p, zero.significant) == (0.0, 0.0, 0.0, 1.0, False)


def test_paired_difference_by_hand() -> None:
    values = [1, 2, 3, 4, 10]
    moments = Moments()
    for value in values:
        moments.add(value)
    mean = sum(values) / 5
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 4)
    difference = paired_difference(moments)
    assert difference.mean == pytest.approx(4.0)
    assert difference.high - difference.mean == pytest.approx(1.959964 * sd / math.sqrt(5))
    z = mean / (sd / math.sqrt(5))
    assert difference.p == pytest.approx(math.erfc(z / math.sqrt(2)))


# -- the command line ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


BASE = ["simulate", "dicht-dran", "--players", "3", "--games", "2"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--workers", "0"], "--workers must be at least 1, got 0"),
        (["--workers", "-3"], "--workers must be at least 1, got -3"),
        (["--compare", "passes"], "--compare takes KEY=V1,V2,..."),
        (["--compare", "passes=2"], "--compare takes KEY=V1,V2,..."),
        (["--compare", "passes=1,,2"], "--compare takes KEY=V1,V2,..."),
        (["--compare", "=1,2"], "--compare takes KEY=V1,V2,..."),
        (["--compare", "speed=1,2"], "dicht-dran has no option 'speed'; its options are: passes"),
        (
            ["--compare", "passes=1,99"],
            "option 'passes' of dicht-dran must be a whole number from 1 to 10, got '99'",
        ),
        (["--compare", "passes=1,01"], "--compare passes: the values name the same rule twice"),
        (
            ["--compare", "passes=1,2", "--option", "passes=3"],
            "--compare passes and --option passes=... name the same option",
        ),
        (["--ray", "127.0.0.1:1"], "cannot reach Ray at 127.0.0.1:1: Connection refused"),
        (["--ray", "head-node"], "--ray takes HOST:PORT, ray://HOST:PORT or auto, got 'head-node'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    code, out, err = run(capsys, *BASE, *extra)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("spieltisch: error: ")
    assert message in err


def test_report_needs_an_output_folder(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "report", "dicht-dran", "--players", "3", "--games", "2")
    assert code == 2
    assert err.count("\n") == 1
    assert "--out" in err


def test_simulate_json_compare_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*BASE, "--games", "20", "--compare", "passes=1,2", "--workers", "1"]
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0
    summary = json.loads(out)
    assert [v["value"] for v in summary["variants"]] == ["1", "2"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "passes=2 against passes=1: game length +" in out


def test_a_failed_ray_task_is_one_line_not_a_remote_traceback() -> None:
    """Ray wraps a task's error with the remote traceback; the simulator raises the task's
    own error (one line on the command line), and a lost worker as a SimulationError."""
    import types

    import ray.exceptions

    from spieltisch.core.errors import SeatCountError
    from spieltisch.sim.runner import SimulationError, _ray_result

    def fake_ray(error: Exception) -> Any:
        def get(ref: object) -> None:
            raise error

        return types.SimpleNamespace(get=get, exceptions=ray.exceptions)

    task_error = ray.exceptions.RayTaskError
    wrapped = task_error("play_chunk", "Traceback ...", SeatCountError("x"))  # type: ignore[no-untyped-call]
    with pytest.raises(SeatCountError, match=r"^x$"):
        _ray_result(fake_ray(wrapped), None)
    with pytest.raises(SimulationError, match="a Ray worker was lost"):
        _ray_result(fake_ray(ray.exceptions.WorkerCrashedError()), None)
