"""Every Spieltisch game as an OpenSpiel game.

Importing this module registers each registered game with ``pyspiel.register_game`` as
``spieltisch_<id with underscores>``::

    import pyspiel
    import spieltisch.rl.openspiel  # noqa: F401
    game = pyspiel.load_game("spieltisch_dicht_dran", {"players": 4})

How the games map onto OpenSpiel (docs/rl.md says the same):

* **Turns are sequential.** Where a game's seats commit face down at once (Dicht dran,
  Missionszahl), the seats that must commit do so one after another, lowest seat first, and
  nobody sees another's commit before all have committed: the engine takes commits one at a
  time and its views hide them, so this is OpenSpiel's own turn-based form of a simultaneous
  move (``turn_based_simultaneous_game``), and it is what OpenSpiel's search bots (ISMCTS,
  MCTS) accept.
* **Chance is sampled.** A game deals from its own seeded shuffles (``spieltisch.core.chance``),
  so there are no chance nodes: the ``n``-th ``new_initial_state()`` of a game loaded with
  ``{"seed": s}`` is the deal of ``derive_seed(s, n)``; reshuffles later in the game come
  from that seed too.
* **Observations** are the seat's view (:meth:`Game.view`) and nothing else: the tensor is the
  game's ``encode_view`` (docs/rl.md lists its fields), the string the view's JSON.
* **The information state** is the observation plus what the seat did itself: the string
  adds the seat's own actions in order, the tensor adds a flag for every action id the seat
  has taken. The views carry what the rules let a seat remember of the others; OpenSpiel's
  information state also remembers the seat's own choices.
* ``resample_from_infostate`` deals a full state consistent with the seat's view through the
  game's ``determinize``; in the resampled state only that seat's own actions are known.
* **Returns** are the win shares of ``spieltisch.rl.common`` (zero-sum), given at the end.
* **Parameters**: ``players``, ``seed`` and every rule option of the game by its name (Magic
  Numbers answers by choosing among the offered meanings, as in every RL interface).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as missing:  # pragma: no cover - the rl extra installs it
    raise ImportError(
        "spieltisch.rl.openspiel needs OpenSpiel (open-spiel is missing): "
        "pip install 'spieltisch[rl]'"
    ) from missing

import orjson

from spieltisch.core.chance import SearchRandom, derive_seed
from spieltisch.core.game import Game, Seat
from spieltisch.games import REGISTRY
from spieltisch.rl.common import RL_DEFAULTS, final_rewards, make_rl_game

PREFIX = "spieltisch_"
#: OpenSpiel's player id of a finished game.
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def openspiel_name(game_id: str) -> str:
    """The OpenSpiel short name of the Spieltisch game ``game_id``."""
    return PREFIX + game_id.replace("-", "_")


def _parameters(game_id: str) -> dict[str, Any]:
    """The OpenSpiel parameters of ``game_id`` with their defaults: players, seed and the
    game's rule options (with the RL interfaces' own defaults)."""
    spec = REGISTRY[game_id].spec
    options = {option.name: option.default for option in spec.options}
    options.update(RL_DEFAULTS.get(game_id, {}))
    return {"players": spec.min_seats, "seed": 0, **options}


def _game_type(game_id: str) -> Any:
    spec = REGISTRY[game_id].spec
    kind = pyspiel.GameType
    return kind(
        short_name=openspiel_name(game_id),
        long_name=f"Spieltisch {spec.name_en}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.SAMPLED_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=spec.max_seats,
        min_num_players=spec.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game_id),
    )


class SpieltischGame(pyspiel.Game):  # type: ignore[misc]
    """One Spieltisch game for one seat count, as OpenSpiel sees it."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        chosen = {**_parameters(self.game_id), **(params or {})}
        self.players = int(chosen.pop("players"))
        self.seed = int(chosen.pop("seed"))
        self.engine: Game[Any, Any, Any] = make_rl_game(self.game_id, chosen)
        self.engine.spec.check_seats(self.players)
        self.dealt = 0
        self.observers: dict[bool, SeatObserver] = {}
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0 / self.players,
            max_utility=1.0 - 1.0 / self.players,
            utility_sum=0.0,
            max_game_length=self.engine.max_actions(self.players),
        )
        super().__init__(_game_type(self.game_id), info, {"players": self.players, **chosen})

    def new_initial_state(self) -> SpieltischState:
        """A new game. It is dealt when first used, and the ``n``-th game this object deals
        is the deal of ``derive_seed(seed, n)`` (OpenSpiel also makes a new state to clone
        one, and throws its deal away unused)."""
        return SpieltischState(self, Table(self))

    def next_seed(self) -> int:
        """The seed of the next game this object deals."""
        count = self.dealt
        self.dealt += 1
        return derive_seed(self.seed, count)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SeatObserver:
        """What a seat observes; with perfect recall, its information state."""
        if params:
            raise ValueError(f"{self.get_type().short_name} takes no observer parameters")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SeatObserver(self, recall)

    def observer(self, recall: bool) -> SeatObserver:
        """This game's observer of observations (or, with ``recall``, information states)
        for Python callers, made once."""
        if recall not in self.observers:
            self.observers[recall] = SeatObserver(self, recall)
        return self.observers[recall]


