"""Missionszahl as an observation vector for learning programs (docs/rl.md lists the
fields).

Only what a seat's view shows: its hand, the card it laid face down, the revealed cards in
front of each seat, the cards it knows in other hands and in the draw pile, the mission
cards and whom their arrows point at, and per seat (itself first) its collection, score and
state in the round. Cards are one-hot by id (``colour · 27 + number − 1``).
"""

from __future__ import annotations

from functools import cache

from spieltisch.core.observation import Layout, Vector, others_first
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
    at = fields.at
    hand = at["hand"]
    ones = [hand + card for card in view.hand]
    known = at["known_in_draw_pile"]
    ones += [known + card for card in view.draw_pile if card is not None]
    for name, card in (("my_card", view.my_card), ("drawn", view.drawn)):
        if card is not None:
            ones.append(at[name] + card)
    ones.append(at["mission"] + view.missions[-1])
    ones.append(at["mission_number"] + view.mission_number - 1)
    ones.append(at["phase"] + PHASE_INDEX[view.phase])
    if view.game_over:
        ones.append(at["game_over"])
    if view.seat is not None:
        ones.append(at["seat"] + view.seat)
    order = others_first(view.seat, players)
    place_of = {seat: place for place, seat in enumerate(order)}
    for flag, seats in (
        ("to_act", [seat in view.to_act for seat in order]),
        ("committed", [view.committed[seat] for seat in order]),
        ("pending", [view.pending[seat] for seat in order]),
        ("out", [view.out[seat] for seat in order]),
    ):
        start = at[flag]
        ones += [start + place for place, marked in enumerate(seats) if marked]
    for name, marked in (
        ("cursor", view.cursor),
        ("winner", view.winner),
        ("partner", view.partner),
    ):
        if marked is not None and 0 <= marked < players:
            ones.append(at[name] + place_of[marked])
    played, known_hands, collections = at["played"], at["known_hands"], at["collections"]
    for place, seat in enumerate(order):
        card = view.played[seat]
        if card is not None:
            ones.append(played + place * DECK_SIZE + card)
        start = known_hands + place * DECK_SIZE
        ones += [start + card for card in view.known_hands[seat]]
        start = collections + place * DECK_SIZE
        ones += [start + card for card in view.collections[seat]]
    places = [at["shift"], at["round"], at["draw_pile_size"]]
    values = [
        view.shift / (SHIFT_STEP * players),
        view.round / view.rounds,
        len(view.draw_pile) / DECK_SIZE,
    ]
    most = most_points(players)
    hand_sizes, scores = at["hand_sizes"], at["scores"]
    for place, seat in enumerate(order):
        places += [hand_sizes + place, scores + place]
        values += [view.hand_sizes[seat] / DECK_SIZE, view.scores[seat] / most]
    arrows = at["mission_arrows"]
    counts: dict[int, int] = {}
    for card, arrow in zip(view.missions, view.arrows, strict=True):
        entry = arrows + (players if arrow is None else place_of[arrow]) * HIGHEST + VALUE[card] - 1
        counts[entry] = counts.get(entry, 0) + 1
    places += counts.keys()
    values += [count / len(COLOURS) for count in counts.values()]  # quarters: exact in float32
    return fields.vector(ones, places, values)
