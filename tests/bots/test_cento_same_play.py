"""The Cento bot's fast paths decide exactly as before they were added.

The bot was sped up for searches, where it is the model of every player. Its decisions must
not change: whole games are checked against a fingerprint recorded before the speed-up, and
what the bots remember (hand values shared by all bots of a rule set, the free-card choices
of a turn) against fresh calculations over whole games.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from spieltisch.bots.cento import CentoBot, _Turn
from spieltisch.games import make_game
from spieltisch.games.cento.game import CentoView

#: Option sets and seat counts of the fingerprinted games.
GAMES: list[tuple[dict[str, Any], int]] = [
    ({}, 2),
    ({}, 3),
    ({}, 4),
    ({"variant": 1}, 3),
    ({"variant": 2}, 4),
    ({"hundred_mode": "number", "free_cards": 10}, 3),
    ({"free_cards": 0, "lay_drawn": True}, 2),
]
#: Recorded with the bot before the speed-up.
FINGERPRINT = "dc6239168514efc8"


def play(
    options: dict[str, Any], seats: int, seed: int, check: Any = None, use_compiled: bool = True
) -> str:
    """A whole game of heuristic bots; the hash of every ranking and choice."""
    game = make_game("cento", options)
    bots = [
        CentoBot(game, seed * 10 + seat, "heuristic", use_compiled=use_compiled)
        for seat in range(seats)
    ]
    state = game.new_state(seats, seed)
    digest = hashlib.sha256()
    while not game.is_terminal(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        action = bots[seat].act(view, legal)
        digest.update(repr((bots[seat].ranked(view, legal), action)).encode())
        if check is not None:
            check(bots[seat], view, legal)
        game.apply(state, seat, action)
    digest.update(repr(game.scores(state)).encode())
    return digest.hexdigest()


def test_whole_games_are_played_as_before() -> None:
    digest = hashlib.sha256()
    for seed, (options, seats) in enumerate(GAMES * 3):
        digest.update(play(options, seats, seed).encode())
    assert digest.hexdigest()[:16] == FINGERPRINT


@pytest.mark.parametrize(("options", "seats"), GAMES)
def test_remembered_values_equal_fresh_ones(options: dict[str, Any], seats: int) -> None:
    def check(bot: CentoBot, view: CentoView, legal: Any) -> None:
        turn = _Turn(bot, view)
        turn.root_options(legal)
        for (values, hand_mask, follows), reps in turn.reps_memo.items():
            assert reps == turn._fresh_free_reps(values, hand_mask, follows)
        hands = list(bot.values.items())
        for hand, value in hands[-50:]:
            assert value == bot._fresh_hand_value(hand)

    play(options, seats, 7, check)
