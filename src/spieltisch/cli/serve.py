"""``spieltisch serve``: the table server on uvicorn."""

from __future__ import annotations

import argparse
import copy
import gc
import sys
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote, urlsplit

from spieltisch.cli.i18n import LANGS, default_lang, t
from spieltisch.core.errors import SpieltischError
from spieltisch.server.lease import LEASE_SECONDS
from spieltisch.server.seating import ARCHIVE_AFTER, AWAY_AFTER

DEFAULT_DB = "spieltisch-tables.sqlite3"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: The largest WebSocket frame uvicorn accepts; the app answers anything above 16 KiB with
#: an error message and keeps the connection (a frame above this closes it).
WS_MAX_SIZE = 1024 * 1024


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


def tune_process() -> None:
    """Process-wide settings for a server with a database thread beside the event loop.

    A shorter GIL switch interval (0.5 ms instead of 5 ms) lets the database thread return
    a commit's result promptly while the event loop is busy: under load this cut the p99
    time from an action to the pushed view about twentyfold. Freezing the objects created by
    the imports keeps them out of every later garbage collection, and full collections
    (which walk every table's events and stopped the server for up to half a second under
    load) become rare: young garbage is still collected as usual.
    """
    sys.setswitchinterval(0.0005)
    gc.freeze()
    gc.set_threshold(20_000, 50, 1_000)


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from spieltisch.server.app import create_app

    if not 0 < args.port < 65536:
        raise ServeError(code="serve_port", port=args.port)
    if not args.away_after > 0:
        raise ServeError(code="serve_away", seconds=args.away_after)
    if not args.archive_after > 0:
        raise ServeError(code="serve_archive", seconds=args.archive_after)
    if not args.bot_lease > 0:
        raise ServeError(code="serve_lease", seconds=args.bot_lease)
    check_db(args.db)
    tune_process()
    print(t(args.lang or default_lang(), "serving", url=address(args.host, args.port)), flush=True)
    uvicorn.run(
        create_app(
            args.db,
            away_after=args.away_after,
            archive_after=args.archive_after,
            lease_seconds=args.bot_lease,
        ),
        host=args.host,
        port=args.port,
        log_config=log_config(),
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=False,  # states are small; compressing them costs more CPU
    )
    return 0
