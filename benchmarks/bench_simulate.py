"""How many games per second ``spieltisch simulate`` plays, and the million-game goal.

Default: games per second of every game at its usual table (four seats where allowed),
with random and with heuristic bots, in one process (``workers=1``) and in two worker
processes (``workers=2``, processes forced even for short runs). Each measurement plays
about ``--seconds`` worth of games (a short calibration run picks the number).

``--million [GAMES]``: the goal of issue 10, one million games of Dicht dran (4 players,
heuristic bots) on two workers in at most 10 minutes. Without a number it plays the whole
million; with one (at least 50,000 for a fair projection) it plays that many and projects
the time for a million from the measured rate, labelled as a projection. It also prints the
peak memory of the run, which stays flat however many games are played.

Usage: ``python benchmarks/bench_simulate.py [--seconds S] [--json]`` or
``python benchmarks/bench_simulate.py --million [GAMES] [--workers N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shlex
import sys
import time
from typing import Any

from spieltisch.bots import HEURISTICS
from spieltisch.games import REGISTRY, make_game
from spieltisch.sim.runner import simulate

MILLION = 1_000_000
GOAL_SECONDS = 600.0


def players_for(game_id: str) -> int:
    """A full table: four seats where the game allows, else its largest count."""
    spec = REGISTRY[game_id].spec
    return 4 if spec.min_seats <= 4 <= spec.max_seats else spec.max_seats


def cpu_seconds() -> float:
    """CPU time of this process and of its finished worker processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def rate(game_id: str, bots: str, games: int, workers: int) -> tuple[float, float, float]:
    """``(games per second, seconds, CPU seconds)`` of one simulation, processes included.

    On a shared machine the wall-clock rate depends on the other load; the CPU seconds per
    game much less (other load still slows a core down through shared caches).
    """
    game = make_game(game_id)
    players = players_for(game_id)
    cpu = cpu_seconds()
    started = time.perf_counter()
    simulate(game, players, games, 1, [bots] * players, workers=workers, inline_below=0.0)
    elapsed = time.perf_counter() - started
    return games / elapsed, elapsed, cpu_seconds() - cpu


def measure_all(seconds: float) -> list[dict[str, Any]]:
    rows = []
    for game_id in REGISTRY:
        for bots in ("random", "heuristic"):
            if bots == "heuristic" and game_id not in HEURISTICS:
                continue
            calibration, _, _ = rate(game_id, bots, 20, 1)
            games = max(20, int(calibration * seconds))
            row: dict[str, Any] = {
                "game": game_id,
                "players": players_for(game_id),
                "bots": bots,
                "games": games,
            }
            for workers in (1, 2):
                per_second, _, cpu = rate(game_id, bots, games, workers)
                row[f"workers_{workers}"] = round(per_second, 1)
                if workers == 1:
                    row["cpu_ms_per_game"] = round(1000 * cpu / games, 2)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    return rows


def million(games: int, workers: int) -> dict[str, Any]:
    per_second, elapsed, cpu = rate("dicht-dran", "heuristic", games, workers)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    projected = MILLION / per_second
    on_idle_cores = cpu / games * MILLION / workers
    return {
        "games": games,
        "workers": workers,
        "seconds": round(elapsed, 1),
        "games_per_second": round(per_second, 1),
        "cpu_seconds": round(cpu, 1),
        "cpu_ms_per_game": round(1000 * cpu / games, 3),
        "seconds_for_a_million": round(projected, 1),
        "kind": "measured" if games >= MILLION else "projected from the measured rate",
        "seconds_for_a_million_from_cpu_time": round(on_idle_cores, 1),
        "goal_met": projected <= GOAL_SECONDS,
        "peak_rss_mib": {"main": round(own / 1024, 1), "largest_worker": round(usage / 1024, 1)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--million", nargs="?", type=int, const=MILLION, metavar="GAMES")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    header = {
        "command": shlex.join(["python", *sys.argv]),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
        "load_average_before": [round(x, 2) for x in os.getloadavg()],
    }
    if args.million is not None:
        result = {**header, **million(args.million, args.workers)}
        result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(result, indent=2))
        return
    rows = measure_all(args.seconds)
    header["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps({**header, "rows": rows}, indent=2))
        return
    for key, value in header.items():
        print(f"{key}: {value}")
    print()
    print(
        f"{'game':<14}{'players':>8}  {'bots':<10}{'games':>8}{'1 worker':>12}"
        f"{'2 workers':>12}{'CPU ms/game':>13}"
    )
    for row in rows:
        print(
            f"{row['game']:<14}{row['players']:>8}  {row['bots']:<10}{row['games']:>8}"
            f"{row['workers_1']:>12,.1f}{row['workers_2']:>12,.1f}{row['cpu_ms_per_game']:>13}"
        )
    print("\n(games per second, worker start-up included; CPU ms per game with 1 worker)")


if __name__ == "__main__":
    main()
