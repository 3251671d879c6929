"""Where the lab's jobs live between restarts: one table, ``spieltisch_jobs``, in the same
database as the tables (SQLite or PostgreSQL), with its own connection.

A job row holds what was asked (``kind`` and ``params``, JSON), who asked (a hash of the
client's address and of the job's token), where it is (``state``, games or trials done of
``total``), the trials that arrived (a tuning run), and at the end the ``result`` (the
simulate or tune JSON) or the ``error`` (``{"error", "code", "params"}``).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

#: A job's states: ``running`` until it ends ``done``, ``failed`` (its error says why),
#: ``cancelled`` (by its owner) or ``interrupted`` (the server stopped it too often).
STATES = ("running", "done", "failed", "cancelled", "interrupted")
ACTIVE = ("running",)


@dataclass(slots=True)
class JobRow:
    """One lab job as stored."""

    id: str
    kind: str
    params: dict[str, Any]
    client: str
    token_hash: str
    state: str = "running"
    done: int = 0
    total: int = 0
    trials: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    created: float = 0.0
    finished: float | None = None
    #: How often a server restart found this job running and started it again.
    restarts: int = 0
    #: The server process that runs it, and when that process last said so (a heartbeat):
    #: a running job whose heartbeat is old lost its process and is taken over.
    owner: str = ""
    seen: float = 0.0


COLUMNS = (
    "id, kind, params, client, token_hash, state, done, total, trials, result, error, "
    "created, finished, restarts, owner, seen"
)


def _row(values: tuple[Any, ...]) -> JobRow:
    (id_, kind, params, client, token_hash, state, done, total, trials, result, error,
     created, finished, restarts, owner, seen) = values  # fmt: skip
    return JobRow(
        str(id_),
        str(kind),
        json.loads(params),
        str(client),
        str(token_hash),
        str(state),
        int(done),
        int(total),
        json.loads(trials),
        None if result is None else json.loads(result),
        None if error is None else json.loads(error),
        float(created),
        None if finished is None else float(finished),
        int(restarts),
        str(owner),
        float(seen),
    )


def _values(job: JobRow) -> tuple[Any, ...]:
    return (
        job.id,
        job.kind,
        json.dumps(job.params),
        job.client,
        job.token_hash,
        job.state,
        job.done,
        job.total,
        json.dumps(job.trials),
        None if job.result is None else json.dumps(job.result),
        None if job.error is None else json.dumps(job.error),
        job.created,
        job.finished,
        job.restarts,
        job.owner,
        job.seen,
    )


class JobStore(Protocol):
    """A job store; every method commits before it returns; calls come from one thread."""

    def save(self, job: JobRow) -> None:
        """Insert ``job`` or replace the stored row of its id."""
        ...

    def load(self, job_id: str) -> JobRow | None: ...

    def active(self) -> list[JobRow]:
        """Every job stored as running (after a restart: the jobs it interrupted)."""
        ...

    def claim(self, job_id: str, owner: str, now: float, stale_before: float) -> bool:
        """Make ``owner`` the runner of a running job whose heartbeat is older than
        ``stale_before``; whether it did (another process may have been quicker)."""
        ...

    def beat(self, job_ids: list[str], owner: str, now: float) -> None:
        """The heartbeat of ``owner``'s running jobs."""
        ...

    def counts(self, client: str, fresh_after: float) -> tuple[int, int]:
        """Running jobs with a heartbeat after ``fresh_after``: all, and ``client``'s."""
        ...

    def admit(self, job: JobRow, fresh_after: float, per_client: int, most: int) -> str | None:
        """Insert ``job`` if its client runs fewer than ``per_client`` jobs and everyone
        fewer than ``most`` (counted as :meth:`counts`), as one step for every process on
        the database; else the refusal's code (``lab_client_busy``, ``lab_busy``)."""
        ...

    def close(self) -> None: ...


SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS spieltisch_jobs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    params TEXT NOT NULL,
    client TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    state TEXT NOT NULL,
    done INTEGER NOT NULL,
    total INTEGER NOT NULL,
    trials TEXT NOT NULL,
    result TEXT,
    error TEXT,
    created REAL NOT NULL,
    finished REAL,
    restarts INTEGER NOT NULL DEFAULT 0,
    owner TEXT NOT NULL DEFAULT '',
    seen REAL NOT NULL DEFAULT 0
)
"""

POSTGRES_SCHEMA = SQLITE_SCHEMA.replace("REAL", "DOUBLE PRECISION").replace("INTEGER", "BIGINT")


class SqliteJobStore:
    def __init__(self, path: str) -> None:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SQLITE_SCHEMA)

    def save(self, job: JobRow) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                f"INSERT OR REPLACE INTO spieltisch_jobs ({COLUMNS}) "
                "VALUES (" + ", ".join("?" * len(COLUMNS.split(","))) + ")",
                _values(job),
            )

    def load(self, job_id: str) -> JobRow | None:
        row = self._db.execute(
            f"SELECT {COLUMNS} FROM spieltisch_jobs WHERE id = ?", (job_id,)
        ).fetchone()
        return None if row is None else _row(row)

    def active(self) -> list[JobRow]:
        rows = self._db.execute(
            f"SELECT {COLUMNS} FROM spieltisch_jobs WHERE state = 'running' ORDER BY created"
        ).fetchall()
        return [_row(row) for row in rows]

    def claim(self, job_id: str, owner: str, now: float, stale_before: float) -> bool:
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            cursor = self._db.execute(
                "UPDATE spieltisch_jobs SET owner = ?, seen = ? "
                "WHERE id = ? AND state = 'running' AND seen < ?",
                (owner, now, job_id, stale_before),
            )
        return cursor.rowcount == 1

    def beat(self, job_ids: list[str], owner: str, now: float) -> None:
        with self._db:
            self._db.execute("BEGIN")
            self._db.executemany(
                "UPDATE spieltisch_jobs SET seen = ? WHERE id = ? AND owner = ?",
                [(now, job_id, owner) for job_id in job_ids],
            )

    def counts(self, client: str, fresh_after: float) -> tuple[int, int]:
        row = self._db.execute(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN client = ? THEN 1 ELSE 0 END), 0) "
            "FROM spieltisch_jobs WHERE state = 'running' AND seen > ?",
            (client, fresh_after),
        ).fetchone()
        return int(row[0]), int(row[1])

    def admit(self, job: JobRow, fresh_after: float, per_client: int, most: int) -> str | None:
        # one process serves a SQLite file, and it calls from one thread
        refused = _refusal(self.counts(job.client, fresh_after), per_client, most)
        if refused is None:
            self.save(job)
        return refused

    def close(self) -> None:
        self._db.close()


class PostgresJobStore:
    def __init__(self, url: str) -> None:
        import psycopg

        self._url = url
        self._psycopg = psycopg
        self._db = psycopg.connect(url, autocommit=True)
        self._db.execute(POSTGRES_SCHEMA)

    def _conn(self) -> Any:
        """The connection, opened anew if the server dropped it (the failed call raised)."""
        if self._db.closed or self._db.broken:
            self._db = self._psycopg.connect(self._url, autocommit=True)
        return self._db

    def save(self, job: JobRow) -> None:
        names = [name.strip() for name in COLUMNS.split(",")]
        updates = ", ".join(f"{name} = EXCLUDED.{name}" for name in names[1:])
        self._conn().execute(
            f"INSERT INTO spieltisch_jobs ({COLUMNS}) VALUES ({', '.join(['%s'] * len(names))}) "
            f"ON CONFLICT (id) DO UPDATE SET {updates}",
            _values(job),
        )

    def load(self, job_id: str) -> JobRow | None:
        row = (
            self._conn()
            .execute(f"SELECT {COLUMNS} FROM spieltisch_jobs WHERE id = %s", (job_id,))
            .fetchone()
        )
        return None if row is None else _row(row)

    def active(self) -> list[JobRow]:
        rows = (
            self._conn()
            .execute(
                f"SELECT {COLUMNS} FROM spieltisch_jobs WHERE state = 'running' ORDER BY created"
            )
            .fetchall()
        )
        return [_row(row) for row in rows]

    def claim(self, job_id: str, owner: str, now: float, stale_before: float) -> bool:
        cursor = self._conn().execute(
            "UPDATE spieltisch_jobs SET owner = %s, seen = %s "
            "WHERE id = %s AND state = 'running' AND seen < %s",
            (owner, now, job_id, stale_before),
        )
        return bool(cursor.rowcount == 1)

    def beat(self, job_ids: list[str], owner: str, now: float) -> None:
        db = self._conn()
        with db.transaction(), db.cursor() as cursor:
            cursor.executemany(
                "UPDATE spieltisch_jobs SET seen = %s WHERE id = %s AND owner = %s",
                [(now, job_id, owner) for job_id in job_ids],
            )

    def counts(self, client: str, fresh_after: float) -> tuple[int, int]:
        row = (
            self._conn()
            .execute(
                "SELECT COUNT(*), COALESCE(SUM(CASE WHEN client = %s THEN 1 ELSE 0 END), 0) "
                "FROM spieltisch_jobs WHERE state = 'running' AND seen > %s",
                (client, fresh_after),
            )
            .fetchone()
        )
        return int(row[0]), int(row[1])

    def admit(self, job: JobRow, fresh_after: float, per_client: int, most: int) -> str | None:
        db = self._conn()
        with db.transaction():
            # every process's admissions one at a time: two cannot both take the last place
            db.execute("SELECT pg_advisory_xact_lock(hashtext('spieltisch_jobs_admit'))")
            refused = _refusal(self.counts(job.client, fresh_after), per_client, most)
            if refused is None:
                self.save(job)
        return refused

    def close(self) -> None:
        self._db.close()


def _refusal(counts: tuple[int, int], per_client: int, most: int) -> str | None:
    everyone, mine = counts
    if mine >= per_client:
        return "lab_client_busy"
    if everyone >= most:
        return "lab_busy"
    return None


def open_job_store(url: str) -> JobStore:
    """The job store in the database at ``url`` (the same URL forms as
    :func:`spieltisch.server.storage.open_storage`)."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresJobStore(url)
    path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else url
    return SqliteJobStore(path)


__all__ = ["ACTIVE", "STATES", "JobRow", "JobStore", "open_job_store"]
