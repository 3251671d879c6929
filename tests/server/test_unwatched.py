"""What a table builds for its readers (each event in their words, each kept step's view)
goes with the last connection of that reader: spectators who come and go leave nothing
behind, and a reader who comes back is shown the same."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.service import Table
from tests.server.tables import open_table, tokens, wait_for_humans


def _table(client: TestClient, table_id: str) -> Table:
    table: Table = client.app.state.tables._tables[table_id]  # type: ignore[attr-defined]
    return table


def _until_no_spectator(table: Table) -> None:
    deadline = time.monotonic() + 10
    while any(listener.seat is None for listener in table.listeners):
        assert time.monotonic() < deadline, "the spectator's connection stayed"
        time.sleep(0.01)


def test_words_and_views_of_readers_who_left_are_dropped(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "tables.sqlite3"))
    with TestClient(app) as client:
        created = open_table(client, seats=["human", "bot:easy", "bot:easy", "bot:easy"])
        table_id, token = created["table"], tokens(created)[0]
        wait_for_humans(client, table_id)
        path = f"/ws/tables/{table_id}"
        with client.websocket_connect(f"{path}?token={token}&lang=en") as seat:
            assert seat.receive_json()["type"] == "state"
            for lang in ("de", "en"):
                with client.websocket_connect(f"{path}?lang={lang}") as spectator:
                    first = spectator.receive_json()
                    assert first["events"]
            table = _table(client, table_id)
            _until_no_spectator(table)
            assert ("de", None) in table.described
            assert any(None in entry.views for entry in table.kept)

            table.forget_unwatched()

            assert set(table.described) == {("en", 0)}
            assert all(set(entry.views) <= {0} for entry in table.kept)
            with client.websocket_connect(f"{path}?lang=en") as spectator:
                again = spectator.receive_json()
            assert again["events"] == first["events"]
            assert again["view"] == first["view"]
