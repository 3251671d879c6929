"""The ``spieltisch`` command: every subcommand, and bad input as one line with exit 2."""

from __future__ import annotations

import builtins
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from spieltisch.cli.main import main
from spieltisch.core.transcript import Transcript
from spieltisch.games import REGISTRY

CHOICES = re.compile(r"(?:You may choose|Du kannst wählen): (.*)")


@pytest.fixture(autouse=True)
def wide_plain_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -- games, rules ----------------------------------------------------------------------------


def test_games_lists_ids_and_seat_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert re.search(r"dicht-dran .* 3–5", out)


@pytest.mark.parametrize(("lang", "heading"), [("de", "Regeln"), ("en", "rules")])
def test_rules_in_both_languages(
    capsys: pytest.CaptureFixture[str], lang: str, heading: str
) -> None:
    code, out, _ = run(capsys, "rules", "dicht-dran", "--lang", lang)
    assert code == 0
    assert heading in out.splitlines()[0]
    assert "<!-- lang" not in out


# -- bad input: one line on stderr, exit 2 -----------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "schach"], f"unknown game 'schach'; the games are: {', '.join(REGISTRY)}"),
        (["rules", "schach"], "unknown game 'schach'"),
        (
            ["simulate", "dicht-dran", "--players", "6", "--games", "2"],
            "is for 3 to 5 players, got 6",
        ),
        (["play", "dicht-dran", "--players", "2"], "is for 3 to 5 players, got 2"),
        (
            ["play", "dicht-dran", "--seat", "5", "--players", "4"],
            "--seat must be from 1 to 4, got 5",
        ),
        (
            ["simulate", "dicht-dran", "--players", "3", "--games", "2", "--option", "passes=99"],
            "option 'passes' of dicht-dran must be a whole number from 1 to 10, got '99'",
        ),
        (
            ["simulate", "dicht-dran", "--players", "3", "--games", "2", "--option", "passes"],
            "--option takes KEY=VALUE",
        ),
        (
            ["simulate", "dicht-dran", "--players", "3", "--games", "2", "--bots", "genius"],
            "unknown bot 'genius'; the bots are: random",
        ),
        (
            [
                "simulate",
                "dicht-dran",
                "--players",
                "3",
                "--games",
                "2",
                "--bots",
                "random:depth=3",
            ],
            "bot 'random' has no parameter 'depth=3'",
        ),
        (
            ["simulate", "dicht-dran", "--players", "3", "--games", "2", "--bots", "random,random"],
            "one bot for all seats or one per seat (3), got 2",
        ),
        (
            ["simulate", "dicht-dran", "--players", "3", "--games", "0"],
            "--games must be at least 1",
        ),
        (["simulate", "dicht-dran", "--players", "three", "--games", "1"], "invalid int value"),
        (["fly"], "invalid choice: 'fly'"),
        (
            [
                "simulate",
                "dicht-dran",
                "--players",
                "3",
                "--games",
                "1",
                "--bots",
                "heuristic:risk=1",
            ],
            "the heuristic bot for dicht-dran has no parameter 'risk'; its parameters: draw, keep",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1
    assert err.startswith("spieltisch: error: ")
    assert message in err
    assert "Traceback" not in err + out


def test_malformed_and_illegal_transcripts_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("[1, 2", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(broken), "--verify")
    assert (code, err.count("\n")) == (2, 1)
    assert "not valid JSON" in err

    golden = Path(__file__).parents[1] / "golden" / "dicht-dran" / "3p-seed11.json"
    data = json.loads(golden.read_text(encoding="utf-8"))
    data["actions"][3]["action"]["card"] = 100
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(illegal), "--verify")
    assert code == 2
    assert re.search(r"step 4, player 1: play 100 is not legal now; legal: play", err)


# -- simulate, replay ----------------------------------------------------------------------------


def test_simulate_json_is_one_object_that_depends_only_on_the_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "dicht-dran", "--players", "4", "--games", "30", "--seed", "9", "--json"]
    objects = []
    for _ in range(2):
        code, out, _ = run(capsys, *argv)
        assert code == 0
        summary = json.loads(out)
        summary.pop("timing")
        objects.append(summary)
    assert objects[0] == objects[1]
    summary = objects[0]
    assert (summary["game"], summary["players"], summary["games"], summary["seed"]) == (
        "dicht-dran",
        4,
        30,
        9,
    )
    assert len(summary["wins"]) == len(summary["mean_scores"]) == 4
    assert sum(summary["wins"]) >= 30
    assert summary["mean_length"] > 0


def test_simulate_saves_transcripts_that_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["simulate", "dicht-dran", "--players", "3", "--games", "3", "--json", "--transcripts"]
    code, out, _ = run(capsys, *argv, str(tmp_path))
    assert code == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    wins = [0, 0, 0]
    for path in files:
        result = Transcript.load(path).result
        assert result is not None
        wins = [w + (place == 1) for w, place in zip(wins, result.ranking, strict=True)]
        code, out, _ = run(capsys, "replay", str(path), "--verify")
        assert code == 0
        assert "the result matches" in out
    assert (
        json.loads(
            run(capsys, "simulate", "dicht-dran", "--players", "3", "--games", "3", "--json")[1]
        )["wins"]
        == wins
    )


def test_replay_shows_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    golden = Path(__file__).parents[1] / "golden" / "dicht-dran" / "3p-seed11.json"
    code, out, _ = run(capsys, "replay", str(golden), "--lang", "en")
    assert code == 0
    steps = len(Transcript.load(golden).actions)
    assert f"Step {steps} · Player" in out
    assert "wins the" in out
    assert "Result" in out


