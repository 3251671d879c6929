"""The default store: one embedded SQLite file (stdlib ``sqlite3``), WAL journal, and
``synchronous=FULL`` so that a commit survives a crash of the process or of the machine."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from spieltisch.server.storage import (
    ActionRow,
    StoredTable,
    TableHeader,
    decode_actions,
    decode_names,
    encode_names,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS spieltisch_tables (
    id TEXT PRIMARY KEY,
    header TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    names TEXT,
    again TEXT
);
CREATE TABLE IF NOT EXISTS spieltisch_actions (
    table_id TEXT NOT NULL REFERENCES spieltisch_tables(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
"""


#: Columns added since the first schema, added to an older database when it is opened.
ADDED_COLUMNS = (("names", "TEXT"), ("again", "TEXT"))


class SqliteStorage:
    def __init__(self, path: str) -> None:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._upgrade()

    def _upgrade(self) -> None:
        """Add the columns a database made by an older version lacks."""
        have = {row[1] for row in self._db.execute("PRAGMA table_info(spieltisch_tables)")}
        for name, kind in ADDED_COLUMNS:
            if name not in have:
                self._db.execute(f"ALTER TABLE spieltisch_tables ADD COLUMN {name} {kind}")

    def create_table(self, header: TableHeader, names: list[str] | None = None) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO spieltisch_tables (id, header, names) VALUES (?, ?, ?)",
                (header.id, header.to_text(), encode_names(names)),
            )

    def save_names(self, table_id: str, names: list[str]) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "UPDATE spieltisch_tables SET names = ? WHERE id = ?",
                (encode_names(names), table_id),
            )

    def save_again(self, table_id: str, again: str) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "UPDATE spieltisch_tables SET again = ? WHERE id = ?", (again, table_id)
            )

    def append_actions(self, rows: list[ActionRow]) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT INTO spieltisch_actions (table_id, idx, seat, action) VALUES (?, ?, ?, ?)",
                [(r.table, r.index, r.seat, json.dumps(r.action)) for r in rows],
            )

    def mark_finished(self, table_id: str) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("UPDATE spieltisch_tables SET finished = 1 WHERE id = ?", (table_id,))

    def delete_table(self, table_id: str) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM spieltisch_actions WHERE table_id = ?", (table_id,))
            self._db.execute("DELETE FROM spieltisch_tables WHERE id = ?", (table_id,))

    def load_table(self, table_id: str) -> StoredTable | None:
        row = self._db.execute(
            "SELECT header, finished, names, again FROM spieltisch_tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        actions = self._db.execute(
            "SELECT seat, action FROM spieltisch_actions WHERE table_id = ? ORDER BY idx",
            (table_id,),
        ).fetchall()
        header = TableHeader.from_text(table_id, row[0])
        return StoredTable(
            header, decode_actions(actions), bool(row[1]), decode_names(row[2]), row[3]
        )

    def unfinished_tables(self) -> list[str]:
        rows = self._db.execute("SELECT id FROM spieltisch_tables WHERE finished = 0").fetchall()
        return [row[0] for row in rows]

    def close(self) -> None:
        self._db.close()
