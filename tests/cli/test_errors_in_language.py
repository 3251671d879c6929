"""Every error on the command line is one line in the user's language, exit 2: German
under ``--lang de`` or a German locale, English (unchanged) otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from spieltisch.cli.main import main


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


def error_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


def bad_transcript(tmp_path: Path) -> str:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "chess"}', encoding="utf-8")
    return str(path)


CASES = [
    (
        ["play", "nope"],
        "unknown game 'nope'; the games are: dicht-dran, cento, missionszahl, triggs, "
        "magic-numbers",
        "unbekanntes Spiel 'nope'; die Spiele sind: dicht-dran, cento, missionszahl, triggs, "
        "magic-numbers",
    ),
    (
        ["simulate", "dicht-dran", "--players", "9", "--games", "2"],
        "dicht-dran is for 3 to 5 players, got 9",
        "dicht-dran ist für 3 bis 5 Spieler, nicht 9",
    ),
    (
        ["play", "dicht-dran", "--option", "passes=99"],
        "option 'passes' of dicht-dran must be a whole number from 1 to 10, got '99'",
        "Option 'passes' von dicht-dran muss eine ganze Zahl von 1 bis 10 sein, nicht '99'",
    ),
    (
        ["play", "triggs", "--option", "sheet=1"],
        "triggs has no option 'sheet'; its options are: score_sheet, round_limit, hand_limit, "
        "hand_size, draw_count, refill",
        "triggs hat keine Option 'sheet'; seine Optionen sind: score_sheet, round_limit, "
        "hand_limit, hand_size, draw_count, refill",
    ),
    (
        [
            "simulate",
            "missionszahl",
            "--players",
            "2",
            "--games",
            "1",
            "--option",
            "colours=2",
            "--option",
            "highest=14",
        ],
        "with these options the missionszahl deck has 28 cards; 4 players with 10 hand cards "
        "each and 10 mission cards need at least 54 (more colours, higher numbers or a smaller "
        "hand)",
        "Mit diesen Optionen hat das Deck von missionszahl 28 Karten; 4 Spieler mit je 10 "
        "Handkarten und 10 Missionskarten brauchen mindestens 54 (mehr Farben, höhere Zahlen "
        "oder weniger Handkarten)",
    ),
    (
        ["simulate", "cento", "--players", "3", "--games", "2", "--bots", "genius"],
        "unknown bot 'genius'; the bots are: random, heuristic, ismcts",
        "unbekannter Bot 'genius'; die Bots sind: random, heuristic, ismcts",
    ),
    (
        ["play", "cento", "--bots", "ismcts:root=x"],
        "ismcts root must be ucb or halving, got 'x'",
        "ismcts root muss ucb oder halving sein, nicht 'x'",
    ),
    (
        ["simulate", "cento", "--players", "3", "--games", "0"],
        "--games must be at least 1, got 0",
        "--games muss mindestens 1 sein, nicht 0",
    ),
    (
        ["tournament", "cento", "--players", "2", "--games", "3", "--bots", "random,random"],
        "--games must be a positive multiple of 2 (2, 4, …), so that every bot sits in every "
        "seat equally; got 3",
        "--games muss ein positives Vielfaches von 2 sein (2, 4, …), damit jeder Bot gleich "
        "oft auf jedem Platz sitzt; nicht 3",
    ),
]


@pytest.mark.parametrize(("argv", "english", "german"), CASES)
def test_an_error_is_one_line_in_the_users_language(
    capsys: pytest.CaptureFixture[str], argv: list[str], english: str, german: str
) -> None:
    assert error_line(capsys, *argv) == f"spieltisch: error: {english}"
    assert error_line(capsys, *argv, "--lang", "de") == f"spieltisch: Fehler: {german}"


def test_a_german_locale_gives_german_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    line = error_line(capsys, "simulate", "dicht-dran", "--players", "9", "--games", "2")
    assert line == "spieltisch: Fehler: dicht-dran ist für 3 bis 5 Spieler, nicht 9"


@pytest.mark.parametrize("command", [["replay"], ["play", "--resume"]])
def test_a_malformed_transcript_is_named_in_the_users_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    path = bad_transcript(tmp_path)
    english = error_line(capsys, *command, path)
    assert english == (
        f"spieltisch: error: {path}: not a Spieltisch transcript "
        "(field 'format' must be 'spieltisch-transcript')"
    )
    german = error_line(capsys, *command, path, "--lang", "de")
    assert german == (
        f"spieltisch: Fehler: {path}: kein Spieltisch-Protokoll "
        "(das Feld 'format' muss 'spieltisch-transcript' sein)"
    )
