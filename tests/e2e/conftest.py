"""End-to-end set-up: Debian's Chromium driven by Playwright, against `spieltisch serve`.

The set-up installs what it needs: without ``/usr/bin/chromium`` it runs
``apt-get install chromium`` when it may (as root); otherwise the tests are skipped, except
under ``CI=true``, where a missing browser is a failure. The server runs in a subprocess on
a free port with a fresh SQLite file. Screenshots go to ``tests/e2e/artifacts/``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"end-to-end tests cannot run: {reason}")
    pytest.skip(reason)


def _install_chromium() -> None:
    """Install Debian's chromium quietly, if we are root and apt-get exists."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]):
        subprocess.run(command, env=env, capture_output=True, check=False, timeout=900)


@pytest.fixture(scope="session")
def chromium() -> Path:
    if not CHROMIUM.exists():
        _install_chromium()
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing and could not be installed")
    return CHROMIUM


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """A running `spieltisch serve` and a few calls to its API."""

    def __init__(self, url: str) -> None:
        self.url = url

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)

    def open_table(
        self,
        game: str,
        seats: list[str],
        options: dict[str, Any] | None = None,
        seed: int = 1,
        names: list[str | None] | None = None,
    ) -> dict[str, Any]:
        """A new table; its people are named (``PEOPLE``, unless ``names`` says otherwise),
        so that the page seats them without asking for a name."""
        if names is None:
            names = [PEOPLE[i] if seat == "human" else None for i, seat in enumerate(seats)]
        body = {"game": game, "players": len(seats), "options": options or {}, "seats": seats}
        return dict(self.request("POST", "/api/tables", {**body, "seed": seed, "names": names}))

    def state(self, table: str, token: str | None = None) -> dict[str, Any]:
        query = f"?token={token}" if token else ""
        return dict(self.request("GET", f"/api/tables/{table}{query}"))


PEOPLE = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
"""The names the people at a test's table have chosen, by seat."""


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    port = _free_port()
    folder = tmp_path_factory.mktemp("e2e")
    command = [sys.executable, "-m", "spieltisch.cli.main", "serve", "--port", str(port)]
    command += ["--tables-per-minute", "0"]  # every test opens tables from 127.0.0.1
    log = (folder / "serve.log").open("wb")  # a file, not a pipe: a full pipe stops the server
    process = subprocess.Popen(
        [*command, "--db", str(folder / "tables.sqlite3")], stdout=log, stderr=subprocess.STDOUT
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, process, folder / "serve.log")
        yield Server(url)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            error = log.read_text(errors="replace").strip()[-500:]
            pytest.fail(f"spieltisch serve stopped: {error}")
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2).close()
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.2)
    pytest.fail("spieltisch serve did not answer within 60 s")


@pytest.fixture(scope="session")
def browser(chromium: Path) -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="de-DE")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
