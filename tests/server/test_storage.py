"""Both stores keep the same things the same way: headers, action logs, finished flags."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from spieltisch.server.storage import ActionRow, TableHeader, open_storage


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


def test_a_batch_with_a_taken_index_is_refused_whole(db_url: str) -> None:
    """The primary key (table, index) keeps the log append-only; a failed batch leaves
    nothing behind."""
    store = open_storage(db_url)
    try:
        store.create_table(header())
        store.append_actions([ActionRow("t1", 0, 0, {"type": "draw"})])
        with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
            store.append_actions(
                [ActionRow("t1", 1, 1, {"type": "draw"}), ActionRow("t1", 0, 1, {"type": "end"})]
            )
        stored = store.load_table("t1")
        assert stored is not None
        assert stored.actions == [(0, {"type": "draw"})]
    finally:
        store.close()


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
