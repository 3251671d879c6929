"""A bot that fails (raises, or chooses an illegal action) changes nothing; after a few
attempts its table is marked as stuck for everyone to see, until a later event retries."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.games import make_game
from spieltisch.server import botplay, service
from spieltisch.server.app import create_app
from tests.server.tables import open_table, state, tokens, wait_for_humans

SEATS = ["bot:random", "human"]  # in Cento (seed 5) seat 0 acts first


def illegal_for(game_id: str, legal: list[Any]) -> Any:
    game = make_game(game_id)
    return next(
        action
        for card in range(1, 101)
        if (action := game.action_from_json({"type": "lay", "card": card})) not in legal
    )


class Bots:
    """Stands in for the bots' decisions: ``behave`` is called with the legal actions."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        self.behave: Callable[[str, list[Any]], Any] | None = None
        real = botplay.decide

        def decide(game_id: str, options: str, spec: str, seed: int, view: Any, legal: Any) -> Any:
            if self.behave is None:
                return real(game_id, options, spec, seed, view, legal)
            self.calls += 1
            return self.behave(game_id, list(legal))

        monkeypatch.setattr(botplay, "decide", decide)
        monkeypatch.setattr(service, "BOT_RETRY_SECONDS", 0.0)


@pytest.fixture
def bots(monkeypatch: pytest.MonkeyPatch) -> Bots:
    return Bots(monkeypatch)


def raise_secret(game_id: str, legal: list[Any]) -> Any:
    raise RuntimeError("the bot's hand: 17, 23, 99")


def wait_until(client: TestClient, table: str, done: Callable[[dict[str, Any]], bool]) -> Any:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        public = state(client, table)
        if done(public):
            return public
        time.sleep(0.02)
    raise AssertionError(f"never happened; last state: {public}")


def stuck(public: dict[str, Any]) -> bool:
    return public["bot_error"] is not None


def bot_loop_ended(client: TestClient, table: str) -> bool:
    manager: service.TableManager = client.app.state.tables  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        task = manager._tables[table].bot_task
        if task is not None and task.done():
            return True
        time.sleep(0.02)
    return False


def test_an_illegal_bot_action_marks_the_table_stuck_and_changes_nothing(
    client: TestClient, bots: Bots, caplog: pytest.LogCaptureFixture
) -> None:
    bots.behave = illegal_for
    caplog.set_level(logging.DEBUG, logger="spieltisch.server")
    created = open_table(client, game="cento", seats=SEATS, seed=5)
    table = created["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as spectator:
        public = wait_until(client, table, stuck)
        pushed = spectator.receive_json()
        while pushed["bot_error"] is None:
            pushed = spectator.receive_json()
    assert pushed["bot_error"] == public["bot_error"]
    message = public["bot_error"]
    assert "bot random at seat 0" in message
    assert "illegal action" in message
    assert "\n" not in message
    assert public["bot_error_code"] == "bots_stuck"  # worded by GET /api/errors/words
    assert public["step"] == 0
    assert public["to_act"] == [0]
    assert state(client, table, tokens(created)[1])["bot_error"] == message
    assert bot_loop_ended(client, table)
    assert bots.calls == service.BOT_ATTEMPTS
    logged = [r for r in caplog.records if r.levelno >= logging.WARNING and table in r.getMessage()]
    assert len(logged) == 1
    assert "random" in logged[0].getMessage()
    assert "is not legal" in logged[0].getMessage()


def test_a_failing_bot_is_asked_a_few_times_and_its_error_stays_in_the_log(
    client: TestClient, bots: Bots
) -> None:
    bots.behave = raise_secret
    created = open_table(client, game="cento", seats=SEATS, seed=5)
    public = wait_until(client, created["table"], stuck)
    assert "bot random at seat 0 failed (RuntimeError)" in public["bot_error"]
    assert "17" not in public["bot_error"]  # what the bot said may show its hand
    assert bot_loop_ended(client, created["table"])
    assert bots.calls == service.BOT_ATTEMPTS
    assert public["step"] == 0


def test_a_person_connecting_tries_a_stuck_bot_again(client: TestClient, bots: Bots) -> None:
    bots.behave = raise_secret
    created = open_table(client, game="cento", seats=SEATS, seed=5)
    table, keys = created["table"], tokens(created)
    wait_until(client, table, stuck)
    bots.behave = None  # the bot works again
    with client.websocket_connect(f"/ws/tables/{table}?token={keys[1]}") as ws:
        message = ws.receive_json()
        while message["step"] == 0 or message["bot_error"] is not None:
            message = ws.receive_json()
    assert wait_for_humans(client, table)["bot_error"] is None


def test_a_stuck_table_plays_on_after_a_restart(db_url: str, bots: Bots) -> None:
    bots.behave = illegal_for
    with TestClient(create_app(db_url)) as client:
        created = open_table(client, game="cento", seats=SEATS, seed=5)
        wait_until(client, created["table"], stuck)
    bots.behave = None
    with TestClient(create_app(db_url)) as client:
        public = wait_for_humans(client, created["table"])
        assert public["step"] > 0
        assert public["bot_error"] is None
