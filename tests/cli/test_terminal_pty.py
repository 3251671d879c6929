"""The `play` command at a real pseudo-terminal: the arrow keys edit the line and recall
earlier ones, Tab completes a legal move, the help line stands below the prompt, a refusal
says why, Ctrl-C stops with status 130."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from spieltisch.core.transcript import Transcript

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

SRC = Path(__file__).parents[2] / "src"
LEFT = "\x1b[D"
UP = "\x1b[A"
CTRL_C = "\x03"


class Terminal:
    """A program running at a pseudo-terminal of 120 columns, read and typed into."""

    def __init__(self, *argv: str) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = {
            **os.environ,
            "PYTHONPATH": str(SRC),
            "TERM": "xterm",
            "COLUMNS": "120",
            "LANG": "C.UTF-8",
        }
        env.pop("LC_ALL", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "spieltisch.cli.main", *argv],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.seen = ""

    def expect(self, pattern: str, timeout: float = 30) -> re.Match[str]:
        """Read until ``pattern`` shows up in the output since the last match."""
        deadline = time.monotonic() + timeout
        while True:
            match = re.search(pattern, self.seen)
            if match:
                self.seen = self.seen[match.end() :]
                return match
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} not seen in:\n{self.seen[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the program ended
                    chunk = b""
                if not chunk and self.process.poll() is not None:
                    raise AssertionError(f"{pattern!r} not seen; the program ended:\n{self.seen}")
                if b"\x1b[6n" in chunk:  # where is the cursor? (a terminal answers)
                    os.write(self.master, b"\x1b[20;1R")
                self.seen += chunk.decode("utf-8", "replace")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())
        time.sleep(0.2)

    def close(self) -> int:
        try:
            code = self.process.wait(timeout=30)
        finally:
            os.close(self.master)
        return code


def test_arrow_keys_edit_tab_completes_and_ctrl_c_exits_130(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    argv = ("play", "dicht-dran", "--seed", "3", "--lang", "de", "--save", str(save))
    terminal = Terminal(*argv)
    try:
        hand = terminal.expect(r"Du kannst wählen: ([\d, ]+)").group(1).strip()
        assert hand == "8, 31, 46, 61, 62, 78, 90, 92"
        terminal.expect("Tippe die Zahl der Karte")  # the help line below the prompt
        terminal.type("8" + LEFT + "7\r")  # 8, back one, 7 before it: 78
        terminal.expect(r"Du hast die 78 verdeckt abgelegt\.")
        terminal.expect("Deine Wahl>")
        terminal.type("3\t")  # only 31 starts with 3
        terminal.expect("31")
        terminal.type("\r")
        terminal.expect(r"Du hast die 31 verdeckt abgelegt\.")
        terminal.expect("Deine Wahl>")
        terminal.type(UP + "\r")  # the line before: 31 again, no longer in the hand
        terminal.expect(r"Die 31 hast du nicht auf der Hand; du hast: 8, 46, 61, 62, 90, 92\.")
        terminal.type("\r")  # an empty line just asks again
        terminal.type("1")
        terminal.type(CTRL_C)
        terminal.expect("Partie unterbrochen")
        terminal.expect(r"play --resume")
    finally:
        code = terminal.close()
    assert code == 130
    assert "verstehe" not in terminal.seen
    saved = Transcript.load(save)
    assert saved.lang == "de"
    assert [action["card"] for seat, action in saved.actions if seat == 0] == [78, 31]
