"""Frames: every step after what a client has seen, with the seat that acted, the events of
that step the seat may see and its view after it, over HTTP and WebSocket, merged or not."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocket

from spieltisch.core.game import Event, Seat
from spieltisch.core.transcript import Transcript
from spieltisch.games import make_game
from spieltisch.server.app import create_app
from spieltisch.server.schemas import FRAMES_KEPT
from tests.server.tables import open_table, state, tokens


def plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


class Steps:
    """The test's own copy of a table: after each step, who acted, its events and every
    seat's (and the spectator's) view."""

    def __init__(self, game_id: str, players: int, seed: int) -> None:
        self.game = make_game(game_id)
        self.seats: list[Seat | None] = [*range(players), None]
        log: list[Event] = []
        self.state = self.game.new_state(players, seed, None, log)
        self.acted: list[Seat | None] = [None]
        self.events: list[list[Event]] = [log]
        self.views = [self._views()]

    def _views(self) -> dict[Seat | None, Any]:
        return {seat: plain(self.game.view(self.state, seat).to_json()) for seat in self.seats}

    @property
    def step(self) -> int:
        return len(self.acted) - 1

    def act(self, seat: Seat, action: dict[str, Any]) -> None:
        self.events.append(self.game.play(self.state, seat, self.game.action_from_json(action)))
        self.acted.append(seat)
        self.views.append(self._views())

    def frame(self, step: int, seat: Seat | None) -> dict[str, Any]:
        """The frame of ``step`` that ``seat`` should be sent (events as seq, kind, data)."""
        first = sum(len(events) for events in self.events[:step]) + 1
        return {
            "step": step,
            "seat": self.acted[step],
            "events": [
                [seq, event.kind, plain(dict(event.data))]
                for seq, event in enumerate(self.events[step], start=first)
                if event.visible_to(seat)
            ],
            "view": self.views[step][seat],
        }

    def ends(self) -> list[int]:
        """The number of events after each step."""
        total, ends = 0, []
        for events in self.events:
            total += len(events)
            ends.append(total)
        return ends


def frames_of(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The message's frames in the shape of :meth:`Steps.frame`, checked against its view."""
    frames = message["frames"]
    if frames:
        assert frames[-1]["step"] == message["step"]
        assert frames[-1]["view"] == message["view"]
    return [
        {**frame, "events": [[e["seq"], e["kind"], e["data"]] for e in frame["events"]]}
        for frame in frames
    ]


def play_first(client: TestClient, table: str, keys: dict[int, str], steps: Steps) -> Any:
    """The first seat to act plays its first legal action over HTTP; the answer."""
    seat = steps.game.to_act(steps.state)[0]
    legal = state(client, table, keys[seat])["legal_actions"]
    action = legal[0]["action"]
    answer = client.post(
        f"/api/tables/{table}/actions", json={"token": keys[seat], "action": action}
    )
    assert answer.status_code == 200, answer.text
    steps.act(seat, action)
    return answer.json()


def test_http_answers_carry_the_frames_after_since(client: TestClient) -> None:
    created = open_table(client, game="dicht-dran", seats=["human"] * 3, seed=11)
    table, keys = created["table"], tokens(created)
    steps = Steps("dicht-dran", 3, 11)
    fresh = state(client, table, keys[1])
    assert frames_of(fresh) == [steps.frame(0, 1)]  # the deal, step 0
    assert fresh["frames_skipped"] == 0
    for _ in range(7):
        answer = play_first(client, table, keys, steps)
        acted = steps.acted[-1]
        # The answer to an action holds exactly the frame of that action.
        assert frames_of(answer) == [steps.frame(steps.step, acted)]
    ends = steps.ends()
    for seat in steps.seats:
        token = {"token": keys[seat]} if seat is not None else {}
        for seen, since in enumerate(ends):
            later = state(client, table, since=since, **token)
            expected = [steps.frame(step, seat) for step in range(seen + 1, steps.step + 1)]
            assert frames_of(later) == expected  # none once everything was seen
        assert frames_of(state(client, table, since=0, **token)) == [
            steps.frame(step, seat) for step in range(steps.step + 1)
        ]


def test_a_client_far_behind_gets_the_latest_frame_and_the_number_left_out(
    tmp_path: Path,
) -> None:
    database = str(tmp_path / "tables.sqlite3")
    steps = Steps("dicht-dran", 3, 12)
    with TestClient(create_app(database)) as client:
        created = open_table(client, game="dicht-dran", seats=["human"] * 3, seed=12)
        table, keys = created["table"], tokens(created)
        while steps.step < FRAMES_KEPT + 10:
            play_first(client, table, keys, steps)
        ends = steps.ends()
        sinces = [ends[10], ends[11], ends[9], 0]
        answers = [state(client, table, keys[2], since=since) for since in sinces]
    # A restarted server rebuilds the table from storage, with the same frames.
    with TestClient(create_app(database)) as client:
        again = [state(client, table, keys[2], since=since) for since in sinces]
    latest = steps.step
    assert latest - 10 == FRAMES_KEPT
    for near, nearer, far, fresh in answers, again:
        # FRAMES_KEPT steps after since, or fewer: every frame.
        assert frames_of(near) == [steps.frame(s, 2) for s in range(11, latest + 1)]
        assert near["frames_skipped"] == 0
        assert frames_of(nearer) == [steps.frame(s, 2) for s in range(12, latest + 1)]
        # More: the latest frame only, as for a fresh load.
        assert frames_of(far) == [steps.frame(latest, 2)]
        assert far["frames_skipped"] == FRAMES_KEPT
        assert frames_of(fresh) == [steps.frame(latest, 2)]
        assert fresh["frames_skipped"] == latest


