"""Information-set Monte Carlo tree search for every game, through the game API alone.

Each simulation deals a full state consistent with what the bot's seat knows
(``determinize``), walks down the tree choosing by UCB among the actions legal in that
sample, adds one new node, plays the rest of the game out (random, or with the game's
heuristic bot), and credits every seat on the path with its share of the win.

Tree nodes are information sets: a node is keyed by the seat to act and that seat's *view*.
So every seat, the bot's opponents included, decides in the tree only on what it could know:
in a round of simultaneous face-down commits, an opponent committing after the bot sees
only "seat k has laid a card", and its choice in the tree cannot depend on the bot's hidden
card. Because the legal actions differ between samples, UCB uses availability counts (how
often an action was legal when its node was visited) instead of the node's visit count
(Cowling, Powley and Whitehouse, 2012).

Budget: ``ismcts:sims=2000`` (simulations per move) or ``ismcts:time=0.5`` (seconds per
move); ``c`` sets the exploration constant, ``rollout=heuristic`` plays simulations out with
the game's heuristic bot (slower, stronger) instead of random moves.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game, Seat, View

#: Default simulations per move when neither ``sims`` nor ``time`` is given.
DEFAULT_SIMULATIONS = 1000
#: The UCB exploration constant (rewards lie in [0, 1]).
DEFAULT_EXPLORATION = 0.7

Rollout = Callable[[Any, random.Random], None]


class _Node:
    """The statistics of one information set: per action its visits, summed reward and
    availability (how often it was legal when this node was visited)."""

    __slots__ = ("available", "reward", "visits")

    def __init__(self) -> None:
        self.visits: dict[Hashable, int] = {}
        self.reward: dict[Hashable, float] = {}
        self.available: dict[Hashable, int] = {}


def win_shares(ranking: Sequence[int]) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, split evenly on a shared first
    place, 0 otherwise."""
    winners = sum(1 for place in ranking if place == 1)
    return [1.0 / winners if place == 1 else 0.0 for place in ranking]


class IsmctsBot:
    """Plays one seat by information-set Monte Carlo tree search."""

    wants_view = True

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seed: int,
        name: str = "ismcts",
        simulations: int | None = None,
        seconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_agent: Callable[[int], Any] | None = None,
    ) -> None:
        self.name = name
        self.game = game
        self.rng = random.Random(seed)
        self.simulations = simulations if simulations or seconds else DEFAULT_SIMULATIONS
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_agent = rollout_agent
        #: Simulations run for the last move (for benchmarks).
        self.last_simulations = 0

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if view is None:
            raise ValueError("the ISMCTS bot needs its seat's view")
        if len(legal) == 1:
            return legal[0]
        if view.seat is None:
            raise ValueError("the ISMCTS bot plays a seat, not a spectator's view")
        table: dict[tuple[Seat, View], _Node] = {}
        root_key = (view.seat, view)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        while True:
            self._simulate(view, table)
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif self.simulations is not None and done >= self.simulations:
                break
        self.last_simulations = done
        root = table[root_key]
        return max(legal, key=lambda action: (root.visits.get(action, 0), -legal.index(action)))

    def _simulate(self, root: View, table: dict[tuple[Seat, View], _Node]) -> None:
        """One simulation: sample, select, expand one node, play out, back up."""
        game = self.game
        rng = self.rng
        state = game.determinize(root, rng)
        path: list[tuple[_Node, Hashable, Seat]] = []
        while not game.is_terminal(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            key = (seat, game.view(state, seat))
            node = table.get(key)
            if node is None:
                node = table[key] = _Node()
            for action in legal:
                node.available[action] = node.available.get(action, 0) + 1
            untried = [action for action in legal if action not in node.visits]
            if untried:
                action = rng.choice(untried)
                node.visits[action] = 0
                node.reward[action] = 0.0
                game.apply(state, seat, action)
                path.append((node, action, seat))
                break
            action = self._select(node, legal)
            game.apply(state, seat, action)
            path.append((node, action, seat))
        self._play_out(state)
        shares = win_shares(game.ranking(state))
        for node, action, seat in path:
            node.visits[action] += 1
            node.reward[action] += shares[seat]

    def _select(self, node: _Node, legal: Sequence[Any]) -> Any:
        """The action with the best upper confidence bound, counting availability."""
        best = legal[0]
        best_value = -math.inf
        c = self.exploration
        for action in legal:
            visits = node.visits[action]
            value = node.reward[action] / visits + c * math.sqrt(
                math.log(node.available[action]) / visits
            )
            if value > best_value:
                best, best_value = action, value
        return best

    def _play_out(self, state: Any) -> None:
        """Finish the game: uniformly random legal actions, or the rollout agents' choices."""
        game = self.game
        if self.rollout_agent is None:
            draw = self.rng.random
            while not game.is_terminal(state):
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                game.apply(state, seat, legal[int(draw() * len(legal))])
            return
        agents: dict[Seat, Any] = {}
        while not game.is_terminal(state):
            seat = game.to_act(state)[0]
            agent = agents.get(seat)
            if agent is None:
                agent = agents[seat] = self.rollout_agent(self.rng.getrandbits(63))
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat) if agent.wants_view else None
            game.apply(state, seat, agent.act(view, legal))


def make_ismcts(
    game: Game[Any, Any, Any],
    seed: int,
    params: dict[str, str],
    spec: str,
    heuristic: Callable[[int], Any] | None,
) -> IsmctsBot:
    """The ISMCTS bot for a spec's parameters (``sims``, ``time``, ``c``, ``rollout``)."""
    simulations = _number(params, "sims", int, 1, 10_000_000)
    seconds = _number(params, "time", float, 0.001, 3600.0)
    if simulations is not None and seconds is not None:
        raise BotSpecError("give the ISMCTS bot either sims= or time=, not both")
    exploration = _number(params, "c", float, 0.0, 100.0)
    rollout = params.get("rollout", "random")
    if rollout not in ("random", "heuristic"):
        raise BotSpecError(f"ismcts rollout must be random or heuristic, got {rollout!r}")
    if rollout == "heuristic" and heuristic is None:
        raise BotSpecError(f"there is no heuristic bot for {game.spec.id} to play out with")
    return IsmctsBot(
        game,
        seed,
        name=spec,
        simulations=int(simulations) if simulations is not None else None,
        seconds=seconds,
        exploration=exploration if exploration is not None else DEFAULT_EXPLORATION,
        rollout_agent=heuristic if rollout == "heuristic" else None,
    )


def _number(
    params: dict[str, str], key: str, kind: type[int] | type[float], low: float, high: float
) -> Any:
    if key not in params:
        return None
    try:
        value = kind(params[key])
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise BotSpecError(
            f"ismcts {key} must be a number from {low:g} to {high:g}, got {params[key]!r}"
        )
    return value
