"""Deals from the true state: for benchmarks that measure what the hidden cards are worth.

A bot never gets these: it sees its view, and its search samples the rest
(``Game.determinize``). Benchmarks may look behind the view to ask how good a decision
really was, or how much a bot would gain if it could see:

* ``"all"``: the true state as it is: every hand, and the draw pile in its real order (the
  future that will come, as far as the cards go);
* ``"hands"``: every hand (and every card laid face down) as it is, the draw pile shuffled
  anew. Only for games where no seat knows anything of the draw pile's order
  (:data:`SHUFFLED_DRAW_PILE`), so that the result is a position a player could be in.
"""

from __future__ import annotations

import random
from typing import Any

from spieltisch.core.game import Game

#: What a seeing deal may show.
KNOWLEDGE = ("hands", "all")
#: Games whose draw pile no seat knows anything of: ``"hands"`` may shuffle it. (In
#: Missionszahl cards put under the pile are known; Triggs and Magic Numbers have no such
#: single pile.)
SHUFFLED_DRAW_PILE = ("dicht-dran", "cento")


def check_knowledge(game: Game[Any, Any, Any], know: str) -> None:
    """Refuse knowledge that is unknown, or ``"hands"`` for a game it does not fit."""
    if know not in KNOWLEDGE:
        raise ValueError(f"know must be {' or '.join(KNOWLEDGE)}, got {know!r}")
    if know == "hands" and game.spec.id not in SHUFFLED_DRAW_PILE:
        allowed = ", ".join(SHUFFLED_DRAW_PILE)
        raise ValueError(
            f"seeing only the hands needs a draw pile nobody knows ({allowed}), not {game.spec.id}"
        )


def true_deal(game: Game[Any, Any, Any], state: Any, know: str, rng: random.Random) -> Any:
    """A copy of ``state`` showing what ``know`` says; with ``"hands"`` the draw pile is
    shuffled by ``rng`` and the state's own chance (a later reshuffle) reseeded from it."""
    check_knowledge(game, know)
    world = game.clone(state)
    if know == "hands":
        rng.shuffle(world.draw_pile)
        world.seed = rng.getrandbits(63)
    return world
