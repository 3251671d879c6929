"""The benchmark scripts' own tests: each checks what a script measures on a few positions,
so that a change to a script or to the engine cannot silently change its figures. They are
marked ``benchmarks`` (``pytest -m benchmarks`` runs just them; ``-m "not benchmarks"``
leaves them out) and kept to seconds."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.parent.name == "benchmarks":
            item.add_marker(pytest.mark.benchmarks)
