"""Malformed input anywhere is a 4xx ``{"error", "code", "params"}``, never a 500 or a
dropped connection: crafted actions for every game, JSON the parser rejects or that nests
without end, and random bodies, queries and messages for every endpoint (hypothesis)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import ActionParseError
from spieltisch.games import REGISTRY
from spieltisch.server.app import create_app
from tests.server.tables import open_table, tokens

#: A fixed profile: few examples, no example database, no deadline (the machine is shared).
FUZZ = settings(
    max_examples=25,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

FIELD_NAMES = ["type", "card", "kind", "seat", "delta", "value", "position", "chip", "text"]
FIELD_NAMES += ["index", "pile", "count", "cards", "row", "token", "action", "step", "id"]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=10,
)
JUNK = [[1], [], {}, {"a": 1}, None, True, 1.5, 10**30, -1, "", "x" * 500, 2**63]


def action_forms(game_id: str) -> list[dict[str, Any]]:
    game = REGISTRY[game_id]()
    forms = {json.dumps(a.to_json(), sort_keys=True): a.to_json() for a in game.action_table}
    return list(forms.values())


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_crafted_action_is_a_parse_error_of_the_game(game_id: str) -> None:
    """Each field of each action's JSON form replaced by junk ([1], {}, huge numbers …) is
    refused by the game's own parsing with ActionParseError (or, by chance, names another
    action of the game); the forms themselves parse."""
    game = REGISTRY[game_id]()
    forms = action_forms(game_id)
    for form in forms:
        assert game.action_from_json(form).to_json() == form
        for field in form:
            for junk in JUNK:
                crafted = {**form, field: junk}
                try:
                    parsed = game.action_from_json(crafted)
                except ActionParseError:
                    continue
                game.encode(parsed)  # an action of the game (free text: its template)


@pytest.mark.parametrize(
    ("game_id", "action"),
    [
        ("cento", {"type": [1]}),
        ("cento", {"type": {}}),
        ("missionszahl", {"type": "exchange", "kind": [1]}),
        ("missionszahl", {"type": "exchange", "kind": {}}),
        ("missionszahl", {"type": "play", "card": ["R17"]}),
        ("triggs", {"type": "form", "cards": [[7], {}]}),
        ("magic-numbers", {"type": {"answer": 1}}),
        ("dicht-dran", {"type": "play", "card": [63]}),
    ],
)
def test_the_crafted_actions_of_issue_29_are_refused_with_422(
    client: TestClient, game_id: str, action: dict[str, Any]
) -> None:
    players = 4 if game_id != "magic-numbers" else 3
    created = open_table(client, game=game_id, seats=["human"] * players, seed=3)
    table, keys = created["table"], tokens(created)
    to_act = client.get(f"/api/tables/{table}").json()["to_act"][0]
    body = {"token": keys[to_act], "action": action}
    answer = client.post(f"/api/tables/{table}/actions", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "bad_action"
    with client.websocket_connect(f"/ws/tables/{table}?token={keys[to_act]}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": action, "id": 1})
        refusal = ws.receive_json()
        assert (refusal["type"], refusal["code"], refusal["id"]) == ("error", "bad_action", 1)
        ws.send_json({"type": "action", "action": {"type": "nothing"}, "id": 2})
        assert ws.receive_json()["id"] == 2  # the connection stays open


DEEP = "[" * 5000 + "]" * 5000
BROKEN_BODIES = [
    (DEEP, "depth limit exceeded"),
    ('{"game": ' + "[" * 40 + "1" + "]" * 40 + "}", "depth limit exceeded"),
    ("{not json", "not valid JSON"),
    ('{"game": NaN}', "not valid JSON"),
    ('{"seed": ' + "9" * 5000 + "}", "not valid JSON"),
    (b"\xff\xfe{}", "not valid JSON"),
    ('{"name": "\\ud800"}', "not valid JSON"),
]


@pytest.mark.parametrize(("body", "words"), BROKEN_BODIES)
@pytest.mark.parametrize(
    "path", ["/api/tables", "/api/tables/x/actions", "/api/tables/x/name", "/api/replay"]
)
def test_a_body_the_json_parser_rejects_is_a_422_error(
    client: TestClient, path: str, body: str | bytes, words: str
) -> None:
    send = client.put if path.endswith("/name") else client.post
    answer = send(path, content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422, answer.text
    refusal = answer.json()
    assert refusal["code"] == "not_json"
    assert words in refusal["error"]
    assert set(refusal) == {"error", "code", "params"}


@pytest.mark.parametrize(("body", "words"), BROKEN_BODIES)
def test_a_message_the_json_parser_rejects_keeps_the_websocket(
    client: TestClient, body: str | bytes, words: str
) -> None:
    created = open_table(client, seed=5)
    table, keys = created["table"], tokens(created)
    with client.websocket_connect(f"/ws/tables/{table}?token={keys[0]}") as ws:
        ws.receive_json()
        if isinstance(body, bytes):
            ws.send_bytes(body)
        else:
            ws.send_text(body)
        refusal = ws.receive_json()
        assert (refusal["type"], refusal["code"]) == ("error", "not_json")
        assert words in refusal["error"]
        ws.send_json({"type": "action", "action": {"type": "play", "card": 0}, "id": "x"})
        assert ws.receive_json()["id"] == "x"


# -- random input for every endpoint ------------------------------------------------------


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = Path(tmp_path_factory.mktemp("fuzz")) / "tables.sqlite3"
    with TestClient(create_app(str(db)), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def tables(fuzz_client: TestClient) -> dict[str, dict[str, Any]]:
    """One table of every game, all seats human."""
    return {
        game_id: open_table(
            fuzz_client, game=game_id, seats=["human"] * (3 if game_id == "magic-numbers" else 4)
        )
        for game_id in REGISTRY
    }


def assert_refused_or_fine(answer: Any) -> None:
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        body = answer.json()
        assert isinstance(body["error"], str)
        assert body["error"]
        assert isinstance(body["code"], str)
        assert isinstance(body["params"], dict)


TEXT = st.text(max_size=12)
QUERY = st.dictionaries(
    st.sampled_from(["token", "lang", "since", "url", "id", "x"]),
    TEXT | st.integers().map(str),
    max_size=3,
)


@FUZZ
@given(body=JSON_VALUES, query=QUERY, game=st.sampled_from(list(REGISTRY)), which=st.integers())
def test_random_posts_and_puts_are_answered_without_a_server_error(
    fuzz_client: TestClient,
    tables: dict[str, dict[str, Any]],
    body: Any,
    query: dict[str, str],
    game: str,
    which: int,
) -> None:
    created = tables[game]
    table = created["table"]
    keys = list(tokens(created).values())
    token = keys[which % len(keys)]
    action = body if isinstance(body, dict) else {"type": body}
    requests = [
        ("post", "/api/tables", body),
        ("post", "/api/tables", {"game": game, "players": which % 7, "seats": body}),
        ("post", "/api/tables", {"game": game, "players": 4, "options": body, "seats": []}),
        ("post", f"/api/tables/{table}/actions", body),
        ("post", f"/api/tables/{table}/actions", {"token": token, "action": action}),
        ("post", f"/api/tables/{table}/actions", {"token": token, "action": action, "step": body}),
        ("put", f"/api/tables/{table}/name", body),
        ("post", f"/api/tables/{table}/again", body),
        ("post", f"/api/tables/{table}/back", body),
        ("post", "/api/replay", body),
        ("post", "/api/replay", {"format": "spieltisch-transcript", "game": game, "x": body}),
    ]
    for method, path, json_body in requests:
        answer = fuzz_client.request(method, path, json=json_body, params=query)
        assert_refused_or_fine(answer)


GETS = [
    "/api/games",
    "/api/games/{game}/faces",
    "/api/games/{game}/words",
    "/api/games/{game}/rules",
    "/api/tables/{table}",
    "/api/tables/{table}/transcript",
    "/api/tables/{table}/replay",
    "/api/errors/words",
    "/api/qr.svg",
    "/api/games/{text}/words",
    "/api/tables/{text}",
]


@FUZZ
@given(query=QUERY, game=st.sampled_from(list(REGISTRY)), text=TEXT)
def test_random_queries_of_every_get_are_answered_without_a_server_error(
    fuzz_client: TestClient,
    tables: dict[str, dict[str, Any]],
    query: dict[str, str],
    game: str,
    text: str,
) -> None:
    table = tables[game]["table"]
    for path in GETS:
        url = path.format(game=game, table=table, text=quote(text, safe="") or "x")
        assert_refused_or_fine(fuzz_client.get(url, params=query))


@FUZZ
@given(query=QUERY, game=st.sampled_from(list(REGISTRY)), text=TEXT)
def test_random_deletes_are_refused_and_leave_the_table(
    fuzz_client: TestClient,
    tables: dict[str, dict[str, Any]],
    query: dict[str, str],
    game: str,
    text: str,
) -> None:
    table = tables[game]["table"]
    for path in (f"/api/tables/{table}", f"/api/tables/{quote(text, safe='') or 'x'}"):
        answer = fuzz_client.delete(path, params=query)
        assert answer.status_code in (403, 404, 405, 422), answer.text
        assert_refused_or_fine(answer)
    assert fuzz_client.get(f"/api/tables/{table}").status_code == 200


MESSAGES = st.one_of(
    JSON_VALUES.map(json.dumps),
    st.builds(
        lambda action, step, ident: json.dumps(
            {"type": "action", "action": action, "step": step, "id": ident}
        ),
        JSON_VALUES,
        JSON_VALUES,
        JSON_VALUES,
    ),
    st.text(max_size=40),
)


@FUZZ
@given(messages=st.lists(MESSAGES, min_size=1, max_size=6), game=st.sampled_from(list(REGISTRY)))
def test_random_websocket_messages_are_refused_and_keep_the_connection(
    fuzz_client: TestClient, tables: dict[str, dict[str, Any]], messages: list[str], game: str
) -> None:
    """Every message a seat or a spectator sends gets a state or a coded error, and the
    connection stays open after it."""
    created = tables[game]
    table = created["table"]
    for token in [None, next(iter(tokens(created).values()))]:
        url = f"/ws/tables/{table}" + (f"?token={token}" if token else "")
        with fuzz_client.websocket_connect(url) as ws:
            assert ws.receive_json()["type"] == "state"
            for number, message in enumerate(messages):
                ws.send_text(message)
                ws.send_text(json.dumps({"id": f"after-{number}"}))  # refused: no action
                reply = ws.receive_json()
                while reply.get("id") != f"after-{number}":
                    assert reply["type"] in ("state", "error")
                    if reply["type"] == "error":
                        assert isinstance(reply["error"], str)
                        assert isinstance(reply["code"], str)
                    reply = ws.receive_json()
                assert reply["code"] == "bad_message"
