"""Helpers for the server tests: open tables and drive them over HTTP."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient


def open_table(
    client: TestClient,
    game: str = "dicht-dran",
    seats: list[str] | None = None,
    seed: int | None = 7,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    seats = seats or ["human", "human", "human", "human"]
    body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats}
    if seed is not None:
        body["seed"] = seed
    if options is not None:
        body["options"] = options
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def tokens(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s["token"] is not None}


def state(client: TestClient, table: str, token: str | None = None, **params: Any) -> Any:
    if token is not None:
        params["token"] = token
    response = client.get(f"/api/tables/{table}", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def wait_for_humans(client: TestClient, table: str, timeout: float = 30.0) -> dict[str, Any]:
    """The spectator's state once only humans are to act (the bots have played) or the
    game is over."""
    created_bots = None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        public: dict[str, Any] = state(client, table)
        if created_bots is None:
            created_bots = {s["seat"] for s in public["seats"] if s["kind"] == "bot"}
        if public["over"] or all(s not in created_bots for s in public["to_act"]):
            return public
        time.sleep(0.02)
    raise AssertionError("the bots did not reach a human's turn in time")


def fail_once(client: TestClient, method: str, error: Exception) -> None:
    """Make the server store's ``method`` raise ``error`` the next time (only), as a full
    disk or a lost database connection would."""
    store = client.app.state.tables._storage  # type: ignore[attr-defined]
    working = getattr(store, method)

    def broken(*args: object) -> None:
        setattr(store, method, working)
        raise error

    setattr(store, method, broken)


def fail_next_commit(client: TestClient) -> None:
    """Make the server's store refuse the next batch of actions (once)."""
    fail_once(client, "append_actions", OSError("disk full"))
