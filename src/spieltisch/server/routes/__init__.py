"""The API's routers, one module per area."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from starlette.requests import HTTPConnection

from spieltisch.server.service import TableManager


async def manager(connection: HTTPConnection) -> TableManager:
    """The app's table manager (a FastAPI dependency for HTTP and WebSocket routes; a
    coroutine, so that FastAPI does not run it on a worker thread for every request)."""
    tables: TableManager = connection.app.state.tables
    return tables


def base_url(request: Request) -> str:
    """Where this server's pages are, for the links it hands out (invites, playing again,
    QR codes), without a trailing slash: the ``public_url`` it was given, else the address
    the request came in on (the server's own socket address, ``scope["server"]``). Never
    the request's ``Host`` header: a client could name any host there."""
    public: str | None = request.app.state.public_url
    if public is not None:
        return public
    scheme = "https" if request.url.scheme in ("https", "wss") else "http"
    server = request.scope.get("server")
    if not server:
        return f"{scheme}://localhost"
    host, port = server[0], server[1]
    if ":" in str(host):
        host = f"[{host}]"
    if port is None or (scheme, port) in (("http", 80), ("https", 443)):
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


_MEANINGS = {
    403: "the token belongs to no seat of this table, or a spectator tried to act",
    404: "no such table",
    409: "not this seat's turn, an illegal or stale action, or the game is (not yet) over",
    408: "the request body did not arrive in time",
    413: "the request is larger than the server accepts",
    422: "malformed input: the message says what is allowed",
    429: "too many tables opened from this address in the last minute (see Retry-After)",
    503: "the action could not be stored; nothing changed",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the error answers ``codes``, each ``{"error": "..."}``."""
    from spieltisch.server.schemas import Error

    return {code: {"model": Error, "description": _MEANINGS[code]} for code in codes}
