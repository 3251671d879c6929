"""The random bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from spieltisch.core.game import View


class RandomBot:
    """Picks uniformly among the legal actions; never looks at the view."""

    wants_view = False

    def __init__(self, seed: int, name: str = "random") -> None:
        self.name = name
        self._draw = random.Random(seed).random

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        return legal[int(self._draw() * len(legal))]
