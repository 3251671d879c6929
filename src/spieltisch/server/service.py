"""The table manager: the authoritative tables in memory, their persistence and their bots.

Every table lives here as the game, its state and its action log. An action from a seat is
checked against ``legal_actions``, committed to storage, and only then applied in memory;
then every connected seat is told to fetch its own view. A table whose next seats are bots
plays on by itself until a person must act or the game is over.

A table is loaded when first asked for, by replaying its stored actions (checked, like
any transcript); on start only the tables whose bots must play on are loaded (their lease ran
out, :mod:`spieltisch.server.lease`). A table nobody has asked for, connected to or acted at
for ``archive_after`` seconds (a finished one: a minute) is dropped from memory (it stays
stored).

Several processes may share one PostgreSQL store (:mod:`spieltisch.server.fanout`): an
action is committed only if no process committed that step of the table first (the key of
the action log decides); a process that loses reads the table's new steps from the store
and checks the action again on the current state. Each process applies the others'
commits as it hears of them and pushes them to its own connections.

Each seat state carries the table's frames: for every step (the deal, then each action)
after what the client has seen, who acted, the events of that step the seat may see and the
seat's view after it; a client more than :data:`FRAMES_KEPT` steps behind gets the latest
frame only. A table keeps a copy of the state after each of its last ``FRAMES_KEPT`` steps,
and builds each seat's view of a step once, when first asked.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from bisect import bisect_left, bisect_right
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

from spieltisch.core.chance import derive_seed
from spieltisch.core.errors import (
    ActionParseError,
    IllegalActionError,
    SpieltischError,
)
from spieltisch.core.game import JSON, Event, Game, Seat
from spieltisch.core.plain import to_plain
from spieltisch.core.transcript import (
    Result,
    Transcript,
    check_result,
    replay_steps,
    result_of,
)
from spieltisch.core.words import NEUTRAL, Audience, phrase
from spieltisch.games import REGISTRY, descriptor, make_game
from spieltisch.server.botplay import BotPool, check_server_spec
from spieltisch.server.fanout import Fanout
from spieltisch.server.lease import LEASE_SECONDS, BotLeases
from spieltisch.server.refusals import REFUSAL_WORDS
from spieltisch.server.schemas import FRAMES_KEPT, ReplayOut
from spieltisch.server.seating import (
    ARCHIVE_AFTER,
    AWAY_AFTER,
    NAME_MOST,
    bot_names,
    bot_spec,
    clean_name,
    distinct_names,
    level_of,
)
from spieltisch.server.security import hash_token, new_token, seat_of_token
from spieltisch.server.storage import ActionRow, Storage, TableHeader

log = logging.getLogger("spieltisch.server")

HUMAN = "human"
BOT_PREFIX = "bot:"
#: Seeds chosen by the server stay below 2**53 so that JavaScript reads them exactly.
SEED_BITS = 53
#: How long a finished table nobody asks for, connects to or acts at stays in memory: a
#: player who comes back to its result later has it loaded again from storage.
FORGET_FINISHED_SECONDS = 60.0
#: Seconds between two looks for tables nobody used for ``archive_after`` and for words
#: and views built for readers who left (:meth:`Table.forget_unwatched`).
UNWATCHED_SWEEP = 15.0
#: How often a bot is asked for one decision that fails (raises, or is illegal) before
#: its table is marked as stuck.
BOT_ATTEMPTS = 3
#: The pause before asking a failed bot again; it doubles with every further failure.
BOT_RETRY_SECONDS = 1.0
#: How many replays of finished tables (per language) are kept, the most recent ones.
REPLAY_CACHE_SIZE = 64

T = TypeVar("T")


class ServiceError(Exception):
    """A request the server refuses: an HTTP status and a one-line message; refused for a
    :class:`SpieltischError`, also that error's code and params, for a client to word
    the refusal in its reader's language."""

    def __init__(self, status: int, message: str | SpieltischError) -> None:
        super().__init__(str(message))
        self.status = status
        self.message = str(message)
        self.code = message.code if isinstance(message, SpieltischError) else None
        self.params = message.params if isinstance(message, SpieltischError) else {}

    def body(self) -> dict[str, Any]:
        """The error as JSON: ``{"error": ...}``, with ``code`` and ``params`` if coded."""
        if self.code is None:
            return {"error": self.message}
        return {"error": self.message, "code": self.code, "params": self.params}


class StepTaken(ServiceError):
    """Another process committed this step of the table first (a bot's action is then
    dropped like any refused one; a person's is checked again on the new state)."""

    def __init__(self) -> None:
        super().__init__(409, "another process committed this step first")


def refuse(status: int, code: str, **params: Any) -> ServiceError:
    """The server's refusal ``code`` (:mod:`spieltisch.server.refusals`) with ``params``;
    its English words are its message."""
    error = ServiceError(status, REFUSAL_WORDS["en"][code].format(**params))
    error.code = code
    error.params = params
    return error


def refuse_error(status: int, error: SpieltischError, code: str) -> ServiceError:
    """``error`` refused with its own code, or, if it has none, as ``code`` with its
    message as the ``detail``."""
    if error.code is not None:
        return ServiceError(status, error)
    return refuse(status, code, detail=str(error))


def check_api_options(game_id: str, options: Mapping[str, Any]) -> None:
    """Refuse (422) rule options, of a new table or a posted transcript, that would make
    the server read a file of the client's choice: an option that names a file
    (``OptionSpec.path``) keeps its default over the API."""
    cls = REGISTRY.get(game_id)
    if cls is None:
        return  # make_game and the transcript checks name the known games
    for spec in cls.spec.options:
        if spec.path and options.get(spec.name, spec.default) != spec.default:
            raise refuse(422, "option_path", name=spec.name, default=spec.default)


class Listener:
    """One open connection of a seat (``None``: a spectator) that wants pushes."""

    def __init__(self, seat: Seat | None, lang: str, since: int, token: str | None = None) -> None:
        self.seat = seat
        self.lang = lang
        #: The seat's token (kept only while the connection is open, for its own links).
        self.token = token
        #: The last event sequence number this connection has been sent.
        self.since = since
        #: The last step this connection has been sent (``None``: none yet, go by ``since``).
        self.step: int | None = None
        self.errors: list[dict[str, Any]] = []
        #: Ids of this connection's actions applied since its last state message.
        self.acks: list[str | int] = []
        #: Why the server ends this connection (set by :meth:`close`); ``None``: open.
        self.closing: str | None = None
        #: The refusal code of ``closing`` and the WebSocket close code that ends it.
        self.closing_code = ("table_reloaded", 4503)
        self.wake = asyncio.Event()
        #: Set whenever a queued error went out (the reader waits on it when many wait).
        self.drained = asyncio.Event()
        self.dirty = True
        self.wake.set()  # the first message: the current state

    def changed(self) -> None:
        self.dirty = True
        self.wake.set()

    def error(self, message: dict[str, Any]) -> None:
        """Queue an error message (``{"type": "error", "error": ..., "id": ...}``)."""
        self.errors.append(message)
        self.wake.set()

    def acknowledge(self, action_id: str | int) -> None:
        self.acks.append(action_id)
        self.changed()

    def close(self, reason: str, code: str = "table_reloaded", close_code: int = 4503) -> None:
        """End this connection: the client is told ``reason`` (one line, refusal ``code``),
        then closed with ``close_code``."""
        self.closing = reason
        self.closing_code = (code, close_code)
        self.wake.set()


