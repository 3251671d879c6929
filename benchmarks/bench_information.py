"""What seeing the hidden cards would be worth to the search: an upper bound for any honest bot.

ISMCTS samples what its seat cannot see (``determinize``): the others' hands, the order of
the draw pile. This benchmark plays one ISMCTS seat against three heuristic bots twice in
the same games (same seeds, same seat): once honest, and once *seeing*, with every
simulation dealt from the true state instead of a sample:

* ``--know all``: the true state as it is: the others' hands, the cards they have laid face
  down, and the real order of the draw pile (the future that will come, as far as the cards
  go);
* ``--know hands`` (the default): the others' hands, with the draw pile shuffled anew for
  every simulation (the cards of it somebody knows staying in place; and in Dicht dran and
  Missionszahl the card each of them has laid face down this round dealt anew from its
  hand). Only for Dicht dran, Cento and Missionszahl (see ``spieltisch.sim.seeing``).

The seeing bot cheats, so it is never a bot one can choose; it measures how much of the
game is the hidden information. The gap between the two win shares is what a better model
of the hidden cards (reading the others' plays) could win at most, with the same search.

Usage: ``python benchmarks/bench_information.py --game dicht-dran --spec SPEC --games 80
[--know hands|all] [--seed 5] [--workers 2] [--json]``. The games go round the four seats.
"""

from __future__ import annotations

import argparse
import copy
import json
import platform
import random
import shlex
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from spieltisch.bots import IsmctsBot, make_bot
from spieltisch.bots.ismcts import win_shares
from spieltisch.core.errors import BotSpecError, UnknownGameError
from spieltisch.core.game import Game
from spieltisch.core.match import next_action
from spieltisch.games import make_game
from spieltisch.sim.seeing import KNOWLEDGE, check_knowledge, true_deal
from spieltisch.sim.stats import wilson

SEATS = 4


class _Table:
    """The true state of the game being played, for the seeing bot's deals."""

    state: Any = None


def seeing_game(game: Game[Any, Any, Any], table: _Table, know: str) -> Game[Any, Any, Any]:
    """A copy of ``game`` whose ``determinize`` deals from the true state of ``table``
    (see :func:`spieltisch.sim.seeing.true_deal`), whatever the view."""
    seeing = copy.copy(game)

    def determinize(view: Any, rng: random.Random) -> Any:
        return true_deal(game, table.state, know, rng, seat=view.seat)

    seeing.determinize = determinize  # type: ignore[method-assign]
    return seeing


def play(game_id: str, spec: str, know: str | None, seed: int, number: int) -> float:
    """The searching seat's share of the win in game ``number`` (seat ``number % 4``),
    honest (``know=None``) or seeing."""
    game = make_game(game_id)
    table = _Table()
    seat = number % SEATS
    deal = seed * 1000 + number // SEATS
    searcher_game = seeing_game(game, table, know) if know else game
    agents = [
        make_bot(spec, searcher_game, deal * 10 + s)
        if s == seat
        else make_bot("heuristic", game, deal * 10 + s)
        for s in range(SEATS)
    ]
    table.state = state = game.new_state(SEATS, deal)
    while not game.is_terminal(state):
        mover, action = next_action(game, state, agents)
        game.apply(state, mover, action)
    return win_shares(game.ranking(state))[seat]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--spec", required=True, help="the ISMCTS spec, honest and seeing")
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--know", choices=KNOWLEDGE, default="hands")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    try:
        bot = make_bot(args.spec, make_game(args.game), 0)
    except (UnknownGameError, BotSpecError) as error:
        parser.error(str(error))
    if not isinstance(bot, IsmctsBot):
        parser.error(f"--spec must be an ISMCTS bot (it is the one that deals), got {args.spec!r}")
    try:
        check_knowledge(make_game(args.game), args.know)
    except ValueError as error:
        parser.error(str(error))
    numbers = range(args.games)
    shares: dict[str, list[float]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for label, know in (("honest", None), ("seeing", args.know)):
            jobs = [(args.game, args.spec, know, args.seed, n) for n in numbers]
            shares[label] = list(pool.map(play, *zip(*jobs, strict=True)))
    gains = [seen - honest for seen, honest in zip(shares["seeing"], shares["honest"], strict=True)]
    data = {
        "command": shlex.join([sys.executable, *sys.argv]),
        "python": platform.python_version(),
        "game": args.game,
        "spec": args.spec,
        "know": args.know,
        "games": args.games,
        **{
            label: {
                "win_share": round(statistics.fmean(values), 4),
                "ci95": [round(x, 4) for x in wilson(sum(values), len(values))],
            }
            for label, values in shares.items()
        },
        "gain": round(statistics.fmean(gains), 4),
    }
    print(json.dumps(data, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
