"""Nothing is lost: a server killed with SIGKILL in the middle of games starts again with
every table exactly where it was, on both stores."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from spieltisch.core.transcript import Transcript, replay
from spieltisch.games import game_for
from spieltisch.server.app import create_app
from spieltisch.server.storage import ActionRow, TableHeader, open_storage
from tests.server.live import LiveServer
from tests.server.tables import open_table, state, tokens

TABLES = [
    ("dicht-dran", ["human", "bot:heuristic", "human", "bot:random"], {"passes": 1}),
    ("cento", ["human", "bot:ismcts:sims=30"], {}),
    ("missionszahl", ["human", "bot:heuristic", "human"], {}),
    ("triggs", ["human", "human", "bot:heuristic"], {}),
    ("magic-numbers", ["human", "bot:heuristic", "human"], {}),
]


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(db_url, tmp_path / "server.log")
    live.start()
    yield live
    live.stop()


def humans_turn(server: LiveServer, table: str, timeout: float = 60.0) -> dict[str, Any]:
    """The public state once only humans are to act, or the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        public: dict[str, Any] = server.get(f"/api/tables/{table}")
        bots = {s["seat"] for s in public["seats"] if s["kind"] == "bot"}
        if public["over"] or not bots & set(public["to_act"]):
            return public
        time.sleep(0.02)
    raise AssertionError(f"table {table} did not reach a human's turn")


def play(server: LiveServer, table: str, tokens: dict[int, str], actions: int | None) -> None:
    """Let the humans play ``actions`` actions (``None``: to the end), the first legal one."""
    done = 0
    while actions is None or done < actions:
        public = humans_turn(server, table)
        if public["over"]:
            return
        seat = public["to_act"][-1]
        legal = server.get(f"/api/tables/{table}", token=tokens[seat])["legal_actions"]
        answer = server.post(
            f"/api/tables/{table}/actions", {"token": tokens[seat], "action": legal[0]["action"]}
        )
        assert answer.status_code == 200, answer.text
        done += 1


def snapshot(server: LiveServer, table: str, tokens: dict[int, str]) -> dict[Any, Any]:
    """Every human seat's state and the spectator's, in both languages."""
    humans_turn(server, table)
    return {
        (seat, lang): server.get(f"/api/tables/{table}", token=token, lang=lang)
        for seat, token in [*tokens.items(), (None, None)]
        for lang in ("de", "en")
        if token is not None or seat is None
    }


def test_every_table_goes_on_exactly_where_it_was(server: LiveServer) -> None:
    tables = []
    for game, seats, options in TABLES:
        body = {"game": game, "players": len(seats), "seats": seats, "seed": 21}
        body["options"] = options
        created = server.post("/api/tables", body).json()
        tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
        tables.append((created["table"], tokens))
    for table, tokens in tables:
        play(server, table, tokens, 6)
    before = {table: snapshot(server, table, tokens) for table, tokens in tables}
    server.kill()
    server.start()
    after = {table: snapshot(server, table, tokens) for table, tokens in tables}
    assert after == before
    for table, tokens in tables[1:]:
        play(server, table, tokens, 4)
    table, tokens = tables[0]
    play(server, table, tokens, None)
    transcript = Transcript.from_json(server.get(f"/api/tables/{table}/transcript"))
    replay(game_for(transcript), transcript)  # legal at every step, the same result
    table, tokens = tables[1]
    ws_url = server.url.replace("http://", "ws://") + f"/ws/tables/{table}?token={tokens[0]}"
    with connect(ws_url) as ws:  # a WebSocket handshake is logged with its query string
        assert json.loads(ws.recv())["seat"] == 0
    time.sleep(0.2)
    log = server.log.read_text()
    assert "WebSocket /ws/tables" in log
    assert "token=***" in log  # requests with tokens are logged, without them
    assert "Traceback" not in log
    assert not any(token in log for _, tokens in tables for token in tokens.values())


