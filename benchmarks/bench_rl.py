"""Speed of the research interfaces: PettingZoo AEC steps per second of every game, against
PettingZoo's own ``texas_holdem_v4`` and RLCard's UNO, and the OpenSpiel interface against
OpenSpiel's C++ ``crazy_eights``, all in the same run on one core.

Every environment is driven the same way: a game from a fresh reset (seed 0, 1, 2, ...), the
acting agent's observation built at every step, and a uniformly random legal action taken
from the action mask (PettingZoo), the legal actions (RLCard) or ``legal_actions()`` with
``observation_tensor()`` (OpenSpiel; chance outcomes drawn uniformly, not counted). A step
is one action an agent takes. The process is pinned to one core where the system allows,
and rates are steps per second of its own CPU time (``time.process_time``): on a machine
shared with other work, wall-clock rates swing with the others' load.

Measurements are interleaved: in every round each environment is measured once (the order
turns by one each round), and a game's ratio is its rate over its reference's rate *in the
same round*; the table shows medians over the rounds. Goal: every game's AEC rate at least
:data:`GOAL_RATIO` times ``texas_holdem_v4``'s.

Usage: ``python benchmarks/bench_rl.py [--seconds S] [--rounds R] [--players N] [--json]``.
Needs the ``rl`` and ``bench`` extras (``pip install -e '.[rl,bench]'``: PettingZoo,
OpenSpiel, RLCard).
"""

from __future__ import annotations

import argparse
import gc
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
from typing import Any

from spieltisch.games import REGISTRY

#: Games played between two looks at the clock.
GAMES_PER_CHECK = 5
#: Every game's AEC rate must be at least this many times ``texas_holdem_v4``'s.
GOAL_RATIO = 5.0
POKER = "texas_holdem_v4"
UNO = "rlcard uno"
CRAZY_EIGHTS = "crazy_eights"

#: Plays :data:`GAMES_PER_CHECK` games from a first seed on; returns the steps taken.
Runner = Callable[[int], int]


class Row:
    """One environment's measurements, and the reference its ratio is taken against."""

    def __init__(self, name: str, interface: str, reference: str | None, runner: Runner) -> None:
        self.name = name
        self.interface = interface
        self.reference = reference
        self.runner = runner
        self.rates: list[float] = []
        self.ratios: list[float] = []

    def median_rate(self) -> float:
        return statistics.median(self.rates)

    def median_ratio(self) -> float | None:
        return statistics.median(self.ratios) if self.ratios else None


def timed(runner: Runner, seconds: float) -> float:
    """Steps per second of this process's CPU time, ``runner`` called until ``seconds`` of
    it have passed."""
    gc.collect()
    steps = 0
    seed = 0
    start = time.process_time()
    while True:
        steps += runner(seed)
        seed += GAMES_PER_CHECK
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return steps / elapsed


def aec_runner(env: Any) -> Runner:
    """Random games of a PettingZoo AEC environment: the acting agent's observation and mask
    (``env.last()``) at every step, a random legal action from the mask."""
    import numpy as np

    def run(first_seed: int) -> int:
        steps = 0
        for seed in range(first_seed, first_seed + GAMES_PER_CHECK):
            draw = random.Random(seed).random
            env.reset(seed=seed)
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[int(draw() * len(legal))]))
                steps += 1
        return steps

    return run


def rlcard_runner(env: Any) -> Runner:
    """Random games of an RLCard environment (it builds the acting player's observation at
    every step)."""

    def run(first_seed: int) -> int:
        steps = 0
        for seed in range(first_seed, first_seed + GAMES_PER_CHECK):
            draw = random.Random(seed).random
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(draw() * len(legal))])
                steps += 1
        return steps

    return run


def openspiel_runner(game: Any) -> Runner:
    """Random games of an OpenSpiel game: the acting player's observation tensor at every
    decision, a random legal action; chance outcomes drawn uniformly (not counted)."""

    def run(first_seed: int) -> int:
        steps = 0
        for seed in range(first_seed, first_seed + GAMES_PER_CHECK):
            draw = random.Random(seed).random
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(draw() * len(outcomes))][0])
                    continue
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
                steps += 1
        return steps

    return run


def players_for(game_id: str, wanted: int) -> int:
    """``wanted`` players if the game allows them, else the nearest count it allows."""
    seats = REGISTRY[game_id].spec.seat_counts
    return min(max(wanted, seats.start), seats.stop - 1)


