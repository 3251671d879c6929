"""MaskablePPO learns a seat of Dicht dran against Spieltisch's bots, and records its
learning curve: after every ``--every`` steps of training, the learner plays ``--games``
games against random opponents and as many against the heuristic, and the curve notes its
win share (1 for a sole win, 1/k for a first place shared by k seats, 0 otherwise; a seat
that played at random would get about 1/players).

Usage (the ``rl-train`` extra: ``pip install -e '.[rl-train]'``)::

    python examples/train_masked_ppo.py --steps 200000 --every 20000 --out curve.json

``--minutes M`` stops at the first point after ``M`` minutes (a shared machine's budget).

The learner trains against ``--opponents`` (the heuristic by default) through the Gymnasium
environment ``spieltisch/dicht-dran-v1``, ``--envs`` copies of it stepped side by side (the
policy answers them in one batch); it runs on one CPU thread. The only reward comes at the
game's end, so it is not discounted by default (``--gamma 1``), and a small entropy bonus
(``--ent-coef``) keeps the policy trying moves while that signal is rare.
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


def make_envs(args: argparse.Namespace) -> Any:
    """``args.envs`` copies of the training environment stepped side by side in this process,
    so that the policy answers them in one batch (one observation at a time, torch's fixed
    cost per call was most of a step)."""
    from stable_baselines3.common.vec_env import DummyVecEnv

    def maker(index: int) -> Any:
        return lambda: make_env(args.players, args.opponents, args.seed + 100 * index)

    return DummyVecEnv([maker(index) for index in range(args.envs)])


def train(args: argparse.Namespace) -> list[Point]:
    """Train in chunks of ``args.every`` steps and measure the curve after each chunk."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    # checking every distribution's arguments cost a tenth of each policy call
    torch.distributions.Distribution.set_default_validate_args(False)
    versus = {name: make_env(args.players, name, args.seed + 1) for name in ("random", "heuristic")}
    rollout = max(1, args.n_steps // args.envs)  # steps per environment and rollout
    model = MaskablePPO(
        "MlpPolicy",
        make_envs(args),
        seed=args.seed,
        n_steps=rollout,
        batch_size=min(args.batch_size, rollout * args.envs),
        gamma=args.gamma,
        ent_coef=args.ent_coef,
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
    parser.add_argument(
        "--n-steps", type=int, default=2048, help="PPO rollout length (all environments)"
    )
    parser.add_argument("--envs", type=int, default=8, help="environments stepped side by side")
    parser.add_argument("--batch-size", type=int, default=256, help="PPO minibatch size")
    parser.add_argument(
        "--gamma", type=float, default=1.0, help="discount (the only reward is at the end)"
    )
    parser.add_argument("--ent-coef", type=float, default=0.01, help="PPO entropy bonus")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="write the curve here as JSON")
    args = parser.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else argv
    if min(args.steps, args.every, args.games, args.n_steps, args.envs, args.batch_size) < 1:
        parser.error(
            "--steps, --every, --games, --n-steps, --envs and --batch-size must be at least 1"
        )
    if not 0.0 < args.gamma <= 1.0:
        parser.error("--gamma must be above 0 and at most 1")
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as missing:
        parser.error(f"{missing.name} is missing: pip install -e '.[rl-train]'")
    train(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
