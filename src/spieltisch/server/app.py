"""The ASGI application: wires the routers, the error format, the size limit and the
static UI to one :class:`TableManager`."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from spieltisch import __version__
from spieltisch.server.botplay import BotPool
from spieltisch.server.botqueue import BotLimits
from spieltisch.server.clients import ClientGate, ClientLimits, RefuseAgain, retry_after
from spieltisch.server.collection import collect_garbage
from spieltisch.server.defaults import BODY_TIMEOUT
from spieltisch.server.jobs import open_jobs
from spieltisch.server.labsettings import LabLimits
from spieltisch.server.lease import LEASE_SECONDS
from spieltisch.server.limits import BodyLimit
from spieltisch.server.routes import games, lab, replay, tables, words, ws
from spieltisch.server.routes.ws import SocketLimits
from spieltisch.server.seating import ARCHIVE_AFTER, AWAY_AFTER
from spieltisch.server.service import ServiceError, TableManager, refuse
from spieltisch.server.sharedlimits import SharedStore
from spieltisch.server.storage import open_storage

DESCRIPTION = """
Play Spieltisch games at shared tables: people through their seat's secret token (HTTP or
WebSocket), bots on the server. Every answer to a seat holds only that seat's view.
Errors are `{"error": "...", "code": "...", "params": {...}}` with a 4xx status; `GET
/api/errors/words` words every code in German and English. See docs/server.md.

**WebSocket** `/ws/tables/{id}?token=T&since=SEQ&lang=en` (no token: a spectator).
Server → client: `{"type": "state", ...the seat state as in GET /api/tables/{id}...,
"ack": [ids]}` on connecting (with the events after `since`) and whenever the table
changes; `{"type": "error", "error": "...", "id": ...}` for a refused message (the
connection stays open). Client → server: `{"type": "action", "action": {...}, "step": N,
"id": X}` (`step`, `id` optional; a state naming `id` in `ack` is the first to include the
action). A bad token, table or query: an error message, then close code 4403, 4404 or 4422.
"""


def create_app(
    db: str = "spieltisch-tables.sqlite3",
    away_after: float = AWAY_AFTER,
    socket_limits: SocketLimits | None = None,
    bot_limits: BotLimits | None = None,
    lab_limits: LabLimits | None = None,
    client_limits: ClientLimits | None = None,
    public_url: str | None = None,
    body_timeout: float = BODY_TIMEOUT,
    archive_after: float = ARCHIVE_AFTER,
    lease_seconds: float = LEASE_SECONDS,
    limits_store: SharedStore | None = None,
    collect_every: float | None = None,
) -> FastAPI:
    """The server for the store at ``db`` (a SQLite path, which this process then serves
    alone, or a ``postgresql://…`` URL, which any number of processes may share); a bot
    plays for the seat to act whose person has had no connection for ``away_after`` s; an
    unfinished table nobody uses leaves memory after ``archive_after`` s; a process that
    dies leaves its tables' bots to another after ``lease_seconds``; each WebSocket
    connection is bounded by ``socket_limits``, the bots by ``bot_limits`` (a cap on each
    decision's wall time, how many all-bot tables may play), the lab's jobs by
    ``lab_limits``, each client (an address) by ``client_limits`` (``None``: not at all;
    ``spieltisch serve`` sets them), counted in ``limits_store`` for every process that
    shares it (``None``: in this process alone); links point to ``public_url`` (``https://host[:port]``;
    ``None``: the address a request came in on); a request body must arrive within
    ``body_timeout`` s; a full garbage collection runs every ``collect_every`` s, less often
    when slow (:mod:`spieltisch.server.collection`; ``None``: only the interpreter's own)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager = TableManager(
            lambda: open_storage(db, exclusive=True),
            bots=BotPool(limits=bot_limits),
            away_after=away_after,
            archive_after=archive_after,
            lease_seconds=lease_seconds,
        )
        await manager.start()
        app.state.tables = manager
        jobs = open_jobs(db, lab_limits)
        await jobs.start()
        app.state.jobs = jobs
        gate: ClientGate = app.state.clients
        await gate.start()
        every = app.state.collect_every
        collector = asyncio.create_task(collect_garbage(every)) if every else None
        try:
            yield
        finally:
            if collector is not None:
                collector.cancel()
            await gate.stop()
            await jobs.stop()
            await manager.stop()

    app = FastAPI(
        title="Spieltisch", version=__version__, description=DESCRIPTION, lifespan=lifespan
    )
    app.state.socket_limits = socket_limits or SocketLimits()
    app.state.clients = ClientGate(client_limits or ClientLimits.none(), store=limits_store)
    app.state.public_url = public_url.rstrip("/") if public_url else None
    app.state.collect_every = collect_every
    for router in (games.router, tables.router, replay.router, words.router, ws.router, lab.router):
        app.include_router(router)
    app.add_exception_handler(ServiceError, _service_error)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _validation_error)  # type: ignore[arg-type]
    app.add_middleware(BodyLimit, timeout=body_timeout)
    app.add_middleware(RefuseAgain)  # outermost: before the body is read
    static = Path(str(resources.files("spieltisch.server").joinpath("static")))
    if (static / "index.html").is_file():
        app.mount("/", StaticFiles(directory=static, html=True), name="static")
    return app


async def _service_error(request: Request, error: ServiceError) -> JSONResponse:
    return JSONResponse(error.body(), status_code=error.status, headers=retry_after(error))


async def _http_error(request: Request, error: HTTPException) -> JSONResponse:
    body = {"error": str(error.detail), "code": "http_error", "params": {"detail": error.detail}}
    return JSONResponse(body, status_code=error.status_code)


async def _validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
    refusal = refuse(422, "request_invalid", where=where)
    refusal.message = f"{where}: {first.get('msg', 'invalid')}"
    return JSONResponse(refusal.body(), status_code=422)
