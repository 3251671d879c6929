"""A table reloaded after a failed commit: its open connections are told and closed (they
reconnect with ``since``), and nothing is ever applied to the old copy."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from spieltisch.server.app import create_app
from spieltisch.server.service import ServiceError, TableManager
from tests.server.tables import fail_next_commit, fail_once, open_table, state, tokens


def act(client: TestClient, table: str, token: str, action: Any) -> Any:
    return client.post(f"/api/tables/{table}/actions", json={"token": token, "action": action})


def test_connections_to_a_reloaded_table_are_closed_and_reconnect_with_since(
    db_url: str,
) -> None:
    with TestClient(create_app(db_url)) as client:
        created = open_table(client, game="cento", seats=["human", "human"], seed=5)
        table, keys = created["table"], tokens(created)
        url = f"/ws/tables/{table}?token={keys[1]}"
        with client.websocket_connect(url) as ws:
            seen = ws.receive_json()
            action = state(client, table, keys[0])["legal_actions"][0]["action"]
            fail_next_commit(client)
            assert act(client, table, keys[0], action).status_code == 503
            after = act(client, table, keys[0], action)  # lands on the reloaded table
            assert after.status_code == 200
            ws.send_json({"type": "action", "action": action})  # answered on any copy
            told = ws.receive_json()
            assert told["type"] == "error"
            assert "reloaded" in told["error"]
            assert "\n" not in told["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4503
        with client.websocket_connect(f"{url}&since={seen['last_seq']}") as ws:
            back = ws.receive_json()
        now = state(client, table, keys[1])
        assert back["step"] == after.json()["step"]
        assert back["view"] == now["view"]
        assert back["events"] == [e for e in now["events"] if e["seq"] > seen["last_seq"]]
        assert back["events"]


def test_an_action_is_never_applied_to_a_copy_that_was_reloaded(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=5)
    table, keys = created["table"], tokens(created)
    manager: TableManager = client.app.state.tables  # type: ignore[attr-defined]
    old = manager._tables[table]
    action = state(client, table, keys[0])["legal_actions"][0]["action"]
    fail_next_commit(client)
    assert act(client, table, keys[0], action).status_code == 503
    assert state(client, table, keys[0])["step"] == 0  # the reloaded copy
    store: Any = manager._storage
    calls: list[object] = []
    working = store.append_actions

    def counted(rows: object) -> object:
        calls.append(rows)
        return working(rows)

    store.append_actions = counted
    with pytest.raises(ServiceError) as refused:
        client.portal.call(manager.act, old, 0, action)  # type: ignore[union-attr]
    assert refused.value.status == 503
    assert "reloaded" in refused.value.message
    assert calls == []  # nothing was committed for the old copy
    assert old.actions == []
    assert act(client, table, keys[0], action).status_code == 200


def test_a_table_the_database_cannot_read_is_a_503_until_it_can(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=5)
    table, keys = created["table"], tokens(created)
    before = state(client, table, keys[0])
    fail_next_commit(client)
    assert act(client, table, keys[0], before["legal_actions"][0]["action"]).status_code == 503
    fail_once(client, "load_table", OSError("connection lost"))
    answer = client.get(f"/api/tables/{table}", params={"token": keys[0]})
    assert answer.status_code == 503
    assert answer.json()["error"] == "the table could not be read from the database; try again"
    assert state(client, table, keys[0]) == before
