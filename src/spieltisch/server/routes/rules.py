"""``GET /api/games/{game}/rules``: the rules of a game as implemented, for the pages'
rules view (the same text as ``spieltisch rules``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import PlainTextResponse

from spieltisch.games import REGISTRY
from spieltisch.rules import rules_text
from spieltisch.server.routes import errors
from spieltisch.server.schemas import Error, Lang
from spieltisch.server.service import ServiceError

router = APIRouter(tags=["games"])


@router.get(
    "/api/games/{game}/rules",
    response_class=PlainTextResponse,
    responses={
        200: {"content": {"text/markdown": {}}},
        404: {"model": Error, "description": "no such game"},
        **errors(422),
    },
)
async def get_rules(game: str, lang: Annotated[Lang, Query()] = "en") -> PlainTextResponse:
    """The rules of ``game`` in German or English, as Markdown."""
    if game not in REGISTRY:
        known = ", ".join(REGISTRY)
        raise ServiceError(404, f"there is no game {game!r}; the games are: {known}")
    return PlainTextResponse(rules_text(game, lang), media_type="text/markdown; charset=utf-8")
