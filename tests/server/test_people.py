"""People at a table: names, bot levels and names, playing again, a bot taking over an
absent person's seat and giving it back, refusals with codes, the error words, QR codes."""

from __future__ import annotations

import sqlite3
import string
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient

from spieltisch.core.words import NEUTRAL, Audience
from spieltisch.games import descriptor
from spieltisch.server.app import create_app
from spieltisch.server.refusals import REFUSAL_WORDS
from spieltisch.server.seating import BOT_NAMES
from spieltisch.server.storage import TableHeader, open_storage
from tests.server.tables import open_table, state, tokens


def create(client: TestClient, **body: Any) -> Any:
    return client.post("/api/tables", json=body)


def test_names_levels_and_friendly_bot_names_are_in_every_seat_state(client: TestClient) -> None:
    answer = create(
        client,
        game="dicht-dran",
        players=4,
        seats=["human", "human", "bot:easy", "bot:hard"],
        names=[" Anna ", None, None, None],
        seed=3,
    )
    assert answer.status_code == 201, answer.text
    created = answer.json()
    seats = state(client, created["table"])["seats"]
    assert [s["name"] for s in seats[:2]] == ["Anna", ""]
    assert [s["level"] for s in seats] == [None, None, "easy", "hard"]
    assert seats[3]["bot"] == descriptor("dicht-dran").levels["hard"]
    bots = [seats[2]["name"], seats[3]["name"]]
    assert all(name in BOT_NAMES for name in bots)
    assert bots[0] != bots[1]
    assert all(s["away"] is False for s in seats)
    assert [s["name"] for s in created["seats"]] == [s["name"] for s in seats]
    # stable for the table: the same seed names the bots alike
    again = create(
        client,
        game="dicht-dran",
        players=4,
        seats=["human", "human", "bot:easy", "bot:hard"],
        names=["Anna", None, None, None],
        seed=3,
    ).json()
    assert [s["name"] for s in state(client, again["table"])["seats"]][2:] == bots


def test_a_bot_never_gets_a_persons_name(client: TestClient) -> None:
    seats = ["bot:medium"] * 5
    taken = list(BOT_NAMES[:12])
    for seed in range(5):
        names: list[str | None] = [taken[seed], None, None, None, None]
        created = create(
            client, game="cento", players=5, seats=["human", *seats[:4]], names=names, seed=seed
        ).json()
        got = [s["name"] for s in state(client, created["table"])["seats"]]
        assert len({n.casefold() for n in got}) == 5, got


def test_a_person_who_takes_a_bots_name_keeps_it_and_the_bot_is_renamed(
    client: TestClient,
) -> None:
    created = open_table(
        client, game="cento", seats=["human", "human", "bot:easy", "bot:hard"], seed=3
    )
    table, keys = created["table"], tokens(created)
    bots = [s["name"] for s in state(client, table)["seats"][2:]]
    for key, bot in zip(keys.values(), bots, strict=True):
        answer = client.put(
            f"/api/tables/{table}/name", params={"token": key}, json={"name": bot.upper()}
        )
        assert answer.json()["name"] == bot.upper()
    names = [s["name"] for s in state(client, table, keys[0])["seats"]]
    assert names[:2] == [b.upper() for b in bots]
    assert len({n.casefold() for n in names}) == 4, names
    assert all(name in BOT_NAMES for name in names[2:]), names


