"""Tournaments: rotated seats, per-bot results, ratings, and the same object for the same
arguments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spieltisch.cli.main import main
from spieltisch.core.errors import BotSpecError
from spieltisch.core.transcript import Transcript, replay
from spieltisch.games import make_game
from spieltisch.sim.runner import SimulationError
from spieltisch.sim.stats import wilson
from spieltisch.sim.tournament import seating, tournament


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
        (["random", "random", "random"], 7, "must be a positive multiple of 3"),
        (["random", "random", "random"], 0, "must be a positive multiple of 3"),
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
    assert summary["fair_share"] == pytest.approx(1 / 3)
    assert summary["game_seeds"] == 'derive_seed(0, "game", i) for i in 0..2'
    assert summary["bots"][0]["seats_played"] == 9
    assert main([*argv, "--games", "4"]) == 2
    assert "must be a positive multiple of 3" in capsys.readouterr().err


def test_several_processes_give_the_same_tournament() -> None:
    """The games go out to worker processes in chunks and come back in their order, so
    the win shares, scores and the ratings (updated game by game) are the same."""
    game = make_game("dicht-dran", {"passes": 1})
    bots = ["heuristic", "random", "ismcts:sims=10"]
    alone = tournament(game, 3, 9, 7, bots)
    pooled = tournament(game, 3, 9, 7, bots, workers=2, inline_below=0.0)
    assert alone.pop("timing")["backend"] == "inline"
    timing = pooled.pop("timing")
    assert (timing["backend"], timing["workers"]) == ("processes", 2)
    assert pooled == alone


def test_every_game_is_saved_and_replays_to_its_result(tmp_path: Path) -> None:
    game = make_game("triggs", {"round_limit": 10})
    bots = ["heuristic", "random", "random"]
    summary = tournament(game, 3, 6, 3, bots, transcripts=tmp_path / "games")
    files = sorted((tmp_path / "games").iterdir())
    assert [f.name for f in files] == [f"triggs-{i:06d}.json" for i in range(6)]
    credit = 0.0
    for index, path in enumerate(files):
        transcript = Transcript.load(path)
        assert transcript.agents == list(seating(bots, index))
        assert transcript.options == dict(game.options)
        state = replay(game, transcript, verify=True)
        assert transcript.result is not None
        assert list(game.scores(state)) == list(transcript.result.scores)
        seat = transcript.agents.index("heuristic")
        leaders = transcript.result.ranking.count(1)
        credit += 1 / leaders if transcript.result.ranking[seat] == 1 else 0.0
    heuristic = next(bot for bot in summary["bots"] if bot["bot"] == "heuristic")
    assert heuristic["win_share"] == pytest.approx(credit / 6)


def test_a_file_where_the_transcripts_should_go_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken"
    taken.write_text("mine", encoding="utf-8")
    with pytest.raises(SimulationError, match="that is a file, not a folder"):
        tournament(make_game("dicht-dran"), 3, 3, 0, ["random"] * 3, transcripts=taken)
    assert taken.read_text(encoding="utf-8") == "mine"
    argv = ["tournament", "dicht-dran", "--bots", "random,random,random", "--players", "3"]
    assert main([*argv, "--games", "3", "--transcripts", str(taken)]) == 2
    assert "that is a file, not a folder" in capsys.readouterr().err
    assert main([*argv, "--games", "3", "--workers", "0"]) == 2
    assert "workers must be at least 1, got 0" in capsys.readouterr().err
