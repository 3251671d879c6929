"""The heuristic Cento bot: legal, reproducible, honest (views only) and clearly stronger than
random play, in all three variants and for every seat count."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from spieltisch.bots import RandomBot, make_bot
from spieltisch.bots.cento import CentoBot
from spieltisch.core.chance import derive_seed
from spieltisch.core.game import View
from spieltisch.core.match import Agent, play_match
from spieltisch.games import make_game
from spieltisch.games.cento import CentoView

VARIANTS = (1, 2, 3)
SEATS = range(2, 7)


class ViewOnly:
    """Wraps a bot and checks that it is handed its own seat's view, never a state."""

    wants_view = True

    def __init__(self, inner: Agent, seat: int) -> None:
        self.inner = inner
        self.name = inner.name
        self.seat = seat
        self.calls = 0

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        assert type(view) is CentoView
        assert view.seat == self.seat
        self.calls += 1
        action = self.inner.act(view, legal)
        assert any(action is candidate for candidate in legal)
        return action


def heuristic_seats(variant: int, seats: int, seed: int, mixed: bool) -> list[Agent]:
    game = make_game("cento", {"variant": variant})
    agents: list[Agent] = []
    for seat in range(seats):
        bot_seed = derive_seed(seed, "bot", seat)
        if mixed and seat % 2:
            agents.append(RandomBot(bot_seed))
        else:
            agents.append(ViewOnly(make_bot("heuristic", game, bot_seed), seat))
    return agents


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seats", SEATS)
def test_plays_whole_games_with_legal_actions_from_views(variant: int, seats: int) -> None:
    game = make_game("cento", {"variant": variant})
    for seed, mixed in ((1, False), (2, True), (3, False)):
        agents = heuristic_seats(variant, seats, seed, mixed)
        match = play_match(game, agents, seed)
        assert game.is_terminal(match.state)
        assert sum(a.calls for a in agents if isinstance(a, ViewOnly)) > 0


@pytest.mark.parametrize(
    "options",
    [{"lay_drawn": True}, {"hundred_mode": "number", "free_cards": 10}, {"free_cards": 0}],
)
def test_other_options(options: dict[str, Any]) -> None:
    for variant in VARIANTS:
        game = make_game("cento", {**options, "variant": variant})
        agents = [ViewOnly(CentoBot(game, seat, "heuristic"), seat) for seat in range(3)]
        assert game.is_terminal(play_match(game, agents, variant).state)


def test_same_seed_same_transcript() -> None:
    game = make_game("cento")
    runs = []
    for _ in range(2):
        agents = [make_bot("heuristic", game, 40 + seat) for seat in range(4)]
        runs.append(play_match(game, agents, 5).transcript.actions)
    assert runs[0] == runs[1]


def test_bot_module_does_not_import_the_bots_package() -> None:
    import spieltisch.bots.cento as module

    assert "spieltisch.bots import" not in Path(module.__file__).read_text(encoding="utf-8")


def win_share(variant: int, seats: int, games: int) -> float:
    """The bot's share of first places against random bots, rotating its seat."""
    game = make_game("cento", {"variant": variant})
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


@pytest.mark.parametrize(("variant", "seats"), [(3, 4), (2, 3), (1, 2), (3, 6)])
def test_beats_random_bots(variant: int, seats: int) -> None:
    assert win_share(variant, seats, 200) >= 1.6 / seats
