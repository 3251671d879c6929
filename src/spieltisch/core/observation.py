"""Observation vectors for learning programs: a named layout of fields and helpers that fill
them (numpy only; each game's ``encode`` module uses them).

A :class:`Layout` lists a game's fields in order, each with its length and what it holds;
the RL interfaces take the vector's shape from it and docs/rl.md lists the same fields.
Every entry of a vector lies in [-1, 1]: flags and one-hot fields are 0 or 1, counts are
divided by the most they can be, and scores (which can be negative) by the most they can be
in size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]
#: Per-seat fields of a layout: each field's name and the entries of one seat's block (the
#: field starts with one block per seat, in seat order).
PerSeat = tuple[tuple[str, int], ...]


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
    #: The entries :meth:`turned` gathers, by seat, players and per-seat fields.
    _turns: dict[tuple[int, int, PerSeat], npt.NDArray[np.intp]] = field(
        default_factory=dict, repr=False, compare=False
    )

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
        return fill(np.zeros(self.size, dtype=np.float32), ones, places, values)

    def turned(self, part: Vector, seat: int | None, players: int, per_seat: PerSeat) -> Vector:
        """A new vector: ``part`` (a vector made with seat 0 first) as ``seat`` sees it. In
        each per-seat field the first ``players`` blocks are turned so that ``seat``'s comes
        first and the others follow in seat order after it (:func:`others_first`); every other
        entry stays. Encoders make what all seats see alike once and turn it for each seat."""
        if not seat:
            return part.copy()
        key = (seat, players, per_seat)
        index = self._turns.get(key)
        if index is None:
            index = np.arange(self.size)
            for name, block in per_seat:
                start = self.at[name]
                end = start + players * block
                index[start:end] = np.roll(index[start:end], -seat * block)
            self._turns[key] = index
        return part[index]

    def markdown(self) -> str:
        """The layout as a Markdown table (for docs/rl.md)."""
        rows = ["| entries | field | holds |", "|---|---|---|"]
        for entry in self.fields:
            end = entry.start + entry.size - 1
            where = f"{entry.start}" if entry.size == 1 else f"{entry.start}–{end}"
            rows.append(f"| {where} | `{entry.name}` | {entry.text} |")
        return "\n".join(rows)


#: A kept part: its fields, the part (seat 0 first) and the part turned for each seat.
_Part = tuple[tuple[object, ...], Vector, dict[int | None, Vector]]


class Parts:
    """The parts of observation vectors that every seat sees alike, kept while the view
    fields they are made from stay the same (an engine hands every view the same objects
    until they change: a round's mission cards, a table's points and collections), each
    also turned for every seat that asked (:meth:`Layout.turned`).

    A part is found by the identities of its fields, which must not change (tuples, numbers,
    strings, frozen records): the part keeps the fields themselves, so none of them can go and
    leave its identity to another object while the part is kept, and fields with the same
    identities are the same objects with the same values.
    Equal fields in new objects make a new part (the same values). At most ``kept`` parts
    are kept, the oldest dropped first (environments stepped side by side each keep
    theirs)."""

    def __init__(self, kept: int = 64) -> None:
        self.kept = kept
        self._parts: dict[tuple[int, ...], _Part] = {}

    def get(
        self,
        fields: tuple[object, ...],
        make: Callable[[], Vector],
        layout: Layout,
        seat: int | None,
        players: int,
        per_seat: PerSeat,
    ) -> Vector:
        """The part ``make()`` makes from ``fields`` (seat 0 first; ``fields`` must hold
        everything the part is made from) as ``seat`` sees it, its ``per_seat`` fields
        turned for ``players`` seats (:meth:`Layout.turned`). Not to be changed: copy it."""
        key = tuple(map(id, fields))
        entry = self._parts.get(key)
        if entry is None:
            if len(self._parts) >= self.kept:
                del self._parts[next(iter(self._parts))]
            entry = self._parts[key] = (fields, make(), {})
        turned = entry[2].get(seat)
        if turned is None:
            turned = entry[2][seat] = layout.turned(entry[1], seat, players, per_seat)
        return turned


def fill(
    out: Vector, ones: list[int], places: list[int] | None = None, values: list[float] | None = None
) -> Vector:
    """``out`` with 1 at every entry of ``ones`` and ``values[i]`` at entry ``places[i]``
    (the other entries as they were); numpy reads each list in one call."""
    out[np.fromiter(ones, np.intp, len(ones))] = 1.0
    if places:
        count = len(places)
        if values is None or len(values) != count:
            raise ValueError(f"{count} places need {count} values")
        out[np.fromiter(places, np.intp, count)] = np.fromiter(values, np.float32, count)
    return out


def mark(out: Vector, start: int, indices: Iterable[int]) -> None:
    """Set ``out[start + i]`` to 1 for every ``i`` in ``indices``."""
    for index in indices:
        out[start + index] = 1.0


@cache
def others_first(seat: int | None, players: int) -> tuple[int, ...]:
    """The seats as the seat of a view sees them: itself first, then the others in seat
    order after it (a spectator sees seat 0 first). Every per-seat field of a layout is in
    this order, so that a learning program learns one seat's play whichever seat it holds."""
    first = seat or 0
    return tuple((first + step) % players for step in range(players))
