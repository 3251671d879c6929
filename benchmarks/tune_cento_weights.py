"""Tune the Cento heuristic's weights on paired deals, then check the best on fresh deals.

Every trial is a set of weights (the parameters of ``heuristic:free=…:go_out=…``) played in
one seat of the same deals as the heuristic's own weights (common random numbers): each deal
is played once with the candidate in seat ``d mod players`` and once with the default
heuristic there, the other seats always default heuristics with the same seeds
(``bench_bots.paired``, whose deals these are). The default's half of each deal is played
once and kept. Optuna's TPE sampler (seeded) picks the weights; a trial's score is the mean
paired difference of win shares.

The best ``--recheck`` trials are then played on ``--confirm`` fresh deals (deal numbers from
``--confirm-first``, never seen while tuning), at the tuning table and at ``--also`` table
sizes, each with its 95 % interval.

Usage: ``python benchmarks/tune_cento_weights.py [--trials 60] [--deals 1000] [--players 4]
[--confirm 5000] [--also 2,3] [--variant 3] [--workers 2] [--seed 0] [--json]``; ``--spec
SPEC`` skips the tuning and only confirms SPEC; ``--variant`` plays Spiel 1, 2 or 3.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from spieltisch.bots import make_bot
from spieltisch.bots.cento import Weights
from spieltisch.bots.ismcts import win_shares
from spieltisch.core.chance import derive_seed
from spieltisch.core.match import play_match
from spieltisch.games import make_game

#: Each weight's search range (``follow`` counts only at two players, so it is not tuned).
SPACE: dict[str, tuple[float, float]] = {
    "free": (0.5, 4.0),
    "hundred": (0.3, 3.5),
    "reach": (0.0, 1.5),
    "mono": (0.0, 0.6),
    "oblige": (0.0, 3.0),
    "block": (0.0, 1.5),
    "go_out": (2.0, 16.0),
    "potential": (0.3, 2.0),
}


def spec_of(weights: dict[str, float]) -> str:
    """The bot spec of the heuristic with ``weights``."""
    return "heuristic" + "".join(f":{key}={value:g}" for key, value in weights.items())


def seat_share(spec: str, players: int, deal: int, variant: int | None = None) -> float:
    """The win share of deal ``deal``'s seat when ``spec`` plays it (as ``bench_bots.paired``),
    in Spiel ``variant`` (default: the game's)."""
    game = make_game("cento", {} if variant is None else {"variant": variant})
    seat = deal % players
    agents = [
        make_bot(spec if s == seat else "heuristic", game, derive_seed(77, "bot", deal, s))
        for s in range(players)
    ]
    result = play_match(game, agents, derive_seed(77, "deal", deal)).transcript.result
    assert result is not None
    return win_shares(result.ranking)[seat]


def _shares(spec: str, players: int, variant: int | None, deals: list[int]) -> list[float]:
    return [seat_share(spec, players, deal, variant) for deal in deals]


def shares(
    pool: ProcessPoolExecutor, spec: str, players: int, deals: range, variant: int | None = None
) -> list[float]:
    """``seat_share`` for every deal, spread over the pool's workers."""
    chunks = [list(deals[i : i + 50]) for i in range(0, len(deals), 50)]
    out: list[float] = []
    for part in pool.map(partial(_shares, spec, players, variant), chunks):
        out.extend(part)
    return out


def summary(mine: list[float], base: list[float]) -> dict[str, Any]:
    """The mean paired difference and its 95 % interval."""
    diffs = [a - b for a, b in zip(mine, base, strict=True)]
    mean = sum(diffs) / len(diffs)
    error = statistics.pstdev(diffs) / math.sqrt(len(diffs))
    return {
        "deals": len(diffs),
        "win_share": round(sum(mine) / len(mine), 4),
        "heuristic_win_share": round(sum(base) / len(base), 4),
        "difference": round(mean, 4),
        "ci95": [round(mean - 1.96 * error, 4), round(mean + 1.96 * error, 4)],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=60)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--recheck", type=int, default=3)
    parser.add_argument("--confirm", type=int, default=5000)
    parser.add_argument("--confirm-first", type=int, default=100_000)
    parser.add_argument("--also", default="2,3", help="other table sizes to confirm at")
    parser.add_argument("--variant", type=int, default=None, help="Spiel 1, 2 or 3")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--spec", action="append", help="confirm only these specs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"argv": sys.argv[1:]}
    with ProcessPoolExecutor(args.workers) as pool:
        if args.spec:
            candidates = list(args.spec)
        else:
            import optuna

            optuna.logging.set_verbosity(optuna.logging.WARNING)
            tuning = range(args.deals)
            base = shares(pool, "heuristic", args.players, tuning, args.variant)
            default = Weights()

            def objective(trial: optuna.Trial) -> float:
                weights = {k: trial.suggest_float(k, lo, hi) for k, (lo, hi) in SPACE.items()}
                mine = shares(pool, spec_of(weights), args.players, tuning, args.variant)
                score = summary(mine, base)["difference"]
                print(f"trial {trial.number}: {score:+.4f} {spec_of(weights)}", flush=True)
                return float(score)

            study = optuna.create_study(
                direction="maximize", sampler=optuna.samplers.TPESampler(seed=args.seed)
            )
            study.enqueue_trial({key: getattr(default, key) for key in SPACE})
            study.optimize(objective, n_trials=args.trials)
            tried = [t for t in study.trials[1:] if t.value is not None]  # not the default
            best = sorted(tried, key=lambda t: -float(t.value or 0.0))[: args.recheck]
            report["tuning"] = [
                {"trial": t.number, "difference": t.value, "spec": spec_of(t.params)} for t in best
            ]
            candidates = [spec_of({k: round(v, 2) for k, v in t.params.items()}) for t in best]
        tables = [args.players] + [int(n) for n in args.also.split(",") if n]
        report["confirm"] = []
        for players in tables:
            fresh = range(args.confirm_first, args.confirm_first + args.confirm)
            base = shares(pool, "heuristic", players, fresh, args.variant)
            for spec in candidates:
                row = {
                    "players": players,
                    "spec": spec,
                    **summary(shares(pool, spec, players, fresh, args.variant), base),
                }
                print(json.dumps(row), flush=True)
                report["confirm"].append(row)
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