# -- play ------------------------------------------------------------------------------------------


def scripted_input(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    first: list[str | None],
    screens: list[str],
) -> None:
    """Answer prompts: first the given lines (``None``: the first choice offered), then always
    the first choice offered."""
    queued: Iterator[str | None] = iter(first)

    def answer(prompt: object = "") -> str:
        screen = capsys.readouterr().out
        screens.append(screen)
        line = next(queued, None)
        if line is not None:
            return line
        offered = CHOICES.findall("".join(screens))
        return str(offered[-1]).split(", ")[0]

    monkeypatch.setattr(builtins, "input", answer)


def test_a_person_plays_a_whole_game_and_is_helped_with_wrong_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    screens: list[str] = []
    scripted_input(monkeypatch, capsys, ["banana", "play 1", "", "?"], screens)
    save = tmp_path / "game.json"
    code = main(
        [
            "play",
            "dicht-dran",
            "--players",
            "3",
            "--seat",
            "2",
            "--seed",
            "4",
            "--lang",
            "en",
            "--save",
            str(save),
            "--option",
            "passes=1",
        ]
    )
    screens.append(capsys.readouterr().out)
    text = "".join(screens)
    assert code == 0
    assert "I don't understand 'banana'." in text
    assert re.search(r"1 is not in your hand; you hold: \d+, \d+.*\nYou may choose: \d+", text)
    assert "Type the number of the card you lay face down" in text
    assert "Player 2 (you)" in text
    assert "You laid the" in text
    assert "Player 2 laid a card face down" not in text  # your own play is told once
    assert "Player 1 laid a card face down" in text
    assert "Result" in text
    assert re.search(r"Places: 1\. Player \d, [12]\. Player \d, ", text)
    final_board = text[text.rindex("Dicht dran · Game over") :]
    assert "Target" not in final_board
    assert "points by pass → total" not in final_board  # one pass: just the total
    assert "points " in final_board
    assert "points of past passes" in text  # during the game
    transcript = Transcript.load(save)
    assert transcript.result is not None
    assert transcript.agents == ["random", "human", "random"]
    assert run(capsys, "replay", str(save), "--verify")[0] == 0


def test_quitting_saves_the_game_and_resume_finishes_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    screens: list[str] = []
    scripted_input(monkeypatch, capsys, ["spiele x", None, "q"], screens)
    save = tmp_path / "paused.json"
    code = main(
        ["play", "dicht-dran", "--players", "4", "--seed", "8", "--lang", "de", "--save", str(save)]
    )
    screens.append(capsys.readouterr().out)
    assert code == 0
    assert "Partie unterbrochen" in "".join(screens)
    assert "spieltisch play --resume" in "".join(screens)
    paused = Transcript.load(save)
    assert paused.result is None
    assert len(paused.actions) == 4  # the first round, saved as it went

    assert paused.lang == "de"

    screens.clear()
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    scripted_input(monkeypatch, capsys, [], screens)
    assert main(["play", "--resume", str(save)]) == 0  # in the game's language
    resumed = "".join(screens)
    assert "Die Partie geht weiter nach 4 Zügen." in resumed
    assert "Durchgang 1 beginnt" not in resumed  # the board as it stands, not the opening
    assert "Deine Handkarten" not in resumed.split("Du bist dran")[0]
    assert "Ergebnis" in "".join(screens) + capsys.readouterr().out
    finished = Transcript.load(save)
    assert finished.result is not None
    assert finished.actions[: len(paused.actions)] == paused.actions
    assert finished.seed == paused.seed


def test_usage_errors_of_play_speak_german_under_lang_de(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, "play", "--lang", "de")
    assert code == 2
    assert "nenne ein Spiel oder --resume DATEI; Spiele: dicht-dran" in err
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, _, err = run(capsys, "play", "dicht-dran", "--seat", "7", "--players", "3")
    assert code == 2
    assert "--seat muss von 1 bis 3 gehen, nicht 7" in err


def test_resume_refuses_settings_that_the_file_decides(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "play", "--resume", str(tmp_path / "x.json"), "--players", "4")
    assert code == 2
    assert "--resume takes the game, players, seed and options from the file; drop --players" in err


def test_an_unwritable_place_is_one_line_before_anything_is_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    code, out, err = run(capsys, "play", "dicht-dran", "--save", str(blocker / "game.json"))
    assert code == 2
    assert err.count("\n") == 1
    assert "Not a directory" in err or "File exists" in err
    assert "Your choice" not in out
    argv = ["simulate", "dicht-dran", "--players", "3", "--games", "1", "--transcripts"]
    code, _, err = run(capsys, *argv, str(blocker / "dir"))
    assert code == 2
    assert err.count("\n") == 1


def test_end_of_input_counts_as_quitting(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_more(prompt: object = "") -> str:
        raise EOFError

    monkeypatch.setattr(builtins, "input", no_more)
    save = tmp_path / "eof.json"
    assert main(["play", "dicht-dran", "--seed", "1", "--save", str(save)]) == 0
    assert Transcript.load(save).result is None


def test_the_installed_command_runs() -> None:
    command = Path(sys.executable).parent / "spieltisch"
    done = subprocess.run([str(command), "games"], capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert "dicht-dran" in done.stdout
    done = subprocess.run(
        [str(command), "play", "nope"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    known = ", ".join(REGISTRY)
    assert done.stderr.strip() == f"spieltisch: error: unknown game 'nope'; the games are: {known}"
