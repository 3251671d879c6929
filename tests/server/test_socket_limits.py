"""WebSocket bounds on a real server (uvicorn): a client that never reads is closed, one
that floods is read no faster than its rate, and refusals never pile up unsent."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from spieltisch.server.app import create_app
from spieltisch.server.http import HeldBackWebSocketProtocol
from spieltisch.server.routes.ws import SocketLimits
from tests.server.live import free_port
from tests.server.rawsocket import RawSocket, close_code, frame, split_frames

LIMITS = SocketLimits(rate=40.0, burst=5, send_timeout=1.0, pending_errors=8)


SERVERS: dict[str, uvicorn.Server] = {}


@contextmanager
def serving(tmp_path: Path, limits: SocketLimits, ws: Any = "auto") -> Iterator[str]:
    """A server on uvicorn in this process with ``limits`` (no keepalive pings, so only
    these limits close a connection) and the WebSocket protocol ``ws``; its address (its
    uvicorn server in ``SERVERS``)."""
    port = free_port()
    app = create_app(str(tmp_path / "tables.sqlite3"), socket_limits=limits)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws_ping_interval=None, ws=ws
    )
    runner = uvicorn.Server(config)
    SERVERS[f"127.0.0.1:{port}"] = runner
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not runner.started:
        assert time.monotonic() < deadline, "the server did not start"
        assert thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        runner.should_exit = True
        thread.join(30)


TOKENS: dict[str, list[str]] = {}


def new_table(server: str) -> str:
    body = {"game": "dicht-dran", "players": 4, "seats": ["human"] * 4, "seed": 1}
    answer = httpx.post(f"http://{server}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    table: str = answer.json()["table"]
    TOKENS[table] = [seat["token"] for seat in answer.json()["seats"]]
    return table


def test_refusals_wait_unsent_only_up_to_the_bound(tmp_path: Path) -> None:
    """Junk without reading at an unlimited rate: after ``pending_errors`` unsent refusals
    the server closes the connection and stops reading; nothing more is kept for it."""
    limits = SocketLimits(rate=1e9, burst=10**9, send_timeout=1.0, pending_errors=8)
    with serving(tmp_path, limits) as server:
        table = new_table(server)
        client = RawSocket(server, f"/ws/tables/{table}", receive_buffer=2048)
        client.sock.settimeout(10)
        sent = 0
        with pytest.raises((BrokenPipeError, ConnectionResetError, TimeoutError)):  # noqa: PT012
            while sent < 10**6:
                client.send("{}")
                sent += 1
        frames = client.frames(timeout=30)
    refusals = [p for opcode, p in frames if opcode == 1 and b"bad_message" in p]
    assert len(refusals) < sent
    assert close_code(frames) in (1008, None)


def test_a_flooding_client_is_read_at_its_rate_and_keeps_its_connection(tmp_path: Path) -> None:
    """Junk faster than ``rate``: each message still gets its refusal, and the server
    reads no faster than the rate allows (after the burst)."""
    with serving(tmp_path, LIMITS) as server:
        table = new_table(server)
        client = RawSocket(server, f"/ws/tables/{table}")
        count = LIMITS.burst + 20
        started = time.monotonic()
        for number in range(count):
            client.send(f'{{"id": {number}}}')
        client.send("{bad")
        client.sock.settimeout(30)
        data = client.buffer
        while data.count(b'"code"') < count + 1:
            data += client.sock.recv(65536)
        elapsed = time.monotonic() - started
        client.sock.close()
    assert all(f'"id": {number}}}'.encode() in data for number in range(count))
    assert b"not_json" in data
    assert elapsed >= (count - LIMITS.burst - 1) / LIMITS.rate  # the rate held it back


def test_a_reading_client_that_sends_faster_than_its_refusals_go_out_keeps_them_all(
    tmp_path: Path,
) -> None:
    """Junk in one burst with no rate limit and room for only two unsent refusals: the
    server reads no further until they went out, so a client that reads gets every refusal
    and keeps its connection."""
    limits = SocketLimits(rate=1e9, burst=10**9, send_timeout=5.0, pending_errors=2)
    count = 2000
    with serving(tmp_path, limits) as server:
        client = RawSocket(server, f"/ws/tables/{new_table(server)}")
        client.sock.settimeout(30)
        client.sock.sendall(b"".join(frame(b'{"id": %d}' % n) for n in range(count)))
        data, refusals = client.buffer, 0
        while refusals < count:
            frames, data = split_frames(data)
            assert all(opcode != 8 for opcode, _ in frames), f"closed after {refusals} refusals"
            refusals += sum(b"bad_message" in payload for _, payload in frames)
            if refusals < count:
                chunk = client.sock.recv(65536)
                assert chunk, f"the server hung up after {refusals} refusals"
                data += chunk
        client.sock.close()
    assert refusals == count


def test_a_client_that_stops_reading_is_cut_off_after_the_close_grace(tmp_path: Path) -> None:
    """``serve``'s WebSocket protocol: a client that reads nothing while it is sent
    refusals is closed once a send waits ``send_timeout``, and, since its close frame can
    never go out, the connection is cut off ``close_grace`` seconds after the app is done:
    the server holds no connection for it any more, and the client, once it reads, finds
    the connection ended."""
    limits = SocketLimits(rate=1e9, burst=10**9, send_timeout=1.0, pending_errors=8)
    grace = HeldBackWebSocketProtocol.close_grace
    with serving(tmp_path, limits, ws=HeldBackWebSocketProtocol) as server:
        connections = SERVERS[server].server_state.connections
        table = new_table(server)
        deadline = time.monotonic() + 10
        while connections:  # the POST's connection
            assert time.monotonic() < deadline, "the table's request stayed connected"
            time.sleep(0.05)
        client = RawSocket(server, f"/ws/tables/{table}", receive_buffer=2048)
        assert len(connections) == 1
        # far more refusals than every buffer on the way holds (about 90 kB)
        client.sock.sendall(b"".join(frame(b"{}") for _ in range(5000)))
        sent = time.monotonic()
        most = 2 * limits.send_timeout + grace + 5.0  # reading waits, the close waits, grace
        while connections:
            assert time.monotonic() - sent < most, f"still connected after {most:g} s"
            time.sleep(0.05)
        cut = time.monotonic() - sent
        client.sock.settimeout(10)
        ended = False
        try:  # what it was sent, then the end (no more bytes or a reset), never a wait
            while client.sock.recv(65536):
                pass
            ended = True
        except ConnectionResetError:
            ended = True
        finally:
            client.sock.close()
    assert ended
    assert cut >= grace  # cut off after the grace, not at once
