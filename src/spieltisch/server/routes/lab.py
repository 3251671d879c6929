"""The lab over HTTP: start a simulation, a comparison or a tuning run as a job, follow
it, cancel it, download its report; and the page itself at ``/lab``."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from spieltisch.server.clients import ClientGate
from spieltisch.server.jobs import JobManager, public
from spieltisch.server.routes import base_url, errors

router = APIRouter(tags=["lab"])

OptionValue = bool | int | str


def jobs_of(connection: HTTPConnection) -> JobManager:
    jobs: JobManager = connection.app.state.jobs
    return jobs


class LabJobRequest(BaseModel):
    """A job: what to play (as ``spieltisch simulate``/``tune`` take it)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["simulate", "compare", "tune"] = Field(
        "simulate",
        description="simulate: one rule set; compare: `options` against `against` on the "
        "same seeds; tune: search `params` for `objective`",
    )
    game: str
    players: int
    games: int = Field(description="games per variant (tune: per trial)")
    seed: int = 0
    bots: list[str] | str = Field(
        default="random", description="one spec for every seat or one per seat"
    )
    options: dict[str, OptionValue] = Field(default_factory=dict)
    against: dict[str, OptionValue] | None = Field(
        default=None, description="compare: the pinned variant's options"
    )
    params: list[str] = Field(
        default_factory=list, description='tune: "KEY=LOW..HIGH" or "KEY=V1,V2,…"'
    )
    objective: str = "seat-balance"
    trials: int = 20


def client_address(request: Request) -> str:
    """The client a job counts against: its address, or behind a trusted proxy the address
    its header names (``--trusted-proxy-header``), as for the table limits."""
    gate: ClientGate = request.app.state.clients
    return gate.client(request)


_MEANINGS = {
    403: "the token is not this job's",
    404: "no such job",
    409: "the job is not done",
    422: "the parameters cannot be played: the message says why",
    429: "too many jobs are running (on the server, or for this client)",
    501: "this server has no tuner",
}


def lab_errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    entries = errors(*(code for code in codes if code in (413,)))
    from spieltisch.server.schemas import Error

    for code in codes:
        if code in _MEANINGS:
            entries[code] = {"model": Error, "description": _MEANINGS[code]}
    return entries


@router.post("/api/lab/jobs", status_code=201, responses=lab_errors(413, 422, 429, 501))
async def create_job(body: LabJobRequest, request: Request) -> dict[str, Any]:
    """Start a job. The answer is the job (as ``GET /api/lab/jobs/{id}``) with its
    ``token``, shown only here: it cancels the job. ``url`` shows the job in the lab."""
    jobs = jobs_of(request)
    row, token = await jobs.create(body.kind, body.model_dump(), client_address(request))
    answer = public(row)
    answer["token"] = token
    answer["share_url"] = f"{base_url(request)}{answer['url']}"
    return answer


@router.get("/api/lab/jobs/{job_id}", responses=lab_errors(404))
async def get_job(job_id: str, request: Request) -> dict[str, Any]:
    """A job: its parameters, state (``running``, ``done``, ``failed``, ``cancelled``,
    ``interrupted``), progress (``done`` of ``total`` games or trials), the trials so far
    (tune), and once done its ``result`` (the ``simulate --json``/``tune --json`` object)
    or its ``error``."""
    return public(await jobs_of(request).get(job_id))


@router.delete("/api/lab/jobs/{job_id}", responses=lab_errors(403, 404))
async def cancel_job(
    job_id: str,
    request: Request,
    token: Annotated[str | None, Query(description="the job's token")] = None,
) -> dict[str, Any]:
    """Cancel a running job (its token's holder only); a job that has ended stays as it
    is. Answers the job."""
    return public(await jobs_of(request).cancel(job_id, token))


@router.post("/api/lab/jobs/{job_id}/cancel", responses=lab_errors(403, 404))
async def cancel_job_post(
    job_id: str,
    request: Request,
    token: Annotated[str | None, Query(description="the job's token")] = None,
) -> dict[str, Any]:
    """The same as ``DELETE /api/lab/jobs/{id}``, for clients that cannot send DELETE."""
    return public(await jobs_of(request).cancel(job_id, token))


@router.get(
    "/api/lab/jobs/{job_id}/report",
    responses={200: {"content": {"application/zip": {}}}, **lab_errors(404, 409)},
    response_class=Response,
)
async def job_report(job_id: str, request: Request) -> Response:
    """The finished job's report as a zip: ``index.html`` with its PNG plots (the page
    of ``spieltisch report``, or of ``spieltisch tune --out``)."""
    data = await jobs_of(request).report(job_id)
    return Response(
        data,
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="spieltisch-{job_id}.zip"'},
    )


def _page() -> Path:
    return Path(str(resources.files("spieltisch.server").joinpath("static", "lab.html")))


@router.get("/lab", include_in_schema=False)
async def lab_page() -> FileResponse:
    """The lab page (``/lab?job=ID`` shows a job)."""
    return FileResponse(_page(), media_type="text/html")
