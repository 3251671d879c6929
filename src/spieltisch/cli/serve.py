"""``spieltisch serve``: the table server on uvicorn."""

from __future__ import annotations

import argparse
import copy
import gc
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from spieltisch.cli.i18n import LANGS, default_lang, t
from spieltisch.core.errors import SpieltischError
from spieltisch.server import defaults as d
from spieltisch.server.botqueue import ALL_BOT_TABLES, MOVE_SECONDS, BotLimits, parse_all_bot_tables
from spieltisch.server.labsettings import DEFAULT_JOBS, DEFAULT_PER_CLIENT
from spieltisch.server.lease import LEASE_SECONDS
from spieltisch.server.seating import ARCHIVE_AFTER, AWAY_AFTER
from spieltisch.server.sharedlimits import TTL as LIMITS_TTL

if TYPE_CHECKING:
    from spieltisch.server.clients import ClientLimits
    from spieltisch.server.sharedlimits import SharedStore

DEFAULT_DB = "spieltisch-tables.sqlite3"
DEFAULT_LIMITS_PREFIX = "spieltisch:"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: The largest WebSocket message uvicorn accepts; the app answers anything above 16 KiB
#: with an error message and keeps the connection (a message above this closes it, 1009).
WS_MAX_SIZE = 64 * 1024
#: Messages uvicorn reads ahead of the app per WebSocket before it stops reading the
#: socket: with WS_MAX_SIZE, at most 512 KiB of a client's messages wait in the server.
WS_MAX_QUEUE = 8


#: The limits ``serve`` takes as options: flag, default, metavar. A number of seconds is
#: above 0; a count is 0 (no limit) or more.
LIMIT_FLAGS: tuple[tuple[str, int | float, str], ...] = (
    ("--header-timeout", d.HEADER_TIMEOUT, "SECONDS"),
    ("--body-timeout", d.BODY_TIMEOUT, "SECONDS"),
    ("--keep-alive-timeout", d.KEEP_ALIVE_TIMEOUT, "SECONDS"),
    ("--tables-per-minute", d.TABLES_PER_MINUTE, "N"),
    ("--sockets-per-client", d.SOCKETS_PER_CLIENT, "N"),
    ("--spectators-per-table", d.SPECTATORS_PER_TABLE, "N"),
    ("--sockets-per-seat", d.SOCKETS_PER_SEAT, "N"),
    ("--socket-rate", d.SOCKET_RATE, "PER_SECOND"),
    ("--socket-burst", d.SOCKET_BURST, "N"),
    ("--client-rate", d.CLIENT_RATE, "PER_SECOND"),
    ("--client-burst", d.CLIENT_BURST, "N"),
    ("--refusal-rate", d.REFUSAL_RATE, "PER_SECOND"),
    ("--refusal-burst", d.REFUSAL_BURST, "N"),
    ("--connect-rate", d.CONNECT_RATE, "PER_SECOND"),
    ("--connect-burst", d.CONNECT_BURST, "N"),
    ("--send-timeout", d.SEND_TIMEOUT, "SECONDS"),
)


class ServeError(SpieltischError):
    """The server cannot start (for example, the database cannot be opened)."""


