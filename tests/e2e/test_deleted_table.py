"""A table deleted by its creator while someone has it open: the page says so in its
language and stops reconnecting."""

from __future__ import annotations

import urllib.request
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server
from tests.e2e.helpers import READY


def test_a_deleted_table_says_so_and_stops_asking(
    server: Server, page: Any, artifacts: Path
) -> None:
    created = server.open_table("dicht-dran", ["human", "human", "bot:random"], {"passes": 1})
    table = created["table"]
    creator, guest = (s for s in created["seats"] if s["token"])
    sockets: list[Any] = []
    page.on("websocket", lambda socket: sockets.append(socket))
    page.goto(f"{server.url}/?table={table}&token={guest['token']}&lang=de")
    page.wait_for_function(READY, timeout=30_000)
    assert len(sockets) == 1

    request = urllib.request.Request(
        f"{server.url}/api/tables/{table}?token={creator['token']}", method="DELETE"
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 204
    note = page.locator("#connection")
    note.wait_for(state="visible", timeout=10_000)
    page.wait_for_function(
        "() => document.getElementById('connection').textContent.includes('gelöscht')",
        timeout=10_000,
    )
    assert note.text_content() == "der Tisch wurde gelöscht"
    page.screenshot(path=str(artifacts / "deleted-table-desktop.png"))
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(6_000)  # longer than the page's longest wait before reconnecting
    page.screenshot(path=str(artifacts / "deleted-table-phone.png"))
    assert len(sockets) == 1, "the page connected again to a deleted table"
    assert note.text_content() == "der Tisch wurde gelöscht"
