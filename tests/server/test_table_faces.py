"""A table's card faces follow its rule options (``GET /api/tables/{id}/faces``)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from spieltisch.games.dicht_dran.cards import CHILI_COLOURS, chili_table
from spieltisch.games.missionszahl.state import setup
from tests.server.tables import open_table, wait_for_humans


def test_a_dicht_dran_table_shows_its_own_chilis(client: TestClient) -> None:
    options = {"chili_pattern": "rising", "most_chilis": 5}
    created = open_table(client, "dicht-dran", ["human", "human", "human"], options=options)
    faces = client.get(f"/api/tables/{created['table']}/faces").json()
    table = chili_table("rising", 5)
    assert faces["game"] == "dicht-dran"
    assert {int(card): face["chilis"] for card, face in faces["cards"].items()} == {
        card: table[card] for card in range(1, 101)
    }
    assert faces["cards"]["1"] == {"chilis": 1, "colour": "green"}
    assert faces["cards"]["100"] == {"chilis": 5, "colour": CHILI_COLOURS[5]}
    printed = client.get("/api/games/dicht-dran/faces").json()
    assert faces["cards"] != printed["cards"]  # not the printed deck
    plain = open_table(client, "dicht-dran", ["human", "human", "human"])
    assert client.get(f"/api/tables/{plain['table']}/faces").json() == printed


def test_a_missionszahl_table_without_a_symbol_shows_none(client: TestClient) -> None:
    options = {"symbols": "0,4,4,2,4"}
    created = open_table(
        client, "missionszahl", ["human", "bot:random", "bot:random"], options=options
    )
    faces = client.get(f"/api/tables/{created['table']}/faces").json()
    symbols = {face["symbol"] for face in faces["cards"].values()}
    assert "pass_cw" not in symbols  # "pass on" is gone from every colour
    expected = setup(symbols="0,4,4,2,4").symbol
    for card, face in faces["cards"].items():
        assert face["symbol"] == getattr(expected[int(card)], "value", None)
    printed = client.get("/api/games/missionszahl/faces").json()
    assert "pass_cw" in {face["symbol"] for face in printed["cards"].values()}
    assert faces["names"] == printed["names"]


def test_an_unknown_table_has_no_faces(client: TestClient) -> None:
    response = client.get("/api/tables/nosuchtable/faces")
    assert response.status_code == 404
    assert "error" in response.json()


def test_a_replay_carries_the_faces_of_its_options(client: TestClient) -> None:
    options = {"passes": 1, "chili_pattern": "falling", "most_chilis": 4}
    created = open_table(client, "dicht-dran", ["bot:random"] * 3, options=options)
    table = created["table"]
    public = wait_for_humans(client, table)
    assert public["over"]
    replay = client.get(f"/api/tables/{table}/replay").json()
    chilis = chili_table("falling", 4)
    assert {int(c): face["chilis"] for c, face in replay["faces"]["cards"].items()} == {
        card: chilis[card] for card in range(1, 101)
    }
    transcript = client.get(f"/api/tables/{table}/transcript").json()
    posted = client.post("/api/replay", json=transcript).json()
    assert posted["faces"] == replay["faces"]
