"""Views and event data as plain JSON values, fast.

:func:`to_plain` turns what views are made of into what ``json.loads(json.dumps(...))``
gives back: dataclasses as objects of their fields, tuples, lists and named tuples as
lists, dictionary keys as text, enumerations as their values. Sets, which JSON does not
have, become sorted lists. Every face that sends a view (the server, the tests, the coming
learning adapters) goes through this one converter, by way of ``View.to_json``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

JSON = Any

_ATOMS = frozenset({str, int, float, bool, type(None)})
#: The converter for each type met so far (records get one made for their fields).
_CONVERTERS: dict[type, Callable[[Any], JSON]] = {}


def to_plain(value: Any) -> JSON:
    """``value`` as plain JSON data, all the way down; ``TypeError`` for what JSON cannot
    hold."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    convert = _CONVERTERS.get(kind)
    if convert is None:
        convert = _CONVERTERS[kind] = _converter(kind)
    return convert(value)


def _sequence(value: Any) -> list[JSON]:
    atoms = _ATOMS
    return [item if type(item) in atoms else to_plain(item) for item in value]


def _mapping(value: Mapping[Any, Any]) -> dict[str, JSON]:
    return {key if type(key) is str else _key(key): to_plain(item) for key, item in value.items()}


def _set(value: Any) -> list[JSON]:
    return sorted(to_plain(item) for item in value)


def _converter(kind: type) -> Callable[[Any], JSON]:
    if dataclasses.is_dataclass(kind):
        return _record_converter(kind)
    if issubclass(kind, Enum):
        return lambda value: to_plain(value.value)
    if issubclass(kind, list | tuple):
        return _sequence
    if issubclass(kind, Mapping):
        return _mapping
    if issubclass(kind, set | frozenset):
        return _set
    for atom in (bool, int, float, str):  # subclasses of the atoms, as JSON writes them
        if issubclass(kind, atom):
            return atom
    raise TypeError(f"{kind.__name__} is not JSON data")


def _record_converter(kind: type) -> Callable[[Any], dict[str, JSON]]:
    """A function that makes the object of a dataclass's fields, made once per class."""
    names = [field.name for field in dataclasses.fields(kind)]
    items = ", ".join(f"{name!r}: _plain(value.{name})" for name in names)
    namespace: dict[str, Any] = {"_plain": to_plain}
    exec(f"def convert(value):\n    return {{{items}}}", namespace)
    convert: Callable[[Any], dict[str, JSON]] = namespace["convert"]
    return convert


def _key(key: object) -> str:
    """A dictionary key as JSON writes it."""
    if isinstance(key, Enum):
        key = key.value
    if isinstance(key, str):
        return str.__str__(key)
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    if isinstance(key, int):
        return int.__repr__(key)
    if isinstance(key, float):
        return float.__repr__(key)
    raise TypeError(f"a {type(key).__name__} cannot be a JSON key")


__all__ = ["to_plain"]
