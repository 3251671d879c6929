"""Random-play speed of every Spieltisch game, compared with OpenSpiel's ``crazy_eights``.

Counts decisions (actions applied) per second on one core, driving each game through the
public API with uniformly random legal actions, in two modes:

* ``apply``: the search-style loop with the unchecked :meth:`Game.apply`, like OpenSpiel's
  ``apply_action`` (the like-for-like comparison; the goal is a ratio of at least 1.5);
* ``play``: the checked :meth:`Game.play`, which also builds the events.

New games are dealt with ``new_state(players, seed=i)`` for i = 0, 1, 2, ... and their cost is
included, as OpenSpiel's chance nodes are. The machine may be noisy, so the measurements are
interleaved: in every round each Spieltisch measurement is paired with an OpenSpiel
measurement taken right next to it (which one goes first alternates by round), and the table
shows medians over the rounds of the rates and of the paired ratios.

Usage: ``python benchmarks/bench_random_play.py [--seconds S] [--rounds R] [--json]``.
OpenSpiel is the optional ``bench`` extra (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import json
import os
import platform
import random
import shlex
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spieltisch.games import REGISTRY, make_game

#: Games played between two looks at the clock.
CHECK_EVERY = 50
#: Spieltisch "apply" must be at least this many times as fast as OpenSpiel.
GOAL_RATIO = 1.5
OPENSPIEL_GAME = "crazy_eights"
MODES = ("apply", "play")


@dataclass
class Row:
    """One Spieltisch measurement series: a game, a seat count and a mode."""

    game: str
    players: int
    mode: str
    rates: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)

    def median_rate(self) -> float:
        """Median decisions per second over the rounds."""
        return statistics.median(self.rates)

    def median_ratio(self) -> float | None:
        """Median of the per-round ratios to OpenSpiel (``None`` without OpenSpiel)."""
        return statistics.median(self.ratios) if self.ratios else None

    def goal_met(self) -> bool | None:
        """Whether the goal holds; ``None`` for "play" rows or without OpenSpiel."""
        ratio = self.median_ratio()
        if self.mode != "apply" or ratio is None:
            return None
        return ratio >= GOAL_RATIO


def timed(run_games: Callable[[int], int], seconds: float) -> float:
    """Decisions per second of ``run_games(first_seed)`` (which plays :data:`CHECK_EVERY`
    games from that seed on and returns its decisions), called until ``seconds`` passed."""
    gc.collect()
    decisions = 0
    seed = 0
    start = time.perf_counter()
    while True:
        decisions += run_games(seed)
        seed += CHECK_EVERY
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def spieltisch_runner(game_id: str, players: int, mode: str) -> Callable[[int], int]:
    """A batch of random Spieltisch games for :func:`timed`, in ``mode`` "apply" or "play"."""
    game = make_game(game_id)
    step: Callable[..., object] = game.play if mode == "play" else game.apply

    def run_games(first_seed: int) -> int:
        decisions = 0
        for seed in range(first_seed, first_seed + CHECK_EVERY):
            draw = random.Random(seed).random
            state = game.new_state(players, seed)
            while not game.is_terminal(state):
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                step(state, seat, legal[int(draw() * len(legal))])
                decisions += 1
        return decisions

    return run_games


def openspiel_runner(pyspiel: Any) -> Callable[[int], int]:
    """A batch of random OpenSpiel ``crazy_eights`` games for :func:`timed`; chance outcomes
    are drawn uniformly and only decision nodes count."""
    game = pyspiel.load_game(OPENSPIEL_GAME)

    def run_games(first_seed: int) -> int:
        decisions = 0
        for seed in range(first_seed, first_seed + CHECK_EVERY):
            draw = random.Random(seed).random
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    s.apply_action(outcomes[int(draw() * len(outcomes))][0])
                else:
                    legal = s.legal_actions()
                    s.apply_action(legal[int(draw() * len(legal))])
                    decisions += 1
        return decisions

    return run_games


def load_pyspiel() -> tuple[Any, str | None]:
    """The ``pyspiel`` module and its version, or ``(None, None)`` if it is not installed."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None, None
    try:
        version = importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        version = getattr(pyspiel, "__version__", "unknown")
    return pyspiel, version