@dataclass(eq=False)
class Kept:
    """One of a table's latest steps, kept for frames: who acted (``None``: the deal), a
    copy of the state after it, and each seat's view of that state once built."""

    step: int
    seat: Seat | None
    state: Any
    views: dict[Seat | None, dict[str, JSON]] = field(default_factory=dict)
    choices: dict[Seat, tuple[Any, ...]] = field(default_factory=dict)

    def view(self, game: Game[Any, Any, Any], seat: Seat | None) -> dict[str, JSON]:
        """What ``seat`` (``None``: a spectator) saw after this step, as JSON."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = to_plain(game.view(self.state, seat))
        return view

    def may_do(self, game: Game[Any, Any, Any], seat: Seat) -> tuple[Any, ...]:
        """What ``seat`` could do after this step: its legal actions (none while it is not
        to act)."""
        choices = self.choices.get(seat)
        if choices is None:
            state = self.state
            to_act = () if game.is_terminal(state) else game.to_act(state)
            legal = game.legal_actions(state, seat) if seat in to_act else ()
            choices = self.choices[seat] = tuple(legal)
        return choices


@dataclass(eq=False)
class Table:
    """One table: its header, the game and its state, the actions and the events so far."""

    header: TableHeader
    game: Game[Any, Any, Any]
    state: Any
    actions: list[tuple[Seat, dict[str, JSON]]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    connected: list[int] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    #: Why the bots stopped (one line, shown to every seat), ``None`` while they play.
    bot_error: str | None = None
    #: Set when a commit failed: this copy is out of date and takes no more actions; the
    #: next use loads the table again from storage, the only truth.
    retired: bool = False
    #: Set when its creator deleted it (it is retired too): gone for good.
    deleted: bool = False
    #: Each event as sent to clients, per language and reader (``None``: a spectator),
    #: built once for all connections of that reader; ``None`` for one it may not see.
    described: dict[tuple[str, Seat | None], list[dict[str, JSON] | None]] = field(
        default_factory=dict
    )
    #: The number of events after each step (step 0: the deal): step ``k`` told events
    #: number ``ends[k - 1] + 1`` to ``ends[k]``.
    ends: list[int] = field(default_factory=list)
    #: The latest steps, for frames; the last one holds the live state.
    kept: deque[Kept] = field(default_factory=lambda: deque(maxlen=FRAMES_KEPT))
    #: Each seat's name: a person's chosen one ("" until they choose), a bot's friendly one.
    names: list[str] = field(default_factory=list)
    #: The id of the table that plays this one again, once someone asked for it.
    again: str | None = None
    #: Each seat: whether a bot plays for its absent person now.
    away: list[bool] = field(default_factory=list)
    #: Each seat: when its person was last seen (``time.monotonic``): a request with its
    #: token, or a connection open until then.
    last_seen: list[float] = field(default_factory=list)
    #: What the table itself tells (a person away, back), in order, for every seat's log.
    notes: list[dict[str, JSON]] = field(default_factory=list)
    #: Each seat: when a request with its token last reached this process.
    requested: list[float] = field(default_factory=list)
    #: Seats with a connection to another process: when that process last said so.
    elsewhere: dict[Seat, float] = field(default_factory=dict)
    #: When someone last asked for, connected to or acted at this table (``time.monotonic``).
    touched: float = field(default_factory=time.monotonic)
    _seats_info: list[dict[str, JSON]] | None = None

    def __post_init__(self) -> None:
        players = self.header.players
        if not self.names:
            self.names = bot_names(self.header.seed, self.header.seats, ())
        self.away = self.away or [False] * players
        self.last_seen = self.last_seen or [time.monotonic()] * players
        self.requested = self.requested or [0.0] * players

    @property
    def id(self) -> str:
        return self.header.id

    @property
    def last_seq(self) -> int:
        return len(self.events)

    @property
    def over(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    def is_bot(self, seat: Seat) -> bool:
        """Whether a bot sits at ``seat`` (not a person, away or not)."""
        return self.header.seats[seat].startswith(BOT_PREFIX)

    def bot_spec(self, seat: Seat) -> str | None:
        """The bot that plays ``seat`` now: the seat's bot (its level's spec), the medium
        level for an absent person, ``None`` for a person at the table."""
        spec = bot_spec(self.game.spec.id, self.header.seats[seat])
        if spec is None and self.away[seat]:
            return descriptor(self.game.spec.id).levels["medium"]
        return spec

    def audience(self, reader: Seat | None) -> Audience:
        """Who reads a line at this table: the seats' names and the reader's seat."""
        return Audience(tuple(self.names), reader)

    def rename(self, names: list[str]) -> None:
        """Take ``names`` as the seats' names; every line is worded anew."""
        self.names = names
        self.described.clear()
        self._seats_info = None
        self.notify()

    def note(self, kind: str, seat: Seat) -> None:
        """Tell every seat's log what the table did (``kind``: away, back) about ``seat``."""
        self.notes.append(
            {
                "n": len(self.notes) + 1,
                "kind": kind,
                "seat": seat,
                "seq": self.last_seq,
                "step": len(self.actions),
            }
        )
        self._seats_info = None
        self.notify()

    def worded_notes(self, reader: Seat | None, lang: str) -> list[dict[str, JSON]]:
        """The table's own lines, worded for ``reader`` in ``lang``."""
        audience = self.audience(reader)
        return [
            {**note, "text": note_text(str(note["kind"]), int(str(note["seat"])), audience, lang)}
            for note in self.notes
        ]

    def bot_to_act(self) -> Seat | None:
        if self.over:
            return None
        return next((s for s in self.game.to_act(self.state) if self.bot_spec(s)), None)

    def described_events(
        self, seat: Seat | None, lang: str, since: int = 0, end: int | None = None
    ) -> list[dict[str, JSON]]:
        """The events after number ``since`` (up to number ``end``) that ``seat`` may see,
        in words for ``seat``: the seats by their names, ``seat`` itself as "du"/"you"."""
        done = self.described.setdefault((lang, seat), [])
        if len(done) < len(self.events):
            audience = self.audience(seat)
            for seq, event in enumerate(self.events[len(done) :], start=len(done) + 1):
                seen = event.visible_to(seat)  # each reader's words only for what it sees
                told = seen and event.told_better(self.next_in_step(seq), seat)
                done.append(
                    described_event(self.game, event, seq, lang, audience, told) if seen else None
                )
        stop = len(self.events) if end is None else end
        return [entry for entry in done[since:stop] if entry is not None]

    def forget_unwatched(self) -> None:
        """Drop the words and views built for readers without a connection now (spectators
        who left, a language nobody reads): they are built again when asked for. A reader's
        words for every event are most of a table's memory, and spectators come and go."""
        readers = {(listener.lang, listener.seat) for listener in self.listeners}
        for key in [key for key in self.described if key not in readers]:
            del self.described[key]
        seats = {seat for _, seat in readers}
        for entry in self.kept:
            for seat in [seat for seat in entry.views if seat not in seats]:
                del entry.views[seat]

    def next_in_step(self, seq: int) -> Event | None:
        """The event after number ``seq`` when the same step told it, else ``None``."""
        step_end = self.ends[bisect_left(self.ends, seq)]
        return self.events[seq] if seq < step_end else None

    def advance(self, seat: Seat, action: Any) -> None:
        """Carry out ``action`` (checked) on the live state; the step before keeps a copy
        of its state."""
        self.kept[-1].state = self.game.clone(self.state)
        events: list[Event] = []
        self.game.apply(self.state, seat, action, events)
        self.note_step(seat, events, self.state)

    def note_step(self, seat: Seat | None, events: list[Event], state: Any | None) -> None:
        """Count a step's events and keep ``state``, the state after it, unless ``None``."""
        self.events.extend(events)
        self.ends.append(len(self.events))
        if state is not None:
            self.kept.append(Kept(len(self.ends) - 1, seat, state))

    def still_current(self, seat: Seat, step: int) -> bool:
        """Whether an action ``seat`` chose on step ``step`` (the number of actions it had
        seen) still stands: no step since changed what that seat may do. Another seat's
        commit in a simultaneous round leaves it standing; the seat's own earlier action,
        a new round or a step too old to tell (beyond :data:`FRAMES_KEPT`) does not."""
        now = len(self.actions)
        if step == now:
            return True
        oldest = self.kept[0].step
        if step > now or step < oldest:
            return False
        since = list(self.kept)[step - oldest :]
        chosen_on = since[0].may_do(self.game, seat)
        return all(entry.may_do(self.game, seat) == chosen_on for entry in since[1:])

    def first_step_after(self, since: int) -> int:
        """The first step a client that has seen the events up to number ``since`` has not
        seen: the first that told a later event, or that began after it and told none (a
        step that told nothing, right at ``since``, may have been seen already)."""
        ends = self.ends
        told_later = bisect_right(ends, since)
        began_after = 0 if since <= 0 else bisect_left(ends, since) + 1
        return min(told_later, began_after)

    def frames(self, seat: Seat | None, lang: str, first: int) -> tuple[list[dict[str, JSON]], int]:
        """The frames of step ``first`` to the latest as ``seat`` saw them, and how many of
        those steps were left out: more than :data:`FRAMES_KEPT` steps give only the latest
        frame (a client that far behind is shown where the game stands, as on a fresh load)."""
        latest = len(self.ends) - 1
        first = max(first, 0)
        if first > latest:
            return [], 0
        start = first if latest - first < FRAMES_KEPT else latest
        frames = []
        for entry in list(self.kept)[start - self.kept[0].step :]:
            step = entry.step
            begin = self.ends[step - 1] if step else 0
            events = self.described_events(seat, lang, begin, self.ends[step])
            frames.append(frame(step, entry.seat, events, entry.view(self.game, seat)))
        return frames, start - first

    def seats_info(self) -> list[dict[str, JSON]]:
        """Each seat's kind, bot and level, name, whether a person has it open and whether
        a bot plays for its absent person (shared by every message until one changes)."""
        if self._seats_info is None:
            self._seats_info = [
                {
                    "seat": s,
                    "kind": "bot" if self.is_bot(s) else HUMAN,
                    "bot": self.bot_spec(s) if self.is_bot(s) else None,
                    "level": level_of(self.header.seats[s]),
                    "name": self.names[s],
                    "connected": self.connected[s] > 0 or s in self.elsewhere,
                    "away": self.away[s],
                }
                for s in range(self.header.players)
            ]
        return self._seats_info

    def connect(self, seat: Seat, change: int) -> None:
        self.connected[seat] += change
        self.last_seen[seat] = time.monotonic()
        self._seats_info = None
        self.notify()

    def notify(self) -> None:
        for listener in self.listeners:
            listener.changed()


