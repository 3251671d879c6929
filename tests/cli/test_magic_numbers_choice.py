"""Magic Numbers with multiple choice in the terminal and in ``simulate``: the four meanings
are shown numbered, a person types a number or a meaning's text, and simulate plays the
option."""

from __future__ import annotations

import builtins
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from spieltisch.cli.main import main
from spieltisch.cli.render import render
from spieltisch.core.transcript import Transcript
from tests.games.test_magic_numbers import FIXTURE
from tests.games.test_magic_numbers_choice import choice, solving_berlin, wrong_index


def test_the_screen_numbers_the_meanings_and_strikes_a_wrong_choice() -> None:
    game = choice()
    state = solving_berlin(game)
    wrong = wrong_index(game, state)
    game.play(state, 1, game.decode(22 + wrong))
    console = Console(record=True, width=160)
    console.print(render(game, game.view(state, 0), "de"))
    text = console.export_text()
    assert "Was bedeutet die 1989? Zur Wahl:" in text
    for index, (de, _) in enumerate(game.view(state, 0).choices, 1):
        assert f"{index}) {de}" in text
    assert f"{de}" in text
    assert "✗ 2" in text  # player 2 chose it
    assert "die Nummer (1–4) oder den Text einer Bedeutung eintippen" in text


def test_a_person_chooses_by_text_and_by_number(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "240")
    typed: list[str] = []
    chose: list[str] = []

    def person(prompt: object = "") -> str:
        screen = capsys.readouterr().out
        if "type the number (1–4)" in screen:
            shown = re.findall(r"^\s*│?\s*1\) (.+?)\s*│?$", screen, re.MULTILINE)
            line = "2" if chose else shown[-1].strip()
            chose.append(line)
        elif "'theme' or 'unit'" in screen:
            line = "theme"
        elif "bid 1 3" in screen:
            line = "1 3"
        else:
            line = "pass"
        typed.append(line)
        return line

    monkeypatch.setattr(builtins, "input", person)
    save = tmp_path / "game.json"
    argv = ["play", "magic-numbers", "--players", "2", "--seed", "3", "--lang", "en"]
    argv += ["--deck", str(FIXTURE), "--option", "answers=choice", "--save", str(save)]
    assert main(argv) == 0
    actions = Transcript.load(save).actions
    chosen = [action for seat, action in actions if seat == 0 and action["type"] == "choose"]
    assert chose[0] not in ("1", "2", "3", "4")  # the text of meaning 1 ...
    assert chosen[0] == {"type": "choose", "index": 0}  # ... chose it
    assert chosen[1] == {"type": "choose", "index": 1}


def test_simulate_plays_multiple_choice(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "magic-numbers", "--players", "3", "--games", "6", "--json"]
    argv += ["--option", "answers=choice", "--bots", "heuristic"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["options"]["answers"] == "choice"


def test_a_bad_answers_value_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "magic-numbers", "--players", "3", "--games", "1"]
    assert main([*argv, "--option", "answers=guess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "answers" in err
