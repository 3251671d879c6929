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
two more points. The game as the engine plays it: :mod:`.state` holds the rule constants,
the state and the view, :mod:`.rules` the rules of the moves in the order of the rule
sheet, and :mod:`.knowledge` what a seat may know; the class here answers the engine's
questions through them. See ``docs/rules/magic-numbers.md``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from spieltisch.core.errors import DeckError
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat
from spieltisch.core.options import OptionSpec
from spieltisch.core.words import NEUTRAL, Audience
from spieltisch.games.magic_numbers import rules, words
from spieltisch.games.magic_numbers import state as state_module
from spieltisch.games.magic_numbers.actions import (
    ALL_ACTIONS,
    ANSWER,
    CHOOSE,
    DISPLAY_SIZE,
    Action,
    Answer,
    Choose,
)
from spieltisch.games.magic_numbers.deck import STANDARD, Deck, deck_for
from spieltisch.games.magic_numbers.knowledge import MagicNumbersKnowledge, Seen
from spieltisch.games.magic_numbers.rules import (
    BID_CHOICES,
    BIDS_WITH,
    CHIPS_OF,
    MagicNumbersRules,
    points_index,
    ranked,
)
from spieltisch.games.magic_numbers.state import (
    ALL_CHIPS,
    ANSWER_PHASE,
    ANSWERS_PER_PASS,
    BID,
    BID_AT_ZERO_POINTS,
    BID_SLOTS_PER_PLAYER,
    CHIP_COSTS_PATTERN,
    CONFIRM_PHASE,
    DEFAULT_CHIP_COSTS,
    DEFAULT_ROUNDS,
    EMPTY,
    HINT,
    MAX_BIDS,
    MAX_ROUNDS,
    MAX_SEATS,
    MIN_SEATS,
    NOBODY,
    OVER,
    PASSES,
    PHASES,
    RULES_VERSION,
    SCORE_TRACK,
    START_POINTS,
    THEME_BONUS,
    CardFace,
    MagicNumbersState,
    MagicNumbersView,
    OpenCard,
    Phase,
    QuizCard,
    Table,
    chip_costs_text,
    parse_chip_costs,
)

if TYPE_CHECKING:  # numpy loads only where observations are encoded
    from spieltisch.core.observation import Layout, Vector


@cache
def _encoder() -> Callable[[MagicNumbersView, int], Vector]:
    """The observation encoding (:func:`.encode.encode`), imported when first asked for: it
    loads numpy, and an ``import`` statement at every observation costs a few per cent of
    an encoding."""
    from spieltisch.games.magic_numbers.encode import encode

    return encode


__all__ = [
    "ALL_CHIPS",
    "ANSWERS_PER_PASS",
    "BIDS_WITH",
    "BID_AT_ZERO_POINTS",
    "BID_CHOICES",
    "BID_SLOTS_PER_PLAYER",
    "CHIPS_OF",
    "DEFAULT_CHIP_COSTS",
    "DEFAULT_ROUNDS",
    "EMPTY",
    "MAX_BIDS",
    "MAX_ROUNDS",
    "MAX_SEATS",
    "MIN_SEATS",
    "NOBODY",
    "PASSES",
    "PHASES",
    "RULES_VERSION",
    "SCORE_TRACK",
    "START_POINTS",
    "THEME_BONUS",
    "CardFace",
    "MagicNumbers",
    "MagicNumbersState",
    "MagicNumbersView",
    "OpenCard",
    "Phase",
    "QuizCard",
    "Table",
    "points_index",
    "ranked",
]


