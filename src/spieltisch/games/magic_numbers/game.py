"""Magic Numbers – Wer kennt die Zahl: bid for number cards, then name what the numbers mean.

A round, as the seed has it:

1. four cards lie face up on display, each showing a number (and its theme by its colour);
2. bidding: in turn, clockwise from the start player, each player lays one of his bid chips
   (3, 2, 1, 0) face down on the next free bid slot of a card, or passes;
3. the chips are revealed and sorted per card by value (equal values keep their slot
   order); every chip's value is paid from its owner's points;
4. the cards with chips are solved from left to right: a quizmaster is chosen, the bidders
   answer in rank order, then with one hint, then with both; the solver scores the card's
   points for the hints used and keeps the card;
5. four new cards come from the draw pile and the start-player token moves on.

After the agreed number of rounds, every theme in which a player collected a card is worth
two more points. Resolutions of gaps in the seed (RULES-NOTES §5) are named constants below;
see ``docs/rules/magic-numbers.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from itertools import filterfalse
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple

from spieltisch.core.chance import is_complete_deck, shuffled
from spieltisch.core.errors import DeckError
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat, View, quick_constructor
from spieltisch.core.options import OptionSpec
from spieltisch.games.magic_numbers import words
from spieltisch.games.magic_numbers.actions import (
    ALL_ACTIONS,
    ANSWER,
    BIDS,
    CHIPS,
    CONFIRM,
    DISPLAY_SIZE,
    HINT_KINDS,
    HINTS,
    PASS,
    REJECT,
    Action,
    Answer,
    Bid,
    Hint,
)
from spieltisch.games.magic_numbers.deck import STANDARD, Deck, Theme, deck_for

RULES_VERSION = "1"
Log = list[Event] | None
#: RULES-NOTES §5 item 1: 2–6 players (six chip colours).
MIN_SEATS, MAX_SEATS = 2, 6
#: Everybody starts on 12 of the score track (seed).
START_POINTS = 12
#: RULES-NOTES §5 item 11: the score track runs 0–60 and is lapped, so points have no upper
#: bound here; the track length only matters on a physical board.
SCORE_TRACK = 60
#: RULES-NOTES §5 item 2: the seed's set-up (4 + 8 cards) gives three rounds.
DEFAULT_ROUNDS = 3
MAX_ROUNDS = 20
#: Seed: up to four bids per player and round, at most one chip per card.
MAX_BIDS = len(CHIPS)
#: RULES-NOTES §5 item 4: a card has one bid slot per player, so it never runs out of slots.
BID_SLOTS_PER_PLAYER = 1
#: RULES-NOTES §5 item 5: a player on 0 points may still bid (he just cannot pay more).
BID_AT_ZERO_POINTS = True
#: RULES-NOTES §5 item 8: each answerer has one try (answer or "don't know") per pass.
ANSWERS_PER_PASS = 1
#: Seed: one pass without hint, one with the chosen hint, one with both.
PASSES = 1 + len(HINT_KINDS)
#: Seed: two extra points per theme (colour) with at least one collected card.
THEME_BONUS = 2
ALL_CHIPS = sum(1 << chip for chip in CHIPS)
NOBODY = -1
EMPTY = -1


class Phase(Enum):
    """Who must decide what."""

    BID = "bid"  # the player whose turn it is bids or passes
    ANSWER = "answer"  # the next bidder in rank order answers or does not know
    HINT = "hint"  # the first-ranked bidder picks the first hint
    CONFIRM = "confirm"  # the quizmaster accepts or turns down an answer (judge=quizmaster)
    OVER = "over"


#: The phases by plain names: the engine compares phases at every step, and ``Phase.BID``
#: looks the member up through the enum class, several times slower than a global name.
BID, ANSWER_PHASE, HINT, CONFIRM_PHASE, OVER = Phase
#: Each phase by its name (``Phase(name)``, faster).
PHASES = {phase.value: phase for phase in Phase}


@dataclass(slots=True)
class MagicNumbersState:
    """The whole table. Internal to the engine: only views leave it.

    Cards are positions in the game's deck. ``display[p]`` is the card at position ``p``
    (:data:`EMPTY` once solved or given up), ``draw_pile`` has its top card last, ``box``
    holds the cards not in play. ``bids[p]`` are the chips on the card at ``p`` as
    ``(seat, chip)`` in slot order; ``chips[s]`` has bit ``c`` set while seat ``s`` still
    holds chip ``c``. While bidding, ``turn`` is the seat to bid and ``quiet`` counts the
    turns since the last bid. While a card is solved, ``position`` is its place, ``order``
    the answering bidders in rank order, ``answerer`` the index in it of the seat to answer,
    ``hints`` the hints given, ``answers`` the wrong answers so far and ``pending`` an
    answer waiting for the quizmaster's verdict.

    The last two fields only save work and never take part in comparing states. ``free[s]``
    has bit ``p`` set while the card at ``p`` lies on display without a chip of seat ``s``;
    it is kept up to date by every bid and cleared whenever the display changes or the chips
    go back. ``table`` is the part of every view that changes only with the points, the cards
    and the round (:class:`Table`), made by the first view that needs it and cleared whenever
    one of them changes (:meth:`MagicNumbers._table_changed`).
    """

    seats: int
    seed: int
    shuffles: int
    phase: Phase
    round: int
    start: int
    points: list[int]
    display: list[int]
    draw_pile: list[int]
    box: list[int]
    set_aside: list[int]
    unsolved: list[int]
    collections: list[list[int]]
    bids: list[list[tuple[int, int]]]
    chips: list[int]
    turn: int
    quiet: int
    position: int
    order: list[int]
    quizmaster: int
    hints: list[str]
    answerer: int
    answers: list[tuple[int, str]]
    pending: str | None
    bonus: list[int]
    free: list[int] | None = field(default=None, compare=False)
    table: Table | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card's front: its position in the deck, the number printed and the theme (colour)."""

    card: int
    number: str
    theme: str


