"""The Triggs table: the cards, the phases of a turn, the state and what one seat sees.

The state keeps a few values only to save work (see :class:`TriggsState`); every change of
what they are made from forgets them through the functions at the end of this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from spieltisch.core.game import View, quick_constructor
from spieltisch.games.triggs.actions import COPIES, LEFT, RIGHT, Action
from spieltisch.games.triggs.sheet import VALUES

RULES_VERSION = "1"

#: The 108 cards: nine of each value 1–12.
ALL_CARDS: tuple[int, ...] = tuple(value for value in VALUES for _ in range(COPIES))
HAND_SIZE = 5
#: Cards drawn at once when a hand is emptied by action B or C.
REFILL_HAND = 5
OPEN_PILES = (LEFT, RIGHT)
#: [A] §4 b 4: each outer (face-up) pile gets 1/6 of the cards left after dealing, the
#: face-down middle pile the rest, so that it is "clearly the largest" (seed rule).
OUTER_SHARE = 6
#: The 12-rule and then the 11-rule take these values out of the game; 1–10 always stay.
LAST_REMOVABLE = 11
NOTHING_REMOVED = 13
#: How many turns :meth:`TriggsRules._turn_choices` remembers (a search meets the same hands
#: again and again).
HANDS_REMEMBERED = 1 << 14


class Phase(Enum):
    """Where a turn stands."""

    TURN = "turn"  # choose action A, B or C
    DRAWING = "drawing"  # action A: the second card
    FORMING = "forming"  # action C: lay formations of the announced value, or finish
    EXTRA = "extra"  # a row was filled: place the extra cross
    OVER = "over"


#: Each phase by its name (``Phase(name)``, faster).
PHASES = {phase.value: phase for phase in Phase}
#: The phases by plain names: the engine compares phases at every step, and ``Phase.TURN``
#: looks the member up through the enum class, several times slower than a global name.
TURN, DRAWING, FORMING, EXTRA, OVER = Phase


# -- state and view ------------------------------------------------------------------------


@dataclass(slots=True)
class TriggsState:
    """The whole table. Piles have their top card last; hands are kept sorted.

    ``known[s]`` are the cards of seat ``s``'s hand that everybody saw it take from an open
    pile (and has not seen it play since). ``crosses[s][v]`` counts the crosses in row ``v``.
    Values from ``removed_from`` up have left the game (the 12- and 11-rules).

    The last five fields are caches: they only save work (a search builds a view and lists
    the legal actions at every step), never take part in comparing states, and
    :func:`drop_caches` forgets them all. Each is ``None`` until the first view or list of
    choices that needs it (or a state determinized from a view, which takes them from the
    view). They are immutable values, so a clone shares them. Each is made from some fields
    and forgotten by the function that every change of those fields calls:

    - ``open_rows[s]`` has bit ``v`` set while row ``v`` of seat ``s`` has a free box, and
      ``sheets`` are the views' ``crosses`` and ``crossed``: from ``crosses``
      (:func:`sheet_changed`);
    - ``shown_known`` is the views' ``known``: from ``known`` (:func:`known_changed`);
    - ``face_up`` is the views' ``discard_pile`` and ``box``: from those
      (:func:`face_up_changed`);
    - ``forming`` is what the player may do next after laying a formation that leaves the
      row open (the formations left, or finishing): set by that formation, read only while
      he is forming, and forgotten by each announcement and when hidden hands are dealt
      anew (:func:`hands_dealt_anew`).
    """

    seats: int
    seed: int
    shuffles: int
    hands: list[list[int]]
    known: list[list[int]]
    piles: list[list[int]]
    discard_pile: list[int]
    box: list[int]
    crosses: list[list[int]]
    seat: int
    phase: Phase
    announced: int
    formed: int
    draws_left: int
    removed_from: int
    turns: int
    winner: int
    open_rows: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    sheets: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None = field(
        default=None, compare=False, repr=False
    )
    shown_known: tuple[tuple[int, ...], ...] | None = field(default=None, compare=False, repr=False)
    face_up: tuple[tuple[int, ...], tuple[int, ...]] | None = field(
        default=None, compare=False, repr=False
    )
    forming: tuple[Action, ...] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TriggsView(View):
    """What one seat knows: its hand, every score sheet, the open piles' top cards, the pile
    sizes, the discard pile and the box (all cards there were shown face up), and which hand
    cards everybody saw each player take from an open pile."""

    players: int
    sheet: tuple[int, ...]
    #: the boxes on one sheet, all rows together
    sheet_boxes: int
    crosses: tuple[tuple[int, ...], ...]
    #: each seat's boxes crossed so far: its score
    crossed: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    pile_sizes: tuple[int, ...]
    open_tops: tuple[int | None, ...]
    discard_pile: tuple[int, ...]
    box: tuple[int, ...]
    removed_values: tuple[int, ...]
    turn: int
    phase: str
    announced: int | None
    formed: int
    draws_left: int
    turns: int
    winner: int | None

    def __hash__(self) -> int:
        """The hash of the fields that tell the views of one search apart (equal views have
        equal fields, so equal hashes): much cheaper than hashing the discard pile and every
        sheet, and search trees hash views all the time."""
        return hash(
            (
                self.seat,
                self.turns,
                self.phase,
                self.formed,
                self.draws_left,
                self.hand,
                *self.crossed,
                *self.pile_sizes,
                *self.open_tops,
            )
        )


#: ``TriggsView(...)`` with every field in order, several times faster (simulations build a
#: view for every decision in the search tree).
_new_view = quick_constructor(TriggsView)
#: ``REPEATED[v][k]``: ``k`` cards of value ``v``.
REPEATED = {value: tuple((value,) * k for k in range(COPIES + 1)) for value in VALUES}
#: ``REMOVED_VALUES[r]``: the values that have left the game when values from ``r`` up have.
REMOVED_VALUES = tuple(tuple(range(first, NOTHING_REMOVED)) for first in range(NOTHING_REMOVED + 1))


# -- the caches ----------------------------------------------------------------------------


def drop_caches(state: TriggsState) -> None:
    """Forget every cache; the next view or list of choices makes them anew."""
    state.open_rows = state.sheets = state.shown_known = state.face_up = state.forming = None


def known_changed(state: TriggsState) -> None:
    """A player's known hand cards changed: the views' ``known`` are made anew."""
    state.shown_known = None


def face_up_changed(state: TriggsState) -> None:
    """The discard pile or the box changed: the views' copies of them are made anew."""
    state.face_up = None


def sheet_changed(state: TriggsState, filled_row: int) -> None:
    """The player in turn crossed a box; if that filled the row (``filled_row``, else 0) it
    has no free box any more."""
    state.sheets = None
    if filled_row and state.open_rows is not None:
        open_rows = list(state.open_rows)
        open_rows[state.seat] &= ~(1 << filled_row)
        state.open_rows = tuple(open_rows)


def hands_dealt_anew(state: TriggsState) -> None:
    """Hidden hand cards were dealt anew: what the player in turn may still form is worked
    out from his new hand."""
    state.forming = None
