"""The lab's jobs over HTTP, on SQLite and PostgreSQL: a job plays what ``simulate`` plays,
reports its progress, is refused like the command line, bounded per server and client,
cancelled by its owner only, and survives a restart of the server."""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.games import make_game
from spieltisch.server.app import create_app
from spieltisch.server.labsettings import LabLimits
from spieltisch.server.labwork import tune_module
from spieltisch.server.storage.jobs import JobRow, open_job_store
from spieltisch.sim.runner import simulate
from spieltisch.sim.variants import simulate_variants

SMALL = {"game": "dicht-dran", "players": 4, "games": 40, "seed": 3, "bots": "random"}
#: A job that runs for a good while (it is cancelled or stopped by the tests).
LONG = {"game": "dicht-dran", "players": 4, "games": 100_000, "seed": 1, "bots": "random"}
FAST = LabLimits(stale=1.0)


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key != "timing"}


def wait(client: TestClient, job: str, until: str = "ended", seconds: float = 120) -> Any:
    """The job once it has ended (``until="ended"``) or shows progress (``"progress"``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = client.get(f"/api/lab/jobs/{job}").json()
        if until == "ended" and state["state"] != "running":
            return state
        if until == "progress" and state["state"] == "running" and state["done"] > 0:
            return state
        time.sleep(0.1)
    raise AssertionError(f"job {job} did not reach {until} in {seconds} s: {state}")


@pytest.fixture
def lab(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, lab_limits=FAST)) as client:
        yield client


def test_a_simulate_job_plays_what_simulate_plays(lab: TestClient) -> None:
    created = lab.post("/api/lab/jobs", json=SMALL)
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["state"] == "running"
    assert body["total"] == 40
    assert body["token"]
    assert body["url"] == f"/lab?job={body['job']}"
    assert body["share_url"].endswith(body["url"])
    done = wait(lab, body["job"])
    assert done["state"] == "done"
    assert done["done"] == 40
    assert done["error"] is None
    assert "token" not in done
    expected = simulate(make_game("dicht-dran"), 4, 40, 3, ["random"] * 4)
    assert without_timing(done["result"]) == without_timing(expected)


def test_a_job_reports_progress_and_its_owner_cancels_it(lab: TestClient) -> None:
    body = lab.post("/api/lab/jobs", json=LONG).json()
    job = body["job"]
    running = wait(lab, job, "progress")
    assert 0 < running["done"] < running["total"] == 100_000
    assert lab.delete(f"/api/lab/jobs/{job}").status_code == 403
    refused = lab.delete(f"/api/lab/jobs/{job}", params={"token": "not-the-token"})
    assert refused.status_code == 403
    assert refused.json()["code"] == "lab_bad_token"
    cancelled = lab.post(f"/api/lab/jobs/{job}/cancel", params={"token": body["token"]})
    assert cancelled.status_code == 200
    assert cancelled.json()["state"] == "cancelled"
    time.sleep(0.5)
    later = lab.get(f"/api/lab/jobs/{job}").json()
    assert later["state"] == "cancelled"
    assert later["done"] < 100_000
    assert later["result"] is None
    again = lab.delete(f"/api/lab/jobs/{job}", params={"token": body["token"]})
    assert again.json()["state"] == "cancelled"


def test_compare_plays_both_variants_on_the_same_seeds(lab: TestClient) -> None:
    body = {**SMALL, "kind": "compare", "options": {"passes": 1}, "against": {"passes": 2}}
    done = wait(lab, lab.post("/api/lab/jobs", json=body).json()["job"])
    assert done["state"] == "done", done
    result = done["result"]
    assert result["compare"] == {"key": "passes", "values": ["2", "1"]}
    expected = simulate_variants(
        "dicht-dran", 4, 40, 3, ["random"] * 4, [{"passes": 2}, {"passes": 1}]
    )
    assert without_timing(result) == without_timing(expected)
    # the same as simulate's own comparison of one option's values
    by_option = simulate(
        make_game("dicht-dran"), 4, 40, 3, ["random"] * 4, compare=("passes", ["2", "1"])
    )
    assert result["differences"] == by_option["differences"]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"game": "schach"}, "unknown_game"),
        ({"players": 9}, "seat_count"),
        ({"games": 0}, "sim_games_count"),
        ({"games": 10**9}, "lab_games_most"),
        ({"options": {"passes": "viele"}}, None),
        ({"options": {"no_such_option": 1}}, None),
        ({"bots": "genius"}, "bot_unknown"),
        ({"bots": ["random", "random"]}, "bot_count"),
        ({"bots": "ismcts:time=99"}, "server_search_time"),
        ({"seed": -1}, "seed_range"),
        ({"kind": "compare", "against": {"passes": 2}}, "sim_compare_same"),
        (
            {"game": "magic-numbers", "players": 3, "options": {"deck": "/etc/passwd"}},
            "option_path",
        ),
    ],
)
def test_bad_parameters_are_refused_like_the_command_line(
    lab: TestClient, change: dict[str, Any], code: str | None
) -> None:
    answer = lab.post("/api/lab/jobs", json={**SMALL, **change})
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert body["error"]
    assert "\n" not in body["error"]
    assert body["code"] is not None
    assert isinstance(body["params"], dict)
    if code is not None:
        assert body["code"] == code
    words = lab.get("/api/errors/words").json()
    assert body["code"] in words["de"]
    assert body["code"] in words["en"]


def test_unknown_fields_and_kinds_are_refused(lab: TestClient) -> None:
    for body in ({**SMALL, "colour": "red"}, {**SMALL, "kind": "dance"}, {"game": "cento"}):
        answer = lab.post("/api/lab/jobs", json=body)
        assert answer.status_code == 422
        assert answer.json()["code"] == "request_invalid"


def test_jobs_are_bounded_per_client_and_per_server(db_url: str) -> None:
    app = create_app(db_url, lab_limits=LabLimits(jobs=2, per_client=1, stale=1.0))
    with TestClient(app, client=("10.0.0.1", 1000)) as first:
        second = TestClient(app, client=("10.0.0.2", 1000))
        third = TestClient(app, client=("10.0.0.3", 1000))
        one = first.post("/api/lab/jobs", json=LONG).json()
        busy = first.post("/api/lab/jobs", json=LONG)
        assert busy.status_code == 429
        assert busy.json()["code"] == "lab_client_busy"
        two = second.post("/api/lab/jobs", json=LONG).json()
        full = third.post("/api/lab/jobs", json=LONG)
        assert full.status_code == 429
        assert full.json()["code"] == "lab_busy"
        assert full.json()["params"] == {"most": 2}
        first.delete(f"/api/lab/jobs/{one['job']}", params={"token": one["token"]})
        assert first.post("/api/lab/jobs", json=SMALL).status_code == 201
        second.delete(f"/api/lab/jobs/{two['job']}", params={"token": two["token"]})


def test_jobs_survive_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, lab_limits=FAST)) as client:
        finished = wait(client, client.post("/api/lab/jobs", json=SMALL).json()["job"])
        middling = {**SMALL, "games": 1500, "seed": 5}
        running = client.post("/api/lab/jobs", json=middling).json()["job"]
        wait(client, running, "progress")
    # the server stopped with the second job running: the next start plays it again
    with TestClient(create_app(db_url, lab_limits=FAST)) as client:
        kept = client.get(f"/api/lab/jobs/{finished['job']}").json()
        assert kept == finished
        resumed = wait(client, running)
        assert resumed["state"] == "done"
        assert resumed["restarts"] == 1
        expected = simulate(make_game("dicht-dran"), 4, 1500, 5, ["random"] * 4)
        assert without_timing(resumed["result"]) == without_timing(expected)
        report = client.get(f"/api/lab/jobs/{finished['job']}/report")
        assert report.status_code == 200
        assert report.headers["content-type"] == "application/zip"
        names = zipfile.ZipFile(io.BytesIO(report.content)).namelist()
        folder = f"spieltisch-{finished['job']}"
        assert f"{folder}/index.html" in names
        assert f"{folder}/win_share.png" in names


def test_a_job_whose_server_died_is_taken_over(db_url: str) -> None:
    """A server killed without a clean stop leaves its job running in the store with an old
    heartbeat; the next server takes it over and plays it from the start."""
    params = {**SMALL, "bots": ["random"] * 4, "options": {"passes": 2}}
    store = open_job_store(db_url)
    try:
        store.save(
            JobRow("lost-job", "simulate", params, "someone", "x" * 64, done=17, total=40,
                   created=time.time() - 60, owner="a-dead-server", seen=time.time() - 30)
        )  # fmt: skip
    finally:
        store.close()
    with TestClient(create_app(db_url, lab_limits=FAST)) as client:
        done = wait(client, "lost-job")
        assert done["state"] == "done"
        assert done["restarts"] == 1
        expected = simulate(make_game("dicht-dran"), 4, 40, 3, ["random"] * 4)
        assert without_timing(done["result"]) == without_timing(expected)


def test_a_job_stopped_by_too_many_restarts_is_interrupted(db_url: str) -> None:
    limits = LabLimits(stale=1.0, restarts=0)
    with TestClient(create_app(db_url, lab_limits=limits)) as client:
        job = client.post("/api/lab/jobs", json=LONG).json()["job"]
    with TestClient(create_app(db_url, lab_limits=limits)) as client:
        state = client.get(f"/api/lab/jobs/{job}").json()
        assert state["state"] == "interrupted"
        assert state["error"]["code"] == "lab_interrupted"
        report = client.get(f"/api/lab/jobs/{job}/report")
        assert report.status_code == 409
        assert report.json()["code"] == "lab_not_done"


def test_unknown_jobs_and_the_page(lab: TestClient) -> None:
    missing = lab.get("/api/lab/jobs/nothing-here")
    assert missing.status_code == 404
    assert missing.json()["code"] == "lab_no_job"
    page = lab.get("/lab")
    assert page.status_code == 200
    assert "/js/lab.js" in page.text


def test_a_tuning_job(lab: TestClient) -> None:
    body = {
        **SMALL,
        "kind": "tune",
        "games": 20,
        "params": ["passes=1..3"],
        "objective": "seat-balance",
        "trials": 3,
    }
    if tune_module() is None:
        answer = lab.post("/api/lab/jobs", json=body)
        assert answer.status_code == 501
        assert answer.json()["code"] == "lab_no_tuner"
        pytest.skip("spieltisch.sim.tune is not in this installation (the tune helper's work)")
    done = wait(lab, lab.post("/api/lab/jobs", json=body).json()["job"], seconds=300)
    assert done["state"] == "done", done
    assert done["done"] == done["total"] == 3
    assert len(done["trials"]) == 3
    assert done["result"]["best"]["options"]
    assert [trial["number"] for trial in done["trials"]] == sorted(
        trial["number"] for trial in done["trials"]
    )
    refused = lab.post("/api/lab/jobs", json={**body, "params": ["passes=oops"]})
    assert refused.status_code == 422
    assert refused.json()["code"]


@pytest.mark.parametrize(
    "body",
    [
        {**SMALL, "players": "four"},
        {**SMALL, "players": -3},
        {**SMALL, "games": 1e30},
        {**SMALL, "seed": 2**70},
        {**SMALL, "bots": [1, 2, 3, 4]},
        {**SMALL, "bots": ""},
        {**SMALL, "bots": ["random", "ismcts:sims=x", "random", "random"]},
        {**SMALL, "options": {"passes": [1, 2]}},
        {**SMALL, "options": {"passes": 10**30}},
        {**SMALL, "options": []},
        {**SMALL, "kind": "compare"},
        {**SMALL, "kind": "compare", "against": {"passes": "x"}},
        {**SMALL, "kind": "tune", "params": ["nonsense"]},
        {**SMALL, "kind": "tune", "params": ["passes=1..3"], "trials": 0},
        {**SMALL, "game": ""},
        [SMALL],
        "simulate",
    ],
)
def test_junk_is_refused_without_a_job(lab: TestClient, body: Any) -> None:
    answer = lab.post("/api/lab/jobs", json=body)
    assert 400 <= answer.status_code < 500 or answer.status_code == 501, answer.text
    refusal = answer.json()
    assert refusal["code"]
    assert "\n" not in refusal["error"]


TUNE_PARAMS = ["colours=3..4", "highest=14..15"]
TUNE = {
    **SMALL,
    "kind": "tune",
    "game": "missionszahl",
    "games": 12,
    "seed": 7,
    "params": TUNE_PARAMS,
    "objective": "minutes=30",
    "trials": 4,
}


def test_a_tuning_job_gives_what_tune_gives_and_refused_sets_are_infeasible_trials(
    lab: TestClient,
) -> None:
    """Missionszahl needs 54 cards for four players: three colours of 1..14 or 1..15 are too
    few. Those trials are infeasible; the job ends, and its result is ``tune``'s own."""
    tuner = tune_module()
    if tuner is None:
        pytest.skip("spieltisch.sim.tune is not in this installation")
    done = wait(lab, lab.post("/api/lab/jobs", json=TUNE).json()["job"], seconds=300)
    assert done["state"] == "done", done
    refused = [t for t in done["trials"] if t["objective"] is None]
    assert {t["options"]["colours"] for t in refused} == {3}
    assert all(t["infeasible"]["code"] == "option_deck_small" for t in refused)
    assert done["result"]["best"]["options"]["colours"] == 4
    expected = tuner.tune(
        "missionszahl",
        4,
        [tuner.parse_param(text) for text in TUNE_PARAMS],
        "minutes=30",
        trials=4,
        games=12,
        bots=["random"] * 4,
        seed=7,
    )
    result = done["result"]
    assert without_timing(result) == without_timing(expected)
    assert done["trials"] == result["trials"]


