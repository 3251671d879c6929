"""The API's routers, one module per area."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from starlette.requests import HTTPConnection

from spieltisch.server.service import TableManager


def manager(connection: HTTPConnection) -> TableManager:
    """The app's table manager (a FastAPI dependency for HTTP and WebSocket routes)."""
    tables: TableManager = connection.app.state.tables
    return tables


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


_MEANINGS = {
    403: "the token belongs to no seat of this table, or a spectator tried to act",
    404: "no such table",
    409: "not this seat's turn, an illegal or stale action, or the game is (not yet) over",
    413: "the request is larger than the server accepts",
    422: "malformed input: the message says what is allowed",
    503: "the action could not be stored; nothing changed",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the error answers ``codes``, each ``{"error": "..."}``."""
    from spieltisch.server.schemas import Error

    return {code: {"model": Error, "description": _MEANINGS[code]} for code in codes}
