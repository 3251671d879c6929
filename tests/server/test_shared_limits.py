"""The per-client limits shared by every server process through Redis (``serve
--limits-store``): tables a minute, open sockets and messages a second are one budget over
all processes; a dead process's sockets stop counting; a store that fails while serving
leaves each process limiting for itself; a store that cannot be reached at start is one
line and exit status 2.

Redis is ``redis://127.0.0.1:6379/0`` (or ``SPIELTISCH_TEST_REDIS``); each test uses keys
of its own prefix, deleted afterwards. Without a reachable Redis the tests skip with the
reason, except under CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from spieltisch.cli import serve
from spieltisch.cli.main import main
from spieltisch.server.clients import ClientGate, ClientLimits
from spieltisch.server.service import ServiceError
from spieltisch.server.sharedlimits import SharedStore, redacted
from spieltisch.server.storage.jobs import JobRow, open_job_store
from tests.server.live import LiveServer, free_port
from tests.server.loops import run_apart

REDIS = os.environ.get("SPIELTISCH_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
def redis_url() -> str:
    import redis

    client = redis.Redis.from_url(REDIS, socket_connect_timeout=5)
    try:
        client.ping()
    except (redis.RedisError, OSError) as error:
        reason = f"no Redis at {REDIS}: {error}"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason} (CI=true: the Redis tests must run)")
        pytest.skip(reason)
    finally:
        client.close()
    return REDIS


@pytest.fixture
def prefix(redis_url: str) -> Iterator[str]:
    """A key prefix of this test's own; its keys are deleted afterwards."""
    import redis

    mine = f"spieltisch-test-{secrets.token_hex(6)}:"
    yield mine
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=f"{mine}*"))
    if keys:
        client.delete(*keys)
    client.close()


def gates(url: str, prefix: str, limits: ClientLimits, n: int = 2, ttl: float = 15.0) -> list[Any]:
    """``n`` gates on one store, as ``n`` server processes have."""
    return [ClientGate(limits, store=SharedStore(url, prefix=prefix, ttl=ttl)) for _ in range(n)]


async def refused(gate: ClientGate, client: str, table: str, seat: int | None) -> str | None:
    """The code a new socket is refused with, or ``None`` (then it is closed again)."""
    try:
        async with gate.socket(client, table, seat):
            return None
    except ServiceError as error:
        return error.code


def run(scenario: Any) -> None:
    run_apart(scenario())


# -- one budget over every process -------------------------------------------------------
def test_tables_a_minute_are_one_budget_over_every_process(redis_url: str, prefix: str) -> None:
    async def scenario() -> None:
        a, b = gates(redis_url, prefix, ClientLimits(tables_per_minute=3))
        for gate in (a, b, a):
            await gate.open_table("192.0.2.1")
        with pytest.raises(ServiceError) as error:
            await b.open_table("192.0.2.1")
        assert error.value.code == "too_many_tables"
        assert error.value.params["retry_after"] in range(1, 61)
        await b.open_table("192.0.2.2")  # another client has its own budget
        for gate in (a, b):
            await gate.stop()

    run(scenario)


def test_open_sockets_are_counted_over_every_process(redis_url: str, prefix: str) -> None:
    async def scenario() -> None:
        limits = ClientLimits(sockets_per_client=3, spectators_per_table=2, sockets_per_seat=1)
        a, b = gates(redis_url, prefix, limits)
        async with AsyncExitStack() as held:
            await held.enter_async_context(a.socket("192.0.2.1", "t", None))
            await held.enter_async_context(b.socket("192.0.2.1", "t", None))
            assert await refused(b, "192.0.2.2", "t", None) == "too_many_spectators"
            await held.enter_async_context(a.socket("192.0.2.1", "t", 0))
            assert await refused(b, "192.0.2.3", "t", 0) == "too_many_seat_sockets"
            assert await refused(b, "192.0.2.1", "u", 1) == "too_many_sockets"
            assert await refused(a, "192.0.2.1", "u", 1) == "too_many_sockets"
        # all closed: room again, on either process
        async with a.socket("192.0.2.1", "t", 0), b.socket("192.0.2.1", "t", None):
            pass
        for gate in (a, b):
            await gate.stop()

    run(scenario)


def test_a_dead_process_stops_counting_within_the_ttl(redis_url: str, prefix: str) -> None:
    async def scenario() -> None:
        a, b = gates(redis_url, prefix, ClientLimits(sockets_per_client=1), ttl=1.0)
        for gate in (a, b):
            await gate.start()
        held = a.socket("192.0.2.1", "t", None)
        await held.__aenter__()
        assert await refused(b, "192.0.2.1", "u", None) == "too_many_sockets"
        assert a._heart is not None
        a._heart.cancel()  # a dies: no heartbeat, no release, nothing taken out
        deadline = time.monotonic() + 20
        while await refused(b, "192.0.2.1", "u", None) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert await refused(b, "192.0.2.1", "u", None) is None
        await b.stop()

    run(scenario)


