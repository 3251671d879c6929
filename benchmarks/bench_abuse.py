"""Table server under abuse: honest seats' latency quiet and beside hostile clients.

Starts ``spieltisch serve`` in a subprocess with its public default limits (a fresh SQLite
file, or a fresh schema of a PostgreSQL database with ``--postgres URL``) and plays
``--tables`` Dicht dran tables of four human seats over WebSocket, each seat a person who
thinks 0.5–1.5 × ``--think`` seconds and then sends a random legal action (a table whose
game ends opens the next one). The latency of an action runs from sending it to the first
pushed state that acknowledges it. A probe asks ``GET /api/tables/{id}`` four times a
second beside them.

Windows of the same honest load take turns ``--rounds`` times: ``quiet`` and ``abuse``
(``--seconds`` each, the abusers running in a second process), then ``after``
(``--after`` seconds, abusers gone); figures are pooled per kind of window. The abusers:

- **flood**: ``--flood-sockets`` WebSockets (seats of a table of its own, four sockets a
  seat and one more, then spectators on the honest tables) each sending junk as fast as it
  can: 1-byte and not-JSON messages, deeply nested JSON, 20 kB messages, crafted and
  illegal actions; it reads the refusals and connects again when closed;
- **nonread**: ``--nonread-sockets`` spectator WebSockets on the busiest honest tables
  that never read (a 4 kB receive buffer), half of them sending a junk message every
  100 ms; when the server closes one it reads what is left to learn why and connects
  again;
- **spam**: ``POST /api/tables`` in a loop, never waiting for ``Retry-After``;
- **halfsent**: ``--half-open`` HTTP connections that send half a request's headers,
  drip a header byte a second, or send headers and ten bytes of a 1000-byte body; each
  one closed is opened again.

Who is who: every client binds its socket to its own loopback address (Linux routes all
of 127/8 to ``lo``): honest seat ``s`` of table ``i`` is ``127.1{s}.{i // 250}.{i % 250 +
1}``, the flooder 127.0.0.2, the non-readers 127.0.0.3, the spammer 127.0.0.4, the
half-sent requests 127.0.0.5, so the server's per-client limits meet each as one client.

The server's resident memory (``/proc/PID/status`` ``VmRSS``), open file descriptors
and CPU time are sampled every second. The goal (issue 29): the honest p99 under abuse
within 2× of the quiet one, and the memory flat: over the last half of the rounds (at
least four), the RSS at the end of each abuse window grows at most ``FLAT_MB_PER_ROUND`` a
round (a least-squares line through them). The first rounds grow the process to its
working size and fill the honest tables; what counts is whether abuse, again and again,
keeps adding. Usage::

    python benchmarks/bench_abuse.py --tables 40 --seconds 20 --rounds 10 --after 20
    python benchmarks/bench_abuse.py --tables 50 --json \
        --postgres postgresql://postgres@127.0.0.1/test

Everything runs on this machine: the clients' CPU time is taken from the server's, and the
flooder's as much as it can get. Needs the ``test`` extra (``websockets``, ``httpx``).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import platform
import random
import resource
import secrets
import shlex
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

FLOOD, NONREAD, SPAM, HALFSENT = "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"
PROBE = "127.9.0.1"
#: Memory counts as flat when, over the last half of the rounds, the RSS at the end of an
#: abuse window grows at most this much a round.
FLAT_MB_PER_ROUND = 1.0
#: Rounds needed to judge the memory: a last half of two rounds at least.
FLAT_ROUNDS = 4
GOAL_RATIO = 2.0
PHASES = ("quiet", "abuse", "after")
ABUSERS = ("flood", "nonread", "spam", "halfsent")


def honest_address(table: int, seat: int) -> str:
    return f"127.1{seat}.{table // 250}.{table % 250 + 1}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    db: str, port: int, log: Path, extra: list[str], profile: str | None = None
) -> subprocess.Popen[bytes]:
    """``spieltisch serve`` with its default limits (and ``extra`` options); under cProfile
    writing to ``profile`` when it stops, if given."""
    profiler = ["-m", "cProfile", "-o", profile] if profile else []
    command = [sys.executable, *profiler, "-m", "spieltisch.cli.main", "serve"]
    command += ["--port", str(port)]
    command += ["--db", db, *extra]
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=out)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server did not start:\n{log.read_text()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not answer within 60 s")


# -- the honest load ---------------------------------------------------------------------
@dataclass
class Honest:
    """What the honest clients saw: (send time, latency) of each action, errors."""

    latencies: list[tuple[float, float]] = field(default_factory=list)
    probes: list[tuple[float, float]] = field(default_factory=list)
    errors: list[tuple[float, str]] = field(default_factory=list)
    connected: int = 0
    games: int = 0
    current: dict[int, str] = field(default_factory=dict)


async def honest_table(
    index: int, base: str, args: argparse.Namespace, tally: Honest, stop: asyncio.Event
) -> None:
    """One table of friends: opens a table, its seats play; when the game ends, the next."""
    transport = httpx.AsyncHTTPTransport(local_address=honest_address(index, 0))
    rng = random.Random(args.seed * 100_000 + index)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=60) as client:
        while not stop.is_set():
            body = {"game": "dicht-dran", "players": 4, "seats": ["human"] * 4}
            body["seed"] = rng.getrandbits(32)
            response = await client.post("/api/tables", json=body)
            if response.status_code != 201:
                tally.errors.append((time.monotonic(), f"create {response.status_code}"))
                await asyncio.sleep(5)
                continue
            created = response.json()
            tally.current[index] = created["table"]
            ws_base = base.replace("http://", "ws://")
            seats = [
                seat_player(
                    f"{ws_base}/ws/tables/{created['table']}?token={seat['token']}",
                    honest_address(index, seat["seat"]),
                    args.think,
                    random.Random(rng.getrandbits(64)),
                    tally,
                    stop,
                )
                for seat in created["seats"]
            ]
            outcomes = await asyncio.gather(*seats, return_exceptions=True)
            for outcome in outcomes:
                if isinstance(outcome, BaseException):
                    tally.errors.append((time.monotonic(), f"connection: {outcome!r}"))
            tally.games += 1


async def seat_player(
    url: str, address: str, think: float, rng: random.Random, tally: Honest, stop: asyncio.Event
) -> None:
    """One person at one seat: waits for its turn, thinks, acts, times the pushed view."""
    sent: dict[str, float] = {}
    pending = False
    async with websockets.connect(
        url, max_size=2**22, open_timeout=60, compression=None, local_addr=(address, 0)
    ) as ws:
        tally.connected += 1

        async def act(action: dict[str, Any]) -> None:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            if stop.is_set():
                return
            action_id = secrets.token_hex(4)
            sent[action_id] = time.monotonic()
            await ws.send(json.dumps({"type": "action", "action": action, "id": action_id}))

        thinking: asyncio.Task[None] | None = None
        closer = asyncio.create_task(_close_when(stop, ws))
        async for raw in ws:
            now = time.monotonic()
            message = orjson.loads(raw)
            if message["type"] == "error":
                tally.errors.append((now, str(message.get("code") or message["error"])))
                pending = False
                continue
            for action_id in message.get("ack", []):
                if action_id in sent:
                    began = sent.pop(action_id)
                    tally.latencies.append((began, now - began))
                    pending = False
            if message["over"]:
                break
            if message["legal_actions"] and not pending:
                pending = True
                thinking = asyncio.create_task(act(rng.choice(message["legal_actions"])["action"]))
        closer.cancel()
        if thinking is not None:
            thinking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await thinking


async def _close_when(stop: asyncio.Event, ws: Any) -> None:
    await stop.wait()
    await ws.close()


async def probe(base: str, tally: Honest, stop: asyncio.Event) -> None:
    """A visitor's ``GET /api/tables/{id}`` (no events) four times a second."""
    transport = httpx.AsyncHTTPTransport(local_address=PROBE)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=60) as client:
        while not stop.is_set():
            table = tally.current.get(0)
            if table is not None:
                began = time.monotonic()
                response = await client.get(f"/api/tables/{table}", params={"since": 10**9})
                if response.status_code == 200:
                    tally.probes.append((began, time.monotonic() - began))
                else:
                    tally.errors.append((began, f"probe {response.status_code}"))
            await asyncio.sleep(0.25)


