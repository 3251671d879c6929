"""Limits on what a client sends: request bodies are read up to a size and must be JSON of
a bounded depth before any route sees them; WebSocket messages are read the same way."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spieltisch.server.defaults import BODY_TIMEOUT
from spieltisch.server.service import refuse

#: Bytes a request body may have; a transcript to replay may be larger.
DEFAULT_LIMIT = 16 * 1024
LIMITS = {"/api/replay": 1024 * 1024}
#: How deeply arrays and objects may nest in a body or message (a transcript needs 5).
MAX_DEPTH = 32


class NotJson(ValueError):
    """A body or message that is not JSON, or nests deeper than :data:`MAX_DEPTH`."""


def read_json(raw: bytes | str) -> Any:
    """``raw`` as JSON (numbers beyond 64 bits become floats); :class:`NotJson` with the
    reason otherwise. The parser never recurses without bound, whatever the input."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        raise NotJson(str(error)) from None
    if _depth_over(data, MAX_DEPTH):
        raise NotJson(f"depth limit exceeded: arrays and objects nest at most {MAX_DEPTH} deep")
    return data


def _depth_over(data: Any, most: int) -> bool:
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict | list):
            if depth > most:
                return True
            items = value.values() if isinstance(value, dict) else value
            pending.extend((item, depth + 1) for item in items)
    return False


class BodyLimit:
    """Reads an HTTP request's body up to its path's limit, or answers 413; a body that is
    not JSON (:func:`read_json`) is answered 422 ``not_json``; one that has not arrived in
    full within ``timeout`` seconds, 408 ``request_timeout`` (a client trickling a body
    byte by byte holds no connection for long)."""

    def __init__(self, app: ASGIApp, timeout: float = BODY_TIMEOUT) -> None:
        self.app = app
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit = LIMITS.get(scope["path"], DEFAULT_LIMIT)
        body = bytearray()
        more = True
        try:
            async with asyncio.timeout(self.timeout):
                while more:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return
                    body += message.get("body", b"")
                    more = message.get("more_body", False)
                    if len(body) > limit:
                        await _refuse(send, 413, "request_too_large", limit=limit)
                        return
        except TimeoutError:
            await _refuse(send, 408, "request_timeout", seconds=self.timeout)
            return
        if body:
            try:
                read_json(bytes(body))
            except NotJson as error:
                await _refuse(send, 422, "not_json", reason=str(error))
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _refuse(send: Send, status: int, code: str, **params: Any) -> None:
    body = json.dumps(refuse(status, code, **params).body()).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
