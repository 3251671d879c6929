"""Bots on a shared server: every decision bounded in wall time, search workers shared
fairly (tables where a person sits first, the others in turn), all-bot tables limited."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Coroutine, Hashable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.bots import make_bot
from spieltisch.cli.main import main
from spieltisch.games import make_game
from spieltisch.server import botplay
from spieltisch.server.app import create_app
from spieltisch.server.botplay import BotPool
from spieltisch.server.botqueue import BotLimits, FairQueue, parse_all_bot_tables
from spieltisch.server.service import TableManager
from tests.server.loops import run_apart
from tests.server.tables import open_table, state, tokens

#: A budget no search finishes within a test (hours on any machine).
HUGE = "sims=10000000"
#: The strongest Missionszahl preset with a budget in simulations (knockout at the root).
HALVING = "ismcts:rollout=heuristic:opponents=heuristic:root=halving:tree=root:top=5:switch=1"


def decision(game_id: str, seed: int = 3) -> tuple[Any, Any, list[Any]]:
    game = make_game(game_id)
    position = game.new_state(max(game.spec.min_seats, 3), seed)
    seat = game.to_act(position)[0]
    return game, game.view(position, seat), list(game.legal_actions(position, seat))


# -- every decision bounded in wall time ----------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "spec"),
    [("cento", f"ismcts:{HUGE}"), ("missionszahl", f"{HALVING}:{HUGE}")],
)
def test_a_search_stops_at_its_deadline_whatever_its_sims(game_id: str, spec: str) -> None:
    """``sims=N`` stops at the deadline too, and still plays a legal action."""
    game, view, legal = decision(game_id)
    bot = make_bot(spec, game, 1)
    start = time.perf_counter()
    bot.deadline = start + 0.3  # type: ignore[attr-defined]
    action = bot.act(view, legal)
    assert action in legal
    assert time.perf_counter() - start < 10  # uncapped: hours
    assert 0 < bot.last_simulations < 10_000_000  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["ismcts:sims=60", f"{HALVING}:sims=60"])
def test_a_deadline_that_does_not_bind_changes_nothing(spec: str) -> None:
    """Without a deadline, or with one it does not reach, a seeded search plays the same
    move after the same simulations (the CLI and simulations set none)."""
    game, view, legal = decision("missionszahl", seed=11)
    plain, capped = make_bot(spec, game, 5), make_bot(spec, game, 5)
    capped.deadline = time.perf_counter() + 3600  # type: ignore[attr-defined]
    assert plain.act(view, legal) == capped.act(view, legal)
    assert plain.last_simulations == capped.last_simulations  # type: ignore[attr-defined]


def test_a_time_budget_is_cut_to_the_deadline() -> None:
    game, view, legal = decision("cento")
    bot = make_bot("ismcts:time=3600", game, 2)
    start = time.perf_counter()
    bot.deadline = start + 0.2  # type: ignore[attr-defined]
    assert bot.act(view, legal) in legal
    assert time.perf_counter() - start < 10


def test_a_worker_caps_every_search_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's worker sets the deadline from its cap (``--bot-move-seconds``)."""
    monkeypatch.setattr(botplay, "_move_seconds", 0.2)
    _game, view, legal = decision("cento")
    start = time.perf_counter()
    action = botplay.decide("cento", "{}", f"ismcts:{HUGE}", 4, view, legal)
    assert action in legal
    assert time.perf_counter() - start < 10


def test_the_servers_search_workers_stop_at_the_cap() -> None:
    """The cap reaches the worker processes: a search of hours comes back with a legal
    action (or the test fails after a minute)."""
    game, view, legal = decision("cento")
    pool = BotPool(threads=1, limits=BotLimits(move_seconds=0.3, processes=1))

    async def ask() -> Any:
        return await asyncio.wait_for(pool.decide(game, f"ismcts:{HUGE}", 6, view, legal), 60)

    try:
        # a loop of its own in another thread: the e2e tests' Playwright may hold this one's
        with ThreadPoolExecutor(1) as runner:
            assert runner.submit(asyncio.run, ask()).result() in legal
    finally:
        pool.shutdown()


