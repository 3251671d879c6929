"""benchmarks/bench_information.py: a search that sees the hands, beside an honest one."""

from __future__ import annotations

import random
from typing import Any

from spieltisch.games import make_game
from tests.helpers import load_benchmark


def _bench_information() -> Any:
    return load_benchmark("bench_information")


def test_the_seeing_search_deals_the_true_hands_and_leaves_the_game_honest() -> None:
    """bench_information's seeing game: its deals show the true state's hands whatever the
    view says, while the game it was copied from still samples them."""
    bench = _bench_information()
    game = make_game("cento")
    table = bench._Table()
    table.state = state = game.new_state(4, 11)
    seeing = bench.seeing_game(game, table, "hands")
    view = game.view(state, 0)
    world = seeing.determinize(view, random.Random(1))
    assert world.hands == state.hands
    assert world.draw_pile != state.draw_pile  # the draw pile is shuffled anew
    honest = game.determinize(view, random.Random(1))
    assert honest.hands[0] == state.hands[0]
    assert honest.hands[1:] != state.hands[1:]
