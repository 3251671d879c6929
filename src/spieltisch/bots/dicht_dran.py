"""The heuristic bot for Dicht dran: plan which hand card goes to which coming target.

For every hand card and every target of the coming rounds, the bot asks what a careful
player would ask:

1. **How likely does the card win the target?** It counts the cards it has not seen anywhere
   (not in the circle, the discard pile, a collection or its own hand): only those can be in
   the others' hands. Each unseen card that is closer to the target (or as close and
   higher: the game's own rule, :func:`~spieltisch.games.dicht_dran.rules.closeness`) beats
   this card. The others do not play at random but pick their closest card,
   so each opponent is counted as several chances to hold and lay such a card. A win earns
   the target's chilis.
2. **What happens if the card does not win?** Inside the gap it is discarded for free and
   its chilis leave the hand: the best way to get rid of a three-chili card. Outside the gap
   it leaves the hand as well, but its player draws one card per chili on it, and drawn
   cards bring chilis of their own; so a three-chili card outside the gap is the costliest
   card to lose.
3. **Which card for which round?** The targets come round the circle clockwise, so the bot
   knows the next few targets (up to a full turn of the circle) and roughly their gaps. It
   gives each of these rounds its own hand card so that the sum of all rounds is best, and
   plays the card planned for this round. A card that is the perfect answer to a later
   target is thus kept for it, unless it is needed more now. Later rounds weigh a little
   less, since the circle changes and new cards come in.

Late in a pass (few cards left in the draw pile, or a short hand somewhere) the bot values
shedding chilis more and fears drawing more: every chili still in hand when the pass ends is
a minus point, and a card drawn then will most likely stay. Ties go to a seeded coin.

The arithmetic (the round values and the plan) also exists compiled, in
``_dicht_dran_plan.c``, built with the package when a C compiler is there: it computes the
same numbers in the same order, so it decides exactly as the Python below, several times
faster. The Python stays the definition; tests hold the two to the same decisions.

Parameters (e.g. ``heuristic:draw=1.6:keep=1.0``): ``draw`` is what one drawn card costs,
in chilis, late in a pass; ``keep`` is the weight of each later round relative to the one
before it (0: plan only this round).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import Any

from spieltisch.bots.model import Model
from spieltisch.bots.scoring import TieBreaker, number
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import View
from spieltisch.games.dicht_dran.cards import HIGHEST, LOWEST
from spieltisch.games.dicht_dran.game import DichtDran
from spieltisch.games.dicht_dran.knowledge import DichtDranView, seen_groups
from spieltisch.games.dicht_dran.rules import CLOSENESS, closeness, gap_of
from spieltisch.games.dicht_dran.state import CIRCLE_SIZE

try:
    from spieltisch.bots._dicht_dran_plan import choose as compiled_choose

    #: Whether the compiled arithmetic was built (without a C compiler it is not).
    COMPILED = True
except ImportError:  # the Python below decides the same, slower
    COMPILED = False

#: Chilis one drawn card costs late in a pass (the mean card shows 2 chilis).
DRAW_COST = 1.6
#: Chilis one drawn card costs early in a pass, when it can still be shed in a gap.
EARLY_DRAW_COST = 1.0
#: Weight of shedding a card's chilis from the hand, early and late in a pass.
EARLY_SHED = 0.3
LATE_SHED = 1.0
#: Weight of each planned round relative to the round before it.
KEEP = 1.0
#: How many rounds ahead the bot plans (a full turn of the circle at most).
HORIZON = CIRCLE_SIZE
#: Each opponent counts as this many random draws from the unseen cards: the others pick
#: their closest card rather than a random one.
OPPONENT_DRAWS = 3.0
#: Estimated rounds left in the pass below which the pass counts as "late".
LATE_ROUNDS = 6.0
#: Estimated cards drawn per round and opponent (to guess the rounds the draw pile lasts).
DRAWS_PER_OPPONENT = 0.8
#: Plans scoring within this of the best are equally good; a seeded coin picks among them.
TIE = 1e-9
#: Extra room below the tie line before a card is ruled out unsearched: sums of the same
#: numbers added in another order differ in the last bits.
_MARGIN = 1e-7
_INFINITY = float("inf")


class DichtDranBot(Model):
    """Plans hand cards for the coming targets (see the module docstring)."""

    wants_view = True
    ranks_moves = True

    def __init__(
        self,
        game: DichtDran,
        seed: int,
        name: str = "heuristic",
        draw_cost: float = DRAW_COST,
        keep: float = KEEP,
        *,
        early_draw: float = EARLY_DRAW_COST,
        early_shed: float = EARLY_SHED,
        late_shed: float = LATE_SHED,
        late_rounds: float = LATE_ROUNDS,
        opponent_draws: float = OPPONENT_DRAWS,
        horizon: int = HORIZON,
        use_compiled: bool = True,
    ) -> None:
        self.name = name
        #: The game's pure rule table: which circle position becomes the next target.
        self.next_target = game.next_target
        self.draw_cost = draw_cost
        self.keep = keep
        self.early_draw = early_draw
        self.early_shed = early_shed
        self.late_shed = late_shed
        self.late_rounds = late_rounds
        self.opponent_draws = opponent_draws
        self.horizon = horizon
        #: The coin for ties, made at the first tie (seeding costs more than most decisions).
        self._rng = TieBreaker(seed)
        #: Whether to use the compiled arithmetic (the same decisions either way).
        self.compiled = COMPILED and use_compiled

    def reseed(self, seed: int) -> None:
        """Start the coin for ties afresh from ``seed``: a search replays one deal after
        each of several moves, and the players it models must meet the same luck."""
        self._rng.reseed(seed)

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if len(legal) == 1 or not isinstance(view, DichtDranView):
            return legal[0]
        cards = [action.card for action in legal]
        if self.compiled:
            picks = compiled_choose(
                seen_groups(view),
                view.my_card or 0,
                view.circle,
                view.target_position,
                self.next_target,
                cards,
                view.chilis,
                *self._weights(view, cards),
                self.keep,
                TIE,
                _MARGIN,
            )
        else:
            picks = plan_choices(self._weighted_values(view, cards), TIE)
        if len(picks) == 1:
            return legal[picks[0]]
        return legal[self._rng.choice(picks)]

    def ranked(self, view: View, legal: Sequence[Any]) -> list[Any]:
        """The legal cards, best first by the value of the best plan that lays each of them
        now (a search's shortlist); equally good cards keep their order in ``legal``. The
        first is a card :meth:`act` may choose; the choice itself is unchanged by this."""
        assert isinstance(view, DichtDranView)
        if len(legal) == 1:
            return list(legal)
        scores = plan_scores(self._weighted_values(view, [action.card for action in legal]))
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order]

    def _weighted_values(self, view: DichtDranView, cards: list[int]) -> list[list[float]]:
        """:meth:`_round_values`, each later round weighted by ``keep`` once more."""
        table = self._round_values(view, cards)
        if self.keep == 1.0:  # x * 1.0 == x: the weights only matter for other values
            return table
        return [[value * self.keep**step for value in row] for step, row in enumerate(table)]

    def _weights(self, view: DichtDranView, cards: list[int]) -> tuple[int, float, float, float]:
        """``(horizon, shed, draw, draws)``: how many rounds to plan; what shedding a chili
        and drawing a card are worth now; how many random draws the opponents count as.

        Shedding and drawing move from their early to their late values with the pass's
        lateness: 0 early, 1 when the pass is about to end, as few rounds can be left when
        the draw pile is small or some hand is short.
        """
        shortest = min(view.hand_sizes)
        opponents = view.players - 1
        pace = DRAWS_PER_OPPONENT * opponents  # cards drawn per round, at least one
        rounds = view.draw_pile_size / (pace if pace > 1.0 else 1.0)
        if shortest < rounds:
            rounds = shortest
        lateness = 1.0 - (rounds - 1.0) / self.late_rounds
        lateness = 0.0 if lateness < 0.0 else 1.0 if lateness > 1.0 else lateness
        shed = self.early_shed + (self.late_shed - self.early_shed) * lateness
        draw = self.early_draw + (self.draw_cost - self.early_draw) * lateness
        return min(self.horizon, shortest, len(cards)), shed, draw, opponents * self.opponent_draws

    def _round_values(self, view: DichtDranView, cards: list[int]) -> list[list[float]]:
        """For each planned round (this one first), the expected chilis of each card.

        The chance to win is :func:`win_chance`, read from :data:`BEATEN_BY` here: this loop
        is most of what a simulation of heuristic games spends its time on.
        """
        unseen = unseen_below(view)
        total = unseen[HIGHEST + 1]
        horizon, shed, draw, draws = self._weights(view, cards)
        position = view.target_position
        circle = view.circle
        chances = win_chances(total, draws)
        table = view.chilis
        shedding = [(card, table[card], shed * table[card]) for card in cards]
        rows: list[list[float]] = []
        while True:
            target = circle[position]
            low, high = gap_of(circle, position)  # later: roughly, as the circle changes
            prize = table[target]
            first, last = BEATEN_BY[target]
            row = []
            for card, chilis, shed_value in shedding:
                # the unseen cards that beat this one: closer, or as close and higher
                win = chances[unseen[last[card]] - unseen[first[card]]]
                value = win * prize + shed_value
                if card < low or card > high:
                    value -= (1.0 - win) * chilis * draw
                row.append(value)
            rows.append(row)
            position = self.next_target[position]
            if len(rows) >= horizon or position == view.target_position:
                return rows


def unseen_below(view: DichtDranView) -> list[int]:
    """``result[k]``: how many cards below ``k`` the seat has seen nowhere (``k`` from 0 to
    101; what it has seen: :func:`~spieltisch.games.dicht_dran.knowledge.seen_groups`)."""
    unseen = bytearray(_ALL_UNSEEN)
    for group in seen_groups(view):
        for card in group:
            unseen[card] = 0
    if view.my_card is not None:
        unseen[view.my_card] = 0
    return list(accumulate(unseen, initial=0))


#: Index ``k`` is 1 for every card ``k`` (none seen yet); index 0 is no card.
_ALL_UNSEEN = bytes(k >= LOWEST for k in range(HIGHEST + 1))


def beaten_by(target: int) -> tuple[list[int], list[int]]:
    """``(first, last)``: the cards from ``first[card]`` to ``last[card] - 1`` beat ``card``
    when ``target`` is the target (:func:`~spieltisch.games.dicht_dran.rules.closeness`).

    The cards closer than a card lie in one run around the target, which grows card by
    card in the order of closeness.
    """
    first = [0] * (HIGHEST + 1)
    last = [0] * (HIGHEST + 1)
    low = high = target  # the empty run: nothing beats the target itself
    for card in sorted(range(LOWEST, HIGHEST + 1), key=CLOSENESS[target].__getitem__):
        first[card], last[card] = low, high
        low = min(low, card)
        high = max(high, card + 1)
    return first, last


#: ``BEATEN_BY[target]``: :func:`beaten_by` for every card that can be the target.
BEATEN_BY: tuple[tuple[list[int], list[int]], ...] = (
    ([], []),
    *(beaten_by(target) for target in range(LOWEST, HIGHEST + 1)),
)


def win_chance(card: int, target: int, unseen: list[int], draws: float) -> float:
    """The chance that none of ``draws`` random unseen cards beats ``card``: comes closer to
    ``target``, or as close and higher (the game's rule)."""
    total = unseen[HIGHEST + 1]
    if total == 0:
        return 1.0
    mine = closeness(card, target)
    beating = sum(
        unseen[other + 1] - unseen[other]
        for other in range(LOWEST, HIGHEST + 1)
        if closeness(other, target) < mine
    )
    return float((1.0 - beating / total) ** draws)


def win_chances(total: int, draws: float) -> list[float]:
    """``result[b]``: :func:`win_chance` of a card that ``b`` of ``total`` unseen cards beat."""
    key = (total, draws)
    chances = _CHANCES.get(key)
    if chances is None:
        chances = (
            [(1.0 - beating / total) ** draws for beating in range(total + 1)] if total else [1.0]
        )
        _CHANCES[key] = chances
    return chances


_CHANCES: dict[tuple[int, float], list[float]] = {}


def plan_scores(table: list[list[float]]) -> list[float]:
    """For each card ``i``: ``table[0][i]`` plus the best value of the later rounds, each
    with a different card (``table[r][c]``: card ``c`` played in round ``r``)."""
    later = table[1:]
    if not later:
        return list(table[0])
    orders = [sorted(range(len(row)), key=row.__getitem__, reverse=True) for row in later]
    best, chosen = _best_plan(later, orders, -1)
    scores = []
    for card, now in enumerate(table[0]):
        rest = best if card not in chosen else _best_plan(later, orders, card)[0]
        scores.append(now + rest)
    return scores


def plan_choices(table: list[list[float]], tie: float) -> list[int]:
    """The cards whose :func:`plan_scores` lie within ``tie`` of the best, in card order.

    The same answer as reading :func:`plan_scores`, with less work: a card that the best
    plan of the later rounds does not use scores ``now + best``. A card it uses scores at
    most that, so its own plan is searched only if it could still come within ``tie`` of
    the best score found so far, and the search gives up on plans below that line.
    """
    now = table[0]
    later = table[1:]
    if not later:
        return _within(list(now), tie)
    orders = [sorted(range(len(row)), key=row.__getitem__, reverse=True) for row in later]
    best, chosen = _best_plan(later, orders, -1)
    scores: list[float | None] = [value + best for value in now]
    free = [value + best for card, value in enumerate(now) if card not in chosen]
    top = max(free) if free else -_INFINITY
    for card in sorted(set(chosen), key=now.__getitem__, reverse=True):
        line = top - tie - _MARGIN  # below it a score cannot be among the choices
        if now[card] + best < line:
            scores[card] = None
            continue
        rest, picks = _best_plan(later, orders, card, line - now[card])
        if not picks:
            scores[card] = None
            continue
        score = now[card] + rest
        scores[card] = score
        top = max(top, score)
    return _within(scores, tie)


def _within(scores: Sequence[float | None], tie: float) -> list[int]:
    best = max(score for score in scores if score is not None)
    return [i for i, score in enumerate(scores) if score is not None and score >= best - tie]


def _best_plan(
    rows: list[list[float]], orders: list[list[int]], banned: int, floor: float = -1e18
) -> tuple[float, tuple[int, ...]]:
    """The best sum over ``rows`` with a different card per row, not card ``banned``, and
    the cards it uses; ``(floor, ())`` if no plan beats ``floor``.

    Branch and bound: a row's best free card is an upper bound, and only a row's best few
    free cards can be in the best plan (a worse card could swap with an unused better one).
    """
    count = len(rows)
    if count <= 2:
        short = _best_short_plan(rows, orders, banned)
        return short if short[0] > floor else (floor, ())
    bound = [0.0] * (count + 1)
    for r in range(count - 1, -1, -1):
        row = rows[r]
        order = orders[r]
        bound[r] = bound[r + 1] + row[order[1] if order[0] == banned else order[0]]
    if bound[0] <= floor:
        return floor, ()
    used = [False] * len(orders[0])
    if banned >= 0:
        used[banned] = True
    picks: list[int] = []
    last = count - 2
    best_value = floor
    best_picks: tuple[int, ...] = ()

    def search(r: int, total: float) -> None:
        nonlocal best_value, best_picks
        if r == count:
            if total > best_value:
                best_value, best_picks = total, tuple(picks)
            return
        if total + bound[r] <= best_value:
            return
        if r == last:  # the last two rows in closed form, as in _best_short_plan
            a1, a2 = _two_free(orders[r], used)
            b1, b2 = _two_free(orders[r + 1], used)
            now, then = rows[r], rows[r + 1]
            if a1 != b1:
                value, pair = total + now[a1] + then[b1], (a1, b1)
            else:
                value, pair = total + now[a1] + then[b2], (a1, b2)
                other = total + now[a2] + then[b1]
                if other > value:
                    value, pair = other, (a2, b1)
            if value > best_value:
                best_value, best_picks = value, (*picks, *pair)
            return
        row = rows[r]
        tried = count - r
        for card in orders[r]:
            if used[card]:
                continue
            used[card] = True
            picks.append(card)
            search(r + 1, total + row[card])
            picks.pop()
            used[card] = False
            tried -= 1
            if not tried:
                break

    search(0, 0.0)
    return best_value, best_picks


def _two_free(order: list[int], used: list[bool]) -> tuple[int, int]:
    """The first two cards of ``order`` that are not ``used``."""
    first = -1
    for card in order:
        if not used[card]:
            if first >= 0:
                return first, card
            first = card
    raise AssertionError("a plan always has two free cards for its last two rounds")


def _best_short_plan(
    rows: list[list[float]], orders: list[list[int]], banned: int
) -> tuple[float, tuple[int, ...]]:
    """:func:`_best_plan` for one or two rows, in closed form: the best plan uses each
    row's best card, or for two rows that want the same card, one row's second best."""
    first = [card for card in orders[0][:3] if card != banned]
    if len(rows) == 1:
        return rows[0][first[0]], (first[0],)
    second = [card for card in orders[1][:3] if card != banned]
    a, b = first[0], second[0]
    if a != b:
        return rows[0][a] + rows[1][b], (a, b)
    keep_first = rows[0][a] + rows[1][second[1]]
    keep_second = rows[0][first[1]] + rows[1][b]
    if keep_first >= keep_second:
        return keep_first, (a, second[1])
    return keep_second, (first[1], b)


def make(game: Any, seed: int, params: dict[str, str], spec: str) -> DichtDranBot:
    """The Dicht dran heuristic bot; parameters ``draw`` and ``keep`` (numbers from 0)."""
    if not isinstance(game, DichtDran):
        raise BotSpecError(f"this heuristic bot plays dicht-dran, not {game.spec.id}")
    return DichtDranBot(
        game,
        seed,
        name=spec,
        draw_cost=number(params, "draw", DRAW_COST),
        keep=number(params, "keep", KEEP),
    )
