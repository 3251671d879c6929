"""Mergeable tallies of many games: counts and exact sums, never a list of games.

A simulation splits its games into chunks; each chunk is tallied on its own (in another
process, or on a Ray cluster) and the tallies are merged. Every number in a tally is an
exact integer (or an exact fraction, for a game whose scores are not whole numbers), so
merging in any order gives the same tally, bit for bit, and the summary does not depend on
how many workers played. A tally's size depends on the game (its longest game, its range
of scores), never on the number of games.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

#: A score as tallied: an int, or an exact fraction for a score that is not a whole number.
Number = int | Fraction


def exact(value: float) -> Number:
    """``value`` as an exact number (whole scores stay ints, which keeps tallies small)."""
    if isinstance(value, int):
        return value
    if float(value).is_integer():
        return int(value)
    return Fraction(value)


@dataclass(slots=True)
class Moments:
    """Count, sum and sum of squares of a quantity: its mean and spread, mergeable."""

    count: int = 0
    total: Number = 0
    squares: Number = 0

    def add(self, value: Number) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        self.count += other.count
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return float(Fraction(self.total) / self.count) if self.count else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (``n − 1`` in the denominator), computed exactly."""
        n = self.count
        if n < 2:
            return 0.0
        total = Fraction(self.total)
        return float((Fraction(self.squares) - total * total / n) / (n - 1))


@dataclass(slots=True)
class Tally:
    """What the summary and the report need from games of one rule set.

    ``wins[s]`` counts first places of seat ``s`` (a shared first place counts for each
    sharer); ``scores[s]`` and ``score_counts[s]`` hold seat ``s``'s scores; ``lengths`` and
    ``length_counts`` the number of actions per game, ``units`` and ``unit_counts`` its length
    as the rules count it (:attr:`~spieltisch.core.game.Game.length_unit`).

    For the designers' metrics (:mod:`spieltisch.sim.metrics`): ``shared_first`` counts games
    whose first place was shared; ``spread`` the highest final score minus the lowest, and
    ``margin`` the best minus the second best, per game; ``sole_leaders`` the games that had
    one leader at half-time, and ``leader_lost`` those of them the leader did not win.
    """

    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    scores: list[Moments] = field(default_factory=list)
    score_counts: list[Counter[Number]] = field(default_factory=list)
    lengths: Moments = field(default_factory=Moments)
    length_counts: Counter[int] = field(default_factory=Counter)
    units: Moments = field(default_factory=Moments)
    unit_counts: Counter[int] = field(default_factory=Counter)
    shared_first: int = 0
    spread: Moments = field(default_factory=Moments)
    margin: Moments = field(default_factory=Moments)
    sole_leaders: int = 0
    leader_lost: int = 0

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players
            self.scores = [Moments() for _ in range(self.players)]
            self.score_counts = [Counter() for _ in range(self.players)]

    def add(
        self,
        scores: tuple[float, ...],
        ranking: tuple[int, ...],
        length: int,
        units: int = 0,
        halftime: tuple[float, ...] | None = None,
    ) -> None:
        """Count one finished game of ``length`` actions and ``units`` rounds or turns;
        ``halftime`` is the standing at half-time (:func:`half_time_leader`), if known."""
        self.games += 1
        exact_scores = [exact(score) for score in scores[: self.players]]
        for seat, score in enumerate(exact_scores):
            self.wins[seat] += ranking[seat] == 1
            self.scores[seat].add(score)
            self.score_counts[seat][score] += 1
        self.lengths.add(length)
        self.length_counts[length] += 1
        self.units.add(units)
        self.unit_counts[units] += 1
        self.shared_first += sum(place == 1 for place in ranking) > 1
        ordered = sorted(exact_scores, reverse=True)
        self.spread.add(ordered[0] - ordered[-1])
        self.margin.add(ordered[0] - ordered[1] if len(ordered) > 1 else 0)
        leader = half_time_leader(halftime)
        if leader is not None:
            self.sole_leaders += 1
            self.leader_lost += ranking[leader] != 1

    def merge(self, other: Tally) -> None:
        """Add ``other``'s games to this tally."""
        self.games += other.games
        for seat in range(self.players):
            self.wins[seat] += other.wins[seat]
            self.scores[seat].merge(other.scores[seat])
            self.score_counts[seat].update(other.score_counts[seat])
        self.lengths.merge(other.lengths)
        self.length_counts.update(other.length_counts)
        self.units.merge(other.units)
        self.unit_counts.update(other.unit_counts)
        self.shared_first += other.shared_first
        self.spread.merge(other.spread)
        self.margin.merge(other.margin)
        self.sole_leaders += other.sole_leaders
        self.leader_lost += other.leader_lost


def half_time_leader(standing: tuple[float, ...] | None) -> int | None:
    """The seat that alone had the most points at half-time; ``None`` if several shared the
    lead (or the standing is unknown): a shared lead says nothing about comebacks."""
    if not standing:
        return None
    best = max(standing)
    leaders = [seat for seat, points in enumerate(standing) if points == best]
    return leaders[0] if len(leaders) == 1 else None


@dataclass(slots=True)
class Paired:
    """Per-game differences between a variant and the baseline, played with the same seeds:
    game length (in actions, and in rounds or turns), each seat's first place (1, 0 or −1)
    and each seat's score."""

    players: int
    lengths: Moments = field(default_factory=Moments)
    units: Moments = field(default_factory=Moments)
    wins: list[Moments] = field(default_factory=list)
    scores: list[Moments] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [Moments() for _ in range(self.players)]
            self.scores = [Moments() for _ in range(self.players)]

    def add(self, variant: Outcome, baseline: Outcome) -> None:
        self.lengths.add(variant.length - baseline.length)
        self.units.add(variant.units - baseline.units)
        for seat in range(self.players):
            won = (variant.ranking[seat] == 1) - (baseline.ranking[seat] == 1)
            self.wins[seat].add(won)
            self.scores[seat].add(exact(variant.scores[seat]) - exact(baseline.scores[seat]))

    def merge(self, other: Paired) -> None:
        self.lengths.merge(other.lengths)
        self.units.merge(other.units)
        for seat in range(self.players):
            self.wins[seat].merge(other.wins[seat])
            self.scores[seat].merge(other.scores[seat])


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of one game, as far as tallies care."""

    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    length: int
    #: The length as the rules count it (:meth:`~spieltisch.core.game.Game.progress`).
    units: int = 0
    #: Each seat's standing (:meth:`~spieltisch.core.game.Game.standing`) at half-time:
    #: when the game's progress first reached half its final value.
    halftime: tuple[float, ...] | None = None


@dataclass(slots=True)
class ChunkTally:
    """The tallies of one chunk of games: one per variant (the baseline first), and the
    paired differences of every other variant against the baseline."""

    start: int
    stop: int
    variants: list[Tally]
    paired: list[Paired]

    def merge(self, other: ChunkTally) -> None:
        self.start = min(self.start, other.start)
        self.stop = max(self.stop, other.stop)
        for mine, theirs in zip(self.variants, other.variants, strict=True):
            mine.merge(theirs)
        for mine_p, theirs_p in zip(self.paired, other.paired, strict=True):
            mine_p.merge(theirs_p)
