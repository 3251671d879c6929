"""What a lab job's worker process does: play a simulation, a comparison of two rule
variants or a tuning run, and tell the server through a pipe how far it is.

This module is the target of the job processes (``spawn``: a fresh interpreter imports it),
so it imports only the simulation, never the web server. Messages on the pipe:
``("progress", games_done)``, ``("trial", trial)``, then one of ``("done", result)`` or
``("failed", {"error", "code", "params"})``.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
from collections.abc import Iterable, Mapping
from multiprocessing.connection import Connection
from typing import Any

from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import JSON
from spieltisch.games import make_game
from spieltisch.sim.runner import simulate
from spieltisch.sim.variants import simulate_variants

TUNE_MODULE = "spieltisch.sim.tune"


def tune_module() -> Any | None:
    """``spieltisch.sim.tune`` if this installation has it, else ``None``."""
    try:
        return importlib.import_module(TUNE_MODULE)
    except ImportError:
        return None


def option_text(value: Any) -> str:
    """A rule option's value as the command line writes it (``true``, ``3``, ``wild``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def fixed_options(
    game_id: str, options: Mapping[str, Any], searched: Iterable[Any]
) -> dict[str, str]:
    """The options a tuning run keeps fixed: those set away from the game's default and not
    searched, as text (``tune(..., options=…)``)."""
    defaults = make_game(game_id).options
    skip = set(searched)
    return {
        key: option_text(value)
        for key, value in options.items()
        if key not in skip and value != defaults.get(key)
    }


def plain(value: Any) -> Any:
    """``value`` as plain JSON (error params may hold any object: they become text)."""
    return json.loads(json.dumps(value, default=str))


def refusal(error: SpieltischError) -> dict[str, JSON]:
    """An engine error as a refusal body."""
    return {"error": str(error), "code": error.code, "params": plain(error.params)}


def run(kind: str, params: dict[str, Any], ray_address: str | None, send: Any) -> dict[str, JSON]:
    """Play the job ``kind`` with ``params``; ``send`` gets each progress message."""
    game_id, players, games = params["game"], params["players"], params["games"]
    seed, bots = params["seed"], params["bots"]
    if kind == "simulate":
        game = make_game(game_id, params["options"])
        return simulate(
            game,
            players,
            games,
            seed,
            bots,
            progress=lambda done: send(("progress", done)),
            ray_address=ray_address,
        )
    if kind == "compare":
        return simulate_variants(
            game_id,
            players,
            games,
            seed,
            bots,
            [params["against"], params["options"]],
            lambda done: send(("progress", done)),
            ray_address=ray_address,
        )
    tune = tune_module()
    if tune is None:
        raise SpieltischError("this server has no tuner (spieltisch.sim.tune)")
    parsed = [tune.parse_param(text) for text in params["params"]]
    extra: dict[str, Any] = {}
    if "options" in inspect.signature(tune.tune).parameters:
        searched = {getattr(param, "key", None) for param in parsed}
        extra["options"] = fixed_options(game_id, params["options"], searched)
    result: dict[str, JSON] = tune.tune(
        game_id,
        players,
        parsed,
        params["objective"],
        trials=params["trials"],
        games=games,
        bots=bots,
        seed=seed,
        ray_address=ray_address,
        on_trial=lambda trial: send(("trial", plain(trial))),
        **extra,
    )
    return result


def work(
    kind: str, params: dict[str, Any], ray_address: str | None, pipe: Connection, server: int
) -> None:
    """A job process's whole life: run the job, send its progress and its end. It exits
    as soon as it notices that the server process ``server`` is gone (even after SIGKILL)."""

    def send(message: tuple[str, Any]) -> None:
        if os.getppid() != server:
            os._exit(0)
        pipe.send(message)

    try:
        result = run(kind, params, ray_address, send)
        send(("done", plain(result)))
    except SpieltischError as error:
        send(("failed", refusal(error)))
    except Exception as error:  # a bug or a lost cluster: the job fails, the server stays
        send(
            (
                "failed",
                {
                    "error": f"the job failed: {type(error).__name__}",
                    "code": "lab_job_failed",
                    "params": {"reason": type(error).__name__},
                },
            )
        )
    finally:
        pipe.close()