# -- the server's memory -------------------------------------------------------------------
def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of process ``pid``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_fds(pid: int) -> int | None:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


Sample = tuple[float, float, int, float]


async def sample_memory(pid: int, samples: list[Sample], stop: asyncio.Event) -> None:
    """The server's RSS (MB), open file descriptors and CPU seconds, every second."""
    while not stop.is_set():
        rss, fds = rss_mb(pid), open_fds(pid)
        if rss is not None:
            samples.append((time.monotonic(), rss, fds or 0, cpu_seconds(pid)))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)


def slope(points: list[tuple[float, float]]) -> float | None:
    """Least-squares slope of (x, y) points; ``None`` for fewer than two distinct x."""
    n = len(points)
    if n < 2:
        return None
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if sxx == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in points) / sxx


def late_growth(ends_mb: list[float]) -> float | None:
    """MB a round that the RSS at the end of the abuse windows grows over the last half of
    the rounds; ``None`` with fewer than :data:`FLAT_ROUNDS` rounds."""
    if len(ends_mb) < FLAT_ROUNDS:
        return None
    late = list(enumerate(ends_mb))[len(ends_mb) // 2 :]
    return slope([(float(r), mb) for r, mb in late])


# -- the abusers (run in a second process: ``--abuser CONFIG``) ---------------------------
JUNK: tuple[str | bytes, ...] = (
    "x",
    "{not json",
    '{"type": "action", "action": {"type": [1]}}',
    '{"type": "action", "action": {"type": {}}, "id": 7}',
    '{"type": "action", "action": {"type": "play", "card": 999}, "step": 0, "id": 1}',
    '{"type": "action", "action": {"type": "exchange", "kind": [1]}, "step": "x"}',
    b"\x00\xff\x00",
    "[" * 8000 + "]" * 8000,  # nested beyond any parser's depth, under 16 KiB
    "y" * 20_000,  # above the 16 KiB a message may have
)


@dataclass
class Abuse:
    """Counts of what the abusers did and how the server answered."""

    counts: Counter[str] = field(default_factory=Counter)
    closes: Counter[str] = field(default_factory=Counter)
    refusals: Counter[str] = field(default_factory=Counter)
    lifetimes: dict[str, list[float]] = field(default_factory=dict)

    def lived(self, kind: str, seconds: float) -> None:
        self.lifetimes.setdefault(kind, []).append(seconds)


async def flood(cfg: dict[str, Any], tally: Abuse, deadline: float) -> None:
    base = f"http://127.0.0.1:{cfg['port']}"
    transport = httpx.AsyncHTTPTransport(local_address=FLOOD)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as client:
        body = {"game": "dicht-dran", "players": 4, "seats": ["human"] * 4, "seed": 1}
        response = await client.post("/api/tables", json=body)
    ws_base = base.replace("http://", "ws://")
    urls: list[str] = []
    targets = list(cfg["targets"])
    if response.status_code == 201:
        created = response.json()
        for seat in created["seats"]:
            url = f"{ws_base}/ws/tables/{created['table']}?token={seat['token']}"
            urls += [url] * 5  # one more than a seat may have
        targets = targets or [created["table"]]
    if not targets:
        return
    while len(urls) < cfg["flood_sockets"]:
        urls.append(f"{ws_base}/ws/tables/{targets[len(urls) % len(targets)]}")
    junk = {"all": JUNK, "small": JUNK[:7], "large": JUNK[7:]}[cfg["junk"]]
    await asyncio.gather(
        *(flood_socket(url, i, junk, tally, deadline) for i, url in enumerate(urls))
    )


async def flood_socket(
    url: str, index: int, junk: tuple[str | bytes, ...], tally: Abuse, deadline: float
) -> None:
    """Junk as fast as the server takes it; reconnect whenever closed."""
    while time.monotonic() < deadline:
        opened = time.monotonic()
        try:
            async with asyncio.timeout(max(0.1, deadline - opened)):
                async with websockets.connect(
                    url, max_size=2**22, open_timeout=30, local_addr=(FLOOD, 0)
                ) as ws:
                    tally.counts["flood_connects"] += 1
                    reader = asyncio.create_task(_drain(ws, tally))
                    try:
                        sent = 0
                        while True:
                            await ws.send(junk[(index + sent) % len(junk)])
                            sent += 1
                            tally.counts["flood_messages"] += 1
                            if sent % 32 == 0:
                                await asyncio.sleep(0)
                    except websockets.ConnectionClosed as closed:
                        code = closed.rcvd.code if closed.rcvd else None
                        tally.closes[f"flood {code}"] += 1
                    finally:
                        reader.cancel()
        except TimeoutError:
            return
        except websockets.InvalidStatus as refused:  # told 4429 moments ago: HTTP 429
            tally.closes[f"flood http {refused.response.status_code}"] += 1
        except (OSError, websockets.WebSocketException) as error:
            tally.closes[f"flood {type(error).__name__}"] += 1
        tally.lived("flood", time.monotonic() - opened)
        await asyncio.sleep(0.2)


async def _drain(ws: Any, tally: Abuse) -> None:
    with contextlib.suppress(websockets.ConnectionClosed):
        async for raw in ws:
            message = orjson.loads(raw)
            if message.get("type") == "error":
                tally.refusals[f"flood {message.get('code')}"] += 1
            else:
                tally.counts["flood_states"] += 1


def _tcp_state(sock: socket.socket) -> int:
    info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)
    return info[0]


