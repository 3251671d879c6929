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

The game is split by concern: :mod:`.state` (the table, the caches), :mod:`.rules` (the
moves, in the rule sheet's order), :mod:`.knowledge` (what a seat may know); the class here
binds them to the engine's interface.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from spieltisch.core.chance import is_complete_deck, shuffled
from spieltisch.core.errors import ActionParseError, deck_order_error
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat
from spieltisch.core.options import OptionSpec
from spieltisch.core.words import NEUTRAL, Audience
from spieltisch.games.triggs.actions import (
    ACTIONS,
    BY_JSON,
    BY_TEXT,
    DRAW_COUNT,
    FINISH,
    FORMS,
    HAND_LIMIT,
    LEFT,
    MIDDLE,
    RIGHT,
    SYNONYMS,
    Action,
    Discard,
    Draw,
    Form,
)
from spieltisch.games.triggs.knowledge import TriggsKnowledge, _Seen
from spieltisch.games.triggs.rules import DOING, PAIRS, TriggsRules, counts_of
from spieltisch.games.triggs.sheet import (
    RECONSTRUCTED_SHEET,
    SHEET_PATTERN,
    VALUES,
    parse_sheet,
    sheet_text,
)
from spieltisch.games.triggs.state import (
    ALL_CARDS,
    DRAWING,
    EXTRA,
    FORMING,
    HAND_SIZE,
    NOTHING_REMOVED,
    OPEN_PILES,
    OUTER_SHARE,
    OVER,
    REFILL_HAND,
    RULES_VERSION,
    TURN,
    Phase,
    TriggsState,
    TriggsView,
    drop_caches,
)
from spieltisch.games.triggs.words import WORDS, no_row, not_in_hand
from spieltisch.games.triggs.words import describe as describe_event
from spieltisch.games.triggs.words import label as label_of

if TYPE_CHECKING:  # numpy loads only where observations are encoded
    from spieltisch.core.observation import Layout, Vector

#: Names other modules import from here.
__all__ = [
    "PAIRS",
    "REFILL_HAND",
    "Phase",
    "Triggs",
    "TriggsState",
    "TriggsView",
    "counts_of",
]


class Triggs(TriggsRules, TriggsKnowledge, Game[TriggsState, Action, TriggsView]):
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
                pattern_text_de="zwölf Kästchenzahlen von 1 bis 9, kommagetrennt",
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
            OptionSpec(
                "hand_limit",
                HAND_LIMIT,
                "Höchstens so viele Handkarten (Aktion A zieht nur bis dahin; die Regel: 10)",
                "at most this many hand cards (action A draws only up to it; the rules: 10)",
                minimum=4,
                maximum=20,
            ),
            OptionSpec(
                "hand_size",
                HAND_SIZE,
                "Handkarten pro Spieler zu Beginn (die Regel: 5)",
                "hand cards per player at the start (the rules: 5)",
                minimum=1,
                maximum=10,
            ),
            OptionSpec(
                "draw_count",
                DRAW_COUNT,
                "Karten, die Aktion A zieht (die Regel: genau 2; bis zum Handkartenlimit)",
                "cards action A draws (the rules: exactly 2; up to the hand limit)",
                minimum=1,
                maximum=3,
            ),
            OptionSpec(
                "refill",
                REFILL_HAND,
                "Karten, die ein Spieler mit leerer Hand nach Aktion B oder C zieht (die Regel: 5)",
                "cards a player with an empty hand draws after action B or C (the rules: 5)",
                minimum=1,
                maximum=10,
            ),
        ),
    )

    def __init__(self, options: dict[str, JSON] | None = None) -> None:
        super().__init__(options)
        #: ``sheet[v]``: boxes in row ``v`` (index 0 unused).
        self.sheet: tuple[int, ...] = (0, *parse_sheet(str(self.options["score_sheet"])))
        self.boxes = sum(self.sheet)
        self.round_limit = int(self.options["round_limit"])
        self.hand_limit = int(self.options["hand_limit"])
        self.hand_size = int(self.options["hand_size"])
        self.refill = int(self.options["refill"])
        self.draw_count = int(self.options["draw_count"])
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
        cards (``hand_size``), seat 1 the next five, and so on; then the left pile (1/6 of
        the rest), the middle pile, and the right pile (1/6), each with its first card on
        top. Seat 0 begins (the lot decides who sits there)."""
        self.spec.check_seats(seats)
        cards = self._checked_deck(deck) if deck is not None else self.deck_order(seats, seed)
        size = self.hand_size
        dealt = size * seats
        rest = cards[dealt:]
        outer = len(rest) // OUTER_SHARE
        state = TriggsState(
            seats=seats,
            seed=seed,
            shuffles=1,
            hands=[sorted(cards[size * s : size * (s + 1)]) for s in range(seats)],
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
            raise deck_order_error(WORDS, len(deck))
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
    def drop_caches(self, state: TriggsState) -> None:
        drop_caches(state)

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

    def apply(
        self, state: TriggsState, seat: Seat, action: Action, log: list[Event] | None = None
    ) -> None:
        DOING[action.__class__](self, state, action, log)

    # -- the end ----------------------------------------------------------------------
    def is_terminal(self, state: TriggsState) -> bool:
        return state.phase is OVER

    length_unit = "turns"

    def progress(self, state: TriggsState) -> int:
        """The turns finished, every player's counted."""
        return state.turns

    def scores(self, state: TriggsState) -> tuple[int, ...]:
        """Boxes crossed: the winner has all of them; the others are ranked by theirs."""
        return tuple(map(sum, state.crosses))

    def max_actions(self, seats: int) -> int:
        """Each turn is at most: announce, one formation per box of the row, and one extra
        cross per other row; turns are capped by the round limit."""
        per_turn = 1 + max(self.sheet) + len(VALUES)
        return self.round_limit * seats * per_turn

    # -- hidden information ----------------------------------------------------------------------
    #: What ``seat`` sees (``None``: a spectator): :meth:`TriggsKnowledge.seat_view`, bound without
    #: a call in between, since a search builds a view at every step.
    view = TriggsKnowledge.seat_view

    def determinize(self, view: TriggsView, rng: random.Random) -> TriggsState:
        """Deal the cards the seat cannot see (other hands beyond their known cards, and the
        piles below their top cards) from the cards it has not seen anywhere."""
        return self._determinize(view, rng)

    def shuffle_unseen(
        self, state: TriggsState, seat: Seat | None, rng: random.Random
    ) -> TriggsState:
        copy = self.clone(state)
        self._shuffle_unseen(copy, seat, rng)
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

    # -- observations for learning programs --------------------------------------------
    def observation_layout(self, seats: int) -> Layout:
        from spieltisch.games.triggs import encode

        return encode.layout(seats)

    def encode_view(self, view: TriggsView) -> Vector:
        """The hand, the open piles, the discard pile and box, and every score sheet
        (:mod:`.encode`)."""
        from spieltisch.games.triggs import encode

        return encode.encode(view, self.round_limit)

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
        if len(words) >= 2 and words[0] == "announce":
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

    def refusal(self, view: TriggsView, text: str, lang: str) -> str | None:
        """A card discarded or laid in the typed turn that is not in the hand (or not as
        often), before any card drawn in it."""
        try:
            typed = self.parse_move(text)
        except ActionParseError:
            row = re.match(r"\s*(?:cross|kreuze|announce)\s+(\d+)", text.lower())
            if row and not 1 <= int(row.group(1)) <= len(view.sheet):
                return no_row(int(row.group(1)), len(view.sheet), lang)
            return None
        hand = Counter(view.hand)
        for action in typed:
            if isinstance(action, Draw):
                return None
            cards: tuple[int, ...] = ()
            if isinstance(action, Discard):
                cards = (action.value,) * action.count
            elif isinstance(action, Form):
                cards = (action.high, action.low) if action.low else (action.high,)
            for card in cards:
                hand[card] -= 1
                if view.seat is not None and hand[card] < 0:
                    return not_in_hand(card, view.hand, lang)
        return None

    def label(self, action: Action, lang: str) -> str:
        return label_of(action, lang)

    def describe(self, event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
        return describe_event(event, lang, audience)
