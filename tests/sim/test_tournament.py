"""Tournaments: rotated seats, per-bot results, ratings, and the same object for the same
arguments."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spieltisch.cli.main import main
from spieltisch.core.errors import BotSpecError
from spieltisch.games import make_game
from spieltisch.sim.stats import wilson
from spieltisch.sim.tournament import tournament


def run(bots: list[str], games: int = 6, players: int = 3) -> dict[str, Any]:
    game = make_game("dicht-dran", {"passes": 1})
    summary = tournament(game, players, games, 4, bots)
    summary.pop("timing")
    return summary


def test_every_bot_sits_in_every_seat_equally_and_repeats_pool() -> None:
    summary = run(["random", "random", "ismcts:sims=5"], games=6)
    bots = {bot["bot"]: bot for bot in summary["bots"]}
    assert bots["random"]["seats_played"] == 12
    assert bots["ismcts:sims=5"]["seats_played"] == 6
    assert len(bots["random"]["win_share_by_seat"]) == 3
    total = sum(b["win_share"] * b["seats_played"] for b in bots.values())
    assert total == pytest.approx(6)  # one win (shared or not) per game


def test_same_arguments_same_result() -> None:
    assert run(["random", "random", "random"]) == run(["random", "random", "random"])


def test_ratings_and_intervals_are_reported() -> None:
    summary = run(["ismcts:sims=20", "random", "random"], games=9)
    for bot in summary["bots"]:
        low, high = bot["win_share_ci95"]
        assert 0 <= low <= bot["win_share"] <= high <= 1
        assert set(bot["rating"]) == {"mu", "sigma", "ordinal"}


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(12.5, 25)  # shared wins count in part
    assert low < 0.5 < high


@pytest.mark.parametrize(
    ("bots", "games", "message"),
    [
        (["random", "random"], 6, "one bot per seat"),
        (["random", "random", "random"], 7, "must be a multiple of 3"),
        (["random", "oracle", "random"], 6, "unknown bot 'oracle'"),
    ],
)
def test_bad_tournaments_are_refused(bots: list[str], games: int, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        tournament(make_game("dicht-dran"), 3, games, 0, bots)


def test_the_command_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "dicht-dran", "--bots", "random,random,random", "--players", "3"]
    assert main([*argv, "--games", "3", "--option", "passes=1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["lineup"] == ["random"] * 3
    assert summary["bots"][0]["seats_played"] == 9
    assert main([*argv, "--games", "4"]) == 2
    assert "must be a multiple of 3" in capsys.readouterr().err
