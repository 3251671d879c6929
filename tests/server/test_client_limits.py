"""Limits per client: tables a minute (429 with Retry-After), open WebSockets per client,
per seat and per table's spectators (close 4429), new WebSockets a second (the handshake
waits, then 429), who the client is behind a trusted
proxy, and links that never come from the request's Host header."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from spieltisch.server.app import create_app
from spieltisch.server.clients import ClientGate, ClientLimits, networks
from spieltisch.server.service import ServiceError
from tests.server.loops import run_apart

BODY = {"game": "dicht-dran", "players": 4, "seats": ["human", "human", "bot:easy", "bot:easy"]}


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[Any]:
    """Make a test client for an app with the given options; all are closed afterwards."""
    with ExitStack() as stack:

        def make(client: tuple[str, int] = ("203.0.113.7", 5000), **options: Any) -> TestClient:
            app = create_app(str(tmp_path / "tables.sqlite3"), **options)
            return stack.enter_context(TestClient(app, client=client))

        yield make


def test_a_client_opens_only_so_many_tables_a_minute(serving: Any) -> None:
    client = serving(client_limits=ClientLimits(tables_per_minute=3))
    for _ in range(3):
        assert client.post("/api/tables", json=BODY).status_code == 201
    refused = client.post("/api/tables", json=BODY)
    assert refused.status_code == 429
    body = refused.json()
    assert body["code"] == "too_many_tables"
    assert set(body) == {"error", "code", "params"}
    wait = int(refused.headers["Retry-After"])
    assert 1 <= wait <= 60
    assert body["params"] == {"most": 3, "retry_after": wait}
    assert "3 tables" in body["error"]


def test_tables_are_counted_per_address(serving: Any, tmp_path: Path) -> None:
    limits = ClientLimits(tables_per_minute=1)
    app = create_app(str(tmp_path / "tables.sqlite3"), client_limits=limits)
    with TestClient(app, client=("198.51.100.1", 1)) as one:
        assert one.post("/api/tables", json=BODY).status_code == 201
        assert one.post("/api/tables", json=BODY).status_code == 429
        other = TestClient(app, client=("198.51.100.2", 1))  # the same app, running
        assert other.post("/api/tables", json=BODY).status_code == 201


def test_behind_a_trusted_proxy_the_client_is_the_address_it_names(serving: Any) -> None:
    limits = ClientLimits(
        tables_per_minute=1,
        proxy_header="X-Forwarded-For",
        trusted_proxies=networks("10.0.0.0/8"),
    )
    proxy = serving(client=("10.1.2.3", 4000), client_limits=limits)

    def open_as(forwarded: str) -> int:
        headers = {"X-Forwarded-For": forwarded}
        status: int = proxy.post("/api/tables", json=BODY, headers=headers).status_code
        return status

    assert open_as("192.0.2.1") == 201
    assert open_as("192.0.2.1") == 429
    assert open_as("192.0.2.2") == 201
    # A client that writes its own header is named by what the proxy appended last.
    assert open_as("192.0.2.99, 192.0.2.1") == 429
    assert open_as("192.0.2.1, 192.0.2.3, 10.0.0.5") == 201  # a second trusted hop


def test_the_proxy_header_of_an_untrusted_peer_is_ignored(serving: Any) -> None:
    limits = ClientLimits(
        tables_per_minute=1, proxy_header="X-Forwarded-For", trusted_proxies=networks("10.0.0.1")
    )
    client = serving(client=("203.0.113.9", 4000), client_limits=limits)
    first = client.post("/api/tables", json=BODY, headers={"X-Forwarded-For": "192.0.2.1"})
    again = client.post("/api/tables", json=BODY, headers={"X-Forwarded-For": "192.0.2.2"})
    assert (first.status_code, again.status_code) == (201, 429)


@pytest.mark.parametrize(
    ("peer", "header", "client"),
    [
        ("127.0.0.1", "192.0.2.1", "192.0.2.1"),
        ("127.0.0.1", "[2001:db8::1]:443", "2001:db8::1"),
        ("127.0.0.1", "192.0.2.1:5555", "192.0.2.1"),
        ("127.0.0.1", "not an address", "127.0.0.1"),
        ("127.0.0.1", "", "127.0.0.1"),
        ("::1", "192.0.2.4", "192.0.2.4"),
        ("::ffff:127.0.0.1", "192.0.2.5", "192.0.2.5"),
        ("192.0.2.8", "192.0.2.1", "192.0.2.8"),
    ],
)
def test_who_the_client_is(peer: str, header: str, client: str) -> None:
    gate = ClientGate(
        ClientLimits(proxy_header="X-Real-IP", trusted_proxies=networks("127.0.0.1,::1"))
    )
    headers = [(b"x-real-ip", header.encode())] if header else []
    scope = {"type": "http", "client": (peer, 1), "headers": headers}
    assert gate.client(Request(scope)) == client


def _refused(client: TestClient, path: str) -> tuple[dict[str, Any], int]:
    """The error a WebSocket at ``path`` is refused with, and its close code (the close
    reason is the error's code)."""
    with client.websocket_connect(path) as socket:
        message = socket.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.reason == message["code"]
    return message, closed.value.code


def _open_sockets(client: TestClient, stack: ExitStack, path: str, count: int) -> None:
    for _ in range(count):
        socket = stack.enter_context(client.websocket_connect(path))
        assert socket.receive_json()["type"] == "state"


def test_open_websockets_are_limited_per_client(serving: Any) -> None:
    client = serving(client_limits=ClientLimits(sockets_per_client=3))
    table = client.post("/api/tables", json=BODY).json()["table"]
    with ExitStack() as stack:
        _open_sockets(client, stack, f"/ws/tables/{table}", 3)
        message, code = _refused(client, f"/ws/tables/{table}")
    assert code == 4429
    assert message["code"] == "too_many_sockets"
    assert message["params"] == {"most": 3}
    _wait_until_closed(client)
    with client.websocket_connect(f"/ws/tables/{table}") as socket:  # room again
        assert socket.receive_json()["type"] == "state"


def test_spectators_are_limited_per_table_but_never_crowd_out_a_seat(serving: Any) -> None:
    client = serving(client_limits=ClientLimits(spectators_per_table=2, sockets_per_seat=2))
    made = client.post("/api/tables", json=BODY).json()
    table, token = made["table"], made["seats"][0]["token"]
    with ExitStack() as stack:
        _open_sockets(client, stack, f"/ws/tables/{table}", 2)
        message, code = _refused(client, f"/ws/tables/{table}")
        assert (message["code"], code) == ("too_many_spectators", 4429)
        _open_sockets(client, stack, f"/ws/tables/{table}?token={token}", 2)
        message, code = _refused(client, f"/ws/tables/{table}?token={token}")
        assert (message["code"], code) == ("too_many_seat_sockets", 4429)
        other = made["seats"][1]["token"]
        _open_sockets(client, stack, f"/ws/tables/{table}?token={other}", 1)


def _wait_until_closed(client: TestClient) -> None:
    """Until the server has let go of every socket (the handler ends after the close)."""
    gate: ClientGate = client.app.state.clients  # type: ignore[attr-defined]
    deadline = time.monotonic() + 10
    while gate.sockets and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not gate.sockets
    assert not gate.table_sockets


def test_links_never_come_from_the_host_header(serving: Any) -> None:
    client = serving()
    forged = {"Host": "evil.example", "X-Forwarded-Host": "evil.example"}
    made = client.post("/api/tables", json=BODY, headers=forged).json()
    links = [made["spectator_url"], *(s["invite_url"] for s in made["seats"] if s["token"])]
    assert all(link.startswith("http://testserver/?table=") for link in links), links
    qr = client.get("/api/qr.svg", params={"url": "http://evil.example/?table=x"}, headers=forged)
    assert qr.status_code == 422


def test_public_url_makes_every_link(serving: Any) -> None:
    client = serving(public_url="https://spiel.example:8443/")
    forged = {"Host": "evil.example"}
    made = client.post("/api/tables", json=BODY, headers=forged).json()
    table, token = made["table"], made["seats"][0]["token"]
    assert made["spectator_url"] == f"https://spiel.example:8443/?table={table}"
    assert (
        made["seats"][0]["invite_url"] == f"https://spiel.example:8443/?table={table}&token={token}"
    )
    own = client.get("/api/qr.svg", params={"url": made["spectator_url"]}, headers=forged)
    assert own.status_code == 200
    assert own.headers["content-type"].startswith("image/svg+xml")
    for url in (f"http://testserver/?table={table}", f"http://evil.example/?table={table}"):
        assert client.get("/api/qr.svg", params={"url": url}, headers=forged).status_code == 422


def test_all_sockets_of_a_client_share_its_message_rate() -> None:
    """After the burst, each further message of a client waits one more share of a second,
    on whichever socket it comes; another client has its own budget; the budget goes
    when the client's last socket closes."""

    async def scenario() -> None:
        gate = ClientGate(ClientLimits(message_rate=10, message_burst=3))
        async with gate.socket("192.0.2.1", "t", None), gate.socket("192.0.2.1", "u", None):
            waits = [await gate.message_wait("192.0.2.1") for _ in range(6)]
            assert waits[:3] == [0.0, 0.0, 0.0]
            assert 0.05 < waits[3] < waits[4] < waits[5] <= 0.31
            assert await gate.message_wait("192.0.2.2") == 0.0
        assert "192.0.2.1" not in gate._messages

    run_apart(scenario())


def test_no_message_rate_without_client_limits() -> None:
    async def waits() -> list[float]:
        gate = ClientGate(ClientLimits.none())
        return [await gate.message_wait("192.0.2.1") for _ in range(1000)]

    assert all(wait == 0.0 for wait in run_apart(waits()))


def test_the_gate_forgets_clients_once_their_counts_say_nothing() -> None:
    """Tables opened by a thousand addresses (each once refused), sockets and messages:
    a minute after the last table and once every socket closed, the gate holds nothing
    for any of them, so clients that come and go never grow it."""
    now = [1000.0]
    gate = ClientGate(ClientLimits(tables_per_minute=1), clock=lambda: now[0])
    addresses = [f"198.51.100.{i % 250}" if i < 250 else f"2001:db8::{i:x}" for i in range(1000)]

    async def visit(address: str) -> None:
        await gate.open_table(address)
        with pytest.raises(ServiceError) as refused:
            await gate.open_table(address)
        assert refused.value.params["retry_after"] == 60
        async with gate.socket(address, "t", None):
            await gate.message_wait(address)

    async def run() -> None:
        for address in addresses:
            await visit(address)
        assert gate.bookkeeping() == len(set(addresses))
        now[0] += 61
        await gate.open_table("192.0.2.1")  # the first table after a minute sweeps the old counts
        assert gate.bookkeeping() == 1
        await gate.open_table(addresses[0])  # the minute is over for the first address
        now[0] += 61
        await gate.open_table("192.0.2.1")
        assert gate.bookkeeping() == 1

    run_apart(run())


def test_a_client_opening_sockets_fast_waits_its_turn_then_is_refused() -> None:
    """After the burst, each new socket of a client waits one more share of a second; one
    that would wait beyond ``connect_wait`` is refused (too_many_connects, with the
    seconds until it would not), is not counted, and is told again at once (RefuseAgain);
    another client has its own turn, and a client whose allowance is full again is
    forgotten."""
    now = [1000.0]
    limits = ClientLimits(connect_rate=4, connect_burst=2, connect_wait=1.0)
    gate = ClientGate(limits, clock=lambda: now[0])
    assert [gate.connect_wait("192.0.2.1") for _ in range(6)] == [0, 0, 0.25, 0.5, 0.75, 1.0]
    with pytest.raises(ServiceError) as refused:
        gate.connect_wait("192.0.2.1")
    assert refused.value.code == "too_many_connects"
    assert refused.value.status == 429
    assert refused.value.params == {"rate": "4", "retry_after": 1}
    assert gate.told("192.0.2.1", "/ws/tables/x") is refused.value
    assert gate.connect_wait("192.0.2.2") == 0.0
    now[0] += 0.25  # the refused one was not counted: one share of a second later, room
    assert gate.connect_wait("192.0.2.1") == 1.0
    now[0] += 60
    gate.connect_wait("192.0.2.3")  # the sweep drops the allowances that are full again
    assert set(gate._connects) == {"192.0.2.3"}


def test_the_handshake_of_a_socket_over_the_connect_rate_waits_or_is_refused(
    serving: Any,
) -> None:
    """Over a real app, one new socket a second: the second socket at once would wait a
    second, more than the 0.6 s allowed, and is answered HTTP 429 before any handshake,
    with the refusal as JSON and Retry-After; half a second later the next one waits its
    turn (the other half) and is served."""
    limits = ClientLimits(connect_rate=1, connect_burst=1, connect_wait=0.6)
    client = serving(client_limits=limits)
    table = client.post("/api/tables", json=BODY).json()["table"]
    with ExitStack() as stack:
        began = time.monotonic()
        _open_sockets(client, stack, f"/ws/tables/{table}", 1)
        assert time.monotonic() - began < 0.3
        with pytest.raises(WebSocketDenialResponse) as denied:
            stack.enter_context(client.websocket_connect(f"/ws/tables/{table}"))
        assert denied.value.status_code == 429
        assert denied.value.headers["retry-after"] == "1"
        body = denied.value.json()
        assert body["code"] == "too_many_connects"
        assert body["params"] == {"rate": "1", "retry_after": 1}
        time.sleep(0.5)
        waited = time.monotonic()
        _open_sockets(client, stack, f"/ws/tables/{table}", 1)
        assert 0.3 <= time.monotonic() - waited < 1.0
