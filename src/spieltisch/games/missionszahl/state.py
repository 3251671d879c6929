"""Missionszahl's table: the rule constants, the state, the phases and a seat's view.

Resolutions of gaps in the seed (RULES-NOTES §3) are named constants here; see
``docs/rules/missionszahl.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import NamedTuple

from spieltisch.core.game import Event, View
from spieltisch.games.missionszahl.actions import MAX_SEATS
from spieltisch.games.missionszahl.cards import (
    ALL_CARDS,
    ALL_SYMBOLS,
    COLOURS,
    DECK_SIZE,
    HIGHEST,
    SYMBOL,
    Symbol,
    deck_cards,
    symbol_table,
)

RULES_VERSION = "1"
Log = list[Event] | None
MIN_SEATS = 2
HAND_SIZE = 10
#: The range of the option ``hand_size`` (the deck must hold enough cards: see
#: ``Missionszahl.__init__``).
MIN_HAND_SIZE = 3
MAX_HAND_SIZE = 15
#: Hands change only by playing one card a round (exchanges swap one card for one), so the
#: game lasts exactly this many rounds (RULES-NOTES §3 item 2).
ROUNDS = HAND_SIZE
#: RULES-NOTES §3 item 13 ("if the pile is empty when needed, skip the draw") never applies:
#: only mission cards leave the draw pile for good (every other card drawn is matched by one
#: put under it), so before every draw it holds at least this many cards.
MIN_DRAW_PILE = DECK_SIZE - MAX_SEATS * HAND_SIZE - ROUNDS
#: RULES-NOTES §3 item 5: a new mission card discards the ±3 changes made before it.
NEW_MISSION_RESETS_SHIFT = True
#: RULES-NOTES §3 item 6: the even-numbers symbol also knocks out its own player.
EVENS_OUT_HITS_ITS_OWN_PLAYER = True
#: RULES-NOTES §3 items 3 and 9: tied players draw again while the highest drawn number is
#: still tied. The pile is cycled (drawn cards go under it), so a pile arranged in pairs of
#: equal numbers could tie for ever; after this many draws the first tied seat wins.
TIE_DRAW_LIMIT = 100
#: RULES-NOTES §3 item 9: when every player is knocked out, nobody wins the round and the
#: mission card's arrow points at nobody.
NOBODY = -1
#: RULES-NOTES §3 item 12: the colour bonus is 10 points for 3 cards of a colour and 10 more
#: for every further card (the seed's table, 3 → 10 up to 10 → 80, continued the same way).
BONUS_FROM = 3
BONUS_STEP = 10
#: RULES-NOTES §3 items 9 and 12: an arrow that points at nobody points "not at you", so a
#: mission card nobody won voids matching collected cards like one won by somebody else.
UNOWNED_MISSION_VOIDS = True
#: The values of option ``swap``. The seed says "der Gewinner muss nun zwei bzw. drei Sachen
#: machen" but words II and III with "kann": by default the swap (II) is optional like the
#: exchange (III); ``compulsory`` reads "muss" as binding for II.
OPTIONAL, COMPULSORY = "optional", "compulsory"


@dataclass(frozen=True, slots=True)
class Setup:
    """What the rule options make of the deck, the hands and the scoring (the same all
    game; :func:`setup`). Cards keep their ids whatever the deck holds."""

    #: cards dealt to each hand, and so the rounds played
    hand_size: int
    #: the options as views show them: colours, highest number, symbols per colour
    colours: int
    highest: int
    symbols: str
    #: the ids of the cards in the deck, in id order
    cards: tuple[int, ...]
    #: ``symbol[card]``: the card's symbol in this deck (``None``: a plain card)
    symbol: tuple[Symbol | None, ...]
    #: ``has_symbol[card]``: whether the card carries a symbol in this deck
    has_symbol: tuple[bool, ...]
    #: ``bonus[k]``: the colour bonus for ``k`` cards of one colour
    bonus: tuple[int, ...]
    #: the colour bonus table as options: the cards of a colour that earn the first bonus,
    #: and the points each card of the colour from there on adds
    bonus_from: int
    bonus_step: int


def bonus_table(bonus_from: int = BONUS_FROM, step: int = BONUS_STEP) -> tuple[int, ...]:
    """``table[k]``: the colour bonus for ``k`` cards of one colour: ``step`` points for
    ``bonus_from`` cards and ``step`` more for every further card."""
    return tuple(
        step * (k - bonus_from + 1) if k >= bonus_from else 0 for k in range(DECK_SIZE + 1)
    )


@cache
def setup(
    hand_size: int = HAND_SIZE,
    colours: int = len(COLOURS),
    highest: int = HIGHEST,
    symbols: str = ALL_SYMBOLS,
    bonus_from: int = BONUS_FROM,
    bonus_step: int = BONUS_STEP,
) -> Setup:
    """The set-up under these option values (the same object for the same values)."""
    table = symbol_table(symbols)
    return Setup(
        hand_size,
        colours,
        highest,
        symbols,
        deck_cards(colours, highest),
        table,
        tuple(symbol is not None for symbol in table),
        bonus_table(bonus_from, bonus_step),
        bonus_from,
        bonus_step,
    )


#: The rule sheet's set-up.
STANDARD = setup()
assert STANDARD.cards == ALL_CARDS
assert STANDARD.symbol == SYMBOL

#: Knowledge bits (see :class:`MissionszahlState`): one per seat, one for spectators.
SEAT_BIT: tuple[int, ...] = tuple(1 << seat for seat in range(MAX_SEATS))
SPECTATOR_BIT = 1 << 7
PUBLIC = 0xFF


class Board(NamedTuple):
    """The fields of every view that change only with a mission card, an arrow or a
    collection: the same for every seat, so made once and shared (see
    :class:`MissionszahlState`)."""

    round: int
    missions: tuple[int, ...]
    arrows: tuple[int | None, ...]
    mission_number: int
    collections: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


class Revealed(NamedTuple):
    """A round's reveal as everybody saw it: the mission number the cards were laid for
    and the card each seat laid (by seat), before any symbol moved one."""

    number: int
    cards: tuple[int, ...]


class Exchanged(NamedTuple):
    """A round winner's exchange of a hand card, as announced: with the draw pile
    (``partner`` None) or blind with ``partner``. Which cards went is not public."""

    seat: int
    partner: int | None


#: The public record of a game: every reveal and every exchange, in order.
History = tuple[Revealed | Exchanged, ...]


class Phase(Enum):
    """Who must decide what: the commit of all players, then one seat's decision."""

    COMMIT = "commit"  # every player lays a card face down
    SHIFT = "shift"  # the holder of a ±3 symbol picks +3 or −3
    GIVE = "give"  # the holder of the draw-and-give symbol picks the receiver
    SWAP = "swap"  # the round winner may swap played cards (action II)
    EXCHANGE = "exchange"  # the round winner may exchange a hand card (action III)
    TRADE = "trade"  # ... and names the hand card he gives away
    OVER = "over"

    #: Members are single objects compared by identity, so they may be hashed by identity:
    #: every action looks its phase up, and ``Enum.__hash__`` is slow Python code.
    __hash__ = object.__hash__