class Table:
    """The engine's state with what each seat did: what an OpenSpiel state holds.

    The deal waits for the first question (OpenSpiel's Python games make a fresh state for
    every clone and then overwrite it). A table copies itself with the game's own
    :meth:`Game.clone`, much cheaper than a deep copy; it remembers who is to act."""

    __slots__ = ("_current", "_state", "engine", "game", "own")

    def __init__(
        self, game: SpieltischGame, state: Any = None, own: list[list[int]] | None = None
    ) -> None:
        self.game = game
        self.engine = game.engine
        self._state = state
        self._current: int | None = None
        #: each seat's own actions (integer ids), in order
        self.own = own if own is not None else [[] for _ in range(game.players)]

    @property
    def state(self) -> Any:
        """The engine's state (dealt on first use)."""
        if self._state is None:
            self._state = self.engine.new_state(self.game.players, seed=self.game.next_seed())
        return self._state

    @property
    def current(self) -> int:
        """The seat to act (the lowest of several that commit at once), or OpenSpiel's
        terminal player id."""
        if self._current is None:
            state = self.state
            if self.engine.is_terminal(state):
                self._current = TERMINAL
            else:
                self._current = int(self.engine.to_act(state)[0])
        return self._current

    def apply(self, action: int) -> None:
        """Carry out the action with integer id ``action`` for the seat to act, if legal."""
        seat = self.current
        chosen = self.engine.decode(action)
        self.engine.check_legal(
            self.state, seat, chosen, self.engine.legal_actions(self.state, seat)
        )
        self.engine.apply(self.state, seat, chosen)
        self.own[seat].append(int(action))
        self._current = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        state = None if self._state is None else self.engine.clone(self._state)
        return Table(self.game, state, [list(actions) for actions in self.own])


