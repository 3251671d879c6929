"""Cento as an observation vector for learning programs (docs/rl.md lists the fields).

Only what a seat's view shows: its hand and the card it just drew, the open card and what
it counts as, the cards laid this turn, the discard pile and the cards everybody saw go
under the draw pile, the phase of the turn, and per seat (itself first) its hand size,
whether it is in turn and its last public move. Cards are one-hot by number (entry ``n``
for card ``n``; entry 0 counts free cards, divided by how many the deck has).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from spieltisch.core.observation import Layout, Vector, others_first
from spieltisch.games.cento.cards import FREE, HUNDRED, WILD
from spieltisch.games.cento.state import DREW, ENDED, ENDED_RUN, LAID, TOOK, CentoView, Phase

CARDS = HUNDRED + 1
PHASE_INDEX = {str(phase): index for index, phase in enumerate(Phase)}
MOVE_INDEX = {kind: index for index, kind in enumerate((LAID, DREW, TOOK, ENDED, ENDED_RUN))}
VARIANTS = 3


@cache
def layout(players: int) -> Layout:
    """The fields of a vector for ``players`` seats."""
    fields = Layout()
    per_card = "entry n: card n; entry 0: free cards ÷ free cards in the deck"
    fields.add("hand", CARDS, f"the seat's hand ({per_card})")
    fields.add("drawn", CARDS, "the card the seat just drew while it may still lay it")
    fields.add("open_card", CARDS, "the open card (entry 0: a free card)")
    fields.add("open_value", HUNDRED, "what the open card counts as, one-hot (entry v − 1)")
    fields.add("turn_values", HUNDRED, "1 at v − 1 for each value laid this turn")
    fields.add("discard_pile", CARDS, f"the cards under the open card ({per_card})")
    fields.add("pile_bottom", CARDS, "cards everybody saw put under the draw pile")
    fields.add("run_digit", 10, "the Schnapszahl run's digit, one-hot (entry 0: no run)")
    fields.add("phase", len(PHASE_INDEX), "the phase of the turn, one-hot: " + _names())
    fields.add("variant", VARIANTS + 1, "Spiel 1, 2 or 3, one-hot; then 1 if the 100 is wild")
    fields.add("draw_pile_size", 1, "cards in the draw pile ÷ cards in the deck")
    fields.add("rebuilds_left", 1, "rebuilds of the draw pile left ÷ rebuilds allowed")
    fields.add("game_over", 1, "1 once the game is over")
    fields.add("seat", players, "the seat's own number, one-hot")
    fields.add("to_move", players, "per seat (itself first): 1 for the seat in turn")
    fields.add("hand_sizes", players, "per seat: cards in hand ÷ cards in the deck")
    fields.add("winner", players, "per seat: 1 for the winner")
    fields.add(
        "last_move",
        players * len(MOVE_INDEX),
        "per seat: its last public move, one-hot: lay, draw, take, end, end run",
    )
    return fields


def _names() -> str:
    return ", ".join(PHASE_INDEX)


def _numbers(start: int, cards: Sequence[int]) -> list[int]:
    """The entries of the number cards among ``cards`` (free cards are counted apart)."""
    return [start + card for card in cards if card != FREE]


def encode(view: CentoView, free_cards: int) -> Vector:
    """What ``view`` shows as a vector of :func:`layout`; ``free_cards`` in the deck."""
    players = view.players
    fields = layout(players)
    at = fields.at
    ones = _numbers(at["hand"], view.hand)
    ones += _numbers(at["discard_pile"], view.discard_pile)
    ones += _numbers(at["pile_bottom"], view.pile_bottom)
    turn_values = at["turn_values"] - 1
    ones += [turn_values + value for value in view.turn_values]
    if view.drawn is not None:
        ones.append(at["drawn"] + view.drawn)
    ones.append(at["open_card"] + view.open_card)
    if view.open_value > 0:
        ones.append(at["open_value"] + view.open_value - 1)
    ones.append(at["run_digit"] + view.run_digit)
    ones.append(at["phase"] + PHASE_INDEX[view.phase])
    ones.append(at["variant"] + view.variant - 1)
    if view.hundred_mode == WILD:
        ones.append(at["variant"] + VARIANTS)
    if view.game_over:
        ones.append(at["game_over"])
    if view.seat is not None:
        ones.append(at["seat"] + view.seat)
    order = others_first(view.seat, players)
    place_of = {seat: place for place, seat in enumerate(order)}
    if not view.game_over:
        ones.append(at["to_move"] + place_of[view.to_move])
    if view.winner is not None:
        ones.append(at["winner"] + place_of[view.winner])
    last_move = at["last_move"]
    missing = set(range(players))
    for seat, kind, _ in reversed(view.public_moves):
        if seat in missing:
            missing.discard(seat)
            ones.append(last_move + place_of[seat] * len(MOVE_INDEX) + MOVE_INDEX[kind])
            if not missing:
                break
    out = fields.vector(ones)
    if free_cards:
        for name, cards in (
            ("hand", view.hand),
            ("discard_pile", view.discard_pile),
            ("pile_bottom", view.pile_bottom),
        ):
            out[at[name]] = cards.count(FREE) / free_cards
    deck = free_cards + HUNDRED  # the free cards and the numbers 1–100
    out[at["draw_pile_size"]] = view.draw_pile_size / deck
    allowed = view.rebuilds + view.rebuilds_left
    out[at["rebuilds_left"]] = view.rebuilds_left / allowed if allowed else 0.0
    hand_sizes = at["hand_sizes"]
    for place, seat in enumerate(order):
        out[hand_sizes + place] = view.hand_sizes[seat] / deck
    return out
