"""Dicht dran as an observation vector for learning programs (docs/rl.md lists the fields).

Only what a seat's view shows: its hand and face-down card, the circle and target, the open
piles, and per seat (itself first) whether it has yet to lay its card, its hand size, its
won cards, their chilis and its total. Cards are one-hot by number (entry ``card − 1``).
"""

from __future__ import annotations

from functools import cache

from spieltisch.core.observation import Layout, Vector, others_first
from spieltisch.games.dicht_dran.cards import CHILIS, HIGHEST
from spieltisch.games.dicht_dran.knowledge import DichtDranView
from spieltisch.games.dicht_dran.state import CARDS_IN_PLAY, CIRCLE_SIZE

#: The chilis on all cards together: the most a seat can win or hold in one pass (in the
#: printed deck; under other chili options, in the view's table).
ALL_CHILIS = sum(CHILIS)


#: Entries per seat in the field ``seats``: to lay, hand size, won chilis, total, won cards.
SEAT_BLOCK = 4 + HIGHEST


@cache
def layout(players: int) -> Layout:
    """The fields of a vector for ``players`` seats."""
    fields = Layout()
    fields.add("hand", HIGHEST, "entry c − 1 is 1 if card c is in the seat's hand")
    fields.add("my_card", HIGHEST, "1 for the card the seat laid face down this round")
    fields.add("seat", players, "the seat's own number, one-hot")
    fields.add("circle", HIGHEST, "1 for each card in the circle")
    fields.add("target", HIGHEST, "1 for the target card")
    fields.add("target_position", CIRCLE_SIZE, "the target's circle position (0: the 1's)")
    fields.add("gap", 2, "the gap's lower and upper card ÷ 100")
    fields.add("discard_pile", HIGHEST, "1 for each card in the discard pile")
    fields.add("draw_pile_size", 1, f"cards in the draw pile ÷ {CARDS_IN_PLAY}")
    fields.add("pass", 2, "the pass's number ÷ passes; 1 if the game is over")
    fields.add(
        "seats",
        players * SEAT_BLOCK,
        f"per seat (itself first), {SEAT_BLOCK} entries: 1 if it has yet to lay its card; "
        f"cards in hand ÷ {CARDS_IN_PLAY}; chilis on its won cards ÷ {ALL_CHILIS}; its "
        f"finished passes' sum ÷ ({ALL_CHILIS} × passes); 1 for each card it has won",
    )
    return fields


#: The last table part made for each number of players, with the view fields it was made
#: from (see :func:`_table_part`).
_TABLES: dict[int, tuple[tuple[object, ...], Vector]] = {}


def encode(view: DichtDranView) -> Vector:
    """What ``view`` shows as a vector of :func:`layout`: the table part (the same for every
    seat in a round, its seats in seat order) turned to put the seat first, then the seat's
    own cards, the hand sizes and who is still to lay a card."""
    players = view.players
    at = layout(players).at
    table = _table_part(view)
    out = table.copy()
    seats = at["seats"]
    if view.seat:  # turn the seat blocks so that the seat's own comes first
        end = seats + players * SEAT_BLOCK
        turn = view.seat * SEAT_BLOCK
        out[seats : end - turn] = table[seats + turn : end]
        out[end - turn : end] = table[seats : seats + turn]
    if view.hand:
        hand = at["hand"] - 1
        out[[hand + card for card in view.hand]] = 1.0
    if view.my_card is not None:
        out[at["my_card"] + view.my_card - 1] = 1.0
    if view.seat is not None:
        out[at["seat"] + view.seat] = 1.0
    to_lay = not view.game_over
    for place, seat in enumerate(others_first(view.seat, players)):
        block = seats + place * SEAT_BLOCK
        if to_lay and not view.committed[seat]:
            out[block] = 1.0
        out[block + 1] = view.hand_sizes[seat] / CARDS_IN_PLAY  # a laid card leaves the hand
    return out


def _table_part(view: DichtDranView) -> Vector:
    """What every seat sees alike, seats in seat order: made once a round. The view fields
    it is made from are kept with it and compared by identity (every view of a round gets
    the same tuples from the engine) or else by value, so a part is reused only for equal
    fields."""
    fields = (
        view.circle,
        view.discard_pile,
        view.collections,
        view.won_chilis,
        view.totals,
        view.target_position,
        view.draw_pile_size,
        view.pass_number,
        view.passes,
        view.game_over,
        view.chili_pattern,
        view.most_chilis,
    )
    kept = _TABLES.get(view.players)
    if kept is not None and all(
        new is old or new == old for new, old in zip(fields, kept[0], strict=True)
    ):
        return kept[1]
    table = _make_table_part(view)
    _TABLES[view.players] = fields, table
    return table


def _make_table_part(view: DichtDranView) -> Vector:
    fields = layout(view.players)
    at = fields.at
    circle, discard = at["circle"] - 1, at["discard_pile"] - 1
    ones = [circle + card for card in view.circle]
    ones += [discard + card for card in view.discard_pile]
    ones.append(at["target"] + view.target - 1)
    ones.append(at["target_position"] + view.target_position)
    for seat, cards in enumerate(view.collections):
        won = at["seats"] + seat * SEAT_BLOCK + 4 - 1
        ones += [won + card for card in cards]
    out = fields.vector(ones)
    gap = at["gap"]
    out[gap], out[gap + 1] = view.gap[0] / HIGHEST, view.gap[1] / HIGHEST
    out[at["draw_pile_size"]] = view.draw_pile_size / CARDS_IN_PLAY
    out[at["pass"]] = view.pass_number / view.passes
    out[at["pass"] + 1] = float(view.game_over)
    all_chilis = ALL_CHILIS if view.chilis is CHILIS else sum(view.chilis)
    most = all_chilis * view.passes
    for seat in range(view.players):
        block = at["seats"] + seat * SEAT_BLOCK
        out[block + 2] = view.won_chilis[seat] / all_chilis
        out[block + 3] = view.totals[seat] / most
    return out
