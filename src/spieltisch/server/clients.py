"""Limits per client: who a client is (its address, or behind a trusted proxy the address
the proxy names), how many tables it may open a minute, how many WebSockets it and a
table may hold open and how fast it may open them.

A client is one IP address. Behind a proxy every request comes from the proxy, so the
server reads the client's address from a header the proxy sets (``X-Forwarded-For``, or
``X-Real-IP``, ``CF-Connecting-IP`` …), but only when the request really comes from one of
the ``trusted_proxies``: anyone else could write that header. ``X-Forwarded-For`` is a
list that each proxy appends to, so the client is its last address that is not itself a
trusted proxy (an address a client wrote into the header itself stands further left and is
never taken).

Tables per minute are counted in a moving window of the last 60 s, messages in a token
bucket, open sockets in counters: in each process's memory, or, with a shared store
(:mod:`spieltisch.server.sharedlimits`, ``serve --limits-store``), in one Redis for every
process of the server. While that store does not answer, each process counts for itself.
Refused messages and new sockets are counted in token buckets in each process alone.
In memory, every count is dropped once it says nothing any more (no table in the last
minute, no socket open, a full bucket), so what the gate holds is bounded by the clients
active in the last minute, however many addresses come and go.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TypeVar

import orjson
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from spieltisch.server import defaults
from spieltisch.server.service import ServiceError, refuse
from spieltisch.server.sharedlimits import SharedStore, StoreDown

log = logging.getLogger("spieltisch.server.limits")

K = TypeVar("K")

#: The window of ``tables_per_minute``, in seconds.
MINUTE = 60.0
#: How long a client told 4429 gets the same refusal before the handshake (HTTP 429)
#: for the same socket, unless one of its own sockets closes meanwhile.
TOLD_SECONDS = 10.0
#: How long such a refusal, told again, waits before it goes out: a client asking in a
#: loop asks that much less often (its connection waits, the server does nothing).
AGAIN_AFTER = 1.0
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(text: str | Sequence[str]) -> tuple[Network, ...]:
    """Addresses and networks (``10.0.0.0/8``, ``127.0.0.1``, ``::1``), comma-separated or
    as a list; :class:`ValueError` names one that is neither."""
    parts = text.split(",") if isinstance(text, str) else list(text)
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in parts if part.strip())


@dataclass(frozen=True)
class ClientLimits:
    """What one client may open (``spieltisch serve`` options); 0 switches a limit off."""

    #: Tables one client may open in any 60 seconds.
    tables_per_minute: int = defaults.TABLES_PER_MINUTE
    #: WebSockets one client may hold open, over all tables.
    sockets_per_client: int = defaults.SOCKETS_PER_CLIENT
    #: WebSockets without a token (spectators) one table may have open.
    spectators_per_table: int = defaults.SPECTATORS_PER_TABLE
    #: WebSockets one seat (one token) may have open: a phone and a laptop, a reload.
    sockets_per_seat: int = defaults.SOCKETS_PER_SEAT
    #: Messages a second read from all of one client's WebSockets together (0: no
    #: limit), and at once after a quiet time.
    message_rate: float = defaults.CLIENT_RATE
    message_burst: int = defaults.CLIENT_BURST
    #: Refused messages a second read from all of one client's WebSockets together (0:
    #: no limit), and at once after a quiet time: after a refusal beyond them the
    #: client's next message waits (junk costs the server a refusal each).
    refusal_rate: float = defaults.REFUSAL_RATE
    refusal_burst: int = defaults.REFUSAL_BURST
    #: New WebSockets a second one client may open (0: no limit), and at once after a
    #: quiet time: beyond them each handshake waits its turn, up to ``connect_wait`` s.
    connect_rate: float = defaults.CONNECT_RATE
    connect_burst: int = defaults.CONNECT_BURST
    connect_wait: float = defaults.CONNECT_WAIT
    #: The header a trusted proxy names the client in (``None``: use the peer address).
    proxy_header: str | None = None
    #: The peers whose ``proxy_header`` is believed.
    trusted_proxies: tuple[Network, ...] = ()

    @classmethod
    def none(cls) -> ClientLimits:
        """No limit per client (an app made without ``client_limits``: tests, embedding)."""
        return cls(0, 0, 0, 0, message_rate=0, refusal_rate=0, connect_rate=0)


@dataclass
class ClientGate:
    """The counters behind :class:`ClientLimits`: this process's own, and with a ``store``
    those of every process (this process's sockets are counted in both)."""

    limits: ClientLimits = field(default_factory=ClientLimits)
    store: SharedStore | None = None
    sockets: Counter[str] = field(default_factory=Counter)
    table_sockets: Counter[tuple[str, int | None]] = field(default_factory=Counter)
    #: The clock (``time.monotonic``; tests move their own).
    clock: Callable[[], float] = time.monotonic

    def __post_init__(self) -> None:
        #: Each client's message allowance and when it was last counted.
        self._messages: dict[str, tuple[float, float]] = {}
        #: Each client's refusal allowance and when it was last counted (this process).
        self._refusals: dict[str, tuple[float, float]] = {}
        #: Each client's allowance of new WebSockets and when it was last counted (this
        #: process); swept once full again.
        self._connects: dict[str, tuple[float, float]] = {}
        self._next_connect_sweep = self.clock() + TOLD_SECONDS
        #: When each client opened its tables of the last minute (oldest first).
        self._opened: dict[str, deque[float]] = {}
        self._next_sweep = self.clock() + MINUTE
        #: Refusals a client was told, by client and what was refused ("tables", the
        #: socket's path and query, or "sockets" for all of them): until when the same
        #: request is refused again at once, and the refusal.
        self._told: dict[str, dict[str, tuple[float, ServiceError]]] = {}
        self._next_told_sweep = self.clock() + TOLD_SECONDS
        self._heart: asyncio.Task[None] | None = None
        #: Whether this process's socket counts must be written to the store anew.
        self._rewrite = False

    # -- the shared store ---------------------------------------------------------------
    async def start(self) -> None:
        """Begin the heartbeat that keeps this process's socket counts alive in the store."""
        if self.store is not None and self._heart is None:
            self._heart = asyncio.create_task(self._beat())

    async def stop(self) -> None:
        if self._heart is not None:
            self._heart.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heart
            self._heart = None
        if self.store is not None:
            await self.store.close()

    async def _beat(self) -> None:
        store = self.store
        assert store is not None
        while True:
            try:
                if not store.up and await store.revive():
                    self._rewrite = True  # counts changed while it was away
                rewrite, self._rewrite = self._rewrite, False
                kept = await store.beat(self._shared_counts() if rewrite else None)
                if not kept and self.sockets:  # the store lost them (restarted, flushed)
                    await store.beat(self._shared_counts())
            except StoreDown:
                self._rewrite = True
            except Exception:  # the heartbeat must outlive anything the store does
                self._rewrite = True
                log.exception("limits store heartbeat failed")
            await asyncio.sleep(store.ttl / 3)

    def _shared_counts(self) -> dict[str, int]:
        counts = {f"c:{client}": n for client, n in self.sockets.items()}
        counts.update({f"p:{_place(key)}": n for key, n in self.table_sockets.items()})
        return counts

    def bookkeeping(self) -> int:
        """How many entries the gate holds for clients and tables: 0 once no socket is
        open and no table was opened in the last minute."""
        held = len(self.sockets) + len(self.table_sockets) + len(self._messages)
        return held + len(self._refusals) + len(self._opened) + len(self._connects)

    # -- who is the client ----------------------------------------------------------
    def client(self, connection: HTTPConnection) -> str:
        """The client's address: the peer's, or, when the peer is a trusted proxy, the
        last address in the proxy header that is not a trusted proxy itself."""
        peer = connection.client.host if connection.client else ""
        header = self.limits.proxy_header
        if header is None or not self._trusted(peer):
            return peer
        named = connection.headers.getlist(header)
        hops = [hop.strip() for value in named for hop in value.split(",") if hop.strip()]
        for hop in reversed(hops):
            if not self._trusted(hop):
                return _address(hop) or peer
        return (_address(hops[0]) or peer) if hops else peer

    def _trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(_address(address) or "")
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped  # a server on "::" sees 127.0.0.1 as ::ffff:127.0.0.1
        return any(ip in network for network in self.limits.trusted_proxies)

    # -- tables per minute ------------------------------------------------------------
    async def open_table(self, client: str) -> None:
        """Count a new table of ``client``; refused (429) once it opened
        ``tables_per_minute`` in the last 60 s, with the seconds until it may again."""
        most = self.limits.tables_per_minute
        if most <= 0:
            return
        if self.store is not None:
            with contextlib.suppress(StoreDown):
                reset = await self.store.hit(most, client)
                if reset is None:
                    return
                wait = max(1, math.ceil(reset - time.time()))
                refusal = refuse(429, "too_many_tables", most=most, retry_after=wait)
                raise self._tell(client, "tables", self.clock() + reset - time.time(), refusal)
        now = self.clock()
        if now >= self._next_sweep:  # clients without a table in the last minute
            self._next_sweep = now + MINUTE
            for old in [key for key, times in self._opened.items() if times[-1] <= now - MINUTE]:
                del self._opened[old]
            for old in [key for key, told in self._told.items() if _expired(told, now)]:
                del self._told[old]
        opened = self._opened.setdefault(client, deque())
        while opened and opened[0] <= now - MINUTE:
            opened.popleft()
        if len(opened) < most:
            opened.append(now)
            return
        wait = max(1, math.ceil(opened[0] + MINUTE - now))
        refusal = refuse(429, "too_many_tables", most=most, retry_after=wait)
        raise self._tell(client, "tables", opened[0] + MINUTE, refusal)

    # -- refusals told recently -----------------------------------------------------------
    def _tell(self, client: str, what: str, until: float, error: ServiceError) -> ServiceError:
        """Remember that ``client`` was refused ``what`` until ``until`` (the clock's time)."""
        now = self.clock()
        if now >= self._next_told_sweep:  # refusals that hold no more, of clients gone
            self._next_told_sweep = now + TOLD_SECONDS
            for old in [key for key, told in self._told.items() if _expired(told, now)]:
                del self._told[old]
        self._told.setdefault(client, {})[what] = (until, error)
        return error

    def told(self, client: str, what: str) -> ServiceError | None:
        """The refusal ``client`` was told for ``what`` (``"tables"``, a socket's path and
        query) if it still holds: answered again at once, without the work of the request.
        A refused table holds until the window lets the client open one (exactly what
        :meth:`open_table` would say, with the seconds left); a refused socket for
        :data:`TOLD_SECONDS`, or until one of the client's own sockets closes."""
        told = self._told.get(client)
        if not told:
            return None
        now = self.clock()
        for key in (what, "sockets") if what != "tables" else (what,):
            entry = told.get(key)
            if entry is None:
                continue
            until, error = entry
            if until <= now:
                del told[key]
                if not told:
                    del self._told[client]
                continue
            if key == "tables":
                wait = max(1, math.ceil(until - now))
                return refuse(429, "too_many_tables", most=error.params["most"], retry_after=wait)
            return error
        return None

    def told_count(self) -> int:
        """How many refusals the gate remembers (each gone within a minute)."""
        return sum(len(told) for told in self._told.values())

    # -- open sockets -------------------------------------------------------------------
    @asynccontextmanager
    async def socket(
        self, client: str, table: str, seat: int | None, request: str = ""
    ) -> AsyncIterator[None]:
        """Hold one WebSocket of ``client`` at ``table`` (``seat`` ``None``: a spectator)
        open while in the block; :class:`ServiceError` (429) if it would be one too many
        (over every process, with a shared store), remembered for :meth:`told` under
        ``request`` (the socket's path and query) or, for the client's own limit, all its
        sockets."""
        key = (table, seat)
        shared = False
        try:
            if self.store is not None and self.store.up:
                with contextlib.suppress(StoreDown):
                    shared = await self._admit(self.store, client, key)
            if not shared:
                self._check(client, key)
        except ServiceError as error:
            what = "sockets" if error.code == "too_many_sockets" else request
            if what:
                self._tell(client, what, self.clock() + TOLD_SECONDS, error)
            raise
        self.sockets[client] += 1
        self.table_sockets[key] += 1
        try:
            yield
        finally:
            _drop(self.sockets, client)
            _drop(self.table_sockets, key)
            told = self._told.get(client)
            if told is not None:  # a socket closed: its refusals may not hold any more
                for what in [what for what in told if what != "tables"]:
                    del told[what]
                if not told:
                    del self._told[client]
            if client not in self.sockets:
                self._messages.pop(client, None)
                self._refusals.pop(client, None)
            if self.store is not None and self.store.up:
                try:
                    await self.store.release(client, _place(key))
                except StoreDown:
                    self._rewrite = True  # the heartbeat writes the counts as they are
                except asyncio.CancelledError:
                    self._rewrite = True
                    raise

    async def _admit(self, store: SharedStore, client: str, key: tuple[str, int | None]) -> bool:
        """Admit the socket over every process (True), or refuse it; :class:`StoreDown`."""
        given = self.limits
        place_most = given.spectators_per_table if key[1] is None else given.sockets_per_seat
        refused = await store.admit(client, given.sockets_per_client, _place(key), place_most)
        if refused == 1:
            raise refuse(429, "too_many_sockets", most=given.sockets_per_client)
        if refused == 2 and key[1] is None:
            raise refuse(429, "too_many_spectators", most=given.spectators_per_table)
        if refused == 2:
            raise refuse(429, "too_many_seat_sockets", most=given.sockets_per_seat)
        return True

    # -- messages a second ----------------------------------------------------------------
    async def message_wait(self, client: str) -> float:
        """Count one message of ``client`` (on any of its WebSockets, in any process with a
        shared store); the seconds it must wait so that all its sockets together stay
        within ``message_rate`` a second after a burst of ``message_burst`` (0: none).
        Waiting messages queue up: each further one waits ``1 / message_rate`` longer."""
        rate = self.limits.message_rate
        if rate <= 0:
            return 0.0
        if self.store is not None and self.store.up:
            with contextlib.suppress(StoreDown):
                return await self.store.message_wait(client, rate, self.limits.message_burst)
        return _take(self._messages, client, rate, self.limits.message_burst, self.clock())

    def refusal_wait(self, client: str) -> float:
        """Count one refused message of ``client`` (in this process); the seconds its
        sockets wait before their next message so that its refusals stay within
        ``refusal_rate`` a second after a burst of ``refusal_burst`` (0: none)."""
        rate = self.limits.refusal_rate
        if rate <= 0:
            return 0.0
        return _take(self._refusals, client, rate, self.limits.refusal_burst, self.clock())

    def connect_wait(self, client: str) -> float:
        """Count a new WebSocket of ``client`` (in this process): the seconds its handshake
        waits so that the client opens at most ``connect_rate`` a second after a burst of
        ``connect_burst`` (0: no limit). A connection that would wait longer than
        ``connect_wait`` s is not counted but refused (429 ``too_many_connects``, with the
        seconds until one would wait less), and remembered for :meth:`told`: a client
        opening connections in a loop gets them one by one, never a pile in the server."""
        rate = self.limits.connect_rate
        if rate <= 0:
            return 0.0
        now = self.clock()
        if now >= self._next_connect_sweep:  # clients whose allowance is full again
            self._next_connect_sweep = now + TOLD_SECONDS
            burst = float(self.limits.connect_burst)
            full = [
                key
                for key, (left, last) in self._connects.items()
                if left + (now - last) * rate >= burst
            ]
            for key in full:
                del self._connects[key]
        wait = _take(
            self._connects,
            client,
            rate,
            self.limits.connect_burst,
            now,
            most=self.limits.connect_wait,
        )
        if wait <= self.limits.connect_wait:
            return wait
        retry = max(1, math.ceil(wait - self.limits.connect_wait))
        refusal = refuse(429, "too_many_connects", rate=f"{rate:g}", retry_after=retry)
        raise self._tell(client, "sockets", now + wait - self.limits.connect_wait, refusal)

    def _check(self, client: str, key: tuple[str, int | None]) -> None:
        given = self.limits
        if 0 < given.sockets_per_client <= self.sockets[client]:
            raise refuse(429, "too_many_sockets", most=given.sockets_per_client)
        if key[1] is None and 0 < given.spectators_per_table <= self.table_sockets[key]:
            raise refuse(429, "too_many_spectators", most=given.spectators_per_table)
        if key[1] is not None and 0 < given.sockets_per_seat <= self.table_sockets[key]:
            raise refuse(429, "too_many_seat_sockets", most=given.sockets_per_seat)


def _take(
    buckets: dict[str, tuple[float, float]],
    client: str,
    rate: float,
    burst: int,
    now: float,
    most: float = math.inf,
) -> float:
    """Take one from ``client``'s token bucket in ``buckets`` (its allowance and when it was
    last counted; full at ``burst``, refilled at ``rate`` a second): the seconds until the
    taken token would have been there (0 while the allowance lasts). A token that would
    come more than ``most`` seconds late is not taken (the wait is still returned)."""
    allowance, last = buckets.get(client, (float(burst), now))
    allowance = min(float(burst), allowance + (now - last) * rate)
    wait = max(0.0, (1 - allowance) / rate)
    buckets[client] = (allowance - 1 if wait <= most else allowance, now)
    return wait


class RefuseAgain:
    """ASGI middleware: a request its client was refused moments ago (:meth:`ClientGate.told`)
    is refused again before any other work: ``POST /api/tables`` while the client may open
    no table gets the same ``429`` ``too_many_tables`` (with ``Retry-After``) without its
    body being read or checked; a WebSocket refused ``4429`` gets, for the next
    :data:`TOLD_SECONDS` (or until one of the client's sockets closes), an HTTP ``429``
    with the same ``{"error", "code", "params"}`` instead of a handshake, an error message
    and a close frame. Either answer goes out :data:`AGAIN_AFTER` seconds late. A browser
    has read the 4429 once already; a client reconnecting or posting in a loop costs the
    server a fraction of a full refusal, and fewer of them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        gate: ClientGate | None = getattr(scope.get("app"), "state", None) and getattr(
            scope["app"].state, "clients", None
        )
        if gate is not None and gate._told:
            kind = scope["type"]
            if kind == "websocket" or (
                kind == "http" and scope["method"] == "POST" and scope["path"] == "/api/tables"
            ):
                client = gate.client(HTTPConnection(scope))
                what = "tables" if kind == "http" else request_key(scope)
                error = gate.told(client, what)
                if error is not None:
                    await asyncio.sleep(AGAIN_AFTER)
                    with contextlib.suppress(OSError, RuntimeError):  # the client may be gone
                        await _answer(scope, send, error)
                    return
        await self.app(scope, receive, send)


def request_key(scope: Scope) -> str:
    """A WebSocket request as :meth:`ClientGate.told` knows it: its path and query."""
    path: str = scope["path"]
    query = scope.get("query_string", b"")
    return path + ("?" + query.decode("latin-1") if query else "")


async def _answer(scope: Scope, send: Send, error: ServiceError) -> None:
    body = orjson.dumps(error.body())
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    headers += [(k.lower().encode(), v.encode()) for k, v in retry_after(error).items()]
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": error.status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
    elif "websocket.http.response" in scope.get("extensions", {}):
        start = {"type": "websocket.http.response.start", "status": error.status}
        await send({**start, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:  # a server without the denial extension answers 403
        await send({"type": "websocket.close", "code": 4000 + error.status})


def retry_after(error: ServiceError) -> dict[str, str]:
    """The ``Retry-After`` header for a refusal that names its wait, else none."""
    wait = error.params.get("retry_after")
    return {"Retry-After": str(wait)} if wait is not None else {}


def _address(text: str) -> str | None:
    """The IP address in ``text`` (``[::1]:443``, ``1.2.3.4:5678`` and bare forms), or
    ``None`` if there is none."""
    text = text.strip()
    if text.startswith("["):
        text = text[1 : text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:
        text = text.split(":")[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def _expired(told: dict[str, tuple[float, ServiceError]], now: float) -> bool:
    return all(until <= now for until, _ in told.values())


def _place(key: tuple[str, int | None]) -> str:
    """Where a socket is counted in the store: a seat of a table, or its spectators."""
    table, seat = key
    return f"{table}/{'-' if seat is None else seat}"


def _drop(counter: Counter[K], key: K) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


__all__ = ["ClientGate", "ClientLimits", "RefuseAgain", "networks", "request_key", "retry_after"]
