"""``GET /api/games/{id}/words``: the game's word catalog, as the game keeps it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from spieltisch.games import REGISTRY, descriptor


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_the_words_are_the_games_own_catalog(client: TestClient, game_id: str) -> None:
    answer = client.get(f"/api/games/{game_id}/words")
    assert answer.status_code == 200
    data = answer.json()
    assert data == {"game": game_id, "words": descriptor(game_id).words}


def test_the_words_carry_both_languages_and_what_the_browser_asks_for(
    client: TestClient,
) -> None:
    words = client.get("/api/games/dicht-dran/words").json()["words"]
    assert words["de"]["web.gap"] == "Lücke {low}–{high}"
    assert words["en"]["web.gap"] == "gap {low}–{high}"
    assert words["de"]["event.target"] == "Zielkarte {target}, Lücke {gap}."
    cento = client.get("/api/games/cento/words").json()["words"]
    assert cento["en"]["label.take"] == "take {n}"


def test_an_unknown_game_has_no_words(client: TestClient) -> None:
    answer = client.get("/api/games/skat/words")
    assert answer.status_code == 404
    assert "unknown game 'skat'" in answer.json()["error"]
