"""Triggs (Karin Hetling, NSV 2022): collect cards, cross off numbers, chain extra crosses.

On his turn a player does exactly one of three things:

A. draw exactly two cards from any of the three piles (one card with nine in hand, none
   with ten: the hand limit);
B. discard any number of cards of one value;
C. announce a value and cross it off once per formation laid: one card of that value, or
   two cards that add up to it, never more formations than free boxes in that row.

Filling a row's last box earns an extra cross in any other unfinished row at once, and
extra crosses chain. Whoever crosses every box of his sheet first wins at once. Gaps in the
rule sheet are resolved as RULES-NOTES §4 says; see ``docs/rules/triggs.md``.
"""

from __future__ import annotations

import json
import random
import re
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, NamedTuple

from spieltisch.core.chance import is_complete_deck, shuffled
from spieltisch.core.errors import DeckError
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat, View, quick_constructor
from spieltisch.core.options import OptionSpec
from spieltisch.games.triggs.actions import (
    ACTIONS,
    ANNOUNCES,
    BY_JSON,
    BY_TEXT,
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
    SYNONYMS,
    Action,
    Announce,
    Discard,
    Draw,
    Extra,
    Finish,
    Form,
)
from spieltisch.games.triggs.sheet import (
    RECONSTRUCTED_SHEET,
    SHEET_PATTERN,
    VALUES,
    parse_sheet,
    sheet_text,
)
from spieltisch.games.triggs.words import describe as describe_event

RULES_VERSION = "1"

#: The 108 cards: nine of each value 1–12.
ALL_CARDS: tuple[int, ...] = tuple(value for value in VALUES for _ in range(COPIES))
HAND_SIZE = 5
#: Cards drawn at once when a hand is emptied by action B or C.
REFILL_HAND = 5
OPEN_PILES = (LEFT, RIGHT)
#: [A] §4 b 4: each outer (face-up) pile gets 1/6 of the cards left after dealing, the
#: face-down middle pile the rest, so that it is "clearly the largest" (seed rule).
OUTER_SHARE = 6
#: The 12-rule and then the 11-rule take these values out of the game; 1–10 always stay.
LAST_REMOVABLE = 11
NOTHING_REMOVED = 13
#: How many turns :meth:`Triggs._turn_choices` remembers (a search meets the same hands
#: again and again).
HANDS_REMEMBERED = 1 << 14


class Phase(Enum):
    """Where a turn stands."""

    TURN = "turn"  # choose action A, B or C
    DRAWING = "drawing"  # action A: the second card
    FORMING = "forming"  # action C: lay formations of the announced value, or finish
    EXTRA = "extra"  # a row was filled: place the extra cross
    OVER = "over"


#: Each phase by its name (``Phase(name)``, faster).
PHASES = {phase.value: phase for phase in Phase}
#: The phases by plain names: the engine compares phases at every step, and ``Phase.TURN``
#: looks the member up through the enum class, several times slower than a global name.
TURN, DRAWING, FORMING, EXTRA, OVER = Phase


# -- state and view ------------------------------------------------------------------------