def add_parser(serve: argparse.ArgumentParser, h: Callable[..., str]) -> None:
    """``serve``'s arguments; ``h`` gives the help text of a key
    (:mod:`spieltisch.cli.help_texts`)."""
    serve.add_argument("--host", default=DEFAULT_HOST, help=h("serve.host", default=DEFAULT_HOST))
    serve.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=h("serve.port", default=DEFAULT_PORT)
    )
    serve.add_argument("--db", default=DEFAULT_DB, metavar="URL", help=h("serve.db", db=DEFAULT_DB))
    serve.add_argument("--lang", choices=LANGS, default=None, help=h("serve.lang"))
    serve.add_argument(
        "--away-after",
        type=float,
        default=AWAY_AFTER,
        metavar="SECONDS",
        help=h("serve.away_after", default=f"{AWAY_AFTER:g}"),
    )
    serve.add_argument(
        "--bot-move-seconds",
        type=float,
        default=MOVE_SECONDS,
        metavar="SECONDS",
        help=h("serve.bot_move_seconds", default=f"{MOVE_SECONDS:g}"),
    )
    serve.add_argument(
        "--all-bot-tables",
        default=str(ALL_BOT_TABLES),
        metavar="on|off|N",
        help=h("serve.all_bot_tables", default=ALL_BOT_TABLES),
    )
    serve.add_argument(
        "--lab-jobs",
        type=int,
        default=DEFAULT_JOBS,
        metavar="K",
        help=h("serve.lab_jobs", default=DEFAULT_JOBS),
    )
    serve.add_argument(
        "--lab-jobs-per-client",
        type=int,
        default=DEFAULT_PER_CLIENT,
        metavar="M",
        help=h("serve.lab_per_client", default=DEFAULT_PER_CLIENT),
    )
    serve.add_argument("--lab-ray", nargs="?", const="", metavar="ADDRESS", help=h("serve.lab_ray"))
    serve.add_argument("--public-url", default=None, metavar="URL", help=h("serve.public_url"))
    for flag, default, metavar in LIMIT_FLAGS:
        key = flag.removeprefix("--").replace("-", "_")
        kind = float if isinstance(default, float) else int
        serve.add_argument(
            flag,
            type=kind,
            default=default,
            metavar=metavar,
            help=h(f"serve.{key}", default=f"{default:g}"),
        )
    serve.add_argument(
        "--trusted-proxy-header", default=None, metavar="NAME", help=h("serve.proxy_header")
    )
    serve.add_argument(
        "--trusted-proxies", default="", metavar="CIDR,...", help=h("serve.trusted_proxies")
    )
    serve.add_argument("--limits-store", default=None, metavar="URL", help=h("serve.limits_store"))
    serve.add_argument(
        "--limits-prefix",
        default=DEFAULT_LIMITS_PREFIX,
        metavar="TEXT",
        help=h("serve.limits_prefix", default=DEFAULT_LIMITS_PREFIX),
    )
    serve.add_argument(
        "--limits-ttl",
        type=float,
        default=LIMITS_TTL,
        metavar="SECONDS",
        help=h("serve.limits_ttl", default=f"{LIMITS_TTL:g}"),
    )
    serve.add_argument(
        "--archive-after",
        type=float,
        default=ARCHIVE_AFTER,
        metavar="SECONDS",
        help=h("serve.archive_after", default=f"{ARCHIVE_AFTER:g}"),
    )
    serve.add_argument(
        "--bot-lease",
        type=float,
        default=LEASE_SECONDS,
        metavar="SECONDS",
        help=h("serve.bot_lease", default=f"{LEASE_SECONDS:g}"),
    )


def address(host: str, port: int) -> str:
    """The address to open in a browser: a server listening on every interface is reached
    on this machine as 127.0.0.1 (or [::1])."""
    host = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with token values removed from every line (access lines and
    WebSocket handshakes show the query string)."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"redact": {"()": "spieltisch.server.security.RedactTokens"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["redact"]
    config["loggers"]["spieltisch"] = {"handlers": ["default"], "level": "INFO"}
    return config


def check_db(url: str) -> None:
    """Open and close the store once, so that a wrong URL (or a SQLite file another
    process serves) is one line, not a traceback."""
    from spieltisch.server.security import without_password
    from spieltisch.server.storage import open_storage

    try:
        open_storage(url, exclusive=True).close()
    except Exception as error:
        message = str(error).strip().splitlines()[0] if str(error).strip() else type(error)
        reason = str(message)
        password = urlsplit(url).password if "://" in url else None
        for secret in {password, unquote(password or "")} - {None, ""}:
            reason = reason.replace(str(secret), "***")
        raise ServeError(code="serve_db", url=without_password(url), reason=reason) from None


