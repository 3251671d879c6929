"""The lab's jobs: simulations, comparisons and tuning runs that a page asks the server to
play, persisted, bounded, cancellable and shareable by link.

A job is one worker process (``spawn``, :mod:`spieltisch.server.labwork`) that plays in a
single process, or as Ray tasks when the server was started with a Ray address. The event
loop only starts it, reads its progress from a pipe and writes the job's row
(:mod:`spieltisch.server.storage.jobs`) from one database thread.

- Limits: at most :attr:`LabLimits.jobs` jobs run at once on the server and
  :attr:`LabLimits.per_client` per client address; a job beyond them is refused with 429
  (``lab_busy``, ``lab_client_busy``), never queued. A job's size is bounded too
  (``lab_games_most``, ``lab_trials_most``).
- Restarts: a job's row says ``running`` until it ends. Its process beats a heartbeat into
  the row; a running job whose heartbeat is older than :attr:`LabLimits.stale` seconds
  (its server stopped or died) is taken over by a server process that starts it again from
  the beginning: the run is seeded, so its result is the one it would have had. A server
  that stops cleanly releases its jobs at once. After :attr:`LabLimits.restarts` such
  starts a job ends ``interrupted``.
- Owner: whoever created a job holds its token (shown once; the store keeps its hash) and
  may cancel it. The job itself, with its result, is readable by anyone with its id.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import multiprocessing
import os
import secrets
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, TypeVar

from spieltisch.bots import bot_specs_for
from spieltisch.core.errors import SpieltischError
from spieltisch.core.options import validate_options
from spieltisch.games import game_class, make_game
from spieltisch.server import labwork
from spieltisch.server.botplay import check_server_spec
from spieltisch.server.labsettings import LabLimits
from spieltisch.server.security import hash_token, new_token
from spieltisch.server.service import ServiceError, check_api_options, refuse
from spieltisch.server.storage.jobs import JobRow, JobStore, open_job_store
from spieltisch.sim.runner import SimulationError

T = TypeVar("T")
log = logging.getLogger("spieltisch.server.lab")

#: How often (seconds) a running job's pipe is read.
POLL_SECONDS = 0.1
#: The largest seed a job takes (as for tables).
SEED_MOST = 2**63 - 1
KINDS = ("simulate", "compare", "tune")


@dataclass(slots=True)
class Running:
    """A job this server process runs: its row, process and pipe."""

    row: JobRow
    process: BaseProcess
    pipe: Connection
    changed: bool = False
    task: asyncio.Task[None] | None = field(default=None, repr=False)


def client_key(address: str) -> str:
    """How a client is stored: a hash of its address (the store never holds addresses)."""
    return hashlib.sha256(address.encode()).hexdigest()[:32]


def _check_options(game_id: str, options: Mapping[str, Any], whole: bool = True) -> dict[str, Any]:
    """The game's full options from ``options`` (validated by its spec), or the refusal.
    ``whole=False`` checks each option alone, not whether the game takes them together
    (a tuning run varies some of them: each trial's set is checked by the tuner)."""
    check_api_options(game_id, options)
    if not whole:
        make_game(game_id)  # an unknown game
        return validate_options(game_id, game_class(game_id).spec.options, dict(options))
    return dict(make_game(game_id, dict(options)).options)


def check_job(kind: str, body: Mapping[str, Any], limits: LabLimits) -> tuple[dict[str, Any], int]:
    """The parameters of a job as it will run, and its total (games or trials); refuses
    (422, the errors of ``spieltisch simulate``/``tune``, 429/501 for the lab's own
    bounds) what cannot run."""
    try:
        return _check_job(kind, body, limits)
    except SpieltischError as error:
        raise ServiceError(422, error) from None


def _check_job(kind: str, body: Mapping[str, Any], limits: LabLimits) -> tuple[dict[str, Any], int]:
    game_id = body["game"]
    options = _check_options(game_id, body.get("options") or {}, whole=kind != "tune")
    game = make_game(game_id) if kind == "tune" else make_game(game_id, options)
    players = body["players"]
    game.spec.check_seats(players)
    games = body["games"]
    if games < 1:
        raise SimulationError(code="sim_games_count", games=games)
    seed = body.get("seed", 0)
    if not 0 <= seed <= SEED_MOST:
        raise refuse(422, "seed_range", seed=seed)
    given = body.get("bots", "random")
    bots = bot_specs_for(given.split(",") if isinstance(given, str) else given, players)
    for spec in bots:
        check_server_spec(spec, game)
    params: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": bots,
        "options": options,
    }
    if kind == "simulate":
        if games > limits.max_games:
            raise refuse(422, "lab_games_most", most=limits.max_games)
        return params, games
    if kind == "compare":
        if games > limits.max_games:
            raise refuse(422, "lab_games_most", most=limits.max_games)
        against = _check_options(game_id, body.get("against") or {})
        if against == options:
            raise SimulationError(code="sim_compare_same", key="rules")
        params["against"] = against
        return params, games
    return _check_tune(params, body, limits)