def test_no_acknowledged_action_is_lost(server: LiveServer) -> None:
    """Actions stream in while the server is killed: every action it acknowledged is in
    the game afterwards, in order (at most one more, committed but not yet answered)."""
    seats = ["human", "human", "bot:random", "human"]
    body = {"game": "dicht-dran", "players": 4, "seats": seats, "seed": 5}
    created = server.post("/api/tables", body).json()
    table = created["table"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
    bot_table = server.post(
        "/api/tables",
        {"game": "cento", "players": 2, "seats": ["bot:ismcts:sims=20", "bot:heuristic"]},
    ).json()["table"]
    acknowledged: list[tuple[int, dict[str, Any]]] = []
    killer: threading.Timer | None = None
    try:
        while True:
            if len(acknowledged) == 12 and killer is None:  # lands while actions stream in
                killer = threading.Timer(0.05, server.kill)
                killer.start()
            public = humans_turn(server, table)
            seat = public["to_act"][0]
            legal = server.get(f"/api/tables/{table}", token=tokens[seat])["legal_actions"]
            action = legal[-1]["action"]
            answer = server.post(
                f"/api/tables/{table}/actions", {"token": tokens[seat], "action": action}
            )
            if answer.status_code == 200:
                acknowledged.append((seat, action))
    except (httpx.TransportError, AssertionError):
        pass
    assert server.process is not None
    server.process.wait(10)
    assert acknowledged, "no action was acknowledged before the kill"
    server.start()
    play(server, table, tokens, None)
    transcript = Transcript.from_json(server.get(f"/api/tables/{table}/transcript"))
    humans = [(seat, action) for seat, action in transcript.actions if seats[seat] == "human"]
    assert humans[: len(acknowledged)] == acknowledged
    replay(game_for(transcript), transcript)
    assert humans_turn(server, bot_table)["over"]  # the bots' table went on by itself
    assert server.orphans, "the search bot ran in worker processes"
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in server.orphans):
        assert time.monotonic() < deadline, "the killed server's workers did not exit"
        time.sleep(0.1)


def test_a_stored_log_that_does_not_replay_names_the_step_and_is_refused(db_url: str) -> None:
    """A table is rebuilt through the transcript replay: an action that is not legal where
    it stands (a log changed by hand, a bug) refuses the table with a 409 naming it."""
    with TestClient(create_app(db_url)) as client:
        created = open_table(client, game="cento", seats=["human", "human"], seed=5)
        table, keys = created["table"], tokens(created)
        legal = state(client, table, keys[0])["legal_actions"]
        played = {"token": keys[0], "action": legal[0]["action"]}
        assert client.post(f"/api/tables/{table}/actions", json=played).status_code == 200
        seat = state(client, table)["to_act"][0]
        listed = [a["action"] for a in state(client, table, keys[seat])["legal_actions"]]
    lays = ({"type": "lay", "card": card} for card in range(1, 101))
    illegal = next(lay for lay in lays if lay not in listed)
    store = open_storage(db_url)
    try:
        store.append_actions([ActionRow(table, 1, seat, illegal)])
    finally:
        store.close()
    with TestClient(create_app(db_url)) as client:
        answer = client.get(f"/api/tables/{table}")
    assert answer.status_code == 409
    error = answer.json()["error"]
    assert error.startswith(f"table {table} cannot be restored: step 2, player {seat + 1}: ")
    assert "is not legal" in error
    assert "\n" not in error


def test_a_table_of_another_rules_version_is_refused(db_url: str) -> None:
    store = open_storage(db_url)
    try:
        header = TableHeader("old", "cento", "0", {}, 2, 5, ("human", "human"), (None, None), 0)
        store.create_table(header)
    finally:
        store.close()
    with TestClient(create_app(db_url)) as client:
        answer = client.get("/api/tables/old")
    assert answer.status_code == 409
    error = answer.json()["error"]
    assert error.startswith("table old cannot be restored: ")
    assert "rules version 0 of cento" in error
