"""Two (or more) arbitrary rule variants played on the same seeds, with paired differences.

``simulate(..., compare=(KEY, values))`` varies one option. A designer who pins one set of
rules and then changes several options wants the same answer for any two option sets: every
game index is played under each variant with the same shuffle and bot seeds
(:func:`spieltisch.sim.runner.play_chunk` takes any tuple of option sets), so each game
gives a paired difference in length, in each seat's first place and in each seat's score,
tested as in :mod:`spieltisch.sim.stats`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

from spieltisch.core.game import JSON
from spieltisch.core.options import OptionValue
from spieltisch.games import make_game
from spieltisch.sim.runner import (
    Plan,
    SimulationError,
    absolute_paths,
    differences,
    run_plan,
    summarize,
)


def variant_names(variants: Sequence[Mapping[str, OptionValue]]) -> tuple[str, list[str]]:
    """What tells the variants apart, as a compare ``key`` and one value per variant: the
    one option that differs and its values, or ``"rules"`` and each variant's differing
    options (``"a=1; b=2"``)."""
    keys = sorted({key for options in variants for key in options})
    differing = [k for k in keys if len({repr(options.get(k)) for options in variants}) > 1]
    if len(differing) == 1:
        key = differing[0]
        return key, [str(options.get(key)) for options in variants]
    return "rules", ["; ".join(f"{k}={options.get(k)}" for k in differing) for options in variants]


def simulate_variants(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    variants: Sequence[Mapping[str, JSON]],
    progress: Callable[[int], None] | None = None,
    *,
    workers: int = 1,
    ray_address: str | None = None,
) -> dict[str, JSON]:
    """Play ``games`` games under each option set of ``variants`` on the same seeds and
    summarise them like ``simulate(..., compare=…)``: the top-level fields describe the
    first variant, ``variants`` each one (with its ``value``) and ``differences`` each later
    variant against the first. ``compare`` names what differs (:func:`variant_names`).
    Option sets are validated by the game; two that give the same rules are refused."""
    if len(variants) < 2:
        raise SimulationError(code="sim_compare_values", key="rules", count=len(variants))
    if games < 1:
        raise SimulationError(code="sim_games_count", games=games)
    made = [make_game(game_id, dict(options)) for options in variants]
    made[0].spec.check_seats(players)
    resolved = [absolute_paths(game, dict(game.options)) for game in made]
    if len({tuple(sorted(o.items())) for o in resolved}) < len(resolved):
        raise SimulationError(code="sim_compare_same", key="rules")
    key, values = variant_names(resolved)
    plan = Plan(game_id, tuple(resolved), players, seed, tuple(bots))
    started = time.perf_counter()
    merged, backend = run_plan(plan, games, workers, ray_address, progress)
    elapsed = time.perf_counter() - started
    game = made[0]
    summary = summarize(game, plan, merged.variants[0], resolved[0])
    summary["compare"] = {"key": key, "values": list(values)}
    summary["variants"] = [
        {"value": value, **summarize(game, plan, tally, options)}
        for value, tally, options in zip(values, merged.variants, resolved, strict=True)
    ]
    summary["differences"] = [
        {"value": value, "against": values[0], **differences(paired)}
        for value, paired in zip(values[1:], merged.paired, strict=True)
    ]
    played = games * len(resolved)
    summary["timing"] = {
        "seconds": round(elapsed, 3),
        "games_per_second": round(played / elapsed, 1) if elapsed > 0 else None,
        "workers": 1 if backend == "inline" else workers,
        "backend": backend,
    }
    return summary
