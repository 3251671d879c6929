"""How fast ISMCTS searches and how strong the bots are.

Speed (default): ISMCTS simulations per second on one core, for every registered game, on
the first decision of several fresh games. When ``open-spiel`` is installed (the ``bench``
extra), OpenSpiel's Python ``ISMCTSBot`` on ``oh_hell`` (3 players, 1000 simulations per
move, one random rollout per simulation) is measured in the same run, interleaved, and each
game's figure is given as a ratio to it. Goal: at least 3 times its simulations per second.

Strength (``--strength``): tournaments with rotated seats (``spieltisch.sim.tournament``):
``heuristic`` against ``random`` in a full table of every game that has a heuristic bot
(goal: at least 1.6 times the fair share of wins), and ``ismcts:time=T`` against
``heuristic`` (goal: the same margin).

Usage: ``python benchmarks/bench_bots.py [--seconds S] [--rounds R] [--json]`` or
``python benchmarks/bench_bots.py --strength [--games G] [--ismcts-time T] [--ismcts-games G]
[--workers W]``
or ``python benchmarks/bench_bots.py --paired SPEC [--game G] [--players N] [--deals D]``
(a spec against the heuristic, deal by deal, see :func:`paired`).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import math
import platform
import shlex
import statistics
import sys
import time
from typing import Any

from spieltisch.bots import HEURISTICS, IsmctsBot, make_bot
from spieltisch.bots.ismcts import win_shares
from spieltisch.core.chance import derive_seed
from spieltisch.core.match import play_match
from spieltisch.games import REGISTRY, make_game
from spieltisch.sim.runner import default_workers
from spieltisch.sim.tournament import tournament

#: Simulations per ISMCTS decision in the speed measurement (as in OpenSpiel's run).
SIMULATIONS = 1000
GOAL_SPEED_RATIO = 3.0
#: The ISMCTS specs timed by default: full random playouts, and playouts cut after 10 actions.
DEFAULT_SPECS = ["ismcts", "ismcts:horizon=10"]
GOAL_STRENGTH = 1.6


def players_for(game_id: str) -> int:
    """A full table: four seats where the game allows, else its largest count."""
    spec = REGISTRY[game_id].spec
    return 4 if spec.min_seats <= 4 <= spec.max_seats else spec.max_seats


def spieltisch_rate(game_id: str, seconds: float, spec: str) -> float:
    """ISMCTS simulations per second on first decisions of fresh games."""
    game = make_game(game_id)
    players = players_for(game_id)
    done = 0
    gc.collect()
    started = time.perf_counter()
    index = 0
    budget = f"{spec}:sims={SIMULATIONS}"
    while time.perf_counter() - started < seconds:
        state = game.new_state(players, index)
        seat = game.to_act(state)[0]
        bot = make_bot(budget, game, index)
        assert isinstance(bot, IsmctsBot)
        bot.act(game.view(state, seat), game.legal_actions(state, seat))
        done += bot.last_simulations
        index += 1
    return done / (time.perf_counter() - started)


def openspiel_rate(seconds: float) -> float | None:
    """OpenSpiel's Python ISMCTS on oh_hell, simulations per second, or None if missing."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        ismcts = importlib.import_module("open_spiel.python.algorithms.ismcts")
        mcts = importlib.import_module("open_spiel.python.algorithms.mcts")
        numpy = importlib.import_module("numpy")
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 3})
    rng = numpy.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, SIMULATIONS, random_state=rng)
    done = 0
    gc.collect()
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        bot.step(state)
        done += SIMULATIONS
    return done / (time.perf_counter() - started)


def speed(seconds: float, rounds: int, specs: list[str]) -> dict[str, Any]:
    """Medians over interleaved rounds, and each game's median ratio to OpenSpiel, for each
    ISMCTS spec."""
    cases = [(game_id, spec) for spec in specs for game_id in REGISTRY]
    rates: dict[tuple[str, str], list[float]] = {case: [] for case in cases}
    ratios: dict[tuple[str, str], list[float]] = {case: [] for case in cases}
    reference: list[float] = []
    for _ in range(rounds):
        for case in cases:
            base = openspiel_rate(seconds)
            rate = spieltisch_rate(case[0], seconds, case[1])
            rates[case].append(rate)
            if base is not None:
                reference.append(base)
                ratios[case].append(rate / base)
    return {
        "openspiel_oh_hell": statistics.median(reference) if reference else None,
        "runs": [
            {
                "game": game_id,
                "spec": spec,
                "players": players_for(game_id),
                "simulations_per_second": round(statistics.median(rates[(game_id, spec)])),
                "ratio": round(statistics.median(ratios[(game_id, spec)]), 3)
                if ratios[(game_id, spec)]
                else None,
            }
            for game_id, spec in cases
        ],
    }


