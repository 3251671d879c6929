"""How the server shares its search workers between tables, and its bot limits.

Search bots (``ismcts``) hold a worker process for a whole decision, so a server with a few
workers and many bot tables must choose who thinks next. :class:`FairQueue` stands in
front of the workers:

* tables where a person sits come first: their decisions wait only for each other and
  for the decisions already running;
* within each of the two tiers the tables take turns (round-robin): a table's next
  decision waits until every other waiting table of its tier has had one;
* all-bot tables never hold every worker: with two or more workers one is kept free for
  the tables where a person sits.

Every decision is bounded in wall time (:attr:`BotLimits.move_seconds`), so the wait for
a free worker is bounded too. :class:`BotLimits` also says how many all-bot tables may play
at once.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

#: The longest a bot may think about one decision on the server, in seconds.
MOVE_SECONDS = 5.0
#: How many all-bot tables ``spieltisch serve`` lets play at once.
ALL_BOT_TABLES = 4


@dataclass(frozen=True, slots=True)
class BotLimits:
    """The server's bounds on its bots."""

    #: Wall time in seconds a search may take for one decision, whatever its spec asks
    #: (``sims=N`` stops early too); ``None``: no cap.
    move_seconds: float | None = MOVE_SECONDS
    #: How many unfinished all-bot tables may play at once: ``None`` any number, ``0``
    #: none (a table needs a person).
    all_bot_tables: int | None = None
    #: Worker processes for search bots.
    processes: int = 2

    def all_bot_refusal(self, running: int) -> tuple[int, str, dict[str, int]] | None:
        """Why a new all-bot table is refused while ``running`` of them play (an HTTP
        status, a refusal code and its params), or ``None`` if it may open."""
        most = self.all_bot_tables
        if most is None:
            return None
        if most == 0:
            return 403, "all_bot_tables_off", {}
        if running >= most:
            return 503, "all_bot_tables_full", {"most": most}
        return None


def parse_all_bot_tables(text: str) -> int | None:
    """``on`` (any number: ``None``), ``off`` (``0``) or a whole number ``N >= 0``;
    :class:`ValueError` otherwise."""
    word = text.strip().lower()
    if word == "on":
        return None
    if word == "off":
        return 0
    number = int(word)
    if number < 0:
        raise ValueError(text)
    return number


class FairQueue:
    """Grants ``slots`` places to run at once, tables where a person sits first, and the
    tables of each tier in turn; all-bot tables hold at most ``slots - 1`` of them (all,
    with one slot)."""

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError("a queue needs at least one slot")
        self.slots = slots
        #: How many slots all-bot tables may hold at once.
        self.bot_only_slots = max(1, slots - 1)
        #: The waiting decisions of each tier (``True``: a person sits), by table, in
        #: turn order.
        self._waiting: dict[bool, OrderedDict[Hashable, deque[asyncio.Future[None]]]] = {
            True: OrderedDict(),
            False: OrderedDict(),
        }
        self._running = {True: 0, False: 0}

    def waiting(self) -> int:
        """How many decisions wait for a slot."""
        return sum(len(turns) for tier in self._waiting.values() for turns in tier.values())

    def running(self, person: bool | None = None) -> int:
        """How many decisions hold a slot (of one tier, or of both)."""
        return sum(self._running.values()) if person is None else self._running[person]

    async def run(self, table: Hashable, person: bool, job: Callable[[], Awaitable[T]]) -> T:
        """Wait for ``table``'s turn (``person``: a person sits at it), then run ``job``
        holding a slot."""
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[person].setdefault(table, deque()).append(turn)
        self._dispatch()
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release(person)  # granted just as the waiter was cancelled
            else:
                self._forget(table, person, turn)
            raise
        try:
            return await job()
        finally:
            self._release(person)

    def _release(self, person: bool) -> None:
        self._running[person] -= 1
        self._dispatch()

    def _forget(self, table: Hashable, person: bool, turn: asyncio.Future[None]) -> None:
        tier = self._waiting[person]
        turns = tier.get(table)
        if turns is not None and turn in turns:
            turns.remove(turn)
            if not turns:
                del tier[table]

    def _dispatch(self) -> None:
        """Grant free slots to the next waiting decisions."""
        while self.running() < self.slots:
            if self._grant_next() is None:
                return

    def _grant_next(self) -> Hashable | None:
        """Let the next waiting decision run; its table, or ``None`` if none may."""
        for person in (True, False):
            if not person and self._running[False] >= self.bot_only_slots:
                return None
            tier = self._waiting[person]
            while tier:
                table, turns = next(iter(tier.items()))
                turn = turns.popleft()
                if turns:
                    tier.move_to_end(table)  # its next decision after the other tables'
                else:
                    del tier[table]
                if turn.done():  # its waiter was cancelled
                    continue
                self._running[person] += 1
                turn.set_result(None)
                return table
        return None
