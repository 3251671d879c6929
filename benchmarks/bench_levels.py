"""Are the bot strength levels in order? Each level against the one below it, every game.

For every game (or ``--game``), two tournaments with rotated seats
(``spieltisch.sim.tournament``), the levels' specs taken from the game's descriptor
(``GameDescriptor.levels``): one ``medium`` seat against ``easy`` ones, and one ``hard``
seat against ``medium`` ones. A level passes when it wins more than the fair share of its
games (one in N at a table of N) against the level below, the whole 95 % confidence
interval of its win share above it.

``hard`` searches a second a move in most games, so its games are slow: ``--hard-games``
is small by default, and ``--hard-sims S`` plays it with ``sims=S`` instead of ``time=1``
(the same search on a budget that does not depend on how busy the machine is). Cento's hard
is its heuristic and its medium a weakened heuristic (``GameDescriptor.levels``): fast, and
``--hard-sims`` leaves them as they are.

Usage::

    python benchmarks/bench_levels.py [--game G] [--players N] [--games G] [--hard-games G]
        [--hard-sims S] [--seed S] [--workers W] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import time
from typing import Any

from spieltisch.games import REGISTRY, descriptor, make_game
from spieltisch.sim.tournament import tournament


def players_for(game_id: str, wanted: int) -> int:
    spec = make_game(game_id).spec
    return min(max(wanted, spec.min_seats), spec.max_seats)


def with_sims(spec: str, sims: int | None) -> str:
    """``spec`` with its time budget replaced by ``sims`` simulations (if given)."""
    return spec if sims is None else re.sub(r"time=[0-9.]+", f"sims={sims}", spec)


def duel(
    game_id: str, upper: str, lower: str, players: int, games: int, seed: int, workers: int
) -> dict[str, Any]:
    """One ``upper`` seat against ``lower`` ones: the upper bot's win share and its CI."""
    game = make_game(game_id)
    games = max(players, games - games % players)
    started = time.perf_counter()
    summary = tournament(
        game, players, games, seed, [upper] + [lower] * (players - 1), workers=workers
    )
    record = next(b for b in summary["bots"] if b["bot"] == upper)
    share = float(record["win_share"])
    low, high = record["win_share_ci95"]
    return {
        "game": game_id,
        "upper": upper,
        "lower": lower,
        "players": players,
        "games": games,
        "win_share": share,
        "ci95": [low, high],
        "times_fair": share * players,
        "passes": low > 1 / players,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(REGISTRY), action="append")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40, help="medium against easy")
    parser.add_argument("--hard-games", type=int, default=4, help="hard against medium")
    parser.add_argument("--hard-sims", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game_id in args.game or list(REGISTRY):
        levels = descriptor(game_id).levels
        players = players_for(game_id, args.players)
        pairs = [
            ("medium", "easy", args.games, levels["medium"]),
            ("hard", "medium", args.hard_games, with_sims(levels["hard"], args.hard_sims)),
        ]
        for upper, lower, games, spec in pairs:
            if games <= 0:
                continue
            row = duel(game_id, spec, levels[lower], players, games, args.seed, args.workers)
            row["levels"] = f"{upper} vs {lower}"
            rows.append(row)
            if not args.json:
                low, high = row["ci95"]
                print(
                    f"| {game_id} | {row['levels']} | {players} | {row['games']} | "
                    f"{row['win_share']:.3f} ({low:.3f}–{high:.3f}) | {row['times_fair']:.2f} | "
                    f"{'yes' if row['passes'] else 'NO'} | {row['seconds']} |",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
