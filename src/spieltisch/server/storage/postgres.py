"""The PostgreSQL store (``psycopg`` 3). The tables are created in the first schema of the
connection's ``search_path`` (``?options=-csearch_path%3Dmyschema`` in the URL picks one)."""

from __future__ import annotations

import json

import psycopg

from spieltisch.server.storage import (
    ActionRow,
    StoredTable,
    TableHeader,
    decode_actions,
    decode_names,
    encode_names,
)

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS spieltisch_tables (
        id TEXT PRIMARY KEY,
        header TEXT NOT NULL,
        finished BOOLEAN NOT NULL DEFAULT FALSE
    )""",
    """CREATE TABLE IF NOT EXISTS spieltisch_actions (
        table_id TEXT NOT NULL REFERENCES spieltisch_tables(id),
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, idx)
    )""",
    # Added since the first schema: a database made before gets them when it is opened.
    "ALTER TABLE spieltisch_tables ADD COLUMN IF NOT EXISTS names TEXT",
    "ALTER TABLE spieltisch_tables ADD COLUMN IF NOT EXISTS again TEXT",
)


class PostgresStorage:
    def __init__(self, url: str) -> None:
        self._url = url
        self._db = self._connect()
        with self._db.transaction():
            for statement in SCHEMA:
                self._db.execute(statement)

    def _connect(self) -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(self._url, autocommit=True)

    def _conn(self) -> psycopg.Connection[tuple[object, ...]]:
        """The connection, opened anew if the server dropped it (the failed call raised)."""
        if self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db

    def create_table(self, header: TableHeader, names: list[str] | None = None) -> None:
        db = self._conn()
        with db.transaction():
            db.execute(
                "INSERT INTO spieltisch_tables (id, header, names) VALUES (%s, %s, %s)",
                (header.id, header.to_text(), encode_names(names)),
            )

    def save_names(self, table_id: str, names: list[str]) -> None:
        self._conn().execute(
            "UPDATE spieltisch_tables SET names = %s WHERE id = %s",
            (encode_names(names), table_id),
        )

    def save_again(self, table_id: str, again: str) -> None:
        self._conn().execute(
            "UPDATE spieltisch_tables SET again = %s WHERE id = %s", (again, table_id)
        )

    def append_actions(self, rows: list[ActionRow]) -> None:
        db = self._conn()
        with db.transaction(), db.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO spieltisch_actions (table_id, idx, seat, action) "
                "VALUES (%s, %s, %s, %s)",
                [(r.table, r.index, r.seat, json.dumps(r.action)) for r in rows],
            )

    def mark_finished(self, table_id: str) -> None:
        self._conn().execute(
            "UPDATE spieltisch_tables SET finished = TRUE WHERE id = %s", (table_id,)
        )

    def delete_table(self, table_id: str) -> None:
        db = self._conn()
        with db.transaction():
            db.execute("DELETE FROM spieltisch_actions WHERE table_id = %s", (table_id,))
            db.execute("DELETE FROM spieltisch_tables WHERE id = %s", (table_id,))

    def load_table(self, table_id: str) -> StoredTable | None:
        db = self._conn()
        row = db.execute(
            "SELECT header, finished, names, again FROM spieltisch_tables WHERE id = %s",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        actions = db.execute(
            "SELECT seat, action FROM spieltisch_actions WHERE table_id = %s ORDER BY idx",
            (table_id,),
        ).fetchall()
        header = TableHeader.from_text(table_id, str(row[0]))
        return StoredTable(
            header,
            decode_actions(actions),  # type: ignore[arg-type]
            bool(row[1]),
            decode_names(row[2]),
            None if row[3] is None else str(row[3]),
        )

    def unfinished_tables(self) -> list[str]:
        rows = (
            self._conn().execute("SELECT id FROM spieltisch_tables WHERE NOT finished").fetchall()
        )
        return [str(row[0]) for row in rows]

    def close(self) -> None:
        self._db.close()