@dataclass(frozen=True, slots=True)
class OpenCard:
    """A finished card, turned over: its front and its meaning."""

    card: int
    number: str
    theme: str
    meaning_de: str
    meaning_en: str


@dataclass(frozen=True, slots=True)
class QuizCard:
    """The back of the card being solved, for a human quizmaster's eyes only."""

    card: int
    meaning_de: str
    meaning_en: str
    answers_de: tuple[str, ...]
    answers_en: tuple[str, ...]


class Table(NamedTuple):
    """The fields of every view that change only with the points, the cards (on display,
    in the piles, collected, given up or set aside) and the round: the same for every seat,
    so made once and shared (see :class:`MagicNumbersState`)."""

    round: int
    start_player: int
    points: tuple[int, ...]
    display: tuple[CardFace | None, ...]
    draw_pile_top: CardFace | None
    draw_pile_size: int
    box_size: int
    collections: tuple[tuple[OpenCard, ...], ...]
    unsolved: tuple[OpenCard, ...]
    set_aside: tuple[CardFace, ...]
    bonus: tuple[int, ...]


#: A view's table (its fields have the table's names).
_TABLE_FIELDS = attrgetter(*Table._fields)


@dataclass(frozen=True, slots=True)
class MagicNumbersView(View):
    """What one seat knows. Card fronts are public, and so are the chips' owners and slots;
    a chip's value is seen by its owner only until the reveal. A card's meaning is public
    once it is finished (solved or given up); before that only a human quizmaster sees it,
    for the card he judges. ``bids[p]`` lists ``(seat, chip)`` per slot, ``chip`` ``None``
    where unseen; ``my_chips`` are this seat's unused chips; ``hint_texts`` the hints given
    on the card being solved as ``(kind, German, English)``; ``answering`` the seat to answer
    now and ``answers`` the wrong answers given on this card."""

    players: int
    round: int
    rounds: int
    judge: str
    themes: tuple[Theme, ...]
    phase: str
    to_act: tuple[int, ...]
    start_player: int
    points: tuple[int, ...]
    display: tuple[CardFace | None, ...]
    draw_pile_top: CardFace | None
    draw_pile_size: int
    box_size: int
    bids: tuple[tuple[tuple[int, int | None], ...], ...]
    chips_left: tuple[int, ...]
    my_chips: tuple[int, ...]
    quiet: int
    position: int | None
    order: tuple[int, ...]
    quizmaster: int | None
    hints: tuple[str, ...]
    hint_texts: tuple[tuple[str, str, str], ...]
    answerer: int | None
    answering: int | None
    answers: tuple[tuple[int, str], ...]
    pending: str | None
    quiz: QuizCard | None
    judge_says: bool | None
    collections: tuple[tuple[OpenCard, ...], ...]
    unsolved: tuple[OpenCard, ...]
    set_aside: tuple[CardFace, ...]
    bonus: tuple[int, ...]
    game_over: bool

    def __hash__(self) -> int:
        """Equal views hash alike: the hash reads every field but the deck's themes, which
        are the same in every view of a game (hashing them, theme by theme in Python code,
        took some 40 % of the time of hashing a view)."""
        return hash(
            (
                self.seat,
                self.players,
                self.round,
                self.rounds,
                self.judge,
                self.phase,
                self.to_act,
                self.start_player,
                self.points,
                self.display,
                self.draw_pile_top,
                self.draw_pile_size,
                self.box_size,
                self.bids,
                self.chips_left,
                self.my_chips,
                self.quiet,
                self.position,
                self.order,
                self.quizmaster,
                self.hints,
                self.hint_texts,
                self.answerer,
                self.answering,
                self.answers,
                self.pending,
                self.quiz,
                self.judge_says,
                self.collections,
                self.unsolved,
                self.set_aside,
                self.bonus,
                self.game_over,
            )
        )

    def to_json(self) -> dict[str, JSON]:
        """The view as plain JSON data, like :meth:`View.to_json` (only faster)."""
        return {name: _plain(getattr(self, name)) for name in _VIEW_FIELDS}


