"""Every Spieltisch game as a single-agent Gymnasium environment: one seat learns, Spieltisch
bots play the others.

``gymnasium.make("spieltisch/dicht-dran-v1", players=4, opponents="heuristic")`` (importing
:mod:`spieltisch.rl` registers the ids). The observation is the learning seat's encoded view
(``Game.encode_view``, docs/rl.md); an action is an integer action id (``Game.encode``).
The actions the seat may take now are in ``info["action_mask"]`` and
:meth:`SpieltischEnv.action_masks` (as sb3-contrib's MaskablePPO reads them). An action that
is not legal now is refused: nothing changes, the reward is 0 and ``info["refused"]`` says
why. The reward comes at the end (:func:`spieltisch.rl.common.final_rewards`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from spieltisch.bots import bot_specs_for, make_bot
from spieltisch.core.game import View
from spieltisch.core.match import Agent, next_action
from spieltisch.rl.pettingzoo import SEED_BOUND, Table

Vector = npt.NDArray[np.float32]


class _Learner:
    """The learning seat's place among the agents: the environment stops before it acts."""

    name = "learner"
    wants_view = False

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        raise RuntimeError("the learning seat acts through step()")


class SpieltischEnv(gymnasium.Env[Vector, Any]):
    """One seat (``seat``) of ``game`` for ``players`` learns; the other seats are bots by
    ``opponents``: one spec for all (``"random"``, ``"heuristic"``, ``"ismcts:time=0.1"``)
    or one per other seat in seat order. The bots are made anew at every reset, seeded from
    the generator that ``reset(seed)`` seeds."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  (Gymnasium's own)

    def __init__(
        self,
        game: str,
        players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not offered; use 'ansi' or None")
        self.table = Table(game, players, options)
        #: The game (bound to its options) and the number of seats.
        self.game = self.table.game
        self.players = players = self.table.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} is not a seat: give a number from 0 to {players - 1}")
        self.seat = seat
        given = [opponents] if isinstance(opponents, str) else list(opponents)
        self.opponents = bot_specs_for(given, players - 1)
        self.render_mode = render_mode
        self.lang = lang
        self.observation_space = spaces.Box(-1.0, 1.0, self.table.shape, np.float32)
        self.action_space = spaces.Discrete(self.table.actions)
        self.agents: list[Agent] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        self.table.deal_from(self.np_random)
        game = self.table.game
        specs = iter(self.opponents)
        self.agents = [
            _Learner()
            if seat == self.seat
            else make_bot(next(specs), game, int(self.np_random.integers(SEED_BOUND)))
            for seat in range(self.table.players)
        ]
        self._bots_play()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        refused = self.table.refusal(self.seat, action)
        if refused is not None:
            return (
                self._observation(),
                0.0,
                self.table.is_over(),
                False,
                {
                    **self._info(),
                    "refused": refused,
                },
            )
        self.table.play(self.seat, action)
        self._bots_play()
        over = self.table.is_over()
        reward = self.table.rewards()[self.seat] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The actions the learning seat may take now (MaskablePPO's name)."""
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        return self.table.render(self.seat, self.lang)

    def _bots_play(self) -> None:
        """The bots act until the learning seat must act or the game is over."""
        game, state = self.table.game, self.table.state
        while not game.is_terminal(state) and self.seat not in game.to_act(state):
            seat, action = next_action(game, state, self.agents)
            self.table.act(seat, action)

    def _observation(self) -> Vector:
        return self.table.game.encode_view(self.table.game.view(self.table.state, self.seat))

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.table.mask(self.seat)}
        if self.table.is_over():
            info.update(self.table.result())
        return info
