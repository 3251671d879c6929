"""``spieltisch replay``: a saved game told step by step, as a spectator saw it or as one
seat saw it.

A spectator sees the public events only ("Player 2 laid a card face down"); with a seat,
that seat's own events are told too, and "you" is that seat. On a terminal each key press
shows the next step with the board after it; elsewhere (a pipe, ``--all``) every step is
printed at once.
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from spieltisch.cli.i18n import t
from spieltisch.cli.render import render
from spieltisch.core.game import Game, Seat, View
from spieltisch.core.transcript import Transcript, check_result, replay_steps

#: What a key press asks for.
NEXT, BACK, QUIT = "next", "back", "quit"

KeySource = Callable[[], str]


@dataclass(frozen=True, slots=True)
class Frame:
    """One step as the viewer saw it: who acted, what the viewer was told, the board after."""

    step: int
    seat: Seat | None
    lines: tuple[str, ...]
    view: View


def frames(
    game: Game[Any, Any, Any], transcript: Transcript, viewer: Seat | None, lang: str
) -> list[Frame]:
    """Every step of ``transcript`` (step 0: the deal) as ``viewer`` (``None``: a spectator)
    saw it; the recorded result is checked against the replayed game."""
    made = []
    state = None
    for step, seat, _action, events, after in replay_steps(game, transcript):
        state = after
        lines = tuple(game.describe(event, lang) for event in events if event.visible_to(viewer))
        made.append(Frame(step, seat, lines, game.view(after, viewer)))
    check_result(game, state, transcript)
    return made


def heading(frame: Frame, viewer: Seat | None, lang: str) -> str:
    """ "Step 5 · Player 2 (you)"; the deal has no player."""
    if frame.seat is None:
        return f"[bold]{t(lang, 'deal')}[/bold]"
    player = t(lang, "player", n=frame.seat + 1)
    if frame.seat == viewer:
        player += f" ({t(lang, 'you')})"
    return f"[bold]{t(lang, 'step', step=frame.step)}[/bold] · {player}"


def print_frame(out: Console, frame: Frame, viewer: Seat | None, lang: str) -> None:
    out.print(heading(frame, viewer, lang), highlight=False)
    for line in frame.lines:
        out.print("  " + line, highlight=False)


def print_all(
    out: Console, game: Game[Any, Any, Any], shown: list[Frame], viewer: Seat | None, lang: str
) -> None:
    """Every step, then the board at the end (``--all``, and whenever stdin or stdout is
    not a terminal)."""
    for frame in shown:
        print_frame(out, frame, viewer, lang)
    out.print(render(game, shown[-1].view, lang))


def step_through(
    out: Console,
    game: Game[Any, Any, Any],
    shown: list[Frame],
    viewer: Seat | None,
    lang: str,
    keys: KeySource,
) -> bool:
    """Show one step at a time, the board after it above the step's events; ``keys`` says
    where to go. Returns whether the last step was reached (then the result follows)."""
    index = 0
    last = len(shown) - 1
    while True:
        frame = shown[index]
        if out.is_terminal:
            out.clear()
        out.print(render(game, frame.view, lang))
        print_frame(out, frame, viewer, lang)
        hint = t(lang, "replay_keys", step=frame.step, last=shown[-1].step)
        out.print(hint, style="dim", highlight=False)
        if index == last:
            return True
        key = keys()
        if key == QUIT:
            return False
        index = max(0, index - 1) if key == BACK else index + 1


@contextmanager
def terminal_keys(fd: int | None = None) -> Iterator[KeySource]:
    """Key presses from the terminal, each as soon as it is pressed and not echoed, for the
    duration of the ``with`` block: Enter, space, → or n is :data:`NEXT`; ←, Backspace, b
    or p is :data:`BACK`; q, Escape or Ctrl-D is :data:`QUIT`. Other keys are ignored."""
    import termios
    import tty

    fd = sys.stdin.fileno() if fd is None else fd
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd, termios.TCSANOW)  # keys pressed early are kept, not flushed

    def read() -> str:
        while True:
            key = _key_name(_read_press(fd))
            if key is not None:
                return key

    try:
        yield read
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _read_press(fd: int) -> bytes:
    """The bytes of one key press: an escape sequence arrives at once, after its Escape."""
    data = os.read(fd, 1)
    if data == b"\x1b":
        while select.select([fd], [], [], 0.05)[0]:
            data += os.read(fd, 8)
    return data


_KEYS = {
    NEXT: (b"\r", b"\n", b" ", b"n", b"\x1b[C", b"\x1bOC"),
    BACK: (b"\x1b[D", b"\x1bOD", b"\x7f", b"\x08", b"b", b"p"),
    QUIT: (b"q", b"Q", b"\x1b", b"\x03", b"\x04", b""),
}


def _key_name(data: bytes) -> str | None:
    for name, presses in _KEYS.items():
        if data in presses:
            return name
    return None