def _check_tune(
    params: dict[str, Any], body: Mapping[str, Any], limits: LabLimits
) -> tuple[dict[str, Any], int]:
    tune = labwork.tune_module()
    if tune is None:
        raise refuse(501, "lab_no_tuner")
    texts = [text for text in body.get("params") or [] if text.strip()]
    if not texts:
        raise refuse(422, "lab_tune_params")
    parsed = [tune.parse_param(text) for text in texts]
    trials = body.get("trials", 20)
    if not 1 <= trials <= limits.max_trials:
        raise refuse(422, "lab_trials_most", most=limits.max_trials, trials=trials)
    if trials * params["games"] > limits.max_tune_games:
        raise refuse(422, "lab_tune_games_most", most=limits.max_tune_games)
    objective = str(body.get("objective") or "seat-balance").strip()
    if hasattr(tune, "parse_objective"):
        tune.parse_objective(objective)
    searched = {getattr(param, "key", None) for param in parsed}
    fixed = labwork.fixed_options(params["game"], params["options"], searched)
    total = trials
    if hasattr(tune, "check_params"):
        specs = tune.check_params(params["game"], parsed, fixed)
        if hasattr(tune, "space_size"):  # a search space smaller than asked ends sooner
            total = min(trials, tune.space_size(parsed, specs, params["game"]))
    params.update(params=texts, objective=objective, trials=trials)
    return params, total


def public(row: JobRow) -> dict[str, Any]:
    """A job as anyone with its id may see it (no client, no token)."""
    return {
        "job": row.id,
        "kind": row.kind,
        "params": row.params,
        "state": row.state,
        "done": row.done,
        "total": row.total,
        "trials": row.trials,
        "result": row.result,
        "error": row.error,
        "created": row.created,
        "finished": row.finished,
        "restarts": row.restarts,
        "url": f"/lab?job={row.id}",
    }


