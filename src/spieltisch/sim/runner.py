"""Play many games between bots and summarise them, on every core or on a Ray cluster.

Game ``i`` of a run with seed ``S`` is shuffled with ``derive_seed(S, "game", i)`` and its
bots are seeded with ``derive_seed(S, "bot", i, seat)``, so any game of a run can be
replayed alone, and the summary depends only on the arguments. The games are split into
chunks of consecutive indices (the split depends only on the number of games); each chunk
is played by a worker and comes back as a small exact tally (:mod:`spieltisch.sim.tally`).
Merged, the tallies give the same summary whether one process, several or a Ray cluster
played them. A comparison plays every game index under each rule variant, so the variants
meet the same seeds and their differences are paired game by game.
"""

from __future__ import annotations

import importlib
import logging
import math
import multiprocessing
import os
import socket
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from spieltisch.bots import make_bot
from spieltisch.core.chance import derive_seed
from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import JSON, Game
from spieltisch.core.match import Agent, next_action, play_match
from spieltisch.core.options import OptionValue
from spieltisch.core.transcript import Transcript, replay_steps
from spieltisch.games import descriptor, make_game
from spieltisch.sim.metrics import Metric, metrics_of, skill_metric
from spieltisch.sim.stats import paired_difference, proportion_test, wilson
from spieltisch.sim.tally import ChunkTally, Outcome, Paired, Tally

#: The most games in one chunk: a worker's unit of work and of progress reports.
MAX_CHUNK = 1000
#: Runs are split into at least this many chunks (if they have that many games), so that
#: the workers stay busy to the end.
MIN_CHUNKS = 64
#: Seconds of play below which a run stays in this process: starting a worker process
#: (``spawn``: a fresh interpreter that imports Spieltisch) takes about half a second.
INLINE_BELOW = 2.0


#: A chunk function's plan and result (:func:`play_in_order`).
P = TypeVar("P")
T = TypeVar("T")


class SimulationError(SpieltischError):
    """A simulation that cannot run as asked (a comparison or a cluster problem)."""