def test_a_store_that_lost_a_process_s_counts_gets_them_again(redis_url: str, prefix: str) -> None:
    """Redis restarted or flushed: the next heartbeat writes the process's counts anew."""
    import redis

    async def scenario() -> None:
        a, b = gates(redis_url, prefix, ClientLimits(sockets_per_client=1), ttl=1.0)
        await a.start()
        async with a.socket("192.0.2.1", "t", None):
            redis.Redis.from_url(redis_url).delete(f"{prefix}sockets:{a.store.process}")
            deadline = time.monotonic() + 20
            while await refused(b, "192.0.2.1", "u", None) is None:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.1)
        await a.stop()
        await b.stop()

    run(scenario)


def test_the_message_rate_is_one_budget_over_every_process(redis_url: str, prefix: str) -> None:
    async def scenario() -> None:
        a, b = gates(redis_url, prefix, ClientLimits(message_rate=10, message_burst=3))
        waits = [await gate.message_wait("192.0.2.1") for gate in (a, b, a, b, a, b)]
        assert waits[:3] == [0.0, 0.0, 0.0]
        assert 0.05 < waits[3] < waits[4] < waits[5] <= 0.31
        assert await b.message_wait("192.0.2.2") == 0.0
        for gate in (a, b):
            await gate.stop()

    run(scenario)


# -- a store that fails while serving -----------------------------------------------------
def test_without_its_store_a_process_limits_for_itself_and_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> None:
        limits = ClientLimits(tables_per_minute=2, sockets_per_client=1, message_rate=10)
        store = SharedStore(f"redis://127.0.0.1:{free_port()}/0", prefix="x:", timeout=0.5)
        gate = ClientGate(limits, store=store)
        await gate.open_table("192.0.2.1")
        await gate.open_table("192.0.2.1")
        with pytest.raises(ServiceError):
            await gate.open_table("192.0.2.1")
        async with gate.socket("192.0.2.1", "t", None):
            assert await refused(gate, "192.0.2.1", "u", None) == "too_many_sockets"
            assert await gate.message_wait("192.0.2.1") == 0.0
        assert not store.up
        await gate.stop()

    with caplog.at_level(logging.WARNING, logger="spieltisch.server.limits"):
        run(scenario)
    lines = [r.getMessage() for r in caplog.records if "limits store" in r.getMessage()]
    assert len(lines) == 1
    assert "per process" in lines[0]


def test_a_store_back_after_an_outage_counts_what_was_opened_meanwhile(
    redis_url: str, prefix: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        a, b = gates(redis_url, prefix, ClientLimits(sockets_per_client=1), ttl=1.0)
        a.store.up = False  # as after a failed call: a counts for itself
        async with a.socket("192.0.2.1", "t", None):
            assert await refused(a, "192.0.2.1", "u", None) == "too_many_sockets"
            await a.start()  # its heartbeat finds the store again and writes its counts
            deadline = time.monotonic() + 20
            while await refused(b, "192.0.2.1", "u", None) is None:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.1)
            assert a.store.up
        assert await refused(b, "192.0.2.1", "u", None) is None  # released in the store
        await a.stop()
        await b.stop()

    with caplog.at_level(logging.WARNING, logger="spieltisch.server.limits"):
        run(scenario)
    assert any("reachable again" in record.getMessage() for record in caplog.records)


# -- serve ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "url",
    ["redis://:s3cr3t@127.0.0.1:{port}/0", "redis://127.0.0.1:{port}/0?password=s3cr3t"],
)
def test_an_unreachable_store_is_one_line_without_its_password(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = url.format(port=free_port())
    assert main(["serve", "--db", str(tmp_path / "t.sqlite3"), "--limits-store", given]) == 2
    err = capsys.readouterr().err
    assert "--limits-store" in err
    assert "s3cr3t" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_store_that_is_not_redis_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "t.sqlite3")
    assert main(["serve", "--db", db, "--limits-store", "postgresql://u:pw@h/db"]) == 2
    err = capsys.readouterr().err
    assert "not a Redis URL" in err
    assert "pw" not in err.replace("password", "")
    assert main(["serve", "--db", db, "--limits-ttl", "0"]) == 2