_VIEW_FIELDS = tuple(field.name for field in fields(MagicNumbersView))
#: ``MagicNumbersView(...)`` with every field in order, several times faster (a view is built
#: for every decision of a simulation).
_new_view = quick_constructor(MagicNumbersView)
_RECORDS = (CardFace, OpenCard, QuizCard, Theme)


def _plain(value: Any) -> Any:
    """Tuples as lists and records as objects, all the way down."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, _RECORDS):
        return {name: _plain(getattr(value, name)) for name in value.__slots__}
    return value


def ranked(bids: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The chips on a card by value, highest first; equal values keep their slot order."""
    return sorted(bids, key=lambda bid: -bid[1])


def points_index(hints: Sequence[str]) -> int:
    """Which of a card's four point values counts: 0 without hint, 1 with the theme hint,
    2 with the unit hint, 3 with both."""
    return ("theme" in hints) + 2 * ("unit" in hints)


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


def _bits(chips: int) -> tuple[int, ...]:
    return tuple(chip for chip in CHIPS if chips >> chip & 1)


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
#: ``CHIPS_OF[chips]``: the chips in the set ``chips`` (bit ``c``: chip ``c``), as ``_bits``.
CHIPS_OF: tuple[tuple[int, ...], ...] = tuple(_bits(chips) for chips in range(ALL_CHIPS + 1))
#: ``BIDS_WITH[free][chips]``: every bid of the chips in ``chips`` on the cards at the
#: positions in ``free`` (bit ``p``: position ``p``), card by card from the left, lowest chip
#: first.
BIDS_WITH: tuple[tuple[tuple[Bid, ...], ...], ...] = tuple(
    tuple(
        tuple(
            BIDS[position][chip]
            for position in range(DISPLAY_SIZE)
            if free >> position & 1
            for chip in reversed(CHIPS_OF[chips])
        )
        for chips in range(ALL_CHIPS + 1)
    )
    for free in range(1 << DISPLAY_SIZE)
)
#: ``BID_CHOICES[free][chips]``: pass, then the bids of ``BIDS_WITH[free][chips]``.
BID_CHOICES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple((PASS, *bids) for bids in row) for row in BIDS_WITH
)


class _Seen(NamedTuple):
    """What a view shows that :meth:`MagicNumbers.determinize` needs, worked out once per
    view: the cards it has not seen, in deck order, and the place of each in that list; how
    many of them lie below the top of the draw pile; its phase and table; the cards as the
    state lists them; and whether some chips' values are hidden (else the chips on the cards
    and in hand, as the state lists them)."""

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


