"""The toy game is registered for each test here, and unregistered afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spieltisch.games import registered
from tests.toy import DESCRIPTOR


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    with registered(DESCRIPTOR):
        yield
