"""The table of Dicht dran: its constants, the one move (lay a card) and the state."""

from __future__ import annotations

from dataclasses import dataclass, field

from spieltisch.core.game import JSON, Seat
from spieltisch.games.dicht_dran.cards import CHILIS, HIGHEST, SHUFFLED

RULES_VERSION = "1"
MIN_PLAYERS = 3
MAX_PLAYERS = 5

CIRCLE_SIZE = 6
#: Circle positions of the 1 and the 100, opposite each other; positions run clockwise.
ONE_POSITION = 0
HUNDRED_POSITION = 3
#: The first target is the card clockwise after the 1.
FIRST_TARGET = ONE_POSITION + 1
HAND_SIZE = 8
#: The range of the option ``hand_size``: five seats of 12 leave 34 cards to draw.
MIN_HAND_SIZE = 3
MAX_HAND_SIZE = 12
#: Cards 2–99 left after the four random circle cards: they fill hands and the draw pile.
CARDS_IN_PLAY = len(SHUFFLED) - (CIRCLE_SIZE - 2)


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``card`` from the hand face down (Action 1)."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "play", "card": self.card}


#: One shared instance per card, so legal actions cost no allocation.
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in range(HIGHEST + 1))


@dataclass(slots=True)
class DichtDranState:
    """The whole table. Internal to the engine: only views leave it.

    ``circle`` holds the six circle cards by position and ``target`` is the target's
    position. ``draw_pile`` has its top card last; hands are kept sorted, so legal actions
    come in card order. ``committed[s]`` is the card seat ``s`` laid face down this round
    (0: none yet); ``waiting`` are the seats yet to lay a card. ``shuffles`` counts the
    shuffles so far (each is seeded from ``seed`` and its number).
    """

    seats: int
    seed: int
    shuffles: int
    circle: list[int]
    target: int
    hands: list[list[int]]
    draw_pile: list[int]
    discard_pile: list[int]
    collections: list[list[int]]
    committed: list[int]
    waiting: tuple[Seat, ...]
    pass_scores: list[list[int]]
    last_hands: list[list[int]]
    #: Caches, outside equality: what every seat's view shows alike, made by the first view
    #: that needs it and shared by the others (:mod:`.knowledge`): the pass's part
    #: (forgotten by :func:`drop_caches`) and the round's part (by :func:`round_changed`).
    public_pass: tuple[JSON, ...] | None = field(default=None, compare=False, repr=False)
    public_round: tuple[JSON, ...] | None = field(default=None, compare=False, repr=False)
    #: Rounds played so far, in every pass: how long a game is as the rules count it.
    rounds: int = 0
    #: The rule options that shape the deal and the cards, the same all game: cards dealt
    #: to each hand (``hand_size``) and the chilis on each card (``chili_pattern`` and
    #: ``most_chilis``, :func:`~spieltisch.games.dicht_dran.cards.chili_table`).
    hand_size: int = field(default=HAND_SIZE, compare=False)
    chilis: tuple[int, ...] = field(default=CHILIS, compare=False, repr=False)


def drop_caches(state: DichtDranState) -> None:
    """Forget both cached parts of the views: the pass changed (it ended or was dealt)."""
    state.public_pass = state.public_round = None


def round_changed(state: DichtDranState) -> None:
    """Forget the round's cached part of the views: the circle, the target, the piles or
    the collections changed."""
    state.public_round = None


def clone(state: DichtDranState) -> DichtDranState:
    """An independent copy; the caches are immutable values of the same table, so the
    copy shares them."""
    return DichtDranState(
        seats=state.seats,
        seed=state.seed,
        shuffles=state.shuffles,
        circle=state.circle[:],
        target=state.target,
        hands=[hand[:] for hand in state.hands],
        draw_pile=state.draw_pile[:],
        discard_pile=state.discard_pile[:],
        collections=[c[:] for c in state.collections],
        committed=state.committed[:],
        waiting=state.waiting,
        pass_scores=[s[:] for s in state.pass_scores],
        last_hands=[h[:] for h in state.last_hands],
        public_pass=state.public_pass,
        public_round=state.public_round,
        rounds=state.rounds,
        hand_size=state.hand_size,
        chilis=state.chilis,
    )
