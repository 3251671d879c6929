"""Outside the tree: the sampled deals, the players' models, the playouts and the rewards.

Each simulation deals a full state consistent with what the bot's seat knows
(``determinize``, or the game's belief with ``deals=belief``). Where the game has a
heuristic bot, each seat's model is an independent heuristic bot deciding from that seat's
view of the sampled state: the bot's own seat is played by its own persistent model (its
knowledge, in Magic Numbers); the other seats' models are drawn anew with every deal, since
what a player knows is hidden like his cards. With ``facedown=model`` the others take back
the cards they have laid face down this round (``Game.take_back_face_down``), for their
models to lay again.

A playout is played to the end at random, or by the models (``rollout=heuristic``).
``horizon=N`` stops it after ``N`` actions and credits the seats by their standing
(``Game.standing``; the leaders share the win); ``cut=round`` plays on past the horizon
until the bot is about to begin a turn, so that every seat has had as many turns since the
decision. A seat's reward is its share of the win blended (weight ``score``) with its score
relative to the table's lowest and highest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spieltisch.bots.model import Model, as_model
from spieltisch.bots.search.base import Searcher
from spieltisch.core.game import Seat, View


def win_shares(ranking: Sequence[int]) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, split evenly on a shared first
    place, 0 otherwise."""
    winners = sum(1 for place in ranking if place == 1)
    return [1.0 / winners if place == 1 else 0.0 for place in ranking]


def leaders(scores: Sequence[float]) -> list[float]:
    """Each seat's share of the win if the game ended with these scores: the seats with the
    highest score share it (as :func:`win_shares` of their ranking, faster)."""
    top = max(scores)
    share = 1.0 / scores.count(top)
    return [share if score == top else 0.0 for score in scores]


class Playouts(Searcher):
    """Deals, models and playouts."""

    def _deal(self, view: View) -> Any:
        """A state consistent with ``view``, and fresh models for the other seats."""
        if self.dealer is not None:
            world = self.dealer(view, self.rng)
        else:
            world = self.game.determinize(view, self.rng)
        if self.config.face_down_by_model and view.seat is not None:
            self.game.take_back_face_down(world, view.seat)
        return self._dealt(view, world)

    def _dealt(self, view: View, world: Any) -> Any:
        """``world`` as the next deal: fresh models for the other seats."""
        self._models.clear()
        if self._own is not None and view.seat is not None:
            self._models[view.seat] = self._own
        return world

    def _replay(self, luck: int) -> None:
        """Start one of the simulations of a deal that must meet the same chance: the
        playout's random choices and every model's coin for ties start from ``luck``."""
        self._play_rng.seed(luck)
        self._luck = luck
        for seat, model in self._models.items():
            model.reseed(luck + 1 + seat)

    def _model_for(self, seat: Seat) -> Model:
        model = self._models.get(seat)
        if model is None:
            assert self.model is not None
            model = self._models[seat] = as_model(self.model(self.rng.getrandbits(63)))
            if self._luck is not None:
                model.reseed(self._luck + 1 + seat)
        return model

    def _modelled(self, state: Any, seat: Seat, legal: Sequence[Any]) -> Any:
        """A modelled seat's choice: its model's, or a random one without a model."""
        if self.model is None:
            return legal[int(self._play_rng.random() * len(legal))]
        return self._model_for(seat).act(self.game.view(state, seat), legal)

    def _play_out(self, state: Any, me: Seat) -> list[float]:
        """Finish the game (or stop after ``horizon`` actions; with ``cut=round`` only once
        the bot ``me`` is about to begin a turn) and share out the win."""
        game, config = self.game, self.config
        left = config.horizon if config.horizon is not None else -1
        acting: tuple[Seat, ...] = ()  # the seats to act before the last action
        if config.rollout_by_model:
            while left and not game.is_terminal(state):
                acting = game.to_act(state)
                seat = acting[0]
                legal = game.legal_actions(state, seat)
                action = legal[0] if len(legal) == 1 else self._modelled(state, seat, legal)
                game.apply(state, seat, action)
                left -= 1
        else:
            draw = self._play_rng.random
            is_terminal, to_act = game.is_terminal, game.to_act
            legal_actions, apply = game.legal_actions, game.apply
            while left and not is_terminal(state):
                acting = to_act(state)
                seat = acting[0]
                legal = legal_actions(state, seat)
                apply(state, seat, legal[int(draw() * len(legal))])
                left -= 1
        if config.cut_at_round:
            self._finish_round(state, me, me in acting)
        return self._rewards(state)

    def _finish_round(self, state: Any, me: Seat, was_acting: bool) -> None:
        """Play on, past the horizon, until the bot is about to begin a turn: until it is
        among the seats to act and was not before the last action (``was_acting``: whether
        it was before the horizon's last action). Every seat has then had as many turns
        since the decision (in a game of turns), or every round has been played out (where
        seats commit at once), so none is ranked on a turn the others have not had."""
        game = self.game
        while not game.is_terminal(state):
            acting = game.to_act(state)
            if me in acting and not was_acting:
                return
            was_acting = me in acting
            seat = acting[0]
            legal = game.legal_actions(state, seat)
            if len(legal) == 1:
                action = legal[0]
            elif self.config.rollout_by_model:
                action = self._modelled(state, seat, legal)
            else:
                action = legal[int(self._play_rng.random() * len(legal))]
            game.apply(state, seat, action)

    def _rewards(self, state: Any) -> list[float]:
        """Each seat's reward in 0…1: its share of the win, blended (weight ``score``) with
        its score relative to the lowest and highest score at the table, so that a seat far
        behind (or far ahead) still tells better moves from worse ones."""
        game = self.game
        if game.is_terminal(state):
            shares = win_shares(game.ranking(state))
            scores = game.scores(state)
        else:  # a playout cut off at the horizon: the leaders by standing share the win
            scores = game.standing(state)
            shares = leaders(scores)
        weight = self.config.score_weight
        if not weight:
            return shares
        low, high = min(scores), max(scores)
        if high == low:
            return [(1 - weight) * share + weight * 0.5 for share in shares]
        spread = high - low
        return [
            (1 - weight) * share + weight * (score - low) / spread
            for share, score in zip(shares, scores, strict=True)
        ]