def benchmark(seconds: float, rounds: int, pyspiel: Any) -> tuple[list[Row], list[float]]:
    """Run the interleaved rounds; return the Spieltisch rows and every OpenSpiel rate."""
    rows = [
        Row(game_id, players, mode)
        for game_id, cls in REGISTRY.items()
        for players in cls.spec.seat_counts
        for mode in MODES
    ]
    runners = [spieltisch_runner(row.game, row.players, row.mode) for row in rows]
    reference = openspiel_runner(pyspiel) if pyspiel is not None else None
    openspiel_rates: list[float] = []
    for round_number in range(rounds):
        for row, runner in zip(rows, runners, strict=True):
            if reference is None:
                row.rates.append(timed(runner, seconds))
                continue
            if round_number % 2 == 0:
                base = timed(reference, seconds)
                rate = timed(runner, seconds)
            else:
                rate = timed(runner, seconds)
                base = timed(reference, seconds)
            openspiel_rates.append(base)
            row.rates.append(rate)
            row.ratios.append(rate / base)
    return rows, openspiel_rates


def report(
    rows: list[Row],
    openspiel_rates: list[float],
    pyspiel_version: str | None,
    args: argparse.Namespace,
) -> dict[str, Any]:
    """All figures and the circumstances of the run, as one JSON-ready object."""
    return {
        "command": shlex.join(sys.orig_argv),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
        "pyspiel_version": pyspiel_version,
        "seconds": args.seconds,
        "rounds": args.rounds,
        "goal": f"apply ratio >= {GOAL_RATIO}",
        "openspiel": None
        if not openspiel_rates
        else {
            "game": OPENSPIEL_GAME,
            "median_decisions_per_s": statistics.median(openspiel_rates),
            "decisions_per_s": openspiel_rates,
        },
        "results": [
            {
                "game": row.game,
                "players": row.players,
                "mode": row.mode,
                "median_decisions_per_s": row.median_rate(),
                "median_ratio": row.median_ratio(),
                "goal_met": row.goal_met(),
                "decisions_per_s": row.rates,
                "ratios": row.ratios,
            }
            for row in rows
        ],
    }


def print_table(data: dict[str, Any]) -> None:
    """Print the report as a readable table."""
    print(f"command:   {data['command']}")
    print(f"python:    {data['python']}   cpu_count: {data['cpu_count']}")
    print(f"pyspiel:   {data['pyspiel_version'] or 'not installed'}")
    print(f"rounds:    {data['rounds']} x {data['seconds']} s per measurement, interleaved")
    openspiel = data["openspiel"]
    if openspiel is not None:
        rate = openspiel["median_decisions_per_s"]
        print(f"OpenSpiel {OPENSPIEL_GAME} (default parameters): {rate:,.0f} decisions/s (median)")
    print()
    header = f"{'game':<14} {'players':>7} {'mode':<5} {'decisions/s':>12} {'ratio':>7}  goal"
    print(header)
    print("-" * len(header))
    for result in data["results"]:
        ratio = result["median_ratio"]
        goal = result["goal_met"]
        print(
            f"{result['game']:<14} {result['players']:>7} {result['mode']:<5} "
            f"{result['median_decisions_per_s']:>12,.0f} "
            f"{'-' if ratio is None else f'{ratio:.2f}':>7}  "
            f"{'-' if goal is None else ('met' if goal else 'NOT met')}"
        )
    print()
    print(f"goal: median ratio >= {GOAL_RATIO} vs OpenSpiel {OPENSPIEL_GAME}, in 'apply' mode")


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, run the benchmark and print the table or the JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    pyspiel, version = load_pyspiel()
    if pyspiel is None:
        print(
            "pyspiel is not installed (pip install -e '.[bench]'): skipping the OpenSpiel "
            "comparison",
            file=sys.stderr if args.json else sys.stdout,
        )
    rows, openspiel_rates = benchmark(args.seconds, args.rounds, pyspiel)
    data = report(rows, openspiel_rates, version, args)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print_table(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
