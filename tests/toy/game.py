"""Toy tricks, a sixth game that only the tests know: it shows what a game needs to plug in.

The cards are 1 to 16, shuffled; each player gets three, the rest stay hidden in the stock.
Three tricks are played. In each, every player lays one card of the hand face down at the
same time; then the cards are turned up and the highest wins the trick. Whoever wins the
most tricks wins.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat, View
from spieltisch.core.words import NEUTRAL, Audience

CARDS = tuple(range(1, 17))
HAND = 3
TRICKS = HAND


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay ``card`` from the hand face down."""

    card: int

    def __str__(self) -> str:
        return f"lay {self.card}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "lay", "card": self.card}


LAYS = {card: Lay(card) for card in CARDS}
_LAY_TEXT = re.compile(r"\s*(?:lay\s+|lege\s+)?(\d{1,2})\s*", re.IGNORECASE)


@dataclass(slots=True)
class ToyState:
    hands: list[list[int]]
    stock: list[int]
    laid: list[int | None]
    won: list[int]
    played: list[int]
    trick: int = 0


@dataclass(frozen=True, slots=True)
class ToyView(View):
    players: int
    hand: tuple[int, ...]
    my_card: int | None
    laid: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    won: tuple[int, ...]
    played: tuple[int, ...]
    trick: int
    stock_size: int


class ToyTricks(Game[ToyState, Lay, ToyView]):
    """Toy tricks: highest face-down card wins the trick."""

    spec: ClassVar[GameSpec] = GameSpec("toy-tricks", "Spielzeug-Stiche", "Toy tricks", "1", 2, 4)
    action_table = tuple(LAYS.values())

    def deck_order(self, seats: int, seed: int) -> list[Any]:
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        return deck

    def new_state(
        self,
        seats: int,
        seed: int,
        deck: Sequence[Any] | None = None,
        log: list[Event] | None = None,
    ) -> ToyState:
        self.spec.check_seats(seats)
        cards = list(deck) if deck is not None else self.deck_order(seats, seed)
        hands = [sorted(cards[seat * HAND : (seat + 1) * HAND]) for seat in range(seats)]
        state = ToyState(hands, cards[seats * HAND :], [None] * seats, [0] * seats, [])
        if log is not None:
            log.append(Event("deal", {"players": seats, "cards": HAND}))
            for seat, hand in enumerate(hands):
                log.append(Event("hand", {"cards": list(hand)}, frozenset({seat})))
        return state

    def clone(self, state: ToyState) -> ToyState:
        return ToyState(
            [hand[:] for hand in state.hands],
            state.stock[:],
            state.laid[:],
            state.won[:],
            state.played[:],
            state.trick,
        )

    def to_act(self, state: ToyState) -> tuple[Seat, ...]:
        if self.is_terminal(state):
            return ()
        return tuple(seat for seat, card in enumerate(state.laid) if card is None)

    def legal_actions(self, state: ToyState, seat: Seat) -> Sequence[Lay]:
        if self.is_terminal(state) or state.laid[seat] is not None:
            return []
        return [LAYS[card] for card in state.hands[seat]]

    def apply(
        self, state: ToyState, seat: Seat, action: Lay, log: list[Event] | None = None
    ) -> None:
        state.hands[seat].remove(action.card)
        state.laid[seat] = action.card
        if log is not None:
            log.append(Event("laid", {"seat": seat}))
        if any(card is None for card in state.laid):
            return
        cards = [card for card in state.laid if card is not None]
        winner = cards.index(max(cards))
        state.won[winner] += 1
        state.played += cards
        state.laid = [None] * len(cards)
        state.trick += 1
        if log is not None:
            log.append(Event("trick", {"cards": cards, "winner": winner}))

    def is_terminal(self, state: ToyState) -> bool:
        return state.trick == TRICKS

    def scores(self, state: ToyState) -> tuple[float, ...]:
        return tuple(float(won) for won in state.won)

    def max_actions(self, seats: int) -> int:
        return seats * TRICKS

    def view(self, state: ToyState, seat: Seat | None) -> ToyView:
        return ToyView(
            seat,
            len(state.hands),
            tuple(state.hands[seat]) if seat is not None else (),
            state.laid[seat] if seat is not None else None,
            tuple(card is not None for card in state.laid),
            tuple(len(hand) for hand in state.hands),
            tuple(state.won),
            tuple(state.played),
            state.trick,
            len(state.stock),
        )

    def determinize(self, view: ToyView, rng: random.Random) -> ToyState:
        known = {*view.hand, *view.played, view.my_card}
        unseen = [card for card in CARDS if card not in known]
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        laid: list[int | None] = []
        for seat in range(view.players):
            if seat == view.seat:
                hands.append(list(view.hand))
                laid.append(view.my_card)
                continue
            hands.append(sorted(unseen.pop() for _ in range(view.hand_sizes[seat])))
            laid.append(unseen.pop() if view.laid[seat] else None)
        return ToyState(hands, unseen, laid, list(view.won), list(view.played), view.trick)

    def shuffle_unseen(self, state: ToyState, seat: Seat | None, rng: random.Random) -> ToyState:
        copy = self.clone(state)
        others = [other for other in range(len(state.hands)) if other != seat]
        unseen = copy.stock[:]
        for other in others:
            unseen += copy.hands[other]
            unseen += [card for card in (copy.laid[other],) if card is not None]
        rng.shuffle(unseen)
        for other in others:
            copy.hands[other] = sorted(unseen.pop() for _ in range(len(state.hands[other])))
            if copy.laid[other] is not None:
                copy.laid[other] = unseen.pop()
        copy.stock = unseen
        return copy

    def card_zones(self, state: ToyState) -> dict[str, list[int]]:
        zones = {"stock": state.stock, "played": state.played}
        for seat, hand in enumerate(state.hands):
            zones[f"hand {seat}"] = hand
            zones[f"laid {seat}"] = [card for card in (state.laid[seat],) if card is not None]
        return zones

    def all_cards(self, seats: int) -> list[Any]:
        return list(CARDS)

    def parse_action(self, text: str) -> Lay:
        """``lay 7`` (or just ``7``)."""
        match = _LAY_TEXT.fullmatch(text)
        if match is None or int(match.group(1)) not in LAYS:
            raise self._bad_action(text, "lay 7")
        return LAYS[int(match.group(1))]

    def action_from_json(self, data: JSON) -> Lay:
        """``{"type": "lay", "card": 7}``."""
        if isinstance(data, dict) and data.get("type") == "lay" and set(data) == {"type", "card"}:
            card = data["card"]
            if type(card) is int and card in LAYS:
                return LAYS[card]
        raise self._bad_action(data, '{"type": "lay", "card": 7}')

    def label(self, action: Lay, lang: str) -> str:
        return str(action.card)

    def describe(self, event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
        de = lang == "de"
        data = event.data
        if event.kind == "deal":
            n = data["cards"]
            return f"Jede und jeder bekommt {n} Karten." if de else f"Everyone gets {n} cards."
        if event.kind == "hand":
            cards = ", ".join(map(str, data["cards"]))
            return f"Deine Karten: {cards}." if de else f"Your cards: {cards}."
        if event.kind == "laid":
            n = data["seat"] + 1
            return f"Spieler {n} legt verdeckt." if de else f"Player {n} lays face down."
        cards = ", ".join(map(str, data["cards"]))
        n, best = data["winner"] + 1, max(data["cards"])
        if de:
            return f"Aufgedeckt: {cards}. Spieler {n} gewinnt den Stich mit {best}."
        return f"Turned up: {cards}. Player {n} wins the trick with {best}."
