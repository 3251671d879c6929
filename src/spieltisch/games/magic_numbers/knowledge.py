"""What a seat of Magic Numbers may know: its view, the tables its view allows (for a
search) and the chips it has not seen.

Card fronts are public, and so are the chips' owners and slots; a chip's value is seen by
its owner only until the reveal. A card's meaning is public once it is finished (solved or
given up); before that only a human quizmaster sees it, for the card he judges. The cards
below the top of the draw pile and in the box are seen by nobody.
"""

from __future__ import annotations

import random
from itertools import filterfalse
from operator import attrgetter
from typing import NamedTuple

from spieltisch.core.game import Seat, quick_constructor
from spieltisch.games.magic_numbers.actions import CHIPS
from spieltisch.games.magic_numbers.deck import Deck
from spieltisch.games.magic_numbers.rules import CHIPS_OF, to_act
from spieltisch.games.magic_numbers.state import (
    ALL_CHIPS,
    ANSWER_PHASE,
    BID,
    EMPTY,
    MAX_SEATS,
    NOBODY,
    OVER,
    PHASES,
    CardFace,
    MagicNumbersState,
    MagicNumbersView,
    OpenCard,
    Phase,
    QuizCard,
    Table,
    clone,
)

#: A view's table (its fields have the table's names).
_TABLE_FIELDS = attrgetter(*Table._fields)
#: ``MagicNumbersView(...)`` with every field in order, several times faster (a view is built
#: for every decision of a simulation).
_new_view = quick_constructor(MagicNumbersView)


def _deal(
    cards: list[int], count: int, rng: random.Random, places: dict[int, int] | None = None
) -> tuple[list[int], list[int]]:
    """``count`` of ``cards`` at random, and the others in their order (the box: its order
    never matters). ``places``, each card's index in ``cards``, makes the others quicker to
    find when ``count`` is small against ``cards`` (a search deals from one list many
    times)."""
    chosen = rng.sample(cards, count)
    if places is None:
        taken = set(chosen)
        return chosen, list(filterfalse(taken.__contains__, cards))
    others = cards[:]
    for index in sorted(map(places.__getitem__, chosen), reverse=True):
        del others[index]
    return chosen, others


#: ``UNSEEN_CHIP[seat]``: a chip of ``seat`` as others see it while bidding.
UNSEEN_CHIP: tuple[tuple[int, None], ...] = tuple((seat, None) for seat in range(MAX_SEATS))
#: ``SHOWN_CHIP[seat][bid]``: a bid ``(owner, chip)`` as ``seat`` (``None``: a spectator)
#: sees it while bidding: with its value only if it is his own.
SHOWN_CHIP: dict[int | None, dict[tuple[int, int], tuple[int, int | None]]] = {
    seat: {
        (owner, chip): (owner, chip) if owner == seat else UNSEEN_CHIP[owner]
        for owner in range(MAX_SEATS)
        for chip in CHIPS
    }
    for seat in (*range(MAX_SEATS), None)
}


class Seen(NamedTuple):
    """What a view shows that a deal from it needs, worked out once per view (a search
    deals from one view many times): the cards it has not seen, in deck order, and the
    place of each in that list; how many of them lie below the top of the draw pile; its
    phase and table; the cards as the state lists them; and whether some chips' values are
    hidden (else the chips on the cards and in hand, as the state lists them)."""

    view: MagicNumbersView
    unseen: list[int]
    places: dict[int, int]
    below: int
    phase: Phase
    table: Table
    display: list[int]
    set_aside: list[int]
    unsolved: list[int]
    collections: list[list[int]]
    chips_hidden: bool
    bids: list[list[tuple[int, int]]]
    chips: list[int]


