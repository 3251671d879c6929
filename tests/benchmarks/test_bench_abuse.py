"""The abuse benchmark: a short run against a real ``spieltisch serve`` reports the honest
seats' phases and the server's memory, and the server refused or closed every kind of
abuser (the timings are the benchmark's to measure, not this test's)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets", reason="the test extra (websockets) is not installed")

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="binds clients to 127.0.0.x (Linux's lo)"
)


def bench_abuse() -> Any:
    # imported by name, not by load_benchmark: its dataclasses need it in sys.modules
    folder = str(Path(__file__).parents[2] / "benchmarks")
    if folder not in sys.path:
        sys.path.append(folder)
    return importlib.import_module("bench_abuse")


def test_memory_is_flat_when_the_last_half_of_the_rounds_adds_little() -> None:
    late_growth = bench_abuse().late_growth
    assert late_growth([100.0, 150.0, 160.0]) is None  # too few rounds to tell
    # the first rounds may grow the process; the last half decides
    assert late_growth([100.0, 150.0, 160.0, 160.4, 160.2, 160.8]) == pytest.approx(0.2)
    assert late_growth([100.0, 101.0, 102.0, 110.0, 120.0, 130.0]) == pytest.approx(10.0)


def test_a_short_run_reports_the_phases_and_the_abusers_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = bench_abuse()
    argv = ["--tables", "2", "--seconds", "4", "--after", "1", "--json"]
    argv += ["--flood-sockets", "70", "--nonread-sockets", "4", "--half-open", "6"]
    # all 70 flooder sockets at once (past --connect-burst), so that the 65th is refused
    argv += ["--server-args", "--header-timeout 1 --send-timeout 1 --connect-burst 100"]
    bench.main(argv)
    data = json.loads(capsys.readouterr().out)

    assert set(data["phases"]) == {"quiet", "abuse", "after"}
    for phase in data["phases"].values():
        assert set(phase["latency_ms"]) == {"n", "p50", "p95", "p99", "max"}
    assert data["phases"]["quiet"]["latency_ms"]["n"] > 0
    assert set(data["ratio_abuse_to_quiet"]) == {"p50", "p99"}
    assert set(data["goal"]) == {"p99_within_2x", "memory_flat"}
    assert data["goal"]["memory_flat"] is None  # two rounds do not tell
    memory = data["memory"]
    assert memory["abuse_start_mb"] > 0
    assert memory["abuse_peak_mb"] >= memory["abuse_start_mb"]
    assert len(memory["samples"]) >= 5
    assert data["server_tracebacks"] == 0
    assert data["honest_errors"] == 0, data["honest_error_examples"]

    abusers = data["abusers"]
    refusals, closes, counts = abusers["refusals"], abusers["closes"], abusers["counts"]
    # the flooder: its junk refused one message at a time, its sixth socket on a seat and
    # its 65th socket refused
    assert refusals.get("flood not_json", 0) > 0
    assert refusals.get("flood message_too_large", 0) > 0
    assert refusals.get("flood too_many_seat_sockets", 0) > 0
    assert refusals.get("flood too_many_sockets", 0) > 0
    assert closes.get("flood 4429", 0) > 0
    # the spammer: at most ten tables (a loaded machine may open fewer in the window),
    # then nothing but 429 with Retry-After
    assert 0 < counts["spam 201"] <= 10
    assert counts["spam 429"] == counts["spam retry_after_given"]
    assert counts["spam 201"] == 10 or counts["spam 429"] == 0
    # half-sent headers: 408 after the header timeout (1 s here), whether dripped or not
    for kind in ("headers", "drip"):
        assert closes.get(f"halfsent {kind} 408", 0) > 0
        # 1 s, and on a loaded machine a few more; the default (10 s) would not pass
        assert abusers["lifetimes"][f"halfsent_{kind}"]["max_s"] < 8
    assert counts["nonread_connects"] >= 4
