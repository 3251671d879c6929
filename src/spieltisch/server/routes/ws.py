"""``WS /ws/tables/{id}``: a seat's state pushed as it changes, actions sent back.

Server → client: ``{"type": "state", ...seat state..., "ack": [...]}`` after connecting
and whenever the table changes (with the events and the frames since the last message),
``{"type": "error", "error": "...", "id": ...}`` for a refused message. Client → server:
``{"type": "action", "action": {...}, "step": N?, "id": ...?}``. The first state that includes an
action lists its ``id`` (if the client gave one) in ``ack``. A refused message changes
nothing and the connection stays open.

A client opening sockets faster than its ``connect_rate`` (:class:`ClientLimits`) waits
for the handshake, and is answered HTTP 429 instead when it would wait too long.

Bounds (:class:`SocketLimits`): the server reads at most ``rate`` messages a second from a
socket (after a burst of ``burst``), and from all sockets of one client together at most
the client's ``message_rate`` (:class:`ClientLimits`): a faster client waits, its
messages held back by the network, not by the server's memory. A client that does not read
what it is sent (one send waits longer than ``send_timeout`` s, or ``pending_errors``
refusals wait unsent that long) is told ``not_reading`` and closed with 1008; while
``pending_errors`` refusals wait, nothing more is read from it. States are never
queued: a connection is sent the latest state once it can take it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from spieltisch.server import defaults
from spieltisch.server.clients import ClientGate, request_key, retry_after
from spieltisch.server.limits import NotJson, read_json
from spieltisch.server.routes import manager
from spieltisch.server.schemas import LANGS
from spieltisch.server.service import Listener, ServiceError, Table, TableManager, refuse

router = APIRouter(tags=["websocket"])

#: The largest message a client may send, in bytes.
MAX_MESSAGE = 16 * 1024


@dataclass(frozen=True)
class SocketLimits:
    """What one WebSocket connection may cost the server (``spieltisch serve`` options)."""

    #: Messages a second read from a client on average, and at once after a quiet time.
    rate: float = defaults.SOCKET_RATE
    burst: int = defaults.SOCKET_BURST
    #: Seconds one send may wait for the client to read before the client is closed.
    send_timeout: float = defaults.SEND_TIMEOUT
    #: Refusals that may wait unsent; then nothing is read until they go out, and a client
    #: whose refusals wait ``send_timeout`` is closed as not reading.
    pending_errors: int = defaults.PENDING_ERRORS


class Closing(Exception):
    """The server ends a connection with ``code``, telling the client ``error``."""

    def __init__(self, code: int, error: ServiceError) -> None:
        super().__init__(error.message)
        self.code = code
        self.error = error


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket, table_id: str, tables: Annotated[TableManager, Depends(manager)]
) -> None:
    """Push a seat's state (a spectator's without a token) and take its actions.

    Query: ``token`` (none: a spectator), ``since`` (the last event seen, default 0) and
    ``lang`` (``de`` or ``en``); they are read here so that a bad one is answered with an
    error message like everything else.
    """
    gate: ClientGate = websocket.app.state.clients
    client = gate.client(websocket)
    try:
        wait = gate.connect_wait(client)
    except ServiceError as error:
        await _deny(websocket, error)
        return
    if wait > 0:  # a client opening sockets faster than --connect-rate: its turn
        await asyncio.sleep(wait)
    await websocket.accept()
    async with contextlib.AsyncExitStack() as held:
        try:
            token, since, lang = _query(websocket)
            table = await tables.get(table_id)
            seat = tables.seat_of(table, token)
            await held.enter_async_context(
                gate.socket(client, table.id, seat, request_key(websocket.scope))
            )
        except ServiceError as error:
            # a refused client may be gone already (a flooder connecting in a loop)
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await websocket.send_json({"type": "error", **error.body()})
                await websocket.close(code=4000 + error.status, reason=error.code or "")
            return
        await _serve(websocket, tables, table, Listener(seat, lang, since, token), client)


async def _deny(websocket: WebSocket, error: ServiceError) -> None:
    """Refuse a WebSocket before its handshake: an HTTP answer with the refusal's
    ``{"error", "code", "params"}`` (and ``Retry-After``), or close 4000 + status where
    the server cannot answer so."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            answer = JSONResponse(error.body(), error.status, headers=retry_after(error))
            await websocket.send_denial_response(answer)
        else:
            await websocket.close(code=4000 + error.status, reason=error.code or "")


async def _serve(
    websocket: WebSocket, tables: TableManager, table: Table, listener: Listener, client: str
) -> None:
    """Push the listener's states and take its actions until either side ends."""
    if listener.seat is None:
        listener.token = None
    limits: SocketLimits = websocket.app.state.socket_limits
    tables.listen(table, listener)
    sender = asyncio.create_task(_push(websocket, tables, table, listener, limits))
    receiver = asyncio.create_task(_receive(websocket, tables, table, listener, limits, client))
    try:
        await asyncio.wait((sender, receiver), return_when=asyncio.FIRST_COMPLETED)
    finally:
        tables.unlisten(table, listener)
        for task in (sender, receiver):
            task.cancel()
            with contextlib.suppress(
                asyncio.CancelledError, Closing, WebSocketDisconnect, RuntimeError, OSError
            ):
                await task
    for task in (sender, receiver):
        closing = None if task.cancelled() else task.exception()
        if isinstance(closing, Closing):
            await _close(websocket, closing, limits)
            return