def test_tuning_jobs_are_bounded(db_url: str) -> None:
    limits = LabLimits(stale=1.0, max_trials=5, max_tune_games=100)
    if tune_module() is None:
        pytest.skip("spieltisch.sim.tune is not in this installation")
    with TestClient(create_app(db_url, lab_limits=limits)) as client:
        body = {**SMALL, "kind": "tune", "params": ["passes=1..6"], "games": 10}
        many = client.post("/api/lab/jobs", json={**body, "trials": 6})
        assert many.status_code == 422
        assert many.json()["code"] == "lab_trials_most"
        big = client.post("/api/lab/jobs", json={**body, "trials": 5, "games": 21})
        assert big.status_code == 422
        assert big.json()["code"] == "lab_tune_games_most"
        big_games = client.post("/api/lab/jobs", json={**SMALL, "games": limits.max_games + 1})
        assert big_games.json()["code"] == "lab_games_most"
        # passes=1..3 holds three option sets: the job counts three trials, not five
        small_space = client.post(
            "/api/lab/jobs", json={**body, "params": ["passes=1..3"], "trials": 5}
        ).json()
        assert small_space["total"] == 3
        done = wait(client, small_space["job"])
        assert done["state"] == "done"
        assert done["done"] == len(done["trials"]) == 3


