"""What a search costs in machine instructions: a measure that does not depend on the load.

On a shared machine the time of the same search can differ by a third from one run to the
next (the CPU's speed is not ours to fix), which drowns the few per cent an engine change
gains. The number of instructions the program executes does not: this script runs ISMCTS
decisions under Valgrind's ``callgrind`` (about fifty times slower than normal) and counts
them. The same code gives the same count to within about half a per cent (the address
layout differs between runs).

For each game it runs ``--decisions`` searches (the first decision of fresh games, as
``bench_bots.py`` times them, and positions after a few random moves), each with 1000
simulations, and once with no search at all; the difference, divided by the simulations,
is the cost of one simulation. With ``--against SRC`` (another checkout's ``src``, for
instance a ``git worktree`` of the last commit) it counts that code too and gives the
change; it also checks that both chose the same moves.

With ``--openspiel`` (when ``open-spiel`` is installed, the ``bench`` extra) it also counts
OpenSpiel's Python ``ISMCTSBot`` on ``oh_hell`` (3 players, 1000 simulations a move, one
random rollout each, as ``bench_bots.py`` times it) on the first moves of twenty fresh deals, and
gives each game's ratio: OpenSpiel's instructions per simulation over ours. This ratio does
not move with the load; it is not the issue's measure (simulations per second), because an
instruction of OpenSpiel's C++ game takes less time than one of CPython's loop (compare the
two on the same machine: see ``docs/performance.md``).

Usage: ``python benchmarks/bench_instructions.py [--games G1,G2] [--decisions N]
[--spec SPEC] [--against SRC] [--openspiel] [--json]`` (needs ``valgrind`` on the
``PATH``).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

#: Simulations per decision, as in ``bench_bots.py``.
SIMULATIONS = 1000
DEFAULT_SPEC = "ismcts:horizon=10"
#: The name of OpenSpiel's run in ``--child`` and in the results.
OPENSPIEL = "openspiel:oh_hell"
#: OpenSpiel's searches counted: its cost differs much from deal to deal (the first
#: decision of a deal is a bid, among up to fourteen), so more deals than for our games.
OPENSPIEL_DECISIONS = 20


def child(game_id: str, decisions: int, spec: str) -> None:
    """Run ``decisions`` searches and print a digest of the moves and the simulations."""
    from spieltisch.bots import IsmctsBot, make_bot
    from spieltisch.games import make_game

    game = make_game(game_id)
    digest = hashlib.sha1()
    simulations = 0
    for index in range(decisions):
        state = game.new_state(4, index)
        chance = random.Random(index)
        for _ in range(index % 3 * 15):  # some positions later in the game
            if game.is_terminal(state):
                break
            seat = game.to_act(state)[0]
            game.apply(state, seat, chance.choice(game.legal_actions(state, seat)))
        seat = game.to_act(state)[0]
        bot = make_bot(f"{spec}:sims={SIMULATIONS}", game, index)
        assert isinstance(bot, IsmctsBot)
        action = bot.act(game.view(state, seat), game.legal_actions(state, seat))
        digest.update(repr(action).encode())
        simulations += bot.last_simulations
    print(digest.hexdigest()[:12], simulations)


def openspiel_child(decisions: int) -> None:
    """Like :func:`child`, for OpenSpiel's ISMCTS on ``oh_hell``: the first move of
    ``decisions`` fresh deals (``bench_bots.openspiel_rate``'s set-up)."""
    numpy: Any = importlib.import_module("numpy")
    pyspiel: Any = importlib.import_module("pyspiel")
    ismcts: Any = importlib.import_module("open_spiel.python.algorithms.ismcts")
    mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")

    game = pyspiel.load_game("oh_hell", {"players": 3})
    rng = numpy.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, SIMULATIONS, random_state=rng)
    # Its deals come from a sampler it makes unseeded for every simulation, so two runs
    # would count different searches; one seeded sampler makes the count repeatable.
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    bot._resampler_cb = lambda state, player: state.resample_from_infostate(player, sampler)
    digest = hashlib.sha1()
    for _ in range(decisions):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        digest.update(repr(bot.step(state)).encode())
    print(digest.hexdigest()[:12], decisions * SIMULATIONS)


