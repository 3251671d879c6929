"""Missionszahl (Michael Wybierek): lay the card closest to the mission number.

A round, as the seed has it:

1. a mission card lies face up beside the earlier ones; every player lays one hand card face
   down, and when all have, the cards are revealed;
2. symbol actions are carried out, starting with the player of the highest-numbered symbol
   card, then clockwise;
3. the card closest to the (possibly changed) mission number wins the round;
4. the round winner turns the mission card's arrow towards himself, may swap played cards
   with another player and may exchange one hand card;
5. everybody puts his played card on his own collection.

After ten rounds the hands are empty and the collections are scored. Resolutions of gaps in
the seed (RULES-NOTES §3) are named constants below; see ``docs/rules/missionszahl.md``.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import compress
from operator import attrgetter, itemgetter
from typing import Any, ClassVar, NamedTuple

from spieltisch.core.chance import first_shuffled, is_complete_deck, shuffled
from spieltisch.core.errors import DeckError
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat, View, quick_constructor
from spieltisch.games.missionszahl import words
from spieltisch.games.missionszahl.actions import (
    ALL_ACTIONS,
    BLINDS,
    GIVES,
    MAX_SEATS,
    MINUS,
    NO_EXCHANGE,
    NO_SWAP,
    PILE_EXCHANGE,
    PLAYS,
    PLUS,
    SWAPS,
    TRADES,
    Action,
    Exchange,
    Give,
    Play,
    Shift,
    Swap,
    Trade,
)
from spieltisch.games.missionszahl.cards import (
    ALL_CARDS,
    COLOUR,
    COLOURS,
    DECK_SIZE,
    NAME,
    SYMBOL,
    VALUE,
    Symbol,
    card_from_name,
)

RULES_VERSION = "1"
Log = list[Event] | None
MIN_SEATS = 2
HAND_SIZE = 10
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

#: How often a card dealt for a bot's reading of the others' play (``unlikely`` in
#: :meth:`Missionszahl.determinize`) ignores what the reading says it is unlikely to be.
LEANING_SLACK = 0.1

#: A view's board (its fields have the board's names).
_BOARD_FIELDS = attrgetter(*Board._fields)


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
    never were; ``scored`` (the scores) and ``board`` (the mission cards, arrows and
    collections as every view shows them) are made by the first call that needs them and
    cleared whenever a mission card, an arrow or a collection changes
    (:meth:`Missionszahl._board_changed`).
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
    known_bits: int = field(default=PUBLIC, compare=False)
    under: int = field(default=DECK_SIZE, compare=False)
    scored: tuple[int, ...] | None = field(default=None, compare=False)
    board: Board | None = field(default=None, compare=False)


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


# -- scoring ---------------------------------------------------------------------------------


#: ``BONUS[k]``: the colour bonus for ``k`` cards of one colour.
BONUS: tuple[int, ...] = tuple(
    BONUS_STEP * (k - BONUS_FROM + 1) if k >= BONUS_FROM else 0 for k in range(DECK_SIZE + 1)
)


#: ``TALLY[card]``: the card's number, plus one in its colour's count (8 bits a colour above
#: the lowest :data:`TALLY_SHIFT` bits): a collection's tallies add up to the sum of its
#: numbers and its colour counts at once (the whole deck's numbers add up to 1512 < 4096,
#: and no colour has more than 27 cards).
TALLY_SHIFT = 12
NUMBERS_MASK = (1 << TALLY_SHIFT) - 1
TALLY: tuple[int, ...] = tuple(
    VALUE[card] + (1 << (TALLY_SHIFT + 8 * COLOUR[card])) for card in ALL_CARDS
)


def colour_bonus(cards: Sequence[int]) -> int:
    """10 points for three cards of one colour, 10 more for each further card, per colour."""
    counts = [0] * len(COLOURS)
    for card in cards:
        counts[COLOUR[card]] += 1
    red, green, blue, orange = counts
    return BONUS[red] + BONUS[green] + BONUS[blue] + BONUS[orange]


def table_scores(
    collections: Sequence[Sequence[int]], missions: Sequence[int], arrows: Sequence[int]
) -> tuple[int, ...]:
    """Every seat's score: the colour bonus on all its collected cards plus the numbers of
    its cards that are not void. A number is void for a seat when a mission card with that
    number points elsewhere (or at nobody, with ``UNOWNED_MISSION_VOIDS``), unless a mission
    card with the same number points at the seat ("same number" compares numbers only,
    RULES-NOTES §3 item 12)."""
    numbers = list(map(VALUE.__getitem__, missions))
    if UNOWNED_MISSION_VOIDS:
        table = set(numbers)
    else:
        table = set(compress(numbers, map(NOBODY.__ne__, arrows)))
    scores = []
    for seat, cards in enumerate(collections):
        void = table
        if seat in arrows:  # numbers of mission cards pointing at him are his own
            void = table.difference(compress(numbers, map(seat.__eq__, arrows)))
        lost = sum(filter(void.__contains__, map(VALUE.__getitem__, cards)))
        tally = sum(map(TALLY.__getitem__, cards))
        counts = tally >> TALLY_SHIFT  # red, green, blue, orange: 8 bits each
        bonus = BONUS[counts & 255] + BONUS[counts >> 8 & 255]
        bonus += BONUS[counts >> 16 & 255] + BONUS[counts >> 24]
        scores.append((tally & NUMBERS_MASK) - lost + bonus)
    return tuple(scores)


_EVERY_CARD = frozenset(ALL_CARDS)
#: The distance of a knocked-out player's card from the mission number: more than any card's.
_OUT = DECK_SIZE
#: ``HAS_SYMBOL[card]``: whether the card carries a symbol.
HAS_SYMBOL: tuple[bool, ...] = tuple(symbol is not None for symbol in SYMBOL)
#: ``phase.value`` without the enum's Python property, as views show the phase.
_PHASE_VALUE = {phase: phase.value for phase in Phase}
_PHASES = {phase.value: phase for phase in Phase}
#: ``MissionszahlView(...)`` with every field in order, several times faster (a view is built
#: for every decision of a simulation).
_new_view = quick_constructor(MissionszahlView)


class _Deal(NamedTuple):
    """What a deal from ``view`` takes from the view alone, worked out once for the many
    deals a search samples from one view (:meth:`Missionszahl.determinize`).

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
    def of(cls, view: MissionszahlView) -> _Deal:
        """The plan of deals from ``view``."""
        n, seat = view.players, view.seat
        me = SPECTATOR_BIT if seat is None else SEAT_BIT[seat]
        phase = _PHASES[view.phase]
        committing = phase is COMMIT
        unseen = sorted(
            _EVERY_CARD.difference(
                view.missions,
                view.hand,
                view.draw_pile,
                view.played,
                (view.my_card, view.drawn),
                *view.collections,
                *view.known_hands,
            )
        )
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


