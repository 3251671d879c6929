"""The HTTP API: tables, views, actions, transcripts, replays and every refusal."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.core.errors import SpieltischError
from spieltisch.core.transcript import Transcript, replay
from spieltisch.games import REGISTRY, game_for, make_game
from spieltisch.server.app import create_app
from spieltisch.server.botplay import check_server_spec
from tests.server.tables import open_table, state, tokens, wait_for_humans


def play_out(client: TestClient, created: dict[str, Any]) -> dict[str, Any]:
    """Play every human seat's first legal action until the game is over."""
    table, keys = created["table"], tokens(created)
    while not (public := wait_for_humans(client, table))["over"]:
        seat = public["to_act"][0]
        legal = state(client, table, keys[seat])["legal_actions"]
        answer = client.post(
            f"/api/tables/{table}/actions", json={"token": keys[seat], "action": legal[0]["action"]}
        )
        assert answer.status_code == 200, answer.text
    return public


def test_a_table_is_created_with_a_token_and_link_per_human_seat(client: TestClient) -> None:
    created = open_table(client, seats=["human", "bot:heuristic", "human", "bot:random"])
    assert created["game"] == "dicht-dran"
    assert [s["kind"] for s in created["seats"]] == ["human", "bot", "human", "bot"]
    assert [s["bot"] for s in created["seats"]] == [None, "heuristic", None, "random"]
    human_tokens = [created["seats"][0]["token"], created["seats"][2]["token"]]
    assert len(set(human_tokens)) == 2
    assert all(len(t) >= 40 for t in human_tokens)
    assert created["seats"][0]["invite_url"].endswith(
        f"/?table={created['table']}&token={human_tokens[0]}"
    )
    assert created["spectator_url"].endswith(f"/?table={created['table']}")


def test_a_seat_sees_its_own_view_and_legal_actions(client: TestClient) -> None:
    created = open_table(client, seed=3)
    seat_state = state(client, created["table"], tokens(created)[2], lang="de")
    game = make_game("dicht-dran")
    expected = game.new_state(4, 3)
    assert seat_state["seat"] == 2
    assert seat_state["view"] == json.loads(json.dumps(game.view(expected, 2).to_json()))
    assert seat_state["to_act"] == list(game.to_act(expected))
    legal = game.legal_actions(expected, 2)
    assert [a["action"] for a in seat_state["legal_actions"]] == [a.to_json() for a in legal]
    assert [a["label"] for a in seat_state["legal_actions"]] == [game.label(a, "de") for a in legal]
    assert seat_state["over"] is False
    assert seat_state["result"] is None
    assert seat_state["last_seq"] == len(seat_state["events"]) + 3  # three other hands dealt


def test_a_spectator_sees_the_public_view_and_no_legal_actions(client: TestClient) -> None:
    created = open_table(client, seed=3)
    public = state(client, created["table"])
    game = make_game("dicht-dran")
    assert public["seat"] is None
    assert public["view"] == json.loads(json.dumps(game.view(game.new_state(4, 3), None).to_json()))
    assert public["legal_actions"] == []
    assert not any(e["kind"] == "deal" for e in public["events"])


def test_an_action_is_applied_and_answered_with_the_new_state(client: TestClient) -> None:
    created = open_table(client, seed=3)
    table, keys = created["table"], tokens(created)
    before = state(client, table, keys[0])
    action = before["legal_actions"][0]["action"]
    answer = client.post(f"/api/tables/{table}/actions", json={"token": keys[0], "action": action})
    assert answer.status_code == 200
    after = answer.json()
    assert 0 not in after["to_act"]
    assert after["legal_actions"] == []
    assert [e["seq"] for e in after["events"]] == list(
        range(before["last_seq"] + 1, after["last_seq"] + 1)
    )
    assert after["view"]["my_card"] == action["card"]
    since = before["last_seq"]
    later = state(client, table, keys[0], since=since)
    assert later["events"] == after["events"]
    assert state(client, table, keys[0], since=after["last_seq"])["events"] == []


