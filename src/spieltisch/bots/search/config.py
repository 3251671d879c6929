"""The search's settings: one validated, frozen record, read from a spec's parameters.

Every setting is an ``ismcts:key=value`` parameter (see :data:`PARAMETERS` and the table in
docs/bots.md). A combination in which a setting would have no effect is refused with a
:class:`BotSpecError` naming it and what it needs, rather than ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spieltisch.core.errors import BotSpecError

#: Simulations per move when neither ``sims`` nor ``time`` is given.
DEFAULT_SIMULATIONS = 1000
#: The UCB exploration constant (rewards lie in [0, 1]).
DEFAULT_EXPLORATION = 0.7
#: How much of the reward is the seat's relative score rather than its share of the win.
DEFAULT_SCORE_WEIGHT = 0.25

#: The parameters of an ``ismcts:key=value`` spec.
PARAMETERS = (
    "sims",
    "time",
    "c",
    "rollout",
    "opponents",
    "bias",
    "batch",
    "score",
    "horizon",
    "cut",
    "root",
    "tree",
    "top",
    "switch",
    "deals",
    "facedown",
)


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How the search decides; each field is one spec parameter (named in its comment)."""

    #: ``sims``: simulations per move (without ``time``: :data:`DEFAULT_SIMULATIONS`).
    simulations: int | None = None
    #: ``time``: seconds per move, instead of a number of simulations.
    seconds: float | None = None
    #: ``c``: the UCB exploration constant.
    exploration: float = DEFAULT_EXPLORATION
    #: ``rollout=heuristic``: playouts are played by the players' models, not at random.
    rollout_by_model: bool = False
    #: ``opponents=heuristic``: the other seats decide by their models, not in the tree.
    opponents_by_model: bool = False
    #: ``bias``: progressive bias towards the own model's choice in UCB.
    bias: float = 0.0
    #: ``batch``: simulations per sampled deal, meeting the same chance.
    batch: int = 1
    #: ``score``: the weight of the relative score in the reward.
    score_weight: float = DEFAULT_SCORE_WEIGHT
    #: ``horizon``: a playout stops after this many actions (``None``: at the game's end).
    horizon: int | None = None
    #: ``cut=round``: past the horizon, play on until the bot is about to begin a turn.
    cut_at_round: bool = False
    #: ``root=halving``: the root is decided by a sequential-halving knockout.
    halving: bool = False
    #: ``tree=root``: only the root decision is searched; every later one is modelled.
    root_only: bool = False
    #: ``top``: with halving, only the own model's ``top`` best moves enter the knockout.
    top: int | None = None
    #: ``switch``: with halving, how many standard errors another move must beat the
    #: model's move by to be played instead (``None``: the knockout's winner is played).
    switch: float | None = None
    #: ``deals=belief``: deals lean on the game's belief about the others' hands.
    deals_by_belief: bool = False
    #: ``facedown=model``: the others' face-down cards of this round are taken back from
    #: each deal, for their models to lay from the sampled hands.
    face_down_by_model: bool = False

    def __post_init__(self) -> None:
        if self.simulations is not None and self.seconds is not None:
            raise BotSpecError(code="search_sims_or_time")
        if self.simulations is None and self.seconds is None:
            object.__setattr__(self, "simulations", DEFAULT_SIMULATIONS)
        if self.cut_at_round and self.horizon is None:
            raise BotSpecError(code="search_cut_horizon", cut="round")
        if not self.halving:
            for key, value in (("top", self.top), ("switch", self.switch)):
                if value is not None:
                    raise BotSpecError(code="search_halving_only", parameter=key)
        elif self.batch != 1:
            raise BotSpecError(code="search_batch_halving")
        elif self.root_only:
            for key, value, default in (
                ("c", self.exploration, DEFAULT_EXPLORATION),
                ("bias", self.bias, 0.0),
            ):
                if value != default:
                    raise BotSpecError(code="search_ucb_unused", parameter=key)
        if self.face_down_by_model and not self.plays_by_model:
            raise BotSpecError(code="search_facedown_model")

    @property
    def plays_by_model(self) -> bool:
        """Whether the players' models play in the simulations (the rollouts or the
        other seats)."""
        return self.rollout_by_model or self.opponents_by_model

    @property
    def needs_model(self) -> bool:
        """Whether these settings need the game's heuristic bot as the players' model."""
        knockout_by_model = self.top is not None or self.switch is not None
        return self.plays_by_model or bool(self.bias) or knockout_by_model

    @classmethod
    def from_spec(cls, params: dict[str, str]) -> SearchConfig:
        """The settings of an ``ismcts:key=value`` spec's parameters (checked; unknown
        keys are the spec parser's to refuse)."""
        simulations = _number(params, "sims", int, 1, 10_000_000)
        seconds = _number(params, "time", float, 0.001, 3600.0)
        if simulations is not None and seconds is not None:
            raise BotSpecError(code="search_sims_or_time")
        horizon = _number(params, "horizon", int, 1, 1_000_000)
        cut = _choice(params, "cut", ("action", "round"), "action")
        if "cut" in params and horizon is None:
            raise BotSpecError(code="search_cut_horizon", cut=cut)
        exploration = _number(params, "c", float, 0.0, 100.0)
        bias = _number(params, "bias", float, 0.0, 100.0)
        batch = _number(params, "batch", int, 1, 1000)
        score = _number(params, "score", float, 0.0, 1.0)
        rollout = _choice(params, "rollout", ("random", "heuristic"), "random")
        opponents = _choice(params, "opponents", ("search", "heuristic"), "search")
        root = _choice(params, "root", ("ucb", "halving"), "ucb")
        tree = _choice(params, "tree", ("full", "root"), "full")
        top = _number(params, "top", int, 1, 1000)
        switch = _number(params, "switch", float, 0.0, 100.0)
        deals = _choice(params, "deals", ("uniform", "belief"), "uniform")
        face_down = _choice(params, "facedown", ("random", "model"), "random")
        return cls(
            simulations=simulations,
            seconds=seconds,
            exploration=exploration if exploration is not None else DEFAULT_EXPLORATION,
            rollout_by_model=rollout == "heuristic",
            opponents_by_model=opponents == "heuristic",
            bias=bias if bias is not None else 0.0,
            batch=batch if batch is not None else 1,
            score_weight=score if score is not None else DEFAULT_SCORE_WEIGHT,
            horizon=horizon,
            cut_at_round=cut == "round",
            halving=root == "halving",
            root_only=tree == "root",
            top=top,
            switch=switch,
            deals_by_belief=deals == "belief",
            face_down_by_model=face_down == "model",
        )


def _choice(params: dict[str, str], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = params.get(key, default)
    if value not in allowed:
        one, other = allowed
        raise BotSpecError(code="search_choice", parameter=key, one=one, other=other, value=value)
    return value


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
            code="search_number", parameter=key, low=low, high=high, value=params[key]
        )
    return value
