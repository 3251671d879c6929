"""MaskablePPO learns a seat of Dicht dran against Spieltisch's bots, and records its
learning curve: after every ``--every`` steps of training, the learner plays ``--games``
games against random opponents and as many against the heuristic, and the curve notes its
win share (1 for a sole win, 1/k for a first place shared by k seats, 0 otherwise; a seat
that played at random would get about 1/players).

Usage (the ``rl-train`` extra: ``pip install -e '.[rl-train]'``)::

    python examples/train_masked_ppo.py --steps 200000 --every 20000 --out curve.json

``--minutes M`` stops at the first point after ``M`` minutes (a shared machine's budget).

The learner trains against ``--opponents`` (the heuristic by default) through the Gymnasium
environment ``spieltisch/dicht-dran-v1``; it runs on one CPU thread.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

GAME = "dicht-dran"
ENV_ID = f"spieltisch/{GAME}-v1"


@dataclass
class Point:
    """One point of the learning curve."""

    steps: int
    seconds: float
    win_share_vs_random: float
    win_share_vs_heuristic: float


def make_env(players: int, opponents: str, seed: int) -> Any:
    """The Gymnasium environment of one Dicht dran seat against ``opponents``."""
    import gymnasium

    import spieltisch.rl  # noqa: F401  (registers the environments)

    env = gymnasium.make(ENV_ID, players=players, opponents=opponents)
    env.reset(seed=seed)
    return env


def win_share(model: Any, env: Any, games: int, seed: int) -> float:
    """The learner's mean win share over ``games`` games of ``env`` (its greedy policy).

    The reward at the end is the win share minus ``1/players`` (docs/rl.md), so the share is
    the reward plus ``1/players``."""
    players = env.unwrapped.players
    masks = env.get_wrapper_attr("action_masks")
    total = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(observation, action_masks=masks(), deterministic=True)
            observation, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        total += float(reward) + 1.0 / players
    return total / games


def train(args: argparse.Namespace) -> list[Point]:
    """Train in chunks of ``args.every`` steps and measure the curve after each chunk."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = make_env(args.players, args.opponents, args.seed)
    versus = {name: make_env(args.players, name, args.seed + 1) for name in ("random", "heuristic")}
    model = MaskablePPO(
        "MlpPolicy",
        env,
        seed=args.seed,
        n_steps=args.n_steps,
        batch_size=64,
        verbose=0,
        device="cpu",
    )
    curve: list[Point] = []
    start = time.perf_counter()

    def measure(steps: int) -> None:
        point = Point(
            steps=steps,
            seconds=round(time.perf_counter() - start, 1),
            win_share_vs_random=win_share(model, versus["random"], args.games, 10_000),
            win_share_vs_heuristic=win_share(model, versus["heuristic"], args.games, 20_000),
        )
        curve.append(point)
        print(
            f"{point.steps:>9} steps {point.seconds:>8.1f} s   win share vs random "
            f"{point.win_share_vs_random:.3f}   vs heuristic {point.win_share_vs_heuristic:.3f}",
            flush=True,
        )
        if args.out:
            save(args, curve)

    measure(0)
    while model.num_timesteps < args.steps and time.perf_counter() - start < 60 * args.minutes:
        # PPO collects whole rollouts of n_steps: a chunk may run a little past ``every``
        model.learn(min(args.every, args.steps - model.num_timesteps), reset_num_timesteps=False)
        measure(model.num_timesteps)
    return curve


def save(args: argparse.Namespace, curve: list[Point]) -> None:
    """Write the curve so far to ``args.out`` as JSON, with the command that made it."""
    command = shlex.join(["python", "examples/train_masked_ppo.py", *args.argv])
    data = {"command": command, "curve": [asdict(p) for p in curve]}
    with open(args.out, "w", encoding="utf-8") as file:
        json.dump(data, file, indent=2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=100_000, help="training steps in all")
    parser.add_argument("--every", type=int, default=10_000, help="steps between two points")
    parser.add_argument("--games", type=int, default=100, help="games per point and opponent")
    parser.add_argument(
        "--minutes", type=float, default=float("inf"), help="stop after the first point past this"
    )
    parser.add_argument("--players", type=int, default=4, help="seats (3 to 5)")
    parser.add_argument("--opponents", default="heuristic", help="the bots trained against")
    parser.add_argument("--n-steps", type=int, default=2048, help="PPO rollout length")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="write the curve here as JSON")
    args = parser.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else argv
    if min(args.steps, args.every, args.games, args.n_steps) < 1:
        parser.error("--steps, --every, --games and --n-steps must be at least 1")
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as missing:
        parser.error(f"{missing.name} is missing: pip install -e '.[rl-train]'")
    train(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
