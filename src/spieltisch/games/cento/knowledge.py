"""What one seat of Cento may know: its view, and games dealt to agree with a view.

Every card under the open card was laid face up, so the discard pile is public, and so is
every lay, draw, take and ``End``; hands, the draw pile and the card just drawn by another
player are not. The cards a seat has not seen are the other hands and the draw pile above
the cards everybody saw put under it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from spieltisch.core.game import Seat
from spieltisch.games.cento.cards import FREE
from spieltisch.games.cento.state import (
    ALL_NUMBERS,
    DRAWN,
    NO_CARD,
    OVER,
    PHASES,
    CentoState,
    CentoView,
    _new_view,
)


class CentoKnowledge:
    """Views, determinizing and shuffling what a seat cannot see (the game class adds the
    rest)."""

    #: Spiel 1, 2 or 3
    variant: int
    #: option ``hundred_mode`` (``number`` without the special-card rules)
    hundred_mode: str
    #: free cards in the deck
    free_cards: int
    #: how often the draw pile may be rebuilt
    rebuilds: int
    #: the last view dealt from and the cards it has not seen (:meth:`_unseen`)
    _last_unseen: tuple[CentoView, list[int]] | None

    def seat_view(self, state: CentoState, seat: Seat | None) -> CentoView:
        """What ``seat`` (``None``: a spectator) sees of ``state``."""
        drawn = state.drawn
        return _new_view(
            seat,
            state.seats,  # players
            self.variant,
            self.hundred_mode,
            state.phase,
            state.to_move,
            state.open_card,
            state.open_value,
            tuple(state.discard_pile),
            tuple(state.hands[seat]) if seat is not None else (),  # hand
            tuple(map(len, state.hands)),  # hand_sizes
            len(state.draw_pile),  # draw_pile_size
            tuple(state.turn_values),
            state.run_digit,
            drawn if seat == state.to_move and drawn != NO_CARD else None,  # drawn
            state.rebuilds,
            self.rebuilds - state.rebuilds,  # rebuilds_left
            state.winner if state.winner >= 0 else None,  # winner
            state.end_reason,
            state.phase is OVER,  # game_over
            tuple(state.public_moves),
            tuple(state.draw_pile[: state.known_bottom]),  # pile_bottom
        )

    def _determinize(
        self,
        view: CentoView,
        rng: random.Random,
        unlikely: Mapping[Seat, Sequence[frozenset[int]]] | None,
    ) -> CentoState:
        """A game agreeing with ``view``, its hidden cards dealt at random (see
        :meth:`Cento.determinize`)."""
        cards = self._unseen(view)
        rng.shuffle(cards)
        if unlikely:
            cards = self._arranged(view, cards, unlikely)
        state = CentoState(
            seats=view.players,
            seed=rng.getrandbits(63),
            shuffles=1 + view.rebuilds,
            hands=[list(view.hand) if s == view.seat else [] for s in range(view.players)],
            draw_pile=[],
            discard_pile=list(view.discard_pile),
            open_card=view.open_card,
            open_value=view.open_value,
            to_move=view.to_move,
            phase=PHASES[view.phase],
            turn_values=list(view.turn_values),
            run_digit=view.run_digit,
            drawn=view.drawn if view.drawn is not None else NO_CARD,
            rebuilds=view.rebuilds,
            winner=view.winner if view.winner is not None else -1,
            end_reason=view.end_reason,
            public_moves=list(view.public_moves),
        )
        self._fill_unseen(state, view.seat, view.hand_sizes, cards, view.pile_bottom)
        return state

    def _unseen(self, view: CentoView) -> list[int]:
        """The cards ``view`` has not seen, as the deck lists them (the free cards left, then
        the numbers left, rising); worked out once per view, since a search deals from one
        view many times."""
        last = self._last_unseen
        if last is None or last[0] is not view:
            seen = (*view.hand, *view.discard_pile, view.open_card, *view.pile_bottom)
            cards = [FREE] * (self.free_cards - seen.count(FREE))
            cards += sorted(ALL_NUMBERS.difference(seen))
            last = self._last_unseen = view, cards
        return last[1][:]

    @staticmethod
    def _arranged(
        view: CentoView, cards: list[int], unlikely: Mapping[Seat, Sequence[frozenset[int]]]
    ) -> list[int]:
        """``cards`` (shuffled) reordered for :meth:`_fill_unseen`: each other seat's hand
        in turn, its cards chosen as ``unlikely`` asks, then the draw pile."""
        pool = cards
        arranged: list[int] = []
        for other in range(view.players):
            if other == view.seat:
                continue
            size = view.hand_sizes[other]
            hand: list[int] = []
            for avoid in sorted(unlikely.get(other, ())[:size], key=len, reverse=True):
                at = next((i for i, card in enumerate(pool) if card not in avoid), 0)
                hand.append(pool.pop(at))
            rest = size - len(hand)
            arranged += hand + pool[:rest]
            del pool[:rest]
        return arranged + pool

    @staticmethod
    def _fill_unseen(
        state: CentoState,
        seat: Seat | None,
        hand_sizes: Sequence[int],
        cards: list[int],
        bottom: Sequence[int] = (),
    ) -> None:
        """Deal ``cards`` to the other hands, the rest to the draw pile above its known
        ``bottom``; a card drawn by another player (option ``lay_drawn``) becomes one of his
        new hand cards."""
        dealt = 0  # the cards dealt so far, from the front of ``cards``
        for other in range(state.seats):
            if other != seat:
                size = hand_sizes[other]
                state.hands[other] = sorted(cards[dealt : dealt + size])
                dealt += size
        state.draw_pile = [*bottom, *cards[dealt:]]
        state.known_bottom = len(bottom)
        if state.phase is DRAWN and state.to_move != seat:
            state.drawn = state.hands[state.to_move][-1]

    def _shuffle_unseen(self, copy: CentoState, seat: Seat | None, rng: random.Random) -> None:
        """Deal the cards ``seat`` cannot see in ``copy`` (a clone) anew: the other hands and
        the draw pile above its known bottom."""
        bottom = copy.draw_pile[: copy.known_bottom]
        unseen = copy.draw_pile[copy.known_bottom :]
        for other in range(copy.seats):
            if other != seat:
                unseen.extend(copy.hands[other])
        rng.shuffle(unseen)
        sizes = [len(hand) for hand in copy.hands]
        self._fill_unseen(copy, seat, sizes, unseen, bottom)
        copy.seed = rng.getrandbits(63)