# -- the fair queue ---------------------------------------------------------------------


class Jobs:
    """Decisions that hold their slot until the test lets them finish."""

    def __init__(self, queue: FairQueue) -> None:
        self.queue = queue
        self.started: list[Hashable] = []
        self._gates: dict[Hashable, list[asyncio.Event]] = {}
        self.tasks: list[asyncio.Task[Hashable]] = []

    def ask(self, table: Hashable, person: bool) -> None:
        gate = asyncio.Event()
        self._gates.setdefault(table, []).append(gate)

        async def job() -> Hashable:
            self.started.append(table)
            await gate.wait()
            return table

        self.tasks.append(asyncio.create_task(self.queue.run(table, person, job)))

    async def finish(self, table: Hashable) -> None:
        """Let ``table``'s oldest running decision finish."""
        gate = next(g for g in self._gates[table] if not g.is_set())
        gate.set()
        await settle()


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    run_apart(scenario())


def test_a_table_where_a_person_sits_goes_before_all_bot_tables() -> None:
    async def scenario() -> None:
        jobs = Jobs(FairQueue(1))
        for table in ("bots-a", "bots-b", "bots-c"):
            jobs.ask(table, person=False)
        await settle()
        jobs.ask("anna", person=True)
        await settle()
        assert jobs.started == ["bots-a"]  # one slot, taken
        await jobs.finish("bots-a")
        assert jobs.started == ["bots-a", "anna"]  # before b and c, who waited longer
        for table in ("anna", "bots-b", "bots-c"):
            await jobs.finish(table)
        assert jobs.started == ["bots-a", "anna", "bots-b", "bots-c"]

    run(scenario)


def test_all_bot_tables_leave_a_worker_free_for_people() -> None:
    async def scenario() -> None:
        queue = FairQueue(2)
        jobs = Jobs(queue)
        for table in ("bots-a", "bots-b"):
            jobs.ask(table, person=False)
        await settle()
        assert jobs.started == ["bots-a"]  # the second worker stays free
        assert queue.waiting() == 1
        jobs.ask("anna", person=True)
        await settle()
        assert jobs.started == ["bots-a", "anna"]  # at once, beside the running search
        await jobs.finish("anna")
        await jobs.finish("bots-a")
        assert jobs.started == ["bots-a", "anna", "bots-b"]
        await jobs.finish("bots-b")

    run(scenario)


def test_the_tables_of_a_tier_take_turns() -> None:
    """A table with many decisions waiting gets one, then every other waiting table of its
    tier gets one (round-robin)."""

    async def scenario() -> None:
        jobs = Jobs(FairQueue(1))
        jobs.ask("first", person=False)
        await settle()
        for _ in range(3):
            jobs.ask("many", person=False)
        jobs.ask("one", person=False)
        jobs.ask("two", person=False)
        await settle()
        order = ["first", "many", "one", "two", "many", "many"]
        for table in order:
            await jobs.finish(table)
        assert jobs.started == order

    run(scenario)


def test_a_cancelled_wait_gives_up_its_turn() -> None:
    async def scenario() -> None:
        queue = FairQueue(1)
        jobs = Jobs(queue)
        jobs.ask("a", person=False)
        jobs.ask("gone", person=False)
        jobs.ask("b", person=False)
        await settle()
        jobs.tasks[1].cancel()
        await settle()
        await jobs.finish("a")
        assert jobs.started == ["a", "b"]
        await jobs.finish("b")
        assert queue.running() == 0
        assert queue.waiting() == 0

    run(scenario)


# -- on the server ----------------------------------------------------------------------


