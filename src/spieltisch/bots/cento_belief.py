"""What the others' play says about their hands in Cento: a belief for the search's deals.

A uniform deal (``Cento.determinize``) gives every player any of the cards the bot has not
seen. But a player who draws instead of laying nearly always had nothing that fitted, one
who takes three cards for an obligation had no Monozahl, and one who ends his turn while he
may still lay on mostly has no card left that fits (docs/bots.md counts how often). A good
player remembers that: the cards he held then are not cards that fit that open card. This
belief reads it from the public moves in the view (``CentoView.public_moves``), never from
anything hidden:

* every player starts with seven cards about which nothing is known;
* a draw on an open card worth ``v`` marks every card he holds then: it is *unlikely* to be
  a number card that fits on ``v``; the card drawn is new and unmarked;
* a take marks every card he holds then as unlikely to be a Monozahl (1–9); the three cards
  taken are unmarked;
* ending a turn on ``v`` by choice marks every card he holds like a draw on ``v``; ending a
  Schnapszahl run of the digit ``d`` marks them as unlikely to show ``d``;
* a card he lays leaves his hand: it came from the most marked card it is not unlikely to
  be (the likeliest: such a card had the fewest cards left to be), or, if it is unlikely for
  all of them (he drew though it fitted), from his newest card; the card laid right after
  his own draw (option ``lay_drawn``) is the card drawn.

Free cards, and the 100 where it is wild, are never marked: they always fit, and players
keep them back on purpose. Marks are a leaning, not a rule: the deal gives each marked card a
card outside its marks while the unseen cards allow it (``Cento.determinize(...,
unlikely=...)``), so a player who did hold a fitting card is still possible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from spieltisch.bots.marks import UNMARKED, marked, source
from spieltisch.core.game import Game, Seat
from spieltisch.games.cento.actions import TAKE_COUNT
from spieltisch.games.cento.cards import HUNDRED, MONOS, NUMBER
from spieltisch.games.cento.game import (
    DREW,
    ENDED,
    ENDED_RUN,
    LAID,
    TOOK,
    Cento,
    CentoState,
    CentoView,
    PublicMove,
)


class CentoBelief:
    """Deals for a Cento search that lean on what the others' draws, takes and ends
    revealed."""

    def __init__(self, game: Cento) -> None:
        self.game = game
        numbers = range(1, HUNDRED + (1 if game.hundred_mode == NUMBER else 0))
        #: ``fitting[v]``: the cards a player who drew or ended on ``v`` is unlikely to hold.
        self.fitting = tuple(
            frozenset(card for card in numbers if game.fits[value][card])
            for value in range(HUNDRED + 1)
        )
        #: ``showing[d]``: the cards a player who ended a run of ``d`` is unlikely to hold.
        self.showing = tuple(
            frozenset(card for card in numbers if game.shows[digit][card]) for digit in range(10)
        )
        #: What a player who took three for an obligation is unlikely to hold.
        self.after_take = frozenset(MONOS)
        self._view: CentoView | None = None
        self._marks: dict[Seat, list[frozenset[int]]] = {}

    def deal(self, view: Any, rng: random.Random) -> CentoState:
        """A deal consistent with ``view``, leaning on the marks of :meth:`marks`."""
        return self.game.determinize(view, rng, unlikely=self.marks(view))

    def marks(self, view: CentoView) -> dict[Seat, list[frozenset[int]]]:
        """For each other seat, one set per card of its hand, oldest card first: the cards
        that card is unlikely to be. A search deals many times from one view: it is read
        once."""
        if view is not self._view:
            self._marks = self.read(view.public_moves, view.players, view.seat)
            self._view = view
        return self._marks

    def read(
        self, moves: tuple[PublicMove, ...], players: int, seat: Seat | None
    ) -> dict[Seat, list[frozenset[int]]]:
        """The marks after ``moves`` (see the module docstring) for every seat but ``seat``."""
        size = self.game.hand_size
        hands = {other: [UNMARKED] * size for other in range(players) if other != seat}
        previous: PublicMove | None = None
        for move in moves:
            who, kind, number = move
            hand = hands.get(who)
            if hand is not None:
                if kind == LAID:
                    drawn_first = previous is not None and previous[:2] == (who, DREW)
                    del hand[-1 if drawn_first else source(hand, number)]
                elif kind == DREW:
                    hands[who] = [*marked(hand, self.fitting[number]), UNMARKED]
                elif kind == ENDED:
                    hands[who] = marked(hand, self.fitting[number])
                elif kind == ENDED_RUN:
                    hands[who] = marked(hand, self.showing[number])
                elif kind == TOOK:
                    hands[who] = [*marked(hand, self.after_take), *[UNMARKED] * TAKE_COUNT]
            previous = move
        return hands


def make(game: Game[Any, Any, Any]) -> Callable[[Any, random.Random], CentoState]:
    """The dealer of ``ismcts:deals=belief`` for a Cento game."""
    if not isinstance(game, Cento):
        raise TypeError(f"the Cento belief needs a Cento game, not {game.spec.id}")
    return CentoBelief(game).deal
