"""The command's Rich consoles. Into a pipe or a file, a line of text is never wrapped, so
a printed command (``spieltisch play --resume …``) stays whole and can be copied; boards,
tables and rendered Markdown keep the console's width (``COLUMNS``, else 100)."""

from __future__ import annotations

import os
from typing import Any

from rich.console import Console

#: The width of tables and boards written to a pipe or a file when ``COLUMNS`` is not set.
PIPE_WIDTH = 100


class PipeConsole(Console):
    """A console writing to a pipe or a file: plain text lines are printed unwrapped."""

    def print(self, *objects: Any, **kwargs: Any) -> None:
        if objects and all(isinstance(item, str) for item in objects):
            kwargs.setdefault("soft_wrap", True)
        super().print(*objects, **kwargs)


def make_console(stderr: bool = False) -> Console:
    """A console for stdout (or stderr): Rich's own on a terminal, a :class:`PipeConsole`
    elsewhere."""
    console = Console(stderr=stderr)
    if console.is_terminal:
        return console
    width = None if os.environ.get("COLUMNS") else PIPE_WIDTH
    return PipeConsole(stderr=stderr, width=width)
