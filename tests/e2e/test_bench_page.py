"""The page-load benchmark (benchmarks/bench_page.py) opens every page it names and reports
each against its peer, the rules page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spieltisch.games import REGISTRY
from tests.helpers import load_benchmark

pytestmark = pytest.mark.benchmarks


def test_a_short_run_times_the_start_page_and_every_table(
    chromium: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_benchmark("bench_page")
    bench.main(["--rounds", "1", "--chromium", str(chromium), "--json"])
    rows = {row["page"]: row for row in json.loads(capsys.readouterr().out)["pages"]}
    assert set(rows) == {"peer: rules page", "start page"} | {f"table: {g}" for g in REGISTRY}
    assert rows["peer: rules page"]["ratio"] == 1.0
    assert all(row["median_ms"] > 0 for row in rows.values())
