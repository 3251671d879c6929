"""What a seat of Missionszahl may know: its view, the tables its view allows (for a
search), and which cards it has not seen.

Played cards are shown to all once revealed, so every collection is public, and so is
every card put under the draw pile face up; hands, the rest of the draw pile and cards
still face down are not. A card given away blind stays known to its giver until its new
owner passes a card on face down (``MissionszahlState.known``).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import NamedTuple

from spieltisch.core.game import Seat, quick_constructor
from spieltisch.games.missionszahl.cards import (
    ALL_CARDS,
    COLOURS,
    DECK_SIZE,
    HIGHEST,
    VALUE,
    deck_cards,
)
from spieltisch.games.missionszahl.rules import scores, to_act
from spieltisch.games.missionszahl.state import (
    COMMIT,
    NOBODY,
    OVER,
    SEAT_BIT,
    SPECTATOR_BIT,
    TRADE,
    Board,
    MissionszahlState,
    MissionszahlView,
    Phase,
    clone,
)

#: How often a card dealt for a bot's reading of the others' play (``unlikely`` in
#: :func:`deal_from`) ignores what the reading says it is unlikely to be.
LEANING_SLACK = 0.1

#: A view's board (its fields have the board's names).
_BOARD_FIELDS = attrgetter(*Board._fields)
_EVERY_CARD = frozenset(ALL_CARDS)
#: ``phase.value`` without the enum's Python property, as views show the phase.
_PHASE_VALUE = {phase: phase.value for phase in Phase}
_PHASES = {phase.value: phase for phase in Phase}
#: ``MissionszahlView(...)`` with every field in order, several times faster (a view is built
#: for every decision of a simulation).
_new_view = quick_constructor(MissionszahlView)


def unseen_cards(view: MissionszahlView) -> list[int]:
    """The cards ``view``'s seat has not seen anywhere, in id order: not among the mission
    cards, its hand, the cards on the table, the draw pile cards it knows, the drawn card,
    the collections and the cards it knows in other hands."""
    cards = _EVERY_CARD if view.colours == len(COLOURS) and view.highest == HIGHEST else None
    return sorted(
        (cards or frozenset(deck_cards(view.colours, view.highest))).difference(
            view.missions,
            view.hand,
            view.draw_pile,
            view.played,
            (view.my_card, view.drawn),
            *view.collections,
            *view.known_hands,
        )
    )


def seat_view(state: MissionszahlState, seat: Seat | None) -> MissionszahlView:
    """What ``seat`` knows now (``None``: a spectator)."""
    n = state.seats
    rules_set = state.setup
    me = SPECTATOR_BIT if seat is None else SEAT_BIT[seat]
    phase = state.phase
    committing = phase is COMMIT
    played = state.played
    board = state.board
    if board is None:
        board = state.board = _board(state)
    if state.known_bits & me:
        known = state.known
        pile = state.draw_pile
        under = pile[: state.under]  # the rest of the pile nobody has seen
        draw_pile = (None,) * (len(pile) - len(under)) + tuple(
            [c if known[c] & me else None for c in reversed(under)]
        )
        hands = state.hands
        known_hands = tuple(
            [
                () if other == seat else tuple([c for c in hands[other] if known[c] & me])
                for other in range(n)
            ]
        )
        if committing:  # a card laid face down is still the player's: add the ones it knows
            for other, card in enumerate(played):
                if card >= 0 and other != seat and known[card] & me:
                    known_hands = _with_face_down(known_hands, other, card)
    else:  # this seat knows no hidden card
        draw_pile = (None,) * len(state.draw_pile)
        known_hands = ((),) * n
    if committing:
        committed = tuple([card >= 0 for card in played])
        shown: tuple[int | None, ...] = (None,) * n
        mine = played[seat] if seat is not None else -1
    else:
        committed = (False,) * n
        shown = tuple([None if card < 0 else card for card in played])
        mine = -1
    return _new_view(
        seat,
        n,  # players
        board.round,
        rules_set.hand_size,  # rounds
        rules_set.colours,
        rules_set.highest,
        rules_set.symbols,
        rules_set.bonus_from,
        rules_set.bonus_step,
        _PHASE_VALUE[phase],
        to_act(state),
        board.missions,
        board.arrows,
        board.mission_number,
        state.shift,
        board.mission_number + state.shift,  # target: see _target
        tuple(state.hands[seat]) if seat is not None else (),  # hand
        tuple(map(len, state.hands)),  # hand_sizes
        committed,
        mine if mine >= 0 else None,  # my_card
        shown,  # played
        tuple(state.pending),
        tuple(state.out),
        state.cursor,
        state.drawn if state.drawn >= 0 else None,
        state.winner if state.winner != NOBODY else None,
        state.partner if phase is TRADE else None,
        draw_pile,
        known_hands,
        board.collections,
        board.scores,
        phase is OVER,  # game_over
        state.history,
    )


def _board(state: MissionszahlState) -> Board:
    """The part of every view that changes only with the mission cards, their arrows
    and the collections."""
    missions = tuple(state.missions)
    return Board(
        len(missions),
        missions,
        tuple([None if a == NOBODY else a for a in state.arrows]),
        VALUE[missions[-1]],
        tuple(map(tuple, state.collections)),
        scores(state),
    )


def _with_face_down(
    known_hands: tuple[tuple[int, ...], ...], seat: Seat, card: int
) -> tuple[tuple[int, ...], ...]:
    """``known_hands`` with ``card`` (laid face down by ``seat``, known to the viewer) among
    the cards known in ``seat``'s hand, in id order."""
    cards = list(known_hands[seat])
    insort(cards, card)
    return (*known_hands[:seat], tuple(cards), *known_hands[seat + 1 :])


