"""Dicht dran (Reinhard Staupe, NSV 2013): get closest to the target card.

Every round each player lays a card face down; the card closest to the target wins it, the
other cards are discarded, and those outside the gap make their players draw one card per
chili. The rules are in :mod:`.rules` (in the rule sheet's order), the table in
:mod:`.state`, what a seat may know in :mod:`.knowledge`; this class answers the engine's
questions with them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from spieltisch.core.chance import shuffled
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat
from spieltisch.core.options import OptionSpec
from spieltisch.core.words import NEUTRAL, Audience
from spieltisch.games.dicht_dran import knowledge, rules, words
from spieltisch.games.dicht_dran.cards import (
    CHILI_PATTERNS,
    HIGHEST,
    LOWEST,
    MOST_CHILIS,
    SHUFFLED,
    card_faces,
    chili_table,
)
from spieltisch.games.dicht_dran.knowledge import DichtDranView
from spieltisch.games.dicht_dran.knowledge import view as seat_view
from spieltisch.games.dicht_dran.rules import closest, gap_of, lay, legal_plays, resolve_round
from spieltisch.games.dicht_dran.state import (
    CARDS_IN_PLAY,
    CIRCLE_SIZE,
    FIRST_TARGET,
    HAND_SIZE,
    HUNDRED_POSITION,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    MIN_HAND_SIZE,
    MIN_PLAYERS,
    ONE_POSITION,
    PLAYS,
    RULES_VERSION,
    DichtDranState,
    Play,
)
from spieltisch.games.dicht_dran.state import clone as clone_state
from spieltisch.games.dicht_dran.state import drop_caches as forget_view_parts

__all__ = [
    "CARDS_IN_PLAY",
    "CIRCLE_SIZE",
    "FIRST_TARGET",
    "HAND_SIZE",
    "HUNDRED_POSITION",
    "ONE_POSITION",
    "PLAYS",
    "RULES_VERSION",
    "DichtDran",
    "DichtDranState",
    "DichtDranView",
    "Play",
    "closest",
    "gap_of",
]

if TYPE_CHECKING:  # numpy loads only where observations are encoded
    from spieltisch.core.observation import Layout, Vector

_PLAY_TEXT = re.compile(r"\s*(?:play\s+|spiele\s+)?(\d{1,3})\s*", re.IGNORECASE)


class DichtDran(Game[DichtDranState, Play, DichtDranView]):
    """Dicht dran for 3–5 players."""

    action_table = PLAYS[LOWEST:]
    shuffles_draw_pile = True
    spec: ClassVar[GameSpec] = GameSpec(
        id="dicht-dran",
        name_de="Dicht dran",
        name_en="Dicht dran",
        rules_version=RULES_VERSION,
        min_seats=MIN_PLAYERS,
        max_seats=MAX_PLAYERS,
        options=(
            OptionSpec(
                "passes",
                2,
                "Anzahl der Durchgänge (die Regel empfiehlt zwei)",
                "number of passes (the rules recommend two)",
                minimum=1,
                maximum=10,
            ),
            OptionSpec(
                "anchors_can_be_target",
                True,
                "Die 1 und die 100 werden wie jede Kreiskarte zur Zielkarte",
                "the 1 and the 100 become the target like any circle card",
            ),
            OptionSpec(
                "hand_size",
                HAND_SIZE,
                "Handkarten pro Spieler zu Beginn jedes Durchgangs (die Regel: 8)",
                "hand cards per player at the start of each pass (the rules: 8)",
                minimum=MIN_HAND_SIZE,
                maximum=MAX_HAND_SIZE,
            ),
            OptionSpec(
                "chili_pattern",
                "cycle",
                "Wie die Knallschoten auf die Karten verteilt sind: cycle (1, 2, 3, 1, …; "
                "die Rekonstruktion), rising (hohe Karten mehr), falling (niedrige Karten "
                "mehr), edges (Karten fern der 50 mehr)",
                "how the chilis are spread over the cards: cycle (1, 2, 3, 1, …; the "
                "reconstruction), rising (high cards more), falling (low cards more), "
                "edges (cards far from 50 more)",
                choices=CHILI_PATTERNS,
            ),
            OptionSpec(
                "most_chilis",
                MOST_CHILIS,
                "Die meisten Knallschoten auf einer Karte (die Karten zeigen 1 bis so viele)",
                "the most chilis on one card (the cards show 1 to this many)",
                minimum=1,
                maximum=5,
            ),
        ),
    )

    def __init__(self, options: dict[str, JSON] | None = None) -> None:
        super().__init__(options)
        self.passes = int(self.options["passes"])
        #: ``next_target[p]`` is the circle position that becomes the target after ``p``.
        self.next_target = rules.next_targets(bool(self.options["anchors_can_be_target"]))
        self.hand_size = int(self.options["hand_size"])
        #: The chili option values, as views show them, and the table they make.
        self.chili_options = (str(self.options["chili_pattern"]), int(self.options["most_chilis"]))
        self.chilis = chili_table(*self.chili_options)

    # -- set-up -----------------------------------------------------------------------
    def new_state(
        self,
        seats: int,
        seed: int,
        deck: Sequence[object] | None = None,
        log: list[Event] | None = None,
    ) -> DichtDranState:
        """Deal the first pass: ``deck`` (cards 2–99, top first) or a shuffle from ``seed``.

        From a deck, the first four cards go to the circle clockwise after the 1 (skipping the
        100's place), then each seat in turn takes the next eight, and the rest is the draw
        pile, top first. Later passes and reshuffles are shuffled from ``seed``.
        """
        self.spec.check_seats(seats)
        state = DichtDranState(
            seats=seats,
            seed=seed,
            shuffles=0,
            circle=[],
            target=FIRST_TARGET,
            hands=[],
            draw_pile=[],
            discard_pile=[],
            collections=[[] for _ in range(seats)],
            committed=[0] * seats,
            waiting=(),
            pass_scores=[],
            last_hands=[],
            hand_size=self.hand_size,
            chilis=self.chilis,
        )
        rules.deal(state, rules.checked_deck(deck) if deck is not None else None, log)
        return state

    def deck_order(self, seats: int, seed: int) -> list[int]:
        return shuffled(SHUFFLED, seed, 0)

    def clone(self, state: DichtDranState) -> DichtDranState:
        return clone_state(state)

    def drop_caches(self, state: DichtDranState) -> None:
        """Forget the parts of the views kept in the state (:mod:`.state`)."""
        forget_view_parts(state)

    # -- the turn ---------------------------------------------------------------------
    def to_act(self, state: DichtDranState) -> tuple[Seat, ...]:
        return state.waiting

    #: Any hand card, once per round, until everyone has laid one: the rule itself, with no
    #: call in between (asked before every decision).
    legal_actions = staticmethod(legal_plays)

    def apply(
        self, state: DichtDranState, seat: Seat, action: Play, log: list[Event] | None = None
    ) -> None:
        """Lay the card face down (Action 1); the round's last card resolves the round
        (Actions 2–4), which may end the pass and the game."""
        if lay(state, seat, action.card, log):
            resolve_round(state, self.next_target, self.passes, log)
            if log is not None and self.is_terminal(state):
                log.append(Event("game_end", {"ranking": list(self.ranking(state))}))

    # -- the end ----------------------------------------------------------------------
    def is_terminal(self, state: DichtDranState) -> bool:
        return rules.is_over(state, self.passes)

    length_unit = "rounds"

    def progress(self, state: DichtDranState) -> int:
        """Rounds played, in every pass: one target won each."""
        return state.rounds

    def scores(self, state: DichtDranState) -> tuple[int, ...]:
        """The sum of each seat's finished passes."""
        return rules.totals(state)

    def standing(self, state: DichtDranState) -> tuple[int, ...]:
        """The finished passes plus the running one scored as if it ended now: chilis won
        minus chilis in hand."""
        return rules.standing(state, self.passes)

    def max_actions(self, seats: int) -> int:
        """Each round every seat lays one of the 94 cards in hands and draw pile; draws only
        move cards between those two, and a reshuffle ends the pass."""
        return rules.max_actions(self.passes)

    # -- hidden information -----------------------------------------------------------
    def view(self, state: DichtDranState, seat: Seat | None) -> DichtDranView:
        return seat_view(state, seat, self.passes, self.chili_options)

    def determinize(self, view: DichtDranView, rng: random.Random) -> DichtDranState:
        """Deal the cards the seat cannot see (other hands, their face-down cards, the draw
        pile) at random from the cards it has not seen anywhere."""
        return knowledge.determinize(view, rng)

    def shuffle_draw_pile(self, state: DichtDranState, rng: random.Random) -> None:
        """The draw pile in a new order: nobody knows any of its cards (for benchmarks that
        deal the real hands, ``spieltisch.sim.seeing``)."""
        rng.shuffle(state.draw_pile)

    def reseed_chance(self, state: DichtDranState, seed: int) -> None:
        """The later reshuffles and the deals of later passes follow ``seed`` (for
        benchmarks that deal the real hands, ``spieltisch.sim.seeing``)."""
        state.seed = seed

    def take_back_face_down(self, state: DichtDranState, seat: Seat) -> bool:
        """Every other seat that has laid a card this round takes it back and is to lay
        again (for a search that lets models of the players choose their cards)."""
        return knowledge.take_back_face_down(state, seat)

    def shuffle_unseen(
        self, state: DichtDranState, seat: Seat | None, rng: random.Random
    ) -> DichtDranState:
        return knowledge.shuffle_unseen(state, seat, rng)

    def card_zones(self, state: DichtDranState) -> dict[str, list[int]]:
        return knowledge.card_zones(state)

    def all_cards(self, seats: int) -> list[object]:
        return list(range(LOWEST, HIGHEST + 1))

    # -- observations for learning programs --------------------------------------------
    def observation_layout(self, seats: int) -> Layout:
        from spieltisch.games.dicht_dran import encode

        return encode.layout(seats)

    def encode_view(self, view: DichtDranView) -> Vector:
        """Hand, face-down card, circle, target, open piles and each seat's public counts
        (:mod:`.encode`)."""
        from spieltisch.games.dicht_dran import encode

        return encode.encode(view)

    # -- actions as text, JSON and integers --------------------------------------------
    def parse_action(self, text: str) -> Play:
        """``play 63`` (or just ``63``)."""
        match = _PLAY_TEXT.fullmatch(text)
        if match is None or not LOWEST <= int(match.group(1)) <= HIGHEST:
            raise self._bad_action(text, "play 63")
        return PLAYS[int(match.group(1))]

    def action_from_json(self, data: JSON) -> Play:
        """``{"type": "play", "card": 63}``."""
        if (
            isinstance(data, dict)
            and data.get("type") == "play"
            and set(data) == {"type", "card"}
            and type(data["card"]) is int
            and LOWEST <= data["card"] <= HIGHEST
        ):
            return PLAYS[data["card"]]
        raise self._bad_action(data, '{"type": "play", "card": 63}')

    # -- words ------------------------------------------------------------------------
    @classmethod
    def card_faces(cls) -> dict[str, JSON]:
        """Every card's chilis and their colour in the printed deck (:func:`cards.card_faces`;
        under other chili options, views tell the chilis: ``DichtDranView.chilis``)."""
        return {"cards": card_faces(), "names": {}}

    def table_faces(self) -> dict[str, JSON]:
        """Each card's chilis and their colour under this table's ``chili_pattern`` and
        ``most_chilis`` (:attr:`chilis`)."""
        return {"cards": card_faces(self.chilis), "names": {}}

    def label(self, action: Play, lang: str) -> str:
        """Just the card number."""
        return words.label(action, lang)

    def refusal(self, view: DichtDranView, text: str, lang: str) -> str | None:
        """A number that is not in the hand, or no card at all."""
        match = _PLAY_TEXT.fullmatch(text.strip())
        if view.seat is None or match is None or int(match.group(1)) in view.hand:
            return None
        card = int(match.group(1))
        return words.not_in_hand(card, view.hand, lang, exists=LOWEST <= card <= HIGHEST)

    def describe(self, event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
        return words.describe(event, lang, audience)
