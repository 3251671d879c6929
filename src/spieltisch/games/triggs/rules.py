"""The rules of a Triggs turn, in the rule sheet's order.

On his turn a player does exactly one of three things:

A. draw exactly two cards from any of the three piles (one card with nine in hand, none
   with ten: the hand limit);
B. discard any number of cards of one value;
C. announce a value and cross it off once per formation laid: one card of that value, or
   two cards that add up to it, never more formations than free boxes in that row.

Filling a row's last box earns an extra cross in any other unfinished row at once, and
extra crosses chain. An emptied hand draws five new cards; an empty pile is refilled from
the discard pile; once every 12-row (then every 11-row) is full, those values leave the
game. Whoever crosses every box of his sheet first wins at once.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from spieltisch.core.chance import shuffled
from spieltisch.core.game import Event
from spieltisch.games.triggs.actions import (
    ANNOUNCES,
    COPIES,
    DISCARDS,
    DRAWS,
    EXTRAS,
    FINISH,
    FORMS,
    HAND_LIMIT,
    LEFT,
    MIDDLE,
    PILE_NAMES,
    RIGHT,
    Action,
    Announce,
    Discard,
    Draw,
    Extra,
    Finish,
    Form,
)
from spieltisch.games.triggs.sheet import VALUES
from spieltisch.games.triggs.state import (
    DRAWING,
    EXTRA,
    FORMING,
    HANDS_REMEMBERED,
    LAST_REMOVABLE,
    OVER,
    REPEATED,
    TURN,
    TriggsState,
    face_up_changed,
    known_changed,
    sheet_changed,
)


def counts_of(hand: Sequence[int]) -> list[int]:
    """How many cards of each value (index = value) a hand holds."""
    counts = [0] * (VALUES[-1] + 1)
    for card in hand:
        counts[card] += 1
    return counts


#: ``PAIRS[v]``: the two-card formations of ``v`` as (higher, lower) card.
PAIRS: dict[int, tuple[tuple[int, int], ...]] = {
    value: tuple((value - low, low) for low in range(1, value // 2 + 1)) for value in VALUES
}
#: ``DISCARD_RUNS[v][c]``: the discards of ``v`` open to a hand holding ``c`` cards of it.
DISCARD_RUNS: dict[int, tuple[tuple[Discard, ...], ...]] = {
    value: tuple(
        tuple(DISCARDS[value, k] for k in range(1, held + 1)) for held in range(COPIES + 1)
    )
    for value in VALUES
}


#: ``PAIR_FORMS[v]``: the two-card formations of ``v`` as (higher card, lower card,
#: formation), the two halves last.
PAIR_FORMS: dict[int, tuple[tuple[int, int, Form], ...]] = {
    value: tuple((high, low, FORMS[high, low]) for high, low in PAIRS[value]) for value in VALUES
}


def formations_of(counts: Sequence[int], value: int) -> tuple[Form, ...]:
    """The formations of ``value`` a hand holding ``counts[v]`` cards of each value ``v`` can
    lay: the card itself, or two cards that add up to it (two of one value need a pair of
    them)."""
    found: tuple[Form, ...] = (FORMS[value, 0],) if counts[value] else ()
    for high, low, formation in PAIR_FORMS[value]:
        if counts[high] and counts[low] and (high != low or counts[low] >= 2):
            found += (formation,)
    return found


def formations(hand: Sequence[int], value: int) -> tuple[Form, ...]:
    """The formations of ``value`` the cards of ``hand`` can lay (:func:`formations_of`)."""
    return formations_of(counts_of(hand), value)


#: The bits of the rows 1–12 (bit ``1 << v`` for row ``v``).
ALL_ROWS = sum(1 << value for value in VALUES)
#: ``ANNOUNCES_OF[bits]``: the announcements of the values in ``bits`` (bit ``1 << v``:
#: value ``v``; bits within :data:`ALL_ROWS`), rising.
ANNOUNCES_OF: tuple[tuple[Announce, ...], ...] = tuple(
    tuple(ANNOUNCES[value] for value in VALUES if bits >> value & 1) for bits in range(ALL_ROWS + 1)
)


class HandChoices(NamedTuple):
    """What a sorted hand allows, whatever the sheet (see :func:`hand_choices`)."""

    #: a draw from each pile (if the hand limit allows drawing), then every discard
    opening: tuple[Draw | Discard, ...]
    discards: tuple[Discard, ...]
    #: the values it can form, as bits (``1 << v`` for value ``v``)
    formable: int


def hand_choices(hand: tuple[int, ...], limit: int = HAND_LIMIT) -> HandChoices:
    """What a sorted hand allows, whatever the sheet: drawing (action A) below the hand
    limit ``limit``, every discard (action B), and the values it can form (action C, where
    the row has a free box): each value it holds, two different values added, and a value
    held twice doubled. (Not remembered here: :meth:`TriggsRules._turn_choices` remembers
    whole turns.)"""
    discards: list[Discard] = []
    held = 0  # the values held so far
    reach = 0  # the values formable from them
    for value in dict.fromkeys(hand):  # rising
        count = hand.count(value)
        discards += DISCARD_RUNS[value][count]
        reach |= held << value  # each lower value held, plus this one
        if count > 1:
            reach |= 1 << 2 * value
        held |= 1 << value
    opening: tuple[Draw | Discard, ...] = (
        (*DRAWS, *discards) if len(hand) < limit else tuple(discards)
    )
    return HandChoices(opening, tuple(discards), (reach | held) & ALL_ROWS)


def remove_cards(cards: list[int], taken: Sequence[int]) -> None:
    """Take each of ``taken`` out of the sorted list ``cards`` once."""
    for card in taken:
        cards.remove(card)


def forget(known: list[int], played: Sequence[int]) -> None:
    """Played cards no longer count as known hand cards (at most as many as were known)."""
    for card in played:
        if card in known:
            known.remove(card)


#: The choices of a turn (:meth:`TriggsRules._turn_choices`) by sorted hand, rows with a free
#: box and which piles are empty.
_TURN_CHOICES: dict[tuple[tuple[int, ...], int, bool, bool, bool, int], tuple[Action, ...]] = {}


class TriggsRules:
    """The moves of Triggs on a given score sheet (the game class adds the rest)."""

    #: ``sheet[v]``: boxes in row ``v`` (index 0 unused).
    sheet: tuple[int, ...]
    #: the boxes on one sheet
    boxes: int
    #: after this many rounds the game ends without a winner
    round_limit: int
    #: the most cards a hand may hold (action A draws only up to it)
    hand_limit: int
    #: the cards an emptied hand draws
    refill: int
    #: the cards action A draws (up to the hand limit)
    draw_count: int

    # -- what may be done ----------------------------------------------------------------------
    def _turn_choices(self, state: TriggsState) -> tuple[Action, ...]:
        """Action A (if the hand limit allows), B (any number of one value) or C (a value with
        a free box that the hand can form). Remembered by hand, open rows and the piles
        holding cards: a search meets the same turns again and again."""
        seat = state.seat
        open_rows = state.open_rows
        if open_rows is None:
            open_rows = self._open_rows(state)
        left, middle, right = state.piles
        key = (
            tuple(state.hands[seat]),
            open_rows[seat],
            not left,
            not middle,
            not right,
            self.hand_limit,
        )
        choices = _TURN_CHOICES.get(key)
        if choices is None:
            if len(_TURN_CHOICES) >= HANDS_REMEMBERED:
                _TURN_CHOICES.clear()
            choices = _TURN_CHOICES[key] = self._work_out_turn_choices(state)
        return choices

    def _work_out_turn_choices(self, state: TriggsState) -> tuple[Action, ...]:
        """:meth:`_turn_choices` worked out afresh: the draws or the hand's opening, its
        discards, and the values it can form whose row has a free box."""
        hand = state.hands[state.seat]
        choices = hand_choices(tuple(hand), self.hand_limit)
        announces = ANNOUNCES_OF[choices.formable & self._open_rows(state)[state.seat]]
        left, middle, right = state.piles
        if (left and middle and right) or len(hand) >= self.hand_limit:
            return choices.opening + announces  # a draw from each pile, or none
        return self._draws(state) + choices.discards + announces

    def _open_rows(self, state: TriggsState) -> tuple[int, ...]:
        """Per seat, the rows with a free box, as bits (``TriggsState.open_rows``)."""
        open_rows = state.open_rows
        if open_rows is None:
            sheet = self.sheet
            open_rows = state.open_rows = tuple(
                sum(1 << value for value in VALUES if row[value] < sheet[value])
                for row in state.crosses
            )
        return open_rows

    @staticmethod
    def _draws(state: TriggsState) -> tuple[Draw, ...]:
        """A draw from each pile that holds a card."""
        left, middle, right = state.piles
        if left and middle and right:
            return DRAWS
        return tuple(DRAWS[pile] for pile in range(3) if state.piles[pile])

    def _forming_choices(self, state: TriggsState) -> tuple[Action, ...]:
        """Formations of the announced value while its row has free boxes; once at least one
        is laid, the player may finish instead."""
        choices = state.forming
        if choices is not None:  # worked out when the last formation was laid
            return choices
        value = state.announced
        choices = ()
        if self._open_rows(state)[state.seat] >> value & 1:
            choices = formations(state.hands[state.seat], value)
        return (*choices, FINISH) if state.formed else choices

    def _extra_choices(self, state: TriggsState) -> tuple[Extra, ...]:
        """Any other row that is not yet full."""
        open_rows = self._open_rows(state)[state.seat]
        return tuple(EXTRAS[value] for value in VALUES if open_rows >> value & 1)

    # -- doing it ----------------------------------------------------------------------
    def _draw(self, state: TriggsState, action: Draw, log: list[Event] | None) -> None:
        """Action A: draw two cards (``draw_count``; no more than the hand limit allows, so
        one with nine in hand), one action per card."""
        seat = state.seat
        pile = action.pile
        hand = state.hands[seat]
        if state.phase is TURN:
            state.draws_left = min(self.draw_count, self.hand_limit - len(hand))
        card = state.piles[pile].pop()
        insort(hand, card)
        if pile != MIDDLE:
            insort(state.known[seat], card)
            known_changed(state)
        if log is not None:
            shown = card if pile != MIDDLE else None
            log.append(Event("draw", {"seat": seat, "pile": PILE_NAMES[pile], "card": shown}))
            if shown is None:
                log.append(Event("drawn", {"seat": seat, "cards": [card]}, frozenset({seat})))
        left, middle, right = state.piles
        removed_from = state.removed_from
        if not (left and middle and right and left[-1] < removed_from > right[-1]):
            self._settle_piles(state, log)
        state.draws_left -= 1
        if state.draws_left and any(state.piles):
            state.phase = DRAWING
        else:
            self._end_turn(state, log, after_b_or_c=False)

    def _discard(self, state: TriggsState, action: Discard, log: list[Event] | None) -> None:
        """Action B: cards of a value that has left the game go to the box."""
        seat = state.seat
        cards = REPEATED[action.value][action.count]
        hand = state.hands[seat]
        first = bisect_left(hand, action.value)  # the hand is sorted
        del hand[first : first + action.count]
        known = state.known[seat]
        if known:
            forget(known, cards)
            known_changed(state)
        out = action.value >= state.removed_from
        (state.box if out else state.discard_pile).extend(cards)
        face_up_changed(state)
        if log is not None:
            data = {"seat": seat, "value": action.value, "count": action.count, "to_box": out}
            log.append(Event("discard", data))
        self._end_turn(state, log, after_b_or_c=True)

    def _announce(self, state: TriggsState, action: Announce, log: list[Event] | None) -> None:
        """Action C begins: the value to cross off."""
        state.phase, state.announced, state.formed = FORMING, action.value, 0
        state.forming = None
        if log is not None:
            log.append(Event("announce", {"seat": state.seat, "value": action.value}))

    def _form(self, state: TriggsState, action: Form, log: list[Event] | None) -> None:
        """Action C: lay one formation and cross one box of the announced row."""
        seat = state.seat
        hand, known = state.hands[seat], state.known[seat]
        for card in (action.high, action.low) if action.low else (action.high,):  # the cards
            hand.remove(card)
            if card in known:  # no longer known to be in the hand
                known.remove(card)
                known_changed(state)
            state.discard_pile.append(card)
        face_up_changed(state)
        state.formed += 1
        if log is not None:
            data = {"seat": seat, "value": state.announced, "cards": action.cards}
            log.append(Event("form", data))
        if self._cross(state, state.announced, log):
            return
        left = formations(hand, state.announced)
        if left:
            state.forming = (*left, FINISH)  # the row is still open
        else:
            self._end_turn(state, log, after_b_or_c=True)  # nothing left to lay: action C ends

    def _finish(self, state: TriggsState, action: Finish, log: list[Event] | None) -> None:
        """Action C ends when the player lays no more formations."""
        self._end_turn(state, log, after_b_or_c=True)

    def _cross(self, state: TriggsState, row: int, log: list[Event] | None) -> bool:
        """Cross one box of ``row``; returns True if the turn goes on with an extra cross or
        the game is won."""
        crosses = state.crosses[state.seat]
        crosses[row] += 1
        if crosses[row] < self.sheet[row]:
            sheet_changed(state, 0)
            return False
        sheet_changed(state, row)
        if log is not None:
            log.append(Event("row_full", {"seat": state.seat, "row": row}))
        self._apply_removal_rules(state, log)
        if sum(crosses) == self.boxes:
            state.winner = state.seat
            state.phase = OVER
            if log is not None:
                log.append(Event("win", {"seat": state.seat}))
            return True
        state.phase = EXTRA
        return True

    def _extra(self, state: TriggsState, action: Extra, log: list[Event] | None) -> None:
        """An extra cross; filling that row earns the next one (chains are unlimited)."""
        if log is not None:
            log.append(Event("extra", {"seat": state.seat, "row": action.row}))
        if not self._cross(state, action.row, log):
            self._end_turn(state, log, after_b_or_c=True)

    def _apply_removal_rules(self, state: TriggsState, log: list[Event] | None) -> None:
        """Once every player's 12-row is full, 12s leave the game; after that, the same for
        11s. Values 1–10 always stay."""
        while state.removed_from > LAST_REMOVABLE and all(
            row[state.removed_from - 1] >= self.sheet[state.removed_from - 1]
            for row in state.crosses
        ):
            state.removed_from -= 1
            if log is not None:
                log.append(Event("removal_rule", {"value": state.removed_from}))
        self._settle_piles(state, log)

    def _end_turn(self, state: TriggsState, log: list[Event] | None, after_b_or_c: bool) -> None:
        """An empty hand after B or C draws five from the middle pile at once; then the next
        player clockwise, unless the round limit is reached."""
        seat = state.seat
        if after_b_or_c and not state.hands[seat]:
            self._refill_hand(state, log)
        left, middle, right = state.piles
        removed_from = state.removed_from
        if not (left and middle and right and left[-1] < removed_from > right[-1]):
            self._settle_piles(state, log)
        state.turns += 1
        state.seat = (seat + 1) % state.seats
        state.phase, state.announced, state.formed, state.draws_left = TURN, 0, 0, 0
        if state.turns >= self.round_limit * state.seats:
            state.phase = OVER
            if log is not None:
                log.append(Event("round_limit", {"rounds": self.round_limit}))

    def _refill_hand(self, state: TriggsState, log: list[Event] | None) -> None:
        """Five cards (``refill``) from the face-down pile; if it holds fewer, the shuffled
        discard pile goes under it first (RULES-NOTES §4 b 8)."""
        middle = state.piles[MIDDLE]
        count = self.refill
        if len(middle) < count and state.discard_pile:
            middle[:0] = self._shuffle_discards(state, MIDDLE, log)
        drawn = middle[-count:]
        del middle[-count:]
        hand = state.hands[state.seat]
        for card in drawn:
            insort(hand, card)
        if log is not None:
            log.append(Event("refill_hand", {"seat": state.seat, "count": len(drawn)}))
            log.append(
                Event("drawn", {"seat": state.seat, "cards": drawn}, frozenset({state.seat}))
            )

    def _settle_piles(self, state: TriggsState, log: list[Event] | None) -> None:
        """An empty pile is refilled at once from the shuffled discard pile (seed rule; it
        takes the whole discard pile, RULES-NOTES §4 b 5), and a card of a value that has
        left the game on top of an open pile goes to the box, until a playable card shows."""
        left, middle, right = state.piles
        removed_from = state.removed_from
        if left and middle and right and left[-1] < removed_from and right[-1] < removed_from:
            return  # nothing to refill or to remove: the common case
        for pile in (LEFT, MIDDLE, RIGHT):
            cards = state.piles[pile]
            while True:
                while pile != MIDDLE and cards and cards[-1] >= state.removed_from:
                    state.box.append(cards.pop())
                    face_up_changed(state)
                    if log is not None:
                        log.append(
                            Event("removed", {"pile": PILE_NAMES[pile], "card": state.box[-1]})
                        )
                if cards or not state.discard_pile:
                    break
                cards[:] = self._shuffle_discards(state, pile, log)

    def _shuffle_discards(
        self, state: TriggsState, pile: int, log: list[Event] | None
    ) -> list[int]:
        cards = shuffled(state.discard_pile, state.seed, state.shuffles)
        state.shuffles += 1
        state.discard_pile.clear()
        face_up_changed(state)
        if log is not None:
            log.append(Event("reshuffle", {"pile": PILE_NAMES[pile], "count": len(cards)}))
        return cards


#: How :meth:`Triggs.apply` carries out each kind of action.
DOING: dict[type, Callable[[TriggsRules, TriggsState, Any, list[Event] | None], None]] = {
    Draw: TriggsRules._draw,
    Discard: TriggsRules._discard,
    Announce: TriggsRules._announce,
    Form: TriggsRules._form,
    Extra: TriggsRules._extra,
    Finish: TriggsRules._finish,
}
