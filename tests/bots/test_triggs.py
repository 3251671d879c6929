"""The heuristic Triggs bot: legal, reproducible, honest (views only), sensible in the
textbook situations, and clearly stronger than random play for every seat count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.bots import HEURISTICS, make_bot
from spieltisch.bots.triggs import TriggsBot, potential
from spieltisch.core.errors import BotSpecError
from spieltisch.core.match import play_match
from spieltisch.games.triggs import Triggs, TriggsState, TriggsView
from spieltisch.games.triggs.actions import ANNOUNCES, DISCARDS, DRAWS, EXTRAS, FORMS, LEFT
from spieltisch.games.triggs.game import Phase, counts_of
from tests.bots.common import ViewOnly, heuristic_lineup

SEATS = (2, 3, 4)
#: The reconstructed sheet: boxes per row 1–12.
SHEET = (0, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5)


@pytest.mark.parametrize("seats", SEATS)
def test_plays_whole_games_with_legal_actions_from_views(seats: int) -> None:
    game = Triggs()
    for seed, mixed in ((1, False), (2, True)):
        agents = heuristic_lineup(game, seats, seed, mixed)
        match = play_match(game, agents, seed)
        assert game.is_terminal(match.state)
        assert match.state.winner >= 0  # a real finish, not the round limit
        assert sum(a.calls for a in agents if isinstance(a, ViewOnly)) > 0


def test_other_score_sheet() -> None:
    game = Triggs({"score_sheet": "1,1,2,2,2,2,3,3,3,4,4,4"})
    agents = heuristic_lineup(game, 3, 4, mixed=False)
    assert play_match(game, agents, 4).state.winner >= 0


def test_parameters() -> None:
    game = Triggs()
    bot = make_bot("heuristic:later=0.5:refill=2", game, 1)
    assert isinstance(bot, TriggsBot)
    assert (bot.later, bot.refill, bot.name) == (0.5, 2.0, "heuristic:later=0.5:refill=2")
    assert HEURISTICS["triggs"][1] == ("later", "refill")
    for spec in ("heuristic:later=x", "heuristic:refill=-1", "heuristic:risk=1"):
        with pytest.raises(BotSpecError):
            make_bot(spec, game, 1)


def view_of(hand: list[int], free: dict[int, int] | None = None, **fields: Any) -> TriggsView:
    """Seat 0's view of a hand-made 2-player table; ``free`` lists the rows of seat 0 that
    still have free boxes (all other rows are full)."""
    row = list(SHEET) if free is None else [0] * 13
    if free is not None:
        for value, boxes in free.items():
            row[value] = boxes
    state = TriggsState(
        seats=2,
        seed=3,
        shuffles=1,
        hands=[sorted(hand), [1, 2, 3]],
        known=[[], []],
        piles=[[5, 6, 1], [4, 5, 6, 7, 8, 9] * 5, [3, 2, 1]],
        discard_pile=[],
        box=[],
        crosses=[[SHEET[v] - row[v] for v in range(13)], [0] * 13],
        seat=0,
        phase=Phase.TURN,
        announced=0,
        formed=0,
        draws_left=0,
        removed_from=13,
        turns=0,
        winner=-1,
    )
    for name, value in fields.items():
        setattr(state, name, value)
    return Triggs().view(state, 0)


def choose(view: TriggsView) -> Any:
    """The bot's choice, from the legal actions of a table consistent with the view."""
    game = Triggs()
    legal = game.legal_actions(game.determinize(view, random.Random(1)), 0)
    return TriggsBot(game, 5).act(view, legal)


def test_fills_a_row_and_chains_its_extra_crosses() -> None:
    # the 7-row misses one box, the 3-row too: crossing off the 7 fills both
    view = view_of([7, 9, 10], free={7: 1, 3: 1, 9: 3, 10: 4, 12: 5})
    assert choose(view) is ANNOUNCES[7]


def test_lays_the_single_card_before_a_pair() -> None:
    view = view_of(
        [9, 5, 4, 6, 10],
        free={9: 3, 5: 2, 4: 2, 6: 2, 10: 5},
        phase=Phase.FORMING,
        announced=9,
    )
    assert choose(view) is FORMS[9, 0]


def test_extra_cross_keeps_the_chain_going() -> None:
    view = view_of([2, 8], free={4: 3, 6: 1, 11: 2}, phase=Phase.EXTRA)
    assert choose(view) is EXTRAS[6]


def test_empties_the_hand_for_five_new_cards() -> None:
    # three 3s fill the 3-row, earn an extra cross and empty the hand: five new cards
    view = view_of([3, 3, 3], free={3: 3, 5: 3, 9: 4, 12: 5})
    assert choose(view) is ANNOUNCES[3]


def test_full_hand_sheds_the_most_dead_cards() -> None:
    # the 12s have left the game and no card forms a value with free boxes; the hand is full
    view = view_of(
        [12, 12, 12, 12, 3, 3, 3, 4, 4, 4],
        free={5: 3, 9: 4, 11: 5},
        removed_from=12,
    )
    assert choose(view) is DISCARDS[12, 4]


def test_draws_the_open_card_that_fits() -> None:
    # second card of action A: the left pile shows a 7 (its row is open), the right a 12
    # (its row is full)
    view = view_of(
        [5, 6],
        free={7: 1, 11: 5},
        phase=Phase.DRAWING,
        draws_left=1,
        piles=[[4, 7], [4, 5, 6, 8, 9] * 5, [3, 12]],
    )
    assert choose(view) is DRAWS[LEFT]


def test_potential_counts_singles_then_pairs() -> None:
    free = [0] * 13
    free[7], free[11] = 2, 1
    # the 7 alone, 6+5 fills the 11-row; no pair is left for the 7-row
    assert potential(counts_of([7, 5, 2, 6, 4]), free) == (2, 1)
    # two 7s fill the 7-row; the 12 fits nowhere
    assert potential(counts_of([7, 7, 4, 12]), free) == (2, 1)
    assert potential(counts_of([12, 12]), free) == (0, 0)
