"""Simulations as Ray tasks on a local Ray instance: the same summary as in one process.

Ray is in the ``test`` extra (through the ``ray`` extra), so this runs in CI. Starting Ray
takes about ten seconds, so one instance serves the whole module.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
import ray

from spieltisch.cli.main import main
from spieltisch.games import make_game
from spieltisch.sim.runner import simulate


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    yield
    ray.shutdown()


def summary(**kwargs: Any) -> dict[str, Any]:
    game = make_game("dicht-dran", {})
    result = simulate(game, 3, 80, 11, ["heuristic", "random", "random"], **kwargs)
    timing = result.pop("timing")
    result["backend"] = timing["backend"]
    return result


@pytest.mark.usefixtures("local_ray")
def test_ray_tasks_give_the_same_summary_as_one_process() -> None:
    inline = summary(workers=1)
    on_ray = summary(ray_address="")
    assert (inline.pop("backend"), on_ray.pop("backend")) == ("inline", "ray")
    assert json.dumps(inline) == json.dumps(on_ray)


@pytest.mark.usefixtures("local_ray")
def test_compare_on_ray_and_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "dicht-dran", "--players", "3", "--games", "30", "--json"]
    argv += ["--compare", "passes=1,2"]
    assert main([*argv, "--ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert main([*argv, "--workers", "1"]) == 0
    inline = json.loads(capsys.readouterr().out)
    assert on_ray.pop("timing")["backend"] == "ray"
    inline.pop("timing")
    assert on_ray == inline
    assert ray.is_initialized()  # a session the caller started is left running


@pytest.mark.usefixtures("local_ray")
def test_a_tuning_run_on_ray_gives_the_same_result_as_one_process() -> None:
    from spieltisch.sim.tune import parse_param, tune

    def run(**where: Any) -> dict[str, Any]:
        result = tune(
            "dicht-dran",
            3,
            [parse_param("passes=1..3")],
            "length=10",
            trials=3,
            games=12,
            bots=["random"],
            seed=2,
            recheck=1,
            **where,
        )
        assert result.pop("timing")["backend"] == ("ray" if where else "inline")
        return result

    assert run(ray_address="") == run()
    assert ray.is_initialized()


@pytest.mark.usefixtures("local_ray")
def test_skill_on_ray_is_the_same_as_in_one_process() -> None:
    game = make_game("dicht-dran", {})
    runs = [
        simulate(game, 3, 6, 4, ["random"] * 3, skill=6, skill_bot="heuristic", **where)
        for where in ({"workers": 1}, {"ray_address": ""})
    ]
    for run in runs:
        run.pop("timing")
    assert runs[0] == runs[1]
    assert "skill_strongest" in runs[0]["metrics"]
