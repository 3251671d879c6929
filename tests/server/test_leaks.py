"""The leak rule: nothing a seat receives holds more than its own view.

Every game is played to the end at an all-human table, each seat and a spectator connected
by WebSocket. Alongside, the test keeps its own copy of the game. Every answer and every
push is compared with the game's own view function for that seat at that moment, the legal
actions with ``legal_actions``, and the events with the events that seat may see; so is
every frame (the view after each step, the events of that step). Dealing anew everything a
seat cannot see leaves what it was sent unchanged.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from spieltisch.core.game import Event, Game, Seat
from spieltisch.core.match import play_match
from spieltisch.games import REGISTRY, make_game
from spieltisch.server.schemas import FRAMES_KEPT
from tests.helpers import random_agents
from tests.server.tables import open_table, tokens

CASES = [
    ("dicht-dran", 3, {}),
    ("cento", 3, {}),
    ("missionszahl", 3, {}),
    ("triggs", 3, {}),
    ("magic-numbers", 3, {}),
    ("magic-numbers", 3, {"judge": "quizmaster"}),
]
ANSWERS = ["", "Zahl", "the number of moons", "42"]
#: Actions per game: enough for every phase of every game, short enough for the suite.
MAX_STEPS = 80


def plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


class Mirror:
    """The test's own copy of the table: the state, the events, and what each seat (and the
    spectator) should have been shown after every event number."""

    def __init__(self, game: Game[Any, Any, Any], players: int, seed: int) -> None:
        self.game = game
        self.seats: list[Seat | None] = [*range(players), None]
        self.log: list[Event] = []
        self.state = game.new_state(players, seed, None, self.log)
        self.actions = 0
        #: What each seat should be shown after each number of actions.
        self.shown: dict[int, dict[Seat | None, dict[str, Any]]] = {}
        #: Who acted at each step (the deal: ``None``) and the events before it and after.
        self.acted: list[Seat | None] = [None]
        self.bounds: list[tuple[int, int]] = [(0, len(self.log))]
        self.record()

    def record(self) -> None:
        game, state = self.game, self.state
        self.shown[self.actions] = {
            seat: {
                "view": plain(game.view(state, seat).to_json()),
                "legal": [
                    plain(a.to_json())
                    for a in (
                        game.legal_actions(state, seat)
                        if seat is not None and seat in game.to_act(state)
                        else []
                    )
                ],
            }
            for seat in self.seats
        }

    def act(self, seat: Seat, data: dict[str, Any]) -> list[Event]:
        events = self.game.play(self.state, seat, self.game.action_from_json(data))
        self.bounds.append((len(self.log), len(self.log) + len(events)))
        self.acted.append(seat)
        self.log.extend(events)
        self.actions += 1
        self.record()
        return events

    def check(self, message: dict[str, Any], seat: Seat | None, since: int, first: int) -> None:
        """``message`` (a seat state) shows ``seat`` exactly what it may know, with the
        frames from step ``first`` on (only the latest if more than :data:`FRAMES_KEPT`)."""
        expected = self.shown[message["step"]][seat]
        assert message["seat"] == seat
        assert message["view"] == expected["view"]
        assert [a["action"] for a in message["legal_actions"]] == expected["legal"]
        visible = [
            (seq, event.kind, plain(dict(event.data)))
            for seq, event in enumerate(self.log[: message["last_seq"]], start=1)
            if seq > since and event.visible_to(seat)
        ]
        assert [(e["seq"], e["kind"], e["data"]) for e in message["events"]] == visible
        start = first if message["step"] - first < FRAMES_KEPT else message["step"]
        assert [f["step"] for f in message["frames"]] == list(range(start, message["step"] + 1))
        assert message["frames_skipped"] == start - first
        for frame in message["frames"]:
            step = frame["step"]
            assert frame["seat"] == self.acted[step]
            assert frame["view"] == self.shown[step][seat]["view"]
            begin, end = self.bounds[step]
            told = [
                (seq, event.kind, plain(dict(event.data)))
                for seq, event in enumerate(self.log[begin:end], start=begin + 1)
                if event.visible_to(seat)
            ]
            assert [(e["seq"], e["kind"], e["data"]) for e in frame["events"]] == told


def drain(
    ws: WebSocketTestSession, mirror: Mirror, seat: Seat | None, since: int, step: int
) -> tuple[int, int]:
    """Check every pushed state up to the table's latest action; returns the last event
    number and the step the connection has seen."""
    while step < mirror.actions:
        message = ws.receive_json()
        assert message["type"] == "state"
        mirror.check(message, seat, since, step + 1)
        since, step = message["last_seq"], message["step"]
    return since, step


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_no_seat_ever_receives_more_than_its_own_view(
    client: TestClient, game_id: str, players: int, options: dict[str, Any]
) -> None:
    seed = 13
    created = open_table(client, game_id, ["human"] * players, seed, options)
    table, keys = created["table"], tokens(created)
    game = make_game(game_id, options)
    mirror = Mirror(game, players, seed)
    rng = random.Random(seed)
    sockets = {
        seat: client.websocket_connect(
            f"/ws/tables/{table}" + (f"?token={keys[seat]}" if seat is not None else "")
        )
        for seat in mirror.seats
    }
    seen = dict.fromkeys(mirror.seats, (0, -1))
    with sockets[0], sockets[1], sockets[2], sockets[None]:
        for seat, ws in sockets.items():
            seen[seat] = drain(ws, mirror, seat, *seen[seat])
        while not game.is_terminal(mirror.state) and mirror.actions < MAX_STEPS:
            seat = rng.choice(game.to_act(mirror.state))
            answers = client.get(f"/api/tables/{table}", params={"token": keys[seat]}).json()
            mirror.check(answers, seat, 0, 0)
            action = rng.choice(answers["legal_actions"])["action"]
            if action["type"] == "answer":  # free text: a typed answer, not the template
                action = {"type": "answer", "text": rng.choice(ANSWERS)}
            before = len(mirror.log)
            posted = client.post(
                f"/api/tables/{table}/actions", json={"token": keys[seat], "action": action}
            )
            assert posted.status_code == 200, posted.text
            mirror.act(seat, action)
            mirror.check(posted.json(), seat, before, mirror.actions)
            for other, ws in sockets.items():
                seen[other] = drain(ws, mirror, other, *seen[other])
            hidden_anew = game.shuffle_unseen(mirror.state, seat, rng)
            assert plain(game.view(hidden_anew, seat).to_json()) == posted.json()["view"]
            assert posted.json()["frames"][-1]["view"] == posted.json()["view"]


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_a_replay_shows_each_step_as_a_spectator_saw_it(client: TestClient, game_id: str) -> None:
    game = make_game(game_id)
    players = game.spec.min_seats + 1
    transcript = play_match(game, random_agents(game, players, 3), seed=3).transcript
    public = client.post("/api/replay", json=transcript.to_json())
    assert public.status_code == 200, public.text
    steps = public.json()["steps"]
    assert len(steps) == len(transcript.actions) + 1
    replayed = Mirror(game, players, 3)
    assert steps[0]["view"] == replayed.shown[0][None]["view"]
    for step in steps[1:]:
        events = replayed.act(step["seat"], step["action"])
        assert step["view"] == replayed.shown[replayed.actions][None]["view"]
        public_events = [(e.kind, plain(dict(e.data))) for e in events if e.visible_to(None)]
        assert [(e["kind"], e["data"]) for e in step["events"]] == public_events