def openspiel_installed() -> bool:
    """Whether OpenSpiel's Python ISMCTS can be imported."""
    try:
        importlib.import_module("open_spiel.python.algorithms.ismcts")
    except ImportError:
        return False
    return True


def counted(source: str | None, game_id: str, decisions: int, spec: str) -> tuple[int, str, int]:
    """Instructions of a child run (``source``: another ``src`` first on the path), the
    digest of its moves and its simulations."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    if source is not None:
        env["PYTHONPATH"] = source
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--child",
        game_id,
        str(decisions),
        spec,
    ]
    run = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    found = re.search(r"Collected\s*:\s*([\d,]+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"the counted run of {game_id} failed: {run.stderr.strip()[-300:]}")
    digest, simulations = run.stdout.split()
    return int(found.group(1).replace(",", "")), digest, int(simulations)


def per_simulation(
    source: str | None, game_id: str, decisions: int, spec: str
) -> tuple[float, str]:
    """Instructions per simulation, and the digest of the moves."""
    searches, digest, simulations = counted(source, game_id, decisions, spec)
    setup, _, _ = counted(source, game_id, 0, spec)
    return (searches - setup) / simulations, digest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", nargs=3, metavar=("GAME", "DECISIONS", "SPEC"))
    parser.add_argument("--games", default="", help="comma-separated ids (default: all)")
    parser.add_argument("--decisions", type=int, default=3)
    parser.add_argument("--spec", default=DEFAULT_SPEC)
    parser.add_argument("--against", metavar="SRC", help="another checkout's src directory")
    parser.add_argument(
        "--openspiel", action="store_true", help="count OpenSpiel's ISMCTS on oh_hell too"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.child:
        game_id, decisions, spec = args.child
        if game_id == OPENSPIEL:
            openspiel_child(int(decisions))
        else:
            child(game_id, int(decisions), spec)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: this benchmark counts instructions with it")
    if args.openspiel and not openspiel_installed():
        raise SystemExit(
            "--openspiel: OpenSpiel is not installed (it comes with the bench extra: "
            "pip install -e '.[bench]')"
        )
    from spieltisch.games import REGISTRY

    games = [g for g in args.games.split(",") if g] or sorted(REGISTRY)
    unknown = [g for g in games if g not in REGISTRY]
    if unknown:
        raise SystemExit(f"unknown game {unknown[0]!r}; known: {', '.join(sorted(REGISTRY))}")
    if args.against and not Path(args.against, "spieltisch").is_dir():
        raise SystemExit(f"--against {args.against}: no spieltisch package there")
    rows: list[dict[str, Any]] = []
    reference = None
    if args.openspiel:
        reference, _ = per_simulation(None, OPENSPIEL, OPENSPIEL_DECISIONS, args.spec)
        rows.append({"game": OPENSPIEL, "instructions_per_simulation": reference})
        if not args.json:
            print(f"{OPENSPIEL:17} {reference:>10,.0f} per simulation", flush=True)
    for game_id in games:
        row: dict[str, Any] = {"game": game_id}
        row["instructions_per_simulation"], digest = per_simulation(
            None, game_id, args.decisions, args.spec
        )
        if args.against:
            other, other_digest = per_simulation(args.against, game_id, args.decisions, args.spec)
            row["against"] = other
            row["change"] = row["instructions_per_simulation"] / other - 1
            row["same_moves"] = digest == other_digest
        if reference is not None:
            row["openspiel_ratio"] = reference / row["instructions_per_simulation"]
        rows.append(row)
        if not args.json:
            line = f"{game_id:17} {row['instructions_per_simulation']:>10,.0f} per simulation"
            if reference is not None:
                line += f"   OpenSpiel's over ours: {row['openspiel_ratio']:.2f}"
            if args.against:
                line += f"   against {other:>10,.0f}: {row['change']:+.1%}"
                line += "" if row["same_moves"] else "   (other moves!)"
            print(line, flush=True)
    if args.json:
        command = " ".join(["python", "benchmarks/bench_instructions.py", *(argv or sys.argv[1:])])
        print(json.dumps({"command": command, "spec": args.spec, "runs": rows}))


if __name__ == "__main__":
    main()
