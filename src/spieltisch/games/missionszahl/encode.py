"""Missionszahl as an observation vector for learning programs (docs/rl.md lists the
fields).

Only what a seat's view shows: its hand, the card it laid face down, the revealed cards in
front of each seat, the cards it knows in other hands and in the draw pile, the mission
cards and whom their arrows point at, and per seat (itself first) its collection, score and
state in the round. Cards are one-hot by id (``colour · 27 + number − 1``).
"""

from __future__ import annotations

from functools import cache, lru_cache

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
    seat = view.seat
    first = seat or 0  # per-seat fields start with this seat (a spectator's: seat 0)
    order = others_first(seat, players)
    start = at["hand"]
    ones = [start + card for card in view.hand]
    start = at["known_in_draw_pile"]
    ones += [start + card for card in view.draw_pile if card is not None]
    if view.my_card is not None:
        ones.append(at["my_card"] + view.my_card)
    if view.drawn is not None:
        ones.append(at["drawn"] + view.drawn)
    ones.append(at["mission"] + view.missions[-1])
    ones.append(at["mission_number"] + view.mission_number - 1)
    ones.append(at["phase"] + PHASE_INDEX[view.phase])
    if view.game_over:
        ones.append(at["game_over"])
    if seat is not None:
        ones.append(at["seat"] + seat)
    start = at["to_act"]
    ones += [start + (acting - first) % players for acting in view.to_act]
    flags = (("committed", view.committed), ("pending", view.pending), ("out", view.out))
    for flag, marks in flags:
        if True in marks:
            start = at[flag]
            ones += [start + place for place, other in enumerate(order) if marks[other]]
    seats = (("cursor", view.cursor), ("winner", view.winner), ("partner", view.partner))
    for name, marked in seats:
        if marked is not None and 0 <= marked < players:
            ones.append(at[name] + (marked - first) % players)
    played, known_hands, collections = at["played"], at["known_hands"], at["collections"]
    for place, other in enumerate(order):
        card = view.played[other]
        if card is not None:
            ones.append(played + place * DECK_SIZE + card)
        if view.known_hands[other]:
            start = known_hands + place * DECK_SIZE
            ones += [start + card for card in view.known_hands[other]]
        if view.collections[other]:
            start = collections + place * DECK_SIZE
            ones += [start + card for card in view.collections[other]]
    hand_sizes, scores = at["hand_sizes"], at["scores"]
    places = [at["shift"], at["round"], at["draw_pile_size"]]
    places += range(hand_sizes, hand_sizes + players)
    places += range(scores, scores + players)
    values = [view.shift / (SHIFT_STEP * players), view.round / view.rounds]
    values.append(len(view.draw_pile) / DECK_SIZE)
    values += [view.hand_sizes[other] / DECK_SIZE for other in order]
    most = most_points(players)
    values += [view.scores[other] / most for other in order]
    arrows = at["mission_arrows"]
    for arrow, number, share in _arrows(view.missions, view.arrows):
        row = players if arrow is None else (arrow - first) % players
        places.append(arrows + row * HIGHEST + number - 1)
        values.append(share)
    return fields.vector(ones, places, values)


@lru_cache(maxsize=1 << 12)
def _arrows(
    missions: tuple[int, ...], arrows: tuple[int | None, ...]
) -> tuple[tuple[int | None, int, float], ...]:
    """The mission cards counted by where their arrow points (a seat, or None) and their
    number: each with the share of the number's cards, count ÷ 4 (quarters: exact in
    float32). The same for every seat until an arrow or a mission card changes."""
    counts: dict[tuple[int | None, int], int] = {}
    for card, arrow in zip(missions, arrows, strict=True):
        key = (arrow, VALUE[card])
        counts[key] = counts.get(key, 0) + 1
    return tuple((arrow, number, count / len(COLOURS)) for (arrow, number), count in counts.items())