def test_redacted_hides_every_spelling_of_the_password() -> None:
    shown, hidden = redacted("redis://user:p%40ss@h:1/0?password=q&db=1")
    assert "p%40ss" not in shown
    assert "q&" not in shown
    assert {"p%40ss", "p@ss", "q"} <= hidden


def test_the_store_reaches_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, redis_url: str, prefix: str
) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **options: seen.update(app=app))
    monkeypatch.setattr(serve, "tune_process", lambda: None)
    args = ["serve", "--db", str(tmp_path / "t.sqlite3"), "--limits-store", redis_url]
    assert main([*args, "--limits-prefix", prefix, "--limits-ttl", "4"]) == 0
    store = seen["app"].state.clients.store
    assert (store.url, store.prefix, store.ttl) == (redis_url, prefix, 4.0)


def test_serve_on_postgresql_without_a_store_says_limits_are_per_process(
    monkeypatch: pytest.MonkeyPatch, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("uvicorn.run", lambda app, **options: None)
    monkeypatch.setattr(serve, "tune_process", lambda: None)
    assert main(["serve", "--db", postgres_url, "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Spieltisch is running")
    assert out[1].startswith("Note: without --limits-store each process counts")


# -- two real processes on one PostgreSQL database and one Redis -------------------------
def test_two_processes_share_every_client_limit(
    postgres_url: str, redis_url: str, prefix: str, tmp_path: Path
) -> None:
    options: tuple[str, ...] = ("--tables-per-minute", "3", "--sockets-per-client", "2")
    options += ("--limits-store", redis_url, "--limits-prefix", prefix, "--limits-ttl", "2")
    a, b = (LiveServer(postgres_url, tmp_path / f"server-{n}.log", options) for n in range(2))
    try:
        for server in (a, b):
            server.start()
        body = {"game": "cento", "players": 2, "seats": ["human", "human"], "seed": 1}
        made = [server.post("/api/tables", body) for server in (a, b, a)]
        assert [answer.status_code for answer in made] == [201, 201, 201]
        over = b.post("/api/tables", body)
        assert over.status_code == 429, over.text
        assert over.json()["code"] == "too_many_tables"
        assert 1 <= int(over.headers["Retry-After"]) <= 60
        table = made[0].json()["table"]

        def socket(server: LiveServer) -> Any:
            return connect(server.url.replace("http://", "ws://") + f"/ws/tables/{table}")

        with socket(a) as on_a, socket(b) as on_b:
            for ws in (on_a, on_b):
                assert json.loads(ws.recv(timeout=10))["type"] == "state"
            third_is_refused(socket(b))
            a.kill()  # its socket is never released: it stops counting within the TTL
            deadline = time.monotonic() + 30
            answer: Any = None
            while True:
                try:
                    with socket(b) as again:
                        if json.loads(again.recv(timeout=10))["type"] == "state":
                            break
                except InvalidStatus as refused:  # told 4429 moments ago: HTTP 429
                    answer = refused.response
                assert answer is None or answer.status_code == 429
                assert answer is None or json.loads(answer.body)["code"] == "too_many_sockets"
                answer = None
                assert time.monotonic() < deadline, "a dead process's socket still counts"
                time.sleep(0.2)
    finally:
        for server in (a, b):
            server.stop()
    for server in (a, b):
        assert "Traceback" not in server.log.read_text(), server.log.read_text()


def third_is_refused(socket: Any) -> None:
    with socket as third:
        message = json.loads(third.recv(timeout=10))
        assert message["code"] == "too_many_sockets"
        with pytest.raises(ConnectionClosed) as closed:
            third.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4429


# -- lab jobs per client: counted in the database ------------------------------------------
def test_lab_jobs_are_admitted_one_at_a_time_over_every_process(postgres_url: str) -> None:
    """Processes on one database admitting jobs at once: never more than the bounds, the
    client's bound before the server's."""
    stores = [open_job_store(postgres_url) for _ in range(6)]
    now = time.time()

    def job(n: int, client: str) -> JobRow:
        return JobRow(f"job-{client}-{n}", "simulate", {}, client, "x" * 64, created=now, seen=now)

    try:
        with ThreadPoolExecutor(len(stores)) as pool:
            answers = list(
                pool.map(
                    lambda n: stores[n].admit(job(n, "one"), now - 60, 2, 10), range(len(stores))
                )
            )
        assert sorted(answers, key=str) == [None, None, *["lab_client_busy"] * 4]
        assert stores[0].admit(job(9, "two"), now - 60, 2, 3) is None
        assert stores[1].admit(job(10, "three"), now - 60, 2, 3) == "lab_busy"
        assert stores[2].counts("one", now - 60) == (3, 2)
    finally:
        for store in stores:
            store.close()