def limits_store(args: argparse.Namespace) -> SharedStore | None:
    """The store ``--limits-store`` names, checked and reached once (a wrong URL or a store
    that does not answer is one line, its password never shown); ``None`` without one."""
    from spieltisch.server.sharedlimits import SharedStore, ping, redacted

    if not 0 < args.limits_ttl < float("inf"):
        raise ServeError(code="serve_limit", flag="--limits-ttl", value=args.limits_ttl)
    url = args.limits_store
    if url is None:
        return None
    try:
        ping(url)
    except Exception as error:
        text = str(error).strip()
        reason = text.splitlines()[0] if text else type(error).__name__
        shown, secrets = redacted(url)
        for secret in secrets:
            reason = reason.replace(secret, "***")
        raise ServeError(code="serve_limits_store", url=shown, reason=reason) from None
    return SharedStore(url, prefix=args.limits_prefix, ttl=args.limits_ttl)


def tune_process() -> None:
    """Process-wide settings for a server with a database thread beside the event loop.

    A shorter GIL switch interval (0.5 ms instead of 5 ms) lets the database thread return
    a commit's result promptly while the event loop is busy: under load this cut the p99
    time from an action to the pushed view about twentyfold. Freezing the objects created by
    the imports keeps them out of every later garbage collection, and full collections
    (which walk every table's events and stopped the server for up to half a second under
    load) become rare; the server runs one itself on a clock, paced by its cost
    (:mod:`spieltisch.server.collection`).

    Young collections stay small: a collection stops the event loop for as long as it
    walks the young objects, and nearly all of a server's young objects live on (each
    action's kept state, views and words). A young generation of 20,000 allocations held
    40,000–90,000 objects under abuse and stopped every table for 20–60 ms every few
    seconds; 2,000, with the middle generation walked every second time, stops it for a
    few ms.
    """
    sys.setswitchinterval(0.0005)
    gc.freeze()
    gc.set_threshold(2_000, 1, 1_000)


def checked_bot_limits(args: argparse.Namespace) -> BotLimits:
    """The bot limits of ``--bot-move-seconds`` and ``--all-bot-tables``, checked."""
    if not 0 < args.bot_move_seconds <= 3600:
        raise ServeError(code="serve_move_seconds", seconds=args.bot_move_seconds)
    try:
        all_bot_tables = parse_all_bot_tables(args.all_bot_tables)
    except ValueError:
        raise ServeError(code="serve_all_bot_tables", given=args.all_bot_tables) from None
    return BotLimits(move_seconds=args.bot_move_seconds, all_bot_tables=all_bot_tables)


def public_url(url: str) -> str:
    """``--public-url`` checked: ``http(s)://host[:port]`` with no path, query or user;
    without its trailing slash."""
    try:
        parts = urlsplit(url.strip())
        port_ok = parts.port is None or 0 < parts.port < 65536
    except ValueError:
        port_ok = False
        parts = urlsplit("")
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or not port_ok
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or "@" in parts.netloc
    ):
        raise ServeError(code="serve_public_url", url=url)
    return f"{parts.scheme}://{parts.netloc}"


def checked_limits(args: argparse.Namespace) -> dict[str, Any]:
    """The limit options, checked: seconds above 0, counts from 0 (0: no limit)."""
    values: dict[str, Any] = {}
    for flag, default, _ in LIMIT_FLAGS:
        value = getattr(args, flag.removeprefix("--").replace("-", "_"))
        seconds = isinstance(default, float)
        if not (value > 0 if seconds else value >= 0) or value != value or value == float("inf"):
            raise ServeError(code="serve_limit", flag=flag, value=value)
        values[flag] = value
    if values["--socket-rate"] <= 0 or values["--socket-burst"] < 1:
        flag = "--socket-rate" if values["--socket-rate"] <= 0 else "--socket-burst"
        raise ServeError(code="serve_limit", flag=flag, value=values[flag])
    if values["--client-burst"] < 1:
        raise ServeError(code="serve_limit", flag="--client-burst", value=values["--client-burst"])
    return values


