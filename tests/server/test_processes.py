"""Start-up, memory and many processes on one database.

A server loads a table when first asked for it and drops one nobody uses; several
``spieltisch serve`` processes on one PostgreSQL database serve any table through any
process: every action committed exactly once, in order, pushed by every process to its own
connections; a table's bots played by one process and played on by another when it dies.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from spieltisch.server.app import create_app
from spieltisch.server.service import TableManager
from tests.server.live import LiveServer
from tests.server.tables import open_table, state, tokens


def act(client: TestClient, table: str, token: str, step: int | None = None) -> Any:
    action = state(client, table, token)["legal_actions"][0]["action"]
    body = {"token": token, "action": action, "step": step}
    return client.post(f"/api/tables/{table}/actions", json=body)


def play(client: TestClient, table: str, keys: dict[int, str], steps: int) -> None:
    for _ in range(steps):
        seat = state(client, table)["to_act"][0]
        assert act(client, table, keys[seat]).status_code == 200


# -- start-up and memory ------------------------------------------------------------------
def test_a_restarted_server_loads_a_table_only_when_asked_for(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = open_table(client, game="cento", seats=["human", "human"], seed=5)
        table, keys = created["table"], tokens(created)
        play(client, table, keys, 3)
        before = {seat: state(client, table, key) for seat, key in keys.items()}
    with TestClient(create_app(db_url)) as client:
        manager: TableManager = client.app.state.tables  # type: ignore[attr-defined]
        assert manager._tables == {}  # nothing replayed at start
        assert {seat: state(client, table, key) for seat, key in keys.items()} == before
        assert table in manager._tables
        play(client, table, keys, 1)


def test_a_table_nobody_uses_leaves_memory_and_comes_back_when_asked_for(db_url: str) -> None:
    with TestClient(create_app(db_url, archive_after=0.3)) as client:
        manager: TableManager = client.app.state.tables  # type: ignore[attr-defined]
        created = open_table(client, game="cento", seats=["human", "human"], seed=5)
        table, keys = created["table"], tokens(created)
        watched = open_table(client, game="cento", seats=["human", "human"], seed=6)
        play(client, table, keys, 2)
        before = state(client, table, keys[0])
        with client.websocket_connect(f"/ws/tables/{watched['table']}") as ws:
            ws.receive_json()
            deadline = time.monotonic() + 20
            while table in manager._tables and time.monotonic() < deadline:
                time.sleep(0.05)
            assert table not in manager._tables
            assert watched["table"] in manager._tables  # a connection keeps it
        assert state(client, table, keys[0]) == before  # loaded again, just as it was
        play(client, table, keys, 1)
        assert state(client, table)["step"] == 3


# -- many processes on one PostgreSQL database -------------------------------------------
@pytest.fixture
def two(postgres_url: str, tmp_path: Path) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two server processes on one PostgreSQL schema (bot leases of one second)."""
    servers = [
        LiveServer(postgres_url, tmp_path / f"server-{n}.log", ("--bot-lease", "1"))
        for n in range(2)
    ]
    try:
        for server in servers:
            server.start()
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()
        for server in servers:
            assert "Traceback" not in server.log.read_text(), server.log.read_text()


def socket(server: LiveServer, table: str, token: str | None = None) -> ClientConnection:
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{table}"
    return connect(url + (f"?token={token}" if token else ""))


def pushed_until(ws: ClientConnection, step: int, timeout: float = 10.0) -> dict[str, Any]:
    """The first state pushed on ``ws`` that has reached ``step``."""
    deadline = time.monotonic() + timeout
    while True:
        message: dict[str, Any] = json.loads(
            ws.recv(timeout=max(deadline - time.monotonic(), 0.01))
        )
        if message["type"] == "state" and message["step"] >= step:
            return message