#: The phases by their plain names, for the engine's own use: ``Phase.COMMIT`` is a look-up
#: through the enum's metaclass that costs ten times a global name, and a simulation asks
#: for the phase at every step.
COMMIT = Phase.COMMIT
SHIFT = Phase.SHIFT
GIVE = Phase.GIVE
SWAP = Phase.SWAP
EXCHANGE = Phase.EXCHANGE
TRADE = Phase.TRADE
OVER = Phase.OVER
#: The symbols a player carries out with a decision, by plain names (as the phases).
PLUS_MINUS_3, DRAW_AND_GIVE = Symbol.PLUS_MINUS_3, Symbol.DRAW_AND_GIVE


@dataclass(slots=True)
class MissionszahlState:
    """The whole table. Internal to the engine: only views leave it.

    ``draw_pile`` has its top card last; hands are sorted. ``missions`` are the face-up
    mission cards, one per round so far (the last is this round's), ``arrows`` the seat each
    one's arrow points at (:data:`NOBODY` until won). ``played[s]`` is the card lying in front
    of seat ``s`` this round (−1: none), face down while ``phase`` is ``COMMIT``; ``pending[s]``
    says whether its symbol still waits to be carried out, ``out[s]`` whether seat ``s`` was
    knocked out by the even-numbers symbol. ``cursor`` is the seat whose symbol is next in the
    clockwise order, ``drawn`` a card drawn for the draw-and-give symbol (−1: none),
    ``partner`` the seat of a blind exchange (−1: the draw pile). ``history`` is the public
    record of reveals and exchanges (:class:`Revealed`, :class:`Exchanged`).

    ``known[card]`` says, for a card in a hand or in the draw pile, who knows where it lies:
    bit ``s`` for seat ``s``, bit 7 for spectators (everybody: :data:`PUBLIC`). A hand's owner
    always knows his hand. Cards put under the pile face up stay known to all; a card given
    blind stays known to its giver until its new owner passes a card on face down.

    The last four fields only save work and never take part in comparing states:
    ``known_bits`` has (at least) every bit set anywhere in ``known``, so a seat whose bit it
    lacks knows no card in a hand or in the draw pile; only the bottom ``under`` cards of the
    draw pile (those put under it, at most) may be known to anybody, the cards above them
    never were (both bounds are kept up to date by every move; :data:`PUBLIC` and
    :data:`~spieltisch.games.missionszahl.cards.DECK_SIZE` are always safe); ``scored`` (the
    scores) and ``board`` (the mission cards, arrows and collections as every view shows
    them) are caches, made by the first call that needs them and dropped whenever a mission
    card, an arrow or a collection changes (:func:`drop_caches`).
    """

    seats: int
    seed: int
    shuffles: int
    phase: Phase
    hands: list[list[int]]
    draw_pile: list[int]
    known: list[int]
    missions: list[int]
    arrows: list[int]
    shift: int
    played: list[int]
    waiting: tuple[int, ...]
    pending: list[bool]
    out: list[bool]
    cursor: int
    drawn: int
    winner: int
    partner: int
    collections: list[list[int]]
    history: History = ()
    known_bits: int = field(default=PUBLIC, compare=False, repr=False)
    under: int = field(default=DECK_SIZE, compare=False, repr=False)
    scored: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    board: Board | None = field(default=None, compare=False, repr=False)
    #: the rule options' deck, hands and scoring (:class:`Setup`), the same all game
    setup: Setup = field(default=STANDARD, compare=False, repr=False)


