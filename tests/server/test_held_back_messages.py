"""A client's WebSocket bytes are parsed only as the app takes its messages
(``HeldBackWebSocketProtocol``): a burst of thousands of tiny messages in one read is
still answered message by message, in order, with nothing lost, and the rest of the server
goes on serving meanwhile."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from websockets.sync.client import connect

from spieltisch.server.http import HeldBackWebSocketProtocol
from tests.server.live import LiveServer
from tests.server.rawsocket import RawSocket, frame, split_frames

#: Messages in the burst: at 7 bytes a frame, several reads' worth.
BURST = 3000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("held_back")
    # rates high enough that the test does not wait for them
    options: tuple[str, ...] = ("--socket-rate", "100000", "--socket-burst", "100000")
    options = (*options, "--client-rate", "100000", "--client-burst", "100000")
    options = (*options, "--refusal-rate", "100000", "--refusal-burst", "100000")
    live = LiveServer(str(folder / "tables.sqlite3"), folder / "serve.log", options)
    live.start()
    try:
        yield live
    finally:
        live.stop()


def read_frames(client: RawSocket, wanted: int, seconds: float) -> list[dict[str, object]]:
    """The server's text frames (JSON) until ``wanted`` error messages came, for at most
    ``seconds`` (the server's pings keep the socket busy, so its timeout alone could wait
    for ever)."""
    messages: list[dict[str, object]] = []
    errors, data = 0, client.buffer
    deadline = time.monotonic() + seconds
    while errors < wanted:
        assert time.monotonic() < deadline, f"{errors} of {wanted} refusals in {seconds} s"
        frames, data = split_frames(data)
        for opcode, payload in frames:
            if opcode != 1:  # a ping: answered, as a browser would, or the server hangs up
                assert opcode == 9, f"after {errors} refusals: opcode {opcode}, {payload!r}"
                client.sock.sendall(frame(payload, opcode=0xA))
                continue
            message = json.loads(payload)
            messages.append(message)
            errors += message["type"] == "error"
        if errors < wanted:
            chunk = client.sock.recv(65536)
            assert chunk, "the server closed the connection"
            data += chunk
    return messages


def test_a_burst_of_tiny_messages_is_answered_one_by_one_in_order(server: LiveServer) -> None:
    created = server.http.post(
        f"{server.url}/api/tables",
        json={"game": "dicht-dran", "players": 4, "seats": ["human"] * 4},
    ).json()
    table = created["table"]
    client = RawSocket(f"127.0.0.1:{server.port}", f"/ws/tables/{table}")
    client.sock.settimeout(60)
    with client.sock, ThreadPoolExecutor(1) as pool:
        # the burst's client reads its refusals as they come, as a browser would
        reading = pool.submit(read_frames, client, BURST + 1, 120)
        last = b'{"type": "action", "action": {}, "id": "last"}'
        client.sock.sendall(b"".join(frame(b"x") for _ in range(BURST)) + frame(last))

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
    client = RawSocket(f"127.0.0.1:{server.port}", f"/ws/tables/{created['table']}")
    with client.sock as sock:
        sock.settimeout(30)
        while not split_frames(client.buffer)[0]:  # the first state
            chunk = sock.recv(65536)
            assert chunk, "the server closed the connection"
            client.buffer += chunk
        mine = sock.getsockname()[1]
        query = f"sport = :{server.port} and dport = :{mine}"
        shown = subprocess.run(["ss", "-tmn", query], capture_output=True, text=True).stdout
    sizes = re.findall(r"\btb(\d+)", shown)
    assert sizes, shown
    assert int(sizes[0]) <= 2 * HeldBackWebSocketProtocol.send_buffer
