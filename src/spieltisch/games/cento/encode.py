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

from spieltisch.core.observation import Layout, Vector, mark, others_first
from spieltisch.games.cento.cards import FREE, HUNDRED, WILD, full_deck
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


def _cards(out: Vector, start: int, cards: Sequence[int], free_cards: int) -> None:
    """Mark number cards at their number and count free cards at entry 0."""
    for card in cards:
        if card == FREE:
            out[start] += 1.0 / free_cards
        else:
            out[start + card] = 1.0


def encode(view: CentoView, free_cards: int) -> Vector:
    """What ``view`` shows as a vector of :func:`layout`; ``free_cards`` in the deck."""
    players = view.players
    fields = layout(players)
    out = fields.zeros()
    free = max(free_cards, 1)
    _cards(out, fields["hand"].start, view.hand, free)
    if view.drawn is not None:
        out[fields["drawn"].start + view.drawn] = 1.0
    out[fields["open_card"].start + view.open_card] = 1.0
    if view.open_value > 0:
        out[fields["open_value"].start + view.open_value - 1] = 1.0
    mark(out, fields["turn_values"].start - 1, view.turn_values)
    _cards(out, fields["discard_pile"].start, view.discard_pile, free)
    _cards(out, fields["pile_bottom"].start, view.pile_bottom, free)
    out[fields["run_digit"].start + view.run_digit] = 1.0
    out[fields["phase"].start + PHASE_INDEX[view.phase]] = 1.0
    variant = fields["variant"].start
    out[variant + view.variant - 1] = 1.0
    out[variant + VARIANTS] = float(view.hundred_mode == WILD)
    deck = len(full_deck(free_cards))
    out[fields["draw_pile_size"].start] = view.draw_pile_size / deck
    allowed = view.rebuilds + view.rebuilds_left
    out[fields["rebuilds_left"].start] = view.rebuilds_left / allowed if allowed else 0.0
    out[fields["game_over"].start] = float(view.game_over)
    if view.seat is not None:
        out[fields["seat"].start + view.seat] = 1.0
    place_of = {seat: place for place, seat in enumerate(others_first(view.seat, players))}
    if not view.game_over:
        out[fields["to_move"].start + place_of[view.to_move]] = 1.0
    hand_sizes = fields["hand_sizes"].start
    for seat, size in enumerate(view.hand_sizes):
        out[hand_sizes + place_of[seat]] = size / deck
    if view.winner is not None:
        out[fields["winner"].start + place_of[view.winner]] = 1.0
    last_move = fields["last_move"].start
    missing = set(range(players))
    for seat, kind, _ in reversed(view.public_moves):
        if seat in missing:
            missing.discard(seat)
            out[last_move + place_of[seat] * len(MOVE_INDEX) + MOVE_INDEX[kind]] = 1.0
            if not missing:
                break
    return out
