"""Seeded chance: the only way randomness enters a game.

A game stores its seed and how many shuffles it has used. The ``n``-th shuffle of a game with
seed ``s`` sorts the cards by 32-bit keys read (little-endian) from SHAKE-128 of the text
``spieltisch/<s>/<n>``; equal keys (about one shuffle in a million) keep the cards' previous
order. This is fully specified, so a transcript replays identically on every Python version
and platform; it is also several times faster than ``random.shuffle``, and it makes a state
cheap to copy (two integers instead of a generator). Nothing here touches the global
``random`` or numpy generators.

Searches sample thousands of deals per move (``Game.determinize``); for them
:class:`SearchRandom` is a seeded ``random.Random`` whose ``shuffle`` is numpy's, several
times faster than the pure-Python one.
"""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import MutableSequence, Sequence
from operator import itemgetter
from typing import Any, TypeVar

T = TypeVar("T")


def _stream(*path: object, size: int) -> bytes:
    text = "/".join(map(str, ("spieltisch", *path)))
    return hashlib.shake_128(text.encode()).digest(size)


def shuffled(cards: Sequence[T], seed: int, count: int) -> list[T]:
    """``cards`` in the order of the ``count``-th shuffle of a game with ``seed``."""
    keys = struct.unpack(f"<{len(cards)}I", _stream(seed, count, size=4 * len(cards)))
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


def first_shuffled(cards: Sequence[T], seed: int, count: int) -> T:
    """``shuffled(cards, seed, count)[0]``, without putting the other cards in order (a
    stable sort puts first the earliest of the cards with the lowest key)."""
    keys = struct.unpack(f"<{len(cards)}I", _stream(seed, count, size=4 * len(cards)))
    return cards[min(range(len(cards)), key=keys.__getitem__)]


def derive_seed(seed: int, *path: object) -> int:
    """A stable 63-bit seed for a sub-task (a game of a series, a bot's seat...)."""
    return int.from_bytes(_stream("derive", seed, *path, size=8), "little") >> 1


def is_complete_deck(deck: Sequence[object], complete: Sequence[object]) -> bool:
    """Whether ``deck`` holds exactly the cards of ``complete``, each as often (in any order).

    Cards are compared by type and value, so ``True`` is not a 1 and ``"5"`` is not a 5.
    """
    return len(deck) == len(complete) and sorted(map(repr, deck)) == sorted(map(repr, complete))


class SearchRandom(random.Random):
    """A seeded ``random.Random`` whose ``shuffle`` is a numpy permutation.

    A search deals a fresh sample of the hidden cards for every simulation, so shuffling
    (``random.shuffle`` spends a Python call per card: about 20 µs for 86 cards) is a large
    part of its cost. The permutations come from a numpy generator seeded from this
    generator's own stream whenever it is seeded, so the same seed still gives the same
    draws, shuffles included. All other methods are ``random.Random``'s.

    A search shuffles the same number of cards again and again, so the permutations are
    drawn in batches (one numpy call for many: about half the cost of one call each). A
    batch holds exactly the permutations that single calls would have drawn, one after the
    other: when a shuffle of another length comes before the batch is used up, the numpy
    generator is wound back to where the batch began and draws only the permutations that
    were used. So the shuffles are the same as one numpy permutation per shuffle.
    """

    #: The first batch of a length, and the largest: each batch of the same length doubles,
    #: so shuffles whose lengths keep changing draw one permutation at a time, as before.
    FIRST_BATCH, LARGEST_BATCH = 1, 64

    _generator: Any
    _numpy: Any

    def seed(self, a: Any = None, version: int = 2) -> None:
        super().seed(a, version)
        import numpy  # here, not at the top: commands that never search do not load numpy

        self._numpy = numpy
        self._generator = numpy.random.Generator(numpy.random.PCG64(self.getrandbits(128)))
        self._drop_batch()

    def _drop_batch(self) -> None:
        #: permutations drawn ahead, all of ``_length`` cards; ``_used`` of them handed out
        self._batch: list[list[int]] = []
        self._used = 0
        self._length = 0
        #: the numpy generator's state before the batch was drawn
        self._before: dict[str, Any] | None = None

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle ``x`` in place, every order equally likely."""
        length = len(x)
        if length > 1:
            if self._used == len(self._batch) or length != self._length:
                self._draw_batch(length)
            order = self._batch[self._used]
            self._used += 1
            x[:] = itemgetter(*order)(x)

    def _draw_batch(self, length: int) -> None:
        """Permutations of ``length`` cards for the next shuffles: twice as many as last time
        if the last batch was of this length and used up, else a small first batch."""
        size = self.FIRST_BATCH
        if length == self._length and self._used == len(self._batch):
            size = min(2 * len(self._batch), self.LARGEST_BATCH)
        self._wind_back()
        self._before = self._generator.bit_generator.state
        self._batch = self._permutations(length, size)
        self._used = 0
        self._length = length

    def _permutations(self, length: int, count: int) -> list[list[int]]:
        numpy = self._numpy
        cards = numpy.tile(numpy.arange(length), (count, 1))
        orders: list[list[int]] = self._generator.permuted(cards, axis=1).tolist()
        return orders

    def _wind_back(self) -> None:
        """Leave the numpy generator where single draws would have left it: after the
        permutations handed out, not after the whole batch."""
        if self._used < len(self._batch):
            assert self._before is not None
            self._generator.bit_generator.state = self._before
            if self._used:
                self._permutations(self._length, self._used)
        self._drop_batch()

    def getstate(self) -> tuple[Any, ...]:
        """Both generators' states (so a copy or a pickle goes on with the same draws)."""
        self._wind_back()
        return super().getstate(), self._generator.bit_generator.state

    def setstate(self, state: tuple[Any, ...]) -> None:
        own, permutations = state
        super().setstate(own)
        self._drop_batch()
        self._generator.bit_generator.state = permutations
