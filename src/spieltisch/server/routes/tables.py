"""Tables over HTTP: create one, read a seat's state, act, and the finished game."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response

from spieltisch.core.game import JSON
from spieltisch.server.clients import ClientGate
from spieltisch.server.routes import base_url, errors, manager
from spieltisch.server.schemas import (
    ActionRequest,
    AgainLink,
    CreateTable,
    FacesOut,
    Lang,
    NameOut,
    NameRequest,
    ReplayOut,
    SeatState,
    TableCreated,
)
from spieltisch.server.service import TableManager, again_link, table_faces

router = APIRouter(tags=["tables"])

Manager = Annotated[TableManager, Depends(manager)]
LangQuery = Annotated[Lang, Query(description="language of texts and labels")]


@router.post(
    "/api/tables", status_code=201, response_model=TableCreated, responses=errors(413, 422, 429)
)
async def create_table(body: CreateTable, request: Request, tables: Manager) -> dict[str, Any]:
    """Open a table. Each human seat gets a secret token and an invite link (shown only
    here: the server keeps only a hash); anyone with the spectator link sees the public view.
    Bot seats start playing at once when it is their turn. One client (address) may open
    only so many tables a minute: 429 with ``Retry-After`` beyond that."""
    gate: ClientGate = request.app.state.clients
    await gate.open_table(gate.client(request))
    table, tokens = await tables.create(
        body.game, body.players, body.options, body.seats, body.seed, body.names
    )
    base = base_url(request)
    return {
        "table": table.id,
        "game": table.game.spec.id,
        "players": table.header.players,
        "seats": [
            {
                "seat": seat,
                "kind": "bot" if token is None else "human",
                "bot": table.bot_spec(seat),
                "level": table.seats_info()[seat]["level"],
                "name": table.names[seat],
                "token": token,
                "invite_url": f"{base}/?table={table.id}&token={token}" if token else None,
            }
            for seat, token in enumerate(tokens)
        ],
        "spectator_url": f"{base}/?table={table.id}",
    }


@router.get(
    "/api/tables/{table_id}", response_model=SeatState, responses=errors(403, 404, 409, 422)
)
async def get_table(
    table_id: str,
    tables: Manager,
    token: Annotated[str | None, Query(description="a seat's token; none: spectator")] = None,
    lang: LangQuery = "en",
    since: Annotated[int, Query(ge=0, description="only events after this number")] = 0,
) -> dict[str, JSON]:
    """A seat's state: its own view, the seats to act, its legal actions, the events it may
    see, whether the game is over and the result. Without a token: the public view."""
    table = await tables.get(table_id)
    seat = tables.seat_of(table, token)
    return tables.seat_state(table, seat, lang, since, token=token)


@router.post(
    "/api/tables/{table_id}/actions",
    response_model=SeatState,
    responses=errors(403, 404, 409, 413, 422, 503),
)
async def post_action(
    table_id: str, body: ActionRequest, tables: Manager, lang: LangQuery = "en"
) -> dict[str, JSON]:
    """Act for the seat of ``token``. The action is checked against the seat's legal
    actions and committed to storage before this answer; the answer is the seat's new state
    with the events and the frames since the action. Every connected seat is sent its own
    new view."""
    table = await tables.get(table_id)
    seat = tables.seat_of(table, body.token)
    before, step = await tables.act(table, seat, body.action, body.step)
    return tables.seat_state(table, seat, lang, before, step, token=body.token)


SeatToken = Annotated[str | None, Query(description="the seat's token")]


@router.put("/api/tables/{table_id}/name", response_model=NameOut, responses=errors(403, 404, 422))
async def put_name(
    table_id: str, body: NameRequest, tables: Manager, token: SeatToken = None
) -> dict[str, JSON]:
    """The seat of ``token`` names itself: 1 to 24 printable characters (trimmed). Every
    seat sees the name, and the log's lines say it."""
    table = await tables.get(table_id)
    seat = tables.seat_of(table, token)
    name = await tables.name(table, seat, body.name)
    assert seat is not None
    return {"seat": seat, "name": name}


@router.post(
    "/api/tables/{table_id}/again",
    response_model=AgainLink,
    responses=errors(403, 404, 409),
)
async def post_again(table_id: str, tables: Manager, token: SeatToken = None) -> dict[str, JSON]:
    """Once the game is over: a new table with the same game, options, seats, names and
    bot levels, and a new deal. The first call makes it, every later one (from any seat)
    answers the same table. Each seat keeps its token there; every seat state of the old
    table then names the new table and that seat's link to it (``again``)."""
    table = await tables.get(table_id)
    seat = tables.seat_of(table, token)
    new = await tables.play_again(table, seat)
    return again_link(new.id, token)


@router.post("/api/tables/{table_id}/back", response_model=SeatState, responses=errors(403, 404))
async def post_back(
    table_id: str, tables: Manager, token: SeatToken = None, lang: LangQuery = "en"
) -> dict[str, JSON]:
    """The person of ``token`` takes their seat back from the bot that played for them
    while they were away (acting does so too). Answers the seat's state."""
    table = await tables.get(table_id)
    seat = tables.seat_of(table, token)
    tables.back(table, seat)
    return tables.seat_state(table, seat, lang, table.last_seq, token=token)


@router.delete("/api/tables/{table_id}", status_code=204, responses=errors(403, 404, 503))
async def delete_table(table_id: str, tables: Manager, token: SeatToken = None) -> Response:
    """Delete the table for good: from memory and from the database; its open connections
    are told and closed (code 4410), and the table is a 404 from now on. Only its creator
    may: the token of its first human seat (the one ``POST /api/tables`` lists first)."""
    table = await tables.get(table_id)
    seat = tables.seat_of(table, token)
    await tables.delete(table, seat)
    return Response(status_code=204)


@router.get("/api/tables/{table_id}/faces", response_model=FacesOut, responses=errors(404))
async def get_faces(table_id: str, tables: Manager) -> dict[str, JSON]:
    """What each card shows at this table: the game's printed faces
    (``GET /api/games/{game}/faces``) under the table's rule options (Dicht dran's chilis,
    Missionszahl's symbols). The same for every seat, so it reveals nothing."""
    table = await tables.get(table_id)
    return table_faces(table.game)


@router.get("/api/tables/{table_id}/transcript", responses=errors(404, 409))
async def get_transcript(table_id: str, tables: Manager) -> dict[str, JSON]:
    """The finished game's transcript (format in docs/transcripts.md): it replays with
    ``spieltisch replay``. Refused while the game is running (it names the seed)."""
    table = await tables.get(table_id)
    return tables.transcript(table).to_json()


@router.get(
    "/api/tables/{table_id}/replay", response_model=ReplayOut, responses=errors(404, 409, 422)
)
async def get_replay(table_id: str, tables: Manager, lang: LangQuery = "en") -> Response:
    """The finished game step by step as a spectator saw it: after each action the public
    view and the public events. No hidden card beyond what a spectator could see."""
    table = await tables.get(table_id)
    return Response(await tables.replay(table, lang), media_type="application/json")