def proxies(args: argparse.Namespace) -> ClientLimits:
    """The per-client limits, with the trusted proxy header and addresses checked."""
    from spieltisch.server.clients import ClientLimits, networks

    try:
        trusted = networks(args.trusted_proxies)
    except ValueError:
        raise ServeError(code="serve_proxies", proxies=args.trusted_proxies) from None
    header = (args.trusted_proxy_header or "").strip() or None
    if header is not None and not all(c.isalnum() or c in "-_" for c in header):
        raise ServeError(code="serve_proxy_header", header=header)
    if header is not None and not trusted:
        raise ServeError(code="serve_proxies_missing", header=header)
    return ClientLimits(
        tables_per_minute=args.tables_per_minute,
        sockets_per_client=args.sockets_per_client,
        spectators_per_table=args.spectators_per_table,
        sockets_per_seat=args.sockets_per_seat,
        message_rate=args.client_rate,
        message_burst=args.client_burst,
        refusal_rate=args.refusal_rate,
        refusal_burst=args.refusal_burst,
        connect_rate=args.connect_rate,
        connect_burst=args.connect_burst,
        proxy_header=header,
        trusted_proxies=trusted,
    )


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from spieltisch.server.app import create_app
    from spieltisch.server.http import HeldBackWebSocketProtocol, guarded
    from spieltisch.server.labsettings import LabLimits
    from spieltisch.server.routes.ws import SocketLimits

    if not 0 < args.port < 65536:
        raise ServeError(code="serve_port", port=args.port)
    if not args.away_after > 0:
        raise ServeError(code="serve_away", seconds=args.away_after)
    bot_limits = checked_bot_limits(args)
    for flag, value in (
        ("--lab-jobs", args.lab_jobs),
        ("--lab-jobs-per-client", args.lab_jobs_per_client),
    ):
        if value < 1:
            raise ServeError(code="serve_lab_jobs", flag=flag, value=value)
    link = public_url(args.public_url) if args.public_url is not None else None
    limits = checked_limits(args)
    clients = proxies(args)
    if not args.archive_after > 0:
        raise ServeError(code="serve_archive", seconds=args.archive_after)
    if not args.bot_lease > 0:
        raise ServeError(code="serve_lease", seconds=args.bot_lease)
    check_db(args.db)
    store = limits_store(args)
    tune_process()
    lang = args.lang or default_lang()
    print(t(lang, "serving", url=address(args.host, args.port)), flush=True)
    if store is None and args.db.startswith(("postgresql:", "postgres:")):
        print(t(lang, "limits_per_process"), flush=True)
    sockets = SocketLimits(
        rate=args.socket_rate, burst=args.socket_burst, send_timeout=args.send_timeout
    )
    app = create_app(
        args.db,
        away_after=args.away_after,
        socket_limits=sockets,
        client_limits=clients,
        public_url=link,
        body_timeout=limits["--body-timeout"],
        bot_limits=bot_limits,
        archive_after=args.archive_after,
        lease_seconds=args.bot_lease,
        limits_store=store,
        collect_every=d.FULL_COLLECTION_SECONDS,
        lab_limits=LabLimits(
            jobs=args.lab_jobs, per_client=args.lab_jobs_per_client, ray_address=args.lab_ray
        ),
    )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_config=log_config(),
        http=guarded(limits["--header-timeout"]),
        ws=HeldBackWebSocketProtocol,
        timeout_keep_alive=limits["--keep-alive-timeout"],
        # The client's address is the app's to find (--trusted-proxy-header); uvicorn
        # would otherwise believe X-Forwarded-For from 127.0.0.1.
        proxy_headers=False,
        ws_max_size=WS_MAX_SIZE,
        ws_max_queue=WS_MAX_QUEUE,
        ws_per_message_deflate=False,  # states are small; compressing them costs more CPU
    )
    return 0
