"""Missionszahl (Michael Wybierek): lay the card closest to the mission number.

The game as the engine plays it: :mod:`.state` holds the rule constants, the state and the
view, :mod:`.rules` the rules of the moves in the order of the rule sheet, and
:mod:`.knowledge` what a seat may know; the class here answers the engine's questions
through them. See ``docs/rules/missionszahl.md``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from spieltisch.core.chance import shuffled
from spieltisch.core.errors import ActionParseError, OptionError
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat
from spieltisch.core.options import OptionSpec
from spieltisch.core.words import NEUTRAL, Audience
from spieltisch.games.missionszahl import knowledge, rules, words
from spieltisch.games.missionszahl import state as state_module
from spieltisch.games.missionszahl.actions import ALL_ACTIONS, MAX_SEATS, Action, Play, Trade
from spieltisch.games.missionszahl.cards import (
    ALL_SYMBOLS,
    COLOURS,
    HIGHEST,
    NAME,
    SYMBOL_COUNTS_PATTERN,
)
from spieltisch.games.missionszahl.knowledge import LEANING_SLACK, Deal, unseen_cards
from spieltisch.games.missionszahl.rules import (
    APPLY,
    BONUS,
    CHOICES,
    COMPULSORY_SWAP_CHOICES,
    HAS_SYMBOL,
    OTHERS,
    TALLY,
    colour_bonus,
    table_scores,
)
from spieltisch.games.missionszahl.state import (
    BONUS_FROM,
    BONUS_STEP,
    COMPULSORY,
    EVENS_OUT_HITS_ITS_OWN_PLAYER,
    HAND_SIZE,
    MAX_HAND_SIZE,
    MIN_DRAW_PILE,
    MIN_HAND_SIZE,
    MIN_SEATS,
    NEW_MISSION_RESETS_SHIFT,
    NOBODY,
    OPTIONAL,
    OVER,
    PUBLIC,
    ROUNDS,
    RULES_VERSION,
    SEAT_BIT,
    SPECTATOR_BIT,
    TIE_DRAW_LIMIT,
    UNOWNED_MISSION_VOIDS,
    Board,
    Exchanged,
    History,
    MissionszahlState,
    MissionszahlView,
    Phase,
    Revealed,
    setup,
)

if TYPE_CHECKING:  # numpy loads only where observations are encoded
    from spieltisch.core.observation import Layout, Vector


@cache
def _encoder() -> Callable[[MissionszahlView], Vector]:
    """The observation encoding (:func:`.encode.encode`), imported when first asked for: it
    loads numpy, and an ``import`` statement at every observation costs a few per cent of
    an encoding."""
    from spieltisch.games.missionszahl.encode import encode

    return encode


__all__ = [
    "BONUS",
    "BONUS_FROM",
    "BONUS_STEP",
    "COMPULSORY",
    "EVENS_OUT_HITS_ITS_OWN_PLAYER",
    "HAND_SIZE",
    "HAS_SYMBOL",
    "LEANING_SLACK",
    "MIN_DRAW_PILE",
    "MIN_SEATS",
    "NEW_MISSION_RESETS_SHIFT",
    "NOBODY",
    "OPTIONAL",
    "PUBLIC",
    "ROUNDS",
    "RULES_VERSION",
    "SEAT_BIT",
    "SPECTATOR_BIT",
    "TALLY",
    "TIE_DRAW_LIMIT",
    "UNOWNED_MISSION_VOIDS",
    "Board",
    "Exchanged",
    "History",
    "Missionszahl",
    "MissionszahlState",
    "MissionszahlView",
    "Phase",
    "Revealed",
    "colour_bonus",
    "table_scores",
    "unseen_cards",
]


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
        options=(
            OptionSpec(
                "swap",
                OPTIONAL,
                "Tausch der ausgespielten Karten (II): optional (darf) oder compulsory (muss: "
                "„der Gewinner muss nun zwei bzw. drei Sachen machen“)",
                "the swap of played cards (II): optional (may) or compulsory (must: "
                '"the winner must now do two or three things")',
                choices=(OPTIONAL, COMPULSORY),
            ),
            OptionSpec(
                "hand_size",
                HAND_SIZE,
                "Handkarten pro Spieler und damit Runden (die Regel: 10)",
                "hand cards per player, and so rounds (the rules: 10)",
                minimum=MIN_HAND_SIZE,
                maximum=MAX_HAND_SIZE,
            ),
            OptionSpec(
                "colours",
                len(COLOURS),
                "Farben im Deck: rot, grün, blau, orange – die ersten so viele (Rekonstruktion: 4)",
                "colours in the deck: red, green, blue, orange – the first this many "
                "(reconstruction: 4)",
                minimum=2,
                maximum=len(COLOURS),
            ),
            OptionSpec(
                "highest",
                HIGHEST,
                "Die höchste Zahl im Deck: jede Farbe hat die Zahlen 1 bis so viel "
                "(Rekonstruktion: 27)",
                "the highest number in the deck: each colour has the numbers 1 to this "
                "(reconstruction: 27)",
                minimum=14,
                maximum=HIGHEST,
            ),
            OptionSpec(
                "symbols",
                ALL_SYMBOLS,
                "Je Symbol (Weitergeben, neue Mission, gerade raus, ±3, Ziehen und Geben), "
                "auf den Karten wie vieler Farben es bleibt, ab rot; 0 entfernt es",
                "per symbol (pass on, new mission, evens out, ±3, draw and give), on the "
                "cards of how many colours it stays, red first; 0 removes it",
                pattern=SYMBOL_COUNTS_PATTERN,
                pattern_text="five counts from 0 to 4, comma-separated",
                pattern_text_de="fünf Anzahlen von 0 bis 4, kommagetrennt",
                example="0,4,2,4,0",
            ),
            OptionSpec(
                "bonus_from",
                BONUS_FROM,
                "Ab so vielen Karten einer Farbe gibt es Farbbonus (die Regel: 3)",
                "the colour bonus starts at this many cards of one colour (the rules: 3)",
                minimum=1,
                maximum=10,
            ),
            OptionSpec(
                "bonus_step",
                BONUS_STEP,
                "Farbbonus für die erste Stufe und jede weitere Karte der Farbe (die Regel: 10)",
                "colour bonus for the first step and for each further card of the colour "
                "(the rules: 10)",
                minimum=0,
                maximum=30,
            ),
        ),
    )

    def __init__(self, options: dict[str, JSON] | None = None) -> None:
        super().__init__(options)
        #: option ``swap``: may the winner keep his own played card?
        self.swap = str(self.options["swap"])
        self.choices = COMPULSORY_SWAP_CHOICES if self.swap == COMPULSORY else CHOICES
        #: the deck, hands and scoring the options make (:class:`~.state.Setup`)
        self.setup = setup(
            int(self.options["hand_size"]),
            int(self.options["colours"]),
            int(self.options["highest"]),
            str(self.options["symbols"]),
            int(self.options["bonus_from"]),
            int(self.options["bonus_step"]),
        )
        needed = (MAX_SEATS + 1) * self.setup.hand_size + MAX_SEATS
        if len(self.setup.cards) < needed:
            raise OptionError(
                code="option_deck_small",
                game=self.spec.id,
                cards=len(self.setup.cards),
                hand=self.setup.hand_size,
                players=MAX_SEATS,
                needed=needed,
            )
        #: ``others[n][s]``: the seats of an ``n``-player game other than ``s``, in order.
        self.others = OTHERS
        #: The plan of the last view dealt from (a search deals from one view many times).
        self._last_deal: Deal | None = None

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
        return rules.deal(seats, seed, deck, log, self.setup)

    def deck_order(self, seats: int, seed: int) -> list[str]:
        return [NAME[card] for card in shuffled(self.setup.cards, seed, 0)]

    def clone(self, state: MissionszahlState) -> MissionszahlState:
        return state_module.clone(state)

    def drop_caches(self, state: MissionszahlState) -> None:
        """Forget the scores and the views' board (:func:`.state.drop_caches`)."""
        state_module.drop_caches(state)

    # -- who acts, and what may he do --------------------------------------------------
    def to_act(self, state: MissionszahlState) -> tuple[Seat, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: MissionszahlState, seat: Seat) -> Sequence[Action]:
        """In the commit, any hand card of a seat that has not laid one yet; otherwise the
        choices of the one seat that must decide; with option ``swap=compulsory`` the
        winner must swap."""
        return rules.legal_actions(state, seat, self.choices)

    # -- the round ----------------------------------------------------------------------
    def apply(
        self, state: MissionszahlState, seat: Seat, action: Action, log: list[Event] | None = None
    ) -> None:
        APPLY[state.phase](state, seat, action, log)

    # -- the end ----------------------------------------------------------------------
    def is_terminal(self, state: MissionszahlState) -> bool:
        return state.phase is OVER

    length_unit = "rounds"

    def progress(self, state: MissionszahlState) -> int:
        """The rounds begun: one mission card turned up each."""
        return len(state.missions)

    def scores(self, state: MissionszahlState) -> tuple[int, ...]:
        """Each collection scored as at the end (final once the hands are empty)."""
        return rules.scores(state)

    def max_actions(self, seats: int) -> int:
        """Per round: one card per player; at most one decision per symbol card revealed
        (each is carried out once, and cards handed out by draw-and-give carry none); the
        swap; the exchange and its card."""
        return self.setup.hand_size * (2 * seats + 3)

    # -- hidden information -----------------------------------------------------------
    def view(self, state: MissionszahlState, seat: Seat | None) -> MissionszahlView:
        return knowledge.seat_view(state, seat)

    def determinize(
        self,
        view: MissionszahlView,
        rng: random.Random,
        unlikely: Mapping[Seat, Sequence[frozenset[int]]] | None = None,
    ) -> MissionszahlState:
        """Deal the cards the seat cannot see at random from the cards it has not seen
        anywhere; cards it knows stay where it knows them (:func:`.knowledge.deal_from`, also
        for ``unlikely``, a bot's reading of the others' play)."""
        deal = self._last_deal
        if deal is None or deal.view is not view:
            deal = self._last_deal = Deal.of(view)
        return knowledge.deal_from(deal, rng, unlikely)

    def shuffle_draw_pile(self, state: MissionszahlState, rng: random.Random) -> None:
        """The draw pile's cards that nobody knows in a new order among their places; the
        cards someone knows (put under it face up, or passed there blind) stay where they
        are (for benchmarks that deal the real hands, ``spieltisch.sim.seeing``)."""
        knowledge.shuffle_draw_pile(state, rng)

    def reseed_chance(self, state: MissionszahlState, seed: int) -> None:
        """The later reshuffles follow ``seed`` (for benchmarks that deal the real
        hands, ``spieltisch.sim.seeing``)."""
        state.seed = seed

    def take_back_face_down(self, state: MissionszahlState, seat: Seat) -> bool:
        """Every other seat that has laid a card this round takes it back and is to lay
        again (for a search that lets models of the players choose their cards)."""
        return knowledge.take_back_face_down(state, seat)

    def shuffle_unseen(
        self, state: MissionszahlState, seat: Seat | None, rng: random.Random
    ) -> MissionszahlState:
        """Permute every card ``seat`` cannot see among the places it cannot see; what other
        seats knew about a place stays with the place."""
        return knowledge.shuffle_unseen(state, seat, rng)

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
        return list(self.setup.cards)

    # -- observations for learning programs --------------------------------------------
    def observation_layout(self, seats: int) -> Layout:
        from spieltisch.games.missionszahl import encode

        return encode.layout(seats)

    def encode_view(self, view: MissionszahlView) -> Vector:
        """The hand, the cards in front of each seat, the cards the seat knows, the
        missions and each seat's collection (:mod:`.encode`)."""
        return _encoder()(view)

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
        """An object whose every field is a text, a number or ``null``: ``{"type": "play",
        "card": "R17"}``, ``{"type": "exchange", "kind": "blind", "seat": 2}`` …"""
        flat = isinstance(data, dict) and all(
            value is None or isinstance(value, str | int) for value in data.values()
        )
        action = words.from_json(data) if flat else None
        if action is None:
            raise self._bad_action(data, '{"type": "play", "card": "R17"}')
        return action

    # -- words ------------------------------------------------------------------------
    @classmethod
    def card_faces(cls) -> dict[str, JSON]:
        """Every card's name, colour, number and symbol, with the colours' and symbols' names
        (:func:`words.card_faces`)."""
        return words.card_faces()

    def table_faces(self) -> dict[str, JSON]:
        """The printed faces with each card's symbol under this table's ``symbols`` option
        (a card whose colour lost its symbol shows none)."""
        faces = dict(words.card_faces())
        cards: dict[str, Any] = {}
        for key, face in dict(faces["cards"]).items():
            symbol = self.setup.symbol[int(key)]
            cards[key] = {**face, "symbol": None if symbol is None else symbol.value}
        faces["cards"] = cards
        return faces

    def label(self, action: Action, lang: str) -> str:
        return words.label(action, lang)

    def refusal(self, view: MissionszahlView, text: str, lang: str) -> str | None:
        """A card played or given away that is not in the hand (before an exchange brings
        another)."""
        try:
            typed = self.parse_move(text)
        except ActionParseError:
            return None
        for action in typed:
            if not isinstance(action, Play | Trade):
                return None
            if view.seat is not None and action.card not in view.hand:
                return words.not_in_hand(action.card, view.hand, lang)
        return None

    def describe(self, event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
        return words.describe(event, lang, audience, self.setup.symbol)
