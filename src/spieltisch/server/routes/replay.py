"""``POST /api/replay``: any transcript, step by step, as a spectator sees it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Query, Response

from spieltisch.core.errors import SpieltischError
from spieltisch.core.transcript import Transcript
from spieltisch.server.routes import errors, manager
from spieltisch.server.schemas import Lang, ReplayOut
from spieltisch.server.service import ServiceError, TableManager, check_api_options

router = APIRouter(tags=["replay"])


@router.post("/api/replay", response_model=ReplayOut, responses=errors(413, 422))
async def post_replay(
    transcript: Annotated[
        dict[str, Any], Body(description="a transcript (docs/transcripts.md), up to 1 MiB")
    ],
    tables: Annotated[TableManager, Depends(manager)],
    lang: Annotated[Lang, Query()] = "en",
) -> Response:
    """Replay a transcript, checked at every step, and show it as a spectator would have
    seen it: after each action the public view and the public events."""
    try:
        parsed = Transcript.from_json(transcript)
        check_api_options(parsed.game, parsed.options)
        answer = await tables.replay_transcript(parsed, lang, check=True)
    except SpieltischError as error:
        raise ServiceError(422, error) from None
    return Response(answer, media_type="application/json")