class JobManager:
    """The lab's jobs of one server process (see the module's docstring)."""

    def __init__(self, open_store: Callable[[], JobStore], limits: LabLimits | None = None):
        self._open_store = open_store
        self.limits = limits or LabLimits()
        self._db = ThreadPoolExecutor(1, thread_name_prefix="spieltisch-jobs-db")
        self._store: JobStore | None = None
        self._running: dict[str, Running] = {}
        self._create_lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        self._report_lock = threading.Lock()
        #: This process's name in the job rows it runs.
        self.owner = secrets.token_hex(8)

    async def _call(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, function, *args)

    @property
    def store(self) -> JobStore:
        assert self._store is not None, "JobManager.start() first"
        return self._store

    async def start(self) -> None:
        """Open the store and take over every job a stopped server left running."""
        self._store = await self._call(self._open_store)
        await self._adopt()
        self._sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        """Stop every job of this process and release it, so that the next server start
        takes it over at once."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        for running in list(self._running.values()):
            if running.task is not None:
                running.task.cancel()
            self._end_process(running)
            running.row.seen = 0.0
            running.row.owner = ""
            await self._call(self.store.save, running.row)
        self._running.clear()
        if self._store is not None:
            await self._call(self._store.close)
        self._db.shutdown(wait=True)

    # -- creating and running -------------------------------------------------------------

    async def create(self, kind: str, body: Mapping[str, Any], address: str) -> tuple[JobRow, str]:
        """Check and start a job for the client at ``address``; its row and its token."""
        params, total = check_job(kind, body, self.limits)
        client = client_key(address)
        token = new_token()
        async with self._create_lock:
            now = time.time()
            row = JobRow(
                id=secrets.token_urlsafe(9),
                kind=kind,
                params=params,
                client=client,
                token_hash=hash_token(token),
                total=total,
                created=now,
                owner=self.owner,
                seen=now,
            )
            refused = await self._call(
                self.store.admit,
                row,
                now - self.limits.stale,
                self.limits.per_client,
                self.limits.jobs,
            )
            if refused == "lab_client_busy":
                raise refuse(429, "lab_client_busy", most=self.limits.per_client)
            if refused is not None:
                raise refuse(429, "lab_busy", most=self.limits.jobs)
        self._launch(row)
        return row, token

    def _launch(self, row: JobRow) -> None:
        context = multiprocessing.get_context("spawn")
        reader, writer = context.Pipe(duplex=False)
        process = context.Process(
            target=labwork.work,
            args=(row.kind, row.params, self.limits.ray_address, writer, os.getpid()),
            name=f"spieltisch-job-{row.id}",
            daemon=True,
        )
        process.start()
        writer.close()
        running = Running(row, process, reader)
        self._running[row.id] = running
        running.task = asyncio.create_task(self._watch(running))

    async def _watch(self, running: Running) -> None:
        """Read the job's pipe until it ends; store its progress now and then, its end at
        once."""
        row = running.row
        last_save = time.monotonic()
        while row.state == "running":
            self._read(running)
            if row.state != "running":
                break
            if time.monotonic() - last_save >= self.limits.stale / 5:
                last_save = time.monotonic()
                try:
                    if await self._cancelled_elsewhere(row):
                        self._end_process(running)
                        break
                    await self._beat(running)
                except Exception as error:  # the database: try again at the next beat
                    log.warning("lab job %s: cannot store its progress: %s", row.id, error)
            await asyncio.sleep(POLL_SECONDS)
        if row.state != "running":
            row.finished = row.finished or time.time()
            while True:  # the job has ended: its row must say so (it is kept in memory meanwhile)
                try:
                    await self._call(self.store.save, row)
                    break
                except Exception as error:
                    log.warning("lab job %s: cannot store its end: %s", row.id, error)
                    await asyncio.sleep(self.limits.stale / 5)
        self._running.pop(row.id, None)
        self._end_process(running)

    async def _beat(self, running: Running) -> None:
        """Store the job's progress if it changed, else only its heartbeat."""
        row = running.row
        row.seen = time.time()
        if running.changed:
            running.changed = False
            await self._call(self.store.save, row)
        else:
            await self._call(self.store.beat, [row.id], self.owner, row.seen)

    async def _cancelled_elsewhere(self, row: JobRow) -> bool:
        """Whether another server process cancelled the job in the store."""
        stored = await self._call(self.store.load, row.id)
        if stored is not None and stored.state == "cancelled":
            row.state, row.finished = "cancelled", stored.finished
            return True
        return False

    def _read(self, running: Running) -> None:
        """Take every message waiting in the pipe; notice a process that died."""
        row = running.row
        try:
            while running.pipe.poll():
                kind, data = running.pipe.recv()
                running.changed = True
                if kind == "progress":
                    row.done = int(data)
                elif kind == "trial":
                    row.trials.append(data)
                    row.done = len(row.trials)
                elif kind == "done":
                    row.state, row.result = "done", data
                    row.done = row.total
                    return
                elif kind == "failed":
                    row.state, row.error = "failed", data
                    return
        except (EOFError, OSError):
            pass
        if not running.process.is_alive() and not _has_data(running.pipe):
            row.state = "failed"
            row.error = refuse(500, "lab_job_died").body()

    def _end_process(self, running: Running) -> None:
        if running.process.is_alive():
            running.process.terminate()
            running.process.join(2)
            if running.process.is_alive():
                running.process.kill()
                running.process.join(2)
        running.pipe.close()

    async def _adopt(self) -> None:
        """Start again every running job whose server is gone (no heartbeat for
        ``stale`` seconds, or released by a clean stop)."""
        now = time.time()
        for row in await self._call(self.store.active):
            if row.id in self._running or row.seen >= now - self.limits.stale:
                continue
            if not await self._call(
                self.store.claim, row.id, self.owner, now, now - self.limits.stale
            ):
                continue
            row.owner, row.seen = self.owner, now
            if row.restarts >= self.limits.restarts:
                row.state, row.finished = "interrupted", now
                row.error = refuse(409, "lab_interrupted", restarts=row.restarts).body()
                await self._call(self.store.save, row)
                continue
            row.restarts += 1
            row.done, row.trials = 0, []
            await self._call(self.store.save, row)
            self._launch(row)

    async def _sweep(self) -> None:
        """Now and then, take over jobs another server process lost."""
        while True:
            await asyncio.sleep(self.limits.stale)
            try:
                await self._adopt()
            except Exception:  # a database hiccup: try again at the next sweep
                continue

    # -- reading, cancelling, reports -----------------------------------------------------

    async def get(self, job_id: str) -> JobRow:
        running = self._running.get(job_id)
        if running is not None:
            return running.row
        row = await self._call(self.store.load, job_id)
        if row is None:
            raise refuse(404, "lab_no_job", job=job_id)
        return row

    async def cancel(self, job_id: str, token: str | None) -> JobRow:
        """Stop a running job for the holder of its token; a job that has ended stays as
        it is (cancelling it again changes nothing)."""
        row = await self.get(job_id)
        if token is None or not secrets.compare_digest(hash_token(token), row.token_hash):
            raise refuse(403, "lab_bad_token")
        if row.state != "running":
            return row
        running = self._running.get(job_id)
        row.state, row.finished = "cancelled", time.time()
        if running is not None and running.task is not None:
            running.task.cancel()
            self._running.pop(job_id, None)
            self._end_process(running)
        await self._call(self.store.save, row)
        return row

    async def report(self, job_id: str) -> bytes:
        """The finished job's report as a zip: ``index.html`` and its PNG plots."""
        row = await self.get(job_id)
        if row.state != "done" or row.result is None:
            raise refuse(409, "lab_not_done", state=row.state)
        return await asyncio.to_thread(self._zip_report, row)

    def _zip_report(self, row: JobRow) -> bytes:
        with self._report_lock, tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / f"spieltisch-{row.id}"
            assert row.result is not None
            if row.kind == "tune":
                tune = labwork.tune_module()
                if tune is None:
                    raise refuse(501, "lab_no_tuner")
                tune.write_tune_report(row.result, out)
            else:
                from spieltisch.sim.report import write_report

                write_report(row.result, out, command_of(row))
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in sorted(out.rglob("*")):
                    if path.is_file():
                        archive.write(path, path.relative_to(folder).as_posix())
            return buffer.getvalue()


def command_of(row: JobRow) -> str:
    """What made the report: the command that plays the same games, or the lab job."""
    p = row.params
    if row.kind != "simulate":
        return f"Spieltisch lab, job {row.id} ({row.kind})"
    options = [f"--option {key}={value}" for key, value in p["options"].items()]
    return " ".join(
        [
            f"spieltisch report {p['game']} --players {p['players']} --games {p['games']}",
            f"--seed {p['seed']} --bots {','.join(p['bots'])}",
            *options,
        ]
    )


def _has_data(pipe: Connection) -> bool:
    try:
        return pipe.poll()
    except (EOFError, OSError):
        return False


def open_jobs(db: str, limits: LabLimits | None = None) -> JobManager:
    """The job manager on the database ``db`` (a SQLite path or ``postgresql://`` URL)."""
    return JobManager(lambda: open_job_store(db), limits)
