"""Every Spieltisch game as a PettingZoo environment: :func:`env` (AEC, one agent acts at a
time) and :func:`parallel_env` (all seats that must act now act together).

An agent ``player_<seat>`` observes ``{"observation": float32 vector, "action_mask": int8
vector}``: the game's encoding of that seat's view (``Game.encode_view``, docs/rl.md) and 1
for every integer action (``Game.encode``) it may take now. Rewards come at the end only
(:func:`spieltisch.rl.common.final_rewards`). An action that is not legal now is refused: the
table does not change, the agent is asked again and ``infos[agent]["refused"]`` says why;
nothing is ever played in its place.

Everything comes through the game API (views, legal actions, the action codec); no rule is
here.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from spieltisch.core.game import Game, Seat
from spieltisch.rl.common import (
    action_codes,
    action_ids,
    agent_name,
    agent_names,
    final_rewards,
    legal_ids,
    make_rl_game,
    mask_of,
    seat_count,
    seat_of,
)

Observation = dict[str, npt.NDArray[Any]]
#: A seat's legal actions, their integer ids and their mask (not to be changed: copy it).
Legal = tuple[Sequence[Any], list[int], npt.NDArray[np.int8]]
#: Tuples of legal actions whose ids and masks a table keeps at most.
KEPT_LEGAL = 256
#: Game seeds are drawn below this bound from the generator ``reset(seed)`` seeds.
SEED_BOUND = 2**62


class Table:
    """One game for ``players`` seats as the RL interfaces see it: the state, its seeds, the
    spaces and each seat's observation. Shared by the PettingZoo and Gymnasium
    environments."""

    def __init__(self, game_id: str, players: int | None, options: dict[str, Any]) -> None:
        self.game: Game[Any, Any, Any] = make_rl_game(game_id, options)
        self.players = seat_count(self.game, players)
        self.actions = self.game.num_distinct_actions
        self.shape = self.game.observation_shape(self.players)
        self.codes = action_codes(self.game)
        self.ids = action_ids(self.game)
        self.state: Any = None
        self._seeds: np.random.Generator | None = None
        self._legal: dict[Seat, Sequence[Any]] = {}  # each seat's legal actions in this state
        self._legal_ids: dict[Seat, Legal] = {}  # ... with their integer ids and mask
        self._kept: dict[int, Legal] = {}  # the same for tuples of legal actions seen before

    def observation_space(self) -> spaces.Dict:
        """A seat's observation: its encoded view and its action mask."""
        return spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, self.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions,), np.int8),
            }
        )

    def deal(self, seed: int | None) -> None:
        """A new game. Its seed comes from a generator seeded by ``seed`` (kept for the next
        deals when ``seed`` is None, fresh entropy the first time)."""
        if seed is not None or self._seeds is None:
            self._seeds = np.random.default_rng(seed)
        self.deal_from(self._seeds)

    def deal_from(self, seeds: np.random.Generator) -> None:
        """A new game seeded from ``seeds``."""
        self.state = self.game.new_state(self.players, int(seeds.integers(SEED_BOUND)))
        self._legal.clear()
        self._legal_ids.clear()

    def legal(self, seat: Seat) -> Sequence[Any]:
        """``seat``'s legal actions now, asked of the game once per state (the mask and the
        check of a played action both need them)."""
        if seat not in self._legal:
            self._legal[seat] = self.game.legal_actions(self.state, seat)
        return self._legal[seat]

    def legal_ids(self, seat: Seat) -> list[int]:
        """The integer ids of ``seat``'s legal actions now, found once per state."""
        return self._legal_entry(seat)[1]

    def _legal_entry(self, seat: Seat) -> Legal:
        """``seat``'s legal actions now, their ids and their mask: found once per state, and
        kept for a tuple of legal actions the game hands out again (games keep the tuples of
        their usual choices; the entry keeps the tuple, so the same identity is the same
        tuple)."""
        entry = self._legal_ids.get(seat)
        if entry is None:
            legal = self.legal(seat)
            entry = self._kept.get(id(legal))
            if entry is None or entry[0] is not legal:
                found = legal_ids(self.game, legal, None, self.ids)
                entry = (legal, found, mask_of(self.actions, found))
                if type(legal) is tuple:  # a tuple cannot change
                    if len(self._kept) >= KEPT_LEGAL:
                        self._kept.clear()
                    self._kept[id(legal)] = entry
            self._legal_ids[seat] = entry
        return entry

    def observe(self, seat: Seat) -> Observation:
        """What ``seat`` sees, encoded, and the actions it may take now."""
        if self.state is None:
            raise RuntimeError("no game yet: call reset() first")
        return {
            "observation": self.game.encode_view(self.game.view(self.state, seat)),
            "action_mask": self.mask(seat),
        }

    def mask(self, seat: Seat) -> npt.NDArray[np.int8]:
        """The actions ``seat`` may take now."""
        return self._legal_entry(seat)[2].copy()

    def refusal(self, seat: Seat, action: object) -> str | None:
        """Why ``action`` (an integer action id) cannot be played by ``seat`` now; None if it
        can."""
        if self.state is None:
            return "no game yet: call reset() first"
        if type(action) is not int:
            if isinstance(action, np.ndarray) and action.shape == ():
                action = action.item()
            if isinstance(action, np.integer):
                action = int(action)
            if type(action) is not int:
                return (
                    f"{action!r} is not an action: give a whole number from 0 to {self.actions - 1}"
                )
        legal = self.legal_ids(seat)
        if not legal:
            return f"{agent_name(seat)} does not act now"
        if not 0 <= action < self.actions:
            return f"{action!r} is not an action: give a whole number from 0 to {self.actions - 1}"
        if action not in legal:
            allowed = ", ".join(map(str, legal))
            return f"action {action} is not legal for {agent_name(seat)} now; legal: {allowed}"
        return None

    def _not_an_action(self, action: object) -> str:
        return f"{action!r} is not an action: give a whole number from 0 to {self.actions - 1}"

    def play(self, seat: Seat, action: int) -> None:
        """Carry out the (checked) integer ``action`` for ``seat``: the action with that id in
        the game's codec (``action_table``; :meth:`refusal` checked the id)."""
        self.act(seat, self.game.action_table[int(action)])

    def act(self, seat: Seat, action: Any) -> None:
        """Carry out the game's ``action`` for ``seat`` (a bot's, or a decoded id)."""
        self.game.apply(self.state, seat, action)
        self._legal.clear()
        self._legal_ids.clear()

    def to_act(self) -> tuple[Seat, ...]:
        return tuple(self.game.to_act(self.state))

    def is_over(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    def rewards(self) -> tuple[float, ...]:
        return final_rewards(self.game, self.state)

    def result(self) -> dict[str, Any]:
        """The end of the game for the infos: scores and places."""
        return {
            "scores": list(self.game.scores(self.state)),
            "ranking": list(self.game.ranking(self.state)),
        }

    def render(self, seat: Seat | None, lang: str) -> str:
        """``seat``'s view (None: a spectator's) drawn as text by the terminal's renderer."""
        from rich.console import Console

        from spieltisch.cli.render import render

        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None, force_terminal=False)
        console.print(render(self.game, self.game.view(self.state, seat), lang))
        return out.getvalue()


