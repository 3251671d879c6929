"""Missionszahl as an observation vector for learning programs (docs/rl.md lists the
fields).

Only what a seat's view shows: its hand, the card it laid face down, the revealed cards in
front of each seat, the cards it knows in other hands and in the draw pile, the mission
cards and whom their arrows point at, and per seat (itself first) its collection, score and
state in the round. Cards are one-hot by id (``colour · 27 + number − 1``).
"""

from __future__ import annotations

from functools import cache

from spieltisch.core.observation import Layout, Vector, mark, others_first
from spieltisch.games.missionszahl.actions import SHIFT_STEP
from spieltisch.games.missionszahl.cards import COLOURS, DECK_SIZE, HIGHEST, VALUE
from spieltisch.games.missionszahl.state import BONUS_STEP, ROUNDS, MissionszahlView, Phase

PHASE_INDEX = {phase.value: index for index, phase in enumerate(Phase)}


def most_points(players: int) -> int:
    """More than any score can be: a seat collects at most every card of every round, each
    worth at most 27 and at most 10 more in colour bonus."""
    return ROUNDS * players * (HIGHEST + BONUS_STEP)


@cache
def layout(players: int) -> Layout:
    """The fields of a vector for ``players`` seats."""
    fields = Layout()
    fields.add("hand", DECK_SIZE, "1 for each card in the seat's hand")
    fields.add("my_card", DECK_SIZE, "the card the seat laid face down this round")
    fields.add("drawn", DECK_SIZE, "the card drawn for the draw-and-give symbol")
    fields.add("known_in_draw_pile", DECK_SIZE, "1 for each card the seat knows in the draw pile")
    fields.add("mission", DECK_SIZE, "this round's mission card")
    fields.add("mission_number", HIGHEST, "the mission number, one-hot (entry n − 1)")
    fields.add("shift", 1, f"the ±3 changes this round ÷ ({SHIFT_STEP} × players)")
    fields.add("phase", len(PHASE_INDEX), "the phase, one-hot: " + ", ".join(PHASE_INDEX))
    fields.add("round", 1, f"the round ÷ {ROUNDS}")
    fields.add("draw_pile_size", 1, f"cards in the draw pile ÷ {DECK_SIZE}")
    fields.add("game_over", 1, "1 once the game is over")
    fields.add("seat", players, "the seat's own number, one-hot")
    for name, text in (
        ("to_act", "1 if it must decide now"),
        ("committed", "1 if it has laid its card face down this round"),
        ("pending", "1 while its card's symbol waits to be carried out"),
        ("out", "1 if the even-numbers symbol knocked it out of the round"),
        ("cursor", "1 for the seat whose symbol is next"),
        ("winner", "1 for the round's winner"),
        ("partner", "1 for the partner of a blind exchange"),
    ):
        fields.add(name, players, f"per seat (itself first): {text}")
    fields.add("hand_sizes", players, f"per seat: cards in hand ÷ {DECK_SIZE}")
    fields.add(
        "scores",
        players,
        f"per seat: its score ÷ ({ROUNDS * (HIGHEST + BONUS_STEP)} × players), more than any "
        "score can be",
    )
    fields.add("played", players * DECK_SIZE, "per seat: the revealed card in front of it")
    fields.add(
        "known_hands",
        players * DECK_SIZE,
        "per seat: the cards the observing seat knows it holds or laid face down",
    )
    fields.add("collections", players * DECK_SIZE, "per seat: 1 for each card it collected")
    fields.add(
        "mission_arrows",
        (players + 1) * HIGHEST,
        "per seat, then a row for nobody/not yet won: the mission cards whose arrow points "
        f"there, counted by number (entry n − 1) ÷ {len(COLOURS)}",
    )
    return fields


def encode(view: MissionszahlView) -> Vector:
    """What ``view`` shows as a vector of :func:`layout`."""
    players = view.players
    fields = layout(players)
    out = fields.zeros()
    mark(out, fields["hand"].start, view.hand)
    if view.my_card is not None:
        out[fields["my_card"].start + view.my_card] = 1.0
    if view.drawn is not None:
        out[fields["drawn"].start + view.drawn] = 1.0
    known = fields["known_in_draw_pile"].start
    mark(out, known, [card for card in view.draw_pile if card is not None])
    out[fields["mission"].start + view.missions[-1]] = 1.0
    out[fields["mission_number"].start + view.mission_number - 1] = 1.0
    out[fields["shift"].start] = view.shift / (SHIFT_STEP * players)
    out[fields["phase"].start + PHASE_INDEX[view.phase]] = 1.0
    out[fields["round"].start] = view.round / ROUNDS
    out[fields["draw_pile_size"].start] = len(view.draw_pile) / DECK_SIZE
    out[fields["game_over"].start] = float(view.game_over)
    if view.seat is not None:
        out[fields["seat"].start + view.seat] = 1.0
    order = others_first(view.seat, players)
    place_of = {seat: place for place, seat in enumerate(order)}
    most = most_points(players)
    for place, seat in enumerate(order):
        out[fields["to_act"].start + place] = float(seat in view.to_act)
        out[fields["committed"].start + place] = float(view.committed[seat])
        out[fields["pending"].start + place] = float(view.pending[seat])
        out[fields["out"].start + place] = float(view.out[seat])
        out[fields["hand_sizes"].start + place] = view.hand_sizes[seat] / DECK_SIZE
        out[fields["scores"].start + place] = view.scores[seat] / most
        card = view.played[seat]
        if card is not None:
            out[fields["played"].start + place * DECK_SIZE + card] = 1.0
        mark(out, fields["known_hands"].start + place * DECK_SIZE, view.known_hands[seat])
        mark(out, fields["collections"].start + place * DECK_SIZE, view.collections[seat])
    for name, marked in (
        ("cursor", view.cursor),
        ("winner", view.winner),
        ("partner", view.partner),
    ):
        if marked is not None and 0 <= marked < players:
            out[fields[name].start + place_of[marked]] = 1.0
    arrows = fields["mission_arrows"].start
    for card, arrow in zip(view.missions, view.arrows, strict=True):
        row = players if arrow is None else place_of[arrow]
        out[arrows + row * HIGHEST + VALUE[card] - 1] += 1.0 / len(COLOURS)
    return out