def strength(
    games: int, ismcts_time: float, ismcts_games: int, spec: str, workers: int = 1
) -> dict[str, Any]:
    """Win shares of heuristic against random, and ISMCTS against heuristic; the games are
    played in ``workers`` processes (the results do not depend on it, except that a bot on
    a time budget needs a core of its own)."""
    results: dict[str, Any] = {}
    for game_id in REGISTRY:
        if game_id not in HEURISTICS:
            results[game_id] = "no heuristic bot yet"
            continue
        players = players_for(game_id)
        game = make_game(game_id)
        rounded = max(players, games - games % players)
        lineup = ["heuristic"] + ["random"] * (players - 1)
        vs_random = tournament(game, players, rounded, 1, lineup, workers=workers)
        entry: dict[str, Any] = {"players": players, "heuristic_vs_random": _share(vs_random)}
        if ismcts_games:
            lineup = [f"{spec}:time={ismcts_time}"] + ["heuristic"] * (players - 1)
            rounded = max(players, ismcts_games - ismcts_games % players)
            summary = tournament(game, players, rounded, 2, lineup, workers=workers)
            entry["ismcts_vs_heuristic"] = _share(summary)
        results[game_id] = entry
    return results


def paired(game_id: str, players: int, deals: int, spec: str, first: int = 0) -> dict[str, Any]:
    """``spec`` against the heuristic, deal by deal: each deal is played twice, its seat
    (deal ``d`` uses seat ``d mod players``) once by the heuristic and once by ``spec``, the
    other seats always by heuristic bots with the same seeds. The paired difference of the
    win shares removes most of the luck of the deal."""
    game = make_game(game_id)
    mine: list[float] = []
    base: list[float] = []
    for deal in range(first, first + deals):
        seat = deal % players
        seed = derive_seed(77, "deal", deal)
        for bot, results in ((spec, mine), ("heuristic", base)):
            agents = [
                make_bot(bot if s == seat else "heuristic", game, derive_seed(77, "bot", deal, s))
                for s in range(players)
            ]
            result = play_match(game, agents, seed).transcript.result
            assert result is not None
            results.append(win_shares(result.ranking)[seat])
    diffs = [a - b for a, b in zip(mine, base, strict=True)]
    error = statistics.pstdev(diffs) / math.sqrt(deals) if deals > 1 else 0.0
    return {
        "game": game_id,
        "players": players,
        "deals": deals,
        "first_deal": first,
        "spec": spec,
        "win_share": round(sum(mine) / deals, 4),
        "heuristic_win_share": round(sum(base) / deals, 4),
        "difference": round(sum(diffs) / deals, 4),
        "standard_error": round(error, 4),
    }


def _share(summary: dict[str, Any]) -> dict[str, Any]:
    first = summary["bots"][0]
    fair = 1 / summary["players"]
    return {
        "bot": first["bot"],
        "games": summary["games"],
        "win_share": first["win_share"],
        "ci95": first["win_share_ci95"],
        "times_fair_share": round(first["win_share"] / fair, 3),
        "goal_met": first["win_share"] >= GOAL_STRENGTH * fair,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--spec",
        action="append",
        help="ISMCTS spec(s) to time (default: 'ismcts' and 'ismcts:horizon=10')",
    )
    parser.add_argument("--strength", action="store_true")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--ismcts-time", type=float, default=1.0)
    parser.add_argument("--ismcts-games", type=int, default=0)
    parser.add_argument("--ismcts-spec", default="ismcts", help="the ISMCTS spec, without time=")
    parser.add_argument("--paired", metavar="SPEC", help="SPEC against the heuristic, paired")
    parser.add_argument("--game", default="dicht-dran", help="the game for --paired")
    parser.add_argument("--players", type=int, default=4, help="seats for --paired")
    parser.add_argument("--deals", type=int, default=24, help="deals for --paired")
    parser.add_argument("--first-deal", type=int, default=0, help="first deal for --paired")
    parser.add_argument(
        "--workers", type=int, default=default_workers(), help="processes for --strength"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    data: dict[str, Any] = {
        "command": shlex.join([sys.executable, *sys.argv]),
        "python": platform.python_version(),
    }
    if args.paired:
        data["paired"] = paired(args.game, args.players, args.deals, args.paired, args.first_deal)
    elif args.strength:
        data["strength"] = strength(
            args.games, args.ismcts_time, args.ismcts_games, args.ismcts_spec, args.workers
        )
    else:
        data["speed"] = speed(args.seconds, args.rounds, args.spec or DEFAULT_SPECS)
    print(json.dumps(data, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
