"""The metrics game designers read, each with its 95 % interval, from a simulation's tally.

Every metric is ``{"value", "low", "high", "unit", "label_en", "label_de", "n"}`` (``n``: the
games it is measured on), so that the summary, the report, the lab page and the tuner show
them alike, in either language:

- ``length``: the mean game length in the game's own unit (:attr:`Game.length_unit`:
  rounds or turns; actions for a game that counts nothing); interval mean ± 1.96·sd/√n.
- ``minutes``: that length in minutes at the table, from an assumed time per round or turn
  (:data:`SECONDS_PER_UNIT`, per game and player count); the same interval, scaled.
- ``first_seat_advantage``: the first seat's win share minus the fair share (the mean share
  of all seats); the interval is the first seat's Wilson interval, shifted the same way.
- ``comebacks``: of the games with one leader at half-time (the standing when the game's
  progress first reached half its final value), the share that leader did not win;
  Wilson interval. A game whose lead was shared at half-time is left out.
- ``score_spread``: the mean of the highest final score minus the lowest, per game.
- ``margin``: the mean margin of victory, the best final score minus the second best.
- ``ties``: the share of games whose first place was shared; Wilson interval.
- ``skill_heuristic``, ``skill_strongest`` (only when asked: they cost games of their own):
  the win share of the game's heuristic, and of its strongest bot, at a table of random
  bots, its seat turning round the table; Wilson interval. A share far above the fair
  share (1/players) means skill matters.
"""

from __future__ import annotations

import math
from typing import Any

from spieltisch.sim.stats import Z95, wilson
from spieltisch.sim.tally import Moments, Tally

Metric = dict[str, Any]

#: Assumed seconds at the table per unit of length, as (fixed, per player): a round in
#: which every player lays a card, or one player's turn. Rough figures for players who
#: know the rules; they make ``minutes`` comparable between variants of one game, not a
#: promise. Triggs' sheet says about 20 minutes, which its 14 s a turn give for the
#: 88 turns of three heuristic players.
SECONDS_PER_UNIT: dict[str, tuple[float, float]] = {
    "dicht-dran": (10.0, 4.0),  # a round: everyone picks a card face down, reveal, score
    "cento": (20.0, 0.0),  # a turn: one player lays a chain of cards or draws
    "triggs": (14.0, 0.0),  # a turn: draw two, discard, or announce and cross off
    "missionszahl": (20.0, 8.0),  # a round: a mission card, a card each, symbols, swap
    "magic-numbers": (90.0, 30.0),  # a round: bidding on a row, then the quiz answers
}
#: For a game not in the table: seconds per unit (or per action, for a game without one).
DEFAULT_SECONDS = (10.0, 0.0)

#: The labels of the metrics, in English and German.
LABELS: dict[str, tuple[str, str]] = {
    "length": ("game length", "Spiellänge"),
    "minutes": ("estimated minutes at the table", "geschätzte Minuten am Tisch"),
    "first_seat_advantage": (
        "first seat's advantage (win share minus fair share)",
        "Vorteil des ersten Sitzes (Siegquote minus fairer Anteil)",
    ),
    "comebacks": (
        "comebacks (the leader at half-time does not win)",
        "Aufholjagden (wer zur Halbzeit führt, gewinnt nicht)",
    ),
    "score_spread": (
        "score spread (highest minus lowest final score)",
        "Punktespanne (höchste minus niedrigste Endwertung)",
    ),
    "margin": (
        "margin of victory (best minus second best score)",
        "Vorsprung des Siegers (beste minus zweitbeste Wertung)",
    ),
    "ties": ("ties (shared first place)", "Gleichstände (geteilter erster Platz)"),
    "skill_heuristic": (
        "skill: the heuristic's win share among random bots",
        "Können: Siegquote der Heuristik unter Zufallsbots",
    ),
    "skill_strongest": (
        "skill: the strongest bot's win share among random bots",
        "Können: Siegquote des stärksten Bots unter Zufallsbots",
    ),
}


def seconds_per_unit(game_id: str, players: int) -> float:
    """The assumed seconds per round or turn of ``game_id`` at a table of ``players``."""
    fixed, each = SECONDS_PER_UNIT.get(game_id, DEFAULT_SECONDS)
    return fixed + each * players


def metric(name: str, value: float, low: float, high: float, unit: str, n: int) -> Metric:
    """One metric in the shared shape."""
    label_en, label_de = LABELS[name]
    return {
        "value": round(value, 6),
        "low": round(low, 6),
        "high": round(high, 6),
        "unit": unit,
        "label_en": label_en,
        "label_de": label_de,
        "n": n,
    }


def mean_interval(moments: Moments) -> tuple[float, float, float]:
    """A mean with its 95 % normal interval (mean ± 1.96·sd/√n)."""
    mean = moments.mean
    if moments.count < 2:
        return mean, mean, mean
    half = Z95 * math.sqrt(moments.variance / moments.count)
    return mean, mean - half, mean + half


def share_metric(name: str, hits: int, games: int, unit: str = "share") -> Metric:
    """A share of games with its Wilson interval."""
    low, high = wilson(hits, games)
    return metric(name, hits / games if games else 0.0, low, high, unit, games)


def metrics_of(tally: Tally, game_id: str, length_unit: str | None) -> dict[str, Metric]:
    """Every metric a tally gives (all but the skill metrics, which need games of their own)."""
    games = tally.games
    players = tally.players
    if length_unit is None:
        unit, lengths = "actions", tally.lengths
    else:
        unit, lengths = length_unit, tally.units
    mean, low, high = mean_interval(lengths)
    per_minute = seconds_per_unit(game_id, players) / 60
    fair = sum(tally.wins) / (games * players) if games else 0.0
    first_low, first_high = wilson(tally.wins[0], games)
    first = tally.wins[0] / games if games else 0.0
    return {
        "length": metric("length", mean, low, high, unit, games),
        "minutes": metric(
            "minutes", mean * per_minute, low * per_minute, high * per_minute, "min", games
        ),
        "first_seat_advantage": metric(
            "first_seat_advantage",
            first - fair,
            first_low - fair,
            first_high - fair,
            "share",
            games,
        ),
        "comebacks": share_metric("comebacks", tally.leader_lost, tally.sole_leaders),
        "score_spread": metric("score_spread", *mean_interval(tally.spread), "points", games),
        "margin": metric("margin", *mean_interval(tally.margin), "points", games),
        "ties": share_metric("ties", tally.shared_first, games),
    }


def skill_metric(name: str, wins: int, games: int) -> Metric:
    """``skill_heuristic`` or ``skill_strongest``: a bot's first places among random bots."""
    return share_metric(name, wins, games)


def label(entry: Metric, lang: str) -> str:
    """A metric's label in ``lang`` ("de" or "en")."""
    return str(entry["label_de"] if lang == "de" else entry["label_en"])
