"""The per-client limits shared by every server process (``spieltisch serve
--limits-store redis://…``): tables a minute, open WebSockets and messages a second are
counted in one Redis database, so a client has one budget however many processes serve it.

- Tables a minute: the ``limits`` library's moving window in Redis.
- Open sockets: each process keeps its own counts in a hash of its own (``PREFIX
  sockets:PROCESS``: a field per client and per seat or table's spectators) that expires
  ``ttl`` seconds after the process's last heartbeat, and a sorted set of processes by their
  last heartbeat. A socket is admitted by one Lua script that sums the counts of the live
  processes and adds the new socket only if it is within the bounds, so two processes never
  both admit the last one. A process that dies (SIGKILL) stops counting within ``ttl``.
- Messages a second: one cell per client (the generic cell rate algorithm, the token
  bucket of :class:`~spieltisch.server.clients.ClientGate` in a single Redis key).

All times are Redis's own clock, so processes on several machines agree. The keys of one
server's processes share a prefix (``--limits-prefix``); the store is one Redis server, not
a cluster.

When the store fails while serving, the server keeps serving and limits each client per
process (:class:`~spieltisch.server.clients.ClientGate` falls back to its own counts), logs
one line, tries the store again on each heartbeat and logs one line when it answers again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from limits import RateLimitItemPerMinute
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

log = logging.getLogger("spieltisch.server.limits")

#: Seconds a process's socket counts outlive its last heartbeat.
TTL = 15.0
#: The URL schemes a limits store may have.
SCHEMES = ("redis", "rediss", "unix")

#: Both scripts begin here: mark this process (ARGV[1]) alive in the set of live processes
#: (KEYS[1]) and drop those whose last heartbeat is older than the TTL (ARGV[2]).
_ALIVE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local ttl = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
"""

_ADMIT = _ALIVE + """local live = redis.call('ZRANGE', KEYS[1], 0, -1)
for i = 0, 1 do
  local field, most = ARGV[4 + 2 * i], tonumber(ARGV[5 + 2 * i])
  if most > 0 then
    local total = 0
    for _, process in ipairs(live) do
      total = total + tonumber(redis.call('HGET', ARGV[3] .. process, field) or '0')
    end
    if total >= most then return i + 1 end
  end
end
redis.call('HINCRBY', KEYS[2], ARGV[4], 1)
redis.call('HINCRBY', KEYS[2], ARGV[6], 1)
redis.call('PEXPIRE', KEYS[2], math.floor(ttl * 1000))
return 0
"""

_RELEASE = """
for i = 1, #ARGV do
  if redis.call('HINCRBY', KEYS[1], ARGV[i], -1) <= 0 then
    redis.call('HDEL', KEYS[1], ARGV[i])
  end
end
return 0
"""

_BEAT = _ALIVE + """if ARGV[3] == 'write' then
  redis.call('DEL', KEYS[2])
  for i = 4, #ARGV, 2 do
    redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  end
end
redis.call('PEXPIRE', KEYS[2], math.floor(ttl * 1000))
return redis.call('EXISTS', KEYS[2])
"""

