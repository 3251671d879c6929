"""What a seat of Dicht dran may know, and states dealt from it.

Played cards are shown to all when revealed, so the circle, the discard pile and every
collection are public; the hands, the draw pile and the cards still face down are not.
A seat knows its own hand and the card it laid face down.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass

from spieltisch.core.game import JSON, Seat, View, quick_constructor
from spieltisch.games.dicht_dran.cards import HIGHEST, LOWEST, chili_sum, chili_table
from spieltisch.games.dicht_dran.rules import gap_of, is_over, totals
from spieltisch.games.dicht_dran.state import DichtDranState, clone, round_changed


@dataclass(frozen=True, slots=True)
class DichtDranView(View):
    """What one seat knows. Played cards were shown to all when revealed, so the discard
    pile and every collection are public; hands, the draw pile and unrevealed commits are
    not."""

    # what every seat sees alike: changes when a pass ends
    players: int
    passes: int
    #: the rule options that shape the deal and the cards (the same all game)
    hand_size: int
    chili_pattern: str
    most_chilis: int
    pass_number: int
    pass_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    last_pass_hands: tuple[tuple[int, ...], ...]
    game_over: bool
    # changes when a round resolves
    circle: tuple[int, ...]
    target_position: int
    target: int
    gap: tuple[int, int]
    draw_pile_size: int
    discard_pile: tuple[int, ...]
    collections: tuple[tuple[int, ...], ...]
    #: the chilis on each seat's won cards: what its collection counts at the end of the pass
    won_chilis: tuple[int, ...]
    # what changes with every card laid, and the seat's own cards
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    committed: tuple[bool, ...]
    my_card: int | None

    @property
    def chilis(self) -> tuple[int, ...]:
        """``chilis[n]``: the chilis on card ``n`` in this game (index 0 unused)."""
        return chili_table(self.chili_pattern, self.most_chilis)


#: ``DichtDranView(...)`` with every field in order, several times faster (a view is built for
#: every decision of a simulation).
_new_view = quick_constructor(DichtDranView)


# -- views ------------------------------------------------------------------------------


def view(
    state: DichtDranState,
    seat: Seat | None,
    passes: int,
    chilis: tuple[str, int] = ("cycle", 3),
) -> DichtDranView:
    """What ``seat`` sees (``None``: a spectator), in a game of ``passes`` passes whose
    chilis follow ``chilis`` (pattern, most). The parts every seat sees alike are made once
    and kept in the state until they change."""
    public_pass = state.public_pass
    if public_pass is None:
        public_pass = state.public_pass = _public_pass(state, passes, chilis)
    public_round = state.public_round
    if public_round is None:
        public_round = state.public_round = _public_round(state)
    mine = state.committed[seat] if seat is not None else 0
    return _new_view(
        seat,
        *public_pass,
        *public_round,
        tuple(state.hands[seat]) if seat is not None else (),  # hand
        tuple(map(len, state.hands)),  # hand_sizes
        tuple(map(bool, state.committed)),  # committed: face-down cards are never 0
        mine or None,  # my_card
    )


def _public_pass(state: DichtDranState, passes: int, chilis: tuple[str, int]) -> tuple[JSON, ...]:
    """The fields of every seat's view that change when a pass ends, in field order."""
    return (
        state.seats,
        passes,
        state.hand_size,
        *chilis,  # chili_pattern, most_chilis
        min(len(state.pass_scores) + 1, passes),  # pass_number
        tuple(map(tuple, state.pass_scores)),
        totals(state),
        tuple(map(tuple, state.last_hands)),  # last_pass_hands (hands are kept sorted)
        is_over(state, passes),  # game_over
    )


def _public_round(state: DichtDranState) -> tuple[JSON, ...]:
    """The fields of every seat's view that change when a round resolves (the circle,
    the open piles, the collections and their chilis), in field order."""
    circle = tuple(state.circle)
    collections = tuple(map(tuple, state.collections))
    return (
        circle,
        state.target,  # target_position
        circle[state.target],
        gap_of(circle, state.target),
        len(state.draw_pile),
        tuple(sorted(state.discard_pile)),
        collections,
        tuple(chili_sum(cards, state.chilis) for cards in collections),  # won_chilis
    )


