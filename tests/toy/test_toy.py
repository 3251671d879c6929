"""The toy game plugs into every face through its descriptor alone: the registry, the bots,
the simulator and tournaments, the server over HTTP, and the terminal."""

from __future__ import annotations

import builtins
import json
import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spieltisch.bots import HEURISTICS, make_bot
from spieltisch.cli.main import main
from spieltisch.cli.render import render_generic, renderer_for
from spieltisch.core.errors import BotSpecError, UnknownGameError
from spieltisch.core.transcript import Transcript, replay
from spieltisch.games import REGISTRY, descriptor, game_for, make_game, register, registered
from spieltisch.server.app import create_app
from spieltisch.sim.seeing import true_deal
from tests.server.tables import open_table, state, tokens, wait_for_humans
from tests.toy import DESCRIPTOR
from tests.toy.bot import HighestCard

SHIPPED = ["dicht-dran", "cento", "missionszahl", "triggs", "magic-numbers"]


def test_registering_is_one_line_and_lasts_only_as_long_as_asked() -> None:
    assert list(REGISTRY) == [*SHIPPED, "toy-tricks"]
    assert descriptor("toy-tricks") is DESCRIPTOR
    with pytest.raises(ValueError, match="registered already"):
        register(DESCRIPTOR)


def test_outside_the_fixture_only_the_shipped_games_are_known() -> None:
    from spieltisch.games import unregister

    unregister("toy-tricks")
    try:
        assert list(REGISTRY) == SHIPPED
        with pytest.raises(UnknownGameError, match="the games are: dicht-dran, cento"):
            descriptor("toy-tricks")
        with registered(DESCRIPTOR):
            assert "toy-tricks" in REGISTRY
        assert "toy-tricks" not in REGISTRY
    finally:
        register(DESCRIPTOR)


def test_its_heuristic_comes_from_the_descriptor_and_it_has_no_belief() -> None:
    game = make_game("toy-tricks")
    assert isinstance(make_bot("heuristic", game, 1), HighestCard)
    assert HEURISTICS["toy-tricks"][1] == ()
    with pytest.raises(BotSpecError, match="has no parameter 'x'; its parameters: none"):
        make_bot("heuristic:x=1", game, 1)
    with pytest.raises(BotSpecError, match="deals=belief is for: cento, missionszahl"):
        make_bot("ismcts:sims=10:deals=belief", game, 1)
    bot = make_bot("ismcts:sims=20:rollout=heuristic", game, 1)
    state = game.new_state(3, 2)
    action = bot.act(game.view(state, 0), game.legal_actions(state, 0))
    assert action in game.legal_actions(state, 0)


def test_a_seeing_deal_of_the_hands_needs_a_draw_pile_nobody_knows() -> None:
    game = make_game("toy-tricks")
    state = game.new_state(2, 1)
    assert true_deal(game, state, "all", random.Random(1)) == state
    with pytest.raises(ValueError, match=r"\(dicht-dran, cento, missionszahl\), not toy-tricks"):
        true_deal(game, state, "hands", random.Random(1))


def test_the_terminal_shows_it_generically() -> None:
    assert renderer_for("toy-tricks") is render_generic


def test_it_plays_in_simulate_and_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "3", "--games", "30", "--seed", "2", "--workers", "1", "--json"]
    assert main(["simulate", "toy-tricks", *argv, "--bots", "heuristic,random,random"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 30
    assert sum(summary["wins"]) >= 30
    assert main(["tournament", "toy-tricks", *argv, "--bots", "heuristic,random,random"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 30


def test_it_plays_at_the_server_with_bots(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "tables.sqlite3"))) as client:
        listing = client.get("/api/games").json()
        toy = next(game for game in listing["games"] if game["id"] == "toy-tricks")
        assert toy["browser_module"] is False
        assert [bot["spec"] for bot in toy["bots"]][-1].startswith("ismcts:time=1")
        seats = ["human", "bot:heuristic", "bot:random"]
        created = open_table(client, game="toy-tricks", seats=seats, seed=5)
        table, keys = created["table"], tokens(created)
        while not (public := wait_for_humans(client, table))["over"]:
            legal = state(client, table, keys[0])["legal_actions"]
            assert [choice["label"] for choice in legal] == [
                str(card) for card in state(client, table, keys[0])["view"]["hand"]
            ]
            answer = client.post(
                f"/api/tables/{table}/actions",
                json={"token": keys[0], "action": legal[-1]["action"]},
            )
            assert answer.status_code == 200, answer.text
        assert sorted(public["result"]["scores"], reverse=True)[0] >= 1
        transcript = Transcript.from_json(client.get(f"/api/tables/{table}/transcript").json())
        final = replay(game_for(transcript), transcript)
        assert list(game_for(transcript).scores(final)) == public["result"]["scores"]


def test_a_person_plays_it_in_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    screens: list[str] = []
    choices = re.compile(r"You may choose: (.*)")

    def answer(prompt: object = "") -> str:
        screens.append(capsys.readouterr().out)
        if len(screens) == 1:
            return "lay 99"
        return str(choices.findall("".join(screens))[-1]).split(", ")[0]

    monkeypatch.setattr(builtins, "input", answer)
    save = tmp_path / "game.json"
    argv = ["play", "toy-tricks", "--players", "2", "--seat", "1", "--seed", "3", "--lang", "en"]
    assert main([*argv, "--save", str(save)]) == 0
    text = "".join(screens) + capsys.readouterr().out
    assert "Toy tricks" in text
    assert "I don't understand 'lay 99'." in text
    assert "Player 2 lays face down." in text
    assert "wins the trick with" in text
    assert "Result" in text
    transcript = Transcript.load(save)
    assert transcript.result is not None
    assert len(transcript.actions) == 6
