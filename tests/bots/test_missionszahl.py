"""The heuristic Missionszahl bot: legal, reproducible, honest (views only) and clearly
stronger than random play, for every seat count."""

from __future__ import annotations

import pytest

from spieltisch.core.match import play_match
from spieltisch.games import make_game
from spieltisch.games.missionszahl import Phase
from tests.bots.common import ViewOnly, heuristic_lineup

SEATS = range(2, 5)


@pytest.mark.parametrize("seats", SEATS)
def test_meets_every_phase_of_the_game(seats: int) -> None:
    game = make_game("missionszahl")
    phases: set[str] = set()
    for seed in range(12):
        agents = heuristic_lineup(game, seats, seed, mixed=bool(seed % 2))
        match = play_match(game, agents, seed)
        assert game.is_terminal(match.state)
        for agent in agents:
            if isinstance(agent, ViewOnly):
                phases |= agent.phases
    expected = {Phase.COMMIT, Phase.SHIFT, Phase.SWAP, Phase.EXCHANGE, Phase.TRADE}
    if seats > 2:
        expected.add(Phase.GIVE)
    assert {phase.value for phase in expected} <= phases
