"""Both stores keep the same things the same way: headers, action logs, finished flags."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from spieltisch.server.storage import ActionRow, TableHeader, open_storage
from spieltisch.server.storage.sqlite import SqliteBusy


def header(table_id: str = "t1") -> TableHeader:
    return TableHeader(
        id=table_id,
        game="cento",
        rules_version="1",
        options={"variant": 3},
        players=2,
        seed=2**53 - 1,
        seats=("human", "bot:heuristic"),
        token_hashes=("ab" * 32, None),
        created=1.5,
    )


def test_a_table_reads_back_as_it_was_written(db_url: str) -> None:
    store = open_storage(db_url)
    try:
        store.create_table(header())
        store.append_actions([ActionRow("t1", 0, 0, {"type": "draw"})])
        store.append_actions(
            [
                ActionRow("t1", 1, 1, {"type": "lay", "card": 5}),
                ActionRow("t1", 2, 0, {"type": "end"}),
            ]
        )
        stored = store.load_table("t1")
        assert stored is not None
        assert stored.header == header()
        assert stored.actions == [
            (0, {"type": "draw"}),
            (1, {"type": "lay", "card": 5}),
            (0, {"type": "end"}),
        ]
        assert not stored.finished
        assert store.load_table("nothing") is None
    finally:
        store.close()


def test_unfinished_tables_are_listed_until_marked_finished(db_url: str) -> None:
    store = open_storage(db_url)
    try:
        store.create_table(header("a"))
        store.create_table(header("b"))
        assert sorted(store.unfinished_tables()) == ["a", "b"]
        store.mark_finished("a")
        assert store.unfinished_tables() == ["b"]
        finished = store.load_table("a")
        assert finished is not None
        assert finished.finished
    finally:
        store.close()


def test_an_action_at_a_taken_index_is_not_stored_and_is_returned(db_url: str) -> None:
    """The primary key (table, index) keeps the log append-only: of two actions for the
    same step only the first is stored (another process's lost its race); the rest of the
    batch is stored."""
    store = open_storage(db_url)
    try:
        store.create_table(header())
        assert store.append_actions([ActionRow("t1", 0, 0, {"type": "draw"})]) == []
        taken = ActionRow("t1", 0, 1, {"type": "end"})
        lost = store.append_actions([ActionRow("t1", 1, 1, {"type": "draw"}), taken])
        assert lost == [taken]
        stored = store.load_table("t1")
        assert stored is not None
        assert stored.actions == [(0, {"type": "draw"}), (1, {"type": "draw"})]
        later = store.load_table("t1", since=1)
        assert later is not None
        assert later.actions == [(1, {"type": "draw"})]
    finally:
        store.close()


def test_a_lease_is_one_holders_until_it_runs_out(db_url: str) -> None:
    store = open_storage(db_url)
    try:
        store.create_table(header())
        assert store.take_lease("t1", "a", 30)
        assert not store.take_lease("t1", "b", 30)
        assert store.take_lease("t1", "a", 30)  # its holder renews it
        assert store.renew_leases("a", 30) == ["t1"]
        assert store.orphaned_leases() == []
        store.expire_leases("a")  # a stopping server leaves its bots to the next one
        assert store.orphaned_leases() == ["t1"]
        assert store.take_lease("t1", "b", 30)
        assert store.renew_leases("a", 30) == []
        store.drop_lease("t1", "a")  # not a's any more: nothing happens
        assert not store.take_lease("t1", "a", 30)
        store.drop_lease("t1", "b")
        assert store.take_lease("t1", "a", 30)
    finally:
        store.close()


def test_the_first_table_stored_to_play_again_stands(db_url: str) -> None:
    """Two processes asked at once to play a table again: both see the first one stored."""
    store = open_storage(db_url)
    try:
        store.create_table(header())
        assert store.save_again("t1", "first") == "first"
        assert store.save_again("t1", "second") == "first"
        stored = store.load_table("t1")
        assert stored is not None
        assert stored.again == "first"
    finally:
        store.close()


def test_a_sqlite_file_is_served_by_one_process(tmp_path: Path) -> None:
    path = str(tmp_path / "tables.sqlite3")
    first = open_storage(path, exclusive=True)
    try:
        with pytest.raises(SqliteBusy, match="several server processes need PostgreSQL"):
            open_storage(path, exclusive=True)
        open_storage(path).close()  # a reader (tests, tools) may still open it
    finally:
        first.close()
    open_storage(path, exclusive=True).close()


def test_the_sqlite_file_holds_token_hashes_never_tokens(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from spieltisch.server.app import create_app
    from spieltisch.server.security import hash_token

    path = tmp_path / "tables.sqlite3"
    with TestClient(create_app(str(path))) as client:
        created = client.post(
            "/api/tables", json={"game": "cento", "players": 2, "seats": ["human", "human"]}
        ).json()
    tokens = [seat["token"] for seat in created["seats"]]
    with sqlite3.connect(path) as db:
        dump = "\n".join(db.iterdump())
    assert all(token not in dump for token in tokens)
    assert all(hash_token(token) in dump for token in tokens)
