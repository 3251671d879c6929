"""Shared test helpers."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from spieltisch.bots import RandomBot
from spieltisch.core.chance import derive_seed
from spieltisch.core.game import Game, View
from spieltisch.core.match import Agent


def load_benchmark(name: str) -> Any:
    """``benchmarks/<name>.py`` as a module (benchmarks are scripts, not a package; their
    folder is importable, as when one is run, for the modules they share)."""
    folder = Path(__file__).parents[1] / "benchmarks"
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    path = folder / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def random_agents(game: Game[Any, Any, Any], seats: int, seed: int) -> list[Agent]:
    """One seeded random bot per seat."""
    return [RandomBot(derive_seed(seed, "bot", seat)) for seat in range(seats)]


class NoisyAgent:
    """Wraps an agent and stirs the global ``random`` and numpy generators before each move,
    to show that no game result depends on them."""

    wants_view = True

    def __init__(self, inner: Agent, noise: int) -> None:
        self.inner = inner
        self.name = inner.name
        self.noise = noise

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        for _ in range(self.noise):
            random.random()
            np.random.random()
        return self.inner.act(view, legal)