def test_a_person_who_takes_another_persons_name_gets_a_number(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human", "human"], seed=4)
    table, keys = created["table"], tokens(created)
    got = [
        client.put(f"/api/tables/{table}/name", params={"token": key}, json={"name": name}).json()
        for key, name in zip(keys.values(), ["Mia", "mia", "Mia"], strict=True)
    ]
    assert [g["name"] for g in got] == ["Mia", "mia 2", "Mia 3"]
    long = "x" * 24
    client.put(f"/api/tables/{table}/name", params={"token": keys[0]}, json={"name": long})
    answer = client.put(f"/api/tables/{table}/name", params={"token": keys[1]}, json={"name": long})
    assert answer.json()["name"] == "x" * 22 + " 2"
    # naming oneself again with one's own name changes nothing
    again = client.put(
        f"/api/tables/{table}/name", params={"token": keys[2]}, json={"name": "Mia 3"}
    )
    assert again.json()["name"] == "Mia 3"
    # at the opening, a later seat's name yields to an earlier one's
    opened = create(
        client,
        game="cento",
        players=3,
        seats=["human", "human", "bot:easy"],
        names=["Anna", "ANNA", None],
    ).json()
    names = [s["name"] for s in state(client, opened["table"])["seats"]]
    assert names[:2] == ["Anna", "ANNA 2"]
    assert names[2].casefold() != "anna"


def test_a_person_names_their_seat_and_every_seat_and_the_log_say_it(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=5)
    table, keys = created["table"], tokens(created)
    answer = client.put(
        f"/api/tables/{table}/name", params={"token": keys[1]}, json={"name": "Emil"}
    )
    assert answer.json() == {"seat": 1, "name": "Emil"}
    assert state(client, table, keys[0])["seats"][1]["name"] == "Emil"
    assert state(client, table)["seats"][1]["name"] == "Emil"


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "a\nb", "\u0007"])
def test_a_bad_name_is_refused_with_a_code_and_changes_nothing(
    client: TestClient, name: str
) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=5)
    table, keys = created["table"], tokens(created)
    answer = client.put(f"/api/tables/{table}/name", params={"token": keys[0]}, json={"name": name})
    assert answer.status_code == 422
    assert answer.json()["code"] == "bad_name"
    assert answer.json()["params"] == {"most": 24}
    assert state(client, table)["seats"][0]["name"] == ""
    bad = create(client, game="cento", players=2, seats=["human", "human"], names=[name, None])
    assert bad.json()["code"] == "bad_name"


def test_names_survive_a_restart_and_an_old_database_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE spieltisch_tables (id TEXT PRIMARY KEY, header TEXT NOT NULL, "
        "finished INTEGER NOT NULL DEFAULT 0);"
        "CREATE TABLE spieltisch_actions (table_id TEXT NOT NULL, idx INTEGER NOT NULL, "
        "seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (table_id, idx));"
    )
    rules = descriptor("cento").game.spec.rules_version
    header = TableHeader(
        "old", "cento", rules, {}, 2, 5, ("human", "bot:heuristic"), ("h", None), 0
    )
    old.execute(
        "INSERT INTO spieltisch_tables (id, header) VALUES (?, ?)", ("old", header.to_text())
    )
    old.commit()
    old.close()
    with TestClient(create_app(str(path))) as client:
        seats = state(client, "old")["seats"]
        assert seats[0]["name"] == ""
        assert seats[1]["name"] in BOT_NAMES
        created = create(
            client, game="cento", players=2, seats=["human", "bot:medium"], names=["Ida", None]
        ).json()
    with TestClient(create_app(str(path))) as client:
        assert state(client, created["table"])["seats"][0]["name"] == "Ida"