def _frame(payload: bytes, opcode: int = 1) -> bytes:
    """A masked client frame (payload under 64 KiB)."""
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    size = len(payload)
    head = bytes([0x80 | opcode, 0x80 | size]) if size < 126 else bytes([0x80 | opcode, 0xFE])
    if size >= 126:
        head += struct.pack("!H", size)
    return head + mask + masked


def _why_closed(data: bytes) -> str:
    """The close code and the last error code in what a server sent after the upgrade."""
    end = data.find(b"\r\n\r\n")
    if end < 0:
        return "no upgrade"
    rest, close, last_error = data[end + 4 :], "cut off", ""
    while len(rest) >= 2:
        opcode, size = rest[0] & 0x0F, rest[1] & 0x7F
        at = 2
        if size == 126:
            size, at = struct.unpack("!H", rest[2:4])[0], 4
        elif size == 127:
            size, at = struct.unpack("!Q", rest[2:10])[0], 10
        payload, rest = rest[at : at + size], rest[at + size :]
        if len(payload) < size:
            break
        if opcode == 8:
            close = str(struct.unpack("!H", payload[:2])[0]) if len(payload) >= 2 else "1005"
        elif opcode == 1 and payload.startswith(b'{"type": "error"'):
            with contextlib.suppress(ValueError):
                last_error = str(json.loads(payload).get("code"))
    return f"{close} {last_error}".strip()


