"""Fixtures for the server tests: an app on each store (SQLite file, PostgreSQL schema).

PostgreSQL tests use ``postgresql://postgres@127.0.0.1:5432/test`` (or the URL in
``SPIELTISCH_TEST_POSTGRES``), each in a schema of its own that is dropped afterwards.
Without a reachable server they skip with the reason, except under CI (``CI=true``), where
they fail: CI must run them.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from fastapi.testclient import TestClient

from spieltisch.server.app import create_app

POSTGRES = os.environ.get("SPIELTISCH_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def postgres_or_skip() -> psycopg.Connection[tuple[object, ...]]:
    try:
        return psycopg.connect(POSTGRES, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as error:
        reason = f"no PostgreSQL at {POSTGRES}: {str(error).strip().splitlines()[0]}"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason} (CI=true: the PostgreSQL tests must run)")
        pytest.skip(reason)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A PostgreSQL URL whose search path is a fresh schema, dropped after the test."""
    admin = postgres_or_skip()
    schema = f"spieltisch_test_{secrets.token_hex(6)}"
    admin.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{separator}options=-csearch_path%3D{schema}"
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each store in turn."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A server on a fresh SQLite file."""
    with TestClient(create_app(str(tmp_path / "tables.sqlite3"))) as test_client:
        yield test_client
