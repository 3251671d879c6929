"""The heuristic Missionszahl bot: legal, reproducible, honest (views only) and clearly
stronger than random play, for every seat count."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from spieltisch.bots import RandomBot, make_bot
from spieltisch.core.chance import derive_seed
from spieltisch.core.game import View
from spieltisch.core.match import Agent, play_match
from spieltisch.games import make_game
from spieltisch.games.missionszahl import MissionszahlView, Phase

SEATS = range(2, 5)


class ViewOnly:
    """Wraps a bot and checks that it is handed its own seat's view, never a state."""

    wants_view = True

    def __init__(self, inner: Agent, seat: int) -> None:
        self.inner = inner
        self.name = inner.name
        self.seat = seat
        self.phases: set[str] = set()

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        assert type(view) is MissionszahlView
        assert view.seat == self.seat
        self.phases.add(view.phase)
        action = self.inner.act(view, legal)
        assert any(action is candidate for candidate in legal)
        return action


@pytest.mark.parametrize("seats", SEATS)
def test_plays_whole_games_with_legal_actions_from_views(seats: int) -> None:
    game = make_game("missionszahl")
    phases: set[str] = set()
    for seed in range(12):
        agents: list[Agent] = []
        for seat in range(seats):
            bot_seed = derive_seed(seed, "bot", seat)
            if seed % 2 and seat % 2:
                agents.append(RandomBot(bot_seed))
            else:
                agents.append(ViewOnly(make_bot("heuristic", game, bot_seed), seat))
        match = play_match(game, agents, seed)
        assert game.is_terminal(match.state)
        for agent in agents:
            if isinstance(agent, ViewOnly):
                phases |= agent.phases
    expected = {Phase.COMMIT, Phase.SHIFT, Phase.SWAP, Phase.EXCHANGE, Phase.TRADE}
    if seats > 2:
        expected.add(Phase.GIVE)
    assert {phase.value for phase in expected} <= phases


def test_same_seed_same_transcript() -> None:
    game = make_game("missionszahl")
    runs = []
    for _ in range(2):
        agents = [make_bot("heuristic", game, 40 + seat) for seat in range(4)]
        runs.append(play_match(game, agents, 5).transcript.actions)
    assert runs[0] == runs[1]


def test_bot_module_does_not_import_the_bots_package() -> None:
    import spieltisch.bots.missionszahl as module

    assert "spieltisch.bots import" not in Path(module.__file__).read_text(encoding="utf-8")


def win_share(seats: int, games: int) -> float:
    """The bot's share of first places against random bots, rotating its seat."""
    game = make_game("missionszahl")
    wins = 0
    for index in range(games):
        mine = index % seats
        agents: list[Agent] = [
            make_bot("heuristic" if seat == mine else "random", game, 1000 * index + seat)
            for seat in range(seats)
        ]
        result = play_match(game, agents, derive_seed(17, "game", index)).transcript.result
        assert result is not None
        wins += result.ranking[mine] == 1
    return wins / games


@pytest.mark.parametrize("seats", SEATS)
def test_beats_random_bots(seats: int) -> None:
    assert win_share(seats, 200) >= 1.6 / seats
