"""The RL speed benchmark: every runner plays whole games and counts one step per action an
agent takes, and a short run reports every game against its peers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spieltisch.games import REGISTRY
from tests.helpers import load_benchmark

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")
pytest.importorskip("rlcard", reason="the bench extra (rlcard) is not installed")


def test_the_openspiel_runner_counts_decisions_not_chance() -> None:
    """Kuhn poker deals two cards by chance, then two or three bets: five games take
    between 10 and 15 decisions."""
    bench = load_benchmark("bench_rl")
    steps = bench.openspiel_runner(pyspiel.load_game("kuhn_poker"))(0)
    assert 2 * bench.GAMES_PER_CHECK <= steps <= 3 * bench.GAMES_PER_CHECK


def test_the_aec_runner_takes_every_action_of_the_game() -> None:
    """On a Spieltisch environment, the runner's steps are exactly the actions played."""
    bench = load_benchmark("bench_rl")
    from spieltisch.rl import pettingzoo as spieltisch_pettingzoo

    env = spieltisch_pettingzoo.env("magic-numbers", players=2)
    actions = 0
    table = env.unwrapped.table
    play = table.play

    def counted(*args: Any) -> Any:
        nonlocal actions
        actions += 1
        return play(*args)

    table.play = counted
    steps = bench.aec_runner(env)(0)
    assert steps == actions > 0


def test_a_short_run_reports_every_game_against_its_peers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_benchmark("bench_rl")
    bench.main(["--seconds", "0.01", "--rounds", "1", "--players", "3", "--json"])
    data = json.loads(capsys.readouterr().out)
    rows = {(row["interface"], row["env"]): row for row in data["results"]}
    for game_id in REGISTRY:
        aec = rows["pettingzoo", game_id]
        assert aec["reference"] == bench.POKER
        assert aec["goal_met"] == (aec["median_ratio"] >= bench.GOAL_RATIO)
        assert rows["openspiel", game_id]["reference"] == bench.CRAZY_EIGHTS
        assert aec["players"] == 3  # every game seats three
    assert rows["rlcard", bench.UNO]["median_steps_per_s"] > 0
    assert rows["pettingzoo", bench.POKER]["median_ratio"] is None
