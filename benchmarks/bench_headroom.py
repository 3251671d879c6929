"""How much a search can still gain over the heuristic, decision by decision.

Tournaments judge a bot by whole games, where the luck of the deal drowns most of what one
decision is worth: telling 0.30 from 0.35 takes hundreds of games. This benchmark looks at
decisions instead. It takes positions from games of four heuristic bots (every fifth
decision with a choice), and in each it plays the heuristic's best ``--top`` moves (every
legal move where the heuristic does not rank them: Dicht dran, Magic Numbers), and every
move a ``--spec`` bot picks there, in the same ``--deals`` sampled deals with the same luck,
everybody playing on like the heuristic (the search's own model: ``tree=root``,
``opponents=heuristic``), scored by the share of the win alone. From these paired
simulations it reports, per position and in shares of a win:

* ``ceiling``: how much the best of the listed moves beats the heuristic's own move (the best
  is picked by one half of the deals and valued by the other, both ways round and averaged,
  so that the luck that made it look best does not count: an estimate that errs low; before
  2026-11-27 only the first half picked and the second valued, the same estimate with more
  noise);
* ``ceiling_upper``: the same with the best move picked and valued by all the deals, which
  errs high (the luck that made it look best counts); the true ceiling lies between the two,
  and what any bot that decides on this model could gain a decision is at most that much;
* for each spec: how much its move beats the heuristic's move, and in how many positions
  it plays another move at all;
* how many decisions with a choice a seat meets in a game (a bot's gain over the heuristic
  in a game is about that many times its gain per decision).

With ``--judge model`` (the default) everything is valued under the search's model of the
game: deals sampled uniformly from what the seat cannot see, every player playing like the
heuristic. A gain that a tournament does not confirm points at that model: at what the deals
or the players are really like. ``--judge hands`` values the moves in the real position
instead: the others' real hands, only the draw pile shuffled anew for every deal (Dicht
dran, Cento and Missionszahl, see ``spieltisch.sim.seeing``), everybody then playing like
the heuristic: what the moves are really worth against players who play like the
heuristic; the bots themselves never see more than their view. ``--judge all`` (every
game) keeps the draw pile's real order too, so each position counts one real future: far
noisier, it takes many positions, and its ceiling is one of hindsight. With ``--facedown
model`` the model judge does not deal the cards the others have already laid face down this
round at random: each takes his back and his model lays one from his sampled hand
(``ismcts:…:facedown=model``), as a player who plays like the heuristic would have. With
``--belief`` it deals the others' hands leaning on what their public moves revealed (the
game's belief, ``ismcts:…:deals=belief``: Cento and Missionszahl).

``--versus`` compares two specs (``--spec A --spec B``) head to head, for far less: only
the positions where they choose different moves are judged, and only those two moves. It
reports B's gain over A per position (zero where they agree): a small change to a search
(a parameter) moves only a few of its decisions, and their value is all it changes.

Usage: ``python benchmarks/bench_headroom.py --game cento --positions 40 --deals 400
--spec 'ismcts:sims=500:rollout=heuristic:opponents=heuristic:root=halving:tree=root:top=6'
[--spec ...] [--top 6] [--first-game 0] [--judge model|hands|all] [--facedown random|model]
[--belief] [--versus] [--json]``
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import shlex
import statistics
import sys
from collections.abc import Callable, Iterator
from typing import Any

from search_analysis import paired_rewards
from spieltisch.bots import IsmctsBot, make_bot
from spieltisch.bots.model import as_model
from spieltisch.core.errors import BotSpecError, UnknownGameError
from spieltisch.core.game import Game, View
from spieltisch.games import make_game
from spieltisch.sim.seeing import KNOWLEDGE, check_knowledge, true_deal

#: The judge: paired simulations after a given first move, everybody then playing like the
#: heuristic, rewarded by the share of the win alone (``score=0``).
JUDGE = "ismcts:sims=1:rollout=heuristic:opponents=heuristic:tree=root:score=0:root=halving"
SEATS = 4
#: Every how many decisions with a choice a position is taken.
EVERY = 5


def positions(
    game: Game[Any, Any, Any], first_game: int
) -> Iterator[tuple[int, int, View, Any, Any]]:
    """Positions from games of heuristic bots: (game number, decision number, the deciding
    seat's view, its legal actions, the state), every ``EVERY``-th decision with a choice
    that is not free text."""
    number = first_game
    while True:
        state = game.new_state(SEATS, 3000 + number)
        bots = [make_bot("heuristic", game, 7000 + SEATS * number + seat) for seat in range(SEATS)]
        step = 0
        while not game.is_terminal(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            if len(legal) > 1 and not any(map(game.wants_text, legal)):
                step += 1
                if step % EVERY == 0:
                    yield number, step, view, legal, state
            game.apply(state, seat, bots[seat].act(view, legal))
        number += 1


def decisions_per_seat(game: Game[Any, Any, Any], games: int = 40) -> float:
    """How many decisions with a choice (more than one legal action, not free text) a seat
    meets in a game of four heuristic bots, on average over ``games`` games: a bot's gain
    over the heuristic is about the sum of its moves' gains over these decisions."""
    total = 0
    for number in range(games):
        state = game.new_state(SEATS, 9000 + number)
        bots = [make_bot("heuristic", game, 9100 + SEATS * number + seat) for seat in range(SEATS)]
        while not game.is_terminal(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if len(legal) > 1 and not any(map(game.wants_text, legal)):
                total += 1
            game.apply(state, seat, bots[seat].act(game.view(state, seat), legal))
    return total / (games * SEATS)


def judge_position(
    game: Game[Any, Any, Any],
    number: int,
    step: int,
    view: View,
    legal: Any,
    specs: list[str],
    top: int,
    deals: int,
    dealer: Callable[[random.Random], Any] | None = None,
    judge: str = JUDGE,
) -> dict[str, Any]:
    """The moves listed in one position, the heuristic's and each spec's choice among them,
    and every move's rewards in the same deals (those of ``dealer`` if given)."""
    heuristic = make_bot("heuristic", game, 5)
    model = as_model(heuristic)
    moves = list(model.ranked(view, legal))[:top] if model.ranks_moves else list(legal)
    own = heuristic.act(view, legal)
    if own not in moves:
        moves[-1] = own
    picks = {}
    for spec in specs:
        choice = _chosen(spec, game, number, step, view, legal)
        if choice not in moves:
            moves.append(choice)
        picks[spec] = moves.index(choice)
    bot = _judge(game, number, step, judge)
    return {
        "game": number,
        "step": step,
        "moves": [repr(move) for move in moves],
        "heuristic": moves.index(own),
        "picks": picks,
        "rewards": paired_rewards(bot, view, moves, deals, dealer=dealer),
    }


def versus_position(
    game: Game[Any, Any, Any],
    number: int,
    step: int,
    view: View,
    legal: Any,
    specs: list[str],
    deals: int,
    dealer: Callable[[random.Random], Any] | None = None,
    judge: str = JUDGE,
) -> float | None:
    """The second spec's gain over the first in one position: ``None`` where both choose
    the same move, else the mean paired difference of their moves' rewards in the same
    deals (the judge and the bots seeded as in :func:`judge_position`)."""
    first, second = (_chosen(spec, game, number, step, view, legal) for spec in specs)
    if first == second:
        return None
    mine, theirs = paired_rewards(
        _judge(game, number, step, judge), view, [first, second], deals, dealer=dealer
    )
    return statistics.fmean(theirs) - statistics.fmean(mine)


def _chosen(
    spec: str, game: Game[Any, Any, Any], number: int, step: int, view: View, legal: Any
) -> Any:
    """The move a bot of ``spec`` chooses in a position, seeded by the position."""
    return make_bot(spec, game, 11 * number + step).act(view, legal)


def _judge(game: Game[Any, Any, Any], number: int, step: int, spec: str = JUDGE) -> IsmctsBot:
    """The judge of a position (a :data:`JUDGE` spec), seeded by the position."""
    judge = make_bot(spec, game, 99 + number * 1000 + step)
    assert isinstance(judge, IsmctsBot)
    return judge


def dealer_for(
    game: Game[Any, Any, Any], state: Any, judge: str
) -> Callable[[random.Random], Any] | None:
    """The judge's dealer for ``--judge``: ``None`` (sampled deals) or deals from ``state``."""
    if judge == "model":
        return None
    return lambda rng: true_deal(game, state, judge, rng)


def summary(rows: list[dict[str, Any]], specs: list[str]) -> dict[str, Any]:
    """The ceiling and each spec's gain over the heuristic, per position, with standard
    errors."""
    ceiling, upper = [], []
    gains: dict[str, list[float]] = {spec: [] for spec in specs}
    for row in rows:
        rewards, own = row["rewards"], row["heuristic"]
        half = len(rewards[0]) // 2
        halves = ([move[:half] for move in rewards], [move[half:] for move in rewards])
        ceiling.append(
            statistics.fmean(
                _gain_of_best(picking, valuing, own) for picking, valuing in (halves, halves[::-1])
            )
        )
        means = [statistics.fmean(move) for move in rewards]
        upper.append(max(means) - means[own])
        for spec in specs:
            pick = row["picks"][spec]
            gains[spec].append(statistics.fmean(rewards[pick]) - statistics.fmean(rewards[own]))
    return {
        "positions": len(rows),
        "ceiling": _estimate(ceiling),
        "ceiling_upper": _estimate(upper),
        "specs": {spec: _estimate(values) for spec, values in gains.items()},
    }


def _gain_of_best(picking: list[list[float]], valuing: list[list[float]], own: int) -> float:
    """How much the move that looks best in the deals ``picking`` beats move ``own`` in the
    deals ``valuing``."""
    chosen = max(range(len(picking)), key=lambda i: statistics.fmean(picking[i]))
    return statistics.fmean(valuing[chosen]) - statistics.fmean(valuing[own])


def _estimate(values: list[float]) -> dict[str, Any]:
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {
        "gain_per_position": round(statistics.fmean(values), 4),
        "standard_error": round(error, 4),
        "positions_with_another_move": sum(1 for value in values if value),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--top", type=int, default=6, help="the heuristic's best moves listed")
    parser.add_argument("--spec", action="append", default=[], help="a bot spec to judge")
    parser.add_argument("--first-game", type=int, default=0)
    parser.add_argument(
        "--judge",
        choices=("model", *KNOWLEDGE),
        default="model",
        help="value moves in sampled deals (the search's model) or in the real position",
    )
    parser.add_argument(
        "--facedown",
        choices=("random", "model"),
        default="random",
        help="the judge's deals: cards the others laid face down dealt at random, or laid "
        "by their models (--judge model only)",
    )
    parser.add_argument(
        "--belief",
        action="store_true",
        help="the judge's deals lean on what the others' public moves revealed (ismcts "
        "deals=belief; --judge model only)",
    )
    parser.add_argument(
        "--versus", action="store_true", help="the second --spec against the first, head to head"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.deals < 2 or args.top < 1:
        parser.error("--positions and --top must be at least 1, --deals at least 2")
    if args.facedown == "model" and args.judge != "model":
        parser.error("--facedown model is for --judge model: the real position has its own cards")
    if args.belief and args.judge != "model":
        parser.error("--belief is for --judge model: the real position has its own cards")
    if args.versus and len(args.spec) != 2:
        parser.error(f"--versus compares two --spec, got {len(args.spec)}")
    try:
        game = make_game(args.game)
        for spec in [*args.spec, judge_spec(args)]:
            make_bot(spec, game, 0)
        if args.judge != "model":
            check_knowledge(game, args.judge)
    except (UnknownGameError, BotSpecError, ValueError) as error:
        parser.error(str(error))
    data: dict[str, Any] = {
        "command": shlex.join([sys.executable, *sys.argv]),
        "python": platform.python_version(),
        "game": args.game,
        "judge": args.judge,
        "deals": args.deals,
    }
    if args.facedown == "model":
        data["facedown"] = "model"
    if args.belief:
        data["belief"] = True
    if args.versus:
        data.update(versus(game, args))
        print(json.dumps(data, indent=None if args.json else 2))
        return 0
    rows: list[dict[str, Any]] = []
    for number, step, view, legal, state in positions(game, args.first_game):
        if len(rows) == args.positions:
            break
        rows.append(
            judge_position(
                game,
                number,
                step,
                view,
                legal,
                args.spec,
                args.top,
                args.deals,
                dealer_for(game, game.clone(state), args.judge),
                judge_spec(args),
            )
        )
    data["top"] = args.top
    data["decisions_per_seat_and_game"] = round(decisions_per_seat(game), 1)
    data.update(summary(rows, args.spec))
    print(json.dumps(data, indent=None if args.json else 2))
    return 0


def judge_spec(args: argparse.Namespace) -> str:
    """The judge's spec: :data:`JUDGE`, with ``--facedown model`` letting the models of the
    players who have laid a card face down lay it from their sampled hands, and with
    ``--belief`` dealing the others' hands by the game's belief (``deals=belief``)."""
    spec = JUDGE + ":facedown=model" if args.facedown == "model" else JUDGE
    return spec + ":deals=belief" if args.belief else spec


def versus(game: Game[Any, Any, Any], args: argparse.Namespace) -> dict[str, Any]:
    """``--versus``: the second spec's gain over the first, per position, with its standard
    error, and the gains where they differ."""
    gains: list[float | None] = []
    for number, step, view, legal, state in positions(game, args.first_game):
        if len(gains) == args.positions:
            break
        dealer = dealer_for(game, game.clone(state), args.judge)
        gains.append(
            versus_position(
                game, number, step, view, legal, args.spec, args.deals, dealer, judge_spec(args)
            )
        )
    differ = [gain for gain in gains if gain is not None]
    estimate = _estimate([gain or 0.0 for gain in gains])
    estimate["positions_with_another_move"] = len(differ)
    return {
        "positions": len(gains),
        "versus": {"first": args.spec[0], "second": args.spec[1], **estimate},
        "gains_where_they_differ": [round(gain, 4) for gain in differ],
    }


if __name__ == "__main__":
    sys.exit(main())