_MESSAGE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local interval, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local due = tonumber(redis.call('GET', KEYS[1]) or '0')
if due < now then due = now end
due = due + interval
redis.call('SET', KEYS[1], string.format('%.6f', due), 'PX', math.ceil((due - now) * 1000) + 1000)
local wait = due - now - burst * interval
if wait < 0 then wait = 0 end
return string.format('%.6f', wait)
"""


class StoreDown(Exception):
    """The store did not answer; the caller limits per process instead."""


def check_url(url: str) -> None:
    """:class:`ValueError` unless ``url`` is a Redis URL (``redis://``, ``rediss://``,
    ``unix://``)."""
    if urlsplit(url).scheme not in SCHEMES:
        raise ValueError("not a Redis URL (redis://[:password@]host[:port]/db, rediss://…)")


def redacted(url: str) -> tuple[str, set[str]]:
    """``url`` with its password (in the user part or a ``password=`` query) as ``***``,
    and the password's spellings, to take out of error messages too."""
    from urllib.parse import parse_qsl, unquote, urlencode, urlunsplit

    from spieltisch.server.security import without_password

    try:
        parts = urlsplit(url)
        secrets_ = {parts.password or ""}
        query = parse_qsl(parts.query, keep_blank_values=True)
    except ValueError:
        return "***", set()
    secrets_ |= {value for key, value in query if key == "password"}
    if any(key == "password" for key, _ in query):
        hidden = [(key, "***" if key == "password" else value) for key, value in query]
        url = urlunsplit(parts._replace(query=urlencode(hidden, safe="*")))
    secrets_ |= {unquote(secret) for secret in secrets_}
    return without_password(url), secrets_ - {""}


def ping(url: str, timeout: float = 3.0) -> None:
    """Reach the store once (``serve`` at start); raises whatever the client raises."""
    import redis

    check_url(url)
    client = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    try:
        client.ping()
    finally:
        client.close()


class SharedStore:
    """The Redis that every process of one server counts in (see the module)."""

    def __init__(
        self, url: str, prefix: str = "spieltisch:", ttl: float = TTL, timeout: float = 1.0
    ) -> None:
        import redis.asyncio

        check_url(url)
        self.url = url
        self.prefix = prefix
        self.ttl = ttl
        #: This process, as the store knows it.
        self.process = secrets.token_hex(8)
        options: dict[str, Any] = {"socket_connect_timeout": timeout, "socket_timeout": timeout}
        self._redis = redis.asyncio.Redis.from_url(url, **options)
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError, TimeoutError)
        self._window = MovingWindowRateLimiter(
            RedisStorage(
                f"async+{url}",
                implementation="redispy",
                key_prefix=f"{prefix}window",
                **options,
            )
        )
        self._admit = self._redis.register_script(_ADMIT)
        self._release = self._redis.register_script(_RELEASE)
        self._beat = self._redis.register_script(_BEAT)
        self._message = self._redis.register_script(_MESSAGE)
        #: Whether the store answered last time; while not, calls fail at once.
        self.up = True

    @property
    def _processes(self) -> str:
        return f"{self.prefix}processes"

    def _sockets(self, process: str) -> str:
        return f"{self.prefix}sockets:{process}"

    async def _call(self, call: Any) -> Any:
        if not self.up:
            call.close()  # never started
            raise StoreDown
        try:
            return await call
        except self._errors as error:
            self._down(error)
            raise StoreDown from None

    def _down(self, error: BaseException) -> None:
        if self.up:
            self.up = False
            reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error)
            log.warning(
                "limits store unreachable (%s): limiting each client per process until it answers",
                reason,
            )

    # -- tables a minute ----------------------------------------------------------------
    async def hit(self, most: int, client: str) -> float | None:
        """Count a table of ``client``: ``None`` if it opened fewer than ``most`` in the
        last minute, else the epoch time its oldest table in the window leaves it."""
        item = RateLimitItemPerMinute(most)
        if await self._call(self._window.hit(item, "tables", client)):
            return None
        stats = await self._call(self._window.get_window_stats(item, "tables", client))
        return float(stats.reset_time)

    # -- open sockets ---------------------------------------------------------------------
    async def admit(self, client: str, client_most: int, place: str, place_most: int) -> int:
        """Add a socket of ``client`` at ``place`` if every live process together holds
        fewer than ``client_most`` of the client's and ``place_most`` at the place (0: no
        bound): 0, or 1 (the client's bound) or 2 (the place's) when refused."""
        args: list[str | int | float] = [self.process, self.ttl, self._sockets("")]
        args += [f"c:{client}", client_most]
        args += [f"p:{place}", place_most]
        keys = [self._processes, self._sockets(self.process)]
        return int(await self._call(self._admit(keys=keys, args=args)))

    async def release(self, client: str, place: str) -> None:
        keys = [self._sockets(self.process)]
        await self._call(self._release(keys=keys, args=[f"c:{client}", f"p:{place}"]))

    async def beat(self, counts: Mapping[str, int] | None = None) -> bool:
        """Mark this process alive and keep its counts; with ``counts`` (``{"c:client": n,
        "p:place": n}``) write them anew. Whether its counts are in the store."""
        args: list[Any] = [self.process, self.ttl, "write" if counts is not None else "keep"]
        for field, count in (counts or {}).items():
            args += [field, count]
        keys = [self._processes, self._sockets(self.process)]
        return bool(await self._call(self._beat(keys=keys, args=args)))

    async def revive(self) -> bool:
        """Whether the store answers again (after :attr:`up` went false)."""
        try:
            await self._redis.ping()
        except self._errors:
            return False
        self.up = True
        log.warning("limits store reachable again: limits are shared by every process")
        return True

    # -- messages a second ----------------------------------------------------------------
    async def message_wait(self, client: str, rate: float, burst: int) -> float:
        wait = await self._call(
            self._message(keys=[f"{self.prefix}messages:{client}"], args=[1 / rate, burst])
        )
        return float(wait)

    async def close(self) -> None:
        """Take this process's counts out of the store at once, and let go of it."""
        if self.up:
            with contextlib.suppress(*self._errors):
                async with asyncio.timeout(2):
                    await self._redis.zrem(self._processes, self.process)
                    await self._redis.delete(self._sockets(self.process))
        with contextlib.suppress(*self._errors):
            await self._redis.aclose()
        storage = self._window.storage
        with contextlib.suppress(*self._errors, AttributeError):
            await storage.bridge.storage.aclose()  # type: ignore[attr-defined]


__all__ = ["SCHEMES", "TTL", "SharedStore", "StoreDown", "check_url", "ping", "redacted"]
