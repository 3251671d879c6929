"""What the cards show at a table: the printed faces, changed only by the table's options."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.games import REGISTRY, make_game


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_a_table_under_the_rule_sheet_shows_the_printed_faces(game_id: str) -> None:
    game = make_game(game_id)
    assert game.table_faces() == type(game).card_faces()


def test_dicht_dran_cards_show_the_tables_chilis() -> None:
    game: Any = make_game("dicht-dran", {"chili_pattern": "rising", "most_chilis": 5})
    cards = game.table_faces()["cards"]
    assert [cards[str(card)]["chilis"] for card in range(1, 101)] == list(game.chilis[1:101])
    assert {face["chilis"] for face in cards.values()} == {1, 2, 3, 4, 5}
    assert cards != type(game).card_faces()["cards"]


def test_missionszahl_cards_lose_the_symbols_the_table_removed() -> None:
    printed = make_game("missionszahl").table_faces()["cards"]
    fewer = make_game("missionszahl", {"symbols": "0,4,4,4,4"}).table_faces()["cards"]
    assert fewer.keys() == printed.keys()
    gone = {face["symbol"] for face in printed.values()} - {
        face["symbol"] for face in fewer.values()
    }
    assert len(gone) == 1
    changed = [key for key in printed if printed[key]["symbol"] != fewer[key]["symbol"]]
    assert changed
    assert all(fewer[key]["symbol"] is None for key in changed)
