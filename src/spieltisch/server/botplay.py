"""Bot seats on the server: decisions run off the event loop.

A bot decides from its seat's view and legal actions only, like everywhere in Spieltisch.
Quick bots (``random``, ``heuristic``) decide in a small thread pool; search bots
(``ismcts``), which hold the CPU for as long as their budget says, decide in a process
pool so that they never stall the event loop or, through the GIL, other tables. The worker
rebuilds the game from its id and options, so only the view and the legal actions (frozen
dataclasses) cross the process boundary.

Search decisions wait for a worker in a :class:`~spieltisch.server.botqueue.FairQueue`
(tables where a person sits first, then the tables in turn), and each one stops at the
server's cap on the wall time of a decision (:attr:`BotLimits.move_seconds`), even before
its ``sims`` are done.

Each decision is seeded from the table's seed, the seat and the number of actions so far,
so a restarted server asks a bot the same question with the same seed. A search that the
cap cuts short is still seeded, but where it stopped depends on the machine's speed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import multiprocessing
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from typing import Any

from spieltisch.bots import IsmctsBot, make_bot, parse_spec
from spieltisch.core.descriptor import GENERAL_PRESETS
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game, View
from spieltisch.games import descriptor, make_game
from spieltisch.server.botqueue import BotLimits, FairQueue

#: The largest search budgets a table may ask for (a server serves many tables).
MAX_ISMCTS_SECONDS = 10.0
MAX_ISMCTS_SIMS = 20_000

#: Bot specs offered to people creating a table, for every game (any other valid spec works
#: too), weakest first, as ``(spec, name_de, name_en)``; each game adds its strongest search
#: (:func:`presets_for`).
PRESETS: tuple[tuple[str, str, str], ...] = tuple(
    (preset.spec, preset.name_de, preset.name_en) for preset in GENERAL_PRESETS
)


def presets_for(game_id: str) -> list[tuple[str, str, str]]:
    """The bot presets offered for ``game_id``, weakest first, from its descriptor: the
    general ones, then its strongest search."""
    return [(preset.spec, preset.name_de, preset.name_en) for preset in descriptor(game_id).presets]


def check_server_spec(spec: str, game: Game[Any, Any, Any]) -> None:
    """Raise :class:`BotSpecError` unless ``spec`` is a bot for ``game`` within the server's
    budget limits."""
    name, params = parse_spec(spec)
    make_bot(spec, game, 0)  # checks the parameters for this game
    if name == "ismcts":
        if float(params.get("time", 0)) > MAX_ISMCTS_SECONDS:
            raise BotSpecError(code="server_search_time", most=MAX_ISMCTS_SECONDS)
        if int(params.get("sims", 0)) > MAX_ISMCTS_SIMS:
            raise BotSpecError(code="server_search_sims", most=MAX_ISMCTS_SIMS)


@lru_cache(maxsize=64)
def _game(game_id: str, options: str) -> Game[Any, Any, Any]:
    return make_game(game_id, json.loads(options))


#: In a worker: the cap on the wall time of one decision, in seconds (``None``: none).
_move_seconds: float | None = None


def _start_worker(parent: int, move_seconds: float | None) -> None:
    """A new worker: note the cap on a decision's wall time and watch the server."""
    global _move_seconds
    _move_seconds = move_seconds
    _watch_parent(parent)


def _watch_parent(parent: int) -> None:
    """In a worker: exit as soon as the server process ``parent`` is gone, even after
    SIGKILL (the worker would otherwise wait for work forever). The pid comes from the
    server: it may die while the worker is still starting."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="spieltisch-parent-watch", daemon=True).start()


def decide(
    game_id: str, options: str, spec: str, seed: int, view: View, legal: Sequence[Any]
) -> Any:
    """The action the bot ``spec`` (seeded with ``seed``) chooses; runs in a worker. A
    search stops at the worker's cap on the wall time of a decision, counted from here."""
    start = time.perf_counter()
    game = _game(game_id, options)
    bot = make_bot(spec, game, seed)
    if _move_seconds is not None and isinstance(bot, IsmctsBot):
        bot.deadline = start + _move_seconds
    return bot.act(view if bot.wants_view else None, legal)


class BotPool:
    """Where bot decisions run: threads for quick bots, processes for search (through a
    fair queue, each decision capped in wall time by ``limits``)."""

    def __init__(
        self, threads: int = 2, processes: int | None = None, limits: BotLimits | None = None
    ) -> None:
        limits = limits or BotLimits()
        if processes is not None:
            limits = dataclasses.replace(limits, processes=processes)
        self.limits = limits
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="spieltisch-bot")
        self._process_count = limits.processes
        self._processes: ProcessPoolExecutor | None = None
        #: The search decisions waiting for a worker, and those running.
        self.queue = FairQueue(limits.processes)

    def _executor(self, spec: str) -> Executor:
        if parse_spec(spec)[0] != "ismcts":
            return self._threads
        if self._processes is None:
            context = multiprocessing.get_context("spawn")
            self._processes = ProcessPoolExecutor(
                self._process_count,
                mp_context=context,
                initializer=_start_worker,
                initargs=(os.getpid(), self.limits.move_seconds),
            )
        return self._processes

    async def decide(
        self,
        game: Game[Any, Any, Any],
        spec: str,
        seed: int,
        view: View,
        legal: Sequence[Any],
        *,
        table: str = "",
        person: bool = True,
    ) -> Any:
        """The bot's decision; a search waits for its turn in the queue, as a decision of
        ``table`` (``person``: a person sits there)."""
        if parse_spec(spec)[0] != "ismcts":
            return await self._run(self._threads, game, spec, seed, view, legal)
        return await self.queue.run(
            table,
            person,
            lambda: self._run(self._executor(spec), game, spec, seed, view, legal),
        )

    async def _run(
        self,
        executor: Executor,
        game: Game[Any, Any, Any],
        spec: str,
        seed: int,
        view: View,
        legal: Sequence[Any],
    ) -> Any:
        options = json.dumps(game.options, sort_keys=True)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                executor, decide, game.spec.id, options, spec, seed, view, list(legal)
            )
        except BrokenProcessPool:
            # A worker died (killed, out of memory): the pool is unusable for good, so the
            # next decision starts a fresh one.
            if self._processes is executor:
                self._processes = None
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def shutdown(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
