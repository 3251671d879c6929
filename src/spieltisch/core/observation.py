"""Observation vectors for learning programs: a named layout of fields and helpers that fill
them (numpy only; each game's ``encode`` module uses them).

A :class:`Layout` lists a game's fields in order, each with its length and what it holds;
the RL interfaces take the vector's shape from it and docs/rl.md lists the same fields.
Every entry of a vector lies in [-1, 1]: flags and one-hot fields are 0 or 1, counts are
divided by the most they can be, and scores (which can be negative) by the most they can be
in size.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


class Field(NamedTuple):
    """One field of a layout: its place in the vector and what it holds."""

    name: str
    start: int
    size: int
    text: str

    @property
    def at(self) -> slice:
        """The field's entries in the vector."""
        return slice(self.start, self.start + self.size)


@dataclass
class Layout:
    """The fields of one game's observation vector, in order."""

    fields: list[Field] = field(default_factory=list)
    size: int = 0
    #: Where each field starts, by name (encoders read it for every observation).
    at: dict[str, int] = field(default_factory=dict)

    def add(self, name: str, size: int, text: str) -> int:
        """Append a field of ``size`` entries; returns where it starts."""
        if name in self.at:
            raise ValueError(f"a field {name!r} is in the layout already")
        start = self.size
        self.fields.append(Field(name, start, size, text))
        self.at[name] = start
        self.size += size
        return start

    def __getitem__(self, name: str) -> Field:
        return self.fields[[entry.name for entry in self.fields].index(name)]

    def zeros(self) -> Vector:
        """An empty vector of this layout."""
        return np.zeros(self.size, dtype=np.float32)

    def vector(
        self, ones: list[int], places: list[int] | None = None, values: list[float] | None = None
    ) -> Vector:
        """A vector of this layout with 1 at every entry of ``ones``, ``values[i]`` at entry
        ``places[i]`` and 0 elsewhere (encoders gather the entries in lists first; numpy
        reads each list in one call)."""
        out = np.zeros(self.size, dtype=np.float32)
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0
        if places:  # numpy refuses values of another length
            out[np.fromiter(places, np.intp, len(places))] = np.fromiter(values or (), np.float32)
        return out

    def markdown(self) -> str:
        """The layout as a Markdown table (for docs/rl.md)."""
        rows = ["| entries | field | holds |", "|---|---|---|"]
        for entry in self.fields:
            end = entry.start + entry.size - 1
            where = f"{entry.start}" if entry.size == 1 else f"{entry.start}–{end}"
            rows.append(f"| {where} | `{entry.name}` | {entry.text} |")
        return "\n".join(rows)


def mark(out: Vector, start: int, indices: Iterable[int]) -> None:
    """Set ``out[start + i]`` to 1 for every ``i`` in ``indices``."""
    for index in indices:
        out[start + index] = 1.0


def others_first(seat: int | None, players: int) -> list[int]:
    """The seats as the seat of a view sees them: itself first, then the others in seat
    order after it (a spectator sees seat 0 first). Every per-seat field of a layout is in
    this order, so that a learning program learns one seat's play whichever seat it holds."""
    first = seat or 0
    return [(first + step) % players for step in range(players)]