def seen_groups(view: DichtDranView) -> tuple[Sequence[int], ...]:
    """The cards the seat has seen face up: the circle, its hand, the discard pile and
    every collection (besides the card it laid face down, ``view.my_card``)."""
    return (view.circle, view.hand, view.discard_pile, *view.collections)


# -- states dealt from what a seat knows ------------------------------------------------


def determinize(view: DichtDranView, rng: random.Random) -> DichtDranState:
    """Deal the cards the seat cannot see (other hands, their face-down cards, the draw
    pile) at random from the cards it has not seen anywhere."""
    n = view.players
    seat = view.seat
    seen: set[int] = set()
    for group in seen_groups(view):
        seen.update(group)
    if view.my_card is not None:
        seen.add(view.my_card)
    hands = [list(view.hand) if s == seat else [] for s in range(n)]
    committed = [0] * n
    if seat is not None and view.my_card is not None:
        committed[seat] = view.my_card
    state = DichtDranState(
        seats=n,
        seed=rng.getrandbits(63),
        shuffles=0,
        circle=list(view.circle),
        target=view.target_position,
        hands=hands,
        draw_pile=[],
        discard_pile=list(view.discard_pile),
        collections=[list(c) for c in view.collections],
        committed=committed,
        waiting=tuple(s for s in range(n) if not view.committed[s]) if not view.game_over else (),
        pass_scores=[list(s) for s in view.pass_scores],
        last_hands=[list(h) for h in view.last_pass_hands],
        hand_size=view.hand_size,
        chilis=view.chilis,
    )
    unseen = [card for card in range(LOWEST, HIGHEST + 1) if card not in seen]
    rng.shuffle(unseen)
    fill_unseen(state, seat, view.hand_sizes, view.committed, unseen)
    return state


def fill_unseen(
    state: DichtDranState,
    seat: Seat | None,
    hand_sizes: Sequence[int],
    committed: Sequence[bool],
    cards: list[int],
) -> None:
    """Deal ``cards`` to every place ``seat`` cannot see: other hands, their face-down
    cards, then the draw pile."""
    for other in range(state.seats):
        if other == seat:
            continue
        size = hand_sizes[other]
        state.hands[other] = sorted(cards[:size])
        del cards[:size]
        if committed[other]:
            state.committed[other] = cards.pop()
    state.draw_pile = cards


def shuffle_unseen(state: DichtDranState, seat: Seat | None, rng: random.Random) -> DichtDranState:
    """A copy of ``state`` with every card ``seat`` cannot see dealt anew."""
    copy = clone(state)
    unseen = list(copy.draw_pile)
    for other in range(copy.seats):
        if other != seat:
            unseen.extend(copy.hands[other])
            if copy.committed[other]:
                unseen.append(copy.committed[other])
    rng.shuffle(unseen)
    sizes = [len(hand) for hand in copy.hands]
    fill_unseen(copy, seat, sizes, [c != 0 for c in copy.committed], unseen)
    copy.seed = rng.getrandbits(63)
    return copy


def take_back_face_down(state: DichtDranState, seat: Seat) -> bool:
    """Every other seat that has laid a card this round takes it back and is to lay it
    again; returns whether any did."""
    taken = False
    for other, card in enumerate(state.committed):
        if other != seat and card:
            insort(state.hands[other], card)  # hands are kept sorted
            state.committed[other] = 0
            taken = True
    if taken:
        state.waiting = tuple(s for s, card in enumerate(state.committed) if not card)
        round_changed(state)
    return taken


def card_zones(state: DichtDranState) -> dict[str, list[int]]:
    """Every place a card can be, with its cards."""
    zones = {
        "circle": state.circle,
        "draw pile": state.draw_pile,
        "discard pile": state.discard_pile,
        "face down": [card for card in state.committed if card],
    }
    for seat in range(state.seats):
        zones[f"hand {seat}"] = state.hands[seat]
        zones[f"collection {seat}"] = state.collections[seat]
    return zones