def _metadata(game_id: str) -> dict[str, Any]:
    return {
        "render_modes": ["ansi"],
        "render_fps": 1,
        "name": f"spieltisch_{game_id.replace('-', '_')}_v1",
        "is_parallelizable": True,
    }


def _check_render_mode(render_mode: str | None) -> None:
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode {render_mode!r} is not offered; use 'ansi' or None")


class SpieltischAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # untyped base
    """A Spieltisch game as a PettingZoo AEC environment: the seats that must act act one at
    a time, lowest seat first (simultaneous commits are made one after the other, face down:
    no seat sees another's card before the reveal)."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        super().__init__()
        _check_render_mode(render_mode)
        self.table = Table(game, players, options)
        self.metadata = _metadata(game)
        self.render_mode = render_mode
        self.lang = lang
        self.possible_agents = agent_names(self.table.players)
        self._seats = {agent: seat_of(agent) for agent in self.possible_agents}
        self.observation_spaces = {a: self.table.observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.deal(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.table.to_act()[0])

    def observe(self, agent: str) -> Observation:
        return self.table.observe(self._seats[agent])

    def step(self, action: int | None) -> None:
        if self.table.state is None:
            raise RuntimeError("no game yet: call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seats[agent]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        refused = self.table.refusal(seat, action)
        if refused is not None:
            self.infos[agent] = {"refused": refused}
            return
        self.infos[agent] = {}
        self.table.play(seat, action)  # type: ignore[arg-type]  # refusal checked it
        if self.table.is_over():
            result = self.table.result()
            self.rewards = dict(zip(self.agents, self.table.rewards(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {agent: dict(result) for agent in self.agents}
            self._accumulate_rewards()
        else:  # no rewards before the end: nothing to add up
            self.agent_selection = self.possible_agents[self.table.to_act()[0]]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        seat = None if self.table.is_over() else seat_of(self.agent_selection)
        return self.table.render(seat, self.lang)

    def close(self) -> None:
        """Nothing to release."""


class SpieltischParallelEnv(ParallelEnv[str, Observation, int]):  # type: ignore[misc]  # untyped
    """A Spieltisch game as a PettingZoo parallel environment: each step, every seat that
    must act now acts at once (all seats in a round of face-down commits, one seat on an
    ordinary turn); actions of agents that need not act (their mask is all 0) are ignored."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        _check_render_mode(render_mode)
        self.table = Table(game, players, options)
        self.metadata = _metadata(game)
        self.render_mode = render_mode
        self.lang = lang
        self.possible_agents = agent_names(self.table.players)
        self.agents: list[str] = []
        self.observation_spaces = {a: self.table.observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _observations(self) -> dict[str, Observation]:
        return {agent: self.table.observe(seat_of(agent)) for agent in self.possible_agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self.table.deal(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if self.table.state is None:
            raise RuntimeError("no game yet: call reset() before step()")
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for seat in self.table.to_act():
            agent = agent_name(seat)
            action = actions.get(agent)
            refused = self.table.refusal(seat, action)
            if refused is None:
                self.table.play(seat, action)  # type: ignore[arg-type]  # refusal checked it
            else:
                infos[agent] = {"refused": refused}
        agents = self.agents
        over = self.table.is_over()
        if over:
            rewards = dict(zip(agents, self.table.rewards(), strict=True))
            result = self.table.result()
            infos = {agent: dict(result) for agent in agents}
            self.agents = []
        else:
            rewards = dict.fromkeys(agents, 0.0)
        observations = self._observations()
        return (
            observations,
            rewards,
            dict.fromkeys(agents, over),
            dict.fromkeys(agents, False),
            infos,
        )

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        acting = () if self.table.is_over() else self.table.to_act()
        return self.table.render(acting[0] if acting else None, self.lang)

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> SpieltischAECEnv:
    """The AEC environment of ``game`` (a game id: ``dicht-dran``, ``cento``, …) for
    ``players`` seats (None: the fewest the game allows) with rule ``options``. It is not
    wrapped in PettingZoo's ``OrderEnforcingWrapper``, which costs a third of a step: it
    says itself when ``reset()`` has not been called."""
    return SpieltischAECEnv(game, players, render_mode, **options)


#: The same as :func:`env` (PettingZoo's name for an environment without wrappers).
raw_env = env


def parallel_env(
    game: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> SpieltischParallelEnv:
    """The parallel environment of ``game``: each step, every seat that must act acts."""
    return SpieltischParallelEnv(game, players, render_mode, **options)
