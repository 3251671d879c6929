"""The PostgreSQL store (``psycopg`` 3). The tables are created in the first schema of the
connection's ``search_path`` (``?options=-csearch_path%3Dmyschema`` in the URL picks one).

Any number of server processes may share it. The primary key (table, index) of the action
log decides between two processes committing the same step of a table: the first commit
stands, the other insert does nothing and is returned as lost. In the same transaction each
stored action is announced with ``NOTIFY`` on :attr:`PostgresStorage.channel` (one per
database and schema) as ``{"t": table, "i": index, "s": seat, "a": action}`` (``a`` left
out if the whole would not fit a notification); a changed name or play-again link as
``{"t": table, "m": 1}``. Leases (which process plays a table's bots) run on the database's
clock.
"""

from __future__ import annotations

import hashlib
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

LEASES = (
    """CREATE TABLE spieltisch_leases (
        table_id TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL
    )""",
    # Bot tables stored before leases were kept: their bots play on at the next start.
    """INSERT INTO spieltisch_leases (table_id, holder, expires)
        SELECT id, '', 0 FROM spieltisch_tables WHERE NOT finished AND header LIKE '%%"bot:%%'""",
)

#: The database's clock, in seconds since the epoch (leases compare against it).
NOW = "extract(epoch FROM clock_timestamp())"

#: When a parked lease (of stuck bots, holder "") runs out: never by itself.
PARKED = 1e18

#: How often a batch of actions is tried when PostgreSQL breaks a deadlock with it (two
#: processes inserting the same steps; the rows go in in key order, so it should not happen).
DEADLOCK_ATTEMPTS = 3

#: The longest payload sent with an action (PostgreSQL takes up to 8000 bytes).
PAYLOAD_MOST = 7900

APPEND = f"""
WITH ins AS (
    INSERT INTO spieltisch_actions (table_id, idx, seat, action)
    SELECT * FROM unnest(%(t)s::text[], %(i)s::int[], %(s)s::int[], %(a)s::text[])
        AS r(table_id, idx, seat, action)
    ORDER BY table_id, idx
    ON CONFLICT (table_id, idx) DO NOTHING
    RETURNING table_id, idx, seat, action
), told AS (
    SELECT table_id, idx, json_build_object('t', table_id, 'i', idx, 's', seat,
                                            'a', action::json)::text AS full_text
    FROM ins
)
SELECT table_id, idx, pg_notify(%(channel)s, CASE WHEN length(full_text) <= {PAYLOAD_MOST}
    THEN full_text ELSE json_build_object('t', table_id, 'i', idx)::text END)
FROM told
"""


