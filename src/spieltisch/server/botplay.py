"""Bot seats on the server: decisions run off the event loop.

A bot decides from its seat's view and legal actions only, like everywhere in Spieltisch.
Quick bots (``random``, ``heuristic``) decide in a small thread pool; search bots
(``ismcts``), which hold the CPU for as long as their budget says, decide in a process
pool so that they never stall the event loop or, through the GIL, other tables. The worker
rebuilds the game from its id and options, so only the view and the legal actions (frozen
dataclasses) cross the process boundary.

Each decision is seeded from the table's seed, the seat and the number of actions so far,
so a restarted server asks a bot the same question with the same seed.
"""

from __future__ import annotations

import asyncio
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

from spieltisch.bots import make_bot, parse_spec
from spieltisch.core.descriptor import GENERAL_PRESETS
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game, View
from spieltisch.games import descriptor, make_game

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
    """The action the bot ``spec`` (seeded with ``seed``) chooses; runs in a worker."""
    game = _game(game_id, options)
    bot = make_bot(spec, game, seed)
    return bot.act(view if bot.wants_view else None, legal)


class BotPool:
    """Where bot decisions run: threads for quick bots, processes for search."""

    def __init__(self, threads: int = 2, processes: int = 2) -> None:
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="spieltisch-bot")
        self._process_count = processes
        self._processes: ProcessPoolExecutor | None = None

    def _executor(self, spec: str) -> Executor:
        if parse_spec(spec)[0] != "ismcts":
            return self._threads
        if self._processes is None:
            context = multiprocessing.get_context("spawn")
            self._processes = ProcessPoolExecutor(
                self._process_count,
                mp_context=context,
                initializer=_watch_parent,
                initargs=(os.getpid(),),
            )
        return self._processes

    async def decide(
        self,
        game: Game[Any, Any, Any],
        spec: str,
        seed: int,
        view: View,
        legal: Sequence[Any],
    ) -> Any:
        options = json.dumps(game.options, sort_keys=True)
        loop = asyncio.get_running_loop()
        executor = self._executor(spec)
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
