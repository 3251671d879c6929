"""Cento, Spiel 3 "Das Zahlenspiel", with Spiel 1 and Spiel 2 as variants.

A turn, as the seed (Spiel 3) and the reconstructed Spiel 1/2 rules have it (RULES-NOTES §2):

* the player lays a card that fits the open card, or draws one card instead;
* Spiel 3: he may lay up to three cards in a chain, each fitting the card below it by ones
  digit, tens digit or digit sum; Spiel 1 and 2: one card sharing a digit with the open card;
* Spiel 2 and 3 add the special-card rules: a turn that ends on a Monozahl (1–9) obliges the
  next player to lay exactly one Monozahl or to take three cards and lose the turn; after a
  Schnapszahl (11, 22, …, 99) the player may lay all his cards showing its digit; free cards
  stand for any declared 1–99; the 100 is wild (or, as an option, a plain number).

The first player to empty his hand wins at once; the others are ranked by cards left. Every
gap the sources leave is a named constant or option; see ``docs/rules/cento.md``.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from spieltisch.core.chance import is_complete_deck, shuffled
from spieltisch.core.errors import DeckError
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat, View, quick_constructor
from spieltisch.core.options import OptionSpec
from spieltisch.games.cento import actions as act
from spieltisch.games.cento.actions import (
    DRAW,
    END,
    FREE_LAYS,
    NUMBER_LAYS,
    TAKE,
    TAKE_COUNT,
    CentoAction,
    Draw,
    End,
    Lay,
)
from spieltisch.games.cento.cards import (
    FREE,
    FREE_VALUES,
    HUNDRED,
    MONOS,
    NUMBER,
    NUMBER_CARDS,
    WILD,
    card_faces,
    fit_table,
    full_deck,
    is_mono,
    is_repdigit,
    shows_digit,
)
from spieltisch.games.cento.words import describe_event, label_of

RULES_VERSION = "1"
#: Cards dealt to each player (RULES-NOTES §2 (b) 2, [A]: 7, from Spiel 5's "eight cards").
HAND_SIZE = 7
#: The player who starts (seat 0, the dealer's left neighbour; the sources do not say).
START_SEAT = 0
#: Spiel 3: at most this many cards per turn before a Schnapszahl extends it (seed, rule 1).
CHAIN_LIMIT = 3
#: Cards that cannot be the first open card: they go under the draw pile and the next card is
#: turned (RULES-NOTES §2 (b) 2, [A]; "under the pile" is this engine's choice of "put back").
NO_START_CARDS = frozenset({FREE, HUNDRED})
#: Marks "no card" in ``CentoState.drawn`` (a free card is 0).
NO_CARD = -1
#: Variants that have the special-card rules (Monozahl, Schnapszahl, free cards, the 100):
#: Spiel 2 introduces them; Spiel 1 has the basic rule only (this engine's reading).
SPECIAL_RULE_VARIANTS = frozenset({2, 3})
SPIEL_3 = 3


class Phase(StrEnum):
    """Where the player in turn stands within his turn."""

    OBLIGED = "obliged"  # a Monozahl obligation: lay exactly one Monozahl or take three
    START = "start"  # lay a fitting card or draw
    CHAIN = "chain"  # Spiel 3, after one or two cards: lay another fitting card or end
    RUN = "run"  # after a Schnapszahl: lay a card showing its digit or end
    DRAWN = "drawn"  # option lay_drawn: lay the card just drawn if it fits, or end
    OVER = "over"


#: The phases by plain names: the engine compares phases at every step, and ``Phase.START``
#: is a look-up in the enum class each time (about ten times a plain name's cost).
OBLIGED, START, CHAIN, RUN, DRAWN, OVER = Phase

#: Every number card, for taking the seen ones out.
ALL_NUMBERS = frozenset(NUMBER_CARDS)

#: The kinds of public moves (``CentoView.public_moves``): a card laid, a card drawn instead
#: of laying, three cards taken for an obligation, a turn or a Schnapszahl run ended by an
#: ``End`` action.
LAID, DREW, TOOK, ENDED, ENDED_RUN = "lay", "draw", "take", "end", "end run"
#: One public move: the seat, its kind, and the card laid (a free card is 0), the value of
#: the open card the seat drew, took or ended on, or the digit of the run it ended.
PublicMove = tuple[int, str, int]

#: How the game ended (``CentoState.end_reason``).
EMPTY_HAND = "empty_hand"
EXHAUSTED = "exhausted"


@dataclass(slots=True)
class CentoState:
    """The whole table. Internal to the engine: only views leave it.

    ``draw_pile`` has its top card last; ``discard_pile`` lists the cards under the open card,
    bottom first; hands are sorted (free cards, 0, first). ``open_value`` is what the open card
    counts as (a free card's declared number). ``turn_values`` are the values laid this turn;
    ``run_digit`` is the Schnapszahl digit of a run (0: none); ``drawn`` the card drawn this
    turn while it may still be laid (:data:`NO_CARD`: none). ``public_moves`` lists every
    lay, draw, take and ``End`` so far, as everybody saw them (see
    :class:`CentoView`). ``known_bottom`` counts the cards at the bottom of the draw pile that
    everybody saw go there (a free card or the 100 turned up at the start), until the pile
    is rebuilt.
    """

    seats: int
    seed: int
    shuffles: int
    hands: list[list[int]]
    draw_pile: list[int]
    discard_pile: list[int]
    open_card: int
    open_value: int
    to_move: Seat
    phase: Phase
    turn_values: list[int]
    run_digit: int
    drawn: int
    rebuilds: int
    winner: int
    end_reason: str
    public_moves: list[PublicMove]
    known_bottom: int = 0


@dataclass(frozen=True, slots=True)
class CentoView(View):
    """What one seat knows. Every card under the open card was laid face up, so the discard
    pile is public; hands, the draw pile and the card just drawn by another player are not.

    ``public_moves`` is what every player saw happen, in order, as a player with a good
    memory recalls it: ``(seat, "lay", card)`` for each card laid (a free card is 0),
    ``(seat, "draw", value)`` for each card drawn instead of laying, ``value`` being what the
    open card counted as, ``(seat, "take", value)`` for three cards taken for a Monozahl
    obligation, ``(seat, "end", value)`` for a turn ended by an ``End`` action (the chain not
    yet three cards, or a drawn card not laid) and ``(seat, "end run", digit)`` for a
    Schnapszahl run ended; turns the rules end are not in it. A draw or take is recorded
    even when the exhausted draw pile ends the game before the cards come. Which cards were
    drawn is not in it. (A
    player who draws or ends often had nothing that fitted: bots may read that, see
    ``spieltisch.bots.cento_belief``.)

    ``pile_bottom`` are the cards everybody saw put under the draw pile at the start (a
    free card or the 100 turned up first), bottom first, while they are still there.
    """

    players: int
    variant: int
    hundred_mode: str
    phase: str
    to_move: Seat
    open_card: int
    open_value: int
    discard_pile: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    turn_values: tuple[int, ...]
    run_digit: int
    drawn: int | None
    rebuilds: int
    rebuilds_left: int
    winner: Seat | None
    end_reason: str
    game_over: bool
    public_moves: tuple[PublicMove, ...]
    pile_bottom: tuple[int, ...]

    def __hash__(self) -> int:
        """From the fields that tell positions apart, with only the number of public moves:
        a search hashes a view at every step down its tree, and hashing the whole record
        would cost more than the rest of the view. Equal views still hash alike."""
        return hash(
            (
                self.seat,
                self.to_move,
                self.phase,
                self.open_value,
                self.hand,
                self.hand_sizes,
                self.discard_pile,
                self.turn_values,
                self.drawn,
                len(self.public_moves),
            )
        )


#: ``CentoView(...)`` with every field in order, several times faster (simulations build a
#: view for every decision in the search tree).
_new_view = quick_constructor(CentoView)
#: Each phase by its name (``Phase(name)``, faster).
PHASES = {str(phase): phase for phase in Phase}
#: ``REPDIGITS[v]``: whether ``v`` is a Schnapszahl (:func:`is_repdigit`).
REPDIGITS = tuple(is_repdigit(value) for value in range(HUNDRED + 1))


def card_json(card: int) -> int | str:
    """A card in JSON (decks, events): its number, or ``"free"``."""
    return "free" if card == FREE else card


class Cento(Game[CentoState, CentoAction, CentoView]):
    """Cento for 2–6 players: Spiel 3 "Das Zahlenspiel" (default), Spiel 1 or Spiel 2."""

    action_table = act.ALL_ACTIONS
    shuffles_draw_pile = True
    spec: ClassVar[GameSpec] = GameSpec(
        id="cento",
        name_de="Cento – Das Zahlenspiel",
        name_en="Cento – The Number Game",
        rules_version=RULES_VERSION,
        min_seats=2,
        max_seats=6,
        options=(
            OptionSpec(
                "variant",
                3,
                "Spiel 1, 2 oder 3 (Das Zahlenspiel)",
                "game 1, 2 or 3 (The Number Game)",
                minimum=1,
                maximum=3,
            ),
            OptionSpec(
                "free_cards",
                4,
                "Anzahl der freien Karten (Spiel 2 und 3)",
                "number of free cards (games 2 and 3)",
                minimum=0,
                maximum=10,
            ),
            OptionSpec(
                "hundred_mode",
                WILD,
                "Die 100: wild (passt immer, danach passt alles) oder number (die Zahl 100)",
                "the 100: wild (always fits, anything fits on it) or number (the number 100)",
                choices=(WILD, NUMBER),
            ),
            OptionSpec(
                "lay_drawn",
                False,
                "Eine gezogene Karte darf sofort gelegt werden, wenn sie passt",
                "a drawn card may be laid at once if it fits",
            ),
            OptionSpec(
                "rebuilds",
                2,
                "Wie oft der Aufnahmestapel neu gebildet wird; danach endet das Spiel, "
                "sobald gezogen werden müsste",
                "how often the draw pile is rebuilt; after that the game ends as soon as a "
                "card would have to be drawn",
                minimum=0,
                maximum=20,
            ),
        ),
    )

    def __init__(self, options: dict[str, JSON] | None = None) -> None:
        super().__init__(options)
        self.variant = int(self.options["variant"])
        self.special = self.variant in SPECIAL_RULE_VARIANTS
        self.hundred_mode = str(self.options["hundred_mode"]) if self.special else NUMBER
        self.free_cards = int(self.options["free_cards"]) if self.special else 0
        self.lay_drawn = bool(self.options["lay_drawn"])
        self.rebuilds = int(self.options["rebuilds"])
        #: ``fits[below][card]``: may a card of value ``card`` lie on value ``below``?
        self.fits = fit_table(self.variant, self.hundred_mode)
        #: ``free_fits[below]``: the free-card lays that fit on ``below``.
        self.free_fits = tuple(
            tuple(FREE_LAYS[v] for v in FREE_VALUES if row[v]) for row in self.fits
        )
        #: ``shows[d][n]``: does the number ``n`` show the digit ``d`` (Schnapszahl run)?
        self.shows = tuple(
            tuple(n > 0 and shows_digit(n, d) for n in range(HUNDRED + 1)) for d in range(10)
        )
        self.free_shows = tuple(
            tuple(FREE_LAYS[v] for v in FREE_VALUES if shows_digit(v, d)) for d in range(10)
        )
        self.monos = tuple(is_mono(n) for n in range(HUNDRED + 1))
        self.free_monos = tuple(FREE_LAYS[v] for v in MONOS)
        self.to_act_of = tuple((seat,) for seat in range(self.spec.max_seats))
        #: The last view dealt from and the cards it has not seen (:meth:`_unseen`).
        self._last_unseen: tuple[CentoView, list[int]] | None = None
        self._phases: dict[Phase, Callable[[CentoState, list[int]], list[CentoAction]]] = {
            OBLIGED: self._legal_obliged,
            START: self._legal_start,
            CHAIN: self._legal_chain,
            RUN: self._legal_run,
            DRAWN: self._legal_drawn,
        }

    # -- set-up -----------------------------------------------------------------------
    def new_state(
        self,
        seats: int,
        seed: int,
        deck: Sequence[object] | None = None,
        log: list[Event] | None = None,
    ) -> CentoState:
        """Deal ``deck`` (top first) or the seed's first shuffle: seven cards to each seat in
        turn, the rest is the draw pile, its top card is turned as the open card; a free card
        or the 100 goes under the pile and the next card is turned."""
        self.spec.check_seats(seats)
        cards = self._checked_deck(deck) if deck is not None else self._shuffled_deck(seed)
        hands = [sorted(cards[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(seats)]
        pile = cards[HAND_SIZE * seats :][::-1]
        put_back: list[int] = []
        while pile[-1] in NO_START_CARDS:
            put_back.append(pile.pop())
            pile.insert(0, put_back[-1])
        open_card = pile.pop()
        state = CentoState(
            seats=seats,
            seed=seed,
            shuffles=1,
            hands=hands,
            draw_pile=pile,
            discard_pile=[],
            open_card=open_card,
            open_value=open_card,
            to_move=START_SEAT,
            phase=START,
            turn_values=[],
            run_digit=0,
            drawn=NO_CARD,
            rebuilds=0,
            winner=-1,
            end_reason="",
            public_moves=[],
            known_bottom=len(put_back),
        )
        if log is not None:
            self._log_start(state, put_back, log)
        return state

    @staticmethod
    def _log_start(state: CentoState, put_back: list[int], log: list[Event]) -> None:
        for seat, hand in enumerate(state.hands):
            cards = [card_json(card) for card in hand]
            log.append(Event("deal", {"seat": seat, "hand": cards}, frozenset({seat})))
        log.extend(Event("put_back", {"card": card_json(card)}) for card in put_back)
        log.append(Event("open", {"card": state.open_card}))
        log.append(Event("turn", {"seat": state.to_move, "obliged": False}))

    def _shuffled_deck(self, seed: int) -> list[int]:
        return shuffled(full_deck(self.free_cards), seed, 0)

    def _checked_deck(self, deck: Sequence[object]) -> list[int]:
        cards = [FREE if card == "free" else card for card in deck]
        numbers = [card for card in cards if type(card) is int]
        if not is_complete_deck(cards, full_deck(self.free_cards)):
            raise DeckError(
                f"a Cento deck lists the cards 1 to 100 once each and {self.free_cards} times "
                f'"free", top card first; got {len(deck)} entries'
            )
        return numbers

    def deck_order(self, seats: int, seed: int) -> list[int | str]:
        return [card_json(card) for card in self._shuffled_deck(seed)]

    def clone(self, state: CentoState) -> CentoState:
        return CentoState(
            seats=state.seats,
            seed=state.seed,
            shuffles=state.shuffles,
            hands=[hand[:] for hand in state.hands],
            draw_pile=state.draw_pile[:],
            discard_pile=state.discard_pile[:],
            open_card=state.open_card,
            open_value=state.open_value,
            to_move=state.to_move,
            phase=state.phase,
            turn_values=state.turn_values[:],
            run_digit=state.run_digit,
            drawn=state.drawn,
            rebuilds=state.rebuilds,
            winner=state.winner,
            end_reason=state.end_reason,
            public_moves=state.public_moves[:],
            known_bottom=state.known_bottom,
        )

    # -- legal actions ----------------------------------------------------------------
    def to_act(self, state: CentoState) -> tuple[Seat, ...]:
        return () if state.phase is OVER else self.to_act_of[state.to_move]

    def legal_actions(self, state: CentoState, seat: Seat) -> Sequence[CentoAction]:
        """What the player in turn may do now; free-card lays first (by value), then number
        cards in ascending order, then draw, end or take."""
        if seat != state.to_move or state.phase is OVER:
            return ()
        return self._phases[state.phase](state, state.hands[seat])

    @staticmethod
    def _lays(
        hand: list[int], allowed: Sequence[bool], free_lays: Sequence[Lay]
    ) -> list[CentoAction]:
        """The lays of hand cards whose number is ``allowed``, and, if the (sorted) hand starts
        with a free card, each of ``free_lays`` once: all free cards are alike."""
        lays: list[CentoAction] = list(free_lays) if hand and hand[0] == FREE else []
        lays.extend([NUMBER_LAYS[card] for card in hand if allowed[card]])
        return lays

    def _legal_start(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """A card fitting the open card, or draw (RULES-NOTES §2 (b) 3, 4)."""
        value = state.open_value
        lays = self._lays(hand, self.fits[value], self.free_fits[value])
        lays.append(DRAW)
        return lays

    def _legal_chain(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """Spiel 3: another card fitting the card below it, or end the turn (seed, rule 1)."""
        value = state.open_value
        lays = self._lays(hand, self.fits[value], self.free_fits[value])
        lays.append(END)
        return lays

    def _legal_run(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """After a Schnapszahl: any card showing its digit, in any order, or end (seed,
        special-card rule 2; RULES-NOTES §2 (b) 8)."""
        digit = state.run_digit
        lays = self._lays(hand, self.shows[digit], self.free_shows[digit])
        lays.append(END)
        return lays

    def _legal_obliged(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """Exactly one Monozahl, any one (a free card declared 1–9 counts), or take three
        (seed, special-card rule 1; RULES-NOTES §2 (b) 7)."""
        lays = self._lays(hand, self.monos, self.free_monos)
        lays.append(TAKE)
        return lays

    def _legal_drawn(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """Option ``lay_drawn``: the card just drawn, if it fits, or end (RULES-NOTES §2 (b) 4)."""
        card = state.drawn
        value = state.open_value
        lays = self._lays([card], self.fits[value], self.free_fits[value])
        lays.append(END)
        return lays

    # -- carrying out actions ---------------------------------------------------------
    def apply(
        self, state: CentoState, seat: Seat, action: CentoAction, log: list[Event] | None = None
    ) -> None:
        if isinstance(action, Lay):
            self._lay(state, seat, action, log)
        elif isinstance(action, End):
            self._end_by_choice(state, seat, log)
        elif isinstance(action, Draw):
            self._draw_instead(state, seat, log)
        else:
            self._take(state, seat, log)

    def _lay(self, state: CentoState, seat: Seat, action: Lay, log: list[Event] | None) -> None:
        """The card covers the open card and counts as its value until it is covered itself
        (RULES-NOTES §2 (b) 9); an empty hand wins at once (§2 (b) 6)."""
        hand = state.hands[seat]
        hand.remove(action.card)
        state.discard_pile.append(state.open_card)
        state.open_card = action.card
        value = state.open_value = action.value
        state.turn_values.append(value)
        state.drawn = NO_CARD
        state.public_moves.append((seat, LAID, action.card))
        if log is not None:
            data = {"seat": seat, "card": card_json(action.card), "value": value}
            log.append(Event("lay", data))
        if not hand:
            self._finish(state, EMPTY_HAND, seat, log)
            return
        phase = state.phase
        if phase is RUN:
            return
        if phase is OBLIGED:
            self._end_turn(state, log)
        elif self.special and REPDIGITS[value]:
            state.phase = RUN
            state.run_digit = value % 10
            if log is not None:
                log.append(Event("run", {"seat": seat, "digit": state.run_digit}))
        elif self.variant == SPIEL_3 and len(state.turn_values) < CHAIN_LIMIT:
            state.phase = CHAIN
        else:
            self._end_turn(state, log)

    def _end_by_choice(self, state: CentoState, seat: Seat, log: list[Event] | None) -> None:
        """The player ends his turn (or run) by an ``End`` action; everybody sees it."""
        if state.phase is RUN:
            state.public_moves.append((seat, ENDED_RUN, state.run_digit))
        else:
            state.public_moves.append((seat, ENDED, state.open_value))
        self._end_turn(state, log)

    def _end_turn(self, state: CentoState, log: list[Event] | None) -> None:
        """The next player's turn; a turn that ended on a Monozahl obliges him (seed,
        special-card rule 1: only the last card of a turn counts)."""
        values = state.turn_values
        obliged = self.special and bool(values) and values[-1] < 10
        state.to_move = (state.to_move + 1) % state.seats
        state.phase = OBLIGED if obliged else START
        values.clear()
        state.run_digit = 0
        state.drawn = NO_CARD
        if log is not None:
            log.append(Event("turn", {"seat": state.to_move, "obliged": obliged}))

    def _draw_instead(self, state: CentoState, seat: Seat, log: list[Event] | None) -> None:
        """Draw one card; the turn ends, unless option ``lay_drawn`` lets him lay it."""
        state.public_moves.append((seat, DREW, state.open_value))
        drawn = self._draw(state, seat, 1, "draw", log)
        if state.phase is OVER:
            return
        if self.lay_drawn:
            state.phase = DRAWN
            state.drawn = drawn[0]
        else:
            self._end_turn(state, log)

    def _take(self, state: CentoState, seat: Seat, log: list[Event] | None) -> None:
        """Take three cards for the obligation and lose the turn (seed, rule 1 b)."""
        state.public_moves.append((seat, TOOK, state.open_value))
        self._draw(state, seat, TAKE_COUNT, "take", log)
        if state.phase is not OVER:
            self._end_turn(state, log)

    def _draw(
        self, state: CentoState, seat: Seat, count: int, kind: str, log: list[Event] | None
    ) -> list[int]:
        """``seat`` draws ``count`` cards, rebuilding an empty draw pile from the discard
        pile; if a card is still owed and none can be had, the game ends (:data:`EXHAUSTED`)."""
        pile = state.draw_pile
        hand = state.hands[seat]
        drawn: list[int] = []
        while len(drawn) < count and (pile or self._rebuild(state, log)):
            card = pile.pop()
            insort(hand, card)
            drawn.append(card)
        if log is not None:
            log.append(Event(kind, {"seat": seat, "count": len(drawn)}))
            if drawn:
                cards = [card_json(card) for card in drawn]
                log.append(Event("drawn", {"seat": seat, "cards": cards}, frozenset({seat})))
        if len(drawn) < count:
            self._finish(state, EXHAUSTED, -1, log)
        return drawn

    def _rebuild(self, state: CentoState, log: list[Event] | None) -> bool:
        """Shuffle the cards under the open card into a new draw pile (RULES-NOTES §2 (b) 5),
        at most ``rebuilds`` times (this engine's end rule); whether it could."""
        if state.rebuilds >= self.rebuilds or not state.discard_pile:
            return False
        state.draw_pile[:] = shuffled(state.discard_pile, state.seed, state.shuffles)
        state.discard_pile.clear()
        state.shuffles += 1
        state.rebuilds += 1
        state.known_bottom = 0  # the cards put under the pile were drawn before
        if log is not None:
            log.append(Event("rebuild", {"size": len(state.draw_pile), "rebuilds": state.rebuilds}))
        return True

    def _finish(self, state: CentoState, reason: str, winner: int, log: list[Event] | None) -> None:
        state.phase = OVER
        state.end_reason = reason
        state.winner = winner
        state.turn_values.clear()
        state.run_digit = 0
        state.drawn = NO_CARD
        if log is not None:
            if winner >= 0:
                log.append(Event("win", {"seat": winner}))
            else:
                log.append(Event("exhausted", {"rebuilds": state.rebuilds}))
            cards_left = [len(hand) for hand in state.hands]
            ranking = list(self.ranking(state))
            log.append(Event("game_end", {"cards_left": cards_left, "ranking": ranking}))

    # -- the end ----------------------------------------------------------------------
    def is_terminal(self, state: CentoState) -> bool:
        return state.phase is OVER

    def scores(self, state: CentoState) -> tuple[int, ...]:
        """Minus the cards in hand: the winner has 0, the others rank by cards left."""
        return tuple(-len(hand) for hand in state.hands)

    def max_actions(self, seats: int) -> int:
        """A proven bound. With ``D`` cards drawn in all (at most the first draw pile plus
        ``rebuilds`` rebuilt ones), there are at most ``H + D`` lays (``H``: dealt cards) and
        ``D + 1`` draws and takes (each draws a card, except one that ends the game); each
        end closes a turn with a lay or a draw. So ``2·H + 4·D + 2``."""
        deck = len(full_deck(self.free_cards))
        dealt = HAND_SIZE * seats
        drawable = (deck - dealt - 1) + self.rebuilds * (deck - 1)
        return 2 * dealt + 4 * drawable + 2

    # -- hidden information -----------------------------------------------------------
    def view(self, state: CentoState, seat: Seat | None) -> CentoView:
        drawn = state.drawn
        return _new_view(
            seat,
            state.seats,  # players
            self.variant,
            self.hundred_mode,
            state.phase,
            state.to_move,
            state.open_card,
            state.open_value,
            tuple(state.discard_pile),
            tuple(state.hands[seat]) if seat is not None else (),  # hand
            tuple(map(len, state.hands)),  # hand_sizes
            len(state.draw_pile),  # draw_pile_size
            tuple(state.turn_values),
            state.run_digit,
            drawn if seat == state.to_move and drawn != NO_CARD else None,  # drawn
            state.rebuilds,
            self.rebuilds - state.rebuilds,  # rebuilds_left
            state.winner if state.winner >= 0 else None,  # winner
            state.end_reason,
            state.phase is OVER,  # game_over
            tuple(state.public_moves),
            tuple(state.draw_pile[: state.known_bottom]),  # pile_bottom
        )

    def determinize(
        self,
        view: CentoView,
        rng: random.Random,
        unlikely: Mapping[Seat, Sequence[frozenset[int]]] | None = None,
    ) -> CentoState:
        """Deal the cards the seat cannot see (other hands, the draw pile above the cards
        seen put under it) at random from the cards it has not seen: the deck minus its
        hand, the open card, the discard pile and the pile's known bottom.

        ``unlikely`` (a bot's reading of the others' play, not a rule) lists for a seat one
        set of cards per card of its hand: each such hand card is dealt from the unseen cards
        outside its set while there are any, the most restricted first; the seat's other
        cards, and the draw pile, from what is left."""
        cards = self._unseen(view)
        rng.shuffle(cards)
        if unlikely:
            cards = self._arranged(view, cards, unlikely)
        state = CentoState(
            seats=view.players,
            seed=rng.getrandbits(63),
            shuffles=1 + view.rebuilds,
            hands=[list(view.hand) if s == view.seat else [] for s in range(view.players)],
            draw_pile=[],
            discard_pile=list(view.discard_pile),
            open_card=view.open_card,
            open_value=view.open_value,
            to_move=view.to_move,
            phase=PHASES[view.phase],
            turn_values=list(view.turn_values),
            run_digit=view.run_digit,
            drawn=view.drawn if view.drawn is not None else NO_CARD,
            rebuilds=view.rebuilds,
            winner=view.winner if view.winner is not None else -1,
            end_reason=view.end_reason,
            public_moves=list(view.public_moves),
        )
        self._fill_unseen(state, view.seat, view.hand_sizes, cards, view.pile_bottom)
        return state

    def _unseen(self, view: CentoView) -> list[int]:
        """The cards ``view`` has not seen, as the deck lists them (the free cards left, then
        the numbers left, rising); worked out once per view, since a search deals from one
        view many times."""
        last = self._last_unseen
        if last is None or last[0] is not view:
            seen = (*view.hand, *view.discard_pile, view.open_card, *view.pile_bottom)
            cards = [FREE] * (self.free_cards - seen.count(FREE))
            cards += sorted(ALL_NUMBERS.difference(seen))
            last = self._last_unseen = view, cards
        return last[1][:]

    @staticmethod
    def _arranged(
        view: CentoView, cards: list[int], unlikely: Mapping[Seat, Sequence[frozenset[int]]]
    ) -> list[int]:
        """``cards`` (shuffled) reordered for :meth:`_fill_unseen`: each other seat's hand
        in turn, its cards chosen as ``unlikely`` asks, then the draw pile."""
        pool = cards
        arranged: list[int] = []
        for other in range(view.players):
            if other == view.seat:
                continue
            size = view.hand_sizes[other]
            hand: list[int] = []
            for avoid in sorted(unlikely.get(other, ())[:size], key=len, reverse=True):
                at = next((i for i, card in enumerate(pool) if card not in avoid), 0)
                hand.append(pool.pop(at))
            rest = size - len(hand)
            arranged += hand + pool[:rest]
            del pool[:rest]
        return arranged + pool

    @staticmethod
    def _fill_unseen(
        state: CentoState,
        seat: Seat | None,
        hand_sizes: Sequence[int],
        cards: list[int],
        bottom: Sequence[int] = (),
    ) -> None:
        """Deal ``cards`` to the other hands, the rest to the draw pile above its known
        ``bottom``; a card drawn by another player (option ``lay_drawn``) becomes one of his
        new hand cards."""
        dealt = 0  # the cards dealt so far, from the front of ``cards``
        for other in range(state.seats):
            if other != seat:
                size = hand_sizes[other]
                state.hands[other] = sorted(cards[dealt : dealt + size])
                dealt += size
        state.draw_pile = [*bottom, *cards[dealt:]]
        state.known_bottom = len(bottom)
        if state.phase is DRAWN and state.to_move != seat:
            state.drawn = state.hands[state.to_move][-1]

    def shuffle_draw_pile(self, state: CentoState, rng: random.Random) -> None:
        """The draw pile in a new order, above the cards everybody saw put under it (for
        benchmarks that deal the real hands, ``spieltisch.sim.seeing``)."""
        above = state.draw_pile[state.known_bottom :]
        rng.shuffle(above)
        state.draw_pile[state.known_bottom :] = above

    def reseed_chance(self, state: CentoState, seed: int) -> None:
        """The later reshuffles follow ``seed`` (for benchmarks that deal the real
        hands, ``spieltisch.sim.seeing``)."""
        state.seed = seed

    def shuffle_unseen(
        self, state: CentoState, seat: Seat | None, rng: random.Random
    ) -> CentoState:
        copy = self.clone(state)
        bottom = copy.draw_pile[: copy.known_bottom]
        unseen = copy.draw_pile[copy.known_bottom :]
        for other in range(copy.seats):
            if other != seat:
                unseen.extend(copy.hands[other])
        rng.shuffle(unseen)
        sizes = [len(hand) for hand in copy.hands]
        self._fill_unseen(copy, seat, sizes, unseen, bottom)
        copy.seed = rng.getrandbits(63)
        return copy

    def card_zones(self, state: CentoState) -> dict[str, list[int]]:
        zones = {
            "draw pile": state.draw_pile,
            "discard pile": state.discard_pile,
            "open card": [state.open_card],
        }
        for seat in range(state.seats):
            zones[f"hand {seat}"] = state.hands[seat]
        return zones

    def all_cards(self, seats: int) -> list[object]:
        return list(full_deck(self.free_cards))

    # -- actions as text, JSON and integers --------------------------------------------
    def parse_action(self, text: str) -> CentoAction:
        """One action: ``lay 27`` (or ``27``), ``lay free 27`` (``free 27``, ``f27``),
        ``draw``, ``end``, ``take 3``; German words too."""
        actions = act.read_move(text)
        if len(actions) != 1:
            raise self._bad_action(text, "lay 27")
        return actions[0]

    def parse_move(self, text: str) -> list[CentoAction]:
        """A whole turn typed at once, e.g. ``27 57 66 end`` or ``lay 27, lay free 57``."""
        return act.read_move(text)

    def action_from_json(self, data: JSON) -> CentoAction:
        return act.from_json(data)

    # -- words ------------------------------------------------------------------------
    @classmethod
    def card_faces(cls) -> dict[str, JSON]:
        """Every card's kind and digits (:func:`cards.card_faces`)."""
        return {"cards": card_faces(), "names": {}}

    def label(self, action: CentoAction, lang: str) -> str:
        return label_of(action, lang)

    def describe(self, event: Event, lang: str) -> str:
        return describe_event(event, lang)