def test_bots_play_until_a_human_must_act(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["bot:heuristic", "bot:random", "human"])
    public = wait_for_humans(client, created["table"])
    assert public["to_act"] == [2]
    assert public["last_seq"] > 0


def test_a_whole_game_ends_with_a_result_a_transcript_and_a_replay(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "bot:heuristic"], seed=11)
    table = created["table"]
    assert client.get(f"/api/tables/{table}/transcript").status_code == 409
    public = play_out(client, created)
    assert public["result"]["ranking"] in ([1, 2], [2, 1], [1, 1])
    data = client.get(f"/api/tables/{table}/transcript").json()
    transcript = Transcript.from_json(data)
    assert transcript.agents == ["human", "bot:heuristic"]
    game = game_for(transcript)
    final = replay(game, transcript)  # legal at every step, the same result
    assert list(game.scores(final)) == public["result"]["scores"]
    steps = client.get(f"/api/tables/{table}/replay", params={"lang": "de"}).json()
    assert len(steps["steps"]) == len(transcript.actions) + 1
    assert steps["steps"][-1]["view"] == json.loads(json.dumps(game.view(final, None).to_json()))
    posted = client.post("/api/replay", json=data).json()
    assert posted["steps"][1:] == client.get(f"/api/tables/{table}/replay").json()["steps"][1:]


def test_games_lists_every_game_with_its_options_and_the_bot_presets(client: TestClient) -> None:
    listing = client.get("/api/games").json()
    assert [g["id"] for g in listing["games"]] == list(REGISTRY)
    cento = next(g for g in listing["games"] if g["id"] == "cento")
    assert (cento["min_players"], cento["max_players"]) == (2, 6)
    variant = next(o for o in cento["options"] if o["name"] == "variant")
    assert variant["help_de"]
    assert variant["help_en"]
    magic = next(g for g in listing["games"] if g["id"] == "magic-numbers")
    assert "deck" not in [o["name"] for o in magic["options"]]
    assert {"random", "heuristic"} <= {b["spec"] for b in listing["bots"]}
    assert any(b["spec"].startswith("ismcts:") for b in listing["bots"])
    for game in listing["games"]:  # each game's own presets end with its strongest search
        specs = [b["spec"] for b in game["bots"]]
        assert specs[:-1] == [b["spec"] for b in listing["bots"]]
        assert "root=halving" in specs[-1]
        check_server_spec(specs[-1], make_game(game["id"]))
    strongest = {g["id"]: g["bots"][-1]["spec"] for g in listing["games"]}
    assert "horizon=" in strongest["triggs"]
    assert {game for game, spec in strongest.items() if "facedown=model" in spec} == {"dicht-dran"}
    assert {game for game, spec in strongest.items() if "switch=" in spec} == {
        "cento",
        "missionszahl",
    }


def test_the_rules_of_a_game_come_in_both_languages(client: TestClient) -> None:
    from spieltisch.cli.main import rules_text

    for lang in ("de", "en"):
        rules = client.get("/api/games/triggs/rules", params={"lang": lang}).json()
        assert rules["markdown"] == rules_text("triggs", lang)
    unknown = client.get("/api/games/skat/rules")
    assert unknown.status_code == 404
    assert "unknown game 'skat'" in unknown.json()["error"]


