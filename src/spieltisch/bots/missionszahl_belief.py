"""What the others' laid cards say about their hands in Missionszahl: a belief for the
search's deals.

A uniform deal (``Missionszahl.determinize``) gives every player any of the cards the bot
has not seen. But a player who lays a card far from the mission number nearly always had
nothing closer: he would have laid it, to win the round (a symbol card, often laid for its
action, tells less; docs/bots.md has the figures). A good player remembers that.
This belief reads it from the
public record in the view (``MissionszahlView.history``: every reveal and every exchange),
never from anything hidden:

* every player starts with ten cards about which nothing is known;
* a reveal marks every card a player holds then, the laid card included: it is *unlikely*
  to lie within ``min(d − 1, 4)`` of the mission number the cards were laid for (``min(d − 1,
  2)`` after a symbol card), where ``d`` is the laid card's distance; then the laid card
  leaves the hand: it came from the most marked card it is not unlikely to be (the
  likeliest: such a card had the fewest cards left to be), or, if it is unlikely for all of
  them, from his newest card;
* an exchange takes one card unknown to the others out of the hand and brings a new one: the
  winner (and the partner of a blind exchange) loses his most marked card and gains an
  unmarked one (the cautious reading: what left may have been any card).

Marks are a leaning, not a rule: the deal gives each marked card a card outside its marks
while the unseen cards allow it, and ignores the marks of one card in ten
(``Missionszahl.determinize(..., unlikely=...)``), so a player who did hold a close card is
still possible. The bot's own hand is never read: it knows it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from spieltisch.bots.marks import UNMARKED, marked, source
from spieltisch.core.game import Game, Seat
from spieltisch.games.missionszahl.cards import ALL_CARDS, HIGHEST, LOWEST, SYMBOL, VALUE
from spieltisch.games.missionszahl.game import (
    HAND_SIZE,
    Exchanged,
    History,
    Missionszahl,
    MissionszahlState,
    MissionszahlView,
)

#: How far from the mission number a plain card laid ``d`` away marks the hand: cards within
#: ``min(d - 1, PLAIN_REACH)`` of it; a symbol card, laid often for its action, marks less.
PLAIN_REACH = 4
SYMBOL_REACH = 2


def _near(number: int, reach: int) -> frozenset[int]:
    """The cards whose number lies within ``reach`` of ``number``."""
    return frozenset(card for card in ALL_CARDS if abs(VALUE[card] - number) <= reach)


#: ``_NEAR[number][reach]`` for every mission number a reveal can have (a ±3 shifts only
#: after the cards are laid, so it is always a card's number).
_NEAR = {
    number: tuple(_near(number, reach) for reach in range(PLAIN_REACH + 1))
    for number in range(LOWEST, HIGHEST + 1)
}


def unlikely_after(number: int, card: int) -> frozenset[int]:
    """What a player who laid ``card`` for the mission number ``number`` is unlikely to
    hold: the cards closer to it, as far as :data:`PLAIN_REACH` (:data:`SYMBOL_REACH` for a
    symbol card) reaches."""
    distance = abs(VALUE[card] - number)
    reach = min(distance - 1, PLAIN_REACH if SYMBOL[card] is None else SYMBOL_REACH)
    return _NEAR[number][reach] if reach >= 0 else UNMARKED


class MissionszahlBelief:
    """Deals for a Missionszahl search that lean on what the others' laid cards revealed."""

    def __init__(self, game: Missionszahl) -> None:
        self.game = game
        self._view: MissionszahlView | None = None
        self._marks: dict[Seat, list[frozenset[int]]] = {}

    def deal(self, view: Any, rng: random.Random) -> MissionszahlState:
        """A deal consistent with ``view``, leaning on the marks of :meth:`marks`."""
        return self.game.determinize(view, rng, unlikely=self.marks(view))

    def marks(self, view: MissionszahlView) -> dict[Seat, list[frozenset[int]]]:
        """For each other seat, one set per card of its hand (a card laid face down this
        round included), most marked first: the cards that card is unlikely to be. A search
        deals many times from one view: it is read once."""
        if view is not self._view:
            self._marks = self.read(view.history, view.players, view.seat, view.rounds)
            self._view = view
        return self._marks

    @staticmethod
    def read(
        history: History, players: int, seat: Seat | None, hand_size: int = HAND_SIZE
    ) -> dict[Seat, list[frozenset[int]]]:
        """The marks after ``history`` (see the module docstring) for every seat but
        ``seat``, in a game of ``hand_size`` cards a hand."""
        hands = {other: [UNMARKED] * hand_size for other in range(players) if other != seat}
        for record in history:
            if isinstance(record, Exchanged):
                for other in (record.seat, record.partner):
                    if other is not None and other in hands:
                        hands[other] = [*hands[other][1:], UNMARKED]
                continue
            for other, hand in hands.items():
                card = record.cards[other]
                unlikely = unlikely_after(record.number, card)
                hand = marked(hand, unlikely) if unlikely else hand
                del hand[source(hand, card)]
                hands[other] = hand
        return hands


def make(game: Game[Any, Any, Any]) -> Callable[[Any, random.Random], MissionszahlState]:
    """The dealer of ``ismcts:deals=belief`` for a Missionszahl game."""
    if not isinstance(game, Missionszahl):
        raise TypeError(f"the Missionszahl belief needs a Missionszahl game, not {game.spec.id}")
    return MissionszahlBelief(game).deal
