"""The terminal player: a whole move typed at once is handed out one checked action at a time."""

from __future__ import annotations

import builtins
import io
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from rich.console import Console

from spieltisch.cli.terminal import TerminalPlayer
from spieltisch.core.errors import ActionParseError
from spieltisch.core.game import GameSpec, View
from spieltisch.games.triggs import Triggs


@dataclass(frozen=True, slots=True)
class Step:
    n: int

    def __str__(self) -> str:
        return f"step {self.n}"


class TwoStepGame:
    """Just what the terminal player uses: a move 'a' means step 1 then step 2."""

    spec = GameSpec("two-step", "Zwei Schritte", "Two steps", "1", 1, 1)

    def parse_move(self, text: str) -> list[Step]:
        if not text.isdigit() and text != "a":
            raise ActionParseError(text)
        return [Step(1), Step(2)] if text == "a" else [Step(int(text))]

    def read_move(self, view: object, text: str) -> list[Step]:
        return self.parse_move(text)

    def label(self, action: Step, lang: str) -> str:
        return str(action.n)

    def legality_key(self, action: Step) -> Step:
        return action

    def wants_text(self, action: Step) -> bool:
        return False

    def refusal(self, view: View, text: str, lang: str) -> str | None:
        return "no nines here" if text == "9" else None


def player(
    answers: list[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[TerminalPlayer, io.StringIO]:
    queue = iter(answers)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(queue))
    out = io.StringIO()
    console = Console(file=out, width=200)
    game = TwoStepGame()
    return TerminalPlayer(game, 0, console, "en", interactive=False), out  # type: ignore[arg-type]


def test_a_whole_move_is_played_one_action_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    agent, _ = player(["a"], monkeypatch)
    view = View(seat=0)
    assert agent.act(view, [Step(1), Step(3)]) == Step(1)
    assert agent.act(view, [Step(2), Step(4)]) == Step(2)  # no prompt: taken from the move


def test_the_rest_of_a_move_is_dropped_when_it_is_no_longer_legal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agent, out = player(["a", "4"], monkeypatch)
    view = View(seat=0)
    assert agent.act(view, [Step(1)]) == Step(1)
    assert agent.act(view, [Step(4)]) == Step(4)  # step 2 was not legal: asked again
    assert "2 is no longer allowed; the rest of your move is dropped." in out.getvalue()


def test_a_move_whose_first_action_is_illegal_is_refused_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agent, out = player(["a", "3"], monkeypatch)
    assert agent.act(View(seat=0), [Step(3)]) == Step(3)
    assert "1 is not allowed now.\nYou may choose: 3" in out.getvalue()
    assert agent.queued == []


def test_an_empty_line_asks_again_and_a_refusal_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    agent, out = player(["", "  ", "9", "x", "3"], monkeypatch)
    assert agent.act(View(seat=0), [Step(3)]) == Step(3)
    text = out.getvalue()
    assert "no nines here\nYou may choose: 3" in text
    assert "I don't understand 'x'. Type one of the choices." in text
    assert "understand ''" not in text


def completions(player: TerminalPlayer, legal: Sequence[object], typed: str) -> list[str]:
    player.reader.completer.choices = [player.game.label(a, player.lang) for a in legal]
    found = player.reader.completer.get_completions(Document(typed), CompleteEvent())
    return [completion.text for completion in found]


def test_completion_offers_the_legal_moves_in_the_players_language() -> None:
    game = Triggs()
    state = game.new_state(3, 3)
    legal = list(game.legal_actions(state, 0))
    console = Console(file=io.StringIO())
    german = TerminalPlayer(game, 0, console, "de", interactive=False)
    assert completions(german, legal, "zie") == ["ziehe links", "ziehe mitte", "ziehe rechts"]
    assert completions(german, legal, "Kreuze 1") == ["kreuze 1", "kreuze 11", "kreuze 12"]
    assert completions(german, legal, "draw") == []  # only what legal_actions offers
    english = TerminalPlayer(game, 0, console, "en", interactive=False)
    assert completions(english, legal, "draw l") == ["draw left"]
    assert "kreuze 11: 11 7+4" in german.help
    assert "cross 11: 11 7+4" in english.help
