"""Search a game's rule options for a designer's goal: ``spieltisch tune``.

Optuna's TPE sampler, seeded with the run's seed, proposes option sets (``Param``: a whole
number between two bounds, or one of a list of values); each trial plays the same games
(the run's seed, game ``i`` shuffled with ``derive_seed(seed, "game", i)``: common random
numbers, so two trials differ by their rules and not by their deals) and scores them by the
objective, which is minimised and comes with a 95 % interval. The same arguments give the
same trials and the same winner, whatever the number of workers.

A trial is one option set not tried before: an option set the sampler proposes again is
told its earlier result and not counted, so ``trials`` trials play ``trials`` different
option sets (fewer when the search space holds fewer, or when the sampler keeps proposing
played ones: ``exhausted``). An option set the game refuses as a whole (a cross-check of
its options, e.g. Missionszahl's ``option_deck_small``) is an *infeasible* trial: listed
with the game's refusal and no objective, told to the sampler as pruned (so it learns to
avoid it), never re-checked and never the winner.

The best trial of a noisy search is likely to be one that was lucky, so the best few option
sets are played again on fresh seeds (``derive_seed(seed, "recheck")``, the same for all of
them) with more games, and the winner is the best of that re-check.

Objectives (all minimised):

- ``seat-balance``: the largest distance of a seat's win share from the fair share;
- ``METRIC=TARGET``: the distance of a metric (:mod:`spieltisch.sim.metrics`: ``length``,
  ``minutes``, ``comebacks``, ``first-seat-advantage``, ``score-spread``, ``margin``,
  ``ties``) from ``TARGET``, e.g. ``length=20``;
- ``METRIC``: the metric itself (``ties``, ``margin``).

The interval of a distance is the distance over the metric's interval; that of the
largest distance is from the largest lower to the largest upper bound (each seat's interval
holding, the largest distance lies in it).
"""

from __future__ import annotations

import math
import multiprocessing
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spieltisch.bots import bot_specs_for
from spieltisch.core.chance import derive_seed
from spieltisch.core.errors import OptionError, SpieltischError
from spieltisch.core.game import JSON, Game
from spieltisch.core.options import OptionSpec, OptionValue, validate_options
from spieltisch.games import game_class, make_game
from spieltisch.sim.runner import (
    INLINE_BELOW,
    Plan,
    SimulationError,
    absolute_paths,
    chunk_ranges,
    play_chunk,
    ray_session,
    run_plan,
    summarize,
)
from spieltisch.sim.tally import ChunkTally, Tally

#: How many of the best trials are played again before the winner is named, and with how
#: many times the trials' games.
RECHECK = 3
RECHECK_FACTOR = 2
#: The search ends early (``exhausted``) after this many proposals in a row of option sets
#: already tried.
REPEATS_MOST = 100
#: The metrics an objective may name (the skill metrics cost games of their own).
OBJECTIVE_METRICS = (
    "length",
    "minutes",
    "first_seat_advantage",
    "comebacks",
    "score_spread",
    "margin",
    "ties",
)


class TuneError(SpieltischError):
    """Bad arguments to ``tune``: a parameter, an objective or a count."""


@dataclass(frozen=True, slots=True)
class Param:
    """A rule option to search: whole numbers ``low`` to ``high``, or one of ``values``."""

    key: str
    low: int | None = None
    high: int | None = None
    values: tuple[str, ...] = ()

    @property
    def is_range(self) -> bool:
        return self.low is not None

    def to_json(self) -> dict[str, JSON]:
        if self.is_range:
            return {"key": self.key, "low": self.low, "high": self.high}
        return {"key": self.key, "values": list(self.values)}


