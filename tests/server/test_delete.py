"""A table's creator deletes it: gone from memory and storage, its sockets told and
closed, a 404 afterwards (also after a restart); nobody else may."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from spieltisch.server.app import create_app
from spieltisch.server.storage import open_storage

#: The first human seat, seat 1, is the creator's.
BODY = {
    "game": "dicht-dran",
    "players": 4,
    "seats": ["bot:easy", "human", "human", "bot:easy"],
    "seed": 5,
}


def test_only_the_creator_deletes_and_the_table_is_gone(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        made = client.post("/api/tables", json=BODY).json()
        table = made["table"]
        creator, other = made["seats"][1]["token"], made["seats"][2]["token"]
        for token, code in ((other, "not_creator"), (None, "not_creator"), ("x", "bad_token")):
            params = {"token": token} if token else {}
            refused = client.delete(f"/api/tables/{table}", params=params)
            assert refused.status_code == 403
            assert refused.json()["code"] == code
        assert client.get(f"/api/tables/{table}").status_code == 200
        words = client.delete(f"/api/tables/{table}", params={"token": other}).json()
        assert words["params"] == {"seat": 1}

        with (
            client.websocket_connect(f"/ws/tables/{table}?token={other}") as seat,
            client.websocket_connect(f"/ws/tables/{table}") as spectator,
        ):
            assert seat.receive_json()["type"] == "state"
            assert spectator.receive_json()["type"] == "state"
            answer = client.delete(f"/api/tables/{table}", params={"token": creator})
            assert answer.status_code == 204
            for socket in (seat, spectator):
                assert _closing(socket) == ("table_deleted", 4410)

        for path in ("", "/transcript", "/replay"):
            gone = client.get(f"/api/tables/{table}{path}")
            assert gone.status_code == 404
            assert gone.json()["code"] == "no_table"
        action = {"token": other, "action": {"type": "play", "card": 1}}
        assert client.post(f"/api/tables/{table}/actions", json=action).status_code == 404
        again = client.delete(f"/api/tables/{table}", params={"token": creator})
        assert again.status_code == 404
        with client.websocket_connect(f"/ws/tables/{table}") as late:
            assert late.receive_json()["code"] == "no_table"

    store = open_storage(db_url)
    try:
        assert store.load_table(table) is None
        assert table not in store.unfinished_tables()
    finally:
        store.close()
    with TestClient(create_app(db_url)) as restarted:
        assert restarted.get(f"/api/tables/{table}").status_code == 404


def test_deleting_one_table_leaves_the_others(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        first, second = (client.post("/api/tables", json=BODY).json() for _ in range(2))
        token = first["seats"][1]["token"]
        assert (
            client.delete(f"/api/tables/{first['table']}", params={"token": token}).status_code
            == 204
        )
        kept = client.get(
            f"/api/tables/{second['table']}", params={"token": second["seats"][1]["token"]}
        )
        assert kept.status_code == 200
        assert kept.json()["seat"] == 1
    with TestClient(create_app(db_url)) as restarted:
        assert restarted.get(f"/api/tables/{second['table']}").status_code == 200


def test_a_table_with_playing_bots_is_deleted(client: TestClient) -> None:
    body = {"game": "cento", "players": 3, "seats": ["human", "bot:random", "bot:random"]}
    made = client.post("/api/tables", json=body).json()
    table, token = made["table"], made["seats"][0]["token"]
    assert client.delete(f"/api/tables/{table}", params={"token": token}).status_code == 204
    assert client.get(f"/api/tables/{table}").status_code == 404


def _closing(socket: Any) -> tuple[str, int]:
    """The refusal code of the last message before the close, and the close code."""
    code = ""
    while True:
        try:
            message = socket.receive_json()
        except WebSocketDisconnect as closed:
            reason, status = closed.reason, closed.code
            break
        if message["type"] == "error":
            code = message["code"]
    assert reason == code
    return code, status