def deal_from(
    deal: Deal,
    rng: random.Random,
    unlikely: Mapping[Seat, Sequence[frozenset[int]]] | None = None,
) -> MissionszahlState:
    """A table as the view of ``deal`` may show it: deal the cards the seat cannot see
    (other hands, their face-down cards, unknown draw pile cards) at random from the cards
    it has not seen anywhere; cards it knows stay where it knows them.

    The cards not seen are shuffled (in id order before the shuffle) and dealt from the
    front: each other hand in seat order gets what it lacks beside its known cards, and a
    player who has laid a card face down lays any card of his (the ones the seat knows
    too); the unknown places of the draw pile get the last cards, bottom place first.
    All that depends on the view alone is worked out once per view (:class:`Deal`).

    ``unlikely`` (a bot's reading of the others' play, not a rule) lists for a seat one
    set of cards per card of its hand: each card the seat does not know is dealt from the
    unseen cards outside its set while there are any (the most restricted first), except
    that one in :data:`LEANING_SLACK` ignores its set, since players do not always
    play as read; the draw pile gets what is left."""
    unseen = deal.unseen[:]
    rng.shuffle(unseen)
    if unlikely:
        unseen = _arranged(deal, unseen, unlikely, rng)
    played = deal.played[:]
    hands = []
    start = 0
    for seat, pool, extra, face_down in deal.seats:
        dealt = unseen[start : start + extra]
        start += extra
        hand = [*pool, *dealt] if pool else dealt
        if face_down:  # any card of his it may be, the ones the seat knows too
            played[seat] = hand.pop(rng.randrange(len(hand)))
        if extra or face_down:
            hand.sort()
        hands.append(hand)
    fill = unseen[len(unseen) - deal.unknown :]
    if deal.slots:
        pile = deal.pile[:]
        for slot, card in zip(deal.slots, fill, strict=False):
            pile[slot] = card
        pile += fill[len(deal.slots) :]
    else:
        pile = deal.pile + fill
    return MissionszahlState(
        seats=deal.view.players,
        seed=rng.getrandbits(63),
        shuffles=1,
        phase=deal.phase,
        hands=hands,
        draw_pile=pile,
        known=deal.known[:],
        missions=list(deal.view.missions),
        arrows=deal.arrows[:],
        shift=deal.view.shift,
        played=played,
        waiting=deal.waiting,
        pending=list(deal.view.pending),
        out=list(deal.view.out),
        cursor=deal.view.cursor,
        drawn=deal.drawn,
        winner=deal.winner,
        partner=deal.partner,
        collections=list(map(list, deal.view.collections)),
        history=deal.view.history,
        known_bits=deal.known_bits,
        under=deal.under,
        scored=deal.view.scores,
        board=deal.board,
        setup=deal.view.setup,
    )


def _arranged(
    deal: Deal,
    cards: list[int],
    unlikely: Mapping[Seat, Sequence[frozenset[int]]],
    rng: random.Random,
) -> list[int]:
    """``cards`` (shuffled) reordered for dealing from the front: each other hand in
    seat order, its unknown cards chosen as ``unlikely`` asks (the newest sets of the
    seat's list where it has fewer unknown cards than sets), then the draw pile."""
    pool = cards
    arranged: list[int] = []
    for seat, _, extra, _ in deal.seats:
        if not extra:
            continue
        sets = list(unlikely.get(seat, ()))[-extra:]
        for avoid in sorted(sets, key=len, reverse=True):
            at = 0
            if avoid and rng.random() >= LEANING_SLACK:
                at = next((i for i, card in enumerate(pool) if card not in avoid), 0)
            arranged.append(pool.pop(at))
        rest = extra - len(sets)
        arranged += pool[:rest]
        del pool[:rest]
    return arranged + pool


