"""The words a page needs beyond a game's own: the refusals' texts, and a link as a QR
code."""

from __future__ import annotations

import io
from typing import Annotated
from urllib.parse import parse_qs, urlsplit

import segno
from fastapi import APIRouter, Query, Request, Response

from spieltisch.server.refusals import all_error_words
from spieltisch.server.routes import base_url, errors
from spieltisch.server.service import refuse

router = APIRouter(tags=["words"])

#: The longest link the server turns into a QR code, in characters.
QR_URL_MOST = 300


@router.get("/api/errors/words")
async def error_words() -> dict[str, dict[str, str]]:
    """Every refusal's text by language and code: ``{lang: {code: text}}``, the text with
    ``{param}`` placeholders for the refusal's ``params`` (Python ``str.format``; ``!r`` and
    ``:g`` mark a quoted text and a short number)."""
    return all_error_words()


@router.get(
    "/api/qr.svg",
    responses={200: {"content": {"image/svg+xml": {}}}, **errors(422)},
    response_class=Response,
)
async def qr_code(
    request: Request,
    url: Annotated[str, Query(description="a link to a table of this very server")],
) -> Response:
    """The link ``url`` as a QR code (SVG), so that people at one real table can join with
    their phones. Only links to this server's own tables (``…/?table=…``), up to 300
    characters."""
    if not own_table_link(url, base_url(request)):
        raise refuse(422, "bad_qr_url", most=QR_URL_MOST)
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False)
    return Response(
        out.getvalue(),
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400"},
    )


def own_table_link(url: str, base: str) -> bool:
    """Whether ``url`` is a link to a table of the server at ``base``."""
    if len(url) > QR_URL_MOST or not url.startswith(base + "/"):
        return False
    parts = urlsplit(url)
    return parts.path in ("/", "/table.html", "/replay.html") and "table" in parse_qs(parts.query)