@dataclass(slots=True)
class TriggsState:
    """The whole table. Piles have their top card last; hands are kept sorted.

    ``known[s]`` are the cards of seat ``s``'s hand that everybody saw it take from an open
    pile (and has not seen it play since). ``crosses[s][v]`` counts the crosses in row ``v``.
    Values from ``removed_from`` up have left the game (the 12- and 11-rules).

    The last five fields only save work (a search builds a view and lists the legal actions
    at every step) and never take part in comparing states. Each is ``None`` until the
    first view or list of choices that needs it (or a state determinized from a view, which
    takes them from the view), and is set back to ``None`` (or made anew) by every change of
    the fields it is made from: ``open_rows[s]`` has bit ``v`` set while row ``v`` of seat
    ``s`` has a free box (from ``crosses``); ``sheets`` are the views' ``crosses`` and
    ``crossed`` (from ``crosses``), ``shown_known`` their ``known`` (from ``known``) and
    ``face_up`` their ``discard_pile`` and ``box`` (from those); ``forming`` is what the
    player may do next after laying a formation that leaves the row open (the formations
    left, or finishing), read only while he is forming and cleared by each announcement.
    They are immutable values, so a clone shares them.
    """

    seats: int
    seed: int
    shuffles: int
    hands: list[list[int]]
    known: list[list[int]]
    piles: list[list[int]]
    discard_pile: list[int]
    box: list[int]
    crosses: list[list[int]]
    seat: int
    phase: Phase
    announced: int
    formed: int
    draws_left: int
    removed_from: int
    turns: int
    winner: int
    open_rows: tuple[int, ...] | None = field(default=None, compare=False)
    sheets: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None = field(
        default=None, compare=False
    )
    shown_known: tuple[tuple[int, ...], ...] | None = field(default=None, compare=False)
    face_up: tuple[tuple[int, ...], tuple[int, ...]] | None = field(default=None, compare=False)
    forming: tuple[Action, ...] | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class TriggsView(View):
    """What one seat knows: its hand, every score sheet, the open piles' top cards, the pile
    sizes, the discard pile and the box (all cards there were shown face up), and which hand
    cards everybody saw each player take from an open pile."""

    players: int
    sheet: tuple[int, ...]
    #: the boxes on one sheet, all rows together
    sheet_boxes: int
    crosses: tuple[tuple[int, ...], ...]
    #: each seat's boxes crossed so far: its score
    crossed: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    pile_sizes: tuple[int, ...]
    open_tops: tuple[int | None, ...]
    discard_pile: tuple[int, ...]
    box: tuple[int, ...]
    removed_values: tuple[int, ...]
    turn: int
    phase: str
    announced: int | None
    formed: int
    draws_left: int
    turns: int
    winner: int | None

    def __hash__(self) -> int:
        """The hash of the fields that tell the views of one search apart (equal views have
        equal fields, so equal hashes): much cheaper than hashing the discard pile and every
        sheet, and search trees hash views all the time."""
        return hash(
            (
                self.seat,
                self.turns,
                self.phase,
                self.formed,
                self.draws_left,
                self.hand,
                *self.crossed,
                *self.pile_sizes,
                *self.open_tops,
            )
        )


#: ``TriggsView(...)`` with every field in order, several times faster (simulations build a
#: view for every decision in the search tree).
_new_view = quick_constructor(TriggsView)
#: ``REPEATED[v][k]``: ``k`` cards of value ``v``.
REPEATED = {value: tuple((value,) * k for k in range(COPIES + 1)) for value in VALUES}
#: ``REMOVED_VALUES[r]``: the values that have left the game when values from ``r`` up have.
REMOVED_VALUES = tuple(tuple(range(first, NOTHING_REMOVED)) for first in range(NOTHING_REMOVED + 1))


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


#: ``MIXED_PAIRS[v]``: the formations of ``v`` from two different cards, as (higher card,
#: lower card, formation).
MIXED_PAIRS: dict[int, tuple[tuple[int, int, Form], ...]] = {
    value: tuple((high, low, FORMS[high, low]) for high, low in PAIRS[value] if high != low)
    for value in VALUES
}


def formations(hand: list[int], value: int) -> tuple[Form, ...]:
    """The formations of ``value`` a hand can lay: the card itself, or two cards adding up to
    it (two of one value need a pair of them)."""
    found: tuple[Form, ...] = (FORMS[value, 0],) if value in hand else ()
    for high, low, formation in MIXED_PAIRS[value]:
        if high in hand and low in hand:
            found += (formation,)
    if not value & 1 and hand.count(value >> 1) >= 2:  # two halves, listed last
        found += (FORMS[value >> 1, value >> 1],)
    return found


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


def hand_choices(hand: tuple[int, ...]) -> HandChoices:
    """What a sorted hand allows, whatever the sheet: drawing (action A) below the hand
    limit, every discard (action B), and the values it can form (action C, where the row has
    a free box): each value it holds, two different values added, and a value held twice
    doubled. (Not remembered here: :meth:`Triggs._turn_choices` remembers whole turns.)"""
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
        (*DRAWS, *discards) if len(hand) < HAND_LIMIT else tuple(discards)
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