class TableManager:
    """All tables of one server, backed by one :class:`Storage`."""

    def __init__(
        self,
        open_storage: Callable[[], Storage],
        bots: BotPool | None = None,
        away_after: float = AWAY_AFTER,
        archive_after: float = ARCHIVE_AFTER,
        lease_seconds: float = LEASE_SECONDS,
    ) -> None:
        self._open_storage = open_storage
        #: Seconds the seat to act may have no connection before a bot plays for it.
        self.away_after = away_after
        #: Seconds an unfinished table nobody uses stays in memory.
        self.archive_after = archive_after
        self._leases = BotLeases(self, lease_seconds)
        self._fanout: Fanout | None = None
        self._archiver: asyncio.Task[None] | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._storage: Storage | None = None
        self._db = ThreadPoolExecutor(1, thread_name_prefix="spieltisch-db")
        self._tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()
        self._pending: list[tuple[ActionRow, asyncio.Future[None]]] = []
        self._flush = asyncio.Event()
        self._committer: asyncio.Task[None] | None = None
        self._bots = bots or BotPool()
        #: All-bot tables being stored now (they count towards ``--all-bot-tables``).
        self._all_bot_opening = 0
        self._background: set[asyncio.Future[None]] = set()
        self._replay_threads = ThreadPoolExecutor(2, thread_name_prefix="spieltisch-replay")
        #: Finished tables' replays as JSON, by (table id, language, names), least recent
        #: first.
        self._replays: OrderedDict[tuple[str, str, tuple[str, ...]], bytes] = OrderedDict()

    # -- life cycle -------------------------------------------------------------------
    async def start(self) -> None:
        """Open the storage, listen to the other processes (on a shared store) and let the
        bots play on whose lease ran out; every other table is loaded when asked for."""
        self._storage = store = await self._run(self._open_storage)
        self._committer = asyncio.create_task(self._commit_loop())
        if store.channel is not None:
            url = getattr(store, "url", None)
            assert isinstance(url, str)
            tick = min(1.0, max(self.away_after / 4, 0.01))
            self._fanout = Fanout(self, url, store.channel, tick)
            await self._fanout.start()
        await self._leases.start(alone=store.channel is None)
        log.info("%d table(s) with bots to play on loaded", len(self._tables))
        self._watcher = asyncio.create_task(self._watch_away())
        self._archiver = asyncio.create_task(self._archive_idle())

    async def stop(self) -> None:
        for table in self._tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        if self._committer is not None:
            self._committer.cancel()
        for task in (self._watcher, self._archiver):
            if task is not None:
                task.cancel()
        if self._fanout is not None:
            await self._fanout.stop()
        if self._storage is not None:
            await self._leases.stop()
        self._bots.shutdown()
        self._replay_threads.shutdown(wait=False, cancel_futures=True)
        if self._storage is not None:
            await self._run(self._storage.close)
        self._db.shutdown(wait=True)

    def _store(self) -> Storage:
        assert self._storage is not None, "the manager has not been started"
        return self._storage

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        """Run a storage call on the one database thread."""
        return await asyncio.get_running_loop().run_in_executor(self._db, function, *args)

    # -- creating and finding tables ----------------------------------------------------
    async def create(
        self,
        game_id: str,
        players: int,
        options: dict[str, Any],
        seats: list[str],
        seed: int | None,
        names: list[str | None] | None = None,
    ) -> tuple[Table, list[str | None]]:
        """A new table, stored; returns it with each human seat's token (``None``: a bot).
        ``names``: a chosen name (or ``None``) per seat."""
        game, seats = self._checked_setup(game_id, players, options, seats)
        chosen = checked_names(names, players)
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        elif not 0 <= seed < 2**63:
            raise refuse(422, "seed_range", seed=seed)
        tokens = [new_token() if kind == HUMAN else None for kind in seats]
        hashes = tuple(hash_token(t) if t else None for t in tokens)
        table = await self._open(game, players, seats, seed, hashes, chosen)
        return table, tokens

    async def _open(
        self,
        game: Game[Any, Any, Any],
        players: int,
        seats: list[str],
        seed: int,
        token_hashes: tuple[str | None, ...],
        chosen: list[str],
    ) -> Table:
        """Store and start a new table; ``chosen``: each seat's chosen name or ""."""
        all_bots = HUMAN not in seats
        if all_bots:
            self._admit_all_bot_table()
        header = TableHeader(
            id=secrets.token_urlsafe(12),
            game=game.spec.id,
            rules_version=game.spec.rules_version,
            options=dict(game.options),
            players=players,
            seed=seed,
            seats=tuple(seats),
            token_hashes=token_hashes,
            created=time.time(),
        )
        friendly = bot_names(seed, seats, chosen)
        names = [mine or friendly[s] for s, mine in enumerate(chosen)]
        table = _build(header, game, names)
        self._all_bot_opening += all_bots  # counted while it is stored
        try:
            await self._run(self._store().create_table, header, names)
        finally:
            self._all_bot_opening -= all_bots
        self._tables[header.id] = table
        self._kick_bots(table)
        return table

    def _checked_setup(
        self, game_id: str, players: int, options: dict[str, Any], seats: list[str]
    ) -> tuple[Game[Any, Any, Any], list[str]]:
        check_api_options(game_id, options)
        try:
            game = make_game(game_id, options)
            game.spec.check_seats(players)
            if len(seats) != players:
                raise refuse(422, "seat_kinds_count", players=players, given=len(seats))
            cleaned = [kind.strip() for kind in seats]
            for kind in cleaned:
                if kind != HUMAN and not kind.startswith(BOT_PREFIX):
                    raise refuse(422, "seat_kind", kind=kind)
                spec = bot_spec(game.spec.id, kind)
                if spec is not None:
                    check_server_spec(spec, game)
        except SpieltischError as error:
            raise ServiceError(422, error) from None
        return game, cleaned

    async def get(self, table_id: str) -> Table:
        """The table ``table_id``, loaded from storage if it is not in memory."""
        table = self._tables.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            return table
        async with self._loading:
            table = self._tables.get(table_id)
            if table is None:
                table = await self._load(table_id)
                self._kick_bots(table)
                if self._fanout is not None:
                    self.heard(table)  # a commit heard while it was being read
            table.touched = time.monotonic()
            return table

    async def _archive_idle(self) -> None:
        """Drop from memory every table nobody has used for ``archive_after`` seconds (a
        finished one: :data:`FORGET_FINISHED_SECONDS` at most): no connection, no bot playing, no
        request (it stays stored, and is loaded again when someone asks for it); of every
        other table, what was built for readers who left."""
        while True:
            finished = min(self.archive_after, FORGET_FINISHED_SECONDS)
            await asyncio.sleep(min(UNWATCHED_SWEEP, max(finished / 4, 0.01)))
            now = time.monotonic()
            for table in list(self._tables.values()):
                keep = finished if table.over else self.archive_after
                idle = now - table.touched >= keep
                playing = table.bot_task is not None and not table.bot_task.done()
                busy = playing or table.listeners or table.lock.locked()
                if idle and not busy and self._tables.get(table.id) is table:
                    del self._tables[table.id]
                else:
                    table.forget_unwatched()

    async def _load(self, table_id: str) -> Table:
        try:
            stored = await self._run(self._store().load_table, table_id)
        except Exception:
            log.exception("reading table %s from storage failed", table_id)
            raise refuse(503, "db_read") from None
        if stored is None:
            raise refuse(404, "no_table", table=table_id)
        header = stored.header
        try:
            game = make_game(header.game, header.options)
            table = _replayed(header, game, stored.actions, stored.names)
        except SpieltischError as error:
            raise refuse(409, "table_unrestorable", table=table_id, reason=str(error)) from None
        table.again = stored.again
        self._tables[table_id] = table
        if table.over and not stored.finished:
            await self._run(self._store().mark_finished, table_id)
        return table

    @staticmethod
    def seat_of(table: Table, token: str | None) -> Seat | None:
        """The seat ``token`` belongs to; no token is a spectator; a wrong one is refused."""
        if token is None:
            return None
        seat = seat_of_token(token, table.header.token_hashes)
        if seat is None:
            raise refuse(403, "bad_token")
        table.last_seen[seat] = table.requested[seat] = time.monotonic()
        return seat

    # -- acting -----------------------------------------------------------------------
    async def act(
        self, table: Table, seat: Seat | None, data: object, step: int | None = None
    ) -> tuple[int, int]:
        """Carry out a person's action; returns the event number and the step before it.

        ``step``, if given, is the number of actions the client has seen (``step`` in the
        seat state): the action is refused as stale if a later step changed what the seat
        may do (:meth:`Table.still_current`), so a resent or delayed action never lands on a
        later turn, while other seats committing in the same simultaneous round do not
        make it stale.
        """
        if seat is None:
            raise refuse(403, "spectator_acts")
        table.touched = time.monotonic()
        async with table.lock:
            while True:  # again only after another process committed this step first
                before = table.last_seq
                now = len(table.actions)
                action = self._checked_action(table, seat, data, step)
                if table.away[seat]:
                    self._come_back(table, seat)
                try:
                    await self._record(table, seat, action)
                except StepTaken:
                    continue  # caught up with the store: check the action on the new state
                break
        self._kick_bots(table)
        return before, now

    @staticmethod
    def _checked_action(table: Table, seat: Seat, data: object, step: int | None) -> Any:
        """The action ``data`` of ``seat``, if it may be played now (see :meth:`act`)."""
        if table.deleted:
            raise refuse(404, "no_table", table=table.id)
        if table.retired:  # a request that found the table before a failed commit
            raise refuse(503, "table_reloaded")
        now = len(table.actions)
        if step is not None and not table.still_current(seat, step):
            raise refuse(409, "stale_action", sent=step, step=now)
        if table.over:
            raise refuse(409, "game_over")
        to_act = table.game.to_act(table.state)
        if seat not in to_act:
            waiting = ", ".join(map(str, to_act))
            raise refuse(409, "not_your_turn", seat=seat, waiting=waiting)
        if not isinstance(data, dict):
            raise refuse(422, "action_not_object")
        game = table.game
        try:
            action = game.action_from_json(data)
            game.check_legal(table.state, seat, action, game.legal_actions(table.state, seat))
        except ActionParseError as error:
            raise refuse_error(422, error, "bad_action") from None
        except IllegalActionError as error:
            raise refuse_error(409, error, "illegal_action") from None
        return action

    async def _record(self, table: Table, seat: Seat, action: Any) -> None:
        """Commit ``action`` (checked by the caller, under the table's lock), then apply it
        and tell every listener. :class:`StepTaken` (a :class:`ServiceError`) if another
        process committed this step first: the table has then caught up with the store."""
        data = action.to_json()
        row = ActionRow(table.id, len(table.actions), seat, data)
        try:
            await self._commit(row)
        except StepTaken:
            await self._caught_up(table)
            raise
        except Exception:
            log.exception("storing an action of table %s failed", table.id)
            self._retire(table)
            raise refuse(503, "store_failed") from None
        table.advance(seat, action)
        table.actions.append((seat, data))
        table.notify()
        if table.over:
            # Not awaited, so the answer and the pushes go out now; the flag only spares
            # a restart the replay of a finished game.
            task = asyncio.create_task(self._run(self._store().mark_finished, table.id))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    def _retire(self, table: Table) -> None:
        """Drop ``table`` after a failed commit: its next use loads it again from storage.

        The copy in memory may no longer match storage, so it takes no more actions (see
        :meth:`act`), its bots stop, and its connections are told and closed: a client
        reconnects with ``since`` and is sent exactly what it missed, from the new copy.
        """
        table.retired = True
        if self._tables.get(table.id) is table:
            del self._tables[table.id]
        for listener in table.listeners:
            listener.close(
                f"the table was reloaded after a database error; reconnect with "
                f"since={listener.since}"
            )

    async def delete(self, table: Table, seat: Seat | None) -> None:
        """Delete ``table`` for its creator (the seat of the first token it handed out, the
        first human seat): from storage and memory; its bots stop, its connections are told
        and closed (4410); afterwards it is a 404. Refused (403) for any other seat."""
        creator = next((s for s, h in enumerate(table.header.token_hashes) if h), None)
        if seat is None or seat != creator:
            raise refuse(403, "not_creator", seat=creator)
        async with table.lock:  # no action of this table is between check and commit
            if table.retired:
                raise refuse(404, "no_table", table=table.id)
            try:
                await self._run(self._store().delete_table, table.id)
            except Exception:
                log.exception("deleting table %s failed", table.id)
                raise refuse(503, "store_failed") from None
            table.retired = table.deleted = True
            if self._tables.get(table.id) is table:
                del self._tables[table.id]
            if table.bot_task is not None:
                table.bot_task.cancel()
            words = REFUSAL_WORDS["en"]["table_deleted"]
            for listener in table.listeners:
                listener.close(words, "table_deleted", 4410)
        log.info("table %s deleted by its creator", table.id)

    async def _commit(self, row: ActionRow) -> None:
        """Store ``row``; concurrent actions of all tables share one transaction."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((row, done))
        self._flush.set()
        await done

    async def _commit_loop(self) -> None:
        while True:
            await self._flush.wait()
            self._flush.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                lost = await self._run(self._store().append_actions, [row for row, _ in batch])
            except Exception as error:
                for _, done in batch:
                    if not done.done():  # its waiter may have been cancelled
                        done.set_exception(error)
            else:
                for row, done in batch:
                    if not done.done():
                        if row in lost:
                            done.set_exception(StepTaken())
                        else:
                            done.set_result(None)

    # -- what other processes committed ------------------------------------------------
    def heard(
        self,
        table: Table,
        index: int | None = None,
        seat: Seat | None = None,
        data: dict[str, JSON] | None = None,
    ) -> None:
        """Another process (or this one) committed action number ``index`` (``seat``'s
        ``data``) of ``table``; ``index`` ``None``: something of the table changed in the
        store. Catch up unless this copy has it already."""
        if table.retired or (index is not None and len(table.actions) > index):
            return
        task = asyncio.create_task(self._catch_up(table, index, seat, data))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _catch_up(
        self,
        table: Table,
        index: int | None = None,
        seat: Seat | None = None,
        data: dict[str, JSON] | None = None,
    ) -> None:
        async with table.lock:
            await self._caught_up(table, index, seat, data)
        self._kick_bots(table)

    async def _caught_up(
        self,
        table: Table,
        index: int | None = None,
        seat: Seat | None = None,
        data: dict[str, JSON] | None = None,
    ) -> None:
        """Apply to ``table`` (under its lock) what the store has and it lacks: the action
        heard of if it is the next one, else the stored actions after its last (and the
        names and play-again link), checked like any replay. A copy that does not follow
        on is retired: its next use loads it anew."""
        if table.retired or (index is not None and len(table.actions) > index):
            return
        if index == len(table.actions) and seat is not None and data is not None:
            actions = [(seat, data)]
        else:
            try:
                stored = await self._run(self._store().load_table, table.id, len(table.actions))
            except Exception:
                log.exception("reading table %s from storage failed", table.id)
                self._retire(table)
                return
            if stored is None:
                return
            actions = stored.actions
            if stored.names is not None and stored.names != table.names:
                table.rename(stored.names)
            if stored.again != table.again:
                table.again = stored.again
                table.notify()
        game = table.game
        for seat_, data_ in actions:
            try:
                action = game.action_from_json(data_)
                game.check_legal(table.state, seat_, action, game.legal_actions(table.state, seat_))
            except SpieltischError as error:
                log.error("table %s does not follow on from the store: %s", table.id, error)
                self._retire(table)
                return
            table.advance(seat_, action)
            table.actions.append((seat_, data_))
        if actions:
            table.notify()

    def heard_away(self, table: Table, seat: Seat, away: bool) -> None:
        """Another process let a bot play for the absent person of ``seat`` (``away``) or
        gave the seat back."""
        if table.away[seat] != away:
            table.away[seat] = away
            table.last_seen[seat] = time.monotonic()
            table.note("away" if away else "back", seat)

    # -- bots -------------------------------------------------------------------------
    def _admit_all_bot_table(self) -> None:
        """Refuse a new all-bot table when the server's setting allows no more of them
        (``--all-bot-tables``: 403 when off, 503 while the most allowed play)."""
        running = self._all_bot_opening + sum(
            1
            for table in self._tables.values()
            if HUMAN not in table.header.seats and not table.over and not table.retired
        )
        refusal = self._bots.limits.all_bot_refusal(running)
        if refusal is not None:
            status, code, params = refusal
            raise refuse(status, code, **params)

    def _kick_bots(self, table: Table) -> None:
        """Start the bot loop if a bot must act and none runs; a stuck table tries again."""
        if table.bot_to_act() is None:
            return
        if table.bot_task is None or table.bot_task.done():
            if table.bot_error is not None:
                table.bot_error = None
                table.notify()
            table.bot_task = asyncio.create_task(self._leases.play(table, self._play_bots))

    async def _play_bots(self, table: Table) -> None:
        """Let the bots whose turn it is act, one after another, until none must.

        A decision that fails (the bot raised, or chose an illegal action) changes nothing;
        the bot is asked again after a pause that doubles each time, :data:`BOT_ATTEMPTS`
        times in all. Then the loop stops and the table shows why in ``bot_error`` until a
        later event (an action, a person connecting, a restart) starts it again.
        """
        failures = 0
        while not table.retired and (seat := table.bot_to_act()) is not None:
            error = await self._bot_turn(table, seat)
            if error is None:
                failures = 0
                continue
            failures += 1
            if failures == BOT_ATTEMPTS:
                self._bots_stuck(table, seat, error)
                return
            log.debug("bot at seat %d of table %s failed: %s", seat, table.id, error)
            await asyncio.sleep(BOT_RETRY_SECONDS * 2 ** (failures - 1))

    async def _bot_turn(self, table: Table, seat: Seat) -> Exception | None:
        """Ask the bot at ``seat`` and play its action; the error if it failed."""
        game = table.game
        spec = table.bot_spec(seat)
        assert spec is not None
        index = len(table.actions)
        legal = list(game.legal_actions(table.state, seat))
        view = game.view(table.state, seat)
        seed = derive_seed(table.header.seed, "bot", seat, index)
        failed: Exception | None = None
        try:
            action = await self._bots.decide(
                game, spec, seed, view, legal, table=table.id, person=person_sits(table)
            )
        except Exception as error:  # a bug in the bot, a worker that died
            failed = error
        async with table.lock:
            if table.retired or len(table.actions) != index or table.bot_spec(seat) != spec:
                return None  # the table moved on meanwhile (or a person came back): ask again
            if failed is not None:
                return failed
            try:
                game.check_legal(table.state, seat, action, legal)
            except IllegalActionError as error:
                return error
            with contextlib.suppress(ServiceError):  # not stored: the table is retired
                await self._record(table, seat, action)
        return None

    def _bots_stuck(self, table: Table, seat: Seat, error: Exception) -> None:
        """Log the failure once, in full, and show every seat a line without its text
        (a bot's error may name the cards in its hand)."""
        spec = table.bot_spec(seat)
        log.error(
            "bot %s at seat %d of table %s failed %d times, the table waits: %s",
            spec,
            seat,
            table.id,
            BOT_ATTEMPTS,
            error,
            exc_info=None if isinstance(error, IllegalActionError) else error,
        )
        what = (
            "chose an illegal action"
            if isinstance(error, IllegalActionError)
            else f"failed ({type(error).__name__})"
        )
        table.bot_error = (
            f"bot {spec} at seat {seat} {what} {BOT_ATTEMPTS} times; the table waits until "
            "someone acts, a seat connects or the server restarts"
        )
        table.notify()

    # -- what a seat sees ---------------------------------------------------------------
    def listen(self, table: Table, listener: Listener) -> None:
        table.touched = time.monotonic()
        table.listeners.add(listener)
        if table.deleted:  # found just before its creator deleted it
            listener.close(REFUSAL_WORDS["en"]["table_deleted"], "table_deleted", 4410)
        if listener.seat is not None:
            table.connect(listener.seat, +1)
            self._kick_bots(table)  # a person back at a stuck table: the bots try again

    def unlisten(self, table: Table, listener: Listener) -> None:
        table.touched = time.monotonic()
        table.listeners.discard(listener)
        if listener.seat is not None:
            table.connect(listener.seat, -1)

    @staticmethod
    def seat_state(
        table: Table,
        seat: Seat | None,
        lang: str,
        since: int = 0,
        step: int | None = None,
        token: str | None = None,
    ) -> dict[str, JSON]:
        """What ``seat`` (``None``: a spectator) is shown: its own view, its legal actions,
        the events it may see after event number ``since`` and the frames of the steps
        after ``step`` (``None``: after the events up to ``since``), worded for that seat;
        the table's own lines; once the table is played again, the seat's link there
        (``token``: the seat's, for its link). Never the state."""
        game, state = table.game, table.state
        over = table.over
        to_act = [] if over else list(game.to_act(state))
        legal = game.legal_actions(state, seat) if seat is not None and seat in to_act else []
        first = table.first_step_after(since) if step is None else step + 1
        frames, skipped = table.frames(seat, lang, first)
        return {
            "table": table.id,
            "game": game.spec.id,
            "players": table.header.players,
            "seat": seat,
            "seats": table.seats_info(),
            "view": table.kept[-1].view(game, seat),
            "to_act": to_act,
            "legal_actions": [
                {"action": a.to_json(), "text": str(a), "label": game.label(a, lang)} for a in legal
            ],
            "events": table.described_events(seat, lang, since),
            "over": over,
            "result": result_of(game, state).to_json() if over else None,
            "last_seq": table.last_seq,
            "step": len(table.actions),
            "bot_error": table.bot_error,
            "bot_error_code": None if table.bot_error is None else "bots_stuck",
            "frames": frames,
            "frames_skipped": skipped,
            "table_log": table.worded_notes(seat, lang),
            "again": again_link(table.again, token) if table.again else None,
        }

    async def replay(self, table: Table, lang: str) -> bytes:
        """The finished game step by step, as JSON (:func:`replay_json`).

        Computed in a thread (a long game takes a while, and the event loop serves every
        table) and kept for the :data:`REPLAY_CACHE_SIZE` most recently asked: a finished
        table never changes.
        """
        transcript = self.transcript(table)
        key = (table.id, lang, tuple(table.names))
        answer = self._replays.get(key)
        if answer is None:
            answer = await self.replay_transcript(transcript, lang, names=list(table.names))
            self._replays[key] = answer
            while len(self._replays) > REPLAY_CACHE_SIZE:
                self._replays.popitem(last=False)
        self._replays.move_to_end(key)
        return answer

    async def replay_transcript(
        self,
        transcript: Transcript,
        lang: str,
        check: bool = False,
        names: list[str] | None = None,
    ) -> bytes:
        """:func:`replay_json` in a replay thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._replay_threads, replay_json, transcript, lang, check, names
        )

    # -- names, playing again, away and back ------------------------------------------
    async def name(self, table: Table, seat: Seat | None, name: object) -> str:
        """Name the seat ``seat`` (its person's choice), stored; returns the name it got:
        names at a table stay distinct (:func:`distinct_names`)."""
        if seat is None:
            raise refuse(403, "spectator_name")
        clean = clean_name(name)
        if clean is None:
            raise refuse(422, "bad_name", most=NAME_MOST)
        async with table.lock:  # two people naming themselves at once see each other
            names = list(table.names)
            names[seat] = clean
            names = distinct_names(table.header.seed, table.header.seats, names, seat)
            try:
                await self._run(self._store().save_names, table.id, names)
            except Exception:
                log.exception("storing the names of table %s failed", table.id)
                raise refuse(503, "store_failed") from None
            table.rename(names)
        return names[seat]

    async def play_again(self, table: Table, seat: Seat | None) -> Table:
        """The table that plays ``table`` again: the same game, options, seats, names and
        bot levels, a new deal; made by the first who asks, the same for everyone after."""
        if seat is None:
            raise refuse(403, "spectator_acts")
        async with table.lock:
            if not table.over:
                raise refuse(409, "again_not_over")
            if table.again is None:
                header = table.header
                chosen = ["" if table.is_bot(s) else name for s, name in enumerate(table.names)]
                try:
                    new = await self._open(
                        make_game(header.game, header.options),
                        header.players,
                        list(header.seats),
                        secrets.randbits(SEED_BITS),
                        header.token_hashes,
                        chosen,
                    )
                    new.rename([*table.names])  # the bots keep their names too
                    await self._run(self._store().save_names, new.id, new.names)
                    # Another process may have been asked at the same time: the first stored
                    # stands (the other new table is never used).
                    again = await self._run(self._store().save_again, table.id, new.id)
                except Exception:
                    log.exception("opening the table that plays %s again failed", table.id)
                    raise refuse(503, "store_failed") from None
                table.again = again
                table.notify()
        return await self.get(table.again)

    def back(self, table: Table, seat: Seat | None) -> None:
        """The person of ``seat`` takes their seat back from the bot."""
        if seat is None:
            raise refuse(403, "spectator_back")
        if table.away[seat]:
            self._come_back(table, seat)

    def _come_back(self, table: Table, seat: Seat) -> None:
        table.away[seat] = False
        table.last_seen[seat] = time.monotonic()
        table.note("back", seat)
        if self._fanout is not None:
            self._fanout.away(table, seat, False)

    def _take_over(self, table: Table, seat: Seat) -> None:
        """A bot plays for the absent person of ``seat`` until they come back."""
        table.away[seat] = True
        table.note("away", seat)
        if self._fanout is not None:
            self._fanout.away(table, seat, True)
        self._kick_bots(table)

    def absent(self, table: Table, now: float) -> list[Seat]:
        """The seats to act now whose person has had no connection for ``away_after``."""
        if table.over or table.retired:
            return []
        return [
            s
            for s in table.game.to_act(table.state)
            if not table.is_bot(s)
            and not table.away[s]
            and table.connected[s] == 0
            and now - table.last_seen[s] >= self.away_after
        ]

    async def _watch_away(self) -> None:
        """Let a bot take over each seat to act whose person has been away too long."""
        tick = min(1.0, max(self.away_after / 4, 0.01))
        while True:
            await asyncio.sleep(tick)
            now = time.monotonic()
            for table in list(self._tables.values()):
                for seat in self.absent(table, now):
                    self._take_over(table, seat)

    @staticmethod
    def transcript(table: Table) -> Transcript:
        """The finished game's transcript (the seat kinds as its agents)."""
        if not table.over:
            raise refuse(409, "not_over")
        return _transcript(table.header, table.actions, result_of(table.game, table.state))


def person_sits(table: Table) -> bool:
    """Whether a person plays at ``table``: a person's seat that no bot plays for now.
    Their bots' decisions go before those of all-bot tables."""
    return any(not table.is_bot(s) and not table.away[s] for s in range(table.header.players))


def checked_names(names: list[str | None] | None, players: int) -> list[str]:
    """Each seat's chosen name ("" for none), checked; refused (422) otherwise."""
    if names is None:
        return [""] * players
    if len(names) != players:
        raise refuse(422, "names_count", players=players, given=len(names))
    chosen: list[str] = []
    for name in names:
        clean = "" if name is None else clean_name(name)
        if clean is None:
            raise refuse(422, "bad_name", most=NAME_MOST)
        chosen.append(clean)
    people = ["human"] * players  # the bots are named later, around these
    for seat in range(players):  # a later seat's name yields to an earlier one's
        chosen[: seat + 1] = distinct_names(0, people[: seat + 1], chosen[: seat + 1], seat)
    return chosen


def again_link(table_id: str, token: str | None) -> dict[str, JSON]:
    """Where a seat (with its ``token``; ``None``: a spectator) plays the table again: its
    seat at the new table has the same token."""
    url = f"/?table={table_id}" + (f"&token={token}" if token else "")
    return {"table": table_id, "url": url}


#: The table's own lines: what happened, about a seat, for everyone and for that seat.
NOTE_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "away": "{player} ist nicht da – ein Bot spielt den Platz weiter.",
        "away.you": "Du warst nicht da – ein Bot spielt deinen Platz weiter.",
        "back": "{player} ist zurück und spielt wieder selbst.",
        "back.you": "Du bist zurück und spielst wieder selbst.",
    },
    "en": {
        "away": "{player} is away – a bot plays the seat for now.",
        "away.you": "You were away – a bot plays your seat for now.",
        "back": "{player} is back and plays again.",
        "back.you": "You are back and play again.",
    },
}