class MagicNumbersKnowledge:
    """What a seat may know, for :class:`~spieltisch.games.magic_numbers.game.MagicNumbers`
    (whose deck gives the cards' faces and meanings)."""

    rounds: int
    judge: str
    human_judge: bool
    deck: Deck
    every_card: frozenset[int]
    faces: tuple[CardFace, ...]
    open_cards: tuple[OpenCard, ...]
    quiz_cards: tuple[QuizCard, ...]
    _last_seen: Seen | None
    _by_meaning: dict[tuple[str, str], int] | None = None

    def _view(self, state: MagicNumbersState, seat: Seat | None) -> MagicNumbersView:
        """What ``seat`` knows now (``None``: a spectator)."""
        phase = state.phase
        solving = state.position != NOBODY
        quiz = None
        judge_says = None
        if solving and self.human_judge and seat == state.quizmaster:
            card = state.display[state.position]
            quiz = self.quiz_cards[card]
            if state.pending is not None:
                judge_says = self.deck.is_right(card, state.pending)
        table = state.table
        if table is None:
            table = state.table = self._table(state)
        if phase is BID:  # a chip's value is seen by its owner only
            shown = SHOWN_CHIP[seat].__getitem__
            bids = tuple([tuple(map(shown, chips)) for chips in state.bids])
        else:
            bids = tuple(map(tuple, state.bids))
        return _new_view(
            seat,
            state.seats,  # players
            table.round,
            self.rounds,
            self.judge,
            self.deck.themes,
            phase._value_,  # phase (``.value``, faster)
            to_act(state),
            table.start_player,
            table.points,
            table.display,
            table.draw_pile_top,
            table.draw_pile_size,
            table.box_size,
            bids,
            tuple(map(int.bit_count, state.chips)),  # chips_left
            CHIPS_OF[state.chips[seat]] if seat is not None else (),  # my_chips
            state.quiet,
            state.position if solving else None,
            tuple(state.order),
            state.quizmaster if solving else None,
            tuple(state.hints),
            self._hint_texts(state) if solving else (),
            state.answerer if solving else None,
            state.order[state.answerer] if phase is ANSWER_PHASE else None,  # answering
            tuple(state.answers),
            state.pending,
            quiz,
            judge_says,
            table.collections,
            table.unsolved,
            table.set_aside,
            table.bonus,
            phase is OVER,  # game_over
            self._choices(state),
        )

    def _table(self, state: MagicNumbersState) -> Table:
        """The part of every view that changes only with the points, the cards and the
        round."""
        faces = self.faces
        opened = self.open_cards
        return Table(
            state.round,
            state.start,
            tuple(state.points),
            tuple(None if card == EMPTY else faces[card] for card in state.display),
            faces[state.draw_pile[-1]] if state.draw_pile else None,
            len(state.draw_pile),
            len(state.box),
            tuple(tuple(opened[c] for c in cards) for cards in state.collections),
            tuple(opened[card] for card in state.unsolved),
            tuple(faces[card] for card in state.set_aside),
            tuple(state.bonus),
        )

    def _choices(self, state: MagicNumbersState) -> tuple[tuple[str, str], ...]:
        """The meanings offered for the card being solved (``answers=choice``), as shown."""
        offered = state.offered
        if not offered:
            return ()
        cards = self.open_cards
        return tuple([(cards[card].meaning_de, cards[card].meaning_en) for card in offered])

    def _offered(self, view: MagicNumbersView) -> list[int]:
        """The cards behind the meanings a view shows: the card being solved for its own
        meaning, else the first card of the deck with that meaning."""
        if not view.choices:
            return []
        assert view.position is not None
        face = view.display[view.position]
        assert face is not None
        own = self.open_cards[face.card]
        by_meaning = self._by_meaning
        if by_meaning is None:
            by_meaning = self._by_meaning = {}
            for card in reversed(self.open_cards):
                by_meaning[card.meaning_de, card.meaning_en] = card.card
        return [
            face.card if meanings == (own.meaning_de, own.meaning_en) else by_meaning[meanings]
            for meanings in view.choices
        ]

    def _hint_texts(self, state: MagicNumbersState) -> tuple[tuple[str, str, str], ...]:
        card = self.deck.cards[state.display[state.position]]
        texts = []
        for kind in state.hints:
            text = card.theme_hint if kind == "theme" else card.unit_hint
            texts.append((kind, text["de"], text["en"]))
        return tuple(texts)

    def _determinize(self, view: MagicNumbersView, rng: random.Random) -> MagicNumbersState:
        """Deal what the seat cannot see: the cards below the top of the draw pile and in
        the box (from the cards it has not seen), and, while bidding, the values of the
        other players' chips (any distinct chips, the rest still in their hands)."""
        seen = self._last_seen
        if seen is None or seen.view is not view:  # a search deals from one view many times
            seen = self._last_seen = self._seen(view)
        pile, box = _deal(seen.unseen, seen.below, rng, seen.places)
        if view.draw_pile_top is not None:
            pile.append(view.draw_pile_top.card)
        if seen.chips_hidden:
            bids, chips = self._deal_chips(view, rng)
        else:
            bids, chips = [row[:] for row in seen.bids], seen.chips[:]
        solving = view.position is not None
        return MagicNumbersState(
            seats=view.players,
            seed=rng.getrandbits(63),
            shuffles=1,
            phase=seen.phase,
            round=view.round,
            start=view.start_player,
            points=list(view.points),
            display=seen.display[:],
            draw_pile=pile,
            box=box,
            set_aside=seen.set_aside[:],
            unsolved=seen.unsolved[:],
            collections=[cards[:] for cards in seen.collections],
            bids=bids,
            chips=chips,
            turn=view.to_act[0] if seen.phase is BID else NOBODY,
            quiet=view.quiet,
            position=view.position if view.position is not None else NOBODY,
            order=list(view.order),
            quizmaster=view.quizmaster if view.quizmaster is not None else NOBODY,
            hints=list(view.hints),
            answerer=view.answerer if solving and view.answerer is not None else 0,
            answers=list(view.answers),
            pending=view.pending,
            bonus=list(view.bonus),
            offered=self._offered(view),
            table=seen.table,  # the view's table is this state's
        )

    def _seen(self, view: MagicNumbersView) -> Seen:
        """What a deal takes from ``view`` before it deals."""
        seen = {face.card for face in view.display if face is not None}
        seen.update(face.card for face in view.set_aside)
        seen.update(card.card for card in view.unsolved)
        for cards in view.collections:
            seen.update(card.card for card in cards)
        if view.draw_pile_top is not None:
            seen.add(view.draw_pile_top.card)
        unseen = sorted(self.every_card.difference(seen))  # in deck order
        chips_hidden = any(chip is None for chips in view.bids for _, chip in chips)
        # with no value hidden, dealing the chips draws no chance
        bids, chips = ([], []) if chips_hidden else self._deal_chips(view, random.Random(0))
        return Seen(
            view,
            unseen,
            {card: index for index, card in enumerate(unseen)},
            view.draw_pile_size - 1 if view.draw_pile_top is not None else 0,
            PHASES[view.phase],
            Table._make(_TABLE_FIELDS(view)),
            [EMPTY if face is None else face.card for face in view.display],
            [face.card for face in view.set_aside],
            [card.card for card in view.unsolved],
            [[card.card for card in cards] for cards in view.collections],
            chips_hidden,
            bids,
            chips,
        )

    @staticmethod
    def _deal_chips(
        view: MagicNumbersView, rng: random.Random
    ) -> tuple[list[list[tuple[int, int]]], list[int]]:
        """The chips on the cards, unseen values dealt at random, and the chips in hand."""
        unseen = [0] * view.players
        for chips in view.bids:
            for owner, chip in chips:
                if chip is None:
                    unseen[owner] += 1
        hidden: dict[int, list[int]] = {}
        for seat, count in enumerate(unseen):
            if count:
                hidden[seat] = rng.sample(CHIPS, count)
        bids: list[list[tuple[int, int]]] = []
        used = [0] * view.players
        for chips in view.bids:
            row = []
            for owner, chip in chips:
                value = chip if chip is not None else hidden[owner].pop()
                used[owner] |= 1 << value
                row.append((owner, value))
            bids.append(row)
        return bids, [ALL_CHIPS & ~mask for mask in used]

    def _shuffle_unseen(
        self, state: MagicNumbersState, seat: Seat | None, rng: random.Random
    ) -> MagicNumbersState:
        """Deal anew the cards below the top of the draw pile and in the box, and, while
        bidding, the values of the chips the seat has not seen."""
        copy = clone(state)
        below = max(len(copy.draw_pile) - 1, 0)
        pile, copy.box = _deal(copy.draw_pile[:-1] + copy.box, below, rng)
        copy.draw_pile = pile + copy.draw_pile[-1:]
        if copy.phase is BID:
            view = self._view(copy, seat)
            copy.bids, copy.chips = self._deal_chips(view, rng)
        copy.seed = rng.getrandbits(63)
        return copy
