"""``spieltisch serve``'s limit options: a bad value is one line and exit status 2, good
ones reach the app."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from spieltisch.cli import serve
from spieltisch.cli.main import main
from spieltisch.server.clients import ClientLimits, networks
from spieltisch.server.defaults import FULL_COLLECTION_SECONDS


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--public-url", "spiel.example"], "--public-url is http(s)://host[:port]"),
        (["--public-url", "https://spiel.example/tisch"], "with no path"),
        (["--public-url", "https://user:pw@spiel.example"], "--public-url is"),
        (["--public-url", "ftp://spiel.example"], "--public-url is"),
        (["--public-url", "https://spiel.example:99999"], "--public-url is"),
        (["--header-timeout", "0"], "--header-timeout is a number above 0"),
        (["--body-timeout", "-1"], "--body-timeout is a number above 0"),
        (["--keep-alive-timeout", "nan"], "--keep-alive-timeout is a number above 0"),
        (["--tables-per-minute", "-1"], "--tables-per-minute is a number"),
        (["--socket-rate", "0"], "--socket-rate is a number above 0"),
        (["--socket-burst", "0"], "--socket-burst is a number"),
        (["--send-timeout", "inf"], "--send-timeout is a number above 0"),
        (["--connect-rate", "0"], "--connect-rate is a number above 0"),
        (["--connect-burst", "-1"], "--connect-burst is a number"),
        (["--trusted-proxies", "10.0.0.0/8,nonsense"], "--trusted-proxies are addresses"),
        (["--trusted-proxy-header", "X Forwarded: For"], "--trusted-proxy-header is"),
        (["--trusted-proxy-header", "X-Real-IP"], "needs --trusted-proxies"),
    ],
)
def test_serve_refuses_a_bad_limit_in_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_the_options_reach_the_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """Every limit given on the command line is the one the app and uvicorn get."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **options: seen.update(app=app, **options))
    monkeypatch.setattr(serve, "tune_process", lambda: None)
    code = main(
        [
            "serve",
            "--db",
            str(tmp_path / "tables.sqlite3"),
            "--public-url",
            "https://spiel.example/",
            "--header-timeout",
            "3",
            "--keep-alive-timeout",
            "2",
            "--body-timeout",
            "4",
            "--tables-per-minute",
            "7",
            "--sockets-per-client",
            "9",
            "--spectators-per-table",
            "5",
            "--sockets-per-seat",
            "2",
            "--socket-rate",
            "12.5",
            "--socket-burst",
            "30",
            "--send-timeout",
            "6",
            "--connect-rate",
            "3.5",
            "--connect-burst",
            "40",
            "--trusted-proxy-header",
            "X-Real-IP",
            "--trusted-proxies",
            "127.0.0.1, 10.0.0.0/8",
        ]
    )
    assert code == 0
    app = seen["app"]
    assert app.state.public_url == "https://spiel.example"
    assert app.state.clients.limits == ClientLimits(
        tables_per_minute=7,
        sockets_per_client=9,
        spectators_per_table=5,
        sockets_per_seat=2,
        connect_rate=3.5,
        connect_burst=40,
        proxy_header="X-Real-IP",
        trusted_proxies=networks("127.0.0.1,10.0.0.0/8"),
    )
    sockets = app.state.socket_limits
    assert (sockets.rate, sockets.burst, sockets.send_timeout) == (12.5, 30, 6.0)
    assert seen["http"].header_timeout == 3.0
    assert seen["timeout_keep_alive"] == 2.0
    assert seen["proxy_headers"] is False
    assert seen["ws_max_size"] * seen["ws_max_queue"] <= 1024 * 1024
    assert app.state.collect_every == FULL_COLLECTION_SECONDS


def test_the_defaults_are_those_of_a_public_server() -> None:
    parser = argparse.ArgumentParser()
    serve.add_parser(parser, lambda key, **_: key)
    args = parser.parse_args([])
    assert serve.proxies(args) == ClientLimits()
    assert ClientLimits().tables_per_minute > 0
    assert ClientLimits().sockets_per_client > 0
    assert ClientLimits().connect_rate > 0
    assert args.public_url is None


def test_the_table_manager_is_found_on_the_event_loop() -> None:
    """The routes' dependency is a coroutine: FastAPI runs a plain function on a worker
    thread for every request and WebSocket, and a burst of connections then started
    threads one by one while every table waited."""
    import inspect

    from spieltisch.server.routes import manager

    assert inspect.iscoroutinefunction(manager)
