"""The command's help texts, the rules as rendered Markdown, and ``replay``: a spectator's
or one seat's telling, stepped through on key presses (a fake key source and a real
pseudo-terminal), in English and German."""

from __future__ import annotations

import argparse
import io
import os
import pty
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from rich.panel import Panel

from spieltisch.cli import replay
from spieltisch.cli.console import PIPE_WIDTH, make_console
from spieltisch.cli.main import build_parser, cmd_replay, main
from spieltisch.cli.sim_commands import summary_lines
from spieltisch.core.transcript import Transcript
from spieltisch.games import REGISTRY

GOLDEN = Path(__file__).parents[1] / "golden"
DICHT_DRAN = GOLDEN / "dicht-dran" / "3p-seed11.json"
MISSIONSZAHL = GOLDEN / "missionszahl" / "2p-seed11.json"
COMMANDS = (
    "games",
    "rules",
    "play",
    "simulate",
    "report",
    "tune",
    "tournament",
    "replay",
    "serve",
)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


def help_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--help"])
    assert stop.value.code == 0
    return capsys.readouterr().out


def option_help(parser: argparse.ArgumentParser) -> Iterator[tuple[str, str]]:
    for action in parser._actions:
        if action.option_strings and action.dest != "help":
            yield action.option_strings[0], action.help or ""


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no commands")


