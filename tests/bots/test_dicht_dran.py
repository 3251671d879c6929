"""The heuristic Dicht dran bot: legal, reproducible, honest (views only), sensible in the
textbook situations, and clearly stronger than random play for every seat count."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.bots import HEURISTICS, make_bot
from spieltisch.bots.dicht_dran import (
    BEATEN_BY,
    TIE,
    DichtDranBot,
    plan_choices,
    plan_scores,
    unseen_below,
    win_chance,
)
from spieltisch.core.errors import BotSpecError
from spieltisch.core.match import play_match
from spieltisch.games.dicht_dran import DichtDran, DichtDranState, DichtDranView
from spieltisch.games.dicht_dran.game import PLAYS, closest
from tests.bots.common import ViewOnly, heuristic_lineup

SEATS = (3, 4, 5)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("anchors", [True, False])
def test_plays_whole_games_with_either_anchor_rule(seats: int, anchors: bool) -> None:
    game = DichtDran({"anchors_can_be_target": anchors})
    for seed, mixed in ((1, False), (2, True)):
        agents = heuristic_lineup(game, seats, seed, mixed)
        match = play_match(game, agents, seed)
        assert game.is_terminal(match.state)
        assert sum(a.calls for a in agents if isinstance(a, ViewOnly)) > 0


def test_parameters() -> None:
    game = DichtDran()
    bot = make_bot("heuristic:draw=2:keep=0.5", game, 1)
    assert isinstance(bot, DichtDranBot)
    assert (bot.draw_cost, bot.keep, bot.name) == (2.0, 0.5, "heuristic:draw=2:keep=0.5")
    assert HEURISTICS["dicht-dran"][1] == ("draw", "keep")
    for spec in ("heuristic:draw=x", "heuristic:keep=-1", "heuristic:risk=1"):
        with pytest.raises(BotSpecError):
            make_bot(spec, game, 1)


def view_of(hand: list[int], circle: list[int], target: int = 1, **fields: Any) -> DichtDranView:
    """Seat 0's view of a hand-made 3-player table early in a pass."""
    used = {*hand, *circle}
    others = [card for card in range(2, 100) if card not in used]
    state = DichtDranState(
        seats=3,
        seed=7,
        shuffles=1,
        circle=circle,
        target=target,
        hands=[sorted(hand), others[:8], others[8:16]],
        draw_pile=others[16:],
        discard_pile=[],
        collections=[[], [], []],
        committed=[0, 0, 0],
        waiting=(0, 1, 2),
        pass_scores=[],
        last_hands=[],
    )
    for name, value in fields.items():
        setattr(state, name, value)
    return DichtDran().view(state, 0)


def choose(view: DichtDranView) -> int:
    bot = DichtDranBot(DichtDran(), 3)
    action = bot.act(view, [PLAYS[card] for card in view.hand])
    return int(action.card)


def test_plays_the_target_s_neighbour_to_win_it() -> None:
    # target 50 (2 chilis) at position 1, gap 1–60; 51 is as close as any card can be
    view = view_of([51, 90, 95, 97], [1, 50, 60, 100, 20, 30])
    assert choose(view) == 51


def test_sheds_a_three_chili_card_in_the_gap_rather_than_drawing() -> None:
    # target 50, gap 1–60: the 16 (3 chilis) fits the gap; every other card would cost draws
    hand = [16, 95, 96, 98]
    view = view_of(hand, [1, 50, 60, 100, 20, 30])
    assert choose(view) == 16


def test_keeps_the_perfect_card_for_the_next_target() -> None:
    # this target 50 (gap 1–60) is contested by both hand cards about equally badly; the
    # next target is 60 (position 2) and the 61 is made for it
    view = view_of([29, 61, 35, 36], [1, 50, 60, 100, 20, 30])
    assert choose(view) != 61


def test_win_chance_counts_the_cards_that_come_closer() -> None:
    view = view_of([51, 90], [1, 50, 60, 100, 20, 30])
    unseen = unseen_below(view)
    assert unseen[101] == 100 - 2 - 6
    assert win_chance(51, 50, unseen, 1.0) == 1.0  # the 49 is as close, but lower
    assert win_chance(49, 50, unseen, 1.0) == 1.0  # the 51 is known: it is mine
    assert win_chance(52, 50, unseen, 1.0) == pytest.approx(1.0 - 1 / 92)  # the 49
    assert win_chance(48, 50, unseen, 1.0) == pytest.approx(1.0 - 2 / 92)  # the 49 and 52
    assert win_chance(90, 50, unseen, 2.0) < win_chance(60, 50, unseen, 2.0)


def test_the_cards_that_beat_a_card_are_those_the_game_lets_win() -> None:
    for target in range(1, 101):
        first, last = BEATEN_BY[target]
        for card in range(1, 101):
            beating = [other for other in range(1, 101) if closest([card, other], target) == 1]
            assert beating == list(range(first[card], last[card])), (card, target)


def test_plan_gives_each_round_its_own_card() -> None:
    # card 0 is best now and later; card 1 only now: keep card 0 for the later round
    scores = plan_scores([[5.0, 4.0, 0.0], [9.0, 0.0, 1.0]])
    assert scores == [5.0 + 1.0, 4.0 + 9.0, 0.0 + 9.0]


def test_ranked_orders_the_cards_by_the_best_plan_that_lays_each_now() -> None:
    """The shortlist of a search: every legal card once, by the score of the best plan
    that lays it in this round (the same scores the bot chooses by)."""
    game = DichtDran()
    state = game.new_state(4, 12)
    bot = DichtDranBot(game, 1, use_compiled=False)
    view = game.view(state, 0)
    legal = game.legal_actions(state, 0)
    ranked = bot.ranked(view, legal)
    assert sorted(ranked, key=legal.index) == list(legal)
    cards = [action.card for action in legal]
    scores = plan_scores(bot._round_values(view, cards))
    ordered = [scores[cards.index(action.card)] for action in ranked]
    assert ordered == sorted(ordered, reverse=True)
    assert ordered[0] > ordered[-1]
    assert bot.act(view, legal) in ranked[: len(plan_choices(bot._round_values(view, cards), TIE))]
