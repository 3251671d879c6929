"""Tournaments: bots against each other with the seats rotated, rated and summarised.

Game ``i`` seats the lineup rotated by ``i`` places (seat ``s`` gets bot ``(s + i) mod N``),
so over every block of N games each named bot sits in every seat once. Results are per
distinct bot spec: a bot named for several seats pools all of them.

Per bot: its win share (a first place shared by k seats counts 1/k), the 95 % Wilson
interval of that share, its mean score, and an openskill Plackett–Luce rating updated after
every game from the places of all seats. A spec sitting in several seats of one game is
rated as that many team members whose updates are averaged.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from spieltisch.bots import bot_specs_for, make_bot
from spieltisch.bots.ismcts import win_shares
from spieltisch.core.chance import derive_seed
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import JSON, Game
from spieltisch.core.match import play_match
from spieltisch.sim.runner import game_seed
from spieltisch.sim.stats import wilson


@dataclass(slots=True)
class BotRecord:
    """What one bot spec achieved over the tournament."""

    spec: str
    rating: PlackettLuceRating
    seats: int = 0
    win_credit: float = 0.0
    score_sum: float = 0.0
    seat_wins: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, JSON]:
        share = self.win_credit / self.seats if self.seats else 0.0
        low, high = wilson(self.win_credit, self.seats)
        return {
            "bot": self.spec,
            "seats_played": self.seats,
            "win_share": round(share, 6),
            "win_share_ci95": [round(low, 6), round(high, 6)],
            "mean_score": round(self.score_sum / self.seats, 6) if self.seats else 0.0,
            "rating": {
                "mu": round(self.rating.mu, 4),
                "sigma": round(self.rating.sigma, 4),
                "ordinal": round(self.rating.ordinal(), 4),
            },
            "win_share_by_seat": [round(w, 6) for w in self.seat_wins],
        }


def tournament(
    game: Game[Any, Any, Any],
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    progress: Callable[[int], None] | None = None,
) -> dict[str, JSON]:
    """Play ``games`` games with the lineup ``bots`` (one spec per seat), rotated."""
    game.spec.check_seats(players)
    if len(bots) != players:
        raise BotSpecError(f"a tournament names one bot per seat ({players}), got {len(bots)}")
    lineup = bot_specs_for(bots, players)
    if games < players or games % players:
        raise BotSpecError(
            f"--games must be a multiple of {players}, so that every bot sits in every seat "
            f"equally; got {games}"
        )
    model = PlackettLuce()
    records = {
        spec: BotRecord(spec, model.rating(name=spec), seat_wins=[0.0] * players)
        for spec in dict.fromkeys(lineup)
    }
    #: How often each spec sits in any one seat: every rotation puts each lineup entry there.
    per_seat = {spec: lineup.count(spec) * games // players for spec in records}
    started = time.perf_counter()
    for index in range(games):
        seated = [lineup[(seat + index) % players] for seat in range(players)]
        agents = [
            make_bot(spec, game, derive_seed(seed, "tournament", index, seat))
            for seat, spec in enumerate(seated)
        ]
        result = play_match(game, agents, game_seed(seed, index)).transcript.result
        assert result is not None
        _record(model, records, seated, result.scores, result.ranking)
        if progress is not None:
            progress(index + 1)
    elapsed = time.perf_counter() - started
    for record in records.values():
        record.seat_wins = [credit / per_seat[record.spec] for credit in record.seat_wins]
    return {
        "game": game.spec.id,
        "rules_version": game.spec.rules_version,
        "options": dict(game.options),
        "players": players,
        "games": games,
        "seed": seed,
        "lineup": list(lineup),
        "bots": [record.to_json() for record in records.values()],
        "timing": {"seconds": round(elapsed, 3)},
    }


def _record(
    model: PlackettLuce,
    records: dict[str, BotRecord],
    seated: Sequence[str],
    scores: Sequence[float],
    ranking: Sequence[int],
) -> None:
    """Add one game's result: win credit, scores, and the rating update."""
    shares = win_shares(ranking)
    for seat, spec in enumerate(seated):
        record = records[spec]
        record.seats += 1
        record.win_credit += shares[seat]
        record.score_sum += scores[seat]
        record.seat_wins[seat] += shares[seat]
    teams = [[records[spec].rating] for spec in seated]
    updated = model.rate(teams, ranks=list(ranking))
    for spec in records:
        mine = [team[0] for team, name in zip(updated, seated, strict=True) if name == spec]
        if mine:
            rating = records[spec].rating
            rating.mu = sum(r.mu for r in mine) / len(mine)
            rating.sigma = sum(r.sigma for r in mine) / len(mine)
