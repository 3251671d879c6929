"""Play many games between bots and summarise them.

Game ``i`` of a run with seed ``S`` is shuffled with ``derive_seed(S, "game", i)`` and its
bots are seeded with ``derive_seed(S, "bot", i, seat)``, so any game of a run can be
replayed alone, and the summary depends only on the arguments.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from spieltisch.bots import make_bot
from spieltisch.core.chance import derive_seed
from spieltisch.core.game import JSON, Game
from spieltisch.core.match import play_match


def game_seed(seed: int, index: int) -> int:
    """The shuffle seed of game ``index`` of a run with ``seed``."""
    return derive_seed(seed, "game", index)


def simulate(
    game: Game[Any, Any, Any],
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    transcripts: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, JSON]:
    """Play ``games`` games of ``players`` seats (``bots[seat]`` each) and summarise.

    ``wins[seat]`` counts first places (a shared first place counts for each sharer);
    ``mean_length`` is the mean number of actions per game.
    """
    game.spec.check_seats(players)
    wins = [0] * players
    score_sums = [0.0] * players
    lengths: list[int] = []
    started = time.perf_counter()
    for index in range(games):
        agents = [
            make_bot(bots[s], game, derive_seed(seed, "bot", index, s)) for s in range(players)
        ]
        match = play_match(game, agents, game_seed(seed, index))
        result = match.transcript.result
        assert result is not None
        for seat in range(players):
            wins[seat] += result.ranking[seat] == 1
            score_sums[seat] += result.scores[seat]
        lengths.append(len(match.transcript.actions))
        if transcripts is not None:
            match.transcript.save(transcripts / f"{game.spec.id}-{index:06d}.json")
        if progress is not None:
            progress(index + 1)
    elapsed = time.perf_counter() - started
    return {
        "game": game.spec.id,
        "rules_version": game.spec.rules_version,
        "options": dict(game.options),
        "players": players,
        "games": games,
        "seed": seed,
        "bots": list(bots),
        "wins": wins,
        "win_share": [w / games if games else 0.0 for w in wins],
        "mean_scores": [round(s / games, 6) if games else 0.0 for s in score_sums],
        "mean_length": round(sum(lengths) / games, 6) if games else 0.0,
        "min_length": min(lengths, default=0),
        "max_length": max(lengths, default=0),
        "timing": {
            "seconds": round(elapsed, 3),
            "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
        },
    }
