"""What the parts of the search share: the settings, the game, the chance and the models.

The search is one bot made of three parts, each in its own module: the tree
(:mod:`.tree`), the choice at the root by a knockout (:mod:`.root`), and everything
outside the tree, deals, models and playouts (:mod:`.playout`). :class:`Searcher` declares
the state they share and the steps one part asks of another.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from spieltisch.bots.model import Model
from spieltisch.bots.search.config import SearchConfig
from spieltisch.bots.search.node import Node
from spieltisch.core.game import Game, Seat, View

#: Makes a model player (a heuristic bot) from a seed.
ModelFactory = Callable[[int], Any]
#: Deals a state consistent with a view, leaning on what the view's public moves reveal
#: (``deals=belief``; for Cento see ``spieltisch.bots.cento_belief``).
Dealer = Callable[[View, random.Random], Any]
#: The search's information sets, by the acting seat and its view.
Table = dict[tuple[Seat, View], Node]


class Searcher:
    """The state the parts of the search share."""

    game: Game[Any, Any, Any]
    config: SearchConfig
    #: Samples deals and breaks ties.
    rng: random.Random
    #: The random choices of playouts (reseeded where simulations must meet the same chance).
    _play_rng: random.Random
    #: How a seat plays when it is modelled rather than searched (``None``: at random).
    model: ModelFactory | None
    #: How deals are sampled from the view (``None``: ``Game.determinize``, uniformly).
    dealer: Dealer | None
    #: The bot's own model, one persistent player.
    _own: Model | None
    #: Each seat's model inside the simulations of the present deal.
    _models: dict[Seat, Model]
    #: The chance of the deal being replayed, or ``None``.
    _luck: int | None
    #: Simulations run for the last move.
    last_simulations: int
    #: A ``time.perf_counter()`` instant at which the search stops whatever its budget
    #: (a server's cap per decision); ``None``: the budget alone decides.
    deadline: float | None

    def _end(self, start: float) -> float:
        """When the search begun at ``start`` stops at the latest: after its ``time``
        budget or at :attr:`deadline`, whichever comes first (``inf`` for a ``sims`` budget
        without a deadline)."""
        seconds = self.config.seconds
        end = start + seconds if seconds else math.inf
        return end if self.deadline is None else min(end, self.deadline)

    def _simulate(
        self,
        root: View,
        state: Any,
        table: Table,
        first: Any = None,
        root_node: Node | None = None,
    ) -> float:
        raise NotImplementedError

    def _deal(self, view: View) -> Any:
        raise NotImplementedError

    def _dealt(self, view: View, world: Any) -> Any:
        raise NotImplementedError

    def _replay(self, luck: int) -> None:
        raise NotImplementedError

    def _model_for(self, seat: Seat) -> Model:
        raise NotImplementedError

    def _modelled(self, state: Any, seat: Seat, legal: Sequence[Any]) -> Any:
        raise NotImplementedError

    def _play_out(self, state: Any, me: Seat) -> list[float]:
        raise NotImplementedError

    def _is_text_decision(self, legal: Sequence[Any]) -> bool:
        raise NotImplementedError
