"""The Dicht dran heuristic bot before and after the speed-ups of issue 10.

Loads the bot as it was at commit ``6427285`` (with ``git show``, so run it inside the
repository) next to the current one, with its compiled arithmetic and without (the Python
that runs where no C compiler built it), and times whole four-player games with each on the
same seeds, interleaved, in CPU time (the game engine is today's for all three). All play
the same games: the speed-ups did not change a decision
(``tests/bots/test_dicht_dran_same_play.py``).

Usage: ``python benchmarks/bench_dicht_dran_bot.py [--games G] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import spieltisch.bots.dicht_dran as current
from spieltisch.core.chance import derive_seed
from spieltisch.games import make_game
from spieltisch.sim.runner import game_seed, play_quietly

BEFORE = "6427285"


def old_bot_module() -> ModuleType:
    source = subprocess.run(
        ["git", "show", f"{BEFORE}:src/spieltisch/bots/dicht_dran.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "dicht_dran_before.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("dicht_dran_before", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ms_per_game(make: Callable[[Any, int], Any], first: int, games: int) -> float:
    game = make_game("dicht-dran")
    started = time.process_time()
    for index in range(first, first + games):
        agents = [make(game, derive_seed(1, "bot", index, seat)) for seat in range(4)]
        play_quietly(game, agents, game_seed(1, index))
    return (time.process_time() - started) / games * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per round and bot")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    before = old_bot_module().DichtDranBot
    compiled = current.DichtDranBot
    if not current.COMPILED:
        print("note: the C extension is not built; 'after' runs the Python too")

    def python(game: Any, seed: int) -> Any:
        return current.DichtDranBot(game, seed, use_compiled=False)

    rows = []
    for round_ in range(args.rounds):
        first = round_ * args.games
        rows.append(tuple(ms_per_game(m, first, args.games) for m in (before, compiled, python)))
    print(f"command: {' '.join(['python', *sys.argv])}")
    print(f"games: {args.rounds} rounds x {args.games} four-player games per bot, CPU time")
    for label, column in ((f"before ({BEFORE})", 0), ("after", 1), ("after, Python only", 2)):
        median = statistics.median(row[column] for row in rows)
        ratio = statistics.median(row[0] / row[column] for row in rows)
        print(f"{label + ':':26}{median:6.2f} ms/game (median), speed-up {ratio:.2f}x")


if __name__ == "__main__":
    main()
