"""The heuristic bot for Triggs: turn cards into crosses, finish rows, chain extra crosses.

The bot judges its hand by its **potential**: how many more boxes the hand could cross off
as it stands. Every card of a value whose row still has free boxes counts as one cross;
leftover cards that add up in pairs to a value with free boxes count one cross per pair.
A row the hand could fill completely counts half a cross more, for the extra cross it
brings. A card that fits nowhere (its row is full and it completes no useful pair, or its value has
left the game by the 12-/11-rule) is dead weight.

On its turn the bot compares what each choice would bring:

- **Cross off (C):** the crosses it gains now, plus the extra crosses if the row fills (it
  counts the chain: every other row missing a single box fills in turn), plus a discounted
  potential of the cards that are left. Emptying the hand is a bonus, since it brings five
  new cards at once. Winning this turn beats everything.
- **Draw (A):** the discounted potential of the hand with the two best cards it can get:
  an open pile's top card if that card helps a row that is still open, otherwise a card
  from the face-down pile, judged by the unseen cards it may be.
- **Discard (B):** what is left of the potential after shedding the cards: so in practice
  dead cards, as many as possible; worth it when the hand is full, or when it empties the
  hand for five new cards.

Crosses now are worth more than the same crosses later, so the bot draws until a turn of
crossing off pays. While laying formations it lays single cards first and a pair only when
the cross is worth more than what the two cards could do elsewhere. An extra cross goes
first to a row missing one box (so the chain goes on), otherwise to the row that the hand
can least fill itself, preferring the hardest rows (the low numbers have few pairs), or to
one that the hand can then fill completely next turn. Ties go to a seeded coin.

The potential, which every choice is judged by, also exists compiled, in
``_triggs_potential.c``, built with the package when a C compiler is there: it counts the
same crosses and rows, so the bot decides exactly as with the Python below, several times
faster (a search uses the bot as every seat's model). The Python stays the definition;
tests hold the two to the same numbers and whole games to fingerprints.

Parameters (e.g. ``heuristic:later=0.7``): ``later`` is what one cross of potential is
worth compared with a cross now; ``refill`` weighs the five new cards of an empty hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spieltisch.bots.model import Model
from spieltisch.bots.scoring import TieBreaker, best_first, best_scored, number
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import View
from spieltisch.games.triggs.actions import (
    LEFT,
    MIDDLE,
    Announce,
    Discard,
    Draw,
    Extra,
    Finish,
    Form,
)
from spieltisch.games.triggs.game import PAIRS, Triggs, TriggsView, counts_of
from spieltisch.games.triggs.knowledge import unseen_counts
from spieltisch.games.triggs.rules import formations_of
from spieltisch.games.triggs.sheet import VALUES

try:
    from spieltisch.bots._triggs_potential import potential as compiled_potential
    from spieltisch.bots._triggs_potential import worth as compiled_worth

    #: Whether the compiled potential was built (without a C compiler it is not).
    COMPILED = True
except ImportError:  # the Python below counts the same, slower
    COMPILED = False

#: What one cross of potential (a cross the hand could make later) is worth, compared with
#: a cross made now.
LATER = 0.6
#: Weight of the five cards an empty hand draws, against their expected potential.
REFILL = 1.0
#: Bonus potential for each row the hand could fill completely (its extra cross).
COMPLETE = 0.5
#: Value of each card of room a discard makes in the hand (breaks ties between discards).
ROOM = 0.01
#: Value of winning the game this turn.
WIN = 1000.0
TOP = VALUES[-1]
#: How hard a row is to fill from cards: the fewer ways to form its value (the card itself
#: or one of its pairs), the harder.
HARDNESS = (0.0, *(1.0 / (1 + 1 + value // 2) for value in VALUES))


def potential(counts: Sequence[int], free: Sequence[int]) -> tuple[int, int]:
    """How many free boxes the hand with these ``counts`` could cross off: single cards in
    their own rows first, then pairs of leftover cards, the high rows (most pairs) first.
    Remembered, since the same hands come up again and again."""
    key = bytes(counts) + bytes(free)
    known = _POTENTIALS.get(key)
    if known is None:
        if len(_POTENTIALS) > _POTENTIALS_KEPT:
            _POTENTIALS.clear()
        known = _POTENTIALS[key] = _potential(list(counts), free)
    return known


_POTENTIALS: dict[bytes, tuple[int, int]] = {}
_POTENTIALS_KEPT = 1 << 16


def _potential(left: list[int], free: Sequence[int]) -> tuple[int, int]:
    missing = [0] * (TOP + 1)
    total = rows = spare = 0
    for value in VALUES:
        have, boxes = left[value], free[value]
        if have >= boxes:
            total += boxes
            left[value] = have - boxes
            spare += have - boxes
            rows += boxes > 0
        else:
            total += have
            left[value] = 0
            missing[value] = boxes - have
    if spare < 2:  # no pair left to lay
        return total, rows
    for value in range(TOP, 1, -1):
        need = missing[value]
        if not need:
            continue
        for high, low in PAIRS[value]:
            pairs = _pairs(left, high, low)
            if pairs:
                if pairs > need:
                    pairs = need
                total += pairs
                need -= pairs
                left[low] -= pairs
                left[high] -= pairs
                if not need:
                    break
        rows += not need
    return total, rows


def _pairs(counts: Sequence[int], high: int, low: int) -> int:
    """How many pairs of ``high + low`` these cards make."""
    if high == low:
        return counts[low] >> 1
    have_high, have_low = counts[high], counts[low]
    return have_high if have_high < have_low else have_low


#: What laying a formation brings: the crosses gained, the hand and the free boxes after it.
Outcome = tuple[float, list[int], list[int]]


class TriggsBot(Model):
    """Weighs crosses now against the hand's potential (see the module docstring)."""

    wants_view = True
    ranks_moves = True

    def __init__(
        self,
        game: Triggs,
        seed: int,
        name: str = "heuristic",
        later: float = LATER,
        refill: float = REFILL,
        *,
        complete: float = COMPLETE,
        use_compiled: bool = True,
    ) -> None:
        self.name = name
        self.sheet = game.sheet
        self.hand_limit = game.hand_limit
        self.draw_count = game.draw_count
        #: the cards an emptied hand draws (the game's option ``refill``)
        self.refill_cards = game.refill
        self.later = later
        self.refill = refill
        self.complete = complete
        self._rng = TieBreaker(seed)
        #: Whether the potential is counted by the compiled code (the same numbers).
        self.compiled = COMPILED and use_compiled

    def potential(self, counts: Sequence[int], free: Sequence[int]) -> float:
        """The hand's potential: the boxes it could cross off, plus a bonus for each row
        it could fill completely (that brings an extra cross)."""
        if self.compiled:
            return compiled_worth(counts, free, self.complete)
        crosses, rows = potential(counts, free)
        return crosses + self.complete * rows

    def _crosses(self, counts: Sequence[int], free: Sequence[int]) -> int:
        """The boxes the hand could cross off (the potential without the bonus)."""
        return (compiled_potential if self.compiled else potential)(counts, free)[0]

    # -- the decision ----------------------------------------------------------------------
    def reseed(self, seed: int) -> None:
        """Start the coin for ties afresh from ``seed``: a search replays one deal after
        each of several moves, and the players it models must meet the same luck."""
        self._rng.reseed(seed)

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if len(legal) == 1 or not isinstance(view, TriggsView):
            return legal[0]
        return best_scored(self._scored(view, legal), self._rng)

    def ranked(self, view: View, legal: Sequence[Any]) -> list[Any]:
        """The legal actions, best first by the bot's estimate (a search's shortlist)."""
        assert isinstance(view, TriggsView)
        return best_first(self._scored(view, legal))

    def _scored(self, view: TriggsView, legal: Sequence[Any]) -> list[tuple[float, Any]]:
        """Each legal action with what the bot expects it to be worth."""
        seat = view.seat if view.seat is not None else view.turn
        counts = counts_of(view.hand)
        free = [
            0,
            *(boxes - done for boxes, done in zip(view.sheet, view.crosses[seat], strict=True)),
        ]
        weights = self._unseen_weights(view)
        if view.phase == "forming":
            scored = self._score_forming(view, legal, counts, free, weights)
        elif view.phase == "extra":
            scored = self._score_extras(legal, counts, free)
        elif view.phase == "drawing":
            middle = self._middle_gain(counts, free, weights)
            scored = [(self._card_gain(a, view, counts, free, middle), a) for a in legal]
        else:
            scored = self._score_turn(view, legal, counts, free, weights)
        return scored

    # -- the whole turn ----------------------------------------------------------------------
    def _score_turn(
        self,
        view: TriggsView,
        legal: Sequence[Any],
        counts: list[int],
        free: list[int],
        weights: list[float],
    ) -> list[tuple[float, Any]]:
        now = self.potential(counts, free)
        refill = self._refill_value(free, weights)
        draws = [a for a in legal if isinstance(a, Draw)]
        scored: list[tuple[float, Any]] = []
        if draws:
            middle = self._middle_gain(counts, free, weights)
            gains = sorted(
                ((self._card_gain(a, view, counts, free, middle), a) for a in draws),
                key=lambda pair: -pair[0],
            )
            second = 0.0
            if self.draw_count > 1 and len(view.hand) + 1 < self.hand_limit:
                second = max([middle] + [gain for gain, a in gains[1:] if a.pile != MIDDLE])
            total = self.later * (now + second)
            scored += [(total + self.later * gain, a) for gain, a in gains]
        for action in legal:
            if isinstance(action, Announce):
                scored.append((self._announce_value(action.value, counts, free, refill), action))
            elif isinstance(action, Discard):
                rest = counts[:]
                rest[action.value] -= action.count
                value = self.later * self.potential(rest, free) + ROOM * action.count
                if len(view.hand) == action.count:
                    value += refill
                scored.append((value, action))
        return scored

    def _announce_value(
        self, value: int, counts: list[int], free: list[int], refill: float
    ) -> float:
        """Cross off ``value`` as the bot would (see :meth:`_next_form`): crosses now, the
        chain of extra crosses, the potential left, and the refill of an empty hand."""
        counts = counts[:]
        free = free[:]
        gained = 0.0
        while free[value]:
            outcome = self._best_form(value, counts, free, refill, gained > 0)
            if outcome is None:
                break
            gain, counts, free = outcome[1]
            gained += gain
            if gain >= WIN:
                break
        return (
            gained + self.later * self.potential(counts, free) + (refill if not any(counts) else 0)
        )

    # -- action C: formations --------------------------------------------------------------
    def _score_forming(
        self,
        view: TriggsView,
        legal: Sequence[Any],
        counts: list[int],
        free: list[int],
        weights: list[float],
    ) -> list[tuple[float, Any]]:
        value = view.announced or 0
        refill = self._refill_value(free, weights)
        form = self._next_form(value, counts, free, refill, view.formed > 0)
        target = (form.high, form.low) if form is not None else None
        return [
            (
                1.0
                if (isinstance(a, Form) and (a.high, a.low) == target)
                or (isinstance(a, Finish) and target is None)
                else 0.0,
                a,
            )
            for a in legal
        ]

    def _next_form(
        self, value: int, counts: list[int], free: list[int], refill: float, may_finish: bool
    ) -> Form | None:
        """The formation of ``value`` to lay next, or None to finish: the one that leaves
        the most (cross, extra crosses, potential left, refill), if better than stopping."""
        best = self._best_form(value, counts, free, refill, may_finish)
        return best[0] if best is not None else None

    def _best_form(
        self, value: int, counts: list[int], free: list[int], refill: float, may_finish: bool
    ) -> tuple[Form, Outcome] | None:
        """:meth:`_next_form` with what laying it brings (see :meth:`_after_form`)."""
        best: tuple[Form, Outcome] | None = None
        best_value = self.later * self.potential(counts, free) if may_finish else -1e18
        for form in formations_of(counts, value):
            outcome = self._after_form(value, form, counts, free)
            gain, rest, left_free = outcome
            worth = gain + self.later * self.potential(rest, left_free)
            if not any(rest):
                worth += refill
            if worth > best_value + 1e-9:
                best, best_value = (form, outcome), worth
        return best

    def _after_form(self, value: int, form: Form, counts: list[int], free: list[int]) -> Outcome:
        """Lay ``form``: the crosses it gains (with the chain of extra crosses if the row
        fills), the hand and the free boxes after it."""
        rest = counts[:]
        for card in form.cards:
            rest[card] -= 1
        left_free = free[:]
        left_free[value] -= 1
        gain = 1.0
        if not left_free[value]:
            for row in VALUES:  # every row missing one box fills in turn
                if left_free[row] == 1:
                    left_free[row] = 0
                    gain += 1.0
            if any(left_free):
                gain += 1.0  # the last extra cross, into a row it does not fill
                row = self._extra_row(rest, left_free)
                left_free[row] -= 1
            else:
                gain += WIN
        return gain, rest, left_free

    # -- extra crosses ---------------------------------------------------------------------
    def _score_extras(
        self, legal: Sequence[Any], counts: list[int], free: list[int]
    ) -> list[tuple[float, Any]]:
        choice = self._extra_row(counts, free)
        return [(1.0 if isinstance(a, Extra) and a.row == choice else 0.0, a) for a in legal]

    def _extra_row(self, counts: list[int], free: list[int]) -> int:
        """A row missing one box (the chain goes on); otherwise the row whose free boxes the
        hand covers least, hardest first, or one the hand then fills completely."""
        open_rows = [row for row in VALUES if free[row]]
        for row in open_rows:
            if free[row] == 1:
                return row
        now = self._crosses(counts, free)
        best_row, best_value = open_rows[0], -1e18
        for row in open_rows:
            fewer = free[:]
            fewer[row] -= 1
            uncovered = self._crosses(counts, fewer) == now  # the hand did not need that box
            value = HARDNESS[row] + (1.0 if uncovered else 0.0)
            if self._fills(counts, fewer, row):
                value += 0.5
            if value > best_value:
                best_row, best_value = row, value
        return best_row

    @staticmethod
    def _fills(counts: list[int], free: list[int], row: int) -> bool:
        """Whether the hand alone can lay every free box of ``row``."""
        need = free[row] - counts[row]
        for high, low in PAIRS[row]:
            if need <= 0:
                break
            need -= _pairs(counts, high, low)
        return need <= 0

    # -- action A: drawing -----------------------------------------------------------------
    def _card_gain(
        self,
        action: Draw,
        view: TriggsView,
        counts: list[int],
        free: list[int],
        middle: float,
    ) -> float:
        """What taking the top card of this pile adds to the potential (the face-down pile:
        ``middle``, the average over the cards it may hold)."""
        if action.pile == MIDDLE:
            return middle
        top = view.open_tops[0 if action.pile == LEFT else 1]
        if top is None:
            return middle
        return self._gain(counts, free, top) + 1e-6  # an open card is sure

    def _middle_gain(self, counts: list[int], free: list[int], weights: list[float]) -> float:
        """What a card from the face-down pile adds to the potential, on average."""
        base = self.potential(counts, free)
        return sum(
            weight * (self._gain(counts, free, card, base))
            for card, weight in enumerate(weights)
            if weight
        )

    def _gain(
        self, counts: list[int], free: list[int], card: int, base: float | None = None
    ) -> float:
        if base is None:
            base = self.potential(counts, free)
        counts[card] += 1
        more = self.potential(counts, free)
        counts[card] -= 1
        return more - base

    def _refill_value(self, free: list[int], weights: list[float]) -> float:
        """The five cards an empty hand draws, as potential: each card's chance to fit a
        row with free boxes (pairs among them come on top, left out here)."""
        fitting = sum(weight for card, weight in enumerate(weights) if weight and free[card])
        return self.refill * self.later * self.refill_cards * fitting

    @staticmethod
    def _unseen_weights(view: TriggsView) -> list[float]:
        """The chance that a face-down card shows each value, from the cards the seat has
        not seen anywhere (its hand, the discard pile, the box, the open tops, the cards
        the others were seen taking)."""
        left = unseen_counts(view)
        total = sum(left)
        return [count / total for count in left] if total else [0.0] * (TOP + 1)


def make(game: Any, seed: int, params: dict[str, str], spec: str) -> TriggsBot:
    """The Triggs heuristic bot; parameters ``later`` and ``refill`` (numbers from 0)."""
    if not isinstance(game, Triggs):
        raise BotSpecError(f"this heuristic bot plays triggs, not {game.spec.id}")
    return TriggsBot(
        game,
        seed,
        name=spec,
        later=number(params, "later", LATER),
        refill=number(params, "refill", REFILL),
    )
