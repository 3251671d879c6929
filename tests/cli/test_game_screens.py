"""What a person sees and types in the terminal for Cento and Magic Numbers (the game
scenario tests stay free of the command line)."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import pytest
from rich.console import Console

from spieltisch.cli.main import main
from spieltisch.cli.render import render
from spieltisch.core.transcript import Transcript
from spieltisch.games.cento import Cento
from spieltisch.games.cento.actions import FREE_LAYS, NUMBER_LAYS
from spieltisch.games.cento.cards import FREE
from tests.games.test_cento import A, B, play_all, table
from tests.games.test_magic_numbers import FIXTURE, card_data, write_deck


def test_the_terminal_picture_shows_the_open_card_obligation_and_hand() -> None:
    game = Cento()
    state = table(game, [[9, 40], [FREE, 7, 50]], 59)
    play_all(game, state, A, "9 end")
    console = Console(record=True, width=100)
    console.print(render(game, game.view(state, B), "de"))
    text = console.export_text()
    assert "Offene Karte: 9" in text
    assert "Monozahl" in text
    assert "frei  7  50" in text
    game.play(state, B, FREE_LAYS[3])
    console.print(render(game, game.view(state, None), "en"))
    assert "free as 3" in console.export_text()
    state = table(game, [[27], [50]], 23)
    game.play(state, A, NUMBER_LAYS[27])
    console.print(render(game, game.view(state, B), "en"))
    assert "Player 1 has won!" in console.export_text()


def test_simulate_takes_a_deck_file(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "magic-numbers", "--players", "3", "--games", "4", "--json"]
    assert main([*argv, "--deck", str(FIXTURE), "--bots", "heuristic"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["options"]["deck"] == str(FIXTURE)


def test_a_bad_deck_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_deck(tmp_path, [card_data(points=[1, 2, 3, 4])])
    argv = ["simulate", "magic-numbers", "--players", "3", "--games", "1", "--deck", str(path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "card 1 (everest-height): field 'points' must be four whole numbers" in err


def test_a_person_types_answers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    typed: list[str] = []

    def person(prompt: object = "") -> str:
        screen = capsys.readouterr().out
        if "just type the answer" in screen:
            line = "Mount Everest"
        elif "'theme' or 'unit'" in screen:
            line = "theme"
        elif "'bid <card" in screen and "bid 9 9" not in typed:
            line = "bid 9 9"
        elif "'bid <card" in screen and not any(t.startswith("1 ") for t in typed):
            line = "1 3"
        else:
            line = "pass"
        typed.append(line)
        return line

    monkeypatch.setattr(builtins, "input", person)
    save = tmp_path / "game.json"
    argv = ["play", "magic-numbers", "--players", "2", "--seed", "3", "--lang", "en"]
    assert main([*argv, "--deck", str(FIXTURE), "--save", str(save)]) == 0
    transcript = Transcript.load(save)
    assert transcript.result is not None
    assert {"type": "answer", "text": "Mount Everest"} in [a for _, a in transcript.actions]
    assert "bid 9 9" in typed