def note_text(kind: str, seat: Seat, audience: Audience, lang: str) -> str:
    """The table's line ``kind`` about ``seat`` for ``audience``, in ``lang``."""
    words = NOTE_WORDS.get(lang, NOTE_WORDS["en"])
    return phrase(words, kind, seat, audience, lang)


def _build(header: TableHeader, game: Game[Any, Any, Any], names: list[str]) -> Table:
    events: list[Event] = []
    state = game.new_state(header.players, header.seed, None, events)
    table = Table(header, game, state, connected=[0] * header.players, names=names)
    table.note_step(None, events, state)
    return table


def _transcript(
    header: TableHeader,
    actions: list[tuple[Seat, dict[str, JSON]]],
    result: Result | None = None,
) -> Transcript:
    """The table as a transcript (the seat kinds as its agents)."""
    return Transcript(
        game=header.game,
        rules_version=header.rules_version,
        options=dict(header.options),
        players=header.players,
        seed=header.seed,
        actions=list(actions),
        result=result,
        agents=list(header.seats),
    )


def _replayed(
    header: TableHeader,
    game: Game[Any, Any, Any],
    actions: list[tuple[Seat, dict[str, JSON]]],
    names: list[str] | None = None,
) -> Table:
    """The table after its stored ``actions``, replayed like any transcript: the rules
    version must match and every action must be legal where it stands
    (:class:`TranscriptError` names the step otherwise). The deal and every action's events
    come back in their order, so the table's event numbers are the ones clients have seen."""
    table = Table(
        header, game, None, list(actions), connected=[0] * header.players, names=names or []
    )
    last = len(actions)
    for step, seat, _, events, state in replay_steps(game, _transcript(header, actions)):
        table.state = state
        kept = state if step == last else game.clone(state) if step > last - FRAMES_KEPT else None
        table.note_step(seat, events, kept)
    return table


