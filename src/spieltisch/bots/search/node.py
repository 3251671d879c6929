"""The statistics of one information set of the search's tree.

Tree nodes are information sets: a node is keyed by the seat to act and that seat's view.
A seat's legal actions depend on its view alone (else they would tell it hidden cards; the
conformance suite checks it in random games of every game, and a node refuses a visit with
other legal actions), so they are the same at every visit of a node: the availability
counts of ISMCTS (Cowling, Powley and Whitehouse, 2012: how often an action was legal when
its node was visited) are the node's visit count, and UCB is the plain one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any


class Node:
    """The statistics of one information set: its legal actions (in the game's order), per
    action how often it was tried here and the reward summed over those tries, how often
    the node was visited, and the action the acting seat's model prefers (``None`` without
    a model). The same actions are legal at every visit, so the statistics are lists by the
    action's place: a step through the tree hashes no action."""

    __slots__ = ("actions", "favoured", "preferred", "rewards", "tries", "visits")

    def __init__(self, preferred: Hashable | None) -> None:
        self.preferred = preferred
        self.actions: Sequence[Any] = ()
        self.tries: list[int] = []
        self.rewards: list[float] = []
        self.visits = 0
        #: The place of ``preferred`` among ``actions`` (−1: none, or not legal here).
        self.favoured = -1

    def open(self, legal: Sequence[Any]) -> None:
        """Learn the actions legal here, on the first visit; on a later one make sure they
        are the same, in the same order (a game whose legal actions depend on more than the
        view breaks the search's bookkeeping, and must not pass unnoticed). Games that
        return shared tuples make the check an identity test."""
        if not self.actions:
            self.actions = tuple(legal)
            self.tries = [0] * len(legal)
            self.rewards = [0.0] * len(legal)
            if self.preferred is not None and self.preferred in self.actions:
                self.favoured = self.actions.index(self.preferred)
        elif legal is not self.actions and tuple(legal) != self.actions:
            raise RuntimeError(
                "the legal actions at one information set differ between deals: "
                "a game's legal actions must depend on the acting seat's view alone"
            )

    def tries_of(self, action: Hashable) -> int:
        """How often ``action`` was tried at this node."""
        if action not in self.actions:
            return 0
        return self.tries[self.actions.index(action)]

    def choose(self, exploration: float, bias: float, rng: random.Random) -> tuple[int, bool]:
        """Visit the node once more and choose: an action never tried here (the model's
        choice first), else the one with the best upper confidence bound plus the
        progressive bias ``bias / (tries + 1)`` towards the model's choice. The action's
        place comes with whether it is new to the node."""
        self.visits += 1
        tries, rewards = self.tries, self.rewards
        favoured = self.favoured
        if 0 in tries:
            if favoured >= 0 and not tries[favoured]:
                return favoured, True
            if self.visits == 1:  # a new node (most are: an opponent's freshly dealt hand)
                return rng.choice(range(len(tries))), True
            return rng.choice([place for place, n in enumerate(tries) if not n]), True
        c = exploration
        log_visits = math.log(self.visits)
        sqrt = math.sqrt
        best, best_value = 0, -math.inf
        for place, n in enumerate(tries):
            value = rewards[place] / n + c * sqrt(log_visits / n)
            if bias and place == favoured:
                value += bias / (n + 1)
            if value > best_value:
                best, best_value = place, value
        return best, False