def parse_param(text: str) -> Param:
    """``KEY=LOW..HIGH`` (whole numbers) or ``KEY=V1,V2,...``; when the text holds a ``;``,
    the values are separated by ``;`` instead, for options whose values hold commas
    (``chip_costs=3,2,1,0;5,3,1,0``, Triggs' ``score_sheet``, Missionszahl's ``symbols``).
    Raises :class:`TuneError`."""
    key, sep, rest = text.partition("=")
    key, rest = key.strip(), rest.strip()
    if not sep or not key or not rest:
        raise TuneError(code="tune_param_syntax", text=text)
    if ".." in rest:
        low, _, high = rest.partition("..")
        try:
            first, last = int(low.strip()), int(high.strip())
        except ValueError:
            raise TuneError(code="tune_param_syntax", text=text) from None
        if first >= last:
            raise TuneError(code="tune_param_order", key=key, low=first, high=last)
        return Param(key, first, last)
    values = tuple(value.strip() for value in rest.split(";" if ";" in rest else ","))
    if len(values) < 2 or not all(values) or len(set(values)) < len(values):
        raise TuneError(code="tune_param_syntax", text=text)
    return Param(key, values=values)


@dataclass(frozen=True, slots=True)
class Objective:
    """What a trial is scored by (smaller is better): ``seat-balance``, or a metric's value,
    or its distance from ``target``."""

    text: str
    metric: str | None
    target: float | None = None

    def score(self, summary: Mapping[str, Any]) -> tuple[float, float, float]:
        """The objective of a summary, with its 95 % interval."""
        if self.metric is None:
            fair = summary["fair_share"]
            gaps = [
                distance(share, low, high, fair)
                for share, (low, high) in zip(
                    summary["win_share"], summary["win_share_ci95"], strict=True
                )
            ]
            return tuple(max(gap[k] for gap in gaps) for k in range(3))  # type: ignore[return-value]
        entry = summary["metrics"][self.metric]
        value, low, high = entry["value"], entry["low"], entry["high"]
        if self.target is None:
            return value, low, high
        return distance(value, low, high, self.target)


def distance(value: float, low: float, high: float, target: float) -> tuple[float, float, float]:
    """``|value − target|`` with the interval it has when ``value`` lies in ``[low, high]``."""
    ends = (abs(low - target), abs(high - target))
    nearest = 0.0 if low <= target <= high else min(ends)
    return abs(value - target), nearest, max(ends)


def parse_objective(text: str) -> Objective:
    """``seat-balance``, ``METRIC`` or ``METRIC=TARGET`` (hyphens or underscores)."""
    name, sep, target = text.strip().partition("=")
    name = name.strip().replace("-", "_")
    known = ", ".join(["seat-balance", *(m.replace("_", "-") for m in OBJECTIVE_METRICS)])
    if name == "seat_balance" and not sep:
        return Objective(text, None)
    if name not in OBJECTIVE_METRICS:
        raise TuneError(code="tune_objective", objective=text, known=known)
    if not sep:
        return Objective(text, name)
    try:
        goal = float(target)
    except ValueError:
        raise TuneError(code="tune_objective_target", objective=text) from None
    if not math.isfinite(goal):
        raise TuneError(code="tune_objective_target", objective=text)
    return Objective(text, name, goal)


def check_params(
    game_id: str, params: Sequence[Param], fixed: Mapping[str, str]
) -> dict[str, OptionSpec]:
    """Each param's option, checked: it exists, is searched once and is not also fixed; a
    range lies within the option's bounds; every listed value is allowed. Each option is
    checked on its own: whether the game takes a combination (its cross-checks) is up to
    each trial (an infeasible trial)."""
    if not params:
        raise TuneError(code="tune_no_param")
    spec_of_game = game_class(game_id).spec
    validate_options(game_id, spec_of_game.options, fixed)
    specs = {spec.name: spec for spec in spec_of_game.options}
    seen: set[str] = set()
    for param in params:
        if param.key in seen or param.key in fixed:
            raise TuneError(code="tune_param_twice", key=param.key)
        seen.add(param.key)
        if param.key not in specs:  # the game's own "unknown option"
            validate_options(game_id, spec_of_game.options, {param.key: ""})
        spec = specs[param.key]
        if param.is_range:
            whole = isinstance(spec.default, int) and not isinstance(spec.default, bool)
            if not whole:
                raise TuneError(code="tune_param_not_number", key=param.key, allowed=spec.allowed)
            assert spec.minimum is not None
            assert spec.maximum is not None
            assert param.low is not None
            assert param.high is not None
            if param.low < spec.minimum or param.high > spec.maximum:
                raise TuneError(
                    code="tune_param_range",
                    key=param.key,
                    low=param.low,
                    high=param.high,
                    minimum=spec.minimum,
                    maximum=spec.maximum,
                )
        else:
            for value in param.values:
                spec.parse(game_id, value)
    return specs


