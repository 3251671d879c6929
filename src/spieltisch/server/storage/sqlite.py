"""The default store: one embedded SQLite file (stdlib ``sqlite3``), WAL journal, and
``synchronous=FULL`` so that a commit survives a crash of the process or of the machine.

A SQLite file serves one server process: opened ``exclusive`` (as ``spieltisch serve`` does),
it is locked for that process (an ``flock`` on ``PATH.lock``, released when the process ends,
however) and a second process is refused with :class:`SqliteBusy`. Several processes need
PostgreSQL, which tells each process what the others commit."""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import time
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


LEASES = """
CREATE TABLE spieltisch_leases (
    table_id TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires REAL NOT NULL
);
INSERT INTO spieltisch_leases (table_id, holder, expires)
    SELECT id, '', 0 FROM spieltisch_tables WHERE finished = 0 AND header LIKE '%"bot:%';
"""


#: When a parked lease (of stuck bots, holder "") runs out: never by itself.
PARKED = 1e18


class SqliteBusy(Exception):
    """Another process serves this SQLite file."""


#: Columns added since the first schema, added to an older database when it is opened.
ADDED_COLUMNS = (("names", "TEXT"), ("again", "TEXT"))


class SqliteStorage:
    channel: str | None = None

    def __init__(self, path: str, exclusive: bool = False) -> None:
        self._lock: int | None = None
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            if exclusive:
                self._lock = _lock_file(f"{path}.lock")
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
        listed = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'spieltisch_leases'"
        if self._db.execute(listed).fetchone() is None:
            # Bot tables stored before leases were kept: their bots play on at the next start.
            self._db.executescript(f"BEGIN; {LEASES} COMMIT;")

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

    def save_again(self, table_id: str, again: str) -> str:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "UPDATE spieltisch_tables SET again = ? WHERE id = ? AND again IS NULL",
                (again, table_id),
            )
            row = self._db.execute(
                "SELECT again FROM spieltisch_tables WHERE id = ?", (table_id,)
            ).fetchone()
        return str(row[0]) if row and row[0] is not None else again

    def append_actions(self, rows: list[ActionRow]) -> list[ActionRow]:
        lost = []
        with self._db:
            self._db.execute("BEGIN")
            for r in rows:
                stored = self._db.execute(
                    "INSERT INTO spieltisch_actions (table_id, idx, seat, action) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (table_id, idx) DO NOTHING",
                    (r.table, r.index, r.seat, json.dumps(r.action)),
                )
                if stored.rowcount != 1:
                    lost.append(r)
        return lost

    def mark_finished(self, table_id: str) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("UPDATE spieltisch_tables SET finished = 1 WHERE id = ?", (table_id,))

    def delete_table(self, table_id: str) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM spieltisch_actions WHERE table_id = ?", (table_id,))
            self._db.execute("DELETE FROM spieltisch_leases WHERE table_id = ?", (table_id,))
            self._db.execute("DELETE FROM spieltisch_tables WHERE id = ?", (table_id,))

    def load_table(self, table_id: str, since: int = 0) -> StoredTable | None:
        row = self._db.execute(
            "SELECT header, finished, names, again FROM spieltisch_tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        actions = self._db.execute(
            "SELECT seat, action FROM spieltisch_actions WHERE table_id = ? AND idx >= ? "
            "ORDER BY idx",
            (table_id, since),
        ).fetchall()
        header = TableHeader.from_text(table_id, row[0])
        return StoredTable(
            header, decode_actions(actions), bool(row[1]), decode_names(row[2]), row[3]
        )

    def unfinished_tables(self) -> list[str]:
        rows = self._db.execute("SELECT id FROM spieltisch_tables WHERE finished = 0").fetchall()
        return [row[0] for row in rows]

    # -- bot leases (one process: they only carry the bots over a restart) ---------------
    def take_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        now = time.time()
        with self._db:
            self._db.execute("BEGIN")
            taken = self._db.execute(
                "INSERT INTO spieltisch_leases (table_id, holder, expires) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, "
                "expires = excluded.expires "
                "WHERE spieltisch_leases.holder IN (excluded.holder, '') "
                "OR spieltisch_leases.expires < ?",
                (table_id, holder, now + seconds, now),
            )
        return taken.rowcount == 1

    def renew_leases(self, holder: str, seconds: float) -> list[str]:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "UPDATE spieltisch_leases SET expires = ? WHERE holder = ?",
                (time.time() + seconds, holder),
            )
            rows = self._db.execute(
                "SELECT table_id FROM spieltisch_leases WHERE holder = ?", (holder,)
            ).fetchall()
        return [row[0] for row in rows]

    def drop_lease(self, table_id: str, holder: str) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "DELETE FROM spieltisch_leases WHERE table_id = ? AND holder = ?",
                (table_id, holder),
            )

    def park_lease(self, table_id: str, holder: str) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "UPDATE spieltisch_leases SET holder = '', expires = ? "
                "WHERE table_id = ? AND holder = ?",
                (PARKED, table_id, holder),
            )

    def expire_leases(self, holder: str | None) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "UPDATE spieltisch_leases SET expires = 0 WHERE ? IS NULL OR holder = ?",
                (holder, holder),
            )

    def orphaned_leases(self) -> list[str]:
        rows = self._db.execute(
            "SELECT table_id FROM spieltisch_leases WHERE expires < ?", (time.time(),)
        ).fetchall()
        return [row[0] for row in rows]

    def close(self) -> None:
        self._db.close()
        if self._lock is not None:
            os.close(self._lock)  # the flock goes with it
            self._lock = None


def _lock_file(path: str) -> int:
    """Hold an exclusive lock on ``path`` for as long as this process keeps it open."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise SqliteBusy(
            f"another process serves the SQLite file {path.removesuffix('.lock')}; "
            "several server processes need PostgreSQL (--db postgresql://…)"
        ) from None
    return fd
