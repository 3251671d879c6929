"""Information-set Monte Carlo tree search for every game, through the game API alone.

Each simulation deals a full state consistent with what the bot's seat knows, walks down
the tree of information sets choosing by UCB among the actions legal in that sample, adds
one new node, plays the rest of the game out, and credits every seat on the path with its
share of the win. The parts live in :mod:`spieltisch.bots.search`: the settings
(:mod:`~spieltisch.bots.search.config`), the tree (:mod:`~spieltisch.bots.search.node`,
:mod:`~spieltisch.bots.search.tree`), the knockout at the root
(:mod:`~spieltisch.bots.search.root`) and the deals, models and playouts
(:mod:`~spieltisch.bots.search.playout`).

The settings (``ismcts:key=value``; docs/bots.md has the table, and which combinations are
refused):

* budget: ``sims=N`` simulations or ``time=S`` seconds per move; ``c`` the UCB exploration
  constant; ``score=W`` the weight of the relative score in the reward;
* the players' models (the game's heuristic bot): ``rollout=heuristic`` plays playouts by
  them, ``opponents=heuristic`` lets the other seats decide by them instead of in the tree,
  ``bias=B`` gives the own model's choice a progressive bias ``B / (visits + 1)`` in UCB,
  ``facedown=model`` lets the others lay again the cards they have laid face down this
  round, ``deals=belief`` deals the hidden cards by the game's belief;
* the shape: ``batch=K`` simulations per sampled deal with the same luck (common random
  numbers), ``horizon=N`` and ``cut=action|round`` cut playouts short, ``tree=root``
  searches the present decision only, ``root=halving`` decides the root by a knockout of
  paired simulations (``top=K`` of the model's best moves; ``switch=Z`` standard errors to
  leave the model's move).

Actions that stand for free text (``Game.wants_text``) cannot be searched: such decisions
are left to the deciding seat's model (for the bot itself: its own model, its knowledge),
or picked at random where the game has no heuristic.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from spieltisch.bots.model import as_model
from spieltisch.bots.search.base import Dealer, ModelFactory, Table
from spieltisch.bots.search.config import (
    DEFAULT_EXPLORATION,
    DEFAULT_SCORE_WEIGHT,
    DEFAULT_SIMULATIONS,
    PARAMETERS,
    SearchConfig,
)
from spieltisch.bots.search.node import Node
from spieltisch.bots.search.playout import Playouts, leaders, win_shares
from spieltisch.bots.search.root import Knockout
from spieltisch.bots.search.tree import TreeSearch, no_cycle_collection
from spieltisch.core.chance import SearchRandom
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game, View

__all__ = [
    "DEFAULT_EXPLORATION",
    "DEFAULT_SCORE_WEIGHT",
    "DEFAULT_SIMULATIONS",
    "PARAMETERS",
    "Dealer",
    "IsmctsBot",
    "ModelFactory",
    "SearchConfig",
    "leaders",
    "make_ismcts",
    "win_shares",
]


class IsmctsBot(Knockout, TreeSearch, Playouts):
    """Plays one seat by information-set Monte Carlo tree search."""

    wants_view = True

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seed: int,
        config: SearchConfig | None = None,
        *,
        name: str = "ismcts",
        model: ModelFactory | None = None,
        dealer: Dealer | None = None,
    ) -> None:
        self.name = name
        self.game = game
        self.config = config = config if config is not None else SearchConfig()
        if config.needs_model and model is None:
            raise ValueError("these search settings need a model of the players")
        if config.deals_by_belief and dealer is None:
            raise ValueError("deals=belief needs the game's belief as the dealer")
        #: Samples deals and breaks ties (its shuffles are numpy's: deals are its main work).
        self.rng: random.Random = SearchRandom(seed)
        self.model = model
        self.dealer = dealer
        #: The random choices of playouts; with ``batch`` or ``root=halving`` reseeded for
        #: every simulation, so the simulations of one deal meet the same chance (common
        #: random numbers).
        self._play_rng = random.Random(0)
        #: The bot's own model: its "knowledge" for decisions a search cannot make. It is
        #: one persistent player: the heuristic bot with the same seed, so that in Magic
        #: Numbers ``ismcts`` and ``heuristic`` with one seed know the same cards.
        self._own = as_model(model(seed)) if model is not None else None
        self._models = {}
        #: Whether free-text decisions are left to models (without a model the search
        #: treats the listed template like any other action: an empty answer).
        self._has_text = model is not None and type(game).wants_text is not Game.wants_text
        self._luck = None
        self.last_simulations = 0
        #: Set by a caller that bounds the wall time of every decision (the table server):
        #: the search then stops at this ``time.perf_counter()`` instant even before its
        #: ``sims`` are done, and plays the best action found so far.
        self.deadline = None

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if view is None:
            raise ValueError("the ISMCTS bot needs its seat's view")
        if len(legal) == 1:
            return legal[0]
        if view.seat is None:
            raise ValueError("the ISMCTS bot plays a seat, not a spectator's view")
        if self._own is not None and self._is_text_decision(legal):
            return self._own.act(view, legal)
        with no_cycle_collection():
            return self._search(view, legal)

    def _search(self, view: View, legal: Sequence[Any]) -> Any:
        """The move chosen by the search (UCB visits or the knockout) for this decision."""
        table: Table = {}
        config = self.config
        if config.halving:
            return self._halve(view, legal, table)
        own = self._own
        preferred = own.act(view, legal) if config.bias and own is not None else None
        assert view.seat is not None  # act() refuses a spectator's view
        root_node = table[(view.seat, view)] = Node(preferred)
        end = self._end(time.perf_counter())
        done = 0
        world: Any = None
        world_seed = 0
        batch = config.batch
        paired = batch > 1
        while True:
            if done % batch == 0:
                world = self._deal(view)
                if paired:
                    world_seed = self.rng.getrandbits(63)
            if paired:  # the simulations of a batch meet the same chance (reseeding costs)
                state = self.game.clone(world)
                self._replay(world_seed)
            else:
                state = world
            self._simulate(view, state, table, root_node=root_node)
            done += 1
            if config.simulations is not None and done >= config.simulations:
                break
            if end != math.inf and time.perf_counter() >= end:
                break
        self.last_simulations = done
        return max(legal, key=lambda action: self._final_key(root_node, legal, action))

    @staticmethod
    def _final_key(root: Node, legal: Sequence[Any], action: Any) -> tuple[int, bool, int]:
        """The most visited action; ties go to the model's choice, then to the first listed."""
        return (root.tries_of(action), action == root.preferred, -legal.index(action))

    def _is_text_decision(self, legal: Sequence[Any]) -> bool:
        """Whether one of ``legal`` stands for free text, which a search cannot choose."""
        if not self._has_text:
            return False
        return any(map(self.game.wants_text, legal))


def make_ismcts(
    game: Game[Any, Any, Any],
    seed: int,
    params: dict[str, str],
    spec: str,
    heuristic: ModelFactory | None,
    belief: Callable[[], Dealer] | None = None,
    believers: Sequence[str] = (),
) -> IsmctsBot:
    """The ISMCTS bot for a spec's parameters (see :class:`SearchConfig`); ``believers``
    names the games that have a belief, for the error when this one has none."""
    config = SearchConfig.from_spec(params)
    if config.deals_by_belief and belief is None:
        if not believers:
            raise BotSpecError(f"there is no belief about the players' hands for {game.spec.id}")
        raise BotSpecError(
            code="search_no_belief", game=game.spec.id, believers=", ".join(believers)
        )
    if config.needs_model and heuristic is None:
        raise BotSpecError(code="search_no_model", game=game.spec.id)
    dealer = belief() if belief is not None and config.deals_by_belief else None
    return IsmctsBot(game, seed, config, name=spec, model=heuristic, dealer=dealer)
