"""The length of a game as its rules count it (``Game.length_unit``, ``Game.progress``),
tallied by ``simulate``."""

from __future__ import annotations

import pytest

from spieltisch.games import REGISTRY, make_game
from spieltisch.sim.runner import simulate

UNITS = {
    "dicht-dran": "rounds",
    "cento": "turns",
    "missionszahl": "rounds",
    "triggs": "turns",
    "magic-numbers": "rounds",
}


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_game_counts_its_length_and_simulate_tallies_it(game_id: str) -> None:
    game = make_game(game_id)
    players = max(3, game.spec.min_seats)
    summary = simulate(game, players, 6, 5, ["random"] * players)
    assert summary["length_unit"] == UNITS[game_id]
    assert 0 < summary["mean_units"] <= summary["mean_length"]
    assert sum(games for _, games in summary["unit_counts"]) == 6
    assert summary["shared_wins"] == sum(summary["wins"]) - 6


def test_a_dicht_dran_round_is_one_card_from_every_player() -> None:
    summary = simulate(make_game("dicht-dran"), 4, 5, 1, ["random"] * 4)
    assert summary["mean_units"] * 4 == summary["mean_length"]


def test_missionszahl_lasts_its_fixed_number_of_rounds() -> None:
    summary = simulate(make_game("missionszahl"), 3, 4, 2, ["random"] * 3)
    assert summary["unit_counts"] == [[10, 4]]


def test_the_tally_is_the_same_whether_transcripts_are_saved(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    game = make_game("cento")
    quiet = simulate(game, 3, 4, 9, ["random"] * 3)
    saved = simulate(game, 3, 4, 9, ["random"] * 3, transcripts=tmp_path)
    assert quiet["unit_counts"] == saved["unit_counts"]