class SlowSearch:
    """Stands in for the search workers: each decision takes ``seconds`` (on the event
    loop, off the CPU) and plays the first legal action. The queue's work is logged in
    order: ``("ask", table, person sits, all-bot decisions waiting)`` when a decision
    joins the queue, ``("grant", table, ...)`` when it gets its worker."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, seconds: float = 0.02) -> None:
        self.log: list[tuple[str, Hashable, bool, int]] = []
        log = self.log

        async def fake_run(self: BotPool, executor: Any, game: Any, spec: str, *rest: Any) -> Any:
            legal = rest[-1]
            await asyncio.sleep(seconds)
            return legal[0]

        real_run, real_grant = FairQueue.run, FairQueue._grant_next

        def waiting_bots(queue: FairQueue) -> int:
            return sum(len(turns) for turns in queue._waiting[False].values())

        async def run(
            queue: FairQueue, table: Hashable, person: bool, job: Callable[[], Awaitable[Any]]
        ) -> Any:
            log.append(("ask", table, person, waiting_bots(queue)))
            return await real_run(queue, table, person, job)

        def grant(queue: FairQueue) -> Hashable | None:
            table = real_grant(queue)
            if table is not None:
                log.append(("grant", table, False, waiting_bots(queue)))
            return table

        monkeypatch.setattr(BotPool, "_run", fake_run)
        monkeypatch.setattr(BotPool, "_executor", lambda self, spec: None)
        monkeypatch.setattr(FairQueue, "run", run)
        monkeypatch.setattr(FairQueue, "_grant_next", grant)


@pytest.fixture
def slow_search(monkeypatch: pytest.MonkeyPatch) -> SlowSearch:
    return SlowSearch(monkeypatch)


@pytest.fixture
def one_worker(tmp_path: Path) -> Iterator[TestClient]:
    """A server with one search worker (no worker kept for people: the queue order alone
    decides)."""
    limits = BotLimits(processes=1)
    with TestClient(create_app(str(tmp_path / "t.sqlite3"), bot_limits=limits)) as client:
        yield client


def test_a_persons_table_gets_its_bot_moves_beside_busy_all_bot_tables(
    one_worker: TestClient, slow_search: SlowSearch
) -> None:
    """Three all-bot search tables keep the one worker busy; the person's table's bot is
    served before every waiting all-bot decision each time, and the person's game goes
    on."""
    client = one_worker
    for seed in (1, 2, 3):
        open_table(client, game="triggs", seats=["bot:ismcts:sims=5"] * 3, seed=seed)
    created = open_table(client, game="cento", seats=["human", "bot:ismcts:sims=5"], seed=8)
    table, token = created["table"], tokens(created)[0]
    moves = 0
    deadline = time.monotonic() + 60
    while moves < 4 and time.monotonic() < deadline:
        mine = state(client, table, token)
        if mine["over"]:
            break
        if 0 in mine["to_act"]:
            action = mine["legal_actions"][0]["action"]
            response = client.post(
                f"/api/tables/{table}/actions", json={"token": token, "action": action}
            )
            assert response.status_code == 200, response.text
            moves += 1
        time.sleep(0.01)
    assert moves == 4, "the person's table did not get its bot moves"
    log = slow_search.log
    asks = [i for i, (what, t, _, _) in enumerate(log) if what == "ask" and t == table]
    assert len(asks) >= 3
    assert all(log[i][2] for i in asks)  # a person sits at the table
    assert any(log[i][3] > 0 for i in asks)  # all-bot decisions waited when it asked
    for ask in asks:
        mine = next((i for i in range(ask, len(log)) if log[i][:2] == ("grant", table)), None)
        if mine is None:  # the last one may still wait (behind a running search)
            assert ask == asks[-1]
            mine = len(log)
        overtaking = [entry for entry in log[ask:mine] if entry[0] == "grant"]
        assert overtaking == [], "an all-bot decision went before the person's table"
    played = {t for what, t, _, _ in log if what == "grant"} - {table}
    assert len(played) == 3  # and the all-bot tables played too


def test_a_table_whose_people_are_away_waits_like_an_all_bot_table() -> None:
    from spieltisch.server.service import person_sits

    class Seated:
        class header:  # noqa: N801
            players = 2

        def __init__(self, away: list[bool]) -> None:
            self.away = away

        def is_bot(self, seat: int) -> bool:
            return seat == 1

    assert person_sits(Seated([False, False]))  # type: ignore[arg-type]
    assert not person_sits(Seated([True, False]))  # type: ignore[arg-type]


# -- all-bot tables -----------------------------------------------------------------------


def create(client: TestClient, seats: list[str]) -> Any:
    return client.post("/api/tables", json={"game": "cento", "players": 2, "seats": seats})


def test_all_bot_tables_off_are_refused_with_their_code(tmp_path: Path) -> None:
    limits = BotLimits(all_bot_tables=0)
    with TestClient(create_app(str(tmp_path / "t.sqlite3"), bot_limits=limits)) as client:
        refused = create(client, ["bot:random", "bot:heuristic"])
        assert refused.status_code == 403
        assert refused.json()["code"] == "all_bot_tables_off"
        assert create(client, ["human", "bot:heuristic"]).status_code == 201
        manager: TableManager = client.app.state.tables  # type: ignore[attr-defined]
        assert len(manager._tables) == 1  # nothing of the refused table was kept


def test_all_bot_tables_beyond_the_limit_wait_for_one_to_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stalled = asyncio.Event()  # never set: the bots of the first table think forever

    async def never(self: BotPool, *args: Any) -> Any:
        await stalled.wait()

    monkeypatch.setattr(BotPool, "_run", never)
    limits = BotLimits(all_bot_tables=1)
    with TestClient(create_app(str(tmp_path / "t.sqlite3"), bot_limits=limits)) as client:
        assert create(client, ["bot:random", "bot:random"]).status_code == 201
        refused = create(client, ["bot:random", "bot:heuristic"])
        assert refused.status_code == 503
        body = refused.json()
        assert body["code"] == "all_bot_tables_full"
        assert body["params"] == {"most": 1}
        assert create(client, ["human", "bot:random"]).status_code == 201


def test_the_limit_holds_for_tables_asked_for_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stalled = asyncio.Event()

    async def never(self: BotPool, *args: Any) -> Any:
        await stalled.wait()

    monkeypatch.setattr(BotPool, "_run", never)
    limits = BotLimits(all_bot_tables=2)
    with TestClient(create_app(str(tmp_path / "t.sqlite3"), bot_limits=limits)) as client:
        with ThreadPoolExecutor(6) as senders:
            statuses = list(
                senders.map(lambda _: create(client, ["bot:random"] * 2).status_code, range(6))
            )
        assert sorted(statuses) == [201, 201, 503, 503, 503, 503]


def test_the_refusals_have_german_words() -> None:
    from spieltisch.server.refusals import REFUSAL_WORDS

    for code in ("all_bot_tables_off", "all_bot_tables_full"):
        assert REFUSAL_WORDS["de"][code]
        assert REFUSAL_WORDS["en"][code]


@pytest.mark.parametrize(
    ("text", "most"), [("on", None), ("off", 0), ("OFF", 0), ("0", 0), ("6", 6)]
)
def test_the_all_bot_setting_reads_on_off_or_a_number(text: str, most: int | None) -> None:
    assert parse_all_bot_tables(text) == most


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot-move-seconds", "0"], "--bot-move-seconds is a number of seconds above 0"),
        (["--bot-move-seconds", "-1"], "--bot-move-seconds is a number of seconds above 0"),
        (["--all-bot-tables", "some"], "--all-bot-tables is on, off or a whole number"),
        (["--all-bot-tables", "-2"], "--all-bot-tables is on, off or a whole number"),
    ],
)
def test_serve_refuses_bad_bot_settings(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
