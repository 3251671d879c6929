"""The layers stay apart: the engine (core, games) imports no face and no bot, and the game
scenario tests (tests/games, tests/conformance, tests/golden) import no face."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
ENGINE = [ROOT / "src" / "spieltisch" / "core", ROOT / "src" / "spieltisch" / "games"]
FACES = ("spieltisch.bots", "spieltisch.cli", "spieltisch.server", "spieltisch.sim")
SCENARIOS = [ROOT / "tests" / name for name in ("games", "conformance", "golden")]


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth of its code."""
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.add(node.module)
    return modules


def offenders(folders: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)} imports {module}"
        for folder in folders
        for path in sorted(folder.rglob("*.py"))
        for module in sorted(imported(path))
        if module.startswith(forbidden)
    ]


def test_the_engine_imports_no_face_and_no_bot() -> None:
    assert offenders(ENGINE, FACES) == []


def test_game_scenario_tests_import_no_face() -> None:
    assert offenders(SCENARIOS, ("spieltisch.cli", "spieltisch.server")) == []


@pytest.mark.parametrize(
    ("source", "found"),
    [("import spieltisch.cli.main\n", True), ("from spieltisch.games import REGISTRY\n", False)],
)
def test_an_import_of_a_face_is_found(tmp_path: Path, source: str, found: bool) -> None:
    path = tmp_path / "example.py"
    path.write_text(source, encoding="utf-8")
    assert bool([m for m in imported(path) if m.startswith(FACES)]) == found


def test_the_engine_imports_no_rl_library() -> None:
    """Observations are encoded with numpy alone; the RL libraries stay in spieltisch.rl."""
    rl = ("spieltisch.rl", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")
    assert offenders(ENGINE, rl) == []
