"""Seeded randomness: the only way chance enters a game.

A game stores its seed and how many chance events (shuffles) it has used; the n-th shuffle
draws from an RNG derived from ``(seed, n)``. So a state is cheap to copy, a transcript
replays exactly, and nothing depends on the global ``random`` or numpy generators.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def chance_rng(seed: int, count: int) -> random.Random:
    """The generator for the ``count``-th chance event of a game with ``seed``."""
    return random.Random(f"spieltisch/{seed}/{count}")


def derive_seed(seed: int, *path: object) -> int:
    """A stable 63-bit seed for a sub-task (a game of a series, a bot's seat...)."""
    return random.Random("/".join(map(str, (seed, *path)))).getrandbits(63)


def shuffle(rng: random.Random, cards: list[T]) -> None:
    """Shuffle ``cards`` in place, uniformly: sort by independent random keys.

    Equivalent in distribution to ``rng.shuffle`` and several times faster, because it draws
    53-bit floats in C instead of calling ``_randbelow`` in Python for every card.
    """
    draw = rng.random
    cards.sort(key=lambda _card: draw())