def test_the_card_faces_are_the_games_own_tables(client: TestClient) -> None:
    from spieltisch.games.cento import cards as cento
    from spieltisch.games.dicht_dran.cards import CHILI_COLOURS, CHILIS
    from spieltisch.games.missionszahl import cards as mz
    from spieltisch.games.missionszahl.words import WORDS

    dicht = client.get("/api/games/dicht-dran/faces").json()
    assert dicht["game"] == "dicht-dran"
    assert {int(card): face["chilis"] for card, face in dicht["cards"].items()} == {
        card: CHILIS[card] for card in range(1, 101)
    }
    assert all(face["colour"] == CHILI_COLOURS[face["chilis"]] for face in dicht["cards"].values())
    assert dicht["cards"]["63"] == {"chilis": 2, "colour": "orange"}  # the rule sheet's example

    faces = client.get("/api/games/cento/faces").json()["cards"]
    assert set(faces) == {str(card) for card in cento.full_deck(1)}
    assert faces["0"] == {"kind": "free"}
    for card in cento.NUMBER_CARDS:
        face = faces[str(card)]
        assert (face["kind"] == "mono") == cento.is_mono(card)
        assert (face["kind"] == "repdigit") == cento.is_repdigit(card)
        assert (face["ones"], face["tens"]) == (cento.ones_digit(card), cento.tens_digit(card))
        assert face["digit_sum"] == cento.digit_sum(card)
    assert faces["77"] == {"kind": "repdigit", "ones": 7, "tens": 7, "digit_sum": 14}
    assert faces["100"] == {"kind": "hundred", "ones": 0, "tens": 0, "digit_sum": 1}
    assert faces["7"]["tens"] is None
    assert faces["10"]["kind"] is None

    missions = client.get("/api/games/missionszahl/faces").json()
    assert [
        (face["name"], face["colour"], face["value"], face["symbol"])
        for _, face in sorted(missions["cards"].items(), key=lambda item: int(item[0]))
    ] == [
        (
            mz.NAME[card],
            mz.LETTERS[mz.COLOUR[card]],
            mz.VALUE[card],
            getattr(mz.SYMBOL[card], "value", None),
        )
        for card in mz.ALL_CARDS
    ]
    assert missions["cards"]["3"]["symbol"] == "pass_cw"  # R4
    for lang in ("de", "en"):
        names = missions["names"][lang]
        assert names["symbols"] == {s.value: WORDS[lang][f"symbol.{s.value}"] for s in mz.Symbol}
    assert missions["names"]["de"]["colours"] == {
        "R": "rot",
        "G": "grün",
        "B": "blau",
        "O": "orange",
    }
    assert missions["names"]["en"]["colours"]["O"] == "orange"

    assert client.get("/api/games/triggs/faces").json() == {
        "game": "triggs",
        "cards": {},
        "names": {},
    }
    unknown = client.get("/api/games/skat/faces")
    assert unknown.status_code == 404
    assert "unknown game 'skat'" in unknown.json()["error"]


def test_the_openapi_document_describes_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/games",
        "/api/games/{game_id}/rules",
        "/api/games/{game_id}/faces",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/transcript",
        "/api/tables/{table_id}/replay",
        "/api/replay",
    ):
        assert path in paths
    assert client.get("/docs").status_code == 200