# -- help ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_option_of_every_command_is_explained_with_its_default(lang: str) -> None:
    commands = subparsers(build_parser(lang))
    assert tuple(commands) == COMMANDS
    default = "Vorgabe" if lang == "de" else "default"
    required = "nötig" if lang == "de" else "required"
    for name, parser in commands.items():
        for flag, text in option_help(parser):
            assert len(text) > 15, (name, flag)
            action = next(a for a in parser._actions if flag in a.option_strings)
            if action.required or isinstance(action, argparse._StoreTrueAction):
                assert required in text or action.nargs == 0, (name, flag)
            elif flag not in ("--version",):
                assert default in text, (name, flag, text)


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_lists_the_game_ids_and_examples(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    text = help_of(capsys, command)
    assert "examples:" in text
    examples = text.split("examples:")[1]
    wanted = 1 if command == "games" else 2
    assert len(re.findall(r"^  spieltisch ", examples, re.MULTILINE)) >= wanted
    if command in ("rules", "play", "simulate", "report", "tune", "tournament"):
        assert ", ".join(REGISTRY) in " ".join(text.split())


def test_the_serve_help_names_host_port_and_database_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = " ".join(help_of(capsys, "serve").split())
    assert "(default: 127.0.0.1;" in text
    assert "(default: 8000)" in text
    assert "spieltisch-tables.sqlite3" in text


def test_help_speaks_german_under_a_german_locale_or_lang_de(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = help_of(capsys, "simulate", "--lang", "de")
    assert "Anzahl der Partien (nötig)" in text
    assert "Beispiele:" in text
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    text = " ".join(help_of(capsys).split())
    assert "Ein digitaler Spieltisch" in text
    assert "Spiele: " + ", ".join(REGISTRY) in text


# -- rules -----------------------------------------------------------------------------------


def test_rules_are_rendered_markdown_not_its_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "cento", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Cento" in out
    assert not re.search(r"^#+ ", out, re.MULTILINE)  # headings drawn, not "# ..."
    assert "**" not in out
    assert max(len(line) for line in out.splitlines()) <= 100


# -- replay ----------------------------------------------------------------------------------


def replay_args(path: Path, **given: object) -> argparse.Namespace:
    values: dict[str, object] = {"all": False, "seat": None, "verify": False, "lang": "en"}
    values.update(given)
    return argparse.Namespace(file=path, **values)


def recorded_console() -> Console:
    return Console(record=True, width=120, file=io.StringIO())


def test_a_spectator_hears_of_players_never_of_you(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(DICHT_DRAN), "--all", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Player 2 laid a card face down." in out
    assert not re.search(r"\b[Yy]ou(r)?\b", out)
    steps = len(Transcript.load(DICHT_DRAN).actions)
    assert f"Step {steps} · Player" in out
    assert "Result" in out


def test_one_seat_is_you_and_the_others_are_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(MISSIONSZAHL), "--all", "--seat", "2", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Spieler 2 (du)" in out
    assert "Du hast " in out  # seat 2's own face-down card, told to seat 2
    assert "Spieler 1 hat eine Karte verdeckt abgelegt." in out
    assert "Deine Handkarten" in out
    assert out.count("Deine Handkarten") == 1  # only seat 2's hand, once


def test_a_seat_outside_the_table_is_one_line_in_the_users_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(MISSIONSZAHL), "--seat", "3", "--lang", "de"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "spieltisch: Fehler: --seat muss zwischen 1 und 2 liegen, nicht 3"


def test_keys_step_forward_and_back_and_quit() -> None:
    presses = iter([replay.NEXT, replay.NEXT, replay.BACK, replay.QUIT])
    console = recorded_console()
    assert cmd_replay(replay_args(DICHT_DRAN), console, keys=lambda: next(presses)) == 0
    text = console.export_text()
    assert re.findall(r"Step (\d+) of \d+", text) == ["0", "1", "2", "1"]
    assert "Result" not in text  # quit before the end


def test_stepping_to_the_end_shows_the_result() -> None:
    console = recorded_console()
    assert cmd_replay(replay_args(DICHT_DRAN), console, keys=lambda: replay.NEXT) == 0
    text = console.export_text()
    steps = len(Transcript.load(DICHT_DRAN).actions)
    assert f"Step {steps} of {steps}" in text
    assert "Result" in text


@pytest.mark.parametrize(
    ("data", "key"),
    [
        (b"\r", replay.NEXT),
        (b" ", replay.NEXT),
        (b"\x1b[C", replay.NEXT),
        (b"\x1b[D", replay.BACK),
        (b"q", replay.QUIT),
        (b"\x03", replay.QUIT),
        (b"x", None),
    ],
)
def test_key_presses_are_named(data: bytes, key: str | None) -> None:
    assert replay._key_name(data) == key


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def read_until(fd: int, pattern: str, seen: bytearray, timeout: float = 20.0) -> str:
    """What the terminal showed, without its escape codes, once ``pattern`` is in it."""
    deadline = time.monotonic() + timeout
    while pattern not in ANSI.sub("", seen.decode("utf-8", "replace")):
        assert time.monotonic() < deadline, seen.decode("utf-8", "replace")[-2000:]
        if select.select([fd], [], [], 0.2)[0]:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return ANSI.sub("", seen.decode("utf-8", "replace"))


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_replay_steps_through_a_pseudo_terminal() -> None:
    controller, terminal = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "LINES": "40", "TERM": "xterm", "LANG": "en_GB.UTF-8"}
    process = subprocess.Popen(
        [sys.executable, "-m", "spieltisch.cli.main", "replay", str(DICHT_DRAN)],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=env,
        close_fds=True,
    )
    os.close(terminal)
    seen = bytearray()
    try:
        assert "Step 1 of" not in read_until(controller, "Step 0 of", seen)
        os.write(controller, b"\r")
        read_until(controller, "Step 1 of", seen)
        os.write(controller, b"\x1b[C")
        read_until(controller, "Step 2 of", seen)
        seen.clear()
        os.write(controller, b"\x1b[D")
        read_until(controller, "Step 1 of", seen)
        os.write(controller, b"q")
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(controller)


# -- simulate's summary ----------------------------------------------------------------------


def test_the_summary_tells_a_designer_the_rules_the_balance_ties_and_rounds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["dicht-dran", "--players", "4", "--games", "200", "--workers", "1"]
    assert main(["simulate", *argv]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "options: passes=2, anchors_can_be_target=True" in out
    assert "seat balance: No seat's win share differs from the fair share" in out
    assert re.search(r"first places shared: the wins add up to \d+ in 200 games", out)
    assert re.search(r"mean length \d+\.\d rounds \(from \d+ to \d+; \d+\.\d actions\)", out)


def test_a_significant_seat_is_named_and_no_ties_no_word_of_them() -> None:
    summary = {
        "options": {},
        "players": 2,
        "games": 100,
        "wins": [70, 30],
        "win_share": [0.7, 0.3],
        "fair_share": 0.5,
        "seat_p": [0.0001, 0.0001],
        "shared_wins": 0,
        "mean_length": 40.0,
        "length_unit": None,
    }
    lines = summary_lines(summary)
    assert lines[0] == "options: none"
    assert "seat 1 wins more often than the fair share" in lines[1]
    assert not any("shared" in line for line in lines)
    assert lines[-1] == "mean length 40.0 actions"


def test_piped_text_lines_are_not_wrapped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS")
    out = make_console()
    assert not out.is_terminal
    command = "Continue with: spieltisch play --resume " + "spieltisch-transcripts/" * 8 + "x.json"
    out.print(command)
    out.print(Panel("a board"))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == command
    assert len(lines[1]) == PIPE_WIDTH  # boards keep a width
