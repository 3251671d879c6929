"""A person at the terminal as an agent: sees the view, types an action, is told what is
allowed when the input is not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console

from spieltisch.cli.i18n import t
from spieltisch.cli.render import render
from spieltisch.core.errors import ActionParseError
from spieltisch.core.game import Event, Game, Seat, View

QUIT_WORDS = frozenset({"q", "quit", "exit", "ende", "beenden"})
HELP_WORDS = frozenset({"?", "h", "help", "hilfe"})


class Quit(Exception):
    """The person asked to stop (or the input ended)."""


class TerminalPlayer:
    """Asks a person for each action of one seat."""

    wants_view = True

    def __init__(self, game: Game[Any, Any, Any], seat: Seat, console: Console, lang: str) -> None:
        self.name = "human"
        self.game = game
        self.seat = seat
        self.console = console
        self.lang = lang
        #: The rest of a whole move typed at once, handed out one action at a time.
        self.queued: list[Any] = []

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        assert view is not None
        if self.queued:
            action = self.queued.pop(0)
            if self.game.legality_key(action) in legal:
                return action
            self.console.print(
                t(self.lang, "rest_dropped", action=self.game.label(action, self.lang)),
                style="yellow",
            )
            self.queued.clear()
        self.console.print(render(self.game, view, self.lang))
        self.console.print(t(self.lang, "your_turn"), self._choices(legal))
        while True:
            text = self._read()
            if text.lower() in HELP_WORDS:
                self.console.print(t(self.lang, "help"), self._choices(legal))
                continue
            try:
                actions = self.game.read_move(view, text)
            except ActionParseError:
                self.console.print(t(self.lang, "not_an_action", text=text), style="yellow")
                self.console.print(self._choices(legal))
                continue
            if actions and self.game.legality_key(actions[0]) in legal:
                self.queued = actions[1:]
                return actions[0]
            self.console.print(
                t(self.lang, "not_legal", choices=self._choices(legal)), style="yellow"
            )

    def _read(self) -> str:
        try:
            text = self.console.input(f"[bold]{t(self.lang, 'prompt')}>[/bold] ").strip()
        except EOFError:
            raise Quit from None
        if text.lower() in QUIT_WORDS:
            raise Quit
        return text

    def _choices(self, legal: Sequence[Any]) -> str:
        labels = ", ".join(self.game.label(action, self.lang) for action in legal)
        return t(self.lang, "choices", choices=labels)


class EventPrinter:
    """Prints the events one seat (or a spectator, ``None``) may see."""

    def __init__(self, game: Game[Any, Any, Any], seat: Seat | None, console: Console, lang: str):
        self.game = game
        self.seat = seat
        self.console = console
        self.lang = lang

    def __call__(self, events: list[Event]) -> None:
        for event in events:
            if event.visible_to(self.seat):
                self.console.print("  " + self.game.describe(event, self.lang), highlight=False)
