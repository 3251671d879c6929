"""simulate's and tournament's printed summaries speak the user's language."""

from __future__ import annotations

import pytest

from spieltisch.cli.main import main


def test_simulate_summarises_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["simulate", "dicht-dran", "--players", "3", "--games", "6", "--workers", "1"]
    assert main([*argv, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "6 Partien, 3 Spieler, Startwert 0" in out
    assert "Siegquote" in out
    assert "Sitzvorteil: " in out
    assert "mittlere Länge" in out
    assert " Runden (von " in out
    assert "games" not in out


def test_simulate_summarises_in_english_by_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("LANG", "C")
    argv = ["simulate", "cento", "--players", "3", "--games", "6", "--workers", "1"]
    assert main([*argv, "--compare", "hundred_mode=wild,number"]) == 0
    out = capsys.readouterr().out
    assert "6 games, 3 players, seed 0" in out
    assert "seat balance: " in out
    assert "hundred_mode=number against hundred_mode=wild: game length" in out
    assert " turns (95% CI " in out


def test_a_tournament_summarises_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["tournament", "dicht-dran", "--bots", "heuristic,random,random", "--players", "3"]
    assert main([*argv, "--games", "3", "--workers", "1", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Wertung" in out
    assert "fairer Anteil: 0.333" in out
