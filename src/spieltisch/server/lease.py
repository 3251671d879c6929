"""Which server process plays a table's bots: a lease in the database.

Several processes may hold the same table in memory (each serves its own connections), but
only one may ask its bots: the one holding the table's lease (a row in ``spieltisch_leases``:
holder and the time, on the database's clock, it runs out). A process takes the lease when
a bot of the table must act, renews every lease it holds every third of
:data:`LEASE_SECONDS`, and drops it once no bot must act. Bots that failed (a stuck table)
park their lease: nobody plays them until someone acts or connects there, or a server
starts. A process that stops marks its leases run out; one that dies simply stops renewing
them. Every process looks for leases that ran out as often as it renews its own and plays
those tables' bots on: this is also how a restarted server (and the only one on a SQLite
file) resumes its bot tables, without loading any other table.

A lease decides who asks the bots, not what is committed: if a process loses its lease while
a bot decides (it stalled longer than the lease), the key of the action log still lets only
one action per step through.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spieltisch.server.service import Table, TableManager

log = logging.getLogger("spieltisch.server")

#: How long a lease lasts unless renewed: a dead process's bots play on after at most this.
LEASE_SECONDS = 5.0


class BotLeases:
    """The leases of one process, and the search for tables whose bots nobody plays."""

    def __init__(self, manager: TableManager, seconds: float = LEASE_SECONDS) -> None:
        self._manager = manager
        self.seconds = seconds
        #: This process, unique among all processes on the database.
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._held: set[str] = set()
        self._retrying: set[str] = set()
        self._task: asyncio.Task[None] | None = None

    async def start(self, alone: bool) -> None:
        """Play on the bots of every table whose lease ran out; ``alone``: no other process
        shares the store, so every lease left by an earlier process is run out."""
        store = self._manager._store()
        # Every start tries stuck bots again (their parked leases, holder "").
        await self._manager._run(store.expire_leases, None if alone else "")
        await self.sweep()
        self._task = asyncio.create_task(self._keep())

    async def stop(self) -> None:
        """Stop renewing; every lease held is marked run out, for the next process."""
        if self._task is not None:
            self._task.cancel()
        with contextlib.suppress(Exception):
            await self._manager._run(self._manager._store().expire_leases, self.holder)
        self._held.clear()

    async def play(self, table: Table, play_bots: Callable[[Table], Awaitable[None]]) -> None:
        """Run ``play_bots`` for ``table`` while this process holds its lease; drop the
        lease when no bot must act. Another process holding it: try again after a lease's
        time (it may have died or dropped it meanwhile)."""
        while not table.retired and table.bot_to_act() is not None:
            if not await self._take(table.id):
                self._retry_later(table)
                return
            try:
                await play_bots(table)
            except asyncio.CancelledError:
                raise
            except Exception:
                self._release(table.id, park=False)
                raise
            # Nothing awaited from here on: an action or a connection that kicks the bots
            # meanwhile finds this task done, or its change seen by the check above.
            if table.bot_error is not None:  # stuck: the next action, connection or start
                self._release(table.id, park=True)
                return
            self._release(table.id, park=False)

    async def _take(self, table_id: str) -> bool:
        if table_id in self._held:
            return True
        manager = self._manager
        try:
            taken = await manager._run(
                manager._store().take_lease, table_id, self.holder, self.seconds
            )
        except Exception:
            log.exception("taking the bot lease of table %s failed", table_id)
            return False
        if taken:
            self._held.add(table_id)
        return taken

    async def _drop(self, table_id: str, park: bool = False) -> None:
        self._held.discard(table_id)
        manager = self._manager
        store = manager._store()
        try:
            drop = store.park_lease if park else store.drop_lease
            await manager._run(drop, table_id, self.holder)
        except Exception:
            log.exception("dropping the bot lease of table %s failed", table_id)

    def _release(self, table_id: str, park: bool) -> None:
        """Drop (``park``: park) the lease of ``table_id``, not waiting for the store (a
        later call for the lease comes after it in the store's queue)."""
        self._held.discard(table_id)
        task = asyncio.create_task(self._drop(table_id, park))
        self._manager._background.add(task)
        task.add_done_callback(self._manager._background.discard)

    def _retry_later(self, table: Table) -> None:
        if table.id in self._retrying:
            return
        self._retrying.add(table.id)

        def again() -> None:
            self._retrying.discard(table.id)
            if self._manager._tables.get(table.id) is table:
                self._manager._kick_bots(table)

        asyncio.get_running_loop().call_later(self.seconds, again)

    async def _keep(self) -> None:
        """Renew this process's leases and take over those that ran out, every third of
        a lease's time."""
        while True:
            await asyncio.sleep(self.seconds / 3)
            try:
                await self._renew()
                await self.sweep()
            except Exception:
                log.exception("renewing the bot leases failed")

    async def _renew(self) -> None:
        manager = self._manager
        if not self._held:
            return
        started = time.monotonic()
        held = set(await manager._run(manager._store().renew_leases, self.holder, self.seconds))
        for table_id in self._held - held:  # taken over: this process stalled too long
            self._held.discard(table_id)
            table = manager._tables.get(table_id)
            if table is not None and table.bot_task is not None:
                table.bot_task.cancel()
            log.warning("the bot lease of table %s was taken over", table_id)
        if time.monotonic() - started > self.seconds / 3:
            log.warning("renewing the bot leases took %.1f s", time.monotonic() - started)

    async def sweep(self) -> None:
        """Play on the bots of every table whose lease ran out (its process stopped or
        died); a table whose bots need not act loses its lease."""
        manager = self._manager
        for table_id in await manager._run(manager._store().orphaned_leases):
            try:
                table = await manager.get(table_id)
            except Exception as error:  # gone or unrestorable: nothing to play
                log.warning("the bots of table %s cannot play on: %s", table_id, error)
                if await self._take(table_id):
                    await self._drop(table_id)
                continue
            manager._kick_bots(table)
            if table.bot_to_act() is None and await self._take(table_id):
                await self._drop(table_id)


__all__ = ["LEASE_SECONDS", "BotLeases"]
