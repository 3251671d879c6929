"""Bot seats: they play on the server, off the event loop, reproducibly."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spieltisch.core.transcript import Transcript, replay
from spieltisch.games import game_for, make_game
from spieltisch.server.app import create_app
from spieltisch.server.botplay import BotPool
from tests.server.tables import open_table, state, tokens, wait_for_humans


def test_a_thinking_search_bot_does_not_hold_up_other_tables(client: TestClient) -> None:
    slow = open_table(client, game="cento", seats=["bot:ismcts:time=5", "human"], seed=1)
    quick = open_table(client, game="cento", seats=["human", "bot:heuristic"], seed=2)
    key = tokens(quick)[0]
    for _ in range(3):  # three turns at the other table while the search runs
        public = wait_for_humans(client, quick["table"])
        legal = state(client, quick["table"], key)["legal_actions"]
        answer = client.post(
            f"/api/tables/{quick['table']}/actions",
            json={"token": key, "action": legal[0]["action"]},
        )
        assert answer.status_code == 200
    assert state(client, slow["table"])["to_act"] == [0]  # still thinking
    assert public["step"] > 0


def test_search_bots_commit_while_a_person_in_an_earlier_seat_still_thinks(
    client: TestClient,
) -> None:
    """Dicht dran: everybody lays a card face down at once. With a person in seat 0, the
    search bots in seats 1 and 2 commit first, and the table waits for the person alone."""
    seats = ["human", "bot:ismcts:sims=20", "bot:ismcts:sims=20"]
    created = open_table(client, game="dicht-dran", seats=seats, seed=5)
    public = wait_for_humans(client, created["table"])
    assert public["to_act"] == [0]
    assert public["bot_error"] is None
    assert public["view"]["committed"] == [False, True, True]


def play_first_legal(client: TestClient, created: dict[str, object]) -> Transcript:
    table, keys = str(created["table"]), tokens(created)
    while not (public := wait_for_humans(client, table))["over"]:
        seat = public["to_act"][0]
        legal = state(client, table, keys[seat])["legal_actions"]
        client.post(
            f"/api/tables/{table}/actions", json={"token": keys[seat], "action": legal[0]["action"]}
        )
    return Transcript.from_json(client.get(f"/api/tables/{table}/transcript").json())


def test_bots_decide_the_same_given_the_same_table_seed(tmp_path: Path) -> None:
    """Each decision is seeded from the table's seed, the seat and the step: a restarted
    server, or another server, gets the same moves."""
    transcripts = []
    for run in range(2):
        with TestClient(create_app(str(tmp_path / f"{run}.sqlite3"))) as client:
            seats = ["human", "bot:random", "bot:heuristic"]
            created = open_table(client, game="missionszahl", seats=seats, seed=99)
            transcripts.append(play_first_legal(client, created))
    assert transcripts[0].actions == transcripts[1].actions
    replay(game_for(transcripts[0]), transcripts[0])


def test_a_table_of_bots_plays_to_the_end_by_itself(client: TestClient) -> None:
    created = open_table(client, game="triggs", seats=["bot:heuristic", "bot:random"], seed=4)
    public = wait_for_humans(client, created["table"], timeout=60)
    assert public["over"]
    assert public["result"]["ranking"]
    assert created["seats"][0]["token"] is None


def test_a_bot_pool_whose_worker_died_starts_a_fresh_one() -> None:
    """A dead worker breaks its process pool for good; the next decision gets a new one."""
    spec = "ismcts:sims=10"
    game = make_game("cento")
    position = game.new_state(2, 5)
    view, legal = game.view(position, 0), list(game.legal_actions(position, 0))
    pool = BotPool(threads=1, processes=1)

    async def run() -> None:
        dying = pool._executor(spec).submit(os._exit, 1)
        with pytest.raises(BrokenProcessPool):
            await asyncio.wrap_future(dying)
        with pytest.raises(BrokenProcessPool):
            await pool.decide(game, spec, 1, view, legal)
        assert await pool.decide(game, spec, 1, view, legal) in legal

    try:
        # a loop of its own in another thread: the e2e tests' Playwright may hold this one's
        with ThreadPoolExecutor(1) as runner:
            runner.submit(asyncio.run, run()).result()
    finally:
        pool.shutdown()


def test_the_strongest_search_preset_plays_a_table_to_the_end(client: TestClient) -> None:
    """The per-game search preset (knockout of the heuristic's best moves) decides in the
    server's bot processes, where the view and actions it gets are copies; with a budget in
    simulations instead of a second, so the test is quick."""
    from spieltisch.server.botplay import presets_for

    spec = presets_for("missionszahl")[-1][0].replace("time=1", "sims=12")
    seats = [f"bot:{spec}", "bot:heuristic"]
    created = open_table(client, game="missionszahl", seats=seats, seed=3)
    public = wait_for_humans(client, created["table"], timeout=120)
    assert public["over"]
    assert public["result"]["ranking"]
