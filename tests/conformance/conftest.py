"""The conformance suite also checks the toy game (``tests/toy``), registered for each test
only, so that every other test still sees exactly the games Spieltisch ships."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spieltisch.games import registered
from tests.toy import DESCRIPTOR as TOY


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    with registered(TOY):
        yield