class PostgresStorage:
    def __init__(self, url: str) -> None:
        self._url = url
        self._db = self._connect()
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema()))")
            for statement in SCHEMA:
                self._db.execute(statement)
            found = self._db.execute("SELECT to_regclass('spieltisch_leases')").fetchone()
            if found is None or found[0] is None:
                for statement in LEASES:
                    self._db.execute(statement)
            where = self._db.execute("SELECT current_database(), current_schema()").fetchone()
        #: The ``LISTEN/NOTIFY`` channel of this database and schema (a test schema beside
        #: another hears nothing of it).
        self.channel: str | None = (
            "spieltisch_" + hashlib.sha256(repr(where).encode()).hexdigest()[:24]
        )
        self.url = url

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

    def _changed(self, table_id: str) -> str:
        return json.dumps({"t": table_id, "m": 1})

    def save_names(self, table_id: str, names: list[str]) -> None:
        db = self._conn()
        with db.transaction():
            db.execute(
                "UPDATE spieltisch_tables SET names = %s WHERE id = %s",
                (encode_names(names), table_id),
            )
            db.execute("SELECT pg_notify(%s, %s)", (self.channel, self._changed(table_id)))

    def save_again(self, table_id: str, again: str) -> str:
        db = self._conn()
        with db.transaction():
            db.execute(
                "UPDATE spieltisch_tables SET again = %s WHERE id = %s AND again IS NULL",
                (again, table_id),
            )
            row = db.execute(
                "SELECT again FROM spieltisch_tables WHERE id = %s", (table_id,)
            ).fetchone()
            db.execute("SELECT pg_notify(%s, %s)", (self.channel, self._changed(table_id)))
        return str(row[0]) if row and row[0] is not None else again

    def append_actions(self, rows: list[ActionRow]) -> list[ActionRow]:
        columns = {
            "t": [r.table for r in rows],
            "i": [r.index for r in rows],
            "s": [r.seat for r in rows],
            "a": [json.dumps(r.action) for r in rows],
            "channel": self.channel,
        }
        for attempt in range(DEADLOCK_ATTEMPTS):
            try:
                answer = self._conn().execute(APPEND, columns).fetchall()
                break
            except psycopg.errors.DeadlockDetected:
                if attempt == DEADLOCK_ATTEMPTS - 1:
                    raise
        stored = {(str(t), int(str(i))) for t, i, _ in answer}
        return [r for r in rows if (r.table, r.index) not in stored]

    def mark_finished(self, table_id: str) -> None:
        self._conn().execute(
            "UPDATE spieltisch_tables SET finished = TRUE WHERE id = %s", (table_id,)
        )

    def delete_table(self, table_id: str) -> None:
        db = self._conn()
        with db.transaction():
            db.execute("DELETE FROM spieltisch_actions WHERE table_id = %s", (table_id,))
            db.execute("DELETE FROM spieltisch_leases WHERE table_id = %s", (table_id,))
            db.execute("DELETE FROM spieltisch_tables WHERE id = %s", (table_id,))

    def load_table(self, table_id: str, since: int = 0) -> StoredTable | None:
        db = self._conn()
        row = db.execute(
            "SELECT header, finished, names, again FROM spieltisch_tables WHERE id = %s",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        actions = db.execute(
            "SELECT seat, action FROM spieltisch_actions WHERE table_id = %s AND idx >= %s "
            "ORDER BY idx",
            (table_id, since),
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

    # -- bot leases ----------------------------------------------------------------------
    def take_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        taken = (
            self._conn()
            .execute(
                "INSERT INTO spieltisch_leases (table_id, holder, expires) "
                f"VALUES (%s, %s, {NOW} + %s) ON CONFLICT (table_id) DO UPDATE "
                "SET holder = excluded.holder, expires = excluded.expires "
                "WHERE spieltisch_leases.holder IN (excluded.holder, '') "
                f"OR spieltisch_leases.expires < {NOW} "
                "RETURNING holder",
                (table_id, holder, seconds),
            )
            .fetchone()
        )
        return taken is not None

    def renew_leases(self, holder: str, seconds: float) -> list[str]:
        rows = (
            self._conn()
            .execute(
                f"UPDATE spieltisch_leases SET expires = {NOW} + %s WHERE holder = %s "
                "RETURNING table_id",
                (seconds, holder),
            )
            .fetchall()
        )
        return [str(row[0]) for row in rows]

    def drop_lease(self, table_id: str, holder: str) -> None:
        self._conn().execute(
            "DELETE FROM spieltisch_leases WHERE table_id = %s AND holder = %s", (table_id, holder)
        )

    def park_lease(self, table_id: str, holder: str) -> None:
        self._conn().execute(
            "UPDATE spieltisch_leases SET holder = '', expires = %s "
            "WHERE table_id = %s AND holder = %s",
            (PARKED, table_id, holder),
        )

    def expire_leases(self, holder: str | None) -> None:
        self._conn().execute(
            "UPDATE spieltisch_leases SET expires = 0 WHERE %s::text IS NULL OR holder = %s",
            (holder, holder),
        )

    def orphaned_leases(self) -> list[str]:
        rows = (
            self._conn()
            .execute(f"SELECT table_id FROM spieltisch_leases WHERE expires < {NOW}")
            .fetchall()
        )
        return [str(row[0]) for row in rows]

    def close(self) -> None:
        self._db.close()
