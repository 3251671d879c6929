"""Tournaments: bots against each other with the seats rotated, rated and summarised.

Game ``i`` seats the lineup rotated by ``i`` places (seat ``s`` gets bot ``(s + i) mod N``),
so over every block of N games each named bot sits in every seat once. Results are per
distinct bot spec: a bot named for several seats pools all of them.

Per bot: its win share (a first place shared by k seats counts 1/k), the 95 % Wilson
interval of that share, its mean score, and an openskill Plackett–Luce rating updated after
every game from the places of all seats. A spec sitting in several seats of one game is
rated as that many team members whose updates are averaged.

The games can be played in several processes (``workers``): each game's bots and deal
depend only on the seed and the game's index, and the results are recorded in the order
of the games, so the ratings and every other figure are the same however many processes
played. With ``transcripts``, every game is saved as a replayable transcript that names
the bot in each seat.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from spieltisch.bots import bot_specs_for, make_bot
from spieltisch.bots.ismcts import win_shares
from spieltisch.core.chance import derive_seed
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import JSON, Game
from spieltisch.core.match import play_match
from spieltisch.core.options import OptionValue
from spieltisch.games import make_game
from spieltisch.sim.runner import (
    INLINE_BELOW,
    SimulationError,
    absolute_paths,
    chunk_ranges,
    game_seed,
    play_in_order,
)
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


@dataclass(frozen=True, slots=True)
class TournamentPlan:
    """What a worker needs to play games of a tournament: plain, picklable values only."""

    game: str
    options: dict[str, OptionValue]
    players: int
    seed: int
    lineup: tuple[str, ...]
    transcripts: str | None = None


@dataclass(frozen=True, slots=True)
class Played:
    """One game's result: who sat where, the scores and the places."""

    seated: tuple[str, ...]
    scores: tuple[float, ...]
    ranking: tuple[int, ...]


def seating(lineup: Sequence[str], index: int) -> tuple[str, ...]:
    """The bots of game ``index``: the lineup rotated by ``index`` places."""
    players = len(lineup)
    return tuple(lineup[(seat + index) % players] for seat in range(players))


def play_games(plan: TournamentPlan, start: int, stop: int) -> list[Played]:
    """Play games ``start`` to ``stop - 1`` of a tournament (a module-level function of
    picklable arguments, so that worker processes can run it)."""
    game = make_game(plan.game, plan.options)
    played = []
    for index in range(start, stop):
        seated = seating(plan.lineup, index)
        agents = [
            make_bot(spec, game, derive_seed(plan.seed, "tournament", index, seat))
            for seat, spec in enumerate(seated)
        ]
        transcript = play_match(game, agents, game_seed(plan.seed, index)).transcript
        if plan.transcripts is not None:
            transcript.save(Path(plan.transcripts) / f"{plan.game}-{index:06d}.json")
        result = transcript.result
        assert result is not None
        played.append(Played(seated, tuple(result.scores), tuple(result.ranking)))
    return played


def tournament(
    game: Game[Any, Any, Any],
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    progress: Callable[[int], None] | None = None,
    *,
    workers: int = 1,
    transcripts: Path | None = None,
    inline_below: float = INLINE_BELOW,
) -> dict[str, JSON]:
    """Play ``games`` games with the lineup ``bots`` (one spec per seat), rotated, in
    ``workers`` processes (1: this one), saving each game's transcript in the folder
    ``transcripts`` if given. The summary is the same however many processes play."""
    game.spec.check_seats(players)
    if len(bots) != players:
        raise BotSpecError(code="tournament_bot_count", players=players, given=len(bots))
    lineup = bot_specs_for(bots, players)
    if games < players or games % players:
        raise BotSpecError(code="tournament_games", players=players, twice=2 * players, games=games)
    if workers < 1:
        raise SimulationError(code="sim_workers_count", workers=workers)
    folder = None
    if transcripts is not None:  # made now: a bad folder is refused before any game
        if transcripts.exists() and not transcripts.is_dir():
            raise SimulationError(code="sim_transcripts_file", path=str(transcripts))
        transcripts.mkdir(parents=True, exist_ok=True)
        folder = str(transcripts.resolve())
    options = absolute_paths(game, dict(game.options))
    plan = TournamentPlan(game.spec.id, options, players, seed, tuple(lineup), folder)
    model = PlackettLuce()
    records = {
        spec: BotRecord(spec, model.rating(name=spec), seat_wins=[0.0] * players)
        for spec in dict.fromkeys(lineup)
    }
    #: How often each spec sits in any one seat: every rotation puts each lineup entry there.
    per_seat = {spec: lineup.count(spec) * games // players for spec in records}
    started = time.perf_counter()
    done = 0

    def take(chunk: list[Played]) -> None:
        nonlocal done
        for played in chunk:  # in the order of the games: the ratings depend on it
            _record(model, records, played.seated, played.scores, played.ranking)
        done += len(chunk)
        if progress is not None:
            progress(done)

    ranges = chunk_ranges(games)
    backend = play_in_order(play_games, plan, ranges, workers, take, inline_below)
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
        "game_seeds": f'derive_seed({seed}, "game", i) for i in 0..{games - 1}',
        "fair_share": round(1 / players, 6),
        "bots": [record.to_json() for record in records.values()],
        "timing": {
            "seconds": round(elapsed, 3),
            "workers": 1 if backend == "inline" else min(workers, len(ranges) - 1),
            "backend": backend,
        },
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