class MagicNumbers(Game[MagicNumbersState, Action, MagicNumbersView]):
    """Magic Numbers for 2–6 players."""

    action_table = ALL_ACTIONS
    spec: ClassVar[GameSpec] = GameSpec(
        id="magic-numbers",
        name_de="Magic Numbers – Wer kennt die Zahl",
        name_en="Magic Numbers – who knows the number",
        rules_version=RULES_VERSION,
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
        options=(
            OptionSpec(
                "rounds",
                DEFAULT_ROUNDS,
                "Anzahl der Runden (je Runde vier Karten)",
                "number of rounds (four cards each)",
                minimum=1,
                maximum=MAX_ROUNDS,
            ),
            OptionSpec(
                "judge",
                "auto",
                "Wer Antworten beurteilt: auto (das Programm) oder quizmaster (ein Spieler)",
                "who judges answers: auto (the program) or quizmaster (a player)",
                choices=("auto", "quizmaster"),
            ),
            OptionSpec(
                "deck",
                STANDARD,
                "Kartendeck: standard oder der Pfad einer eigenen Deck-Datei",
                "card deck: standard or the path of an own deck file",
                pattern=r"\S.*",
                pattern_text="standard or the path of a deck file",
                path=True,
            ),
        ),
    )

    def __init__(self, options: dict[str, JSON] | None = None) -> None:
        super().__init__(options)
        self.rounds = int(self.options["rounds"])
        self.judge = str(self.options["judge"])
        self.human_judge = self.judge == "quizmaster"
        self.deck: Deck = deck_for(str(self.options["deck"]))
        cards = self.deck.cards
        needed = DISPLAY_SIZE * self.rounds
        if len(cards) < needed:
            raise DeckError(
                f"the deck has {len(cards)} cards, but {self.rounds} rounds need at least "
                f"{needed} (four per round)"
            )
        self.ids = tuple(card.id for card in cards)
        self.every_card = frozenset(range(len(cards)))
        self.faces = tuple(CardFace(i, c.number, c.theme) for i, c in enumerate(cards))
        self.open_cards = tuple(
            OpenCard(i, c.number, c.theme, c.meaning["de"], c.meaning["en"])
            for i, c in enumerate(cards)
        )
        self.quiz_cards = tuple(
            QuizCard(i, c.meaning["de"], c.meaning["en"], c.answers["de"], c.answers["en"])
            for i, c in enumerate(cards)
        )
        #: ``to_act`` while seat ``s`` must act (one tuple each, made once).
        self._to_act_of = tuple((seat,) for seat in range(MAX_SEATS))
        #: What the last view :meth:`determinize` dealt from showed.
        self._last_seen: _Seen | None = None

    # -- set-up -----------------------------------------------------------------------
    def new_state(
        self,
        seats: int,
        seed: int,
        deck: Sequence[object] | None = None,
        log: list[Event] | None = None,
    ) -> MagicNumbersState:
        """Lay four cards on display from ``deck`` (card ids, top first) or a shuffle from
        ``seed``; the next four per later round form the draw pile (the first of them on
        top), the rest stay in the box. Seat 0 holds the start-player token."""
        self.spec.check_seats(seats)
        order = self._checked_deck(deck) if deck is not None else self._shuffled(seed)
        pile_end = DISPLAY_SIZE * self.rounds
        state = MagicNumbersState(
            seats=seats,
            seed=seed,
            shuffles=1,
            phase=BID,
            round=1,
            start=0,
            points=[START_POINTS] * seats,
            display=order[:DISPLAY_SIZE],
            draw_pile=order[DISPLAY_SIZE:pile_end][::-1],
            box=order[pile_end:],
            set_aside=[],
            unsolved=[],
            collections=[[] for _ in range(seats)],
            bids=[[] for _ in range(DISPLAY_SIZE)],
            chips=[ALL_CHIPS] * seats,
            turn=0,
            quiet=0,
            position=NOBODY,
            order=[],
            quizmaster=NOBODY,
            hints=[],
            answerer=0,
            answers=[],
            pending=None,
            bonus=[0] * seats,
        )
        self._start_round(state, log)
        return state

    def _shuffled(self, seed: int) -> list[int]:
        return shuffled(range(len(self.ids)), seed, 0)

    def _checked_deck(self, deck: Sequence[object]) -> list[int]:
        if not is_complete_deck(deck, self.ids):
            raise DeckError(
                f"a Magic Numbers deck order names each of the deck's {len(self.ids)} card ids "
                f"exactly once, top card first; got {len(deck)} entries"
            )
        index = {card_id: i for i, card_id in enumerate(self.ids)}
        return [index[str(card_id)] for card_id in deck]

    def deck_order(self, seats: int, seed: int) -> list[str]:
        return [self.ids[card] for card in self._shuffled(seed)]

    def clone(self, state: MagicNumbersState) -> MagicNumbersState:
        return MagicNumbersState(
            seats=state.seats,
            seed=state.seed,
            shuffles=state.shuffles,
            phase=state.phase,
            round=state.round,
            start=state.start,
            points=state.points[:],
            display=state.display[:],
            draw_pile=state.draw_pile[:],
            box=state.box[:],
            set_aside=state.set_aside[:],
            unsolved=state.unsolved[:],
            collections=[cards[:] for cards in state.collections],
            bids=[chips[:] for chips in state.bids],
            chips=state.chips[:],
            turn=state.turn,
            quiet=state.quiet,
            position=state.position,
            order=state.order[:],
            quizmaster=state.quizmaster,
            hints=state.hints[:],
            answerer=state.answerer,
            answers=state.answers[:],
            pending=state.pending,
            bonus=state.bonus[:],
            free=None if state.free is None else state.free[:],
            table=state.table,  # an immutable value of the same table
        )

    # -- who acts, and what may he do --------------------------------------------------
    def to_act(self, state: MagicNumbersState) -> tuple[Seat, ...]:
        phase = state.phase
        if phase is BID:
            return self._to_act_of[state.turn]
        if phase is ANSWER_PHASE:
            return self._to_act_of[state.order[state.answerer]]
        if phase is HINT:
            return self._to_act_of[state.order[0]]
        if phase is CONFIRM_PHASE:
            return self._to_act_of[state.quizmaster]
        return ()

    def legal_actions(self, state: MagicNumbersState, seat: Seat) -> Sequence[Action]:
        """Only the seat to act has choices; what they are depends on the phase."""
        phase = state.phase
        if phase is BID:
            return self._legal_bid(state, seat) if seat == state.turn else ()
        if phase is OVER or seat != self.to_act(state)[0]:
            return ()
        if phase is ANSWER_PHASE:
            return self._legal_answer(state, seat)
        if phase is HINT:
            return self._legal_hint(state, seat)
        return self._legal_confirm(state, seat)

    def _legal_bid(self, state: MagicNumbersState, seat: Seat) -> Sequence[Action]:
        """Pass, or any unused chip on any card without a chip of this player (RULES-NOTES
        §5 item 4; a seat without such a bid is skipped and never asked)."""
        return BID_CHOICES[self._free(state)[seat]][state.chips[seat]]

    @staticmethod
    def _free(state: MagicNumbersState) -> list[int]:
        """Per seat, the positions of the cards on display without a chip of that seat, as
        bits (``MagicNumbersState.free``)."""
        free = state.free
        if free is None:
            shown = sum(1 << p for p, card in enumerate(state.display) if card != EMPTY)
            free = state.free = [shown] * state.seats
            for position, chips in enumerate(state.bids):
                for owner, _ in chips:
                    free[owner] &= ~(1 << position)
        return free

    @staticmethod
    def _legal_answer(state: MagicNumbersState, seat: Seat) -> Sequence[Action]:
        """An answer (any text; listed as the empty template) or "don't know"."""
        return (PASS, ANSWER)

    @staticmethod
    def _legal_hint(state: MagicNumbersState, seat: Seat) -> Sequence[Action]:
        return (HINTS["theme"], HINTS["unit"])

    @staticmethod
    def _legal_confirm(state: MagicNumbersState, seat: Seat) -> Sequence[Action]:
        return (CONFIRM, REJECT)

    def legality_key(self, action: object) -> object:
        """Every answer is an instance of the one listed answer, whatever its text."""
        return ANSWER if isinstance(action, Answer) else action

    def wants_text(self, action: object) -> bool:
        """The listed answer is a template: what to answer is the player's knowledge."""
        return isinstance(action, Answer)

    # -- bidding ------------------------------------------------------------------------
    def apply(
        self, state: MagicNumbersState, seat: Seat, action: Action, log: list[Event] | None = None
    ) -> None:
        phase = state.phase
        if phase is BID:
            self._apply_bid(state, seat, action, log)
        elif phase is ANSWER_PHASE:
            self._apply_answer(state, seat, action, log)
        elif phase is HINT:
            self._apply_hint(state, seat, action, log)
        elif phase is CONFIRM_PHASE:
            self._apply_verdict(state, seat, action, log)
        else:
            raise KeyError(phase)  # the game is over

    def _start_round(self, state: MagicNumbersState, log: Log) -> None:
        """The start player bids first."""
        state.phase = BID
        state.quiet = 0
        if log is not None:
            top = state.draw_pile[-1] if state.draw_pile else None
            data = {
                "round": state.round,
                "rounds": self.rounds,
                "seat": state.start,
                "cards": [self._face_words(card) for card in state.display],
                "top": None if top is None else self._face_words(top),
            }
            log.append(Event("round", data))
        self._next_bidder(state, state.start, log)

    def can_bid(self, state: MagicNumbersState, seat: Seat) -> bool:
        """Whether ``seat`` has any bid: an unused chip and a card without his chip (and,
        were :data:`BID_AT_ZERO_POINTS` false, some points)."""
        if not state.chips[seat] or not (BID_AT_ZERO_POINTS or state.points[seat] > 0):
            return False
        return self._free(state)[seat] != 0

    def _apply_bid(self, state: MagicNumbersState, seat: Seat, action: Action, log: Log) -> None:
        """A chip goes face down on the card's next free slot; or the player passes. A
        player who passed may bid again when his turn comes round."""
        if isinstance(action, Bid):
            state.bids[action.position].append((seat, action.chip))
            state.chips[seat] &= ~(1 << action.chip)
            self._free(state)[seat] &= ~(1 << action.position)
            state.quiet = 0
            if log is not None:
                log.append(Event("bid", {"seat": seat, "position": action.position}))
                data = {"seat": seat, "position": action.position, "chip": action.chip}
                log.append(Event("my_bid", data, frozenset({seat})))
        else:
            state.quiet += 1
            if log is not None:
                log.append(Event("pass", {"seat": seat}))
        self._next_bidder(state, (seat + 1) % state.seats, log)

    def _next_bidder(self, state: MagicNumbersState, seat: Seat, log: Log) -> None:
        """The next seat, from ``seat`` on clockwise, that has a bid to make; a seat without
        one is skipped like a pass. Bidding ends after a full lap without a new bid
        (RULES-NOTES §5 item 4)."""
        while state.quiet < state.seats:
            if self.can_bid(state, seat):
                state.turn = seat
                return
            state.quiet += 1
            if log is not None:
                log.append(Event("skip", {"seat": seat}))
            seat = (seat + 1) % state.seats
        self._reveal(state, log)

    def _reveal(self, state: MagicNumbersState, log: Log) -> None:
        """All chips are turned over; each player pays the sum of his chips, but never goes
        below 0 points (seed; RULES-NOTES §5 item 5)."""
        if log is not None:
            bids = [[list(bid) for bid in ranked(chips)] for chips in state.bids]
            log.append(Event("reveal", {"bids": bids}))
        paid = [0] * state.seats
        placed = [False] * state.seats
        for chips in state.bids:
            for seat, chip in chips:
                paid[seat] += chip
                placed[seat] = True
        self._table_changed(state)
        for seat in range(state.seats):
            state.points[seat] = max(0, state.points[seat] - paid[seat])
            if log is not None and placed[seat]:
                data = {"seat": seat, "paid": paid[seat], "points": state.points[seat]}
                log.append(Event("pay", data))
        self._next_card(state, NOBODY, log)

    # -- solving ------------------------------------------------------------------------
    def _next_card(self, state: MagicNumbersState, after: int, log: Log) -> None:
        """The next card to the right with at least one chip is solved; after the last,
        the round ends."""
        for position in range(after + 1, DISPLAY_SIZE):
            if state.bids[position]:
                self._start_card(state, position, log)
                return
        self._end_round(state, log)

    def quizmaster_for(self, state: MagicNumbersState, chips: Sequence[tuple[int, int]]) -> Seat:
        """The first player clockwise from the start player (himself included) without a
        chip on the card; if everybody bid, the owner of the last-ranked chip (RULES-NOTES
        §5 item 7)."""
        bidders = {seat for seat, _ in chips}
        for step in range(state.seats):
            seat = (state.start + step) % state.seats
            if seat not in bidders:
                return seat
        return ranked(chips)[-1][0]

    def _start_card(self, state: MagicNumbersState, position: int, log: Log) -> None:
        """The bidders answer in rank order; a quizmaster who bid (everybody bid) does not
        answer."""
        chips = state.bids[position]
        quizmaster = self.quizmaster_for(state, chips)
        state.position = position
        state.quizmaster = quizmaster
        state.order = [seat for seat, _ in ranked(chips) if seat != quizmaster]
        state.hints = []
        state.answerer = 0
        state.answers = []
        state.pending = None
        state.phase = ANSWER_PHASE
        if log is not None:
            card = self.deck.cards[state.display[position]]
            theme = self.deck.theme(card.theme)
            data = {
                "position": position,
                "number": card.number,
                "theme_de": theme.de,
                "theme_en": theme.en,
                "quizmaster": quizmaster,
                "order": state.order[:],
            }
            log.append(Event("card", data))

    def _apply_answer(self, state: MagicNumbersState, seat: Seat, action: Action, log: Log) -> None:
        """An answer is judged at once (judge=auto) or waits for the quizmaster; "don't
        know" hands the turn on."""
        if not isinstance(action, Answer):
            if log is not None:
                log.append(Event("dont_know", {"seat": seat}))
            self._next_answerer(state, log)
            return
        if self.human_judge:
            state.pending = action.text
            state.phase = CONFIRM_PHASE
            if log is not None:
                log.append(Event("answer", {"seat": seat, "text": action.text, "correct": None}))
            return
        right = self.deck.is_right(state.display[state.position], action.text)
        if log is not None:
            log.append(Event("answer", {"seat": seat, "text": action.text, "correct": right}))
        if right:
            self._solve(state, seat, log)
        else:
            state.answers.append((seat, action.text))
            self._next_answerer(state, log)

    def _apply_verdict(
        self, state: MagicNumbersState, seat: Seat, action: Action, log: Log
    ) -> None:
        """The quizmaster's word is final, whatever the judge would say."""
        player = state.order[state.answerer]
        confirmed = action == CONFIRM  # by value: an action may come back from a bot process
        if log is not None:
            data = {"seat": seat, "player": player, "confirmed": confirmed}
            log.append(Event("verdict", data))
        text = state.pending
        assert text is not None
        state.pending = None
        state.phase = ANSWER_PHASE
        if confirmed:
            self._solve(state, player, log)
        else:
            state.answers.append((player, text))
            self._next_answerer(state, log)

    def _next_answerer(self, state: MagicNumbersState, log: Log) -> None:
        """The next bidder in rank order; after the last, the first-ranked bidder picks the
        first hint, then the other hint is given, then the card is given up."""
        state.answerer += 1
        if state.answerer < len(state.order):
            return
        if not state.hints:
            state.phase = HINT
            return
        if len(state.hints) < len(HINT_KINDS):
            other = next(kind for kind in HINT_KINDS if kind not in state.hints)
            self._give_hint(state, NOBODY, other, log)
            return
        self._give_up(state, log)

    def _apply_hint(self, state: MagicNumbersState, seat: Seat, action: Action, log: Log) -> None:
        assert isinstance(action, Hint)
        self._give_hint(state, seat, action.kind, log)

    def _give_hint(self, state: MagicNumbersState, seat: Seat, kind: str, log: Log) -> None:
        """The hint is read out; the bidders answer again in rank order."""
        state.hints.append(kind)
        state.answerer = 0
        state.phase = ANSWER_PHASE
        if log is not None:
            card = self.deck.cards[state.display[state.position]]
            text = card.theme_hint if kind == "theme" else card.unit_hint
            data = {
                "seat": None if seat == NOBODY else seat,
                "kind": kind,
                "text_hint_de": text["de"],
                "text_hint_en": text["en"],
            }
            log.append(Event("hint", data))

    def _solve(self, state: MagicNumbersState, seat: Seat, log: Log) -> None:
        """The solver scores the card's points for the hints used and keeps the card."""
        card = state.display[state.position]
        gained = self.deck.cards[card].points[points_index(state.hints)]
        state.points[seat] += gained
        state.collections[seat].append(card)
        if log is not None:
            data = {
                **self._open_words(state, card),
                "seat": seat,
                "gained": gained,
                "points": state.points[seat],
            }
            log.append(Event("solved", data))
        self._finish_card(state, log)

    def _give_up(self, state: MagicNumbersState, log: Log) -> None:
        """Nobody solved it with both hints: the card leaves the game unscored, its meaning
        is read out (RULES-NOTES §5 item 8)."""
        card = state.display[state.position]
        state.unsolved.append(card)
        if log is not None:
            log.append(Event("unsolved", self._open_words(state, card)))
        self._finish_card(state, log)

    def _finish_card(self, state: MagicNumbersState, log: Log) -> None:
        position = state.position
        state.display[position] = EMPTY
        state.free = None
        self._table_changed(state)
        state.order = []
        state.quizmaster = NOBODY
        state.hints = []
        state.answers = []
        state.answerer = 0
        state.position = NOBODY
        self._next_card(state, position, log)

    # -- round end and game end ---------------------------------------------------------
    def _end_round(self, state: MagicNumbersState, log: Log) -> None:
        """Cards nobody bid on leave the game unseen; the chips go back; four new cards come
        from the draw pile and the start-player token moves one seat clockwise."""
        left = [card for card in state.display if card != EMPTY]
        state.set_aside += left
        if log is not None and left:
            log.append(Event("set_aside", {"cards": [self._face_words(card) for card in left]}))
        state.bids = [[] for _ in range(DISPLAY_SIZE)]
        state.chips = [ALL_CHIPS] * state.seats
        state.display = [EMPTY] * DISPLAY_SIZE
        state.free = None
        self._table_changed(state)
        if state.round == self.rounds:
            self._end_game(state, log)
            return
        state.round += 1
        state.start = (state.start + 1) % state.seats
        state.display = [state.draw_pile.pop() for _ in range(DISPLAY_SIZE)]
        self._start_round(state, log)

    def _end_game(self, state: MagicNumbersState, log: Log) -> None:
        """Two points for every theme with at least one collected card."""
        self._table_changed(state)
        for seat, cards in enumerate(state.collections):
            themes = len({self.deck.cards[card].theme for card in cards})
            state.bonus[seat] = THEME_BONUS * themes
            state.points[seat] += state.bonus[seat]
            if log is not None and themes:
                data = {
                    "seat": seat,
                    "themes": themes,
                    "bonus": state.bonus[seat],
                    "points": state.points[seat],
                }
                log.append(Event("bonus", data))
        state.phase = OVER
        state.turn = NOBODY
        if log is not None:
            result = {"scores": list(self.scores(state)), "ranking": list(self.ranking(state))}
            log.append(Event("game_end", result))

    @staticmethod
    def _table_changed(state: MagicNumbersState) -> None:
        """The points, the cards or the round changed: the views' table must be made anew."""
        state.table = None

    def is_terminal(self, state: MagicNumbersState) -> bool:
        return state.phase is OVER

    def scores(self, state: MagicNumbersState) -> tuple[int, ...]:
        """Each player's points (with the theme bonus once the game is over)."""
        return tuple(state.points)

    def ranking(self, state: MagicNumbersState) -> tuple[int, ...]:
        """Most points first; equal points: more cards first; still equal: a shared place
        (RULES-NOTES §5 item 12)."""
        keys = [(p, len(cards)) for p, cards in zip(state.points, state.collections, strict=True)]
        return tuple(1 + sum(other > mine for other in keys) for mine in keys)

    def max_actions(self, seats: int) -> int:
        """Per round: at most four bids per player; between two bids, before the first and
        after the last fewer than a lap of passes (a lap ends the bidding). Per card with
        chips: three passes of at most one answer per bidder, each with a verdict when a
        quizmaster judges, and the hint choice."""
        bids = MAX_BIDS * seats
        bidding = bids + bids * (seats - 1) + seats
        per_card = PASSES * ANSWERS_PER_PASS * seats * 2 + 1
        return self.rounds * (bidding + DISPLAY_SIZE * per_card)

    # -- hidden information -----------------------------------------------------------
    def view(self, state: MagicNumbersState, seat: Seat | None) -> MagicNumbersView:
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
            self.to_act(state),
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

    def _hint_texts(self, state: MagicNumbersState) -> tuple[tuple[str, str, str], ...]:
        card = self.deck.cards[state.display[state.position]]
        texts = []
        for kind in state.hints:
            text = card.theme_hint if kind == "theme" else card.unit_hint
            texts.append((kind, text["de"], text["en"]))
        return tuple(texts)

    def determinize(self, view: MagicNumbersView, rng: random.Random) -> MagicNumbersState:
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
            table=seen.table,  # the view's table is this state's
        )

    def _seen(self, view: MagicNumbersView) -> _Seen:
        """What :meth:`determinize` takes from ``view`` before it deals."""
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
        return _Seen(
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

    def shuffle_unseen(
        self, state: MagicNumbersState, seat: Seat | None, rng: random.Random
    ) -> MagicNumbersState:
        """Deal anew the cards below the top of the draw pile and in the box, and, while
        bidding, the values of the chips the seat has not seen."""
        copy = self.clone(state)
        below = max(len(copy.draw_pile) - 1, 0)
        pile, copy.box = _deal(copy.draw_pile[:-1] + copy.box, below, rng)
        copy.draw_pile = pile + copy.draw_pile[-1:]
        if copy.phase is BID:
            view = self.view(copy, seat)
            copy.bids, copy.chips = self._deal_chips(view, rng)
        copy.seed = rng.getrandbits(63)
        return copy

    def card_zones(self, state: MagicNumbersState) -> dict[str, list[int]]:
        zones = {
            "display": [card for card in state.display if card != EMPTY],
            "draw pile": state.draw_pile,
            "box": state.box,
            "set aside": state.set_aside,
            "unsolved": state.unsolved,
        }
        for seat, cards in enumerate(state.collections):
            zones[f"collection {seat}"] = cards
        return zones

    def all_cards(self, seats: int) -> list[Any]:
        return list(range(len(self.ids)))

    # -- actions as text, JSON and integers --------------------------------------------
    def parse_action(self, text: str) -> Action:
        """``bid 2 3`` (card 2 from the left, chip 3; also ``2 3``), ``pass``, ``hint theme``
        or ``hint unit``, ``confirm``, ``reject``, ``answer <text>``; any other text is an
        answer. German words as the labels show them are understood too."""
        action = words.parse(text)
        if action is None:
            raise self._bad_action(text, "bid 2 3")
        return action

    def action_from_json(self, data: JSON) -> Action:
        action = words.from_json(data)
        if action is None:
            raise self._bad_action(data, '{"type": "answer", "text": "Mount Everest"}')
        return action

    # -- words ------------------------------------------------------------------------
    def label(self, action: Action, lang: str) -> str:
        return words.label(action, lang)

    def describe(self, event: Event, lang: str) -> str:
        return words.describe(event, lang)

    def _face_words(self, card: int) -> dict[str, str]:
        data = self.deck.cards[card]
        theme = self.deck.theme(data.theme)
        return {"number": data.number, "theme_de": theme.de, "theme_en": theme.en}

    def _open_words(self, state: MagicNumbersState, card: int) -> dict[str, JSON]:
        data = self.deck.cards[card]
        return {
            "position": state.position,
            "number": data.number,
            "meaning_de": data.meaning["de"],
            "meaning_en": data.meaning["en"],
        }