def test_the_static_ui_is_served_at_the_root(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "<html" in page.text.lower()


# -- refusals ------------------------------------------------------------------------------

BAD_TABLES = [
    ({"game": "skat", "players": 4, "seats": ["human"] * 4}, "unknown game 'skat'"),
    ({"game": "cento", "players": 9, "seats": ["human"] * 9}, "2 to 6 players"),
    ({"game": "cento", "players": 3, "seats": ["human"] * 2}, "one seat kind per player"),
    ({"game": "cento", "players": 2, "seats": ["human", "robot"]}, "'human' or 'bot:<spec>'"),
    ({"game": "cento", "players": 2, "seats": ["human", "bot:genius"]}, "unknown bot"),
    ({"game": "cento", "players": 2, "seats": ["human", "bot:ismcts:time=60"]}, "at most 10"),
    ({"game": "cento", "players": 2, "seats": ["human"] * 2, "options": {"x": 1}}, "no option"),
    ({"game": "cento", "players": "2", "seats": ["human"] * 2}, "players"),
    ({"game": "cento", "players": 2, "seats": ["human"] * 2, "seed": -1}, "seed"),
    (
        {
            "game": "magic-numbers",
            "players": 2,
            "seats": ["human"] * 2,
            "options": {"deck": "/etc/passwd"},
        },
        "only 'standard'",
    ),
]


@pytest.mark.parametrize(("body", "message"), BAD_TABLES)
def test_a_bad_table_request_is_refused_in_one_line(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert message in error
    assert "\n" not in error


CODED = [
    ({"game": "skat", "players": 4, "seats": ["human"] * 4}, "unknown_game"),
    ({"game": "cento", "players": 9, "seats": ["human"] * 9}, "seat_count"),
    ({"game": "cento", "players": 2, "seats": ["human", "bot:genius"]}, "bot_unknown"),
    (
        {"game": "cento", "players": 2, "seats": ["human"] * 2, "options": {"x": 1}},
        "unknown_option",
    ),
]


@pytest.mark.parametrize(("body", "code"), CODED)
def test_a_refused_game_bot_or_option_carries_a_stable_error_code(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422
    refusal = answer.json()
    assert refusal["code"] == code
    assert refusal["error"] == SpieltischError(code=code, **refusal["params"]).text("en")


def test_unknown_tables_and_wrong_tokens_are_refused(client: TestClient) -> None:
    created = open_table(client)
    table = created["table"]
    assert client.get("/api/tables/nosuchtable").status_code == 404
    assert "no table" in client.get("/api/tables/nosuchtable").json()["error"]
    wrong = client.get(f"/api/tables/{table}", params={"token": "x" * 43})
    assert wrong.status_code == 403
    assert wrong.json()["error"] == "this token belongs to no seat of this table"
    other = open_table(client)
    foreign = client.get(f"/api/tables/{table}", params={"token": tokens(other)[0]})
    assert foreign.status_code == 403


def refused(
    client: TestClient, table: str, body: object, status: int, message: str, **kwargs: Any
) -> None:
    before = state(client, table)
    request: dict[str, Any] = {"json": body, **kwargs}
    answer = client.post(f"/api/tables/{table}/actions", **request)
    assert answer.status_code == status, answer.text
    assert message in answer.json()["error"]
    assert state(client, table) == before  # the table is unchanged


def test_bad_actions_are_refused_and_change_nothing(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=5)
    table, keys = created["table"], tokens(created)
    legal = state(client, table, keys[0])["legal_actions"]
    good = legal[0]["action"]
    refused(client, table, {"token": keys[1], "action": good}, 409, "does not act now")
    refused(client, table, {"token": "nope", "action": good}, 403, "no seat")
    refused(client, table, {"token": keys[0], "action": {"type": "fly"}}, 422, "write it like")
    refused(client, table, {"token": keys[0], "action": "play"}, 422, "action")
    refused(client, table, {"token": keys[0]}, 422, "action")
    refused(client, table, {"token": keys[0], "action": good, "extra": 1}, 422, "extra")
    refused(
        client,
        table,
        None,
        422,
        "",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    big = {"token": keys[0], "action": {"type": "x" * 20000}}
    refused(client, table, big, 413, "at most 16384 bytes")
    refused(client, table, {"token": keys[0], "action": good, "step": 3}, 409, "stale")
    listed = [a["action"] for a in legal]
    illegal = next(
        {"type": "lay", "card": c}
        for c in range(1, 100)
        if {"type": "lay", "card": c} not in listed
    )
    refused(client, table, {"token": keys[0], "action": illegal}, 409, "is not legal for seat 0")


def test_a_finished_game_takes_no_more_actions(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "bot:random"], seed=2)
    play_out(client, created)
    answer = client.post(
        f"/api/tables/{created['table']}/actions",
        json={"token": tokens(created)[0], "action": {"type": "pass"}},
    )
    assert answer.status_code == 409
    assert answer.json()["error"] == "the game is over"


def test_a_replay_of_a_bad_transcript_is_refused(client: TestClient) -> None:
    answer = client.post("/api/replay", json={"format": "chess"})
    assert answer.status_code == 422
    assert "not a Spieltisch transcript" in answer.json()["error"]


def test_bad_language_and_unknown_paths_answer_json_errors(client: TestClient) -> None:
    created = open_table(client)
    answer = client.get(f"/api/tables/{created['table']}", params={"lang": "fr"})
    assert answer.status_code == 422
    assert "lang" in answer.json()["error"]
    assert client.get("/api/nothing").json()["error"] == "Not Found"


def test_tables_outlive_the_app_on_both_stores(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = open_table(client, game="triggs", seats=["human", "bot:heuristic", "human"])
        table, keys = created["table"], tokens(created)
        first = wait_for_humans(client, table)
        seat = first["to_act"][0]
        legal = state(client, table, keys[seat])["legal_actions"]
        client.post(
            f"/api/tables/{table}/actions", json={"token": keys[seat], "action": legal[0]["action"]}
        )
        wait_for_humans(client, table)
        views = {s: state(client, table, keys[s]) for s in keys}
    with TestClient(create_app(db_url)) as client:
        assert {s: state(client, table, keys[s]) for s in keys} == views


def test_a_finished_table_leaves_memory_once_unused_and_is_loaded_again_when_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spieltisch.server import service

    monkeypatch.setattr(service, "FORGET_FINISHED_SECONDS", 0.4)

    def in_memory(table: str) -> bool:
        manager: service.TableManager = client.app.state.tables  # type: ignore[attr-defined]
        return table in manager._tables

    with TestClient(create_app(str(tmp_path / "tables.sqlite3"))) as client:
        created = open_table(client, game="triggs", seats=["bot:random", "bot:random"], seed=3)
        table = created["table"]
        finished = wait_for_humans(client, table)
        with client.websocket_connect(f"/ws/tables/{table}"):
            time.sleep(1.2)  # three times the time: a watcher keeps it
            assert in_memory(table)
        for _ in range(100):
            if not in_memory(table):
                break
            time.sleep(0.05)
        assert not in_memory(table)
        assert state(client, table) == finished
        assert in_memory(table)
        assert client.get(f"/api/tables/{table}/transcript").status_code == 200


def test_an_action_the_database_refuses_is_not_applied(client: TestClient) -> None:
    created = open_table(client, game="cento", seats=["human", "human"], seed=5)
    table, keys = created["table"], tokens(created)
    before = state(client, table, keys[0])
    store = client.app.state.tables._storage  # type: ignore[attr-defined]
    working = store.append_actions

    def broken(rows: object) -> None:
        raise OSError("disk full")

    store.append_actions = broken
    action = before["legal_actions"][0]["action"]
    answer = client.post(f"/api/tables/{table}/actions", json={"token": keys[0], "action": action})
    assert answer.status_code == 503
    assert answer.json()["error"] == "the action could not be stored; try again"
    store.append_actions = working
    assert state(client, table, keys[0]) == before  # reloaded from the database
    answer = client.post(f"/api/tables/{table}/actions", json={"token": keys[0], "action": action})
    assert answer.status_code == 200


@pytest.mark.parametrize("deck", ["/etc/passwd", "../deck.json", None, 5])
def test_only_the_standard_deck_is_accepted_over_the_api(client: TestClient, deck: object) -> None:
    """Magic Numbers' ``deck`` names a file on the server's disk: a table and a posted
    transcript are refused alike, with the same line."""
    expected = (
        "option 'deck' names a file on the server's disk; over the API only 'standard' is allowed"
    )
    options = {"deck": deck}
    body = {"game": "magic-numbers", "players": 2, "seats": ["human"] * 2, "options": options}
    table = client.post("/api/tables", json=body)
    assert (table.status_code, table.json()["error"]) == (422, expected)
    transcript = Transcript(
        game="magic-numbers",
        rules_version=make_game("magic-numbers").spec.rules_version,
        options={"deck": deck},
        players=2,
        seed=1,
    )
    posted = client.post("/api/replay", json=transcript.to_json())
    assert (posted.status_code, posted.json()["error"]) == (422, expected)
    standard = dataclasses.replace(transcript, options={"deck": "standard"})
    assert client.post("/api/replay", json=standard.to_json()).status_code == 200