class SpieltischState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the engine's state behind OpenSpiel's state API."""

    def __init__(self, game: SpieltischGame, table: Table) -> None:
        super().__init__(game)
        self.table = table

    def current_player(self) -> int:
        """The lowest seat that must act; several seats that commit face down at once act
        one after another (see the module's docstring)."""
        return self.table.current

    def _legal_actions(self, player: int) -> list[int]:
        """The integer ids of the seat's legal actions, in ascending order (none for a seat
        that is not to act now)."""
        table = self.table
        if player != table.current:
            return []
        encode = table.engine.encode
        return sorted(encode(action) for action in table.engine.legal_actions(table.state, player))

    def _apply_action(self, action: int) -> None:
        """Carry out ``action`` for the seat to act; an action it may not take is refused
        (``IllegalActionError``, state unchanged)."""
        self.table.apply(action)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation (for Python callers without OpenSpiel's detour: its
        Python games deal a new state to learn the tensor's size at every call)."""
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The seat's information state (see :meth:`observation_tensor`)."""
        return self._tensor(True, player)

    def _tensor(self, recall: bool, player: int | None) -> list[float]:
        seat = self.table.current if player is None else player
        if not 0 <= seat < self.table.game.players:
            raise ValueError(f"player must be a seat from 0 to {self.table.game.players - 1}")
        observer = self.table.game.observer(recall)
        observer.set_from(self, seat)
        values: list[float] = observer.tensor.tolist()
        return values

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.table.engine.decode(action))

    def is_terminal(self) -> bool:
        return self.table.current == TERMINAL

    def returns(self) -> list[float]:
        """Each seat's win share minus ``1/players`` at the end; 0 before."""
        table = self.table
        if not table.engine.is_terminal(table.state):
            return [0.0] * len(table.own)
        return list(final_rewards(table.engine, table.state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpieltischState:
        """A state ``player_id`` cannot tell from this one: what it cannot see is dealt anew
        by the game's ``determinize``, seeded from ``probability_sampler``."""
        table = self.table
        rng = SearchRandom(int(probability_sampler() * 2**53))
        view = table.engine.view(table.state, player_id)
        state = table.engine.determinize(view, rng)
        own: list[list[int]] = [[] for _ in table.own]
        own[player_id] = list(table.own[player_id])
        return SpieltischState(table.game, Table(table.game, state, own))

    def __str__(self) -> str:
        """Every seat's view (for debugging: a full state, as OpenSpiel's are)."""
        table = self.table
        seats = range(len(table.own))
        return "\n".join(_view_text(table.engine, table.state, seat) for seat in seats)


def _view_text(engine: Game[Any, Any, Any], state: Any, seat: Seat) -> str:
    """The seat's view as canonical JSON text."""
    return orjson.dumps(engine.view(state, seat).to_json(), option=orjson.OPT_SORT_KEYS).decode()


class SeatObserver:
    """OpenSpiel's observer of one game: the seat's view as a tensor and as text; with
    ``recall`` (the information state) also the seat's own actions."""

    def __init__(self, game: SpieltischGame, recall: bool) -> None:
        self.recall = recall
        self.view_size = math.prod(game.engine.observation_shape(game.players))
        own_size = game.engine.num_distinct_actions if recall else 0
        self.tensor = np.zeros(self.view_size + own_size, np.float32)
        self.dict = {"view": self.tensor[: self.view_size]}
        if recall:
            self.dict["own_actions"] = self.tensor[self.view_size :]

    def set_from(self, state: SpieltischState, player: int) -> None:
        """Fill the tensor from ``player``'s view of ``state``."""
        table = state.table
        view = table.engine.view(table.state, player)
        self.tensor[: self.view_size] = table.engine.encode_view(view).ravel()
        if self.recall:
            own = self.dict["own_actions"]
            own.fill(0.0)
            own[table.own[player]] = 1.0

    def string_from(self, state: SpieltischState, player: int) -> str:
        """``player``'s view as JSON text; with recall, its own actions before it."""
        table = state.table
        text = _view_text(table.engine, table.state, player)
        if not self.recall:
            return text
        done = " ".join(map(str, table.own[player]))
        return f"own actions: {done}\n{text}"


def _game_class(game_id: str) -> Callable[..., SpieltischGame]:
    name = "".join(part.title() for part in game_id.split("-")) + "OpenSpielGame"
    made: Callable[..., SpieltischGame] = type(name, (SpieltischGame,), {"game_id": game_id})
    return made


def register_all() -> list[str]:
    """Register every Spieltisch game not yet known to OpenSpiel; returns all their names."""
    known = set(pyspiel.registered_names())
    names = []
    for game_id in REGISTRY:
        name = openspiel_name(game_id)
        if name not in known:
            pyspiel.register_game(_game_type(game_id), _game_class(game_id))
        names.append(name)
    return names


#: The OpenSpiel names of every registered Spieltisch game.
GAME_NAMES = register_all()

__all__ = ["GAME_NAMES", "SpieltischGame", "SpieltischState", "openspiel_name", "register_all"]