class MagicNumbers(
    MagicNumbersRules, MagicNumbersKnowledge, Game[MagicNumbersState, Action, MagicNumbersView]
):
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
                "answers",
                "typed",
                "Wie man antwortet: typed (die Bedeutung eintippen) oder choice (aus vier "
                "Bedeutungen wählen)",
                "how players answer: typed (type the meaning) or choice (choose one of four "
                "meanings)",
                choices=("typed", "choice"),
            ),
            OptionSpec(
                "deck",
                STANDARD,
                "Kartendeck: standard oder der Pfad einer eigenen Deck-Datei",
                "card deck: standard or the path of an own deck file",
                pattern=r"\S.*",
                pattern_text="standard or the path of a deck file",
                pattern_text_de="standard oder der Pfad einer Deck-Datei",
                path=True,
            ),
            OptionSpec(
                "start_points",
                START_POINTS,
                "Punkte, mit denen jeder Spieler beginnt (die Regel: 12)",
                "points every player starts with (the rules: 12)",
                minimum=0,
                maximum=60,
            ),
            OptionSpec(
                "chip_costs",
                chip_costs_text(DEFAULT_CHIP_COSTS),
                "Was die Biet-Chips 3, 2, 1 und 0 beim Aufdecken kosten, kommagetrennt "
                "(die Reihenfolge auf einer Karte bleibt 3, 2, 1, 0)",
                "what the bid chips 3, 2, 1 and 0 cost when revealed, comma-separated "
                "(the order on a card stays 3, 2, 1, 0)",
                pattern=CHIP_COSTS_PATTERN,
                pattern_text="four costs from 0 to 20 for the chips 3, 2, 1, 0, comma-separated",
                pattern_text_de="vier Kosten von 0 bis 20 für die Chips 3, 2, 1, 0, kommagetrennt",
                example="5,3,1,0",
            ),
            OptionSpec(
                "theme_bonus",
                THEME_BONUS,
                "Extrapunkte am Ende für jeden Themenbereich mit mindestens einer Karte "
                "(die Regel: 2)",
                "extra points at the end for each theme with at least one card (the rules: 2)",
                minimum=0,
                maximum=10,
            ),
        ),
    )

    def __init__(self, options: dict[str, JSON] | None = None) -> None:
        super().__init__(options)
        self.rounds = int(self.options["rounds"])
        self.start_points = int(self.options["start_points"])
        #: ``chip_costs[c]``: what chip ``c`` costs when revealed (option ``chip_costs``).
        self.chip_costs = parse_chip_costs(str(self.options["chip_costs"]))
        self.theme_bonus = int(self.options["theme_bonus"])
        self.judge = str(self.options["judge"])
        self.human_judge = self.judge == "quizmaster"
        self.multiple_choice = self.options["answers"] == "choice"
        self.deck: Deck = deck_for(str(self.options["deck"]))
        cards = self.deck.cards
        needed = DISPLAY_SIZE * self.rounds
        if len(cards) < needed:
            raise DeckError(code="deck_rounds", cards=len(cards), rounds=self.rounds, needed=needed)
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
        #: What the last view :meth:`determinize` dealt from showed.
        self._last_seen: Seen | None = None

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
        return self._set_up(seats, seed, deck, log)

    def deck_order(self, seats: int, seed: int) -> list[str]:
        return [self.ids[card] for card in self._shuffled(seed)]

    def clone(self, state: MagicNumbersState) -> MagicNumbersState:
        return state_module.clone(state)

    def drop_caches(self, state: MagicNumbersState) -> None:
        """Forget the cards free for bids and the views' table (:func:`.state.drop_caches`)."""
        state_module.drop_caches(state)

    # -- who acts, and what may he do --------------------------------------------------
    def to_act(self, state: MagicNumbersState) -> tuple[Seat, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: MagicNumbersState, seat: Seat) -> Sequence[Action]:
        """Only the seat to act has choices; what they are depends on the phase."""
        return rules.legal_actions(state, seat)

    def legality_key(self, action: object) -> object:
        """Every answer is an instance of the one listed answer, whatever its text."""
        return ANSWER if isinstance(action, Answer) else action

    def wants_text(self, action: object) -> bool:
        """The listed answer is a template: what to answer is the player's knowledge."""
        return isinstance(action, Answer)

    def can_bid(self, state: MagicNumbersState, seat: Seat) -> bool:
        """Whether ``seat`` has any bid: an unused chip and a card without his chip (and,
        were :data:`BID_AT_ZERO_POINTS` false, some points)."""
        return self._can_bid(state, seat)

    def quizmaster_for(self, state: MagicNumbersState, chips: Sequence[tuple[int, int]]) -> Seat:
        """The first player clockwise from the start player (himself included) without a
        chip on the card; if everybody bid, the owner of the last-ranked chip (RULES-NOTES
        §5 item 7)."""
        return self._quizmaster_for(state, chips)

    # -- the moves ----------------------------------------------------------------------
    def apply(
        self, state: MagicNumbersState, seat: Seat, action: Action, log: list[Event] | None = None
    ) -> None:
        phase = state.phase
        if phase is BID:
            self._apply_bid(state, seat, action, log)
        elif phase is ANSWER_PHASE:
            if isinstance(action, Choose):
                self._apply_choice(state, seat, action, log)
            else:
                self._apply_answer(state, seat, action, log)
        elif phase is HINT:
            self._apply_hint(state, seat, action, log)
        elif phase is CONFIRM_PHASE:
            self._apply_verdict(state, seat, action, log)
        else:
            raise KeyError(phase)  # the game is over

    # -- the end ----------------------------------------------------------------------
    def is_terminal(self, state: MagicNumbersState) -> bool:
        return state.phase is OVER

    length_unit = "rounds"

    def progress(self, state: MagicNumbersState) -> int:
        """The rounds begun: one row of cards to bid on each."""
        return state.round

    def scores(self, state: MagicNumbersState) -> tuple[int, ...]:
        """Each player's points (with the theme bonus once the game is over)."""
        return rules.scores(state)

    def ranking(self, state: MagicNumbersState) -> tuple[int, ...]:
        """Most points first; equal points: more cards first; still equal: a shared place
        (RULES-NOTES §5 item 12)."""
        return rules.ranking(state)

    def max_actions(self, seats: int) -> int:
        """Per round: at most four bids per player; between two bids, before the first and
        after the last fewer than a lap of passes (a lap ends the bidding). Per card with
        chips: three passes of at most one answer per bidder, each with a verdict when a
        quizmaster judges, and the hint choice; and one more answer for each other card with
        the same number ("true, but not this card's meaning")."""
        bids = MAX_BIDS * seats
        bidding = bids + bids * (seats - 1) + seats
        per_card = PASSES * ANSWERS_PER_PASS * seats * 2 + 1 + self.deck.namesakes()
        return self.rounds * (bidding + DISPLAY_SIZE * per_card)

    # -- hidden information -----------------------------------------------------------
    def view(self, state: MagicNumbersState, seat: Seat | None) -> MagicNumbersView:
        return self._view(state, seat)

    def determinize(self, view: MagicNumbersView, rng: random.Random) -> MagicNumbersState:
        """Deal what the seat cannot see: the cards below the top of the draw pile and in
        the box (from the cards it has not seen), and, while bidding, the values of the
        other players' chips (any distinct chips, the rest still in their hands)."""
        return self._determinize(view, rng)

    def shuffle_unseen(
        self, state: MagicNumbersState, seat: Seat | None, rng: random.Random
    ) -> MagicNumbersState:
        """Deal anew the cards below the top of the draw pile and in the box, and, while
        bidding, the values of the chips the seat has not seen."""
        return self._shuffle_unseen(state, seat, rng)

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

    # -- observations for learning programs --------------------------------------------
    def observation_layout(self, seats: int) -> Layout:
        from spieltisch.games.magic_numbers import encode

        return encode.layout(seats, len(self.deck.themes))

    def encode_view(self, view: MagicNumbersView) -> Vector:
        """The card fronts, the bids, the offered meanings and hints, and each seat's
        points (:mod:`.encode`)."""
        return _encoder()(view, len(self.deck.cards))

    # -- actions as text, JSON and integers --------------------------------------------
    def parse_action(self, text: str) -> Action:
        """``bid 2 3`` (card 2 from the left, chip 3; also ``2 3``), ``pass``, ``hint theme``
        or ``hint unit``, ``confirm``, ``reject``, ``choose 2``, ``answer <text>``; any other
        text is an answer. With ``answers=choice`` a number 1–4 alone is a choice. German
        words as the labels show them are understood too."""
        action: Action | None = words.parse_choice(text) if self.multiple_choice else None
        if action is None:
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

    def read_move(self, view: MagicNumbersView, text: str) -> list[Action]:
        """A typed move, read against what ``view`` shows: with ``answers=choice`` the text
        of an offered meaning (in either language, as the judge compares) is its choice."""
        if view.choices and view.phase == "answer":
            index = words.choice_named(view.choices, text)
            if index is not None:
                return [CHOOSE[index]]
        return self.parse_move(text)

    def describe(self, event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
        return words.describe(event, lang, audience)
