"""Dicht dran as an observation vector for learning programs (docs/rl.md lists the fields).

Only what a seat's view shows: its hand and face-down card, the circle and target, the open
piles, and per seat (itself first) its hand size, whether it has laid its card, its won
cards, their chilis and its total. Cards are one-hot by number (entry ``card − 1``).
"""

from __future__ import annotations

from functools import cache

from spieltisch.core.observation import Layout, Vector, mark, others_first
from spieltisch.games.dicht_dran.cards import CHILIS, HIGHEST
from spieltisch.games.dicht_dran.knowledge import DichtDranView
from spieltisch.games.dicht_dran.state import CARDS_IN_PLAY, CIRCLE_SIZE

#: The chilis on all cards together: the most a seat can win or hold in one pass.
ALL_CHILIS = sum(CHILIS)


@cache
def layout(players: int) -> Layout:
    """The fields of a vector for ``players`` seats."""
    fields = Layout()
    fields.add("hand", HIGHEST, "entry c − 1 is 1 if card c is in the seat's hand")
    fields.add("my_card", HIGHEST, "1 for the card the seat laid face down this round")
    fields.add("circle", HIGHEST, "1 for each card in the circle")
    fields.add("target", HIGHEST, "1 for the target card")
    fields.add("target_position", CIRCLE_SIZE, "the target's circle position (0: the 1's)")
    fields.add("gap", 2, "the gap's lower and upper card ÷ 100")
    fields.add("discard_pile", HIGHEST, "1 for each card in the discard pile")
    fields.add("draw_pile_size", 1, f"cards in the draw pile ÷ {CARDS_IN_PLAY}")
    fields.add("pass", 2, "the pass's number ÷ passes; 1 if the game is over")
    fields.add("seat", players, "the seat's own number, one-hot")
    fields.add("to_act", players, "per seat (itself first): 1 if it has yet to lay its card")
    fields.add("hand_sizes", players, f"per seat: cards in hand ÷ {CARDS_IN_PLAY}")
    fields.add("won_chilis", players, f"per seat: chilis on its won cards ÷ {ALL_CHILIS}")
    fields.add("totals", players, f"per seat: its finished passes' sum ÷ ({ALL_CHILIS} × passes)")
    fields.add("collections", players * HIGHEST, "per seat: 1 for each card it has won")
    return fields


def encode(view: DichtDranView) -> Vector:
    """What ``view`` shows as a vector of :func:`layout`."""
    players = view.players
    fields = layout(players)
    out = fields.zeros()
    mark(out, fields["hand"].start - 1, view.hand)
    if view.my_card is not None:
        out[fields["my_card"].start + view.my_card - 1] = 1.0
    mark(out, fields["circle"].start - 1, view.circle)
    out[fields["target"].start + view.target - 1] = 1.0
    out[fields["target_position"].start + view.target_position] = 1.0
    gap = fields["gap"].start
    out[gap], out[gap + 1] = view.gap[0] / HIGHEST, view.gap[1] / HIGHEST
    mark(out, fields["discard_pile"].start - 1, view.discard_pile)
    out[fields["draw_pile_size"].start] = view.draw_pile_size / CARDS_IN_PLAY
    out[fields["pass"].start] = view.pass_number / view.passes
    out[fields["pass"].start + 1] = float(view.game_over)
    if view.seat is not None:
        out[fields["seat"].start + view.seat] = 1.0
    most = ALL_CHILIS * view.passes
    collections = fields["collections"].start - 1
    for place, seat in enumerate(others_first(view.seat, players)):
        out[fields["to_act"].start + place] = float(not view.committed[seat] and not view.game_over)
        out[fields["hand_sizes"].start + place] = view.hand_sizes[seat] / CARDS_IN_PLAY
        out[fields["won_chilis"].start + place] = view.won_chilis[seat] / ALL_CHILIS
        out[fields["totals"].start + place] = view.totals[seat] / most
        mark(out, collections + place * HIGHEST, view.collections[seat])
    return out