def new_table(server: LiveServer, game: str, seats: list[str], seed: int) -> tuple[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed}
    answer = server.post("/api/tables", body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["table"], {s["seat"]: s["token"] for s in created["seats"] if s["token"]}


def stored_steps(url: str, table: str) -> list[int]:
    with psycopg.connect(url) as db:
        rows = db.execute(
            "SELECT idx FROM spieltisch_actions WHERE table_id = %s ORDER BY idx", (table,)
        ).fetchall()
    return [int(row[0]) for row in rows]


def test_an_action_through_one_process_is_pushed_by_the_other(
    two: tuple[LiveServer, LiveServer],
) -> None:
    a, b = two
    table, keys = new_table(a, "cento", ["human", "human"], 5)
    with socket(b, table, keys[1]) as seat_on_b, socket(b, table) as spectator_on_b:
        assert json.loads(seat_on_b.recv(timeout=10))["step"] == 0
        assert json.loads(spectator_on_b.recv(timeout=10))["step"] == 0
        for step in range(4):  # through A, then through B's socket, in turn
            seat = at_step(a, table, step)["to_act"][0]
            legal = a.get(f"/api/tables/{table}", token=keys[seat])["legal_actions"]
            if step % 2 == 0:
                body = {"token": keys[seat], "action": legal[0]["action"], "step": step}
                assert a.post(f"/api/tables/{table}/actions", body).status_code == 200
            else:
                with socket(b, table, keys[seat]) as ws:
                    json.loads(ws.recv(timeout=10))
                    message = {"type": "action", "action": legal[0]["action"], "id": step}
                    ws.send(json.dumps(message))
                    assert step in pushed_until(ws, step + 1)["ack"]
            on_b = pushed_until(seat_on_b, step + 1)
            assert on_b["step"] == step + 1
            assert on_b["view"] == at_step(a, table, step + 1, keys[1])["view"]
            assert (
                pushed_until(spectator_on_b, step + 1)["view"]
                == a.get(f"/api/tables/{table}")["view"]
            )
    assert game_of(at_step(a, table, 4, keys[0])) == game_of(at_step(b, table, 4, keys[0]))


def at_step(server: LiveServer, table: str, step: int, token: str | None = None) -> Any:
    """``server``'s state of ``table`` once it has heard of step ``step`` (the other
    process's commits reach it within milliseconds, not at once)."""
    deadline = time.monotonic() + 10
    while (seen := server.get(f"/api/tables/{table}", token=token))["step"] < step:
        assert time.monotonic() < deadline, f"step {step} did not reach {server.url}"
        time.sleep(0.01)
    return seen


def game_of(seen: dict[str, Any]) -> dict[str, Any]:
    """A state without the seats' connections (each process counts its own at once, the
    others' within a second)."""
    return {key: value for key, value in seen.items() if key != "seats"}


def race(calls: list[tuple[LiveServer, str, dict[str, Any]]]) -> list[Any]:
    """Post every ``(server, path, body)`` at the same moment; the responses in order."""
    start = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def post(n: int, server: LiveServer, path: str, body: dict[str, Any]) -> None:
        start.wait()
        answers[n] = server.post(path, body)

    threads = [threading.Thread(target=post, args=(n, *call)) for n, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_the_same_action_sent_through_both_processes_is_committed_once(
    two: tuple[LiveServer, LiveServer], postgres_url: str
) -> None:
    a, b = two
    table, keys = new_table(a, "cento", ["human", "human"], 5)
    b.get(f"/api/tables/{table}")  # both hold the table
    for step in range(12):
        seat = at_step(a, table, step)["to_act"][0]
        at_step(b, table, step)
        legal = b.get(f"/api/tables/{table}", token=keys[seat])["legal_actions"]
        body = {"token": keys[seat], "action": legal[0]["action"], "step": step}
        path = f"/api/tables/{table}/actions"
        answers = race([(a, path, body), (b, path, body)])
        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200, 409], [answer.text for answer in answers]
        refused = next(answer for answer in answers if answer.status_code == 409)
        assert refused.json()["code"] in {"stale_action", "not_your_turn"}
    steps = stored_steps(postgres_url, table)
    assert steps == list(range(12))
    assert game_of(at_step(a, table, len(steps))) == game_of(at_step(b, table, len(steps)))


def test_seats_acting_at_once_through_two_processes_are_each_committed_once(
    two: tuple[LiveServer, LiveServer], postgres_url: str
) -> None:
    """Dicht dran's simultaneous rounds: each seat sends on the step it was shown, through
    alternating processes, at the same moment; every action is committed once."""
    a, b = two
    table, keys = new_table(a, "dicht-dran", ["human"] * 4, 21)
    committed = 0
    rounds = 0
    for _ in range(60):
        public = at_step(a, table, committed)
        at_step(b, table, committed)
        if public["over"] or rounds == 3:
            break
        calls = []
        for n, seat in enumerate(public["to_act"]):
            shown = b.get(f"/api/tables/{table}", token=keys[seat])
            body = {"token": keys[seat], "action": shown["legal_actions"][0]["action"]}
            body["step"] = shown["step"]
            calls.append(((a, b)[n % 2], f"/api/tables/{table}/actions", body))
        answers = race(calls)
        assert all(answer.status_code == 200 for answer in answers), [a.text for a in answers]
        committed += len(calls)
        rounds += len(calls) > 1
    assert rounds == 3, "no three simultaneous rounds"
    steps = stored_steps(postgres_url, table)
    assert steps == list(range(committed))
    assert game_of(at_step(a, table, len(steps))) == game_of(at_step(b, table, len(steps)))


def test_the_bots_play_on_when_their_process_is_killed(
    two: tuple[LiveServer, LiveServer], postgres_url: str
) -> None:
    a, b = two
    seats = ["bot:ismcts:sims=400", "bot:ismcts:sims=400"]
    table, _ = new_table(a, "magic-numbers", seats, 3)
    with psycopg.connect(postgres_url) as db:
        deadline = time.monotonic() + 30
        holder = None
        while holder is None and time.monotonic() < deadline:
            row = db.execute(
                "SELECT holder FROM spieltisch_leases WHERE table_id = %s", (table,)
            ).fetchone()
            holder = None if row is None else str(row[0])
            time.sleep(0.05)
        assert holder is not None
        assert a.process is not None
        assert holder.split(":")[1] == str(a.process.pid)  # A opened it, A plays its bots
        a.kill()
        killed_at = b.get(f"/api/tables/{table}")["step"]
        deadline = time.monotonic() + 60
        public = b.get(f"/api/tables/{table}")
        while not public["over"] and public["step"] < killed_at + 3:
            assert time.monotonic() < deadline, "the bots did not play on"
            time.sleep(0.1)
            public = b.get(f"/api/tables/{table}")
        row = db.execute(
            "SELECT holder FROM spieltisch_leases WHERE table_id = %s", (table,)
        ).fetchone()
        assert b.process is not None
        taken_over = row is not None and str(row[0]).split(":")[1] == str(b.process.pid)
        assert public["over"] or taken_over
    steps = stored_steps(postgres_url, table)
    assert steps == list(range(len(steps)))


def test_a_person_polling_one_process_is_not_taken_over_by_another(
    postgres_url: str, tmp_path: Path
) -> None:
    """Presence crosses processes: a seat whose person polls B over HTTP is not played by
    a bot from A, which holds the table too; once the person stops, a bot plays for it."""
    servers = [
        LiveServer(postgres_url, tmp_path / f"server-{n}.log", ("--away-after", "1.5"))
        for n in range(2)
    ]
    try:
        for server in servers:
            server.start()
        a, b = servers
        table, keys = new_table(a, "cento", ["human", "human"], 5)
        seat = a.get(f"/api/tables/{table}")["to_act"][0]
        until = time.monotonic() + 5
        while time.monotonic() < until:
            b.get(f"/api/tables/{table}", token=keys[seat])
            a.get(f"/api/tables/{table}")  # A holds the table and watches the seat too
            time.sleep(0.25)
        public = a.get(f"/api/tables/{table}")
        assert public["step"] == 0
        assert not public["seats"][seat]["away"]
        deadline = time.monotonic() + 30
        while a.get(f"/api/tables/{table}")["step"] == 0:
            assert time.monotonic() < deadline, "no bot played for the absent person"
            time.sleep(0.1)
    finally:
        for server in servers:
            server.stop()
