"""Every game's heuristic bot: legal, honest (views only), reproducible, self-contained, and
clearly stronger than random play."""

from __future__ import annotations

import pickle
import sys
from pathlib import Path
from typing import Any

import pytest

from spieltisch.bots import HEURISTICS, make_bot
from spieltisch.core.match import play_match
from spieltisch.games import REGISTRY, make_game
from tests.bots.common import ViewOnly, heuristic_lineup, win_share_against_random

CASES = [
    pytest.param(game_id, seats, id=f"{game_id}-{seats}")
    for game_id in HEURISTICS
    for seats in REGISTRY[game_id].spec.seat_counts
]

#: Where strength is checked: a small and a full table of every game (200 games each; Magic
#: Numbers and Triggs games are longer, 100 each). Cento's variants: tests/bots/test_cento.py.
STRENGTH = [
    ("dicht-dran", 3, 200),
    ("dicht-dran", 5, 200),
    ("missionszahl", 2, 200),
    ("missionszahl", 4, 200),
    ("triggs", 2, 100),
    ("triggs", 4, 100),
    ("magic-numbers", 2, 100),
    ("magic-numbers", 5, 100),
]


def test_every_game_has_a_heuristic_bot() -> None:
    assert set(HEURISTICS) == set(REGISTRY)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_plays_whole_games_with_legal_actions_from_views(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for seed, mixed in ((1, False), (2, True)):
        agents = heuristic_lineup(game, seats, seed, mixed)
        match = play_match(game, agents, seed)
        assert game.is_terminal(match.state)
        assert sum(a.calls for a in agents if isinstance(a, ViewOnly)) > 0


@pytest.mark.parametrize("game_id", list(HEURISTICS))
def test_same_seed_same_transcript(game_id: str) -> None:
    game = make_game(game_id)
    seats = min(4, game.spec.max_seats)
    runs = []
    for _ in range(2):
        agents = [make_bot("heuristic", game, 40 + seat) for seat in range(seats)]
        runs.append(play_match(game, agents, 5).transcript.actions)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("game_id", list(HEURISTICS))
def test_bot_module_does_not_import_the_bots_package(game_id: str) -> None:
    """A bot module imports only the engine and its game, so the bots package (which imports
    every bot) can never form an import cycle with it."""
    module = sys.modules[HEURISTICS[game_id][0].__module__]
    assert module.__file__ is not None
    assert "spieltisch.bots import" not in Path(module.__file__).read_text(encoding="utf-8")


@pytest.mark.parametrize(("game_id", "seats", "games"), STRENGTH)
def test_beats_random_bots(game_id: str, seats: int, games: int) -> None:
    """At least 1.6 times the fair share of first places against random bots."""
    assert win_share_against_random(make_game(game_id), seats, games) >= 1.6 / seats


class InAnotherProcess:
    """A bot as the table server runs a search bot: in a worker process, so the view and
    the legal actions it gets, and the action it returns, are pickled copies: equal values,
    never the engine's own objects."""

    wants_view = True

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name

    def act(self, view: Any, legal: Any) -> Any:
        copied = pickle.loads(pickle.dumps((view, list(legal))))
        return pickle.loads(pickle.dumps(self.bot.act(*copied)))


@pytest.mark.parametrize("game_id", list(HEURISTICS))
def test_actions_are_values_bots_and_engines_never_compare_by_identity(game_id: str) -> None:
    """Played through copies, a game goes exactly as played with the engine's objects (a
    Magic Numbers quizmaster's copied "confirm" once counted as a rejection)."""
    game = make_game(game_id)
    seats = min(4, game.spec.max_seats)
    runs = []
    for copies in (False, True):
        agents = [make_bot("heuristic", game, 60 + seat) for seat in range(seats)]
        if copies:
            agents = [InAnotherProcess(agent) for agent in agents]
        match = play_match(game, agents, 9)
        runs.append((match.transcript.actions, game.scores(match.state)))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("game_id", ["cento", "triggs", "missionszahl", "dicht-dran"])
def test_a_heuristic_ranks_its_own_choice_first(game_id: str) -> None:
    """``ranked`` (a search's shortlist) lists legal actions, best first: the bot's own
    choice first, unless it chose among equally good ones."""
    game = make_game(game_id)
    state = game.new_state(4, 3)
    bot = make_bot("heuristic", game, 1)
    decisions = agreed = 0
    while not game.is_terminal(state) and decisions < 60:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        if len(legal) > 1:
            ranked = bot.ranked(view, legal)  # type: ignore[attr-defined]
            assert ranked
            assert all(action in legal for action in ranked)
            assert len(set(ranked)) == len(ranked)
            action = bot.act(view, legal)
            decisions += 1
            agreed += action == ranked[0]
        else:
            action = legal[0]
        game.apply(state, seat, action)
    assert decisions >= 10
    assert agreed >= 0.8 * decisions  # Triggs often has equally good extra crosses
