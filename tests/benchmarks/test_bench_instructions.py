"""The instruction-count benchmark: its counted runs are the same moves every time, and bad
input gets a one-line message."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import load_benchmark


def _bench() -> Any:
    return load_benchmark("bench_instructions")


def test_a_counted_run_searches_the_same_moves_every_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = _bench()
    bench.child("dicht-dran", 2, "ismcts:horizon=10")
    first = capsys.readouterr().out.split()
    bench.child("dicht-dran", 2, "ismcts:horizon=10")
    assert capsys.readouterr().out.split() == first
    assert int(first[1]) == 2 * bench.SIMULATIONS


def test_without_valgrind_or_with_an_unknown_game_it_says_what_is_wrong(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bench = _bench()
    monkeypatch.setattr(bench.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit, match="valgrind is not installed"):
        bench.main(["--games", "cento"])
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/valgrind")
    with pytest.raises(SystemExit, match="unknown game 'schach'; known: cento, dicht-dran"):
        bench.main(["--games", "schach"])
    with pytest.raises(SystemExit, match="no spieltisch package there"):
        bench.main(["--games", "cento", "--against", "/nowhere"])


def test_the_openspiel_yardstick_says_when_openspiel_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bench = _bench()
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/valgrind")
    monkeypatch.setattr(bench, "openspiel_installed", lambda: False)
    with pytest.raises(SystemExit, match=r"OpenSpiel is not installed .*bench extra"):
        bench.main(["--games", "cento", "--openspiel"])
