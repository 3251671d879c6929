"""A client's WebSocket bytes are parsed only as the app takes its messages
(``HeldBackWebSocketProtocol``): a burst of thousands of tiny messages in one read is
still answered message by message, in order, with nothing lost, and the rest of the server
goes on serving meanwhile."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from websockets.sync.client import connect

from spieltisch.server.http import HeldBackWebSocketProtocol
from tests.server.live import LiveServer

#: Messages in the burst: at 7 bytes a frame, several reads' worth.
BURST = 3000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("held_back")
    # rates high enough that the test does not wait for them
    options: tuple[str, ...] = ("--socket-rate", "100000", "--socket-burst", "100000")
    options = (*options, "--client-rate", "100000", "--client-burst", "100000")
    live = LiveServer(str(folder / "tables.sqlite3"), folder / "serve.log", options)
    live.start()
    try:
        yield live
    finally:
        live.stop()


def frame(payload: bytes, opcode: int = 0x1) -> bytes:
    """A masked client frame (text unless ``opcode`` says otherwise) of under 126 bytes."""
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked


def read_frames(sock: socket.socket, wanted: int, seconds: float) -> list[dict[str, object]]:
    """The server's text frames (JSON) until ``wanted`` error messages came, for at most
    ``seconds`` (the server's pings keep the socket busy, so its timeout alone could wait
    for ever)."""
    data, messages, errors = b"", [], 0
    head_end = -1
    deadline = time.monotonic() + seconds
    while errors < wanted:
        assert time.monotonic() < deadline, f"{errors} of {wanted} refusals in {seconds} s"
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection"
        data += chunk
        if head_end < 0:
            head_end = data.find(b"\r\n\r\n")
            if head_end < 0:
                continue
            assert data.startswith(b"HTTP/1.1 101"), data[:100]
            data = data[head_end + 4 :]
        while len(data) >= 2:
            size, at = data[1] & 0x7F, 2
            if len(data) < {126: 4, 127: 10}.get(size, 2):
                break  # the rest of the frame's header is still on its way
            if size == 126:
                size, at = struct.unpack("!H", data[2:4])[0], 4
            elif size == 127:
                size, at = struct.unpack("!Q", data[2:10])[0], 10
            if len(data) < at + size:
                break
            opcode, payload, data = data[0] & 0x0F, data[at : at + size], data[at + size :]
            if opcode != 1:  # a ping: answered, as a browser would, or the server hangs up
                assert opcode == 9, f"after {errors} refusals: opcode {opcode}, {payload!r}"
                sock.sendall(frame(payload, opcode=0xA))
                continue
            message = json.loads(payload)
            messages.append(message)
            errors += message["type"] == "error"
    return messages


def test_a_burst_of_tiny_messages_is_answered_one_by_one_in_order(server: LiveServer) -> None:
    created = server.http.post(
        f"{server.url}/api/tables",
        json={"game": "dicht-dran", "players": 4, "seats": ["human"] * 4},
    ).json()
    table = created["table"]
    with (
        socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock,
        ThreadPoolExecutor(1) as pool,
    ):
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            f"GET /ws/tables/{table} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        # the burst's client reads its refusals as they come, as a browser would
        reading = pool.submit(read_frames, sock, BURST + 1, 120)
        last = b'{"type": "action", "action": {}, "id": "last"}'
        sock.sendall(b"".join(frame(b"x") for _ in range(BURST)) + frame(last))

        # meanwhile a seat at the same table plays
        token = created["seats"][0]["token"]
        with connect(f"{server.url.replace('http', 'ws')}/ws/tables/{table}?token={token}") as ws:
            state = json.loads(ws.recv(timeout=30))
            assert state["type"] == "state"
            action = state["legal_actions"][0]["action"]
            ws.send(json.dumps({"type": "action", "action": action, "id": "mine"}))
            while "mine" not in (reply := json.loads(ws.recv(timeout=30))).get("ack", []):
                assert reply["type"] == "state", reply

        errors = [m for m in reading.result() if m["type"] == "error"]
    assert [m["code"] for m in errors[:BURST]] == ["not_json"] * BURST
    assert errors[BURST]["code"] == "spectator_acts"
    assert errors[BURST]["id"] == "last"


@pytest.mark.skipif(shutil.which("ss") is None, reason="needs ss (iproute2)")
def test_a_websocket_has_a_fixed_send_buffer(server: LiveServer) -> None:
    """The kernel may not grow a WebSocket's send buffer to megabytes (loopback starts
    near 4 MiB): a client that does not read fills it, and meets the send timeout, soon."""
    created = server.http.post(
        f"{server.url}/api/tables",
        json={"game": "dicht-dran", "players": 4, "seats": ["human"] * 4},
    ).json()
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            f"GET /ws/tables/{created['table']} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        data = b""
        while b"\r\n\r\n" not in data or data.endswith(b"\r\n\r\n"):  # the 101, a state
            chunk = sock.recv(65536)
            assert chunk, "the server closed the connection"
            data += chunk
        assert data.startswith(b"HTTP/1.1 101"), data[:100]
        mine = sock.getsockname()[1]
        query = f"sport = :{server.port} and dport = :{mine}"
        shown = subprocess.run(["ss", "-tmn", query], capture_output=True, text=True).stdout
    sizes = re.findall(r"\btb(\d+)", shown)
    assert sizes, shown
    assert int(sizes[0]) <= 2 * HeldBackWebSocketProtocol.send_buffer
