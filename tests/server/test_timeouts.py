"""Header, body and idle timeouts on a real server (``spieltisch serve`` in a subprocess):
a connection that sends nothing or half a request is closed, a WebSocket is not; links
come from ``--public-url`` or the server's own address, never from the Host header."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.server.live import LiveServer

TIMEOUTS = ("--header-timeout", "1", "--body-timeout", "1", "--keep-alive-timeout", "1")
BODY = {"game": "dicht-dran", "players": 4, "seats": ["human"] * 4}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("timeouts")
    options = (*TIMEOUTS, "--public-url", "https://spiel.example")
    live = LiveServer(str(folder / "tables.sqlite3"), folder / "serve.log", options)
    live.start()
    try:
        yield live
    finally:
        live.stop()


def raw(server: LiveServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=15)


def read_to_end(connection: socket.socket) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long it took
    (the socket's timeout, 15 s, fails the test if the server never closes it)."""
    start, received = time.monotonic(), b""
    while chunk := connection.recv(65536):
        received += chunk
    return received, time.monotonic() - start


def test_a_connection_that_sends_nothing_is_closed(server: LiveServer) -> None:
    with raw(server) as connection:
        answer, took = read_to_end(connection)
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert took < 10


def test_half_sent_headers_are_answered_408_and_closed(server: LiveServer) -> None:
    connections = [raw(server) for _ in range(50)]
    for connection in connections:
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    for connection in connections:
        with connection:
            answer, took = read_to_end(connection)
            assert answer.startswith(b"HTTP/1.1 408 "), answer
            assert took < 10


def test_headers_trickled_after_an_answer_are_timed_too(server: LiveServer) -> None:
    with raw(server) as connection:
        connection.sendall(b"GET /api/errors/words HTTP/1.1\r\nHost: x\r\n\r\n")
        first = connection.recv(65536)
        assert first.startswith(b"HTTP/1.1 200 ")
        connection.sendall(b"GET /api/games HTTP/1.1\r\n")  # and never the rest
        answer, _ = read_to_end(connection)
    assert b"HTTP/1.1 408 " in answer


def test_a_half_sent_body_is_answered_408(server: LiveServer) -> None:
    with raw(server) as connection:
        connection.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 200\r\n\r\n{"game": '
        )
        answer, took = read_to_end(connection)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ")
    assert json.loads(body)["code"] == "request_timeout"
    assert took < 10


def test_an_idle_connection_is_closed_after_an_answer(server: LiveServer) -> None:
    with raw(server) as connection:
        connection.sendall(b"GET /api/errors/words HTTP/1.1\r\nHost: x\r\n\r\n")
        answer, took = read_to_end(connection)
    assert answer.startswith(b"HTTP/1.1 200 ")
    assert b"408" not in answer.split(b"\r\n\r\n", 1)[0]
    assert took < 10


def test_a_websocket_outlives_the_header_timeout(server: LiveServer) -> None:
    made = server.post("/api/tables", BODY).json()
    path = f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}"
    with connect(f"ws://127.0.0.1:{server.port}{path}", open_timeout=15) as ws:
        assert json.loads(ws.recv(timeout=15))["type"] == "state"
        time.sleep(2.5)  # longer than the header, body and keep-alive timeouts
        ws.send(json.dumps({"type": "nonsense", "id": 7}))
        refusal = json.loads(ws.recv(timeout=15))
    assert (refusal["code"], refusal["id"]) == ("bad_message", 7)


def test_links_come_from_public_url_never_from_host(server: LiveServer) -> None:
    answer = server.http.post(
        f"{server.url}/api/tables", json=BODY, headers={"Host": "evil.example"}
    )
    made = answer.json()
    assert made["spectator_url"] == f"https://spiel.example/?table={made['table']}"
    assert all(s["invite_url"].startswith("https://spiel.example/?table=") for s in made["seats"])


def test_without_public_url_links_name_the_servers_own_address(tmp_path: Path) -> None:
    live = LiveServer(str(tmp_path / "tables.sqlite3"), tmp_path / "serve.log")
    live.start()
    try:
        answer = live.http.post(
            f"{live.url}/api/tables", json=BODY, headers={"Host": "evil.example"}
        )
        made = answer.json()
    finally:
        live.stop()
    assert made["spectator_url"] == f"http://127.0.0.1:{live.port}/?table={made['table']}"