def test_a_tuning_job_survives_a_restart(db_url: str) -> None:
    tuner = tune_module()
    if tuner is None:
        pytest.skip("spieltisch.sim.tune is not in this installation")
    body = {
        **SMALL,
        "kind": "tune",
        "games": 400,
        "params": ["passes=1..6"],
        "objective": "length=12",
        "trials": 4,
    }
    with TestClient(create_app(db_url, lab_limits=FAST)) as client:
        job = client.post("/api/lab/jobs", json=body).json()["job"]
        wait(client, job, "progress", seconds=120)
    with TestClient(create_app(db_url, lab_limits=FAST)) as client:
        done = wait(client, job, seconds=300)
        assert done["state"] == "done", done
        assert done["restarts"] == 1
        assert len(done["trials"]) == 4  # the trials of the first start are not kept twice
        expected = tuner.tune(
            "dicht-dran",
            4,
            [tuner.parse_param("passes=1..6")],
            "length=12",
            trials=4,
            games=400,
            bots=["random"] * 4,
            seed=3,
        )
        assert without_timing(done["result"]) == without_timing(expected)


def test_a_tuning_job_checks_its_options_one_by_one(lab: TestClient) -> None:
    """Three colours of 1..14 are too few cards for Missionszahl: a simulation of them is
    refused, but a search that varies the colours starts (its trials say which sets work)."""
    if tune_module() is None:
        pytest.skip("spieltisch.sim.tune is not in this installation")
    options = {"colours": 3, "highest": 14}
    base = {**SMALL, "game": "missionszahl", "games": 4, "options": options}
    refused = lab.post("/api/lab/jobs", json=base)
    assert refused.status_code == 422
    assert refused.json()["code"] == "option_deck_small"
    search = {**base, "kind": "tune", "params": ["colours=3..4"], "trials": 2, "objective": "ties"}
    done = wait(lab, lab.post("/api/lab/jobs", json=search).json()["job"], seconds=120)
    assert done["state"] == "done", done
    assert [t["objective"] is None for t in done["trials"]].count(True) == 1
    assert done["result"]["fixed_options"] == {"highest": "14"}
    assert done["result"]["best"]["options"] == {"colours": 4}
    bad = lab.post("/api/lab/jobs", json={**search, "options": {"colours": 9}})
    assert bad.status_code == 422
    assert bad.json()["code"] == "option_number"


def test_a_job_on_ray_gives_the_same_result(db_url: str) -> None:
    """A server started with a Ray address (here: a local instance the job starts) plays its
    jobs as Ray tasks; the result is the one of one process."""
    pytest.importorskip("ray")
    tuner = tune_module()
    if tuner is None:
        pytest.skip("spieltisch.sim.tune is not in this installation")
    limits = LabLimits(stale=5.0, ray_address="")
    body = {**SMALL, "kind": "tune", "params": ["passes=1..2"], "objective": "ties", "trials": 2}
    with TestClient(create_app(db_url, lab_limits=limits)) as client:
        done = wait(client, client.post("/api/lab/jobs", json=body).json()["job"], seconds=300)
    assert done["state"] == "done", done
    assert done["result"]["timing"]["backend"] == "ray"
    expected = tuner.tune(
        "dicht-dran",
        4,
        [tuner.parse_param("passes=1..2")],
        "ties",
        trials=2,
        games=40,
        bots=["random"] * 4,
        seed=3,
    )
    assert without_timing(done["result"]) == without_timing(expected)
