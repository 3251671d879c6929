"""The toy game's heuristic: lay the highest card, since the highest card wins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spieltisch.core.game import Game, View
from tests.toy.game import Lay


class HighestCard:
    """Lays its highest card."""

    wants_view = False

    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, view: View | None, legal: Sequence[Lay]) -> Lay:
        return max(legal, key=lambda action: action.card)


def make(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> HighestCard:
    return HighestCard(spec)
