"""Replays are computed off the event loop, and a finished table's replay only once."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import service
from tests.server.tables import open_table, wait_for_humans


class Spy:
    """Counts the replays computed, and notes the threads they ran on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.threads: list[int] = []
        real = service.public_replay

        def counted(*args: Any) -> Any:
            self.threads.append(threading.get_ident())
            return real(*args)

        monkeypatch.setattr(service, "public_replay", counted)


def finished_table(client: TestClient, seed: int) -> str:
    created = open_table(client, game="triggs", seats=["bot:random", "bot:random"], seed=seed)
    assert wait_for_humans(client, created["table"], timeout=60)["over"]
    return str(created["table"])


def replay(client: TestClient, table: str, lang: str) -> Any:
    answer = client.get(f"/api/tables/{table}/replay", params={"lang": lang})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_finished_tables_replay_is_computed_once_per_language_off_the_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = Spy(monkeypatch)
    table = finished_table(client, seed=3)
    first = replay(client, table, "en")
    assert replay(client, table, "en") == first
    german = replay(client, table, "de")
    assert german["steps"] != first["steps"]  # the events in words
    assert replay(client, table, "de") == german
    assert len(spy.threads) == 2
    loop_thread = client.portal.call(threading.get_ident)  # type: ignore[union-attr]
    assert loop_thread not in spy.threads
    transcript = client.get(f"/api/tables/{table}/transcript").json()
    posted = client.post("/api/replay", json=transcript).json()
    assert posted == first
    assert len(spy.threads) == 3  # a posted transcript is not cached
    assert loop_thread not in spy.threads


def test_the_replay_cache_is_bounded(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service, "REPLAY_CACHE_SIZE", 1)
    spy = Spy(monkeypatch)
    one, two = finished_table(client, seed=3), finished_table(client, seed=4)
    replay(client, one, "en")
    replay(client, two, "en")
    replay(client, two, "en")
    assert len(spy.threads) == 2
    replay(client, one, "en")  # pushed out by the other table
    assert len(spy.threads) == 3


def test_a_running_table_has_no_replay(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human"])
    answer = client.get(f"/api/tables/{created['table']}/replay")
    assert answer.status_code == 409
    assert answer.json()["error"] == "the transcript is published once the game is over"
