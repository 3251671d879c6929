"""The training example runs end to end: MaskablePPO trains a Dicht dran seat for two
thousand steps through the Gymnasium environment and records its curve (that it runs, not
that it learns: docs/rl.md has a real curve)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest


def load_example() -> Any:
    path = Path(__file__).parents[2] / "examples" / "train_masked_ppo.py"
    spec = importlib.util.spec_from_file_location("train_masked_ppo", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def test_a_short_training_run_records_its_curve(tmp_path: Path) -> None:
    example = load_example()
    out = tmp_path / "curve.json"
    argv = ["--steps", "2048", "--every", "2048", "--n-steps", "512", "--games", "2"]
    assert example.main([*argv, "--players", "3", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    steps = [point["steps"] for point in data["curve"]]
    assert steps == [0, 2048]
    for point in data["curve"]:
        for share in (point["win_share_vs_random"], point["win_share_vs_heuristic"]):
            assert 0.0 <= share <= 1.0
    assert data["command"].startswith("python examples/train_masked_ppo.py --steps 2048")


def test_bad_arguments_are_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example()
    with pytest.raises(SystemExit) as stop:
        example.main(["--steps", "0"])
    assert stop.value.code == 2
    assert "must be at least 1" in capsys.readouterr().err
