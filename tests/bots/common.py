"""What the tests of every heuristic bot share: a watchdog around a bot, line-ups, and the
strength measure against random play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spieltisch.bots import RandomBot, make_bot
from spieltisch.core.chance import derive_seed
from spieltisch.core.game import Game, View
from spieltisch.core.match import Agent, play_match


class ViewOnly:
    """Wraps a bot and checks that it is handed its own seat's view of the game, never a
    state, and answers with one of the legal actions it was given (the very object, or for an
    action carrying free text an instance of a listed template)."""

    wants_view = True

    def __init__(self, inner: Agent, game: Game[Any, Any, Any], seat: int) -> None:
        self.inner = inner
        self.game = game
        self.name = inner.name
        self.seat = seat
        self.calls = 0
        self.phases: set[str] = set()

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        assert isinstance(view, View)
        assert type(view).__module__.startswith(type(self.game).__module__.rsplit(".", 1)[0])
        assert view.seat == self.seat
        self.calls += 1
        self.phases.add(str(getattr(view, "phase", "")))
        action = self.inner.act(view, legal)
        key = self.game.legality_key(action)
        assert any(action is candidate or key == candidate for candidate in legal)
        return action


def heuristic_lineup(game: Game[Any, Any, Any], seats: int, seed: int, mixed: bool) -> list[Agent]:
    """Watched heuristic bots in every seat, or (``mixed``) in every other seat with random
    bots between them."""
    agents: list[Agent] = []
    for seat in range(seats):
        bot_seed = derive_seed(seed, "bot", seat)
        if mixed and seat % 2:
            agents.append(RandomBot(bot_seed))
        else:
            agents.append(ViewOnly(make_bot("heuristic", game, bot_seed), game, seat))
    return agents


def win_share_against_random(game: Game[Any, Any, Any], seats: int, games: int) -> float:
    """The heuristic bot's share of first places (a shared one counts) against random bots,
    its seat rotating from game to game."""
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
