"""The heuristic Cento bot: legal, reproducible, honest (views only) and clearly stronger than
random play, in all three variants and for every seat count."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.cento import PARAMETERS, CentoBot, Weights
from spieltisch.core.errors import BotSpecError
from spieltisch.core.match import play_match
from spieltisch.games import descriptor, make_game
from spieltisch.games.cento import Cento
from tests.bots.common import ViewOnly, heuristic_lineup, win_share_against_random
from tests.games.test_cento import table

VARIANTS = (1, 2, 3)
SEATS = range(2, 7)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seats", SEATS)
def test_plays_whole_games_with_legal_actions_from_views(variant: int, seats: int) -> None:
    game = make_game("cento", {"variant": variant})
    for seed, mixed in ((1, False), (2, True), (3, False)):
        agents = heuristic_lineup(game, seats, seed, mixed)
        match = play_match(game, agents, seed)
        assert game.is_terminal(match.state)
        assert sum(a.calls for a in agents if isinstance(a, ViewOnly)) > 0


@pytest.mark.parametrize(
    "options",
    [
        {"lay_drawn": True},
        {"hundred_mode": "number", "free_cards": 10},
        {"free_cards": 0},
        {"chain_after_schnapszahl": "goes_on"},
        {"chain_after_schnapszahl": "goes_on", "lay_drawn": True, "free_cards": 10},
    ],
)
def test_other_options(options: dict[str, Any]) -> None:
    for variant in VARIANTS:
        game = make_game("cento", {**options, "variant": variant})
        agents = [ViewOnly(CentoBot(game, seat, "heuristic"), game, seat) for seat in range(3)]
        assert game.is_terminal(play_match(game, agents, variant).state)


@pytest.mark.parametrize(("variant", "seats"), [(3, 4), (2, 3), (1, 2), (3, 6)])
def test_beats_random_bots(variant: int, seats: int) -> None:
    game = make_game("cento", {"variant": variant})
    assert win_share_against_random(game, seats, 200) >= 1.6 / seats


def test_the_cento_heuristic_refuses_another_game() -> None:
    """The bot reads the special-card rules and options from the Cento game itself."""
    with pytest.raises(BotSpecError):
        CentoBot(make_game("triggs"), 1, "heuristic")


@pytest.mark.parametrize(("option", "left"), [("ends", [4, 40]), ("goes_on", [])])
def test_the_plan_of_a_turn_follows_the_chain_after_a_schnapszahl(
    option: str, left: list[int]
) -> None:
    """On 23 with 4, 12, 22, 25 and 40. By default the best turn lays three cards (25 » 22,
    a Schnapszahl, then its run: 12). With the chain going on besides the run, 22 first
    opens the run and lets 4 and 40 (digit sum 4) follow as the chain's second and third
    cards, then the run's 12 and 25: the hand is empty. Only a plan that knows the option
    starts with 22 rather than 25."""
    game = Cento({"chain_after_schnapszahl": option, "free_cards": 0})
    state = table(game, [[4, 12, 22, 25, 40], [10, 11, 13, 14, 15]], 23)
    bot = CentoBot(game, 1, "heuristic")
    while state.to_move == 0 and not game.is_terminal(state):
        game.play(state, 0, bot.act(game.view(state, 0), game.legal_actions(state, 0)))
    assert sorted(state.hands[0]) == left


def test_the_weights_are_set_by_the_specs_parameters() -> None:
    bot = make_bot("heuristic:free=2.5:go_out=6", make_game("cento"), 0)
    assert isinstance(bot, CentoBot)
    assert bot.w == Weights(free=2.5, go_out=6.0)
    assert descriptor("cento").heuristic_parameters == PARAMETERS


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("heuristic:free=-1", "parameter free is a number from 0 up, got '-1'"),
        ("heuristic:go_out=many", "parameter go_out is a number from 0 up, got 'many'"),
        ("heuristic:go_out_hand=3", "has no parameter 'go_out_hand'; its parameters: free,"),
    ],
)
def test_a_bad_weight_is_refused_saying_what_is_allowed(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, make_game("cento"), 0)