def described_events(
    game: Game[Any, Any, Any],
    events: list[Event],
    seat: Seat | None,
    lang: str,
    first: int = 0,
    all_seats: bool = False,
    audience: Audience = NEUTRAL,
) -> Iterator[dict[str, JSON]]:
    """The ``events`` that ``seat`` may see (every one with ``all_seats``), in words for
    ``audience``, numbered from ``first + 1``."""
    for seq, event in enumerate(events, start=first + 1):
        if all_seats or event.visible_to(seat):
            yield described_event(game, event, seq, lang, audience)


def described_event(
    game: Game[Any, Any, Any],
    event: Event,
    seq: int,
    lang: str,
    audience: Audience,
    told_better: bool = False,
) -> dict[str, JSON]:
    """Event number ``seq`` as sent to a client: its data and its words for ``audience``;
    ``told_better``: the next event tells this reader the same and more, so a log leaves
    this one out (:meth:`Event.told_better`)."""
    return {
        "seq": seq,
        "kind": event.kind,
        "data": to_plain(event.data),
        "text": game.describe(event, lang, audience),
        "told_better": told_better,
    }


def frame(
    step: int, seat: Seat | None, events: list[dict[str, JSON]], view: dict[str, JSON]
) -> dict[str, JSON]:
    """One step as one seat saw it: who acted (``None``: the deal), the events of the step
    it may see, in words, and its view after the step."""
    return {"step": step, "seat": seat, "events": events, "view": view}