def test_every_frame_comes_once_and_in_order_when_pushes_merge(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person at a table of bots, in Dicht dran's simultaneous rounds: pushes are slowed
    down so that the bots play several actions between two of them; still every step comes
    as one frame, in order, with the person's view and only the events it may see."""
    send = WebSocket.send_text

    async def slow_send(self: WebSocket, data: str) -> None:
        await asyncio.sleep(0.02)
        await send(self, data)

    monkeypatch.setattr(WebSocket, "send_text", slow_send)
    seats = ["human", "bot:heuristic", "bot:heuristic"]
    created = open_table(client, game="dicht-dran", seats=seats, seed=5)
    table, key = created["table"], tokens(created)[0]
    received: list[dict[str, Any]] = []
    merged = 0
    with client.websocket_connect(f"/ws/tables/{table}?token={key}") as ws:
        while True:
            message = ws.receive_json()
            if message["type"] != "state":
                continue  # a stale action of ours, refused
            frames = frames_of(message)
            assert message["frames_skipped"] == 0
            merged = max(merged, len(frames))
            received.extend(frames)
            if message["over"]:
                break
            if message["legal_actions"]:
                action = message["legal_actions"][0]["action"]
                ws.send_json({"type": "action", "action": action, "step": message["step"]})
    transcript = Transcript.from_json(client.get(f"/api/tables/{table}/transcript").json())
    steps = Steps("dicht-dran", 3, 5)
    for seat, action in transcript.actions:
        steps.act(seat, action)
    assert [frame["step"] for frame in received] == list(range(steps.step + 1))
    assert received == [steps.frame(step, 0) for step in range(steps.step + 1)]
    assert merged > 1  # the bots did act between two pushes
    # In a simultaneous round, a seat's frames show who has laid a card, never which one.
    commits = [f for f in received if f["seat"] not in (None, 0)]
    assert any(f["view"]["committed"].count(True) == 1 for f in commits)


def test_websocket_frames_after_since_and_for_a_spectator(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human"] * 3, seed=9)
    table, keys = created["table"], tokens(created)
    steps = Steps("cento", 3, 9)
    for _ in range(3):
        play_first(client, table, keys, steps)
    seen = steps.ends()[1]  # the events up to the first action
    with (
        client.websocket_connect(f"/ws/tables/{table}?since={seen}") as spectator,
        client.websocket_connect(f"/ws/tables/{table}?token={keys[1]}") as second,
    ):
        first = spectator.receive_json()
        assert frames_of(first) == [steps.frame(s, None) for s in (2, 3)]
        assert frames_of(second.receive_json()) == [steps.frame(s, 1) for s in range(4)]
        play_first(client, table, keys, steps)
        play_first(client, table, keys, steps)
        pushed: list[dict[str, Any]] = []
        while len(pushed) < 2:
            pushed.extend(frames_of(spectator.receive_json()))
        assert pushed == [steps.frame(s, None) for s in (4, 5)]
        pushed = []
        while len(pushed) < 2:
            pushed.extend(frames_of(second.receive_json()))
        assert pushed == [steps.frame(s, 1) for s in (4, 5)]


def test_the_openapi_document_describes_frames(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert {"frames", "frames_skipped"} <= set(schemas["SeatState"]["properties"])
    assert set(schemas["Frame"]["properties"]) == {"step", "seat", "events", "view"}


def test_a_public_line_told_better_to_its_own_seat_is_marked_for_that_seat_only(
    client: TestClient,
) -> None:
    """ "Anna lays a card face down" and then, to Anna alone, "You laid the 63 face down":
    Anna's log says it once (the server marks the first line), the others read the first."""
    created = open_table(client, "dicht-dran", ["human", "human", "human"])
    table, keys = created["table"], tokens(created)
    seat = state(client, table)["to_act"][0]
    action = state(client, table, keys[seat])["legal_actions"][0]["action"]
    answer = client.post(
        f"/api/tables/{table}/actions", json={"token": keys[seat], "action": action}
    )
    assert answer.status_code == 200, answer.text

    def told(reader: int) -> dict[str, bool]:
        events = state(client, table, keys[reader])["events"]
        return {e["kind"]: e["told_better"] for e in events if e["kind"] in ("commit", "my_card")}

    assert told(seat) == {"commit": True, "my_card": False}
    assert told((seat + 1) % 3) == {"commit": False}
