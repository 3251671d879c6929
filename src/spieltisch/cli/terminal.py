"""A person at the terminal as an agent: sees the view, types an action, is told what is
allowed when the input is not.

At a terminal the prompt edits the line (arrow keys, history with Up and Down) and Tab
completes the choices, the labels of ``legal_actions`` in the player's language, nothing
else; the game's help line (its whole-turn syntax) stands below the prompt. Without a
terminal (a pipe, a test) it reads lines with ``input()``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import HTML
from prompt_toolkit.history import InMemoryHistory
from rich.console import Console
from rich.markup import escape

from spieltisch.cli.i18n import t
from spieltisch.cli.render import render
from spieltisch.core.errors import ActionParseError, UnknownGameError
from spieltisch.core.game import Event, Game, Seat, View
from spieltisch.core.words import in_lang, section
from spieltisch.games import descriptor

QUIT_WORDS = frozenset({"q", "quit", "exit", "ende", "beenden"})
HELP_WORDS = frozenset({"?", "h", "help", "hilfe"})


class Quit(Exception):
    """The person asked to stop (or the input ended)."""


class Interrupted(Quit):
    """The person pressed Ctrl-C at the prompt."""


class ChoiceCompleter(Completer):
    """Completes the whole line to one of the current choices (case is ignored)."""

    def __init__(self) -> None:
        self.choices: list[str] = []

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        typed = document.text_before_cursor
        for choice in self.choices:
            if choice.lower().startswith(typed.lower()):
                yield Completion(choice, start_position=-len(typed))


def at_terminal() -> bool:
    """Whether a person is at a terminal (else lines are read with ``input()``)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def help_line(game: Game[Any, Any, Any], lang: str) -> str:
    """How to type a move in ``game``: its catalog's ``term.move_help``, else the general
    line."""
    try:
        words = section(descriptor(game.spec.id).words, "term")
    except UnknownGameError:  # a game made up for a test
        words = {}
    own = in_lang(words, lang).get("move_help") if words else None
    return own or t(lang, "move_help")


class LineReader:
    """Reads a line: with line editing, history and completion at a terminal."""

    def __init__(self, prompt: str, toolbar: str, interactive: bool) -> None:
        self.prompt = prompt
        self.completer = ChoiceCompleter()
        self.session: PromptSession[str] | None = None
        if interactive:
            self.session = PromptSession(
                history=InMemoryHistory(),
                completer=self.completer,
                complete_while_typing=False,
                bottom_toolbar=toolbar,
            )

    def read(self, choices: list[str], console: Console) -> str:
        """One line, stripped; :class:`Interrupted` on Ctrl-C, :class:`Quit` at the end of the
        input."""
        self.completer.choices = choices
        try:
            if self.session is not None:
                return self.session.prompt(HTML(f"<b>{_html(self.prompt)}&gt;</b> ")).strip()
            return console.input(f"[bold]{escape(self.prompt)}>[/bold] ").strip()
        except EOFError:
            raise Quit from None
        except KeyboardInterrupt:
            if self.session is None:
                console.print()  # the ^C stays on its own line
            raise Interrupted from None


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class TerminalPlayer:
    """Asks a person for each action of one seat."""

    wants_view = True

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seat: Seat,
        console: Console,
        lang: str,
        interactive: bool | None = None,
    ) -> None:
        self.name = "human"
        self.game = game
        self.seat = seat
        self.console = console
        self.lang = lang
        self.help = help_line(game, lang)
        interactive = at_terminal() if interactive is None else interactive
        toolbar = f"{self.help}\n{t(lang, 'keys')}"
        self.reader = LineReader(t(lang, "prompt"), toolbar, interactive)
        #: The rest of a whole move typed at once, handed out one action at a time.
        self.queued: list[Any] = []

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        assert view is not None
        if self.queued:
            action = self.queued.pop(0)
            if self.game.legality_key(action) in legal:
                return action
            self.say("rest_dropped", action=self.game.label(action, self.lang))
            self.queued.clear()
        self.console.print(render(self.game, view, self.lang))
        self.console.print(t(self.lang, "your_turn"), self._choices(legal), highlight=False)
        while True:
            text = self._read(legal)
            if not text:
                continue
            if text.lower() in HELP_WORDS:
                self.console.print(f"{self.help}.", t(self.lang, "keys"), highlight=False)
                self.console.print(self._choices(legal), highlight=False)
                continue
            actions, problem = self._parse(view, text, legal)
            if actions:
                self.queued = actions[1:]
                return actions[0]
            self.console.print(problem, style="yellow", highlight=False)
            self.console.print(self._choices(legal), highlight=False)

    def _parse(self, view: View, text: str, legal: Sequence[Any]) -> tuple[list[Any], str]:
        """The actions ``text`` stands for if its first is legal now, else why not."""
        try:
            actions = self.game.read_move(view, text)
        except ActionParseError:
            why = self.game.refusal(view, text, self.lang)
            return [], why or t(self.lang, "not_an_action", text=text, help=self.help)
        why = self.game.refusal(view, text, self.lang)  # a later card not held, say
        if actions and self.game.legality_key(actions[0]) in legal and why is None:
            return actions, ""
        if why is None and actions:
            why = t(self.lang, "not_legal", action=self.game.label(actions[0], self.lang))
        return [], why or t(self.lang, "not_an_action", text=text, help=self.help)

    def _read(self, legal: Sequence[Any]) -> str:
        # a free-text template (a quiz answer) is typed, not completed
        labels = [self.game.label(a, self.lang) for a in legal if not self.game.wants_text(a)]
        text = self.reader.read(labels, self.console)
        if text.lower() in QUIT_WORDS:
            raise Quit
        return text

    def say(self, key: str, **values: object) -> None:
        self.console.print(t(self.lang, key, **values), style="yellow", highlight=False)

    def _choices(self, legal: Sequence[Any]) -> str:
        labels = ", ".join(self.game.label(action, self.lang) for action in legal)
        return escape(t(self.lang, "choices", choices=labels))


class EventPrinter:
    """Prints the events one seat (or a spectator, ``None``) may see, each thing once: a
    public event about the seat itself is left out where the next event, to that seat alone,
    tells all of it and more ("Player 1 laid a card face down" before "You laid the 90 face
    down")."""

    def __init__(self, game: Game[Any, Any, Any], seat: Seat | None, console: Console, lang: str):
        self.game = game
        self.seat = seat
        self.console = console
        self.lang = lang

    def __call__(self, events: list[Event]) -> None:
        for event, after in zip(events, [*events[1:], None], strict=True):
            if event.visible_to(self.seat) and not event.told_better(after, self.seat):
                self.console.print("  " + self.game.describe(event, self.lang), highlight=False)
