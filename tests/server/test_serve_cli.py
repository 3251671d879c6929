"""``spieltisch serve`` refuses what cannot work in one line, exit status 2."""

from __future__ import annotations

import pytest

from spieltisch.cli.main import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--db", "postgresql://nobody@127.0.0.1:1/none"], "cannot open the database"),
        (["--db", "/proc/no/such/dir/tables.sqlite3"], "cannot open the database"),
        (["--port", "70000"], "--port must be from 1 to 65535"),
    ],
)
def test_serve_refuses_a_bad_database_or_port(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
