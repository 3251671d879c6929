"""The statistics of the summary and the report, written out (normal approximations).

- A seat's win share gets a 95 % **Wilson score interval**, which stays sensible near 0 and
  1 and for few games.
- Whether seats differ: each seat's win share is compared with the mean share of all seats
  (the fair share when first places are never shared) by a **one-sample z-test** of a
  proportion.
- Two rule variants are played with the same seeds, game by game, so each game gives a
  paired difference (in length, in a seat's first place, in a seat's score). The mean
  difference gets a 95 % interval and a two-sided p-value from the **paired z-test** (the
  mean over its standard error; with thousands of games the t and normal distributions
  agree). For first places this is the normal form of McNemar's test.

p-values come from the normal distribution through ``math.erfc``; no test corrects for
running several at once (docs/simulation.md says how to read that).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from spieltisch.sim.tally import Moments

#: The 97.5 % quantile of the standard normal distribution: 95 % two-sided.
Z95 = 1.959963984540054
#: The significance level the report's verdicts use.
ALPHA = 0.05


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default); ``successes`` may be
    fractional (a shared first place counts a share of a win)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    return math.erfc(abs(z) / math.sqrt(2))


def proportion_test(successes: int, trials: int, expected: float) -> tuple[float, float]:
    """``(z, p)`` of the one-sample z-test of ``successes / trials`` against ``expected``."""
    if trials == 0 or not 0 < expected < 1:
        return (0.0, 1.0)
    z = (successes / trials - expected) / math.sqrt(expected * (1 - expected) / trials)
    return (z, two_sided_p(z))


@dataclass(frozen=True, slots=True)
class Difference:
    """A mean paired difference with its 95 % interval and two-sided p-value."""

    mean: float
    low: float
    high: float
    p: float

    @property
    def significant(self) -> bool:
        return self.p < ALPHA

    def to_json(self) -> dict[str, float | bool | list[float]]:
        return {
            "mean": round(self.mean, 6),
            "ci95": [round(self.low, 6), round(self.high, 6)],
            "p": float(f"{self.p:.4g}"),
            "significant": self.significant,
        }


def paired_difference(moments: Moments) -> Difference:
    """The paired z-test of differences tallied in ``moments``."""
    n = moments.count
    mean = moments.mean
    if n < 2:
        return Difference(mean, -math.inf, math.inf, 1.0)
    error = math.sqrt(moments.variance / n)
    if error == 0:  # every game gave the same difference
        return Difference(mean, mean, mean, 1.0 if mean == 0 else 0.0)
    return Difference(mean, mean - Z95 * error, mean + Z95 * error, two_sided_p(mean / error))
