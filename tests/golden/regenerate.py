"""Write the golden transcripts: a few random games per game and seat count.

Run ``python -m tests.golden.regenerate`` only on purpose, when a game's rules version
changes; the golden test then shows in review exactly which recorded games changed.
"""

from __future__ import annotations

from pathlib import Path

from spieltisch.core.match import play_match
from spieltisch.games import REGISTRY, make_game
from tests.helpers import random_agents

HERE = Path(__file__).parent
SEEDS = (2026, 11)


def regenerate() -> list[Path]:
    written = []
    for game_id in REGISTRY:
        game = make_game(game_id)
        for seats in game.spec.seat_counts:
            for seed in SEEDS:
                match = play_match(game, random_agents(game, seats, seed), seed)
                path = HERE / game_id / f"{seats}p-seed{seed}.json"
                match.transcript.save(path)
                written.append(path)
    return written


if __name__ == "__main__":
    for path in regenerate():
        print(path)
