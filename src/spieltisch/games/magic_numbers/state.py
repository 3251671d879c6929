"""Magic Numbers' table: the rule constants, the state, the phases, the cards as views show
them and a seat's view.

Resolutions of gaps in the seed (RULES-NOTES §5) are named constants here; see
``docs/rules/magic-numbers.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from spieltisch.core.game import Event, View
from spieltisch.games.magic_numbers.actions import CHIPS, HINT_KINDS
from spieltisch.games.magic_numbers.deck import Theme

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
#: Own rule: an answer that names the meaning of another card with the same number (7: the
#: continents, not the East Frisian Islands) is "true, but not this card's meaning": the player
#: tries again (each other card once per card; with the program as judge).
OTHER_MEANING_RETRY = True
#: Own rule: a deal holds no two cards with the same number and theme.
ONE_CARD_PER_NUMBER_AND_THEME = True
#: Seed: two extra points per theme (colour) with at least one collected card.
THEME_BONUS = 2
ALL_CHIPS = sum(1 << chip for chip in CHIPS)
#: The option ``chip_costs``: the costs of the chips 3, 2, 1 and 0 in this order, each from 0
#: to 20. A chip keeps its place in the order on a card whatever it costs.
CHIP_COSTS_PATTERN = r"(1?[0-9]|20)(,(1?[0-9]|20)){3}"
#: ``DEFAULT_CHIP_COSTS[c]``: what chip ``c`` costs; seed: its value.
DEFAULT_CHIP_COSTS: tuple[int, ...] = tuple(range(len(CHIPS)))


def chip_costs_text(costs: tuple[int, ...]) -> str:
    """The option value for ``costs`` (``costs[c]``: what chip ``c`` costs): the costs of
    the chips 3, 2, 1, 0 in this order."""
    return ",".join(str(costs[chip]) for chip in CHIPS)


def parse_chip_costs(text: str) -> tuple[int, ...]:
    """``costs[c]``: what chip ``c`` costs, from the option value (already checked against
    :data:`CHIP_COSTS_PATTERN`: the costs of the chips 3, 2, 1, 0)."""
    given = dict(zip(CHIPS, (int(part) for part in text.split(",")), strict=True))
    return tuple(given[chip] for chip in range(len(CHIPS)))


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
    answer waiting for the quizmaster's verdict. With ``answers=choice``, ``offered`` are the
    cards whose meanings are offered for the card being solved, in the order shown (its own
    among them); with typed answers it stays empty.

    The last two fields are caches: they only save work and never take part in comparing
    states. ``free[s]`` has bit ``p`` set while the card at ``p`` lies on display without a
    chip of seat ``s``; it is kept up to date by every bid. ``table`` is the part of every
    view that changes only with the points, the cards and the round (:class:`Table`). Both
    are made by the first call that needs them and dropped whenever the points, the cards or
    the round change or the chips go back (:func:`drop_caches`).
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
    offered: list[int] = field(default_factory=list)
    #: The other cards whose meaning was named on the card being solved (each once; see
    #: :data:`OTHER_MEANING_RETRY`).
    named: list[int] = field(default_factory=list)
    free: list[int] | None = field(default=None, compare=False, repr=False)
    table: Table | None = field(default=None, compare=False, repr=False)


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


@dataclass(frozen=True, slots=True)
class MagicNumbersView(View):
    """What one seat knows. Card fronts are public, and so are the chips' owners and slots;
    a chip's value is seen by its owner only until the reveal. A card's meaning is public
    once it is finished (solved or given up); before that only a human quizmaster sees it,
    for the card he judges. ``bids[p]`` lists ``(seat, chip)`` per slot, ``chip`` ``None``
    where unseen; ``my_chips`` are this seat's unused chips; ``hint_texts`` the hints given
    on the card being solved as ``(kind, German, English)``; ``answering`` the seat to answer
    now and ``answers`` the wrong answers given on this card (with ``answers=choice`` the
    numbers, 1–4, of the wrong choices). ``choices`` are the meanings offered for the card
    being solved as ``(German, English)``, in the order shown, the same for every seat
    (empty with typed answers)."""

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
    choices: tuple[tuple[str, str], ...] = ()

    def __hash__(self) -> int:
        """Equal views hash alike: the hash reads every field but the deck's themes, which
        are the same in every view of a game and dear to hash."""
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
                self.choices,
            )
        )


def drop_caches(state: MagicNumbersState) -> None:
    """The points, the cards or the round changed, or the chips went back: the cards free
    for each seat's bids and the views' table are made anew when next asked for."""
    state.free = None
    state.table = None


def clone(state: MagicNumbersState) -> MagicNumbersState:
    """An independent copy of ``state``."""
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
        offered=state.offered[:],
        named=state.named[:],
        free=None if state.free is None else state.free[:],
        table=state.table,  # an immutable value of the same table
    )
