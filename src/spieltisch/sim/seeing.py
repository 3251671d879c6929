"""Deals from the true state: for benchmarks that measure what the hidden cards are worth.

A bot never gets these: it sees its view, and its search samples the rest
(``Game.determinize``). Benchmarks may look behind the view to ask how good a decision
really was, or how much a bot would gain if it could see:

* ``"all"``: the true state as it is: every hand, and the draw pile in its real order (the
  future that will come, as far as the cards go);
* ``"hands"``: every hand as it is, the draw pile shuffled anew (the cards of it that
  somebody knows stay where they are). Only for games that declare
  ``Game.shuffles_draw_pile``, so that the result is a position a player could be in.

A deal for a seat's search (``seat`` given) does not show the cards the others have laid
face down this round (Dicht dran, Missionszahl): which card of its hand each of them laid
is dealt anew, since seeing it would be seeing the round's outcome, not the hands. Without
``seat`` (a judge valuing moves in the real position) the face-down cards stay as they are.
"""

from __future__ import annotations

import random
from typing import Any

from spieltisch.core.game import Game
from spieltisch.games import descriptors

#: What a seeing deal may show.
KNOWLEDGE = ("hands", "all")


def check_knowledge(game: Game[Any, Any, Any], know: str) -> None:
    """Refuse knowledge that is unknown, or ``"hands"`` for a game it does not fit."""
    if know not in KNOWLEDGE:
        raise ValueError(f"know must be {' or '.join(KNOWLEDGE)}, got {know!r}")
    if know == "hands" and not game.shuffles_draw_pile:
        allowed = ", ".join(entry.id for entry in descriptors() if entry.game.shuffles_draw_pile)
        raise ValueError(
            f"seeing only the hands needs a draw pile nobody knows ({allowed}), not {game.spec.id}"
        )


def true_deal(
    game: Game[Any, Any, Any],
    state: Any,
    know: str,
    rng: random.Random,
    seat: int | None = None,
) -> Any:
    """A copy of ``state`` showing what ``know`` says, for ``seat``'s search or (``None``)
    for a judge. With ``"hands"`` the draw pile is shuffled by ``rng``, and the state's own
    chance is reseeded from it: it drives later reshuffles (and in Dicht dran the deals of
    later passes), which nobody can know either."""
    check_knowledge(game, know)
    world = game.clone(state)
    if know == "hands":
        game.shuffle_draw_pile(world, rng)
        game.reseed_chance(world, rng.getrandbits(63))
        if seat is not None:
            lay_face_down_anew(game, world, seat, rng)
    return world


def lay_face_down_anew(
    game: Game[Any, Any, Any], state: Any, seat: int, rng: random.Random
) -> None:
    """Every other seat that has laid a card face down this round takes it back
    (``Game.take_back_face_down``) and lays one at random from its hand: a seeing search
    knows the hands, not the round's outcome."""
    waiting = set(game.to_act(state))
    if not game.take_back_face_down(state, seat):
        return
    for other in game.to_act(state):
        if other not in waiting:
            legal = game.legal_actions(state, other)
            game.apply(state, other, legal[rng.randrange(len(legal))])
