"""Triggs as an observation vector for learning programs (docs/rl.md lists the fields).

Only what a seat's view shows: its hand, the open piles' top cards and the pile sizes, the
discard pile and the box, the values taken out of the game, the phase of the turn, and per
seat (itself first) its score sheet, hand size and the hand cards everybody saw it take.
Cards are counted by value (entry ``v − 1``), divided by the nine copies of each value.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from spieltisch.core.observation import Layout, Vector, others_first
from spieltisch.games.triggs.actions import COPIES, HAND_LIMIT
from spieltisch.games.triggs.sheet import VALUES
from spieltisch.games.triggs.state import ALL_CARDS, TriggsView
from spieltisch.games.triggs.state import Phase as TriggsPhase

ROWS = len(VALUES)
PHASE_INDEX = {phase.value: index for index, phase in enumerate(TriggsPhase)}
PILES = 3
#: Most cards a seat may draw in action A.
MOST_DRAWS = 2


@cache
def layout(players: int) -> Layout:
    """The fields of a vector for ``players`` seats."""
    fields = Layout()
    counted = f"cards of value v at entry v − 1, ÷ {COPIES}"
    fields.add("hand", ROWS, f"the seat's hand: {counted}")
    fields.add("discard_pile", ROWS, f"the discard pile: {counted}")
    fields.add("box", ROWS, f"the box: {counted}")
    fields.add(
        "open_tops",
        2 * (ROWS + 1),
        "the left and right pile's top card, one-hot (entry 0: the pile is empty)",
    )
    fields.add("pile_sizes", PILES, f"cards in the left, middle and right pile ÷ {len(ALL_CARDS)}")
    fields.add("removed", ROWS, "1 for each value taken out of the game")
    fields.add("sheet", ROWS, f"boxes in each row ÷ {COPIES}")
    fields.add(
        "phase", len(PHASE_INDEX), "the phase of the turn, one-hot: " + ", ".join(PHASE_INDEX)
    )
    fields.add("announced", ROWS + 1, "the value announced for action C, one-hot (entry 0: none)")
    fields.add("formed", 1, f"formations laid this turn ÷ {HAND_LIMIT}")
    fields.add("draws_left", 1, f"cards still to draw in action A ÷ {MOST_DRAWS}")
    fields.add("turns", 1, "turns played ÷ (round limit × players)")
    fields.add("seat", players, "the seat's own number, one-hot")
    fields.add("turn", players, "per seat (itself first): 1 for the seat in turn")
    fields.add("winner", players, "per seat: 1 for the winner")
    fields.add("hand_sizes", players, f"per seat: cards in hand ÷ {HAND_LIMIT}")
    fields.add("crossed", players, "per seat: boxes crossed (its score) ÷ boxes on the sheet")
    fields.add("crosses", players * ROWS, "per seat: crosses in each row ÷ the row's boxes")
    fields.add(
        "known", players * ROWS, f"per seat: the hand cards everybody saw it take: {counted}"
    )
    return fields


def _count(out: Vector, start: int, cards: Sequence[int]) -> None:
    """Count ``cards`` by value at ``start + value − 1``, divided by the copies of a value."""
    for card in cards:
        out[start + card - 1] += 1.0 / COPIES


def encode(view: TriggsView, round_limit: int) -> Vector:
    """What ``view`` shows as a vector of :func:`layout` (``round_limit``: the option)."""
    players = view.players
    fields = layout(players)
    out = fields.zeros()
    _count(out, fields["hand"].start, view.hand)
    _count(out, fields["discard_pile"].start, view.discard_pile)
    _count(out, fields["box"].start, view.box)
    tops = fields["open_tops"].start
    for pile, top in enumerate(view.open_tops):
        out[tops + pile * (ROWS + 1) + (top or 0)] = 1.0
    for pile, size in enumerate(view.pile_sizes):
        out[fields["pile_sizes"].start + pile] = size / len(ALL_CARDS)
    for value in view.removed_values:
        out[fields["removed"].start + value - 1] = 1.0
    for row, boxes in enumerate(view.sheet):
        out[fields["sheet"].start + row] = boxes / COPIES
    out[fields["phase"].start + PHASE_INDEX[view.phase]] = 1.0
    out[fields["announced"].start + (view.announced or 0)] = 1.0
    out[fields["formed"].start] = view.formed / HAND_LIMIT
    out[fields["draws_left"].start] = view.draws_left / MOST_DRAWS
    out[fields["turns"].start] = view.turns / (round_limit * players)
    if view.seat is not None:
        out[fields["seat"].start + view.seat] = 1.0
    over = view.phase == TriggsPhase.OVER.value
    for place, seat in enumerate(others_first(view.seat, players)):
        out[fields["turn"].start + place] = float(seat == view.turn and not over)
        out[fields["winner"].start + place] = float(seat == view.winner)
        out[fields["hand_sizes"].start + place] = view.hand_sizes[seat] / HAND_LIMIT
        out[fields["crossed"].start + place] = view.crossed[seat] / view.sheet_boxes
        crosses = fields["crosses"].start + place * ROWS
        for row, count in enumerate(view.crosses[seat]):
            out[crosses + row] = count / view.sheet[row]
        _count(out, fields["known"].start + place * ROWS, view.known[seat])
    return out
