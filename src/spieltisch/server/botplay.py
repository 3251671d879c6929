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
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game, View
from spieltisch.games import make_game

#: The largest search budgets a table may ask for (a server serves many tables).
MAX_ISMCTS_SECONDS = 10.0
MAX_ISMCTS_SIMS = 20_000

#: Bot specs offered to people creating a table, for every game (any other valid spec works
#: too), weakest first; each game adds its strongest search (:func:`presets_for`). The plain
#: searches play their simulations out at random: they lost to the heuristic in every game
#: measured (docs/performance.md, "Paired runs"), so their names say so.
PRESETS: tuple[tuple[str, str, str], ...] = (
    ("random", "Zufall (Anfänger)", "random (beginner)"),
    (
        "ismcts:time=0.5",
        "Suche ohne Heuristik (0,5 s, schwächer als die Heuristik)",
        "search without heuristic (0.5 s, weaker than the heuristic)",
    ),
    (
        "ismcts:time=2",
        "Suche ohne Heuristik (2 s, schwächer als die Heuristik)",
        "search without heuristic (2 s, weaker than the heuristic)",
    ),
    ("heuristic", "Heuristik (stark)", "heuristic (strong)"),
)

#: The search that does best at about a second per move (docs/bots.md): the heuristic
#: improved by knockouts of its best moves, judged by heuristic games played on.
STRONG_SEARCH = "ismcts:time=1:rollout=heuristic:opponents=heuristic:root=halving:tree=root"
#: Each game's own settings, as in the tournaments of docs/performance.md: only the
#: heuristic's ``top`` best moves enter the knockout where a turn can begin in many ways.
#: Triggs games are long, so its playouts stop after 24 actions (about two rounds), at the
#: next point where the bot is about to begin a turn (``cut=round``: every seat has had as
#: many turns), and are judged by the score so far. In Cento and Missionszahl the
#: heuristic's move is nearly always as good as its rivals, and a knockout's winner is often
#: only the luckiest, so the bot leaves the heuristic's move only on clear evidence
#: (``switch=1``; docs/performance.md, "How much a decision can still gain"). In Dicht dran
#: the cards the others have already laid face down are laid again by their models in every
#: deal (``facedown=model``): dealt at random, they made the bot think a card that wins one
#: round in twenty won every second one (docs/performance.md, "calibration and ceilings").
STRONG_SEARCH_BY_GAME = {
    "dicht-dran": STRONG_SEARCH + ":facedown=model",
    "triggs": STRONG_SEARCH + ":top=4:horizon=24:cut=round",
    "cento": STRONG_SEARCH + ":top=6:switch=1",
    "missionszahl": STRONG_SEARCH + ":top=5:switch=1",
}


def presets_for(game_id: str) -> list[tuple[str, str, str]]:
    """The bot presets offered for ``game_id``: the general ones, then its strongest search."""
    spec = STRONG_SEARCH_BY_GAME.get(game_id, STRONG_SEARCH)
    names = ("Suche mit Heuristik (1 s, am stärksten)", "search with heuristic (1 s, strongest)")
    return [*PRESETS, (spec, *names)]


def check_server_spec(spec: str, game: Game[Any, Any, Any]) -> None:
    """Raise :class:`BotSpecError` unless ``spec`` is a bot for ``game`` within the server's
    budget limits."""
    name, params = parse_spec(spec)
    make_bot(spec, game, 0)  # checks the parameters for this game
    if name == "ismcts":
        if float(params.get("time", 0)) > MAX_ISMCTS_SECONDS:
            raise BotSpecError(f"ismcts time is at most {MAX_ISMCTS_SECONDS:g} s on the server")
        if int(params.get("sims", 0)) > MAX_ISMCTS_SIMS:
            raise BotSpecError(f"ismcts sims is at most {MAX_ISMCTS_SIMS} on the server")


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
