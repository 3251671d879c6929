"""The choice at the root by sequential halving (``root=halving``; Karnin, Koren and
Somekh, 2013).

The budget is split into rounds; in each round every move still in the running is
simulated in the same sampled deals, with the same random choices (so they are compared
under the same luck), and the better half by mean reward goes on, until one is left. The
simulations below the root use the tree as usual. Ties go to the model's choice, so without
evidence the bot plays its model's move. ``top=K`` lets only the ``K`` moves the bot's own
model ranks best enter the knockout (for models that rank moves). ``switch=Z`` keeps the
model's move in every round and plays the winner instead only if it beat the model's move
by ``Z`` standard errors of their paired differences.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from typing import Any

from spieltisch.bots.search.base import Searcher, Table
from spieltisch.core.game import View


class Knockout(Searcher):
    """Sequential halving at the root."""

    def _halve(self, view: View, legal: Sequence[Any], table: Table) -> Any:
        """Rounds of paired simulations, after each of which the better half by mean reward
        goes on. Each round gets an equal part of the budget and at least one deal; with
        ``time=`` (or at the :attr:`deadline`) a deal cut short by the end of the time is
        not counted, and the best action so far is played (without a finished deal: the
        model's). With ``switch=Z`` the model's move is never knocked out, and the bot
        leaves it only for a move that beat it clearly (see :meth:`_decide`)."""
        config = self.config
        self.last_simulations = 0
        preferred = self._own.act(view, legal) if self._own is not None else None
        running = self._shortlist(view, legal)
        if preferred is not None:  # ties go to the model's choice
            if preferred in running:
                running.remove(preferred)
            running.insert(0, preferred)
        if len(running) == 1:
            return legal[legal.index(running[0])]
        champion = preferred if config.switch is not None else None
        rounds = math.ceil(math.log2(len(running)))
        rewards: dict[Any, list[float]] = {action: [] for action in running}
        totals = dict.fromkeys(running, 0.0)
        start = time.perf_counter()
        end = self._end(start)
        for number in range(rounds):
            if config.seconds:  # each round its part of the time (cut by the deadline)
                deals, deadline = 1, start + (end - start) * (number + 1) / rounds
            else:
                assert config.simulations is not None
                deals, deadline = max(1, config.simulations // (rounds * len(running))), 0.0
            dealt = 0
            while dealt < deals or time.perf_counter() < deadline:
                results = self.paired_deal(view, running, table, end)
                if results is None:
                    break
                for action, reward in zip(running, results, strict=True):
                    totals[action] += reward
                    rewards[action].append(reward)
                dealt += 1
            running.sort(key=lambda action: -totals[action])  # stable: ties keep their order
            if time.perf_counter() >= end:
                break
            self._knock_out(running, champion)
        return legal[legal.index(self._decide(running[0], champion, rewards))]

    @staticmethod
    def _knock_out(running: list[Any], champion: Any) -> None:
        """Keep the better half of ``running`` (sorted best first); a ``champion`` (the
        model's move under ``switch=``) stays in any case."""
        kept = math.ceil(len(running) / 2)
        if champion is not None and champion in running[kept:]:
            running.remove(champion)
            running.insert(kept, champion)
            kept += 1
        del running[kept:]

    def _decide(self, best: Any, champion: Any, rewards: dict[Any, list[float]]) -> Any:
        """The knockout's winner, or under ``switch=Z`` the model's move unless the winner
        beat it by at least ``Z`` standard errors in the deals both were simulated in: a
        small search leaves a good model's move only on evidence, not on luck."""
        if champion is None or best == champion:
            return best
        switch = self.config.switch
        assert switch is not None
        gains = [
            mine - theirs for mine, theirs in zip(rewards[best], rewards[champion], strict=True)
        ]
        if len(gains) < 2:
            return champion
        error = statistics.stdev(gains) / math.sqrt(len(gains))
        return best if statistics.fmean(gains) > switch * error else champion

    def _shortlist(self, view: View, legal: Sequence[Any]) -> list[Any]:
        """The moves that enter the knockout: all, or with ``top=K`` the ``K`` best by the
        bot's own model, where it ranks moves."""
        top, own = self.config.top, self._own
        if top is None or own is None or not own.ranks_moves:
            return list(legal)
        return list(own.ranked(view, legal)[:top])

    def paired_deal(
        self, view: View, actions: Sequence[Any], table: Table, end: float, world: Any = None
    ) -> list[float] | None:
        """One deal of the knockout: a sampled deal (or ``world``, if given), simulated once
        after each of ``actions`` with the same random choices. The bot's reward after
        each, or ``None`` if the time ran out (at ``end``) before all were played."""
        world = self._deal(view) if world is None else self._dealt(view, world)
        world_seed = self.rng.getrandbits(63)
        rewards = []
        for action in actions:
            if time.perf_counter() >= end:
                return None
            self._replay(world_seed)
            rewards.append(self._simulate(view, self.game.clone(world), table, first=action))
            self.last_simulations += 1
        return rewards
