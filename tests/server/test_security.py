"""Tokens: unguessable, matched by hash, never logged."""

from __future__ import annotations

import logging

from spieltisch.server.security import (
    RedactTokens,
    hash_token,
    new_token,
    redact,
    seat_of_token,
    without_password,
)


def test_tokens_are_long_random_and_matched_only_by_their_own_hash() -> None:
    tokens = [new_token() for _ in range(3)]
    assert len(set(tokens)) == 3
    assert all(len(token) >= 43 for token in tokens)
    hashes = [hash_token(tokens[0]), None, hash_token(tokens[2])]
    assert seat_of_token(tokens[0], hashes) == 0
    assert seat_of_token(tokens[2], hashes) == 2
    assert seat_of_token(tokens[1], hashes) is None
    assert seat_of_token("", hashes) is None


def test_token_values_are_removed_from_log_lines() -> None:
    assert redact("GET /api/tables/x?token=abc-_1&lang=de") == "GET /api/tables/x?token=***&lang=de"
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s"',
        ("1.2.3.4", "GET", "/ws?token=s3cret"),
        None,
    )
    assert RedactTokens().filter(record)
    assert record.getMessage() == '1.2.3.4 - "GET /ws?token=***"'
    assert isinstance(record.args, tuple)
    assert len(record.args) == 3  # uvicorn's access formatter unpacks the arguments


def test_token_values_are_removed_however_the_key_is_encoded() -> None:
    line = "GET /x?%74oken=a1&TOKEN=b2&%54%4F%4B%45%4E%3Dc3&to%6Ben=d4&lang=de"
    assert redact(line) == "GET /x?%74oken=***&TOKEN=***&%54%4F%4B%45%4E%3D***&to%6Ben=***&lang=de"


def test_a_database_url_is_shown_without_its_password() -> None:
    assert (
        without_password("postgresql://bob:s3cr%40t@db:5432/x") == "postgresql://bob:***@db:5432/x"
    )
    assert without_password("postgresql://bob@db/x") == "postgresql://bob@db/x"
    assert without_password("tables.sqlite3") == "tables.sqlite3"
