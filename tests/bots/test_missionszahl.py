"""The heuristic Missionszahl bot: legal, reproducible, honest (views only) and clearly
stronger than random play, for every seat count."""

from __future__ import annotations

import pytest

from spieltisch.bots.missionszahl import MissionszahlBot
from spieltisch.core.match import play_match
from spieltisch.games import make_game
from spieltisch.games.missionszahl import Phase
from spieltisch.games.missionszahl.actions import NO_SWAP, SWAPS
from spieltisch.games.missionszahl.game import Missionszahl
from tests.bots.common import ViewOnly, heuristic_lineup
from tests.games.test_missionszahl import lay, table

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


@pytest.mark.parametrize("seats", SEATS)
def test_plays_whole_games_where_the_swap_is_compulsory(seats: int) -> None:
    """Option ``swap=compulsory``: the winner has no "keep" to choose, and the bot swaps
    every round it wins (the match loop refuses anything not listed)."""
    game = make_game("missionszahl", {"swap": "compulsory"})
    for seed in range(4):
        agents = heuristic_lineup(game, seats, seed, mixed=False)
        match = play_match(game, agents, seed)
        assert game.is_terminal(match.state)
        swaps = [a for _, a in match.transcript.actions if a["type"] == "swap"]
        assert swaps
        assert all(swap["seat"] is not None for swap in swaps)


def test_a_compulsory_swap_takes_the_least_bad_card() -> None:
    """With every other played card worth less to it than its own, the winner keeps its
    card where it may, and where it must swap it takes the card that costs it least."""
    for option, expected in (("optional", NO_SWAP), ("compulsory", SWAPS[2])):
        game = Missionszahl({"swap": option})
        state = table([["R27", "G5"], ["R1", "G6"], ["R3", "G7"]], mission="R26")
        lay(game, state, ["R27", "R1", "R3"])
        assert state.phase == Phase.SWAP
        assert state.winner == 0
        bot = MissionszahlBot(game, 1, "h")
        assert bot.act(game.view(state, 0), game.legal_actions(state, 0)) == expected
