"""What one seat of Triggs may know: its view, and games dealt to agree with a view.

Everybody sees every score sheet, the open piles' top cards, the pile sizes, the discard
pile and the box (every card there was shown face up), and which hand cards each player
was seen to take from an open pile; a seat sees its own hand. The cards a seat has not seen
anywhere are the rest of the other hands and the piles below their top cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from spieltisch.core.game import Seat
from spieltisch.games.triggs.actions import COPIES, LEFT, MIDDLE, RIGHT
from spieltisch.games.triggs.rules import remove_cards
from spieltisch.games.triggs.sheet import VALUES
from spieltisch.games.triggs.state import (
    NOTHING_REMOVED,
    OPEN_PILES,
    OVER,
    PHASES,
    REMOVED_VALUES,
    REPEATED,
    TriggsState,
    TriggsView,
    _new_view,
    hands_dealt_anew,
)


class _Seen(NamedTuple):
    """What a view shows that :meth:`Triggs.determinize` needs, worked out once per view: the
    cards it has not seen anywhere, rising; where each hand and pile gets its hidden cards
    once those are shuffled; and each seat's rows with a free box
    (``TriggsState.open_rows``)."""

    view: TriggsView
    unseen: list[int]
    #: per seat: the cards known to be in the hand, and the slice of the shuffled cards that
    #: fills it
    hands: tuple[tuple[tuple[int, ...], int, int], ...]
    #: per pile: the slice of the shuffled cards below its top, and the top seen (if any)
    piles: tuple[tuple[int, int, list[int]], ...]
    open_rows: tuple[int, ...]
    #: each seat's ``TriggsState.crosses`` (with the unused row 0)
    crosses: tuple[tuple[int, ...], ...]


def unseen_counts(view: TriggsView) -> list[int]:
    """How many cards of each value (index = value; index 0 unused, 0) the seat has not
    seen anywhere: not in its hand, the discard pile or the box, not on an open pile's
    top, and not among the cards it saw the others take from an open pile."""
    left = [0, *(COPIES for _ in VALUES)]
    for card in view.hand + view.discard_pile + view.box:
        left[card] -= 1
    for top in view.open_tops:
        if top is not None:
            left[top] -= 1
    for other, cards in enumerate(view.known):
        if other != view.seat:
            for card in cards:
                left[card] -= 1
    return left


class TriggsKnowledge:
    """Views, determinizing and shuffling what a seat cannot see (the game class adds the
    rest)."""

    #: ``sheet[v]``: boxes in row ``v`` (index 0 unused).
    sheet: tuple[int, ...]
    #: the boxes on one sheet
    boxes: int
    #: the rows of the sheet as a view shows them (rows 1–12)
    _sheet_rows: tuple[int, ...]
    #: what the last view :meth:`_determinize` dealt from showed
    _last_seen: _Seen | None

    def seat_view(self, state: TriggsState, seat: Seat | None) -> TriggsView:
        """What ``seat`` (``None``: a spectator) sees of ``state``."""
        over = state.phase is OVER
        left, middle, right = state.piles
        sheets = state.sheets
        if sheets is None:
            crosses = tuple([tuple(row)[1:] for row in state.crosses])
            sheets = state.sheets = crosses, tuple(map(sum, state.crosses))  # crossed: scores
        known = state.shown_known
        if known is None:
            known = state.shown_known = tuple(map(tuple, state.known))
        face_up = state.face_up
        if face_up is None:
            face_up = state.face_up = tuple(sorted(state.discard_pile)), tuple(sorted(state.box))
        return _new_view(
            seat,
            state.seats,  # players
            self._sheet_rows,  # sheet
            self.boxes,  # sheet_boxes
            sheets[0],  # crosses
            sheets[1],  # crossed
            tuple(state.hands[seat]) if seat is not None else (),  # hand
            tuple(map(len, state.hands)),  # hand_sizes
            known,
            (len(left), len(middle), len(right)),  # pile_sizes
            (left[-1] if left else None, right[-1] if right else None),  # open_tops
            face_up[0],  # discard_pile
            face_up[1],  # box
            REMOVED_VALUES[state.removed_from],  # removed_values
            state.seat,  # turn
            state.phase._value_,  # phase (``.value``, faster)
            state.announced or None,  # announced
            state.formed,
            state.draws_left,
            state.turns,
            state.winner if over and state.winner >= 0 else None,  # winner
        )

    def _determinize(self, view: TriggsView, rng: random.Random) -> TriggsState:
        """Deal the cards the seat cannot see (other hands beyond their known cards, and the
        piles below their top cards) from the cards it has not seen anywhere."""
        seen = self._last_seen
        if seen is None or seen.view is not view:  # a search deals from one view many times
            seen = self._last_seen = self._seen(view)
        cards = seen.unseen[:]
        rng.shuffle(cards)
        return TriggsState(
            seats=view.players,
            seed=rng.getrandbits(63),
            shuffles=0,
            hands=[sorted((*held, *cards[start:end])) for held, start, end in seen.hands],
            known=[list(known) for known in view.known],
            piles=[cards[start:end] + top for start, end, top in seen.piles],
            discard_pile=list(view.discard_pile),
            box=list(view.box),
            crosses=[list(row) for row in seen.crosses],
            seat=view.turn,
            phase=PHASES[view.phase],
            announced=view.announced or 0,
            formed=view.formed,
            draws_left=view.draws_left,
            removed_from=view.removed_values[0] if view.removed_values else NOTHING_REMOVED,
            turns=view.turns,
            winner=view.winner if view.winner is not None else -1,
            open_rows=seen.open_rows,
            sheets=(view.crosses, view.crossed),
            shown_known=view.known,
            face_up=(view.discard_pile, view.box),
        )

    def _seen(self, view: TriggsView) -> _Seen:
        """What :meth:`determinize` takes from ``view`` before it deals."""
        left = unseen_counts(view)
        unseen: list[int] = []  # rising, as if the seen cards were taken out of ALL_CARDS
        for value in VALUES:
            unseen += REPEATED[value][left[value]]
        sheet = self.sheet
        open_rows = tuple(
            sum(1 << value for value in VALUES if row[value - 1] < sheet[value])
            for row in view.crosses
        )
        crosses = tuple((0, *row) for row in view.crosses)
        return _Seen(view, unseen, *self._dealing(view), open_rows, crosses)

    @staticmethod
    def _dealing(
        view: TriggsView,
    ) -> tuple[
        tuple[tuple[tuple[int, ...], int, int], ...], tuple[tuple[int, int, list[int]], ...]
    ]:
        """Where the shuffled unseen cards go, in the order :meth:`_deal_unseen` deals them:
        first each other hand up to its size, then each pile below its visible top."""
        dealt = 0  # the cards dealt so far, from the front of the shuffled cards
        hands = []
        for other in range(view.players):
            held = view.hand if other == view.seat else view.known[other]
            missing = 0 if other == view.seat else view.hand_sizes[other] - len(held)
            hands.append((held, dealt, dealt + missing))
            dealt += missing
        piles = []
        for pile, top in ((LEFT, view.open_tops[0]), (MIDDLE, None), (RIGHT, view.open_tops[1])):
            hidden = view.pile_sizes[pile] - (top is not None)
            piles.append((dealt, dealt + hidden, [top] if top is not None else []))
            dealt += hidden
        return tuple(hands), tuple(piles)

    @staticmethod
    def _deal_unseen(
        state: TriggsState,
        seat: Seat | None,
        hand_sizes: Sequence[int],
        pile_sizes: Sequence[int],
        open_tops: Sequence[int | None],
        cards: list[int],
    ) -> None:
        """Fill other hands (which already hold their known cards) to their sizes, then the
        piles below their visible tops."""
        dealt = 0  # the cards dealt so far, from the front of ``cards``
        for other in range(state.seats):
            if other != seat:
                hand = state.hands[other]
                missing = hand_sizes[other] - len(hand)
                hand += cards[dealt : dealt + missing]
                hand.sort()
                dealt += missing
        for pile, top in ((LEFT, open_tops[0]), (MIDDLE, None), (RIGHT, open_tops[1])):
            hidden = pile_sizes[pile] - (top is not None)
            state.piles[pile] = cards[dealt : dealt + hidden]
            dealt += hidden
            if top is not None:
                state.piles[pile].append(top)

    def _shuffle_unseen(self, copy: TriggsState, seat: Seat | None, rng: random.Random) -> None:
        """Deal the cards ``seat`` cannot see in ``copy`` (a clone) anew: the other hands
        beyond their known cards and the piles below their visible tops."""
        hand_sizes = [len(hand) for hand in copy.hands]
        unseen: list[int] = []
        for other in range(copy.seats):
            if other != seat:
                hidden = copy.hands[other][:]
                remove_cards(hidden, copy.known[other])
                unseen += hidden
                copy.hands[other] = copy.known[other][:]
        tops = tuple(copy.piles[pile][-1] if copy.piles[pile] else None for pile in OPEN_PILES)
        sizes = [len(pile) for pile in copy.piles]
        for pile in (LEFT, MIDDLE, RIGHT):
            cards = copy.piles[pile]
            unseen += cards[:-1] if pile != MIDDLE and cards else cards
        rng.shuffle(unseen)
        self._deal_unseen(copy, seat, hand_sizes, sizes, tops, unseen)
        hands_dealt_anew(copy)
        copy.seed = rng.getrandbits(63)
