"""Seat tokens and keeping them out of logs.

A token is 32 random bytes (URL-safe text). The server keeps only its SHA-256; a presented
token is hashed and compared with every seat's hash in constant time, so neither the
stored hashes nor the timing of a comparison tell anything about a token.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
from collections.abc import Sequence
from urllib.parse import urlsplit, urlunsplit

TOKEN_BYTES = 32
#: ``token=`` with any of its letters percent-encoded (``%74oken=``) and in any case.
_TOKEN_KEY = "".join(f"(?:{c}|%{ord(c.lower()):02x}|%{ord(c.upper()):02x})" for c in "token=")
_TOKEN_IN_TEXT = re.compile(rf"({_TOKEN_KEY})[^&\s\"']+", re.IGNORECASE)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_of_token(token: str, hashes: Sequence[str | None]) -> int | None:
    """The seat whose token hash matches ``token``, comparing with every seat's hash."""
    presented = hash_token(token)
    found = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(presented, stored):
            found = seat
    return found


def redact(text: str) -> str:
    """``text`` with every ``token=…`` query value replaced by ``token=***``, also where the
    key is percent-encoded or in capitals."""
    return _TOKEN_IN_TEXT.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """A log filter that removes token values from messages (uvicorn logs request paths,
    query strings included, for HTTP requests and WebSocket handshakes)."""

    def filter(self, record: logging.LogRecord) -> bool:
        # The arguments stay arguments: uvicorn's access formatter unpacks them.
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: redact(a) if isinstance(a, str) else a for k, a in record.args.items()
            }
        return True


def without_password(url: str) -> str:
    """``url`` (a database URL) with its password, if any, replaced by ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))