#: The choices of a turn (:meth:`Triggs._turn_choices`) by sorted hand, rows with a free
#: box and which piles are empty.
_TURN_CHOICES: dict[tuple[tuple[int, ...], int, bool, bool, bool], tuple[Action, ...]] = {}


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


class Triggs(Game[TriggsState, Action, TriggsView]):
    """Triggs for 2–4 players."""

    action_table = ACTIONS
    spec: ClassVar[GameSpec] = GameSpec(
        id="triggs",
        name_de="Triggs – Zur Genüge Extrazüge",
        name_en="Triggs",
        rules_version=RULES_VERSION,
        min_seats=2,
        max_seats=4,
        options=(
            OptionSpec(
                "score_sheet",
                sheet_text(RECONSTRUCTED_SHEET),
                "Kästchen je Reihe 1–12, kommagetrennt (Standard: die Rekonstruktion)",
                "boxes per row 1–12, comma-separated (default: the reconstruction)",
                pattern=SHEET_PATTERN,
                pattern_text="twelve box counts from 1 to 9, comma-separated",
                example="1,1,1,1,1,1,2,2,2,2,2,3",
            ),
            OptionSpec(
                "round_limit",
                100,
                "Nach so vielen Runden endet das Spiel ohne Sieger (Wertung nach Kreuzen)",
                "after this many rounds the game ends without a winner (ranked by crosses)",
                minimum=10,
                maximum=1000,
            ),
        ),
    )

    def __init__(self, options: dict[str, JSON] | None = None) -> None:
        super().__init__(options)
        #: ``sheet[v]``: boxes in row ``v`` (index 0 unused).
        self.sheet: tuple[int, ...] = (0, *parse_sheet(str(self.options["score_sheet"])))
        self.boxes = sum(self.sheet)
        self.round_limit = int(self.options["round_limit"])
        #: The rows of the sheet as a view shows them (rows 1–12).
        self._sheet_rows = self.sheet[1:]
        #: ``to_act`` for each seat in turn (one tuple each, made once).
        self._to_act_of = tuple((seat,) for seat in range(self.spec.max_seats))
        #: What the last view :meth:`determinize` dealt from showed.
        self._last_seen: _Seen | None = None

    # -- set-up ----------------------------------------------------------------------
    def deck_order(self, seats: int, seed: int) -> list[int]:
        return shuffled(ALL_CARDS, seed, 0)

    def new_state(
        self,
        seats: int,
        seed: int,
        deck: Sequence[object] | None = None,
        log: list[Event] | None = None,
    ) -> TriggsState:
        """Deal from ``deck`` (top first) or the seed's shuffle: seat 0 takes the first five
        cards, seat 1 the next five, and so on; then the left pile (1/6 of the rest), the
        middle pile, and the right pile (1/6), each with its first card on top. Seat 0
        begins (the lot decides who sits there)."""
        self.spec.check_seats(seats)
        cards = self._checked_deck(deck) if deck is not None else self.deck_order(seats, seed)
        dealt = HAND_SIZE * seats
        rest = cards[dealt:]
        outer = len(rest) // OUTER_SHARE
        state = TriggsState(
            seats=seats,
            seed=seed,
            shuffles=1,
            hands=[sorted(cards[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(seats)],
            known=[[] for _ in range(seats)],
            piles=[rest[:outer][::-1], rest[outer:-outer][::-1], rest[-outer:][::-1]],
            discard_pile=[],
            box=[],
            crosses=[[0] * (VALUES[-1] + 1) for _ in range(seats)],
            seat=0,
            phase=TURN,
            announced=0,
            formed=0,
            draws_left=0,
            removed_from=NOTHING_REMOVED,
            turns=0,
            winner=-1,
        )
        if log is not None:
            for seat, hand in enumerate(state.hands):
                log.append(Event("deal", {"seat": seat, "hand": list(hand)}, frozenset({seat})))
            log.append(Event("piles", self._pile_data(state)))
        return state

    @staticmethod
    def _checked_deck(deck: Sequence[object]) -> list[int]:
        cards = [card for card in deck if type(card) is int]
        if not is_complete_deck(deck, ALL_CARDS):
            raise DeckError(
                "a Triggs deck lists the 108 cards, nine of each value 1 to 12, top card "
                f"first; got {len(deck)} entries"
            )
        return cards

    def clone(self, state: TriggsState) -> TriggsState:
        return TriggsState(
            seats=state.seats,
            seed=state.seed,
            shuffles=state.shuffles,
            hands=[hand[:] for hand in state.hands],
            known=[cards[:] for cards in state.known],
            piles=[pile[:] for pile in state.piles],
            discard_pile=state.discard_pile[:],
            box=state.box[:],
            crosses=[row[:] for row in state.crosses],
            seat=state.seat,
            phase=state.phase,
            announced=state.announced,
            formed=state.formed,
            draws_left=state.draws_left,
            removed_from=state.removed_from,
            turns=state.turns,
            winner=state.winner,
            open_rows=state.open_rows,  # immutable values, shared
            sheets=state.sheets,
            shown_known=state.shown_known,
            face_up=state.face_up,
            forming=state.forming,
        )

    # -- what may be done ----------------------------------------------------------------------
    def to_act(self, state: TriggsState) -> tuple[Seat, ...]:
        return () if state.phase is OVER else self._to_act_of[state.seat]

    def legal_actions(self, state: TriggsState, seat: Seat) -> Sequence[Action]:
        if seat != state.seat:
            return ()
        phase = state.phase
        if phase is TURN:
            return self._turn_choices(state)
        if phase is FORMING:
            return self._forming_choices(state)
        if phase is DRAWING:
            return self._draws(state)
        if phase is EXTRA:
            return self._extra_choices(state)
        return ()

    def _turn_choices(self, state: TriggsState) -> tuple[Action, ...]:
        """Action A (if the hand limit allows), B (any number of one value) or C (a value with
        a free box that the hand can form). Remembered by hand, open rows and the piles
        holding cards: a search meets the same turns again and again."""
        seat = state.seat
        open_rows = state.open_rows
        if open_rows is None:
            open_rows = self._open_rows(state)
        left, middle, right = state.piles
        key = (tuple(state.hands[seat]), open_rows[seat], not left, not middle, not right)
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
        choices = hand_choices(tuple(hand))
        announces = ANNOUNCES_OF[choices.formable & self._open_rows(state)[state.seat]]
        left, middle, right = state.piles
        if (left and middle and right) or len(hand) >= HAND_LIMIT:
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
    def apply(
        self, state: TriggsState, seat: Seat, action: Action, log: list[Event] | None = None
    ) -> None:
        DOING[action.__class__](self, state, action, log)

    def _announce(self, state: TriggsState, action: Announce, log: list[Event] | None) -> None:
        """Action C begins: the value to cross off."""
        state.phase, state.announced, state.formed = FORMING, action.value, 0
        state.forming = None
        if log is not None:
            log.append(Event("announce", {"seat": state.seat, "value": action.value}))

    def _finish(self, state: TriggsState, action: Finish, log: list[Event] | None) -> None:
        """Action C ends when the player lays no more formations."""
        self._end_turn(state, log, after_b_or_c=True)

    def _draw(self, state: TriggsState, action: Draw, log: list[Event] | None) -> None:
        """Action A: draw two cards (one with nine in hand), one action per card."""
        seat = state.seat
        pile = action.pile
        hand = state.hands[seat]
        if state.phase is TURN:
            state.draws_left = min(2, HAND_LIMIT - len(hand))
        card = state.piles[pile].pop()
        insort(hand, card)
        if pile != MIDDLE:
            insort(state.known[seat], card)
            state.shown_known = None
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
            state.shown_known = None
        out = action.value >= state.removed_from
        (state.box if out else state.discard_pile).extend(cards)
        state.face_up = None
        if log is not None:
            data = {"seat": seat, "value": action.value, "count": action.count, "to_box": out}
            log.append(Event("discard", data))
        self._end_turn(state, log, after_b_or_c=True)

    def _form(self, state: TriggsState, action: Form, log: list[Event] | None) -> None:
        """Action C: lay one formation and cross one box of the announced row."""
        seat = state.seat
        hand, known = state.hands[seat], state.known[seat]
        for card in (action.high, action.low) if action.low else (action.high,):  # the cards
            hand.remove(card)
            if card in known:  # no longer known to be in the hand
                known.remove(card)
                state.shown_known = None
            state.discard_pile.append(card)
        state.face_up = None
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

    def _extra(self, state: TriggsState, action: Extra, log: list[Event] | None) -> None:
        """An extra cross; filling that row earns the next one (chains are unlimited)."""
        if log is not None:
            log.append(Event("extra", {"seat": state.seat, "row": action.row}))
        if not self._cross(state, action.row, log):
            self._end_turn(state, log, after_b_or_c=True)

    def _cross(self, state: TriggsState, row: int, log: list[Event] | None) -> bool:
        """Cross one box of ``row``; returns True if the turn goes on with an extra cross or
        the game is won."""
        crosses = state.crosses[state.seat]
        crosses[row] += 1
        state.sheets = None
        if crosses[row] < self.sheet[row]:
            return False
        if state.open_rows is not None:
            open_rows = list(state.open_rows)
            open_rows[state.seat] &= ~(1 << row)
            state.open_rows = tuple(open_rows)
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
        """Five cards from the face-down pile; if it holds fewer, the shuffled discard pile
        goes under it first (RULES-NOTES §4 b 8)."""
        middle = state.piles[MIDDLE]
        if len(middle) < REFILL_HAND and state.discard_pile:
            middle[:0] = self._shuffle_discards(state, MIDDLE, log)
        drawn = middle[-REFILL_HAND:]
        del middle[-REFILL_HAND:]
        hand = state.hands[state.seat]
        for card in drawn:
            insort(hand, card)
        if log is not None:
            log.append(Event("refill_hand", {"seat": state.seat, "count": len(drawn)}))
            log.append(
                Event("drawn", {"seat": state.seat, "cards": drawn}, frozenset({state.seat}))
            )

    def _shuffle_discards(
        self, state: TriggsState, pile: int, log: list[Event] | None
    ) -> list[int]:
        cards = shuffled(state.discard_pile, state.seed, state.shuffles)
        state.shuffles += 1
        state.discard_pile.clear()
        state.face_up = None
        if log is not None:
            log.append(Event("reshuffle", {"pile": PILE_NAMES[pile], "count": len(cards)}))
        return cards

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
                    state.face_up = None
                    if log is not None:
                        log.append(
                            Event("removed", {"pile": PILE_NAMES[pile], "card": state.box[-1]})
                        )
                if cards or not state.discard_pile:
                    break
                cards[:] = self._shuffle_discards(state, pile, log)

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

    # -- the end ----------------------------------------------------------------------
    def is_terminal(self, state: TriggsState) -> bool:
        return state.phase is OVER

    def scores(self, state: TriggsState) -> tuple[int, ...]:
        """Boxes crossed: the winner has all of them; the others are ranked by theirs."""
        return tuple(map(sum, state.crosses))

    def max_actions(self, seats: int) -> int:
        """Each turn is at most: announce, one formation per box of the row, and one extra
        cross per other row; turns are capped by the round limit."""
        per_turn = 1 + max(self.sheet) + len(VALUES)
        return self.round_limit * seats * per_turn

    # -- hidden information ----------------------------------------------------------------------
    def view(self, state: TriggsState, seat: Seat | None) -> TriggsView:
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

    def determinize(self, view: TriggsView, rng: random.Random) -> TriggsState:
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
        left = [COPIES] * (VALUES[-1] + 1)  # the copies of each value not seen anywhere
        for card in view.hand + view.discard_pile + view.box:
            left[card] -= 1
        for top in view.open_tops:
            if top is not None:
                left[top] -= 1
        for other, cards in enumerate(view.known):
            if other != view.seat:
                for card in cards:
                    left[card] -= 1
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

    def shuffle_unseen(
        self, state: TriggsState, seat: Seat | None, rng: random.Random
    ) -> TriggsState:
        copy = self.clone(state)
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
        self._deal_unseen(copy, seat, [len(h) for h in state.hands], sizes, tops, unseen)
        copy.seed = rng.getrandbits(63)
        return copy

    def card_zones(self, state: TriggsState) -> dict[str, list[int]]:
        zones = {
            "left pile": state.piles[LEFT],
            "middle pile": state.piles[MIDDLE],
            "right pile": state.piles[RIGHT],
            "discard pile": state.discard_pile,
            "box": state.box,
        }
        for seat in range(state.seats):
            zones[f"hand {seat}"] = state.hands[seat]
        return zones

    def all_cards(self, seats: int) -> list[object]:
        return list(ALL_CARDS)

    # -- actions as text, JSON and integers -------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """``draw left``, ``discard 2x9``, ``announce 11``, ``form 7+4``, ``extra 9``,
        ``finish`` (German words such as ``ziehe links`` or ``fertig`` work too)."""
        words = [SYNONYMS.get(word, word) for word in text.lower().split()]
        action = BY_TEXT.get(" ".join(words))
        if action is None and len(words) == 2 and words[0] == "form":
            high, _, low = words[1].partition("+")
            if high.isdigit() and low.isdigit():
                action = FORMS.get((max(int(high), int(low)), min(int(high), int(low))))
        if action is None:
            raise self._bad_action(text, "draw left")
        return action

    def parse_move(self, text: str) -> list[Action]:
        """A whole turn typed at once: ``draw left middle``; ``discard 2x9``; or
        ``cross 11: 11 11 7+4 10+1`` (announce and lay formations), optionally followed by
        ``extra 9 ...`` and ``finish``; or actions separated by commas."""
        words = [SYNONYMS.get(word, word) for word in re.split(r"[\s,;:]+", text.lower()) if word]
        if len(words) >= 2 and words[0] in ("cross", "kreuze"):
            return self._parse_cross(words[1:], text)
        if re.search(r"[,;]", text):
            return [self.parse_action(part) for part in re.split(r"[,;]", text) if part.strip()]
        if len(words) > 2 and words[0] == "draw":
            return [self.parse_action(f"draw {pile}") for pile in words[1:]]
        return [self.parse_action(text)]

    def _parse_cross(self, words: list[str], text: str) -> list[Action]:
        if not words[0].isdigit():
            raise self._bad_action(text, "cross 11: 11 7+4")
        actions: list[Action] = [self.parse_action(f"announce {words[0]}")]
        rest = iter(words[1:])
        for word in rest:
            if word == "extra":
                actions.append(self.parse_action(f"extra {next(rest, '')}"))
            elif word == "finish":
                actions.append(FINISH)
            elif word != "form":  # "lege 5+2" reads like "5+2"
                actions.append(self.parse_action(f"form {word}"))
        return actions

    def action_from_json(self, data: JSON) -> Action:
        """``{"type": "draw", "pile": "left"}``, ``{"type": "discard", "value": 9,
        "count": 2}``, ``{"type": "announce", "value": 11}``, ``{"type": "form", "cards":
        [7, 4]}``, ``{"type": "extra", "row": 9}``, ``{"type": "finish"}``."""
        if isinstance(data, dict) and data.get("type") == "form":
            cards = data.get("cards")
            if isinstance(cards, list) and all(type(card) is int for card in cards):
                data = {**data, "cards": sorted(cards, reverse=True)}  # either order is fine
        action = BY_JSON.get(json.dumps(data, sort_keys=True)) if isinstance(data, dict) else None
        if action is not None:
            return action
        raise self._bad_action(data, '{"type": "draw", "pile": "left"}')

    # -- words ----------------------------------------------------------------------
    @staticmethod
    def _pile_data(state: TriggsState) -> dict[str, JSON]:
        return {
            "sizes": [len(pile) for pile in state.piles],
            "tops": [state.piles[p][-1] if state.piles[p] else None for p in OPEN_PILES],
        }

    def describe(self, event: Event, lang: str) -> str:
        return describe_event(event, lang)


#: How :meth:`Triggs.apply` carries out each kind of action.
DOING: dict[type, Callable[[Triggs, TriggsState, Any, list[Event] | None], None]] = {
    Draw: Triggs._draw,
    Discard: Triggs._discard,
    Announce: Triggs._announce,
    Form: Triggs._form,
    Extra: Triggs._extra,
    Finish: Triggs._finish,
}