def space_size(params: Sequence[Param], specs: Mapping[str, OptionSpec], game_id: str) -> int:
    """How many different option sets ``params`` span (listed values that mean the same,
    like ``true`` and ``yes``, count once)."""
    size = 1
    for param in params:
        if param.is_range:
            assert param.low is not None
            assert param.high is not None
            size *= param.high - param.low + 1
        else:
            size *= len({specs[param.key].parse(game_id, value) for value in param.values})
    return size


class Tables:
    """Where trials are played, kept for the whole run: this process, a pool of worker
    processes (started once, not per trial) or Ray (one session)."""

    def __init__(self, workers: int, ray_address: str | None, chunks_planned: int) -> None:
        self.workers = workers
        self.ray_address = ray_address
        self.chunks_planned = chunks_planned
        self.stack = ExitStack()
        self.pool: ProcessPoolExecutor | None = None
        self.decided = workers == 1 or ray_address is not None
        self.backend = "ray" if ray_address is not None else "inline"

    def __enter__(self) -> Tables:
        if self.ray_address is not None:
            self.stack.enter_context(ray_session(self.ray_address, self.workers))
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()

    def tally(self, plan: Plan, games: int) -> ChunkTally:
        """All ``games`` of ``plan`` played and merged."""
        if self.ray_address is not None or self.workers == 1:
            merged, _ = run_plan(plan, games, self.workers, self.ray_address, None)
            return merged
        ranges = chunk_ranges(games)
        merged = ChunkTally(0, 0, [Tally(plan.players)], [])
        if not self.decided:
            started = time.perf_counter()
            merged.merge(play_chunk(plan, *ranges[0]))
            ranges = ranges[1:]
            spent = time.perf_counter() - started
            self.decided = True
            if spent * self.chunks_planned >= INLINE_BELOW:
                context = multiprocessing.get_context("spawn")
                self.pool = self.stack.enter_context(
                    ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
                )
                self.backend = "processes"
        if self.pool is None:
            for start, stop in ranges:
                merged.merge(play_chunk(plan, start, stop))
            return merged
        futures: list[Future[ChunkTally]] = [
            self.pool.submit(play_chunk, plan, start, stop) for start, stop in ranges
        ]
        for future in futures:  # in chunk order; exact tallies merge alike in any order
            try:
                merged.merge(future.result())
            except BrokenProcessPool:
                raise SimulationError(
                    "a worker process stopped unexpectedly (out of memory, or killed); "
                    "try fewer --workers"
                ) from None
        return merged


def _quiet_optuna() -> Any:
    import optuna

    optuna.logging.set_verbosity(optuna.logging.ERROR)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    return optuna