def shuffle_draw_pile(state: MissionszahlState, rng: random.Random) -> None:
    """The draw pile's cards that nobody knows in a new order among their places; the
    cards someone knows (put under it face up, or passed there blind) stay where they
    are (for benchmarks that deal the real hands, ``spieltisch.sim.seeing``)."""
    pile, known = state.draw_pile, state.known
    places = [place for place, card in enumerate(pile) if not known[card]]
    cards = [pile[place] for place in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        pile[place] = card


def take_back_face_down(state: MissionszahlState, seat: Seat) -> bool:
    """Every other seat that has laid a card this round takes it back and is to lay
    again (for a search that lets models of the players choose their cards)."""
    if state.phase is not COMMIT:
        return False
    played = state.played
    taken = False
    for other, card in enumerate(played):
        if other != seat and card >= 0:
            insort(state.hands[other], card)  # hands are kept sorted
            played[other] = -1
            taken = True
    if taken:
        state.waiting = tuple(s for s, card in enumerate(played) if card < 0)
    return taken


def shuffle_unseen(
    state: MissionszahlState, seat: Seat | None, rng: random.Random
) -> MissionszahlState:
    """Permute every card ``seat`` cannot see among the places it cannot see; what other
    seats knew about a place stays with the place."""
    copy = clone(state)
    me = SPECTATOR_BIT if seat is None else SEAT_BIT[seat]
    known = copy.known
    places: list[tuple[list[int], int]] = []
    for other in range(copy.seats):
        if other == seat:
            continue
        hand = copy.hands[other]
        places += [(hand, i) for i, card in enumerate(hand) if not known[card] & me]
        card = copy.played[other]
        if copy.phase is COMMIT and card >= 0 and not known[card] & me:
            places.append((copy.played, other))
    pile = copy.draw_pile
    places += [(pile, i) for i, card in enumerate(pile) if not known[card] & me]
    cards = [zone[i] for zone, i in places]
    masks = [known[card] for card in cards]
    rng.shuffle(cards)
    for (zone, i), card, mask in zip(places, cards, masks, strict=True):
        zone[i] = card
        known[card] = mask
    for hand in copy.hands:
        hand.sort()
    copy.seed = rng.getrandbits(63)
    return copy


class Deal(NamedTuple):
    """What a deal from ``view`` takes from the view alone, worked out once for the many
    deals a search samples from one view (:func:`deal_from`).

    ``unseen`` are the cards the seat has not seen anywhere, in id order; ``seats`` lists,
    for every seat in order, the cards the seat knows to be in that hand (its own hand:
    all of it), how many more that hand gets from ``unseen`` and whether one of its cards
    lies face down. The draw pile is dealt from ``pile`` (bottom first, up to the topmost
    card the seat knows), whose unknown places ``slots`` get the first of the last
    ``unknown`` cards of ``unseen`` and the places above it the rest. ``known`` marks the
    cards the seat knows in other hands and in the draw pile. The other fields are the
    state's fields as the view shows them.
    """

    view: MissionszahlView
    unseen: list[int]
    seats: tuple[tuple[Seat, tuple[int, ...], int, bool], ...]
    played: list[int]
    unknown: int
    pile: list[int]
    slots: tuple[int, ...]
    under: int
    known: list[int]
    known_bits: int
    phase: Phase
    waiting: tuple[Seat, ...]
    arrows: list[int]
    drawn: int
    winner: int
    partner: int
    board: Board

    @classmethod
    def of(cls, view: MissionszahlView) -> Deal:
        """The plan of deals from ``view``."""
        n, seat = view.players, view.seat
        me = SPECTATOR_BIT if seat is None else SEAT_BIT[seat]
        phase = _PHASES[view.phase]
        committing = phase is COMMIT
        unseen = unseen_cards(view)
        known = [0] * DECK_SIZE
        played = [-1 if c is None else c for c in view.played]
        seats = []
        for other in range(n):
            if other == seat:
                seats.append((other, view.hand, 0, False))
                if view.my_card is not None:
                    played[other] = view.my_card
                continue
            pool = view.known_hands[other]
            for card in pool:
                known[card] = me
            face_down = committing and view.committed[other]
            seats.append((other, pool, view.hand_sizes[other] + face_down - len(pool), face_down))
        pile, slots, under = cls._pile(view.draw_pile, known, me)
        return cls(
            view,
            unseen,
            tuple(seats),
            played,
            view.draw_pile.count(None),
            pile,
            slots,
            under,
            known,
            me if any(known) else 0,
            phase,
            tuple(s for s in range(n) if not view.committed[s]) if committing else (),
            [NOBODY if a is None else a for a in view.arrows],
            NOBODY if view.drawn is None else view.drawn,
            NOBODY if view.winner is None else view.winner,
            NOBODY if view.partner is None else view.partner,
            Board._make(_BOARD_FIELDS(view)),  # the view's board is this table's
        )

    @staticmethod
    def _pile(
        shown: Sequence[int | None], known: list[int], me: int
    ) -> tuple[list[int], tuple[int, ...], int]:
        """For a view's ``shown`` draw pile (top card first): the pile from the bottom up to
        the seat's topmost known card, its unknown places, and how many cards that is
        (``under``: nobody knows a card above it)."""
        pile: list[int] = []
        left = len(shown) - shown.count(None)  # known cards not yet placed
        if not left:
            return pile, (), 0
        slots = []
        for entry in reversed(shown):
            if entry is None:
                slots.append(len(pile))
                pile.append(-1)
            else:
                pile.append(entry)
                known[entry] = me
                left -= 1
                if not left:
                    break
        return pile, tuple(slots), len(pile)
