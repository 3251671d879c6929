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

The game is split by concern: :mod:`.state` (the table), :mod:`.rules` (the moves, in the
rule sheet's order), :mod:`.knowledge` (what a seat may know); the class here binds them to
the engine's interface.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from spieltisch.core.chance import is_complete_deck, shuffled
from spieltisch.core.errors import ActionParseError, deck_order_error
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat
from spieltisch.core.options import OptionSpec
from spieltisch.core.words import NEUTRAL, Audience
from spieltisch.games.cento import actions as act
from spieltisch.games.cento.actions import (
    FREE_LAYS,
    CentoAction,
    Draw,
    End,
    Lay,
)
from spieltisch.games.cento.cards import (
    FREE,
    FREE_VALUES,
    HUNDRED,
    LOWEST,
    MONOS,
    NUMBER,
    WILD,
    card_faces,
    fit_table,
    full_deck,
    is_mono,
    shows_digit,
)
from spieltisch.games.cento.knowledge import CentoKnowledge
from spieltisch.games.cento.rules import CentoRules
from spieltisch.games.cento.state import (
    CHAIN,
    CHAIN_LIMIT,
    DRAWN,
    DREW,
    ENDED,
    ENDED_RUN,
    ENDS,
    GOES_ON,
    HAND_SIZE,
    LAID,
    MAX_HAND_SIZE,
    MIN_HAND_SIZE,
    NO_CARD,
    NO_START_CARDS,
    OBLIGED,
    OVER,
    RULES_VERSION,
    RUN,
    SPECIAL_RULE_VARIANTS,
    SPIEL_3,
    START,
    START_SEAT,
    TOOK,
    CentoState,
    CentoView,
    Phase,
    PublicMove,
    card_json,
)
from spieltisch.games.cento.words import WORDS, describe_event, label_of, no_card, not_in_hand

if TYPE_CHECKING:  # numpy loads only where observations are encoded
    from spieltisch.core.observation import Layout, Vector

#: Names other modules import from here.
__all__ = [
    "CHAIN_LIMIT",
    "DREW",
    "ENDED",
    "ENDED_RUN",
    "HAND_SIZE",
    "LAID",
    "NO_CARD",
    "TOOK",
    "Cento",
    "CentoState",
    "CentoView",
    "Phase",
    "PublicMove",
    "card_json",
]


class Cento(CentoRules, CentoKnowledge, Game[CentoState, CentoAction, CentoView]):
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
            OptionSpec(
                "chain_after_schnapszahl",
                ENDS,
                "Spiel 3: Nach einer Schnapszahl unter den ersten drei Karten endet die Kette "
                "(ends) oder darf neben der Reihe ihrer Ziffer bis zu drei Karten "
                "weitergehen (goes_on)",
                "game 3: after a Schnapszahl among the first three cards the chain ends "
                "(ends) or may go on up to three cards besides the run of its digit (goes_on)",
                choices=(ENDS, GOES_ON),
            ),
            OptionSpec(
                "hand_size",
                HAND_SIZE,
                "Handkarten pro Spieler zu Beginn (Spieltischs Lesart: 7)",
                "hand cards per player at the start (Spieltisch's reading: 7)",
                minimum=MIN_HAND_SIZE,
                maximum=MAX_HAND_SIZE,
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
        self.hand_size = int(self.options["hand_size"])
        self.chain_goes_on = (
            self.variant == SPIEL_3 and self.options["chain_after_schnapszahl"] == GOES_ON
        )
        self.run_or_chain = {}
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
        """Deal ``deck`` (top first) or the seed's first shuffle: seven cards (``hand_size``)
        to each seat in turn, the rest is the draw pile, its top card is turned as the open
        card; a free card or the 100 goes under the pile and the next card is turned."""
        self.spec.check_seats(seats)
        cards = self._checked_deck(deck) if deck is not None else self._shuffled_deck(seed)
        size = self.hand_size
        hands = [sorted(cards[size * s : size * (s + 1)]) for s in range(seats)]
        pile = cards[size * seats :][::-1]
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
            raise deck_order_error(WORDS, len(deck), free=self.free_cards)
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
            turns=state.turns,
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

    # -- the end ----------------------------------------------------------------------
    length_unit = "turns"

    def progress(self, state: CentoState) -> int:
        """The turns begun, the one the game ended in included."""
        return state.turns + 1

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
        dealt = self.hand_size * seats
        drawable = (deck - dealt - 1) + self.rebuilds * (deck - 1)
        return 2 * dealt + 4 * drawable + 2

    # -- hidden information -----------------------------------------------------------
    #: What ``seat`` sees (``None``: a spectator): :meth:`CentoKnowledge.seat_view`, bound without
    #: a call in between, since a search builds a view at every step.
    view = CentoKnowledge.seat_view

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
        return self._determinize(view, rng, unlikely)

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
        self._shuffle_unseen(copy, seat, rng)
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

    # -- observations for learning programs --------------------------------------------
    def observation_layout(self, seats: int) -> Layout:
        from spieltisch.games.cento import encode

        return encode.layout(seats)

    def encode_view(self, view: CentoView) -> Vector:
        """The hand, the open card, the turn so far, the open piles and each seat's
        public counts (:mod:`.encode`)."""
        from spieltisch.games.cento import encode

        return encode.encode(view, self.free_cards)

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

    def refusal(self, view: CentoView, text: str, lang: str) -> str | None:
        """A number that is no card, or a card laid in the typed turn that is not in the hand
        (before any card drawn)."""
        try:
            typed = act.read_move(text)
        except ActionParseError:
            numbers = [int(n) for n in re.findall(r"\d+", text)]
            wrong = [n for n in numbers if not LOWEST <= n <= HUNDRED]
            return no_card(wrong[0], LOWEST, HUNDRED, lang) if wrong else None
        hand = Counter(view.hand)
        for action in typed:
            if not isinstance(action, Lay | End):
                return None
            if isinstance(action, Lay):
                hand[action.card] -= 1
                if view.seat is not None and hand[action.card] < 0:
                    return not_in_hand(action.card, view.hand, lang)
        return None

    def describe(self, event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
        return describe_event(event, lang, audience)