def public_replay(
    game: Game[Any, Any, Any], transcript: Transcript, lang: str, audience: Audience = NEUTRAL
) -> tuple[list[JSON], Any]:
    """Every step of a game as a spectator sees it (the public view after the step, the
    action and the public events), and the final state. Raises :class:`TranscriptError`
    for a transcript that does not replay."""
    steps: list[JSON] = []
    final = None
    for step, seat, action, events, state in replay_steps(game, transcript):
        events_seen = list(described_events(game, events, None, lang, audience=audience))
        steps.append(
            {
                **frame(step, seat, events_seen, to_plain(game.view(state, None))),
                "action": action.to_json() if action is not None else None,
                "text": str(action) if action is not None else None,
                "label": game.label(action, lang) if action is not None else None,
            }
        )
        final = state
    return steps, final


def replay_json(
    transcript: Transcript, lang: str, check: bool = False, names: list[str] | None = None
) -> bytes:
    """The ``ReplayOut`` answer for ``transcript`` as JSON (made here, so that a thread
    does the whole work), the seats called by ``names`` (none: "Spieler N"). ``check``: a
    transcript from outside, checked like any other (standard deck, player count, the
    recorded result); raises :class:`SpieltischError`.
    """
    game = make_game(transcript.game, transcript.options)
    if check:
        game.spec.check_seats(transcript.players)
    if names is None:  # a posted transcript: its bots get their table's friendly names
        agents = [str(agent) for agent in transcript.agents or []]
        agents += [HUMAN] * (transcript.players - len(agents))
        names = bot_names(transcript.seed, agents[: transcript.players], ())
    steps, state = public_replay(game, transcript, lang, Audience(tuple(names)))
    if check:
        check_result(game, state, transcript)
    answer = {
        "game": transcript.game,
        "players": transcript.players,
        "seats": replay_seats(game.spec.id, transcript, names),
        "faces": table_faces(game),
        "steps": steps,
        "result": transcript.result.to_json() if transcript.result else None,
    }
    return ReplayOut.model_validate(answer).model_dump_json().encode()


