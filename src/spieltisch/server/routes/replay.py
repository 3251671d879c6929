"""``POST /api/replay``: any transcript, step by step, as a spectator sees it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query

from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import JSON
from spieltisch.core.transcript import Transcript, check_result
from spieltisch.games import game_for
from spieltisch.server.routes import errors
from spieltisch.server.schemas import Lang, ReplayOut
from spieltisch.server.service import ServiceError, public_replay

router = APIRouter(tags=["replay"])


@router.post("/api/replay", response_model=ReplayOut, responses=errors(413, 422))
async def post_replay(
    transcript: Annotated[
        dict[str, Any], Body(description="a transcript (docs/transcripts.md), up to 1 MiB")
    ],
    lang: Annotated[Lang, Query()] = "en",
) -> dict[str, JSON]:
    """Replay a transcript, checked at every step, and show it as a spectator would have
    seen it: after each action the public view and the public events."""
    try:
        parsed = Transcript.from_json(transcript)
        if parsed.options.get("deck", "standard") != "standard":
            raise ServiceError(422, "transcripts with an own deck file cannot be replayed here")
        game = game_for(parsed)
        game.spec.check_seats(parsed.players)
        steps, state = public_replay(game, parsed, lang)
        check_result(game, state, parsed)
    except SpieltischError as error:
        raise ServiceError(422, str(error)) from None
    return {
        "game": parsed.game,
        "players": parsed.players,
        "steps": steps,
        "result": parsed.result.to_json() if parsed.result else None,
    }