def game_seed(seed: int, index: int) -> int:
    """The shuffle seed of game ``index`` of a run with ``seed``."""
    return derive_seed(seed, "game", index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in game ``index`` of a run with ``seed``."""
    return derive_seed(seed, "bot", index, seat)


def chunk_ranges(games: int) -> list[tuple[int, int]]:
    """The chunks ``[start, stop)`` of a run of ``games``; they depend on nothing else."""
    size = min(MAX_CHUNK, max(1, math.ceil(games / MIN_CHUNKS)))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything a worker needs to play its chunk: plain, picklable values only."""

    game: str
    variants: tuple[dict[str, OptionValue], ...]
    players: int
    seed: int
    bots: tuple[str, ...]
    transcripts: tuple[str, ...] | None = None


def _ray_result(ray: Any, ref: Any) -> ChunkTally:
    """A Ray task's tally; a failure in the task is raised as its own error (one line, as
    in one process), a lost worker as a :class:`SimulationError`."""
    try:
        result: ChunkTally = ray.get(ref)
    except ray.exceptions.RayTaskError as error:
        cause = error.cause
        if isinstance(cause, SpieltischError):
            raise cause from None
        raise SimulationError(f"a Ray task failed: {cause!r}") from None
    except ray.exceptions.RayError as error:
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
        raise SimulationError(f"a Ray worker was lost: {first_line}") from None
    return result


class HalfTime:
    """Follows a game's progress to find its standing at half-time.

    Half-time is the first moment the game's progress (:meth:`Game.progress`, in its
    :attr:`Game.length_unit`; in actions for a game that counts nothing) reaches half of
    its value at the end. The length is known only at the end, so the standing
    (:meth:`Game.standing`) is noted each time the progress moves on: a few dozen tuples a
    game, and a game's chance is never touched, so the games stay the same.
    """

    __slots__ = ("counted", "game", "marks", "reached")

    def __init__(self, game: Game[Any, Any, Any], state: Any) -> None:
        self.game = game
        self.counted = game.length_unit is not None
        self.reached = game.progress(state) if self.counted else 0
        self.marks: list[tuple[int, tuple[float, ...]]] = [
            (self.reached, tuple(game.standing(state)))
        ]

    def see(self, state: Any, length: int) -> None:
        """Note the standing if the game has moved on (``length``: actions so far)."""
        now = self.game.progress(state) if self.counted else length
        if now != self.reached:
            self.reached = now
            self.marks.append((now, tuple(self.game.standing(state))))

    def standing(self) -> tuple[float, ...]:
        """The standing when the progress first reached half its final value."""
        half = self.reached / 2
        return next(standing for done, standing in self.marks if done >= half)


def play_quietly(game: Game[Any, Any, Any], agents: Sequence[Agent], seed: int) -> Outcome:
    """Play a whole game like :func:`~spieltisch.core.match.play_match`, without building
    its transcript or events: the simulation's hot path. The same agents and seed give the
    same game."""
    state = game.new_state(len(agents), seed)
    length = 0
    half = HalfTime(game, state)
    while not game.is_terminal(state):
        seat, action = next_action(game, state, agents)
        game.apply(state, seat, action)
        length += 1
        half.see(state, length)
    return Outcome(
        tuple(game.scores(state)),
        tuple(game.ranking(state)),
        length,
        game.progress(state),
        half.standing(),
    )


def replayed_half_time(game: Game[Any, Any, Any], transcript: Transcript) -> tuple[float, ...]:
    """The standing at half-time of a recorded game, found by replaying it."""
    half: HalfTime | None = None
    for step, _, _, _, state in replay_steps(game, transcript):
        if half is None:
            half = HalfTime(game, state)
        else:
            half.see(state, step)
    assert half is not None
    return half.standing()


def play_chunk(plan: Plan, start: int, stop: int) -> ChunkTally:
    """Play games ``start`` to ``stop - 1`` of ``plan`` under every variant and tally them.

    A module-level function of picklable arguments, so that worker processes (started with
    ``spawn``) and Ray tasks can run it. The games are made anew for every chunk (it is
    cheap), so a long-lived worker never plays with a stale deck file.
    """
    games = [make_game(plan.game, options) for options in plan.variants]
    chunk = ChunkTally(
        start,
        stop,
        [Tally(plan.players) for _ in games],
        [Paired(plan.players) for _ in games[1:]],
    )
    seats = range(plan.players)
    for index in range(start, stop):
        outcomes = []
        for variant, game in enumerate(games):
            agents = [make_bot(plan.bots[s], game, bot_seed(plan.seed, index, s)) for s in seats]
            shuffle = game_seed(plan.seed, index)
            if plan.transcripts is None:
                outcome = play_quietly(game, agents, shuffle)
            else:
                match = play_match(game, agents, shuffle)
                transcript = match.transcript
                path = Path(plan.transcripts[variant]) / f"{plan.game}-{index:06d}.json"
                transcript.save(path)
                result = transcript.result
                assert result is not None
                outcome = Outcome(
                    result.scores,
                    result.ranking,
                    len(transcript.actions),
                    game.progress(match.state),
                    replayed_half_time(game, transcript),
                )
            chunk.variants[variant].add(
                outcome.scores, outcome.ranking, outcome.length, outcome.units, outcome.halftime
            )
            outcomes.append(outcome)
        for paired, outcome in zip(chunk.paired, outcomes[1:], strict=True):
            paired.add(outcome, outcomes[0])
    return chunk


def _in_processes(
    play: Callable[[P, int, int], T], plan: P, ranges: Sequence[tuple[int, int]], workers: int
) -> Iterator[T]:
    """Chunks played by ``workers`` processes, yielded in chunk order; only a few chunks
    are in flight at a time, so memory does not grow with the run."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        waiting = iter(ranges)
        running: deque[Future[T]] = deque()
        for start, stop in waiting:
            running.append(pool.submit(play, plan, start, stop))
            if len(running) >= 2 * workers:
                break
        while running:
            try:
                done = running.popleft().result()
            except BrokenProcessPool:
                raise SimulationError(
                    "a worker process stopped unexpectedly (out of memory, or killed); "
                    "try fewer --workers"
                ) from None
            for start, stop in waiting:
                running.append(pool.submit(play, plan, start, stop))
                break
            yield done


def play_in_order(
    play: Callable[[P, int, int], T],
    plan: P,
    ranges: Sequence[tuple[int, int]],
    workers: int,
    take: Callable[[T], None],
    inline_below: float = INLINE_BELOW,
) -> str:
    """Give ``take`` the result of ``play(plan, start, stop)`` for every chunk of ``ranges``,
    in chunk order; return where they were played: "inline" (this process) or "processes".

    ``play`` must be a module-level function of picklable arguments. With several
    workers, the first chunk is played here and timed: if the rest would take less than
    ``inline_below`` seconds in this process, starting workers would cost more than it
    saves, and the rest is played here too. The results are the same either way.
    """
    if workers > 1 and ranges:
        started = time.perf_counter()
        first = play(plan, *ranges[0])
        spent = time.perf_counter() - started
        take(first)
        ranges = ranges[1:]
        if ranges and spent * len(ranges) >= inline_below:
            for chunk in _in_processes(play, plan, ranges, min(workers, len(ranges))):
                take(chunk)
            return "processes"
    for start, stop in ranges:
        take(play(plan, start, stop))
    return "inline"


@contextmanager
def ray_session(address: str, workers: int) -> Iterator[Any]:
    """The ``ray`` module, with a session for the body: ``address`` empty starts a local Ray
    instance with ``workers`` CPUs, otherwise joins that cluster. A Ray session that is
    already running (a test's, a tuning run's) is used as it is and left running."""
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise SimulationError(code="ray_missing") from None
    if address:
        check_reachable(address)
    started = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
            else:
                ray.init(
                    num_cpus=workers,
                    include_dashboard=False,
                    logging_level=logging.ERROR,
                    log_to_driver=False,
                )
        except Exception as error:  # Ray raises many kinds; all mean "no cluster there"
            where = f"at {address}" if address else "locally"
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
            raise SimulationError(f"cannot start or reach Ray {where}: {first_line}") from None
        started = True
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def _on_ray(
    plan: Plan, ranges: Sequence[tuple[int, int]], address: str, workers: int
) -> Iterator[ChunkTally]:
    """Chunks played as Ray tasks (``ray.remote``), yielded in chunk order
    (:func:`ray_session` says where)."""
    with ray_session(address, workers) as ray:
        task = ray.remote(play_chunk)
        window = 2 * max(1, int(ray.cluster_resources().get("CPU", workers)))
        waiting = iter(ranges)
        running: deque[Any] = deque()
        for start, stop in waiting:
            running.append(task.remote(plan, start, stop))
            if len(running) >= window:
                break
        while running:
            done: ChunkTally = _ray_result(ray, running.popleft())
            for start, stop in waiting:
                running.append(task.remote(plan, start, stop))
                break
            yield done


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail in one line, within ``timeout`` seconds, if nothing listens at a Ray address
    (``HOST:PORT`` or ``ray://HOST:PORT``); Ray itself would retry for minutes."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        if address in ("auto", "local"):
            return
        raise SimulationError(code="ray_address", address=address)
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SimulationError(f"cannot reach Ray at {address}: {reason}") from None


def run_plan(
    plan: Plan,
    games: int,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
    inline_below: float = INLINE_BELOW,
) -> tuple[ChunkTally, str]:
    """Play all ``games`` of ``plan`` and merge their tallies (in chunk order); also say
    where they were played: "inline" (this process), "processes" or "ray"
    (:func:`play_in_order` chooses between the first two). The tallies are the same
    either way."""
    ranges = chunk_ranges(games)
    merged = ChunkTally(
        0,
        0,
        [Tally(plan.players) for _ in plan.variants],
        [Paired(plan.players) for _ in plan.variants[1:]],
    )

    def take(chunk: ChunkTally) -> None:
        merged.merge(chunk)
        if progress is not None:
            progress(merged.stop - merged.start)

    if ray_address is not None:
        for chunk in _on_ray(plan, ranges, ray_address, workers):
            take(chunk)
        return merged, "ray"
    return merged, play_in_order(play_chunk, plan, ranges, workers, take, inline_below)


def default_workers() -> int:
    """Every core."""
    return os.cpu_count() or 1


def variant_options(
    game: Game[Any, Any, Any], key: str, values: Sequence[str]
) -> list[dict[str, OptionValue]]:
    """The game's options with ``key`` set to each of ``values`` in turn, validated."""
    if len(values) < 2:
        raise SimulationError(code="sim_compare_values", key=key, count=len(values))
    variants = []
    for value in values:
        options: dict[str, JSON] = dict(game.options)
        options[key] = value
        variants.append(dict(make_game(game.spec.id, options).options))
    if len({tuple(sorted(v.items())) for v in variants}) < len(variants):
        raise SimulationError(code="sim_compare_same", key=key)
    return variants


def absolute_paths(
    game: Game[Any, Any, Any], options: dict[str, OptionValue]
) -> dict[str, OptionValue]:
    """``options`` with every file they name (a Magic Numbers deck) as an absolute path:
    worker processes and Ray tasks read it from folders of their own."""
    resolved = dict(options)
    for spec in game.spec.options:
        value = resolved.get(spec.name)
        if spec.path and isinstance(value, str) and value != spec.default:
            resolved[spec.name] = str(Path(value).resolve())
    return resolved


def simulate(
    game: Game[Any, Any, Any],
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    transcripts: Path | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    workers: int = 1,
    ray_address: str | None = None,
    compare: tuple[str, Sequence[str]] | None = None,
    inline_below: float = INLINE_BELOW,
    skill: int | None = None,
    skill_bot: str | None = None,
) -> dict[str, JSON]:
    """Play ``games`` games of ``players`` seats (``bots[seat]`` each) and summarise.

    ``wins[seat]`` counts first places (a shared first place counts for each sharer);
    ``mean_length`` is the mean number of actions per game. ``workers`` processes play (1:
    this process), or Ray tasks if ``ray_address`` is given ("" starts Ray locally); the
    summary is the same either way. ``compare=(key, values)`` plays the same games under
    each value of the rule option ``key``: the summary's own fields describe the first
    value, ``variants`` every value and ``differences`` each later value against the first.
    ``skill=N`` adds the metrics ``skill_heuristic`` and ``skill_strongest`` (the strongest
    bot: ``skill_bot``, by default the game's "hard" level), from about ``N`` more games for
    each bot (:func:`skill_metrics`).
    """
    game.spec.check_seats(players)
    if games < 1:
        raise SimulationError(code="sim_games_count", games=games)
    if workers < 1:
        raise SimulationError(code="sim_workers_count", workers=workers)
    variants = [dict(game.options)]
    if compare is not None:
        variants = variant_options(game, compare[0], compare[1])
    variants = [absolute_paths(game, options) for options in variants]
    folders = None
    if transcripts is not None:  # absolute: a Ray worker runs in a folder of its own
        base = transcripts.resolve()
        folders = tuple(
            str(base if compare is None else base / f"{compare[0]}-{value}")
            for value in (compare[1] if compare is not None else [""])
        )
    plan = Plan(game.spec.id, tuple(variants), players, seed, tuple(bots), folders)
    started = time.perf_counter()
    merged, backend = run_plan(plan, games, workers, ray_address, progress, inline_below)
    skills: list[dict[str, Metric]] = [{} for _ in variants]
    if skill is not None:
        skills = skill_metrics(
            game.spec.id, plan, skill, skill_bot, workers, ray_address, inline_below
        )
    elapsed = time.perf_counter() - started
    summary = summarize(game, plan, merged.variants[0], variants[0])
    _add_metrics(summary, skills[0])
    if compare is not None:
        key, values = compare
        summary["compare"] = {"key": key, "values": list(values)}
        summary["variants"] = [
            {"value": value, **summarize(game, plan, tally, options)}
            for value, tally, options in zip(values, merged.variants, variants, strict=True)
        ]
        for entry, extra in zip(summary["variants"], skills, strict=True):
            assert isinstance(entry, dict)
            _add_metrics(entry, extra)
        summary["differences"] = [
            {"value": value, "against": values[0], **differences(paired)}
            for value, paired in zip(values[1:], merged.paired, strict=True)
        ]
    played = games * len(variants)
    if skill is not None:
        played += 2 * math.ceil(skill / players) * players * len(variants)
    summary["timing"] = {
        "seconds": round(elapsed, 3),
        "games_per_second": round(played / elapsed, 1) if elapsed > 0 else None,
        "workers": 1 if backend == "inline" else workers,
        "backend": backend,
    }
    return summary


def _add_metrics(summary: dict[str, JSON], extra: dict[str, Metric]) -> None:
    metrics = summary["metrics"]
    assert isinstance(metrics, dict)
    metrics.update(extra)


def skill_metrics(
    game_id: str,
    plan: Plan,
    games: int,
    strongest: str | None = None,
    workers: int = 1,
    ray_address: str | None = None,
    inline_below: float = INLINE_BELOW,
) -> list[dict[str, Metric]]:
    """``skill_heuristic`` and ``skill_strongest`` for each variant of ``plan``.

    Each bot plays at a table of random bots, ``ceil(games / players)`` games at each seat
    in turn (the seat cannot favour it), on the run's own seeds; its first places over all
    those games give its win share. The strongest bot is ``strongest`` or the game's "hard"
    level (in most games a search of about a second a move: slow, and it stops by the clock,
    so its games are not bit-for-bit repeatable; in Cento the heuristic).
    """
    if games < 1:
        raise SimulationError(code="sim_games_count", games=games)
    players = plan.players
    per_seat = math.ceil(games / players)
    bots = {
        "skill_heuristic": "heuristic",
        "skill_strongest": strongest or descriptor(game_id).levels["hard"],
    }
    found: list[dict[str, Metric]] = [{} for _ in plan.variants]
    with ExitStack() as stack:
        if ray_address is not None:  # one Ray session for all the tables
            stack.enter_context(ray_session(ray_address, workers))
        for name, spec in bots.items():
            wins = [0] * len(plan.variants)
            for seat in range(players):
                table = ["random"] * players
                table[seat] = spec
                seated = Plan(plan.game, plan.variants, players, plan.seed, tuple(table))
                merged, _ = run_plan(seated, per_seat, workers, ray_address, None, inline_below)
                for variant, tally in enumerate(merged.variants):
                    wins[variant] += tally.wins[seat]
            for variant, won in enumerate(wins):
                found[variant][name] = skill_metric(name, won, per_seat * players)
    return found


def summarize(
    game: Game[Any, Any, Any], plan: Plan, tally: Tally, options: dict[str, OptionValue]
) -> dict[str, JSON]:
    """The JSON summary of one variant's games (without ``timing``)."""
    games = tally.games
    players = tally.players
    all_wins = sum(tally.wins)
    # the share every seat would have if seats did not matter (first places can be shared)
    fair = all_wins / (games * players)
    seat_tests = [proportion_test(w, games, fair) for w in tally.wins]
    return {
        "game": game.spec.id,
        "rules_version": game.spec.rules_version,
        "options": dict(options),
        "players": players,
        "games": games,
        "seed": plan.seed,
        "bots": list(plan.bots),
        "game_seeds": f'derive_seed({plan.seed}, "game", i) for i in 0..{games - 1}',
        "wins": list(tally.wins),
        "win_share": [w / games for w in tally.wins],
        "win_share_ci95": [[round(x, 6) for x in wilson(w, games)] for w in tally.wins],
        "fair_share": round(fair, 6),
        "seat_p": [float(f"{p:.4g}") for _, p in seat_tests],
        "mean_scores": [round(m.mean, 6) for m in tally.scores],
        "score_sd": [round(math.sqrt(m.variance), 6) for m in tally.scores],
        "score_counts": [
            [[_plain(score), count] for score, count in sorted(counts.items())]
            for counts in tally.score_counts
        ],
        "mean_length": round(tally.lengths.mean, 6),
        "length_sd": round(math.sqrt(tally.lengths.variance), 6),
        "min_length": min(tally.length_counts, default=0),
        "max_length": max(tally.length_counts, default=0),
        "length_counts": [[length, n] for length, n in sorted(tally.length_counts.items())],
        "length_unit": game.length_unit,
        "mean_units": round(tally.units.mean, 6),
        "units_sd": round(math.sqrt(tally.units.variance), 6),
        "unit_counts": [[units, n] for units, n in sorted(tally.unit_counts.items())],
        "shared_wins": all_wins - games,
        "metrics": dict(metrics_of(tally, game.spec.id, game.length_unit)),
    }


def differences(paired: Paired) -> dict[str, JSON]:
    """A variant against the baseline: mean paired differences, 95 % intervals, p-values."""
    return {
        "length": paired_difference(paired.lengths).to_json(),
        "units": paired_difference(paired.units).to_json(),
        "win_share": [paired_difference(m).to_json() for m in paired.wins],
        "mean_scores": [paired_difference(m).to_json() for m in paired.scores],
    }


def _plain(score: Any) -> int | float:
    return score if isinstance(score, int) else float(score)