async def _close(websocket: WebSocket, closing: Closing, limits: SocketLimits) -> None:
    """Tell the client why, then close; a client that does not read gets the close frame
    after what it has not read, and is cut off if that does not go out in time."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, TimeoutError, OSError):
        async with asyncio.timeout(limits.send_timeout):
            await websocket.send_text(json.dumps({"type": "error", **closing.error.body()}))
            await websocket.close(code=closing.code)


def _query(websocket: WebSocket) -> tuple[str | None, int, str]:
    query = websocket.query_params
    lang = query.get("lang", "en")
    if lang not in LANGS:
        raise refuse(422, "bad_lang", langs=", ".join(LANGS), lang=lang)
    since = query.get("since", "0")
    if not (since.isascii() and since.isdigit() and len(since) <= 18):
        raise refuse(422, "bad_since", since=since)
    return query.get("token"), int(since), lang


async def _push(
    websocket: WebSocket,
    tables: TableManager,
    table: Table,
    listener: Listener,
    limits: SocketLimits,
) -> None:
    """Send errors as they come and the seat's current state whenever the table changed;
    several changes between two sends become one state with all their events and frames.
    :class:`Closing` (1008) when the client does not take a send within ``send_timeout``."""

    async def send(text: str) -> None:
        try:
            async with asyncio.timeout(limits.send_timeout):
                await websocket.send_text(text)
        except TimeoutError:
            raise Closing(1008, refuse(408, "not_reading")) from None

    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            await listener.wake.wait()
            listener.wake.clear()
            if listener.closing is not None:
                code, close_code = listener.closing_code
                closing = {"type": "error", "error": listener.closing, "code": code, "params": {}}
                await send(json.dumps(closing))
                await websocket.close(code=close_code, reason=code)
                return
            while listener.errors:
                await send(json.dumps(listener.errors.pop(0)))
                listener.drained.set()
            if listener.dirty:
                listener.dirty = False
                state = tables.seat_state(
                    table,
                    listener.seat,
                    listener.lang,
                    listener.since,
                    listener.step,
                    listener.token,
                )
                acks, listener.acks = listener.acks, []
                listener.since = table.last_seq
                listener.step = state["step"]
                message = {"type": "state", **state, "ack": acks}
                await send(orjson.dumps(message).decode())


async def _receive(
    websocket: WebSocket,
    tables: TableManager,
    table: Table,
    listener: Listener,
    limits: SocketLimits,
    client: str,
) -> None:
    """Take the client's messages, at most ``rate`` a second on this socket and at most its
    share of the client's ``message_rate`` over all its sockets, and nothing while
    ``pending_errors`` refusals wait unsent (:class:`Closing`, 1008, if they wait
    ``send_timeout``)."""
    gate: ClientGate = websocket.app.state.clients
    allowance, last = float(limits.burst), time.monotonic()
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        now = time.monotonic()
        allowance = min(float(limits.burst), allowance + (now - last) * limits.rate) - 1
        last = now
        # over a rate: read nothing more until the client is within it
        pause = max(-allowance / limits.rate, await gate.message_wait(client))
        if pause > 0:
            await asyncio.sleep(pause)
        if listener.errors:
            await asyncio.sleep(0)  # the push task sends them, unless the client does not read
        if len(listener.errors) >= limits.pending_errors:
            await _wait_for_reading(listener, limits)
        raw = message.get("text")
        data = _parse(message.get("bytes") or b"" if raw is None else raw)
        action_id = data.get("id") if isinstance(data, dict) else None
        try:
            step = _check(data)
            await tables.act(table, listener.seat, data["action"], step)
        except ServiceError as error:
            listener.error({"type": "error", **error.body(), "id": _echoed(action_id)})
            # junk costs a refusal each: after the client's refusal burst, it waits
            pause = gate.refusal_wait(client)
            if pause > 0:
                await asyncio.sleep(pause)
        else:
            if action_id is not None:
                listener.acknowledge(action_id)


async def _wait_for_reading(listener: Listener, limits: SocketLimits) -> None:
    """Read nothing more while ``pending_errors`` refusals wait unsent: a client that sends
    faster than its refusals go out waits for them; :class:`Closing` (1008) if they do not
    go out within ``send_timeout`` (it does not read)."""
    try:
        async with asyncio.timeout(limits.send_timeout):
            while len(listener.errors) >= limits.pending_errors:
                listener.drained.clear()
                await listener.drained.wait()
    except TimeoutError:
        raise Closing(1008, refuse(408, "not_reading")) from None


def _parse(raw: str | bytes) -> Any:
    """The message as JSON; a marker for a message too large or not JSON (``_check``
    names the problem)."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "replace"))
    if size > MAX_MESSAGE:
        return _TOO_LARGE
    try:
        return read_json(raw)
    except NotJson as error:
        return _NotJson(str(error))


def _good_id(action_id: object) -> bool:
    return (type(action_id) is int and abs(action_id) < 2**53) or (
        isinstance(action_id, str) and len(action_id) <= 100
    )


def _echoed(action_id: object) -> object:
    """A message's id as its refusal names it: ``None`` unless it has an id's shape."""
    return action_id if _good_id(action_id) else None


def _check(data: Any) -> int | None:
    """The ``step`` of a well-formed action message; :class:`ServiceError` otherwise."""
    if data is _TOO_LARGE:
        raise refuse(413, "message_too_large", most=MAX_MESSAGE)
    if isinstance(data, _NotJson):
        raise refuse(422, "not_json", reason=data.reason)
    if not isinstance(data, dict) or data.get("type") != "action" or "action" not in data:
        raise refuse(422, "bad_message")
    action_id = data.get("id")
    if action_id is not None and not _good_id(action_id):
        raise refuse(422, "bad_message_id")
    step = data.get("step")
    if step is not None and (type(step) is not int or step < 0):
        raise refuse(422, "bad_message_step")
    return step


class _NotJson:
    def __init__(self, reason: str) -> None:
        self.reason = reason


_TOO_LARGE = object()