def table_faces(game: Game[Any, Any, Any]) -> dict[str, JSON]:
    """What each card shows at a table of ``game`` under its rule options
    (``Game.table_faces``); the same for every seat, revealing nothing."""
    return _table_faces(game.spec.id, tuple(sorted(game.options.items())))


@lru_cache(maxsize=64)
def _table_faces(game_id: str, options: tuple[tuple[str, Any], ...]) -> dict[str, JSON]:
    return {"game": game_id, **make_game(game_id, dict(options)).table_faces()}


def replay_seats(game_id: str, transcript: Transcript, names: list[str]) -> list[JSON]:
    """Who sat where in a replayed game: kind, bot and level (from the transcript's
    agents) and name."""
    agents = list(transcript.agents or []) + [HUMAN] * transcript.players
    seats: list[JSON] = []
    for seat in range(transcript.players):
        kind = str(agents[seat])
        is_bot = kind.startswith(BOT_PREFIX)
        seats.append(
            {
                "seat": seat,
                "kind": "bot" if is_bot else HUMAN,
                "bot": bot_spec(game_id, kind) if is_bot else None,
                "level": level_of(kind),
                "name": names[seat] if seat < len(names) else "",
            }
        )
    return seats


__all__ = [
    "Listener",
    "ServiceError",
    "Table",
    "TableManager",
    "described_events",
    "frame",
    "public_replay",
]
