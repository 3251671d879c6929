"""A real server process (``spieltisch serve`` on uvicorn) for recovery and log tests."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """``spieltisch serve`` in a subprocess, its log kept in ``log``."""

    def __init__(self, db: str, log: Path, args: tuple[str, ...] = ()) -> None:
        self.db = db
        self.args = args
        self.log = log
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.http = httpx.Client(timeout=30)
        self.orphans: list[int] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "spieltisch.cli.main", "serve"]
        command += ["--port", str(self.port), "--db", self.db, *self.args]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if httpx.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not start:\n{self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing, nothing the server could do. The server's
        child processes (bot workers) are noted in ``orphans``."""
        assert self.process is not None
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        if children.exists():
            self.orphans += [int(pid) for pid in children.read_text().split()]
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.http.close()

    def get(self, path: str, **params: Any) -> Any:
        given = {key: value for key, value in params.items() if value is not None}
        response = self.http.get(f"{self.url}{path}", params=given)
        assert response.status_code == 200, response.text
        return response.json()

    def post(self, path: str, body: Any) -> httpx.Response:
        return self.http.post(f"{self.url}{path}", json=body)
