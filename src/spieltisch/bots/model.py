"""A model of a player: a bot that can stand for a player in the search's simulations.

Every heuristic bot is one. Besides deciding (``act``) a model may rank the legal moves
(``ismcts:…:top=K`` lets only its best into the knockout) and restart its coin for ties
(the search replays one deal after each of several moves, and the modelled players must
meet the same luck). Both are declared here with defaults: a model that does not rank lists
the moves as given, and one without a coin has nothing to restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from spieltisch.core.game import View
from spieltisch.core.match import Agent


class Model:
    """The base of the heuristic bots: what the search may ask of a player's model."""

    #: Whether :meth:`ranked` orders the moves by preference.
    ranks_moves: ClassVar[bool] = False

    name: str
    wants_view: bool

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        """One of ``legal``, chosen knowing only ``view``."""
        raise NotImplementedError

    def ranked(self, view: View, legal: Sequence[Any]) -> Sequence[Any]:
        """The legal moves, best first; a model that does not rank lists them as given."""
        return legal

    def reseed(self, seed: int) -> None:
        """Start the coin for ties afresh from ``seed``; without one there is nothing to do."""


class _Agent(Model):
    """Any other agent as a model: it neither ranks moves nor restarts a coin."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.wants_view = agent.wants_view

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        return self.agent.act(view, legal)


def as_model(agent: Agent) -> Model:
    """``agent`` as a model of a player: itself if it is one (every heuristic bot)."""
    return agent if isinstance(agent, Model) else _Agent(agent)
