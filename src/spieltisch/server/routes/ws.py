"""``WS /ws/tables/{id}``: a seat's state pushed as it changes, actions sent back.

Server → client: ``{"type": "state", ...seat state..., "ack": [...]}`` after connecting
and whenever the table changes (with the events and the frames since the last message),
``{"type": "error", "error": "...", "id": ...}`` for a refused message. Client → server:
``{"type": "action", "action": {...}, "step": N?, "id": ...?}``. The first state that includes an
action lists its ``id`` (if the client gave one) in ``ack``. A refused message changes
nothing and the connection stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Depends, WebSocket, WebSocketDisconnect

from spieltisch.server.routes import manager
from spieltisch.server.schemas import LANGS
from spieltisch.server.service import Listener, ServiceError, Table, TableManager, refuse

router = APIRouter(tags=["websocket"])

#: The largest message a client may send, in bytes.
MAX_MESSAGE = 16 * 1024


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket, table_id: str, tables: Annotated[TableManager, Depends(manager)]
) -> None:
    """Push a seat's state (a spectator's without a token) and take its actions.

    Query: ``token`` (none: a spectator), ``since`` (the last event seen, default 0) and
    ``lang`` (``de`` or ``en``); they are read here so that a bad one is answered with an
    error message like everything else.
    """
    await websocket.accept()
    try:
        token, since, lang = _query(websocket)
        table = await tables.get(table_id)
        seat = tables.seat_of(table, token)
    except ServiceError as error:
        await websocket.send_json({"type": "error", **error.body()})
        await websocket.close(code=4000 + error.status)
        return
    listener = Listener(seat, lang, since, token if seat is not None else None)
    tables.listen(table, listener)
    sender = asyncio.create_task(_push(websocket, tables, table, listener))
    try:
        await _receive(websocket, tables, table, listener)
    finally:
        tables.unlisten(table, listener)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


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
    websocket: WebSocket, tables: TableManager, table: Table, listener: Listener
) -> None:
    """Send errors as they come and the seat's current state whenever the table changed;
    several changes between two sends become one state with all their events and frames."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await listener.wake.wait()
            listener.wake.clear()
            if listener.closing is not None:
                await websocket.send_text(json.dumps({"type": "error", "error": listener.closing}))
                await websocket.close(code=4503)
                return
            while listener.errors:
                await websocket.send_text(json.dumps(listener.errors.pop(0)))
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
                await websocket.send_text(orjson.dumps(message).decode())


async def _receive(
    websocket: WebSocket, tables: TableManager, table: Table, listener: Listener
) -> None:
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            data = message.get("bytes") or b""
            raw = data.decode("utf-8", "replace")
        data = _parse(raw)
        action_id = data.get("id") if isinstance(data, dict) else None
        try:
            step = _check(data)
            await tables.act(table, listener.seat, data["action"], step)
        except ServiceError as error:
            listener.error({"type": "error", **error.body(), "id": action_id})
        else:
            if action_id is not None:
                listener.acknowledge(action_id)


def _parse(raw: str) -> Any:
    """The message as JSON; ``None`` for a message too large or not JSON (``_check``
    names the problem)."""
    if len(raw.encode("utf-8", "replace")) > MAX_MESSAGE:
        return _TOO_LARGE
    try:
        return json.loads(raw)
    except json.JSONDecodeError as error:
        return _NotJson(error.msg)
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        return _NotJson(str(error))


def _check(data: Any) -> int | None:
    """The ``step`` of a well-formed action message; :class:`ServiceError` otherwise."""
    if data is _TOO_LARGE:
        raise refuse(413, "message_too_large", most=MAX_MESSAGE)
    if isinstance(data, _NotJson):
        raise refuse(422, "not_json", reason=data.reason)
    if not isinstance(data, dict) or data.get("type") != "action" or "action" not in data:
        raise refuse(422, "bad_message")
    action_id = data.get("id")
    if action_id is not None and not (
        (type(action_id) is int and abs(action_id) < 2**53)
        or (isinstance(action_id, str) and len(action_id) <= 100)
    ):
        raise refuse(422, "bad_message_id")
    step = data.get("step")
    if step is not None and (type(step) is not int or step < 0):
        raise refuse(422, "bad_message_step")
    return step


class _NotJson:
    def __init__(self, reason: str) -> None:
        self.reason = reason


_TOO_LARGE = object()
