"""The README's two commands are the ones that work: CI runs the test command verbatim."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parents[1]


def readme_commands() -> list[str]:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines[:12] if line.startswith("    python3 -m venv")]


def test_readme_opens_with_a_play_command_and_a_test_command() -> None:
    play, test = readme_commands()
    assert play.endswith("spieltisch serve")
    assert "pytest" in test


def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    _, test = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in [line.strip() for line in ci]


def test_rules_documents_are_the_packaged_ones() -> None:
    for doc in (ROOT / "docs" / "rules").glob("*.md"):
        packaged = ROOT / "src" / "spieltisch" / "rules" / doc.name
        assert doc.read_text(encoding="utf-8") == packaged.read_text(encoding="utf-8")
