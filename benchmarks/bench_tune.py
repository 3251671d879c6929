"""How long ``spieltisch tune`` takes: the goal of issue 31, and every game, and Ray.

Default: the goal, a tuning run of 30 trials × 2,000 four-player Dicht dran games with
heuristic bots, searching ``passes=1..3 hand_size=6..10 most_chilis=1..5`` (75 option sets,
centred on the rule sheet's, so the games are as long as usual) for seat balance; every trial
is a different option set (``tune`` does not replay one), so the search plays 60,000 games,
and the best 3 are re-checked with 4,000 games each (12,000 more). The row gives the search's
seconds (the goal's figure) and the whole run's. ``--trials`` and ``--games`` make it smaller;
then the time for the full run is projected from the CPU time per game, labelled as a
projection.

``--all``: the same figure for every game (its heuristic bots, its usual table, a search
space of at least 30 option sets of its own), at ``--trials`` × ``--games``.

``--param 'KEY=… KEY=…'``: search these instead.

``--ray``: the same run as Ray tasks on a local Ray instance of 2 CPUs against 1.

Usage: ``python benchmarks/bench_tune.py [--trials 30] [--games 2000] [--workers 2]
[--all] [--ray] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import resource
import shlex
import sys
import time
from typing import Any

from spieltisch.games import REGISTRY
from spieltisch.sim.tune import RECHECK, RECHECK_FACTOR, parse_param, tune

GOAL_SECONDS = 60.0
GOAL_TRIALS = 30
GOAL_GAMES = 2000

#: What each game searches: at least 30 option sets (so 30 trials play 30 of them), near the
#: rule sheet's values so that games are about as long as usual.
SEARCHED = {
    "dicht-dran": "passes=1..3 hand_size=6..10 most_chilis=1..5",
    "cento": "free_cards=0..8 hundred_mode=wild,number hand_size=6..8",
    "missionszahl": "bonus_from=2..4 bonus_step=5..15 swap=optional,compulsory",
    "triggs": "hand_limit=8..12 draw_count=1..3 refill=4..6",
    "magic-numbers": "start_points=8..16 theme_bonus=0..4",
}


def players_for(game_id: str) -> int:
    """A full table: four seats where the game allows, else its largest count."""
    spec = REGISTRY[game_id].spec
    return 4 if spec.min_seats <= 4 <= spec.max_seats else spec.max_seats


def cpu_seconds() -> float:
    """CPU time of this process and of its finished worker processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run(
    game_id: str,
    trials: int,
    games: int,
    workers: int,
    ray_address: str | None = None,
    searched: str | None = None,
) -> dict[str, Any]:
    """One tuning run: its seconds, games played and CPU milliseconds a game (processes
    included; a Ray worker's CPU time is not this process's, so it is left out there)."""
    cpu = cpu_seconds()
    started = time.perf_counter()
    result = tune(
        game_id,
        players_for(game_id),
        [parse_param(text) for text in (searched or SEARCHED[game_id]).split(" ")],
        "seat-balance",
        trials=trials,
        games=games,
        bots=["heuristic"],
        seed=1,
        workers=workers,
        ray_address=ray_address,
    )
    seconds = time.perf_counter() - started
    played = result["timing"]["games"]
    spent = cpu_seconds() - cpu
    full = GOAL_TRIALS * GOAL_GAMES + RECHECK * RECHECK_FACTOR * GOAL_GAMES
    return {
        "game": game_id,
        "trials": trials,
        "games_per_trial": games,
        "search_seconds": result["timing"]["search_seconds"],
        "search_games": result["timing"]["search_games"],
        "games_played": played,
        "distinct_trials": len({json.dumps(t["options"]) for t in result["trials"]}),
        "workers": workers,
        "backend": result["timing"]["backend"],
        "seconds": round(seconds, 2),
        "cpu_ms_per_game": None if ray_address is not None else round(1000 * spent / played, 3),
        "projected_goal_seconds_on_2_cores": None
        if ray_address is not None
        else round(full * spent / played / 2, 1),
        "best": result["best"]["options"] if result["best"] else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=GOAL_TRIALS)
    parser.add_argument("--games", type=int, default=GOAL_GAMES)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--all", action="store_true", help="every game")
    parser.add_argument("--ray", action="store_true", help="Ray with 2 CPUs against 1")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--param",
        help="what to search instead, e.g. 'passes=1..10 anchors_can_be_target=true,false'",
    )
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows: list[dict[str, Any]] = []
    if args.ray:
        import ray

        for cpus in (1, 2):
            ray.init(
                num_cpus=cpus,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
            try:
                rows.append(run("dicht-dran", args.trials, args.games, cpus, "", args.param))
            finally:
                ray.shutdown()
    else:
        for game_id in REGISTRY if args.all else ["dicht-dran"]:
            rows.append(run(game_id, args.trials, args.games, args.workers, None, args.param))
    report = {
        "command": shlex.join([sys.executable, *sys.argv]),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_before": load_before,
            "load_after": os.getloadavg()[0],
        },
        "goal": f"{GOAL_TRIALS} trials x {GOAL_GAMES} games in {GOAL_SECONDS:.0f} s on 2 cores",
        "rows": rows,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for row in rows:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