class Missionszahl(Game[MissionszahlState, Action, MissionszahlView]):
    """Missionszahl for 2–4 players."""

    action_table = ALL_ACTIONS
    shuffles_draw_pile = True
    spec: ClassVar[GameSpec] = GameSpec(
        id="missionszahl",
        name_de="Missionszahl",
        name_en="Missionszahl (mission number)",
        rules_version=RULES_VERSION,
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
    )

    def __init__(self, options: dict[str, JSON] | None = None) -> None:
        super().__init__(options)
        #: ``others[n][s]``: the seats of an ``n``-player game other than ``s``, in order.
        self.others = tuple(
            tuple(tuple(o for o in range(n) if o != s) for s in range(n))
            for n in range(MAX_SEATS + 1)
        )
        rules = {
            SHIFT: self._legal_shift,
            GIVE: self._legal_give,
            SWAP: self._legal_swap,
            EXCHANGE: self._legal_exchange,
        }
        #: ``_choices[phase][n][s]``: what seat ``s`` of an ``n``-player game may choose in a
        #: phase whose choices do not depend on the cards.
        self._choices = {
            phase: tuple(tuple(rule(n, s) for s in range(n)) for n in range(MAX_SEATS + 1))
            for phase, rule in rules.items()
        }
        self._apply: dict[Phase, Callable[..., None]] = {
            COMMIT: self._apply_commit,
            SHIFT: self._apply_shift,
            GIVE: self._apply_give,
            SWAP: self._apply_swap,
            EXCHANGE: self._apply_exchange,
            TRADE: self._apply_trade,
        }
        self._automatic: dict[Symbol, Callable[[MissionszahlState, Seat, Log], None]] = {
            Symbol.PASS_CW: self._pass_clockwise,
            Symbol.NEW_MISSION: self._new_mission,
            Symbol.EVENS_OUT: self._evens_out,
        }
        #: The plan of the last view dealt from (a search deals from one view many times).
        self._last_deal: _Deal | None = None

    # -- set-up -----------------------------------------------------------------------
    def new_state(
        self,
        seats: int,
        seed: int,
        deck: Sequence[object] | None = None,
        log: list[Event] | None = None,
    ) -> MissionszahlState:
        """Deal ten cards to each player from ``deck`` (card names, top first) or a shuffle
        from ``seed``: seat 0 takes the first ten, seat 1 the next ten, and so on; the rest
        is the draw pile, whose top card is turned up as the first mission card."""
        self.spec.check_seats(seats)
        order = self._checked_deck(deck) if deck is not None else shuffled(ALL_CARDS, seed, 0)
        state = MissionszahlState(
            seats=seats,
            seed=seed,
            shuffles=1,
            phase=COMMIT,
            hands=[sorted(order[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(seats)],
            draw_pile=order[HAND_SIZE * seats :][::-1],
            known=[0] * DECK_SIZE,
            missions=[],
            arrows=[],
            shift=0,
            played=[-1] * seats,
            waiting=(),
            pending=[False] * seats,
            out=[False] * seats,
            cursor=0,
            drawn=-1,
            winner=NOBODY,
            partner=-1,
            collections=[[] for _ in range(seats)],
            known_bits=0,
            under=0,
        )
        if log is not None:
            for seat, hand in enumerate(state.hands):
                log.append(Event("deal", {"seat": seat, "hand": _names(hand)}, frozenset({seat})))
        self._start_round(state, log)
        return state

    @staticmethod
    def _checked_deck(deck: Sequence[object]) -> list[int]:
        names = [card_from_name(card) if isinstance(card, str) else None for card in deck]
        cards = [card for card in names if card is not None]
        if not is_complete_deck(names, ALL_CARDS):
            raise DeckError(
                "a Missionszahl deck names each of the 108 cards (R1–R27, G1–G27, B1–B27, "
                f"O1–O27) exactly once, top card first; got {len(deck)} entries"
            )
        return cards

    def deck_order(self, seats: int, seed: int) -> list[str]:
        return [NAME[card] for card in shuffled(ALL_CARDS, seed, 0)]

    def clone(self, state: MissionszahlState) -> MissionszahlState:
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
        )

    # -- who acts, and what may he do --------------------------------------------------
    def to_act(self, state: MissionszahlState) -> tuple[Seat, ...]:
        phase = state.phase
        if phase is COMMIT:
            return state.waiting
        if phase is SHIFT or phase is GIVE:
            return (state.cursor,)
        if phase is OVER:
            return ()
        return (state.winner,)

    def legal_actions(self, state: MissionszahlState, seat: Seat) -> Sequence[Action]:
        """In the commit, any hand card of a seat that has not laid one yet; otherwise the
        choices of the one seat that must decide."""
        phase = state.phase
        if phase is COMMIT:
            if seat not in state.waiting:
                return ()
            hand = state.hands[seat]
            return itemgetter(*hand)(PLAYS) if len(hand) > 1 else (PLAYS[hand[0]],)
        if phase is SHIFT or phase is GIVE:
            decider = state.cursor
        elif phase is OVER:
            return ()
        else:
            decider = state.winner
        if seat != decider:
            return ()
        if phase is TRADE:  # any hand card may be given away
            hand = state.hands[seat]
            return itemgetter(*hand)(TRADES) if len(hand) > 1 else (TRADES[hand[0]],)
        return self._choices[phase][state.seats][seat]

    @staticmethod
    def _legal_shift(n: int, seat: Seat) -> tuple[Action, ...]:
        """+3 or −3: the player must pick one."""
        return (MINUS, PLUS)

    def _legal_give(self, n: int, seat: Seat) -> tuple[Action, ...]:
        """The drawn card goes to any other player."""
        return tuple(GIVES[other] for other in self.others[n][seat])

    def _legal_swap(self, n: int, seat: Seat) -> tuple[Action, ...]:
        """Keep the own played card, or swap it with any other player's."""
        return (NO_SWAP, *(SWAPS[other] for other in self.others[n][seat]))

    def _legal_exchange(self, n: int, seat: Seat) -> tuple[Action, ...]:
        """No exchange, with the draw pile, or blind with any other player."""
        return (NO_EXCHANGE, PILE_EXCHANGE, *(BLINDS[other] for other in self.others[n][seat]))

    # -- the round ----------------------------------------------------------------------
    def apply(
        self, state: MissionszahlState, seat: Seat, action: Action, log: list[Event] | None = None
    ) -> None:
        self._apply[state.phase](state, seat, action, log)

    def _start_round(self, state: MissionszahlState, log: Log) -> None:
        """Turn up the next mission card beside the earlier ones; everybody lays a card."""
        n = state.seats
        state.missions.append(state.draw_pile.pop())
        state.arrows.append(NOBODY)
        self._board_changed(state)
        state.shift = 0
        state.played = [-1] * n
        state.pending = [False] * n
        state.out = [False] * n
        state.cursor = 0
        state.winner = NOBODY
        state.partner = -1
        state.waiting = tuple(range(n))
        state.phase = COMMIT
        if log is not None:
            card = state.missions[-1]
            log.append(
                Event(
                    "mission",
                    {"round": len(state.missions), "mission": NAME[card], "number": VALUE[card]},
                )
            )

    def _apply_commit(self, state: MissionszahlState, seat: Seat, action: Play, log: Log) -> None:
        """Lay a card face down; when the last player has, all are revealed."""
        card = action.card
        state.hands[seat].remove(card)
        state.played[seat] = card
        waiting = state.waiting
        if waiting[0] == seat:
            state.waiting = waiting = waiting[1:]
        else:
            index = waiting.index(seat)
            state.waiting = waiting = waiting[:index] + waiting[index + 1 :]
        if log is not None:
            log.append(Event("commit", {"seat": seat}))
            log.append(Event("my_card", {"seat": seat, "card": NAME[card]}, frozenset({seat})))
        if not waiting:
            self._reveal(state, log)

    def _reveal(self, state: MissionszahlState, log: Log) -> None:
        """Show all played cards; symbol actions begin with the highest symbol card."""
        played = state.played
        state.history += (Revealed(VALUE[state.missions[-1]], tuple(played)),)
        if log is not None:
            log.append(Event("reveal", {"cards": _names(played)}))
        state.pending = pending = list(map(HAS_SYMBOL.__getitem__, played))
        if True in pending:
            state.cursor = self._first_symbol_seat(state, log)
            self._resolve_symbols(state, log)
        else:
            self._judge(state, log)

    def _first_symbol_seat(self, state: MissionszahlState, log: Log) -> Seat:
        """The seat of the highest-numbered symbol card; on equal numbers the tied players
        draw and the highest drawn number begins."""
        played = state.played
        numbers = [
            VALUE[card] if symbol else 0 for card, symbol in zip(played, state.pending, strict=True)
        ]
        seat = self._single_or_drawn(state, numbers, max(numbers), log)
        if log is not None:
            log.append(Event("first", {"seat": seat, "card": NAME[played[seat]]}))
        return seat

    def _resolve_symbols(self, state: MissionszahlState, log: Log) -> None:
        """Carry out pending symbols clockwise from the cursor until one needs a decision or
        none is left. A symbol card passed on unresolved is carried out by its new holder
        when the cursor reaches him (RULES-NOTES §3 item 4)."""
        pending = state.pending
        n = state.seats
        while True in pending:
            seat = state.cursor
            if pending[seat]:
                pending[seat] = False
                if state.out[seat]:
                    self._log_cancel(state, seat, log)
                elif self._carry_out(state, seat, log):
                    return
            state.cursor = (seat + 1) % n
        self._judge(state, log)

    def _carry_out(self, state: MissionszahlState, seat: Seat, log: Log) -> bool:
        """Carry out the symbol of ``seat``'s card; True if its player must decide now."""
        symbol = SYMBOL[state.played[seat]]
        if symbol is PLUS_MINUS_3:
            state.phase = SHIFT
            return True
        if symbol is DRAW_AND_GIVE:
            return self._draw_to_give(state, seat, log)
        assert symbol is not None
        self._automatic[symbol](state, seat, log)
        return False

    def _pass_clockwise(self, state: MissionszahlState, seat: Seat, log: Log) -> None:
        """Every played card moves one seat clockwise, unresolved symbols with it."""
        played = state.played
        pending = state.pending
        played[:] = [played[-1], *played[:-1]]
        pending[:] = [pending[-1], *pending[:-1]]
        if log is not None:
            log.append(Event("pass_cw", {"seat": seat, "cards": _names(played)}))

    def _new_mission(self, state: MissionszahlState, seat: Seat, log: Log) -> None:
        """The mission card goes under the draw pile; the top card takes its place."""
        old = state.missions[-1]
        self._put_under(state, old, PUBLIC)
        state.missions[-1] = state.draw_pile.pop()
        self._board_changed(state)
        if NEW_MISSION_RESETS_SHIFT:
            state.shift = 0
        if log is not None:
            card = state.missions[-1]
            data = {"seat": seat, "old_mission": NAME[old], "mission": NAME[card]}
            log.append(Event("new_mission", {**data, "number": VALUE[card]}))

    def _evens_out(self, state: MissionszahlState, seat: Seat, log: Log) -> None:
        """Every player with an even played number is out of this round; his pending symbol
        is dropped."""
        hit = [
            s
            for s, card in enumerate(state.played)
            if VALUE[card] % 2 == 0 and (EVENS_OUT_HITS_ITS_OWN_PLAYER or s != seat)
        ]
        if log is not None:
            log.append(Event("evens_out", {"seat": seat, "seats": hit}))
        for s in hit:
            state.out[s] = True
            if state.pending[s]:
                state.pending[s] = False
                self._log_cancel(state, s, log)

    def _draw_to_give(self, state: MissionszahlState, seat: Seat, log: Log) -> bool:
        """Draw the top card face up; its player must choose the receiver (with two
        players there is only one, and it goes there at once)."""
        state.drawn = state.draw_pile.pop()
        if log is not None:
            log.append(Event("drawn", {"seat": seat, "card": NAME[state.drawn]}))
        if state.seats == MIN_SEATS:
            self._give(state, seat, 1 - seat, log)
            return False
        state.phase = GIVE
        return True

    def _give(self, state: MissionszahlState, seat: Seat, receiver: Seat, log: Log) -> None:
        """The receiver's played card goes under the pile; the drawn card replaces it and
        its symbol is ignored (RULES-NOTES §3 item 8)."""
        old = state.played[receiver]
        self._put_under(state, old, PUBLIC)
        state.played[receiver] = state.drawn
        state.pending[receiver] = False
        if log is not None:
            data = {"seat": seat, "to": receiver, "card": NAME[state.drawn], "old": NAME[old]}
            log.append(Event("give", data))
        state.drawn = -1

    def _apply_shift(self, state: MissionszahlState, seat: Seat, action: Shift, log: Log) -> None:
        """The mission number changes by the chosen ±3; changes add up."""
        state.shift += action.delta
        if log is not None:
            data = {"seat": seat, "delta": action.delta, "target": self._target(state)}
            log.append(Event("shift", data))
        self._resolve_symbols(state, log)

    def _apply_give(self, state: MissionszahlState, seat: Seat, action: Give, log: Log) -> None:
        self._give(state, seat, action.seat, log)
        self._resolve_symbols(state, log)

    @staticmethod
    def _target(state: MissionszahlState) -> int:
        """The mission number with this round's ±3 changes, unclamped (RULES-NOTES §3
        item 7); a symbol on a mission card does nothing (item 2)."""
        return VALUE[state.missions[-1]] + state.shift

    def _judge(self, state: MissionszahlState, log: Log) -> None:
        """The closest card among the players still in wins the round; equal distances are
        decided by drawing. The winner's arrow is turned at once; then he may swap."""
        target = self._target(state)
        played = state.played
        out = state.out
        if False not in out:
            if log is not None:
                log.append(Event("no_winner", {}))
            self._bank(state, log)
            return
        distances = [abs(VALUE[card] - target) for card in played]
        if True in out:  # players knocked out cannot win
            distances = [_OUT if gone else d for d, gone in zip(distances, out, strict=True)]
        winner = self._single_or_drawn(state, distances, min(distances), log)
        state.winner = winner
        state.arrows[-1] = winner
        self._board_changed(state)
        state.phase = SWAP
        if log is not None:
            data = {"seat": winner, "card": NAME[played[winner]], "target": target}
            log.append(Event("win", data))
            log.append(Event("arrow", {"seat": winner, "mission": NAME[state.missions[-1]]}))

    def _single_or_drawn(
        self, state: MissionszahlState, values: list[int], best: int, log: Log
    ) -> Seat:
        """The one seat whose value is ``best``; if several share it, drawing decides."""
        if values.count(best) == 1:
            return values.index(best)
        return self._draw_off(state, [s for s, value in enumerate(values) if value == best], log)

    def _draw_off(self, state: MissionszahlState, seats: list[Seat], log: Log) -> Seat:
        """Tied players draw a card each (in seat order); the highest number wins, a new tie
        draws again. Drawn cards go face up under the pile."""
        pile = state.draw_pile
        for _ in range(TIE_DRAW_LIMIT):
            drawn = [pile.pop() for _ in seats]
            for card in drawn:
                self._put_under(state, card, PUBLIC)
            if log is not None:
                log.append(Event("tie_draw", {"seats": list(seats), "cards": _names(drawn)}))
            best = max(VALUE[card] for card in drawn)
            seats = [s for s, card in zip(seats, drawn, strict=True) if VALUE[card] == best]
            if len(seats) == 1:
                break
        return seats[0]

    def _apply_swap(self, state: MissionszahlState, seat: Seat, action: Swap, log: Log) -> None:
        """Action II: take another player's played card and give him your own, or not."""
        other = action.seat
        played = state.played
        if other is not None:
            played[seat], played[other] = played[other], played[seat]
        if log is not None:
            if other is None:
                log.append(Event("no_swap", {"seat": seat}))
            else:
                data = {"seat": seat, "other": other, "took": NAME[played[seat]]}
                log.append(Event("swap", {**data, "gave": NAME[played[other]]}))
        if state.hands[seat]:
            state.phase = EXCHANGE
        else:
            self._bank(state, log)

    def _apply_exchange(
        self, state: MissionszahlState, seat: Seat, action: Exchange, log: Log
    ) -> None:
        """Action III: no exchange, or the kind of exchange; the card follows."""
        if action.kind == "none":
            if log is not None:
                log.append(Event("no_exchange", {"seat": seat}))
            self._bank(state, log)
            return
        state.partner = -1 if action.seat is None else action.seat
        state.history += (Exchanged(seat, action.seat),)
        state.phase = TRADE
        if log is not None:
            if action.seat is None:
                log.append(Event("exchange_pile", {"seat": seat}))
            else:
                log.append(Event("exchange_blind", {"seat": seat, "other": action.seat}))

    def _apply_trade(self, state: MissionszahlState, seat: Seat, action: Trade, log: Log) -> None:
        if state.partner < 0:
            self._trade_with_pile(state, seat, action.card, log)
        else:
            self._trade_blind(state, seat, state.partner, action.card, log)
        self._bank(state, log)

    def _trade_with_pile(self, state: MissionszahlState, seat: Seat, card: int, log: Log) -> None:
        """The card goes face down under the draw pile, then the top card is drawn. Nobody
        else sees which card went, so what others knew of this hand is lost."""
        hand = state.hands[seat]
        hand.remove(card)
        self._put_under(state, card, SEAT_BIT[seat])
        known = state.known
        for other in hand:
            known[other] = 0
        got = state.draw_pile.pop()
        insort(hand, got)
        if log is not None:
            data = {"seat": seat, "gave": NAME[card], "got": NAME[got]}
            log.append(Event("traded_pile", data, frozenset({seat})))

    def _trade_blind(
        self, state: MissionszahlState, seat: Seat, partner: Seat, card: int, log: Log
    ) -> None:
        """The card goes to the partner, and the winner takes one card from the partner's
        hand without looking: the first of a seeded shuffle of that hand (as it was before
        the gift, so he never takes back his own card). Only the two see the cards."""
        hand = state.hands[seat]
        other_hand = state.hands[partner]
        got = first_shuffled(other_hand, state.seed, state.shuffles)
        state.shuffles += 1
        hand.remove(card)
        other_hand.remove(got)
        insort(other_hand, card)
        insort(hand, got)
        known = state.known
        both = SEAT_BIT[seat] | SEAT_BIT[partner]
        for other in (*hand, *other_hand):
            known[other] &= both
        known[card] = SEAT_BIT[seat]
        known[got] = SEAT_BIT[partner]
        state.known_bits |= both
        if log is not None:
            data = {"seat": seat, "other": partner, "gave": NAME[card], "got": NAME[got]}
            log.append(Event("traded_blind", data, frozenset({seat, partner})))

    def _bank(self, state: MissionszahlState, log: Log) -> None:
        """Everybody puts the card in front of him on his collection; then the next round,
        or the end once the hands are empty."""
        for collection, card in zip(state.collections, state.played, strict=True):
            collection.append(card)
        self._board_changed(state)
        if log is not None:
            log.append(Event("bank", {"cards": _names(state.played)}))
        if state.hands[0]:
            self._start_round(state, log)
            return
        state.played = [-1] * state.seats
        state.phase = OVER
        state.winner = NOBODY
        if log is not None:
            scores = list(self.scores(state))
            log.append(Event("game_end", {"scores": scores, "ranking": list(self.ranking(state))}))

    @staticmethod
    def _put_under(state: MissionszahlState, card: int, known: int) -> None:
        state.draw_pile.insert(0, card)
        state.known[card] = known
        state.known_bits |= known
        state.under += 1

    @staticmethod
    def _board_changed(state: MissionszahlState) -> None:
        """A mission card, an arrow or a collection changed: the scores and the views' board
        must be made anew."""
        state.scored = state.board = None

    @staticmethod
    def _log_cancel(state: MissionszahlState, seat: Seat, log: Log) -> None:
        if log is not None:
            log.append(Event("cancelled", {"seat": seat, "card": NAME[state.played[seat]]}))

    # -- the end ----------------------------------------------------------------------
    def is_terminal(self, state: MissionszahlState) -> bool:
        return state.phase is OVER

    def scores(self, state: MissionszahlState) -> tuple[int, ...]:
        """Each collection scored as at the end (final once the hands are empty)."""
        scored = state.scored
        if scored is None:
            scored = state.scored = table_scores(state.collections, state.missions, state.arrows)
        return scored

    def max_actions(self, seats: int) -> int:
        """Per round: one card per player; at most one decision per symbol card revealed
        (each is carried out once, and cards handed out by draw-and-give carry none); the
        swap; the exchange and its card."""
        return ROUNDS * (2 * seats + 3)

    # -- hidden information -----------------------------------------------------------
    def view(self, state: MissionszahlState, seat: Seat | None) -> MissionszahlView:
        n = state.seats
        me = SPECTATOR_BIT if seat is None else SEAT_BIT[seat]
        phase = state.phase
        committing = phase is COMMIT
        played = state.played
        board = state.board
        if board is None:
            board = state.board = self._board(state)
        if state.known_bits & me:
            known = state.known
            pile = state.draw_pile
            under = pile[: state.under]  # the rest of the pile nobody has seen
            draw_pile = (None,) * (len(pile) - len(under)) + tuple(
                [c if known[c] & me else None for c in reversed(under)]
            )
            known_hands = tuple(
                [
                    () if other == seat else self._known_pool(state, other, known, me)
                    for other in range(n)
                ]
            )
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
            ROUNDS,
            _PHASE_VALUE[phase],
            self.to_act(state),
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

    def _board(self, state: MissionszahlState) -> Board:
        """The part of every view that changes only with the mission cards, their arrows
        and the collections."""
        missions = tuple(state.missions)
        return Board(
            len(missions),
            missions,
            tuple(None if a == NOBODY else a for a in state.arrows),
            VALUE[missions[-1]],
            tuple(map(tuple, state.collections)),
            self.scores(state),
        )

    @staticmethod
    def _known_pool(
        state: MissionszahlState, seat: Seat, known: list[int], me: int
    ) -> tuple[int, ...]:
        """The cards of ``seat`` others cannot see (his hand and a card laid face down) that
        the seat with knowledge bit ``me`` knows, in id order."""
        hand = state.hands[seat]
        cards = list(compress(hand, map(me.__and__, map(known.__getitem__, hand))))
        card = state.played[seat]
        if state.phase is COMMIT and card >= 0 and known[card] & me:
            insort(cards, card)
        return tuple(cards)

    def determinize(
        self,
        view: MissionszahlView,
        rng: random.Random,
        unlikely: Mapping[Seat, Sequence[frozenset[int]]] | None = None,
    ) -> MissionszahlState:
        """Deal the cards the seat cannot see (other hands, their face-down cards, unknown
        draw pile cards) at random from the cards it has not seen anywhere; cards it knows
        stay where it knows them.

        The cards not seen are shuffled (in id order before the shuffle) and dealt from the
        front: each other hand in seat order gets what it lacks beside its known cards, and a
        player who has laid a card face down lays any card of his (the ones the seat knows
        too); the unknown places of the draw pile get the last cards, bottom place first.
        All that depends on the view alone is worked out once per view (:class:`_Deal`).

        ``unlikely`` (a bot's reading of the others' play, not a rule) lists for a seat one
        set of cards per card of its hand: each card the seat does not know is dealt from the
        unseen cards outside its set while there are any (the most restricted first), except
        that one in :data:`LEANING_SLACK` ignores its set, since players do not always
        play as read; the draw pile gets what is left."""
        deal = self._last_deal
        if deal is None or deal.view is not view:
            deal = self._last_deal = _Deal.of(view)
        unseen = deal.unseen[:]
        rng.shuffle(unseen)
        if unlikely:
            unseen = self._arranged(deal, unseen, unlikely, rng)
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
            seats=view.players,
            seed=rng.getrandbits(63),
            shuffles=1,
            phase=deal.phase,
            hands=hands,
            draw_pile=pile,
            known=deal.known[:],
            missions=list(view.missions),
            arrows=deal.arrows[:],
            shift=view.shift,
            played=played,
            waiting=deal.waiting,
            pending=list(view.pending),
            out=list(view.out),
            cursor=view.cursor,
            drawn=deal.drawn,
            winner=deal.winner,
            partner=deal.partner,
            collections=list(map(list, view.collections)),
            history=view.history,
            known_bits=deal.known_bits,
            under=deal.under,
            scored=view.scores,
            board=deal.board,
        )

    @staticmethod
    def _arranged(
        deal: _Deal,
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

    def shuffle_draw_pile(self, state: MissionszahlState, rng: random.Random) -> None:
        """The draw pile's cards that nobody knows in a new order among their places; the
        cards someone knows (put under it face up, or passed there blind) stay where they
        are (for benchmarks that deal the real hands, ``spieltisch.sim.seeing``)."""
        pile, known = state.draw_pile, state.known
        places = [place for place, card in enumerate(pile) if not known[card]]
        cards = [pile[place] for place in places]
        rng.shuffle(cards)
        for place, card in zip(places, cards, strict=True):
            pile[place] = card

    def reseed_chance(self, state: MissionszahlState, seed: int) -> None:
        """The later reshuffles follow ``seed`` (for benchmarks that deal the real
        hands, ``spieltisch.sim.seeing``)."""
        state.seed = seed

    def take_back_face_down(self, state: MissionszahlState, seat: Seat) -> bool:
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
        self, state: MissionszahlState, seat: Seat | None, rng: random.Random
    ) -> MissionszahlState:
        """Permute every card ``seat`` cannot see among the places it cannot see; what other
        seats knew about a place stays with the place."""
        copy = self.clone(state)
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

    def card_zones(self, state: MissionszahlState) -> dict[str, list[int]]:
        zones = {
            "draw pile": state.draw_pile,
            "missions": state.missions,
            "played": [card for card in state.played if card >= 0],
            "drawn": [state.drawn] if state.drawn >= 0 else [],
        }
        for seat in range(state.seats):
            zones[f"hand {seat}"] = state.hands[seat]
            zones[f"collection {seat}"] = state.collections[seat]
        return zones

    def all_cards(self, seats: int) -> list[Any]:
        return list(ALL_CARDS)

    # -- actions as text, JSON and integers --------------------------------------------
    def parse_action(self, text: str) -> Action:
        """``play R17`` (or ``R17``), ``+3``, ``give 2``, ``swap 2``, ``no swap``,
        ``exchange pile``, ``exchange blind 2``, ``no exchange``, ``trade R17``; German words
        as the labels show them are understood too."""
        action = words.parse(text)
        if action is None:
            raise self._bad_action(text, "play R17")
        return action

    def parse_move(self, text: str) -> list[Action]:
        """A whole exchange at once: ``pile R17`` or ``blind 2 R17``; otherwise one action."""
        actions = words.parse_exchange(text)
        return actions if actions is not None else [self.parse_action(text)]

    def action_from_json(self, data: JSON) -> Action:
        action = words.from_json(data)
        if action is None:
            raise self._bad_action(data, '{"type": "play", "card": "R17"}')
        return action

    # -- words ------------------------------------------------------------------------
    @classmethod
    def card_faces(cls) -> dict[str, JSON]:
        """Every card's name, colour, number and symbol, with the colours' and symbols' names
        (:func:`words.card_faces`)."""
        return words.card_faces()

    def label(self, action: Action, lang: str) -> str:
        return words.label(action, lang)

    def describe(self, event: Event, lang: str) -> str:
        return words.describe(event, lang)


def _names(cards: Sequence[int]) -> list[str]:
    return [NAME[card] for card in cards]
