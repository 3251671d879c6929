"""What one server process hears of the others on a shared PostgreSQL store.

Every process listens on the store's channel (``LISTEN``, one channel per database and
schema). The store announces each committed action in the committing transaction
(:mod:`spieltisch.server.storage.postgres`); a process holding that table in memory applies
it at once (the action comes with the notification) and pushes the change to its own
connections. A notification that does not follow on from the table's last step (one was
missed, or the action did not fit) makes the process read what it lacks from the store.
After the listening connection was lost, every table in memory catches up the same way.

The processes also tell each other, by ``NOTIFY`` from this module, what is not stored: a
seat taken over by a bot for its absent person and given back (``{"t", "w": seat, "away"}``),
and, every tick, which seats have a connection here and which sent a request here
(``{"p": {table: [[connected], [requested]]}, "by": ...}``), so that every process shows the
connected seats as connected and none lets a bot take over a seat whose person is connected
to, or polls, another one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import TYPE_CHECKING, Any

import psycopg

if TYPE_CHECKING:
    from spieltisch.server.service import Table, TableManager

log = logging.getLogger("spieltisch.server")

#: The longest notification this module sends (PostgreSQL takes up to 8000 bytes).
PAYLOAD_MOST = 7900
#: The pause before listening again after the connection was lost.
RECONNECT_SECONDS = 0.5


class Fanout:
    """The listening (and telling) side of one process on a shared PostgreSQL store."""

    def __init__(self, manager: TableManager, url: str, channel: str, tick: float) -> None:
        self._manager = manager
        self._url = url
        self._channel = channel
        self._tick = tick
        self._listen: psycopg.AsyncConnection[Any] | None = None
        self._tell: psycopg.AsyncConnection[Any] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        #: This process, named in its own notes of presence.
        self._me = manager._leases.holder

    async def start(self) -> None:
        """Listen (before any table is loaded, so that no commit goes unheard)."""
        self._listen = await self._listening()
        self._tasks = [
            asyncio.create_task(self._hear()),
            asyncio.create_task(self._tell_presence()),
        ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for connection in (self._listen, self._tell):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()

    async def _listening(self) -> psycopg.AsyncConnection[Any]:
        connection = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
        await connection.execute(f'LISTEN "{self._channel}"')
        return connection

    async def _hear(self) -> None:
        while True:
            try:
                assert self._listen is not None
                async for note in self._listen.notifies():
                    self._heard(note.payload)
            except (psycopg.Error, OSError):
                log.warning("the notification connection was lost; listening again")
            await asyncio.sleep(RECONNECT_SECONDS)
            with contextlib.suppress(Exception):
                if self._listen is not None:
                    await self._listen.close()
            try:
                self._listen = await self._listening()
            except (psycopg.Error, OSError):
                continue
            for table in list(self._manager._tables.values()):  # what was missed meanwhile
                self._manager.heard(table)

    def _heard(self, payload: str) -> None:
        try:
            note = json.loads(payload)
        except ValueError:
            return
        tables = self._manager._tables
        if "p" in note:
            if note.get("by") == self._me:
                return
            now = time.monotonic()
            for table_id, (connected, requested) in note["p"].items():
                table = tables.get(table_id)
                if table is None:
                    continue
                for seat in requested:
                    table.last_seen[seat] = now
                for seat in connected:
                    table.last_seen[seat] = now
                    if table.elsewhere.setdefault(seat, now) == now:  # newly connected
                        table.connect(seat, 0)
                    table.elsewhere[seat] = now
            return
        table = tables.get(note.get("t"))
        if table is None:  # not in memory here: loaded from the store when asked for
            return
        if "i" in note:
            self._manager.heard(table, note["i"], note.get("s"), note.get("a"))
        elif "w" in note:
            self._manager.heard_away(table, int(note["w"]), bool(note["away"]))
        else:
            self._manager.heard(table)

    def away(self, table: Table, seat: int, away: bool) -> None:
        """Tell the other processes that a bot now plays (``away``) or no longer plays for
        the person of ``seat``."""
        self._send([json.dumps({"t": table.id, "w": seat, "away": away})])

    def _send(self, payloads: list[str]) -> None:
        task = asyncio.create_task(self._notify(payloads))
        self._manager._background.add(task)
        task.add_done_callback(self._manager._background.discard)

    async def _notify(self, payloads: list[str]) -> None:
        try:
            if self._tell is None or self._tell.closed or self._tell.broken:
                self._tell = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
            for payload in payloads:
                await self._tell.execute("SELECT pg_notify(%s, %s)", (self._channel, payload))
        except (psycopg.Error, OSError) as error:
            log.warning("telling the other processes failed: %s", error)

    async def _tell_presence(self) -> None:
        """Every tick: which seats have a connection here, and which made a request here
        (a person polling over HTTP); a seat no other process has named as connected for
        three ticks has no connection there."""
        while True:
            await asyncio.sleep(self._tick)
            now = time.monotonic()
            gone = now - 3 * self._tick
            for table in list(self._manager._tables.values()):
                for seat, seen in list(table.elsewhere.items()):
                    if seen < gone:
                        del table.elsewhere[seat]
                        table.connect(seat, 0)
            present: dict[str, list[list[int]]] = {}
            for table in list(self._manager._tables.values()):
                connected = [seat for seat, count in enumerate(table.connected) if count > 0]
                requested = [
                    seat
                    for seat, when in enumerate(table.requested)
                    if now - when < 2 * self._tick and seat not in connected
                ]
                if connected or requested:
                    present[table.id] = [connected, requested]
            if present:
                await self._notify(_chunks(present, self._me))


def _chunks(present: dict[str, list[list[int]]], me: str) -> list[str]:
    """``{"p": present, "by": me}`` cut into notifications that fit."""
    payloads: list[str] = []
    part: dict[str, list[list[int]]] = {}
    size = 0
    for table_id, seats in present.items():
        entry = len(json.dumps({table_id: seats}))
        if part and size + entry > PAYLOAD_MOST:
            payloads.append(json.dumps({"p": part, "by": me}))
            part, size = {}, 0
        part[table_id] = seats
        size += entry
    if part:
        payloads.append(json.dumps({"p": part, "by": me}))
    return payloads


__all__ = ["Fanout"]