def make_rows(players: int) -> list[Row]:
    """Every environment to measure: Spieltisch's AEC and OpenSpiel interfaces for every
    game, and the peers they are compared with."""
    import pyspiel
    import rlcard
    from pettingzoo.classic import texas_holdem_v4

    import spieltisch.rl.openspiel as spieltisch_openspiel
    from spieltisch.rl import pettingzoo as spieltisch_pettingzoo

    rows = [Row(POKER, "pettingzoo", None, aec_runner(texas_holdem_v4.env()))]
    for game_id in REGISTRY:
        env = spieltisch_pettingzoo.env(game_id, players=players_for(game_id, players))
        rows.append(Row(game_id, "pettingzoo", POKER, aec_runner(env)))
    rows.append(Row(UNO, "rlcard", POKER, rlcard_runner(rlcard.make("uno", {"seed": 0}))))
    rows.append(
        Row(CRAZY_EIGHTS, "openspiel", None, openspiel_runner(pyspiel.load_game(CRAZY_EIGHTS)))
    )
    for game_id in REGISTRY:
        name = spieltisch_openspiel.openspiel_name(game_id)
        game = pyspiel.load_game(name, {"players": players_for(game_id, players)})
        rows.append(Row(game_id, "openspiel", CRAZY_EIGHTS, openspiel_runner(game)))
    return rows


def benchmark(rows: list[Row], seconds: float, rounds: int) -> None:
    """Measure every row once per round, in an order that turns by one each round, and
    take each row's ratio to its reference within the round."""
    for round_number in range(rounds):
        start = round_number % len(rows)
        rates: dict[tuple[str, str], float] = {}
        for row in rows[start:] + rows[:start]:
            rate = timed(row.runner, seconds)
            row.rates.append(rate)
            rates[row.interface, row.name] = rate
        for row in rows:
            if row.reference is not None:
                reference_interface = "openspiel" if row.interface == "openspiel" else "pettingzoo"
                row.ratios.append(
                    rates[row.interface, row.name] / rates[reference_interface, row.reference]
                )


def pin_to_one_core() -> int | None:
    """Run on one core where the system allows it; returns that core."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def versions() -> dict[str, str]:
    """The versions of the packages measured."""
    found = {}
    for package in ("pettingzoo", "rlcard", "open_spiel", "numpy"):
        try:
            found[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            found[package] = "not installed"
    return found


def report(rows: list[Row], args: argparse.Namespace, core: int | None) -> dict[str, Any]:
    """All figures and the circumstances of the run, as one JSON-ready object."""
    return {
        "command": shlex.join(sys.orig_argv),
        "python": platform.python_version(),
        "core": core,
        "versions": versions(),
        "seconds": args.seconds,
        "rounds": args.rounds,
        "players": args.players,
        "goal": f"every game's pettingzoo steps/s >= {GOAL_RATIO} x {POKER}",
        "results": [
            {
                "interface": row.interface,
                "env": row.name,
                "players": players_for(row.name, args.players) if row.name in REGISTRY else None,
                "median_steps_per_s": row.median_rate(),
                "reference": row.reference,
                "median_ratio": row.median_ratio(),
                "goal_met": goal_met(row),
                "steps_per_s": row.rates,
                "ratios": row.ratios,
            }
            for row in rows
        ],
    }


def goal_met(row: Row) -> bool | None:
    """Whether a Spieltisch game's AEC rate meets the goal (``None`` for other rows)."""
    ratio = row.median_ratio()
    if row.interface != "pettingzoo" or row.name not in REGISTRY or ratio is None:
        return None
    return ratio >= GOAL_RATIO


def print_table(data: dict[str, Any]) -> None:
    """The report as a readable table."""
    print(f"command:  {data['command']}")
    print(f"python:   {data['python']}   pinned to core: {data['core']}")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in data["versions"].items()))
    print(f"rounds:   {data['rounds']} x {data['seconds']} s per measurement, interleaved")
    print()
    header = (
        f"{'interface':<10} {'env':<16} {'players':>7} {'steps/s':>10} {'ratio':>7} {'vs':<16} goal"
    )
    print(header)
    print("-" * len(header))
    for result in data["results"]:
        ratio = result["median_ratio"]
        goal = result["goal_met"]
        print(
            f"{result['interface']:<10} {result['env']:<16} {result['players'] or '-':>7} "
            f"{result['median_steps_per_s']:>10,.0f} "
            f"{'-' if ratio is None else f'{ratio:.2f}':>7} {result['reference'] or '-':<16} "
            f"{'-' if goal is None else ('met' if goal else 'NOT met')}"
        )
    print()
    print(f"goal: {data['goal']}")


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, run the benchmark and print the table or the JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--players", type=int, default=4, help="seats of every Spieltisch game")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    try:
        rows = make_rows(args.players)
    except ImportError as missing:
        parser.error(f"{missing.name} is missing: pip install -e '.[rl,bench]'")
    core = pin_to_one_core()
    benchmark(rows, args.seconds, args.rounds)
    data = report(rows, args, core)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print_table(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