def tune(
    game_id: str,
    players: int,
    params: Sequence[Param],
    objective: str,
    *,
    trials: int,
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    workers: int = 1,
    ray_address: str | None = None,
    on_trial: Callable[[dict[str, JSON]], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    options: Mapping[str, str] | None = None,
    recheck: int = RECHECK,
    recheck_games: int | None = None,
) -> dict[str, JSON]:
    """Search ``params`` of ``game_id`` for the smallest ``objective`` (module docstring).

    ``options`` fixes other rule options. ``on_trial`` gets each finished trial (its
    number, options, objective and interval, or ``infeasible``); ``should_stop`` is asked
    before each trial and ends the search early (the trials so far are re-checked as
    usual). Returns the ``--json`` object: ``best`` (options, objective, interval and the
    full summary of its re-check; ``None`` when no trial was feasible), ``trials``,
    ``recheck``, ``importances`` and what was asked.
    """
    fixed = dict(options or {})
    goal = parse_objective(objective)
    specs = check_params(game_id, params, fixed)
    game_class(game_id).spec.check_seats(players)
    for name, count in (("trials", trials), ("games", games)):
        if count < 1:
            raise TuneError(code="tune_count", name=name, count=count, least=1)
    if workers < 1:
        raise SimulationError(code="sim_workers_count", workers=workers)
    if recheck < 0:
        raise TuneError(code="tune_count", name="recheck", count=recheck, least=0)
    if recheck_games is None:
        recheck_games = RECHECK_FACTOR * games
    if recheck_games < 1:
        raise TuneError(code="tune_count", name="recheck-games", count=recheck_games, least=1)
    bots = tuple(bot_specs_for(list(bots), players))
    space = space_size(params, specs, game_id)
    wanted = min(trials, space)
    optuna = _quiet_optuna()
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    played: dict[tuple[tuple[str, OptionValue], ...], dict[str, JSON]] = {}
    found: list[dict[str, JSON]] = []
    started = time.perf_counter()
    chunks = len(chunk_ranges(games)) * wanted + len(chunk_ranges(recheck_games)) * recheck
    stopped = exhausted = False
    repeats = 0

    def searched(chosen: Mapping[str, object]) -> dict[str, OptionValue]:
        return {
            param.key: specs[param.key].parse(game_id, str(chosen[param.key])) for param in params
        }

    with Tables(workers, ray_address, chunks) as tables:

        def variant(chosen: Mapping[str, object]) -> tuple[Game[Any, Any, Any], dict[str, Any]]:
            game = make_game(game_id, {**fixed, **{k: str(v) for k, v in chosen.items()}})
            return game, absolute_paths(game, dict(game.options))

        def evaluate(chosen: Mapping[str, object], run_seed: int, count: int) -> dict[str, Any]:
            game, resolved = variant(chosen)
            plan = Plan(game_id, (resolved,), players, run_seed, bots)
            merged = tables.tally(plan, count)
            return summarize(game, plan, merged.variants[0], resolved)

        def attempt(chosen: Mapping[str, object]) -> dict[str, JSON]:
            """A new option set played (or refused by the game: infeasible)."""
            try:
                summary = evaluate(chosen, seed, games)
            except OptionError as refusal:
                return {
                    "options": dict(searched(chosen)),
                    "objective": None,
                    "low": None,
                    "high": None,
                    "infeasible": {
                        "error": str(refusal),
                        "code": refusal.code,
                        "params": _plain(refusal.params),
                    },
                }
            value, low, high = goal.score(summary)
            return {
                "options": dict(searched(chosen)),
                "objective": round(value, 6),
                "low": round(low, 6),
                "high": round(high, 6),
                "metrics": summary["metrics"],
                "win_share": summary["win_share"],
            }

        while len(found) < wanted:
            if should_stop is not None and should_stop():
                stopped = True
                break
            if repeats >= REPEATS_MOST:
                exhausted = True
                break
            trial = study.ask()
            chosen: dict[str, object] = {}
            for param in params:
                if param.is_range:
                    chosen[param.key] = trial.suggest_int(param.key, param.low, param.high)
                else:
                    chosen[param.key] = trial.suggest_categorical(param.key, list(param.values))
            key = tuple(sorted(searched(chosen).items()))
            fresh = key not in played
            if fresh:
                played[key] = attempt(chosen)
            entry = played[key]
            if entry["objective"] is None:
                study.tell(trial, state=optuna.trial.TrialState.PRUNED)
            else:
                study.tell(trial, entry["objective"])
            if not fresh:
                repeats += 1
                continue
            repeats = 0
            result: dict[str, JSON] = {"number": len(found), **entry, "chosen": dict(chosen)}
            found.append(result)
            if on_trial is not None:
                on_trial(_public(result))
        searching = time.perf_counter() - started
        feasible = [trial for trial in found if trial["objective"] is not None]
        again = derive_seed(seed, "recheck")
        rechecked = _recheck(feasible, recheck, evaluate, goal, again, recheck_games)
        backend = tables.backend

    best = _winner(feasible, rechecked)
    elapsed = time.perf_counter() - started
    return {
        "game": game_id,
        "players": players,
        "objective": goal.text,
        "seed": seed,
        "bots": list(bots),
        "params": [param.to_json() for param in params],
        "fixed_options": dict(fixed),
        "games": games,
        "trials_asked": trials,
        "space": space,
        "stopped": stopped,
        "exhausted": exhausted,
        "infeasible": len(found) - len(feasible),
        "best": best,
        "trials": [_public(trial) for trial in found],
        "recheck": {
            "games": recheck_games,
            "seed": f'derive_seed({seed}, "recheck")',
            "trials": [_public(entry) for entry in rechecked],
        },
        "importances": _importances(study) if len(feasible) > 1 else {},
        "timing": {
            "seconds": round(elapsed, 3),
            "search_seconds": round(searching, 3),
            "games": len(feasible) * games + len(rechecked) * recheck_games,
            "search_games": len(feasible) * games,
            "workers": workers if backend != "inline" else 1,
            "backend": backend,
        },
    }


def _plain(value: Any) -> Any:
    """An error's parameters as plain JSON (other objects become text)."""
    import json

    return json.loads(json.dumps(value, default=str))


def _public(trial: Mapping[str, JSON]) -> dict[str, JSON]:
    """A trial as the JSON shows it (without the sampler's raw choices)."""
    return {key: value for key, value in trial.items() if key not in ("chosen", "summary")}


def _recheck(
    found: Sequence[dict[str, JSON]],
    count: int,
    evaluate: Callable[[Mapping[str, object], int, int], dict[str, Any]],
    goal: Objective,
    seed: int,
    games: int,
) -> list[dict[str, JSON]]:
    """The best ``count`` distinct option sets, played again with ``games`` games on the
    seed ``seed`` (the same for all of them)."""
    ranked = sorted(found, key=lambda trial: (trial["objective"], trial["number"]))
    chosen: list[dict[str, JSON]] = []
    for trial in ranked:
        if len(chosen) == count:
            break
        if all(trial["options"] != other["options"] for other in chosen):
            chosen.append(trial)
    rechecked = []
    for trial in chosen:
        raw = trial["chosen"]
        assert isinstance(raw, dict)
        summary = evaluate(raw, seed, games)
        value, low, high = goal.score(summary)
        rechecked.append(
            {
                "trial": trial["number"],
                "options": trial["options"],
                "objective": round(value, 6),
                "low": round(low, 6),
                "high": round(high, 6),
                "games": games,
                "metrics": summary["metrics"],
                "summary": summary,
            }
        )
    return rechecked


def _winner(
    found: Sequence[dict[str, JSON]], rechecked: Sequence[dict[str, JSON]]
) -> dict[str, JSON] | None:
    """The best re-checked option set (the best trial if none was re-checked)."""
    if rechecked:
        best = min(rechecked, key=lambda entry: (entry["objective"], rechecked.index(entry)))
        return {
            "options": best["options"],
            "objective": best["objective"],
            "low": best["low"],
            "high": best["high"],
            "trial": best["trial"],
            "games": best["games"],
            "rechecked": True,
            "metrics": best["metrics"],
            "summary": best["summary"],
        }
    if not found:
        return None
    trial = min(found, key=lambda entry: (entry["objective"], entry["number"]))
    return {
        "options": trial["options"],
        "objective": trial["objective"],
        "low": trial["low"],
        "high": trial["high"],
        "trial": trial["number"],
        "rechecked": False,
        "metrics": trial["metrics"],
    }


def _importances(study: Any) -> dict[str, JSON]:
    """Optuna's importance of each parameter (its default evaluator, PED-ANOVA: how much a
    parameter's values differ between the best trials and all; shares adding up to 1);
    empty when the trials do not vary enough to tell."""
    import optuna

    try:
        with warnings.catch_warnings():  # "importances will be equal": the shares say so
            warnings.simplefilter("ignore", UserWarning)
            found = optuna.importance.get_param_importances(study)
    except (RuntimeError, ValueError, ZeroDivisionError):
        return {}
    return {key: round(float(value), 6) for key, value in found.items()}


__all__ = [
    "Objective",
    "Param",
    "TuneError",
    "parse_objective",
    "parse_param",
    "tune",
    "write_tune_report",
]


def write_tune_report(result: Mapping[str, Any], out: Path, command: str = "") -> Path:
    """Write ``out/index.html`` (history, importances, trials, re-check) and the best
    variant's full report in ``out/best/``; return the page's path."""
    from spieltisch.sim.tune_report import write_tune_page

    return write_tune_page(result, out, command)
