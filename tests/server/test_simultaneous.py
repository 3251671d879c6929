"""``step`` in a simultaneous round: every seat may send the step it was shown, whoever
commits first; an action is stale only once a later step changed what its seat may do."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.games import REGISTRY
from tests.server.tables import open_table, state, tokens


def simultaneous_round(client: TestClient, game_id: str) -> tuple[str, dict[int, str], Any]:
    """An all-human table of ``game_id`` played (first legal action of the first seat to
    act) up to a state where several seats are to act; skips a game that has none early."""
    players = 4 if 4 in REGISTRY[game_id].spec.seat_counts else 3
    created = open_table(client, game=game_id, seats=["human"] * players, seed=11)
    table, keys = created["table"], tokens(created)
    for _ in range(300):
        public = state(client, table)
        if public["over"]:
            break
        if len(public["to_act"]) > 1:
            return table, keys, public
        seat = public["to_act"][0]
        action = state(client, table, keys[seat])["legal_actions"][0]["action"]
        body = {"token": keys[seat], "action": action, "step": public["step"]}
        assert client.post(f"/api/tables/{table}/actions", json=body).status_code == 200
    pytest.skip(f"{game_id} has no simultaneous round in its first 300 steps")


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_seat_of_a_simultaneous_round_acts_on_the_step_it_was_shown(
    client: TestClient, game_id: str
) -> None:
    table, keys, public = simultaneous_round(client, game_id)
    shown = {seat: state(client, table, keys[seat]) for seat in public["to_act"]}
    for seat, seen in shown.items():  # all on the same step, one after the other
        assert seen["step"] == public["step"]
        body = {"token": keys[seat], "action": seen["legal_actions"][0]["action"]}
        answer = client.post(f"/api/tables/{table}/actions", json={**body, "step": seen["step"]})
        assert answer.status_code == 200, (seat, answer.text)
    # The same action again on the same step: the seat's own commit changed what it may do.
    first = next(iter(shown))
    again = {"token": keys[first], "action": shown[first]["legal_actions"][0]["action"]}
    answer = client.post(f"/api/tables/{table}/actions", json={**again, "step": public["step"]})
    assert answer.status_code == 409
    assert answer.json()["code"] == "stale_action"


def test_the_four_seats_of_dicht_dran_send_on_one_step_over_websockets(
    client: TestClient,
) -> None:
    """Issue 29: four seats send at once with the step they were shown; none is stale."""
    created = open_table(client, seed=21)
    table, keys = created["table"], tokens(created)
    url = f"/ws/tables/{table}?token="
    with (
        client.websocket_connect(url + keys[0]) as a,
        client.websocket_connect(url + keys[1]) as b,
        client.websocket_connect(url + keys[2]) as c,
        client.websocket_connect(url + keys[3]) as d,
    ):
        sockets = [a, b, c, d]
        shown = [ws.receive_json() for ws in sockets]
        for seat, (ws, seen) in enumerate(zip(sockets, shown, strict=True)):
            action = seen["legal_actions"][0]["action"]
            ws.send_json({"type": "action", "action": action, "step": seen["step"], "id": seat})
        for seat, ws in enumerate(sockets):
            message = ws.receive_json()
            while message["type"] == "state" and seat not in message["ack"]:
                message = ws.receive_json()
            assert message["type"] == "state", message
    assert state(client, table)["step"] == shown[0]["step"] + 4


def test_a_delayed_action_from_an_earlier_turn_stays_stale(client: TestClient) -> None:
    """Sequential turns: once another seat has acted, the first seat's old step is stale
    even when its own turn has come round again."""
    created = open_table(client, game="triggs", seats=["human", "human"], seed=4)
    table, keys = created["table"], tokens(created)
    first = state(client, table)
    mover = first["to_act"][0]
    seen = state(client, table, keys[mover])
    while state(client, table)["to_act"] == [mover]:
        now = state(client, table, keys[mover])
        body = {"token": keys[mover], "action": now["legal_actions"][0]["action"]}
        assert client.post(f"/api/tables/{table}/actions", json=body).status_code == 200
    other = state(client, table)["to_act"][0]
    while state(client, table)["to_act"] == [other]:
        now = state(client, table, keys[other])
        body = {"token": keys[other], "action": now["legal_actions"][0]["action"]}
        assert client.post(f"/api/tables/{table}/actions", json=body).status_code == 200
    assert state(client, table)["to_act"] == [mover]
    late = {"token": keys[mover], "action": seen["legal_actions"][0]["action"]}
    answer = client.post(f"/api/tables/{table}/actions", json={**late, "step": seen["step"]})
    assert answer.status_code == 409
    assert answer.json()["code"] == "stale_action"
