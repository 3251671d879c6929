"""The server's own full garbage collections: they free what only a full collection frees,
and they are paced by what they cost."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.collection import pause_after


class Node:
    """One object of a reference cycle."""

    other: Node | None = None


def cycle_in_the_old_generation() -> weakref.ref[Node]:
    """A reference cycle nobody holds, moved to the oldest generation (as a closed
    connection's objects are once they lived through two young collections)."""
    first, second = Node(), Node()
    first.other, second.other = second, first
    gc.collect(1)  # the cycle is still held here: it moves to the oldest, it is not freed
    return weakref.ref(first)


@pytest.fixture
def no_automatic_collection() -> Iterator[None]:
    """The interpreter's own collections off: only an explicit one frees a cycle."""
    gc.disable()
    yield
    gc.enable()


@pytest.mark.usefixtures("no_automatic_collection")
def test_the_server_frees_old_cycles_by_itself(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "tables.sqlite3"), collect_every=0.05)
    with TestClient(app):
        alive = cycle_in_the_old_generation()
        deadline = time.monotonic() + 5
        while alive() is not None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert alive() is None


@pytest.mark.usefixtures("no_automatic_collection")
def test_without_collect_every_only_the_interpreter_collects(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "tables.sqlite3"))
    with TestClient(app):
        alive = cycle_in_the_old_generation()
        time.sleep(0.3)
        assert alive() is not None
    gc.collect()
    assert alive() is None


def test_collections_take_at_most_their_share_of_the_time() -> None:
    assert pause_after(0.1, every=60, share=0.005) == 60  # 0.1 s a minute: on the clock
    assert pause_after(0.5, every=60, share=0.005) == pytest.approx(100)  # a big heap
    assert pause_after(3.0, every=60, share=0.005) == pytest.approx(600)
