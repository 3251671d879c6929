"""The WebSocket API: pushed views, actions, refusals that keep the connection, reconnects."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from spieltisch.games import make_game
from tests.server.tables import open_table, state, tokens


def receive_until(ws: WebSocketTestSession, done: Callable[[dict[str, Any]], bool]) -> Any:
    """The first message for which ``done`` holds (states may be merged, so skip others)."""
    for _ in range(50):
        message = ws.receive_json()
        if done(message):
            return message
    raise AssertionError("the expected message never came")


def test_connecting_sends_the_seats_state_and_marks_it_connected(client: TestClient) -> None:
    created = open_table(client, seed=4)
    table, keys = created["table"], tokens(created)
    with client.websocket_connect(f"/ws/tables/{table}?token={keys[1]}&lang=de") as ws:
        first = ws.receive_json()
        assert first["type"] == "state"
        assert first["seat"] == 1
        expected = make_game("dicht-dran").new_state(4, 4)
        view = make_game("dicht-dran").view(expected, 1).to_json()
        assert first["view"] == json.loads(json.dumps(view))
        assert first["seats"][1]["connected"] is True
        assert state(client, table)["seats"][1]["connected"] is True
    assert state(client, table)["seats"][1]["connected"] is False


def test_an_action_is_pushed_to_every_seat_as_its_own_view(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human", "human"], seed=9)
    table, keys = created["table"], tokens(created)
    url = f"/ws/tables/{table}"
    with (
        client.websocket_connect(f"{url}?token={keys[0]}") as first,
        client.websocket_connect(f"{url}?token={keys[1]}") as second,
        client.websocket_connect(url) as spectator,
    ):
        start = first.receive_json()
        second.receive_json()
        spectator.receive_json()
        action = start["legal_actions"][0]["action"]
        first.send_json({"type": "action", "action": action, "step": start["step"], "id": "a1"})
        moved = lambda m: m["type"] == "state" and m["last_seq"] > start["last_seq"]  # noqa: E731
        mine = receive_until(first, moved)
        assert mine["ack"] == ["a1"]  # the first state with the action names it
        assert mine["step"] == start["step"] + 1
        theirs = receive_until(second, moved)
        public = receive_until(spectator, moved)
        assert mine["seat"] == 0
        assert theirs["seat"] == 1
        assert public["seat"] is None
        assert mine["view"] == state(client, table, keys[0])["view"]
        assert theirs["view"] == state(client, table, keys[1])["view"]
        assert public["view"] == state(client, table)["view"]
        assert all(e["seq"] > start["last_seq"] for e in theirs["events"])


def without_seats(seat_state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in seat_state.items() if key != "seats"}


BAD_MESSAGES = [
    ("{not json", "not valid JSON"),
    ('["action"]', '"type": "action"'),
    ('{"type": "chat", "text": "hi"}', '"type": "action"'),
    ('{"type": "action", "action": {"type": "fly"}}', "write it like"),
    ('{"type": "action", "action": 5}', "JSON object"),
    ('{"type": "action", "action": {"type": "draw"}, "step": "x"}', "step"),
    ('{"type": "action", "action": {"type": "draw"}, "step": 1}', "stale"),
    ('{"type": "action", "action": {"type": "draw"}, "id": [1]}', "id is a whole number"),
    ('{"type": "action", "action": {"type": "draw"}, "id": ' + str(2**70) + "}", "below 2**53"),
    ('{"type": "action", "action": {"type": "draw"}, "step": ' + "1" * 5000 + "}", "not valid"),
    (json.dumps({"type": "action", "action": {"type": "x" * 17000}}), "at most 16384 bytes"),
]


@pytest.mark.parametrize(("text", "message"), BAD_MESSAGES)
def test_a_bad_message_gets_an_error_and_the_connection_stays_usable(
    client: TestClient, text: str, message: str
) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=9)
    table, keys = created["table"], tokens(created)
    before = state(client, table, keys[0])
    with client.websocket_connect(f"/ws/tables/{table}?token={keys[0]}") as ws:
        ws.receive_json()
        ws.send_text(text)
        error = ws.receive_json()
        assert error["type"] == "error"
        assert message in error["error"]
        assert without_seats(state(client, table, keys[0])) == without_seats(before)
        action = before["legal_actions"][0]["action"]
        ws.send_json({"type": "action", "action": action})
        after = receive_until(ws, lambda m: m["type"] == "state")
        assert after["last_seq"] > before["last_seq"]


def test_not_your_turn_and_spectator_actions_are_refused(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=9)
    table, keys = created["table"], tokens(created)
    action = state(client, table, keys[0])["legal_actions"][0]["action"]
    with client.websocket_connect(f"/ws/tables/{table}?token={keys[1]}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": action, "id": 7})
        refusal = ws.receive_json()
        assert "does not act now; waiting for seat(s) 0" in refusal["error"]
        assert refusal["id"] == 7
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": action})
        assert "spectators cannot act" in ws.receive_json()["error"]


@pytest.mark.parametrize(
    ("path", "code", "message"),
    [
        ("/ws/tables/{table}?token=wrong", 4403, "no seat"),
        ("/ws/tables/nosuchtable", 4404, "no table"),
        ("/ws/tables/{table}?lang=fr", 4422, "lang must be one of de, en"),
        ("/ws/tables/{table}?since=-1", 4422, "since is the number"),
        ("/ws/tables/{table}?since=%C2%B2", 4422, "since is the number"),
    ],
)
def test_a_bad_token_or_table_is_told_and_closed(
    client: TestClient, path: str, code: int, message: str
) -> None:
    created = open_table(client)
    with client.websocket_connect(path.format(table=created["table"])) as ws:
        assert message in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code


def test_a_reconnecting_seat_gets_its_state_and_the_events_it_missed(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=9)
    table, keys = created["table"], tokens(created)
    with client.websocket_connect(f"/ws/tables/{table}?token={keys[1]}") as ws:
        seen = ws.receive_json()["last_seq"]
    action = state(client, table, keys[0])["legal_actions"][0]["action"]
    client.post(f"/api/tables/{table}/actions", json={"token": keys[0], "action": action})
    with client.websocket_connect(f"/ws/tables/{table}?token={keys[1]}&since={seen}") as ws:
        back = ws.receive_json()
    now = state(client, table, keys[1])
    assert back["view"] == now["view"]
    assert back["events"] == [e for e in now["events"] if e["seq"] > seen]
    assert back["events"]


def test_a_whole_game_over_websocket_acknowledges_every_action(client: TestClient) -> None:
    """Played to the end by WebSocket alone; the game ends with this seat's action, whose
    acknowledgement comes with the final state."""
    created = open_table(client, game="cento", seats=["human", "bot:random"], seed=1)
    table, keys = created["table"], tokens(created)
    with client.websocket_connect(f"/ws/tables/{table}?token={keys[0]}") as ws:
        message = ws.receive_json()
        sent, pending = 0, None
        while not message["over"]:
            if message["legal_actions"] and pending is None:
                sent += 1
                pending = sent
                action = message["legal_actions"][0]["action"]
                ws.send_json({"type": "action", "action": action, "id": sent})
            message = ws.receive_json()
            assert message["type"] == "state"
            if pending in message["ack"]:
                pending = None
        assert pending is None
        assert message["result"] is not None
    transcript = client.get(f"/api/tables/{table}/transcript").json()
    assert transcript["actions"][-1]["seat"] == 0  # the last action was this seat's
    assert sum(a["seat"] == 0 for a in transcript["actions"]) == sent
