"""``spieltisch serve`` refuses what cannot work in one line, exit status 2."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from spieltisch.cli.main import main
from spieltisch.cli.serve import address
from tests.server.live import free_port


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--db", "postgresql://nobody@127.0.0.1:1/none"], "cannot open the database"),
        (["--db", "/proc/no/such/dir/tables.sqlite3"], "cannot open the database"),
        (["--db", "mysql://root@127.0.0.1/test"], "must be a SQLite file path"),
        (["--port", "70000"], "--port must be from 1 to 65535"),
        (["--away-after", "0"], "--away-after is a number of seconds above 0, got 0"),
        (["--away-after", "-5"], "--away-after is a number of seconds above 0, got -5"),
        (["--archive-after", "0"], "--archive-after is a number of seconds above 0, got 0"),
        (["--bot-lease", "-1"], "--bot-lease is a number of seconds above 0, got -1"),
    ],
)
def test_serve_refuses_a_bad_database_or_port(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_a_second_server_on_one_sqlite_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A SQLite file serves one process: another one would not hear of its commits."""
    from spieltisch.server.storage import open_storage

    path = str(tmp_path / "tables.sqlite3")
    serving = open_storage(path, exclusive=True)  # as a running server holds it
    try:
        assert main(["serve", "--db", path]) == 2
    finally:
        serving.close()
    err = capsys.readouterr().err
    assert "another process serves the SQLite file" in err
    assert "several server processes need PostgreSQL" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("lang", "words"),
    [("de_DE.UTF-8", "Spieltisch läuft: öffne {url} im Browser"), ("C", "open {url} in your")],
)
def test_serve_prints_the_address_to_open_first(lang: str, words: str, tmp_path: Path) -> None:
    """The first line on stdout, before uvicorn starts, names the address in plain words."""
    port = free_port()
    command = [sys.executable, "-m", "spieltisch.cli.main", "serve", "--port", str(port)]
    command += ["--db", str(tmp_path / "tables.sqlite3")]
    env = {**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": lang}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
    )
    watchdog = threading.Timer(60, process.kill)  # a missing line fails, never hangs
    watchdog.start()
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
    finally:
        watchdog.cancel()
        process.terminate()
        process.wait(10)
    assert words.format(url=f"http://127.0.0.1:{port}/") in first


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("127.0.0.1", "http://127.0.0.1:8000/"),
        ("0.0.0.0", "http://127.0.0.1:8000/"),
        ("::", "http://[::1]:8000/"),
        ("tisch.example", "http://tisch.example:8000/"),
    ],
)
def test_the_address_to_open_is_one_a_browser_reaches(host: str, url: str) -> None:
    assert address(host, 8000) == url


@pytest.mark.parametrize(
    "url", ["postgresql://nobody:hunter2@127.0.0.1:1/none", "mysql://root:hunter2@127.0.0.1/x"]
)
def test_a_database_password_never_reaches_stderr(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--db", url]) == 2
    err = capsys.readouterr().err
    assert "hunter2" not in err
    assert "cannot open the database" in err or "must be a SQLite file path" in err
