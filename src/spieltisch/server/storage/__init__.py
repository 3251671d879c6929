"""Where tables live between restarts: one interface, two backends (SQLite, PostgreSQL).

The transcript is the persistence. A table is stored as its header (game, rules version,
options, players, seed, seat kinds and the SHA-256 hashes of the seat tokens, never the
tokens) and an append-only log of its actions. The state is never stored: it is rebuilt by
replaying the log, checked, through the game's own rules.

Several processes may share one PostgreSQL store: the key (table, index) of the action log
decides which of two actions for the same step is committed (the other is returned by
:meth:`Storage.append_actions` as lost), each committed action is announced on the store's
``channel`` (``LISTEN/NOTIFY``), and a lease per table says which process plays its bots
(:mod:`spieltisch.server.lease`). SQLite serves one process (:class:`SqliteStorage` takes
the file for itself when opened ``exclusive``).

Beside the header, a table keeps what may change while it stands: the seats' names (a
person names their seat when they sit down) and the table that plays it again. Each store
adds these columns to a database made before they existed when it opens it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from spieltisch.core.game import JSON, Seat


@dataclass(frozen=True, slots=True)
class TableHeader:
    """Everything about a table that never changes after it is created."""

    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    players: int
    seed: int
    #: One entry per seat: ``"human"`` or ``"bot:<spec>"``.
    seats: tuple[str, ...]
    #: SHA-256 (hex) of each human seat's token; ``None`` for a bot seat.
    token_hashes: tuple[str | None, ...]
    created: float

    def to_text(self) -> str:
        return json.dumps(
            {
                "game": self.game,
                "rules_version": self.rules_version,
                "options": self.options,
                "players": self.players,
                "seed": self.seed,
                "seats": list(self.seats),
                "token_hashes": list(self.token_hashes),
                "created": self.created,
            }
        )

    @classmethod
    def from_text(cls, table_id: str, text: str) -> TableHeader:
        data = json.loads(text)
        return cls(
            id=table_id,
            game=data["game"],
            rules_version=data["rules_version"],
            options=data["options"],
            players=data["players"],
            seed=data["seed"],
            seats=tuple(data["seats"]),
            token_hashes=tuple(data["token_hashes"]),
            created=data["created"],
        )


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One committed action: the ``index``-th action of table ``table``."""

    table: str
    index: int
    seat: Seat
    action: dict[str, JSON]


@dataclass(slots=True)
class StoredTable:
    """A table as read back: its header and its actions in order."""

    header: TableHeader
    actions: list[tuple[Seat, dict[str, JSON]]] = field(default_factory=list)
    finished: bool = False
    #: Each seat's name ("" for a person not yet named); ``None`` for a table stored before
    #: names were kept.
    names: list[str] | None = None
    #: The id of the table that plays this one again, if any.
    again: str | None = None


class Storage(Protocol):
    """A table store. Every method commits before it returns; calls come from one thread."""

    #: The ``LISTEN/NOTIFY`` channel that announces every committed action (``None``: the
    #: store serves one process and announces nothing).
    channel: str | None

    def create_table(self, header: TableHeader, names: list[str] | None = None) -> None: ...

    def save_names(self, table_id: str, names: list[str]) -> None:
        """Store the seats' names of ``table_id``."""
        ...

    def save_again(self, table_id: str, again: str) -> str:
        """Store ``again`` as the table that plays ``table_id`` again, unless one is
        stored already; returns the one stored."""
        ...

    def append_actions(self, rows: list[ActionRow]) -> list[ActionRow]:
        """Append ``rows`` (possibly of several tables) in one transaction; returns the rows
        not stored because their table already has an action at that index (another
        process committed that step first)."""
        ...

    def mark_finished(self, table_id: str) -> None: ...

    def delete_table(self, table_id: str) -> None:
        """Remove ``table_id``, its actions and its bot lease."""
        ...

    def load_table(self, table_id: str, since: int = 0) -> StoredTable | None:
        """The table ``table_id`` with its actions from index ``since`` on."""
        ...

    def unfinished_tables(self) -> list[str]: ...

    def take_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        """Make ``holder`` the one that plays the bots of ``table_id`` for ``seconds``,
        unless another holder's lease has not yet run out; whether ``holder`` has it."""
        ...

    def renew_leases(self, holder: str, seconds: float) -> list[str]:
        """Extend every lease of ``holder`` by ``seconds`` from now; the tables it holds."""
        ...

    def drop_lease(self, table_id: str, holder: str) -> None:
        """``holder`` no longer plays the bots of ``table_id`` (none must act)."""
        ...

    def park_lease(self, table_id: str, holder: str) -> None:
        """``holder``'s bots of ``table_id`` are stuck: nobody plays them until a process
        takes the lease (someone acted or connected) or they are run out at a start."""
        ...

    def expire_leases(self, holder: str | None) -> None:
        """End the leases of ``holder`` (``None``: every lease) now, kept as run out so
        that the next process to look plays those bots on."""
        ...

    def orphaned_leases(self) -> list[str]:
        """The tables whose bots' lease has run out (its holder stopped or died)."""
        ...

    def close(self) -> None: ...


def open_storage(url: str, exclusive: bool = False) -> Storage:
    """The backend for ``url``: ``postgresql://…`` (or ``postgres://…``), ``sqlite:///PATH``
    or a plain file path for SQLite; ``exclusive``: a SQLite file is refused if another
    process holds it so (:class:`~spieltisch.server.storage.sqlite.SqliteBusy`)."""
    if url.startswith(("postgresql://", "postgres://")):
        from spieltisch.server.storage.postgres import PostgresStorage

        return PostgresStorage(url)
    from spieltisch.server.storage.sqlite import SqliteStorage

    path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else url
    if "://" in path:
        raise ValueError(
            "the database must be a SQLite file path, sqlite:///PATH or postgresql://…, "
            f"not {url.split('://', 1)[0]}://…"
        )
    return SqliteStorage(path, exclusive=exclusive)


def encode_names(names: list[str] | None) -> str | None:
    return None if names is None else json.dumps(names)


def decode_names(text: object) -> list[str] | None:
    return None if text is None else [str(name) for name in json.loads(str(text))]


def decode_actions(rows: list[tuple[int, str]]) -> list[tuple[Seat, dict[str, JSON]]]:
    """Actions from ``(seat, action JSON text)`` rows, in index order."""
    return [(seat, json.loads(text)) for seat, text in rows]


__all__ = ["ActionRow", "Storage", "StoredTable", "TableHeader", "open_storage"]