def test_names_are_stored_in_both_backends(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = open_table(client, game="cento", seats=["human", "human"], seed=5)
        table = created["table"]
        client.put(
            f"/api/tables/{table}/name",
            params={"token": tokens(created)[0]},
            json={"name": "Lotte"},
        )
    store = open_storage(db_url)
    try:
        stored = store.load_table(table)
    finally:
        store.close()
    assert stored is not None
    assert stored.names == ["Lotte", ""]


def test_events_are_worded_for_their_reader_with_the_seats_names(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server hands each game the audience of the reading seat: the names chosen at the
    table and who reads (the games' catalogs say "du"/"you" from it)."""

    def describe(self: Any, event: Any, lang: str, audience: Audience = NEUTRAL) -> str:
        return f"{audience.name(0, lang)}/{audience.name(1, lang)}/{audience.reader}"

    monkeypatch.setattr(descriptor("cento").game, "describe", describe)
    created = create(
        client, game="cento", players=2, seats=["human", "human"], names=["Anna", None], seed=8
    ).json()
    table, keys = created["table"], tokens(created)
    assert {e["text"] for e in state(client, table, lang="de")["events"]} == {"Anna/Spieler 2/None"}
    assert {e["text"] for e in state(client, table, keys[0])["events"]} == {"Anna/Player 2/0"}
    client.put(f"/api/tables/{table}/name", params={"token": keys[1]}, json={"name": "Emil"})
    frames = state(client, table, keys[1])["frames"]
    assert {e["text"] for f in frames for e in f["events"]} == {"Anna/Emil/1"}


def play_to_the_end(client: TestClient, table: str, key: str) -> dict[str, Any]:
    for _ in range(2000):
        seat_state: dict[str, Any] = state(client, table, key)
        if seat_state["over"]:
            return seat_state
        if seat_state["legal_actions"]:
            action = seat_state["legal_actions"][0]["action"]
            client.post(
                f"/api/tables/{table}/actions",
                json={"token": key, "action": action, "step": seat_state["step"]},
            )
        else:
            time.sleep(0.01)
    raise AssertionError("the game did not end")


def test_play_again_makes_one_new_table_with_the_same_people(client: TestClient) -> None:
    created = create(
        client, game="cento", players=2, seats=["human", "bot:easy"], names=["Anna", None], seed=2
    ).json()
    table, key = created["table"], tokens(created)[0]
    early = client.post(f"/api/tables/{table}/again", params={"token": key})
    assert (early.status_code, early.json()["code"]) == (409, "again_not_over")
    old_seats = play_to_the_end(client, table, key)["seats"]
    first = client.post(f"/api/tables/{table}/again", params={"token": key}).json()
    second = client.post(f"/api/tables/{table}/again", params={"token": key}).json()
    assert first == second
    assert first["url"] == f"/?table={first['table']}&token={key}"
    assert state(client, table, key)["again"] == first
    assert state(client, table)["again"] == {
        "table": first["table"],
        "url": f"/?table={first['table']}",
    }
    with client.websocket_connect(f"/ws/tables/{table}?token={key}") as ws:
        pushed = ws.receive_json()
        assert pushed["again"] == first
        assert pushed["seats"][0]["name"] == "Anna"
    new = state(client, first["table"], key)  # the same token sits at the new table
    assert new["seat"] == 0
    assert not new["over"]
    assert [(s["name"], s["level"], s["kind"]) for s in new["seats"]] == [
        (s["name"], s["level"], s["kind"]) for s in old_seats
    ]


def test_a_bot_plays_for_an_absent_person_who_can_take_the_seat_back(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "t.sqlite3"), away_after=0.2)) as client:
        created = open_table(client, game="cento", seats=["human", "human"], seed=5)
        table, keys = created["table"], tokens(created)
        before = state(client, table, keys[1])
        with client.websocket_connect(f"/ws/tables/{table}?token={keys[1]}&lang=de"):
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                public = client.get(f"/api/tables/{table}", params={"lang": "de"}).json()
                if public["step"] > before["step"]:
                    break
                time.sleep(0.05)
            seats = public["seats"]
            assert seats[0]["away"] is True
            assert seats[1]["away"] is False
            assert public["step"] > before["step"]  # the bot played for seat 0
            assert public["table_log"][0]["kind"] == "away"
            assert public["table_log"][0]["seat"] == 0
            assert "ein Bot" in public["table_log"][0]["text"]
        back = client.post(f"/api/tables/{table}/back", params={"token": keys[0], "lang": "de"})
        assert back.status_code == 200
        mine = back.json()
        assert mine["seats"][0]["away"] is False
        assert mine["table_log"][-1]["kind"] == "back"
        assert mine["table_log"][-1]["text"].startswith("Du bist zurück")


def test_every_refusal_has_a_code_worded_in_both_languages(client: TestClient) -> None:
    words = client.get("/api/errors/words").json()
    assert words.keys() == {"de", "en"}
    assert words["de"].keys() == words["en"].keys()
    assert "not_your_turn" in words["de"]
    assert "unknown_game" in words["de"]
    created = open_table(client, game="cento", seats=["human", "human"], seed=5)
    table, keys = created["table"], tokens(created)
    legal = [a["action"] for a in state(client, table, keys[0])["legal_actions"]]
    good = legal[0]
    illegal = next(
        {"type": "lay", "card": c} for c in range(1, 100) if {"type": "lay", "card": c} not in legal
    )
    refusals = [
        client.post(f"/api/tables/{table}/actions", json={"token": keys[1], "action": good}),
        client.post(
            f"/api/tables/{table}/actions", json={"token": keys[0], "action": good, "step": 9}
        ),
        client.post(
            f"/api/tables/{table}/actions", json={"token": keys[0], "action": {"type": "x"}}
        ),
        client.post(f"/api/tables/{table}/actions", json={"token": keys[0], "action": illegal}),
        client.get("/api/tables/nope"),
        client.get(f"/api/tables/{table}", params={"token": "wrong"}),
        client.get(f"/api/tables/{table}", params={"lang": "fr"}),
        client.post(f"/api/tables/{table}/again", params={"token": keys[0]}),
        client.post(
            "/api/tables", json={"game": "cento", "players": 2, "seats": ["human", "robot"]}
        ),
    ]
    codes = []
    for answer in refusals:
        assert 400 <= answer.status_code < 500, answer.text
        body = answer.json()
        codes.append(body["code"])
        for lang in ("de", "en"):
            template = words[lang][body["code"]]
            fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            assert fields <= body["params"].keys(), (body, lang)
    assert codes[:4] == ["not_your_turn", "stale_action", "bad_action", "illegal_action"]
    assert REFUSAL_WORDS["de"]["not_your_turn"] == "du bist gerade nicht dran"


def test_a_qr_code_only_for_this_servers_table_links(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=5)
    link = created["seats"][0]["invite_url"]
    answer = client.get("/api/qr.svg", params={"url": link})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text.startswith("<svg")
    for bad in ["https://example.com/?table=x", "http://testserver/other", link + "x" * 300]:
        refused = client.get("/api/qr.svg", params={"url": bad})
        assert (refused.status_code, refused.json()["code"]) == (422, "bad_qr_url")


def test_an_old_postgres_database_is_upgraded(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as old:
        old.execute(
            "CREATE TABLE spieltisch_tables (id TEXT PRIMARY KEY, header TEXT NOT NULL, "
            "finished BOOLEAN NOT NULL DEFAULT FALSE)"
        )
        old.execute(
            "CREATE TABLE spieltisch_actions (table_id TEXT NOT NULL REFERENCES "
            "spieltisch_tables(id), idx INTEGER NOT NULL, seat INTEGER NOT NULL, "
            "action TEXT NOT NULL, PRIMARY KEY (table_id, idx))"
        )
        rules = descriptor("cento").game.spec.rules_version
        header = TableHeader("old", "cento", rules, {}, 2, 5, ("human", "bot:easy"), ("h", None), 0)
        old.execute(
            "INSERT INTO spieltisch_tables (id, header) VALUES (%s, %s)", ("old", header.to_text())
        )
    with TestClient(create_app(postgres_url)) as client:
        seats = state(client, "old")["seats"]
        assert seats[1]["name"] in BOT_NAMES
        assert seats[1]["level"] == "easy"
        table = open_table(client, game="cento", seats=["human", "human"], seed=5)["table"]
    store = open_storage(postgres_url)
    try:
        stored = store.load_table(table)
    finally:
        store.close()
    assert stored is not None
    assert stored.names == ["", ""]
