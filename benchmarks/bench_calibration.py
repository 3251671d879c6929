"""Does the search's model of the hidden cards predict who wins a round? A calibration check.

In Dicht dran and Missionszahl every seat lays a card face down, and the round goes to the
card closest to the number. A search values a card by how often it wins in deals sampled
from its view (``Game.determinize``), everybody playing on like the heuristic. This
benchmark asks whether those chances come true. It plays games of four heuristic bots and,
at every decision of the seat that lays ``--laid-before`` cards after the others have laid
theirs (0: the first to lay), gives each card of its hand two numbers:

* the **model's chance**: in how many of ``--deals`` sampled deals the card wins the
  round, everybody then playing like the heuristic until the round's winner is known
  (with ``--facedown model`` the others first take back the cards they have laid, and their
  models lay again from their sampled hands, as ``ismcts:…:facedown=model`` deals);
* whether it **really wins**: the same card in the real position, everybody again playing
  like the heuristic.

The cards are grouped by the model's chance; a calibrated model wins about as often as it
says in every group. The Brier score (mean squared difference of the chance and the
outcome, lower is better) sums it up. The benchmark sees the real state; bots never do.

Usage: ``python benchmarks/bench_calibration.py --game dicht-dran [--games 30] [--deals 60]
[--laid-before 0..3] [--facedown random|model] [--seed 5] [--json]``
"""

from __future__ import annotations

import argparse
import json
import platform
import shlex
import statistics
import sys
from itertools import pairwise
from typing import Any

from spieltisch.bots import make_bot
from spieltisch.core.chance import SearchRandom, derive_seed
from spieltisch.core.errors import UnknownGameError
from spieltisch.core.game import Event, Game, Seat
from spieltisch.core.match import Agent
from spieltisch.games import make_game

SEATS = 4
#: Games whose rounds begin with every seat laying a card face down, won by one seat.
GAMES = ("dicht-dran", "missionszahl")
#: The groups of the model's chance.
BINS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


def round_winner(
    game: Game[Any, Any, Any], state: Any, seat: Seat, card: Any, models: list[Agent]
) -> Seat | None:
    """``seat`` lays ``card`` in ``state``, and ``models`` play on until the round is
    decided: the winner's seat, or ``None`` where nobody wins (everybody knocked out in
    Missionszahl)."""
    events: list[Event] = []
    game.apply(state, seat, card, events)
    while True:
        for event in events:
            if event.kind == "win":
                return int(str(event.data["seat"]))
            if event.kind == "no_winner":
                return None
        events.clear()
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = legal[0] if len(legal) == 1 else models[seat].act(game.view(state, seat), legal)
        game.apply(state, seat, action, events)


def model_deal(game: Game[Any, Any, Any], view: Any, rng: SearchRandom, facedown: str) -> Any:
    """A deal sampled from ``view`` as the search samples it."""
    state = game.determinize(view, rng)
    if facedown == "model":
        game.take_back_face_down(state, view.seat)
    return state


def card_chances(
    game: Game[Any, Any, Any],
    state: Any,
    seat: Seat,
    models: list[Agent],
    deals: int,
    rng: SearchRandom,
    facedown: str,
) -> list[tuple[float, bool]]:
    """For each legal card of ``seat``: the model's chance that it wins the round, and
    whether it does in the real position."""
    view = game.view(state, seat)
    legal = list(game.legal_actions(state, seat))
    wins = [0] * len(legal)
    for _ in range(deals):
        world = model_deal(game, view, rng, facedown)
        for i, action in enumerate(legal):
            wins[i] += round_winner(game, game.clone(world), seat, action, models) == seat
    return [
        (wins[i] / deals, round_winner(game, game.clone(state), seat, action, models) == seat)
        for i, action in enumerate(legal)
    ]


def calibration(
    game: Game[Any, Any, Any], games: int, deals: int, laid_before: int, facedown: str, seed: int
) -> list[tuple[float, bool]]:
    """(model's chance, real win) for every card at every decision measured."""
    rng = SearchRandom(derive_seed(seed, "deals"))
    rows: list[tuple[float, bool]] = []
    for number in range(games):
        state = game.new_state(SEATS, derive_seed(seed, "game", number))
        bots = [make_bot("heuristic", game, derive_seed(seed, number, s)) for s in range(SEATS)]
        models = [make_bot("heuristic", game, derive_seed(seed, "model", s)) for s in range(SEATS)]
        while not game.is_terminal(state):
            waiting = game.to_act(state)
            seat = waiting[0]
            legal = game.legal_actions(state, seat)
            if len(waiting) == SEATS - laid_before and len(legal) > 1 and is_commit(state):
                rows.extend(card_chances(game, state, seat, models, deals, rng, facedown))
            game.apply(state, seat, bots[seat].act(game.view(state, seat), legal))
    return rows


def is_commit(state: Any) -> bool:
    """Whether the seats are laying their cards face down (Missionszahl has other phases in
    which one seat decides)."""
    phase = getattr(state, "phase", None)
    return phase is None or phase.value == "commit"


def summary(rows: list[tuple[float, bool]]) -> dict[str, Any]:
    """The cards grouped by the model's chance, each group's mean chance and real wins, and
    the Brier score."""
    groups = []
    for low, high in pairwise(BINS):
        inside = [row for row in rows if low <= row[0] < high or (high == 1.0 and row[0] == 1.0)]
        if inside:
            groups.append(
                {
                    "chance": f"{low:.2f}-{high:.2f}",
                    "cards": len(inside),
                    "model": round(statistics.fmean(chance for chance, _ in inside), 3),
                    "real": round(statistics.fmean(float(won) for _, won in inside), 3),
                }
            )
    brier = statistics.fmean((chance - won) ** 2 for chance, won in rows) if rows else 0.0
    return {"cards": len(rows), "brier": round(brier, 4), "groups": groups}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument(
        "--laid-before", type=int, default=0, help="how many others have laid a card (0-3)"
    )
    parser.add_argument("--facedown", choices=("random", "model"), default="random")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1 or args.deals < 1:
        parser.error("--games and --deals must be at least 1")
    if not 0 <= args.laid_before < SEATS:
        parser.error(f"--laid-before must be from 0 to {SEATS - 1}")
    try:
        game = make_game(args.game)
    except UnknownGameError as error:
        parser.error(str(error))
    if args.game not in GAMES:
        parser.error(f"calibration is for games of face-down rounds: {', '.join(GAMES)}")
    rows = calibration(game, args.games, args.deals, args.laid_before, args.facedown, args.seed)
    data = {
        "command": shlex.join([sys.executable, *sys.argv]),
        "python": platform.python_version(),
        "game": args.game,
        "games": args.games,
        "deals": args.deals,
        "laid_before": args.laid_before,
        "facedown": args.facedown,
        "seed": args.seed,
        **summary(rows),
    }
    print(json.dumps(data, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
