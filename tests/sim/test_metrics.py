"""The designers' metrics: counted right on hand-made games, with sensible intervals, the
same whether games are saved or not, and in the summary, the printed table and the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.cli.main import main
from spieltisch.games import make_game
from spieltisch.sim.metrics import metrics_of, seconds_per_unit
from spieltisch.sim.runner import HalfTime, bot_seed, game_seed, play_quietly, simulate
from spieltisch.sim.tally import Tally, half_time_leader

NAMES = {"length", "minutes", "first_seat_advantage", "comebacks", "score_spread", "margin", "ties"}
KEYS = {"value", "low", "high", "unit", "label_en", "label_de", "n"}


def hand_made() -> Tally:
    """Three games of three seats, each with its standing at half-time."""
    tally = Tally(3)
    # seat 2 led at half-time and lost: a comeback
    tally.add((10, 5, 3), (1, 2, 3), 40, 10, halftime=(2, 4, 1))
    # a shared lead at half-time (left out) and a shared first place (a tie)
    tally.add((5, 5, 1), (1, 1, 3), 30, 8, halftime=(3, 3, 0))
    # seat 2 led and won
    tally.add((1, 8, 2), (3, 1, 2), 50, 12, halftime=(0, 5, 1))
    return tally


def test_metrics_of_hand_made_games() -> None:
    found = metrics_of(hand_made(), "triggs", "turns")
    assert set(found) == NAMES
    assert all(set(entry) == KEYS for entry in found.values())
    assert found["comebacks"]["value"] == 0.5  # one of the two games with a sole leader
    assert found["comebacks"]["n"] == 2
    assert found["ties"]["value"] == pytest.approx(1 / 3)
    assert found["score_spread"]["value"] == 6  # 7, 4 and 7
    assert found["margin"]["value"] == pytest.approx(11 / 3)  # 5, 0 and 6
    assert found["length"]["value"] == 10
    assert found["length"]["unit"] == "turns"
    # seat 1 won two of three; the fair share is the 4 first places over 9 seat-games
    assert found["first_seat_advantage"]["value"] == pytest.approx(2 / 3 - 4 / 9, abs=1e-6)
    assert found["minutes"]["value"] == pytest.approx(10 * seconds_per_unit("triggs", 3) / 60)
    assert found["minutes"]["unit"] == "min"


def test_intervals_hold_their_values_and_shares_stay_in_0_1() -> None:
    for entry in metrics_of(hand_made(), "triggs", "turns").values():
        assert entry["low"] <= entry["value"] <= entry["high"]
        if entry["unit"] == "share":
            assert entry["low"] >= -1
            assert entry["high"] <= 1


def test_intervals_narrow_with_more_games() -> None:
    few, many = (simulate(make_game("dicht-dran"), 3, n, 2, ["random"] * 3) for n in (40, 400))
    for name in ("length", "comebacks", "margin", "ties"):
        width = [s["metrics"][name]["high"] - s["metrics"][name]["low"] for s in (few, many)]
        assert width[1] < width[0], name


def test_without_a_standing_or_with_a_shared_lead_there_is_no_leader() -> None:
    assert half_time_leader(None) is None
    assert half_time_leader((1, 3, 3)) is None
    assert half_time_leader((1, 3, 2)) == 1


def test_half_time_is_the_standing_when_progress_first_reaches_half() -> None:
    game = make_game("dicht-dran")
    agents = [make_bot("random", game, bot_seed(3, 0, s)) for s in range(3)]
    outcome = play_quietly(game, agents, game_seed(3, 0))
    # play the same game again, noting the standing after every action
    agents = [make_bot("random", game, bot_seed(3, 0, s)) for s in range(3)]
    state = game.new_state(3, game_seed(3, 0))
    seen = [(game.progress(state), game.standing(state))]
    from spieltisch.core.match import next_action

    while not game.is_terminal(state):
        seat, action = next_action(game, state, agents)
        game.apply(state, seat, action)
        seen.append((game.progress(state), game.standing(state)))
    half = game.progress(state) / 2
    expected = next(standing for progress, standing in seen if progress >= half)
    assert outcome.halftime == tuple(expected)
    assert outcome.units == game.progress(state)


def test_half_time_counts_actions_for_a_game_without_a_unit() -> None:
    class Counted:
        length_unit = None

        def progress(self, state: Any) -> int:
            return 0

        def standing(self, state: Any) -> tuple[int, ...]:
            return (state["a"], state["b"])

    state = {"a": 0, "b": 0}
    half = HalfTime(Counted(), state)  # type: ignore[arg-type]
    for step in range(1, 11):
        state["a" if step <= 5 else "b"] += 1
        half.see(state, step)
    assert half.standing() == (5, 0)  # after 5 of 10 actions


def test_saved_games_give_the_same_metrics(tmp_path: Path) -> None:
    game = make_game("cento")
    quiet = simulate(game, 3, 12, 4, ["random"] * 3)
    saved = simulate(game, 3, 12, 4, ["random"] * 3, transcripts=tmp_path)
    assert quiet["metrics"] == saved["metrics"]


def test_skill_is_measured_only_when_asked() -> None:
    game = make_game("dicht-dran")
    plain = simulate(game, 4, 8, 1, ["random"] * 4)
    assert "skill_heuristic" not in plain["metrics"]
    asked = simulate(game, 4, 8, 1, ["random"] * 4, skill=8, skill_bot="heuristic:draw=0")
    for name in ("skill_heuristic", "skill_strongest"):
        entry = asked["metrics"][name]
        assert entry["n"] == 8  # two games at each of the four seats
        assert entry["low"] <= entry["value"] <= entry["high"]
    # the heuristic wins far more than a fair quarter among random bots (docs/bots.md)
    assert asked["metrics"]["skill_heuristic"]["value"] > 0.5
    # the other metrics do not change when skill is measured
    assert {k: v for k, v in asked["metrics"].items() if not k.startswith("skill")} == (
        plain["metrics"]
    )


def test_each_compared_variant_has_its_metrics() -> None:
    summary = simulate(
        make_game("dicht-dran"), 3, 30, 0, ["random"] * 3, compare=("passes", ["1", "3"])
    )
    lengths = [v["metrics"]["length"]["value"] for v in summary["variants"]]
    assert lengths[0] < lengths[1]
    assert summary["metrics"] == summary["variants"][0]["metrics"]


def test_the_summary_prints_the_metrics_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "dicht-dran", "--players", "3", "--games", "20", "--workers", "1"]
    assert main([*argv, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Kennzahlen (95-%-Intervall):" in out
    assert "Aufholjagden" in out
    assert "Runden" in out


def test_skill_zero_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "dicht-dran", "--players", "3", "--games", "2", "--skill", "0"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--skill must be at least 1, got 0" in err


def test_the_report_shows_the_metrics(tmp_path: Path) -> None:
    argv = ["report", "triggs", "--players", "2", "--games", "10", "--workers", "1"]
    assert main([*argv, "--out", str(tmp_path)]) == 0
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    for name in NAMES:
        assert f'data-metric="{name}"' in page