def drop_caches(state: MissionszahlState) -> None:
    """A mission card, an arrow or a collection changed: the scores and the views' board
    are made anew when next asked for."""
    state.scored = state.board = None


@dataclass(frozen=True, slots=True)
class MissionszahlView(View):
    """What one seat knows. Played cards are shown to all once revealed, so every
    collection is public, and so is every card put under the draw pile face up; hands, the
    rest of the draw pile and cards still face down are not. ``draw_pile`` lists the pile top
    first, ``None`` for a card this seat does not know; ``known_hands[s]`` are the cards this
    seat knows to be in seat ``s``'s hand (or face down in front of it). ``history`` recalls
    every reveal and every exchange of the game (what a player at the table remembers)."""

    players: int
    round: int
    rounds: int
    #: the deck and scoring options (:class:`Setup`; ``rounds`` is the hand size)
    colours: int
    highest: int
    symbols: str
    bonus_from: int
    bonus_step: int
    phase: str
    to_act: tuple[int, ...]
    missions: tuple[int, ...]
    arrows: tuple[int | None, ...]
    mission_number: int
    shift: int
    target: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    committed: tuple[bool, ...]
    my_card: int | None
    played: tuple[int | None, ...]
    pending: tuple[bool, ...]
    out: tuple[bool, ...]
    cursor: int
    drawn: int | None
    winner: int | None
    partner: int | None
    draw_pile: tuple[int | None, ...]
    known_hands: tuple[tuple[int, ...], ...]
    collections: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    game_over: bool
    history: History

    @property
    def setup(self) -> Setup:
        """The deck, hands and scoring of this game (:class:`Setup`)."""
        return setup(
            self.rounds, self.colours, self.highest, self.symbols, self.bonus_from, self.bonus_step
        )

    def __hash__(self) -> int:
        """The hash of the fields that tell apart the views one search meets (a search
        hashes a view at every step in its tree); equal views hash alike. Left out are
        the fields that change only along with fields kept (the collections and scores
        with the round, the mission cards nearly always with the target) and the long
        draw pile."""
        return hash(
            (
                self.seat,
                self.round,
                self.phase,
                self.target,
                self.hand,
                self.committed,
                self.played,
                self.pending,
                self.out,
                self.cursor,
                self.drawn,
                self.winner,
                self.partner,
                self.known_hands,
                self.arrows,
            )
        )


def clone(state: MissionszahlState) -> MissionszahlState:
    """An independent copy of ``state``; its caches are shared, being immutable values of
    the same table."""
    return MissionszahlState(
        seats=state.seats,
        seed=state.seed,
        shuffles=state.shuffles,
        phase=state.phase,
        hands=[hand[:] for hand in state.hands],
        draw_pile=state.draw_pile[:],
        known=state.known[:],
        missions=state.missions[:],
        arrows=state.arrows[:],
        shift=state.shift,
        played=state.played[:],
        waiting=state.waiting,
        pending=state.pending[:],
        out=state.out[:],
        cursor=state.cursor,
        drawn=state.drawn,
        winner=state.winner,
        partner=state.partner,
        collections=[c[:] for c in state.collections],
        history=state.history,
        known_bits=state.known_bits,
        under=state.under,
        scored=state.scored,  # immutable values of the same table
        board=state.board,
        setup=state.setup,
    )