async def non_reader(url: str, index: int, tally: Abuse, deadline: float) -> None:
    """A spectator that never reads (half of them send junk); learns why it was closed."""
    loop = asyncio.get_running_loop()
    host, rest = url.removeprefix("ws://").split("/", 1)
    noisy = index % 2 == 1
    while time.monotonic() < deadline:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.bind((NONREAD, 0))
        sock.setblocking(False)
        opened = time.monotonic()
        try:
            await loop.sock_connect(sock, ("127.0.0.1", int(host.split(":")[1])))
            key = base64.b64encode(os.urandom(16)).decode()
            request = (
                f"GET /{rest} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            )
            await loop.sock_sendall(sock, request.encode())
            tally.counts["nonread_connects"] += 1
            sent = 0
            while time.monotonic() < deadline and _tcp_state(sock) == 1:  # ESTABLISHED
                if noisy:
                    with contextlib.suppress(BlockingIOError):
                        sock.send(_frame(str(JUNK[sent % 6]).encode()))
                        sent += 1
                        tally.counts["nonread_messages"] += 1
                await asyncio.sleep(0.1 if noisy else 0.5)
            if time.monotonic() >= deadline:
                tally.counts["nonread_open_at_end"] += 1
                tally.lived("nonread_open_at_end", time.monotonic() - opened)
                return
            lived = time.monotonic() - opened
            data = b""
            with contextlib.suppress(OSError, TimeoutError):
                async with asyncio.timeout(5):
                    while chunk := await loop.sock_recv(sock, 65536):
                        data += chunk
            why = _why_closed(data)
            tally.closes[f"nonread {why}"] += 1
            tally.lived("nonread_refused" if lived < 2 else "nonread_closed", lived)
        except OSError as error:
            tally.closes[f"nonread {type(error).__name__}"] += 1
        finally:
            sock.close()
        await asyncio.sleep(0.5)


async def spam(cfg: dict[str, Any], tally: Abuse, deadline: float) -> None:
    """Open tables in a loop, never waiting."""
    base = f"http://127.0.0.1:{cfg['port']}"
    transport = httpx.AsyncHTTPTransport(local_address=SPAM)
    body = {"game": "dicht-dran", "players": 4, "seats": ["human"] * 4}
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as client:
        while time.monotonic() < deadline:
            try:
                response = await client.post("/api/tables", json=body)
            except httpx.HTTPError as error:
                tally.counts[f"spam {type(error).__name__}"] += 1
                continue
            tally.counts[f"spam {response.status_code}"] += 1
            if response.status_code == 429 and "retry-after" in response.headers:
                tally.counts["spam retry_after_given"] += 1


async def half_sent(index: int, port: int, tally: Abuse, deadline: float) -> None:
    """Half a request, again and again: headers cut off, dripped, or a body cut off."""
    kind = ("headers", "drip", "body")[index % 3]
    while time.monotonic() < deadline:
        opened = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(HALFSENT, 0)
            )
        except OSError as error:
            tally.closes[f"halfsent {type(error).__name__}"] += 1
            await asyncio.sleep(0.5)
            continue
        tally.counts[f"halfsent_{kind}"] += 1
        try:
            if kind == "body":
                writer.write(
                    b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
                    b'content-length: 1000\r\n\r\n{"game": "'
                )
            else:
                writer.write(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            await writer.drain()
            read = asyncio.ensure_future(reader.read(200))
            while not read.done() and time.monotonic() < deadline:
                if kind == "drip":
                    writer.write(b"X")
                await asyncio.wait({read}, timeout=1.0)
            if not read.done():
                read.cancel()
                tally.counts["halfsent_open_at_end"] += 1
                return
            answer = read.result()
            status = answer.split(b"\r\n", 1)[0].decode(errors="replace")[9:12] or "closed"
            tally.closes[f"halfsent {kind} {status}"] += 1
            tally.lived(f"halfsent_{kind}", time.monotonic() - opened)
        except OSError as error:
            tally.closes[f"halfsent {type(error).__name__}"] += 1
        finally:
            writer.close()


async def abuse_all(cfg: dict[str, Any]) -> dict[str, Any]:
    tally = Abuse()
    deadline = time.monotonic() + cfg["seconds"]
    port = cfg["port"]
    ws_base = f"ws://127.0.0.1:{port}"
    busy = cfg["targets"][:4]
    kinds = cfg["abusers"]
    jobs = [flood(cfg, tally, deadline)] if "flood" in kinds else []
    jobs += [spam(cfg, tally, deadline)] if "spam" in kinds else []
    if "nonread" in kinds:
        jobs += [
            non_reader(f"{ws_base}/ws/tables/{busy[i % len(busy)]}", i, tally, deadline)
            for i in range(cfg["nonread_sockets"] if busy else 0)
        ]
    if "halfsent" in kinds:
        jobs += [half_sent(i, port, tally, deadline) for i in range(cfg["half_open"])]
    await asyncio.gather(*jobs)
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))  # abusers left out: still wait
    usage = resource.getrusage(resource.RUSAGE_SELF)
    lifetimes = {
        kind: {
            "n": len(values),
            "median_s": round(sorted(values)[len(values) // 2], 2),
            "max_s": round(max(values), 2),
        }
        for kind, values in sorted(tally.lifetimes.items())
    }
    return {
        "counts": dict(sorted(tally.counts.items())),
        "closes": dict(sorted(tally.closes.items())),
        "refusals": dict(sorted(tally.refusals.items())),
        "lifetimes": lifetimes,
        "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 1),
    }


# -- the run -------------------------------------------------------------------------------
async def run_bench(port: int, server_pid: int, args: argparse.Namespace) -> dict[str, Any]:
    """The honest load through ``--rounds`` × (quiet, abuse) windows and the after phase."""
    base = f"http://127.0.0.1:{port}"
    tally = Honest()
    stop, stop_sampling = asyncio.Event(), asyncio.Event()
    memory: list[Sample] = []
    sampler = asyncio.create_task(sample_memory(server_pid, memory, stop_sampling))
    tables = []
    for index in range(args.tables):
        tables.append(asyncio.create_task(honest_table(index, base, args, tally, stop)))
        if index % 25 == 24:
            await asyncio.sleep(0.1)
    deadline = time.monotonic() + 120
    while tally.connected < 4 * args.tables and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    prober = asyncio.create_task(probe(base, tally, stop))
    windows: list[Window] = []
    abuse: list[dict[str, Any]] = []
    for _ in range(args.rounds):
        began = time.monotonic()
        await asyncio.sleep(args.seconds)
        windows.append(("quiet", began, time.monotonic()))
        began, result = await run_abusers(port, tally, args)
        abuse.append(result)
        windows.append(("abuse", began, time.monotonic()))
    began = time.monotonic()
    await asyncio.sleep(args.after)
    windows.append(("after", began, time.monotonic()))
    stop.set()
    await asyncio.gather(*tables, prober, return_exceptions=True)
    stop_sampling.set()
    await sampler
    if args.trace:
        trace = {"windows": windows, "latencies": tally.latencies, "probes": tally.probes}
        Path(args.trace).write_text(json.dumps(trace))
    return summarise(tally, memory, windows, abuse, args)


Window = tuple[str, float, float]


async def run_abusers(
    port: int, tally: Honest, args: argparse.Namespace
) -> tuple[float, dict[str, Any]]:
    """One abuse window: the abusers in a process of their own for ``--seconds``; returns
    when the window began and what the abusers counted. The window begins once that
    process has started (Python's start and imports are the benchmark's cost on this
    machine, not an abuse of the server) and is told to go."""
    cfg = {
        "port": port,
        "seconds": args.seconds,
        "targets": [tally.current[i] for i in sorted(tally.current)],
        "flood_sockets": args.flood_sockets,
        "nonread_sockets": args.nonread_sockets,
        "half_open": args.half_open,
        "abusers": args.abusers.split(","),
        "junk": args.junk,
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--abuser",
        json.dumps(cfg),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    await process.stdout.readline()  # started
    began = time.monotonic()
    process.stdin.write(b"go\n")
    await process.stdin.drain()
    out, _ = await process.communicate()
    if process.returncode != 0 or not out:
        return began, {"failed": process.returncode}
    result: dict[str, Any] = json.loads(out)
    return began, result


def phase_of(moment: float, windows: list[Window]) -> str | None:
    for kind, start, end in windows:
        if start <= moment < end:
            return kind
    return None


def percentiles(values: list[float]) -> dict[str, Any]:
    ordered = sorted(1000 * v for v in values)

    def at(q: float) -> float | None:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1) if ordered else None

    return {
        "n": len(ordered),
        "p50": at(0.5),
        "p95": at(0.95),
        "p99": at(0.99),
        "max": round(ordered[-1], 1) if ordered else None,
    }


def cpu_share(memory: list[Sample], windows: list[Window]) -> float | None:
    """The server's CPU seconds a second over ``windows`` (1.0: one core)."""
    used = spent = 0.0
    for _, start, end in windows:
        inside = [(t, cpu) for t, _, _, cpu in memory if start <= t <= end]
        if len(inside) >= 2:
            used += inside[-1][1] - inside[0][1]
            spent += inside[-1][0] - inside[0][0]
    return round(used / spent, 2) if spent else None


def merged(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The abusers' counts summed over the abuse windows (lifetimes: the last window's)."""
    total: dict[str, Any] = {"windows": len(results)}
    for key in ("counts", "closes", "refusals"):
        summed: Counter[str] = Counter()
        for result in results:
            summed.update(result.get(key, {}))
        total[key] = dict(sorted(summed.items()))
    total["lifetimes"] = results[-1].get("lifetimes", {}) if results else {}
    total["cpu_seconds"] = round(sum(r.get("cpu_seconds", 0.0) for r in results), 1)
    total["failed"] = [r["failed"] for r in results if "failed" in r]
    return total


def memory_report(memory: list[Sample], windows: list[Window]) -> dict[str, Any]:
    """RSS at the start of the first abuse window, its peak over the abuse windows, at the
    end of each window, and the growth a round over the last half of the rounds."""
    rss = [(t, mb) for t, mb, _, _ in memory]
    origin = windows[0][1]

    def at(moment: float) -> float | None:
        before = [mb for t, mb in rss if t <= moment]
        return round(before[-1], 1) if before else None

    abuse = [w for w in windows if w[0] == "abuse"]
    quiet = [w for w in windows if w[0] == "quiet"]
    during = [mb for t, mb in rss if any(s <= t < e for _, s, e in abuse)]
    fds = [(t, n) for t, _, n, _ in memory]
    ends = [mb for mb in (at(e) for _, _, e in abuse) if mb is not None]
    late = late_growth(ends)
    return {
        "first_start_mb": at(origin),
        "abuse_start_mb": at(abuse[0][1]) if abuse else None,
        "abuse_peak_mb": round(max(during), 1) if during else None,
        "end_mb": at(windows[-1][2]),
        "abuse_end_mb": ends,
        "late_mb_per_round": round(late, 2) if late is not None else None,
        "abuse_mb_per_window": [
            round((at(e) or 0) - (at(s) or 0), 1) for _, s, e in abuse if at(s) is not None
        ],
        "quiet_mb_per_window": [
            round((at(e) or 0) - (at(s) or 0), 1) for _, s, e in quiet if at(s) is not None
        ],
        "quiet_fds": max((n for t, n in fds if any(s <= t < e for _, s, e in quiet)), default=None),
        "abuse_peak_fds": max(
            (n for t, n in fds if any(s <= t < e for _, s, e in abuse)), default=None
        ),
        "end_fds": fds[-1][1] if fds else None,
        "samples": [[round(t - origin, 1), round(mb, 1), n] for t, mb, n, _ in memory],
    }


def summarise(
    tally: Honest,
    memory: list[Sample],
    windows: list[Window],
    abuse: list[dict[str, Any]],
    args: argparse.Namespace,
) -> dict[str, Any]:
    phases: dict[str, Any] = {}
    for phase in PHASES:
        mine = [w for w in windows if w[0] == phase]
        span = sum(end - start for _, start, end in mine)
        lat = [v for t, v in tally.latencies if phase_of(t, mine) == phase]
        errors = [e for t, e in tally.errors if phase_of(t, mine) == phase]
        phases[phase] = {
            "seconds": round(span, 1),
            "actions_per_second": round(len(lat) / span, 1) if span else None,
            "latency_ms": percentiles(lat),
            "probe_ms": percentiles([v for t, v in tally.probes if phase_of(t, mine) == phase]),
            "errors": len(errors),
            "server_cpu_share": cpu_share(memory, mine),
        }
    quiet, loud = phases["quiet"]["latency_ms"], phases["abuse"]["latency_ms"]
    ratio = {
        q: round(loud[q] / quiet[q], 2) if quiet[q] and loud[q] is not None else None
        for q in ("p50", "p99")
    }
    mem = memory_report(memory, windows)
    late = mem["late_mb_per_round"]
    errors = [e for _, e in tally.errors]
    return {
        "tables": args.tables,
        "seats": 4 * args.tables,
        "think_seconds": args.think,
        "rounds": args.rounds,
        "games_played": tally.games,
        "phases": phases,
        "ratio_abuse_to_quiet": ratio,
        "honest_errors": len(errors),
        "honest_error_examples": sorted(set(errors))[:5],
        "memory": mem,
        "abusers": merged(abuse),
        "goal": {
            "p99_within_2x": ratio["p99"] is not None and ratio["p99"] <= GOAL_RATIO,
            "memory_flat": None if late is None else late <= FLAT_MB_PER_ROUND,
        },
    }


def abuser_main(config: str) -> None:
    """The abusers' process: says it has started, waits for the word to go, abuses."""
    print("started", flush=True)
    sys.stdin.readline()
    result = _loop_run(abuse_all(json.loads(config)))
    print(json.dumps(result))


def _loop_run(job: Any) -> Any:
    try:
        import uvloop
    except ImportError:
        return asyncio.run(job)
    return uvloop.run(job)


@contextlib.contextmanager
def postgres_schema(url: str) -> Any:
    import psycopg

    schema = f"spieltisch_bench_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
        try:
            separator = "&" if "?" in url else "?"
            yield f"{url}{separator}options=-csearch_path%3D{schema}"
        finally:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0, help="each quiet or abuse window")
    parser.add_argument("--rounds", type=int, default=2, help="quiet and abuse windows, in turn")
    parser.add_argument("--after", type=float, default=10.0, help="quiet after the abuse")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flood-sockets", type=int, default=80)
    parser.add_argument("--nonread-sockets", type=int, default=64)
    parser.add_argument("--half-open", type=int, default=300)
    parser.add_argument(
        "--abusers", default=",".join(ABUSERS), help="which abusers run (comma-separated)"
    )
    parser.add_argument(
        "--junk",
        choices=("all", "small", "large"),
        default="all",
        help="the flooder's messages: all, the small ones (up to 80 bytes) or the 16-20 kB ones",
    )
    parser.add_argument("--postgres", metavar="URL", help="use PostgreSQL (a fresh schema)")
    parser.add_argument(
        "--server-args", default="", help="more `spieltisch serve` options (shorter timeouts)"
    )
    parser.add_argument(
        "--profile",
        metavar="PATH",
        help="run the server under cProfile and write its stats here (python -m pstats PATH)",
    )
    parser.add_argument(
        "--trace",
        metavar="PATH",
        help="write the windows and every (send time, latency) of the honest actions here",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--abuser", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        db = (
            stack.enter_context(postgres_schema(args.postgres))
            if args.postgres
            else str(Path(tmp) / "bench.sqlite3")
        )
        log = Path(tmp) / "server.log"
        server = start_server(db, port, log, shlex.split(args.server_args), args.profile)
        try:
            result: dict[str, Any] = _loop_run(run_bench(port, server.pid, args))
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
        text = log.read_text(errors="replace")
        tracebacks = text.count("Traceback")
        first = text[text.find("Traceback") :].splitlines()[:80] if tracebacks else []
    result.update(
        store="postgresql" if args.postgres else "sqlite",
        server_tracebacks=tracebacks,
        server_first_traceback=first,
        addresses={
            "honest": "127.1S.x.y (seat S of table x*250+y-1)",
            "probe": PROBE,
            "flood": FLOOD,
            "nonread": NONREAD,
            "spam": SPAM,
            "halfsent": HALFSENT,
        },
        load_average=[round(x, 2) for x in os.getloadavg()],
        cpus=os.cpu_count(),
        python=platform.python_version(),
        command=shlex.join(["python", "benchmarks/bench_abuse.py", *(argv or sys.argv[1:])]),
    )
    report(result, args.json)
    return result


def report(result: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result))
        return
    print(
        f"{result['store']}: {result['seats']} honest seats at {result['tables']} Dicht dran "
        f"tables, think {result['think_seconds']} s; load average {result['load_average']}"
    )
    print(
        "phase  | actions/s | p50 ms | p95 ms | p99 ms | max ms | probe p50/p99 ms | errors "
        "| server CPU"
    )
    for phase, row in result["phases"].items():
        lat, pr = row["latency_ms"], row["probe_ms"]
        print(
            f"{phase:6} | {row['actions_per_second']:9} | {lat['p50']} | {lat['p95']} | "
            f"{lat['p99']} | {lat['max']} | {pr['p50']}/{pr['p99']} | {row['errors']} | "
            f"{row['server_cpu_share']}"
        )
    mem = result["memory"]
    print(
        f"abuse/quiet: p50 ×{result['ratio_abuse_to_quiet']['p50']}, "
        f"p99 ×{result['ratio_abuse_to_quiet']['p99']}"
    )
    print(
        f"server RSS MB: first {mem['first_start_mb']}, abuse start {mem['abuse_start_mb']}, "
        f"peak {mem['abuse_peak_mb']}, end {mem['end_mb']}; MB a window: quiet "
        f"{mem['quiet_mb_per_window']}, abuse {mem['abuse_mb_per_window']}"
    )
    print(
        f"  at the end of each abuse window {mem['abuse_end_mb']}: MB a round over the last "
        f"half {mem['late_mb_per_round']}; fds quiet {mem['quiet_fds']}, abuse peak "
        f"{mem['abuse_peak_fds']}, end {mem['end_fds']}"
    )
    for key in ("counts", "closes", "refusals", "lifetimes", "cpu_seconds"):
        print(f"abusers {key}: {json.dumps(result['abusers'].get(key))}")
    print(f"goal: {result['goal']}; server tracebacks: {result['server_tracebacks']}")


if __name__ == "__main__":
    if "--abuser" in sys.argv:
        abuser_main(parse().abuser)
    else:
        main()
