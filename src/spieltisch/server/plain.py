"""Views and event data as plain JSON values, fast.

``View.to_json`` (``dataclasses.asdict``) deep-copies everything it meets; the server turns
a view into JSON for every seat after every action, so it uses this converter instead. The
result is what ``json.loads(json.dumps(view.to_json()))`` gives: dataclasses as objects,
tuples as lists, dictionary keys as text. A game that defines its own ``to_json`` keeps it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from spieltisch.core.game import JSON, View

_FIELDS: dict[type, tuple[str, ...]] = {}


def view_json(view: View) -> dict[str, JSON]:
    """The view as plain JSON data, equal to its ``to_json()`` after a JSON round trip."""
    if type(view).to_json is not View.to_json:
        result: dict[str, JSON] = plain(view.to_json())
        return result
    return plain_record(view)


def plain_record(record: Any) -> dict[str, JSON]:
    names = _FIELDS.get(type(record))
    if names is None:
        names = _FIELDS[type(record)] = tuple(f.name for f in dataclasses.fields(record))
    return {name: plain(getattr(record, name)) for name in names}


_ATOMS = frozenset({str, int, float, bool, type(None)})


def plain(value: Any) -> Any:
    """``value`` with tuples as lists, records as objects and keys as text, all the way down."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is tuple or kind is list:
        return [item if type(item) in _ATOMS else plain(item) for item in value]
    if isinstance(value, Mapping):
        return {_key(key): plain(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return plain_record(value)
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, str | int | float):
        return value
    if isinstance(value, set | frozenset):
        return sorted(plain(item) for item in value)
    raise TypeError(f"{kind.__name__} is not JSON data")


def _key(key: object) -> str:
    if isinstance(key, str):
        return key
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    if isinstance(key, int | float):
        return repr(key) if isinstance(key, float) else str(key)
    raise TypeError(f"a {type(key).__name__} cannot be a JSON key")
