"""Triggs as an observation vector for learning programs (docs/rl.md lists the fields).

Only what a seat's view shows: its hand, the open piles' top cards and the pile sizes, the
discard pile and the box, the values taken out of the game, the phase of the turn, and per
seat (itself first) its score sheet, hand size and the hand cards everybody saw it take.
Cards are counted by value (entry ``v − 1``), divided by the nine copies of each value.
"""

from __future__ import annotations

from functools import cache, lru_cache

import numpy as np

from spieltisch.core.observation import Layout, Vector, others_first
from spieltisch.games.triggs.actions import COPIES, HAND_LIMIT
from spieltisch.games.triggs.sheet import VALUES
from spieltisch.games.triggs.state import ALL_CARDS, TriggsView
from spieltisch.games.triggs.state import Phase as TriggsPhase

ROWS = len(VALUES)
#: The phase of a finished game as views show it.
OVER = TriggsPhase.OVER.value
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


@lru_cache(maxsize=1 << 12)
def _counts(cards: tuple[int, ...]) -> tuple[float, ...]:
    """``cards`` counted by value (entry ``value − 1``), divided by the copies of a value
    (kept: the discard pile, the box and the known cards change seldom)."""
    counts = [0.0] * ROWS
    for card in cards:
        counts[card - 1] += 1.0 / COPIES
    return tuple(counts)


@lru_cache(maxsize=1 << 12)
def _crossed_share(crosses: tuple[int, ...], sheet: tuple[int, ...]) -> tuple[float, ...]:
    """A seat's crosses in each row ÷ the row's boxes (kept: a seat crosses seldom)."""
    return tuple([count / boxes for count, boxes in zip(crosses, sheet, strict=True)])


def _one_hot(size: int, index: int | None) -> list[float]:
    entries = [0.0] * size
    if index is not None:
        entries[index] = 1.0
    return entries


def encode(view: TriggsView, round_limit: int) -> Vector:
    """What ``view`` shows as a vector of :func:`layout` (``round_limit``: the option)."""
    players = view.players
    order = others_first(view.seat, players)
    over = view.phase == OVER
    removed = [0.0] * ROWS
    for value in view.removed_values:
        removed[value - 1] = 1.0
    entries = [
        *_counts(view.hand),
        *_counts(view.discard_pile),
        *_counts(view.box),
        *_one_hot(ROWS + 1, view.open_tops[0] or 0),
        *_one_hot(ROWS + 1, view.open_tops[1] or 0),
        *[size / len(ALL_CARDS) for size in view.pile_sizes],
        *removed,
        *[boxes / COPIES for boxes in view.sheet],
        *_one_hot(len(PHASE_INDEX), PHASE_INDEX[view.phase]),
        *_one_hot(ROWS + 1, view.announced or 0),
        view.formed / HAND_LIMIT,
        view.draws_left / MOST_DRAWS,
        view.turns / (round_limit * players),
        *_one_hot(players, view.seat),
        *[float(seat == view.turn and not over) for seat in order],
        *[float(seat == view.winner) for seat in order],
        *[view.hand_sizes[seat] / HAND_LIMIT for seat in order],
        *[view.crossed[seat] / view.sheet_boxes for seat in order],
    ]
    for seat in order:
        entries += _crossed_share(view.crosses[seat], view.sheet)
    for seat in order:
        entries += _counts(view.known[seat])
    return np.fromiter(entries, np.float32, len(entries))
