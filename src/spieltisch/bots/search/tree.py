"""One simulation through the information-set tree: select, expand one node, play out,
back up.

Every seat, the bot's opponents included, decides in the tree only on what it could know
(its node is its view): in a round of simultaneous face-down commits, an opponent
committing after the bot sees only "seat k has laid a card", and its choice in the tree
cannot depend on the bot's hidden card. Decisions with a single legal action are played
without a node. Seats whose decisions are not searched (``opponents=heuristic``; every
later one with ``tree=root``; free-text decisions) decide by their models.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from spieltisch.bots.search.base import Searcher, Table
from spieltisch.bots.search.node import Node
from spieltisch.core.game import Seat, View


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector for one search: a search makes and drops many
    short-lived objects without reference cycles, which the collector would walk for
    nothing. Plain reference counting still frees them at once."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class TreeSearch(Searcher):
    """The walk through the tree of one simulation."""

    def _simulate(
        self,
        root: View,
        state: Any,
        table: Table,
        first: Any = None,
        root_node: Node | None = None,
    ) -> float:
        """One simulation from a sampled ``state``. ``first``, if given, is the bot's first
        action (the knockout chooses it); ``root_node``, if given, is the root's node: the
        first decision of every simulation is the bot's at the root, whose information set
        is known without building the view again. Returns the bot's reward."""
        game = self.game
        is_terminal, to_act, legal_actions, apply = (
            game.is_terminal,
            game.to_act,
            game.legal_actions,
            game.apply,
        )
        me = root.seat
        assert me is not None  # act() refuses a spectator's view
        path: list[tuple[Node, int, Seat]] = []
        only_me, root_only = self.config.opponents_by_model, self.config.root_only
        while not is_terminal(state):
            # Of seats committing at once, the bot commits first: the seats still to commit
            # see only that it has, and its first decision is always the one at the root.
            acting = to_act(state)
            seat = me if me in acting else acting[0]
            legal = legal_actions(state, seat)
            if len(legal) == 1:
                apply(state, seat, legal[0])
                continue
            if first is not None and seat == me:
                apply(state, seat, first)
                first = None
                if root_only:
                    break
                continue
            if root_node is not None:  # the bot's own decision, never free text
                expanded = self._step(root_node, state, seat, legal, path)
                root_node = None
            elif (seat == me or not only_me) and not self._is_text_decision(legal):
                expanded = self._tree_step(state, seat, legal, table, path)
            else:
                apply(state, seat, self._modelled(state, seat, legal))
                continue
            if expanded or root_only:
                break
        shares = self._play_out(state, me)
        for node, place, seat in path:
            node.tries[place] += 1
            node.rewards[place] += shares[seat]
        return shares[me]

    def _tree_step(
        self,
        state: Any,
        seat: Seat,
        legal: Sequence[Any],
        table: Table,
        path: list[tuple[Node, int, Seat]],
    ) -> bool:
        """Choose and apply one action in the tree; whether a new action was expanded."""
        view = self.game.view(state, seat)
        key = (seat, view)
        node = table.get(key)
        if node is None:
            preferred = self._model_for(seat).act(view, legal) if self.config.bias else None
            node = table[key] = Node(preferred)
        return self._step(node, state, seat, legal, path)

    def _step(
        self,
        node: Node,
        state: Any,
        seat: Seat,
        legal: Sequence[Any],
        path: list[tuple[Node, int, Seat]],
    ) -> bool:
        """Choose at ``node`` and apply the action; whether a new action was expanded."""
        node.open(legal)
        config = self.config
        place, new = node.choose(config.exploration, config.bias, self.rng)
        self.game.apply(state, seat, node.actions[place])
        path.append((node, place, seat))
        return new
