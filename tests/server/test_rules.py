"""``GET /api/games/{game}/rules``: the rules as implemented, like ``spieltisch rules``."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from spieltisch.cli.main import rules_text
from spieltisch.games import REGISTRY


@pytest.mark.parametrize("game", list(REGISTRY))
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_rules_of_every_game_in_both_languages(
    client: TestClient, game: str, lang: str
) -> None:
    answer = client.get(f"/api/games/{game}/rules", params={"lang": lang})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/markdown")
    assert answer.text == rules_text(game, lang)
    assert answer.text.startswith("# ")
    assert ("Regeln" in answer.text.splitlines()[0]) == (lang == "de")


def test_unknown_games_and_languages_are_refused_in_one_line(client: TestClient) -> None:
    answer = client.get("/api/games/skat/rules")
    assert answer.status_code == 404
    assert answer.json()["error"].startswith("there is no game 'skat'; the games are: dicht-dran")
    answer = client.get("/api/games/cento/rules", params={"lang": "fr"})
    assert answer.status_code == 422
    assert "lang" in answer.json()["error"]
    answer = client.get("/api/games/..%2F__init__/rules")
    assert answer.status_code == 404
