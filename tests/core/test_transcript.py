"""Transcripts: malformed files and illegal actions are refused with a precise message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import TranscriptError
from spieltisch.core.match import play_match
from spieltisch.core.transcript import Transcript, replay
from spieltisch.games import game_for, make_game
from tests.helpers import random_agents


def recorded(seed: int = 3, seats: int = 3) -> Transcript:
    game = make_game("dicht-dran")
    return play_match(game, random_agents(game, seats, seed), seed).transcript


def test_an_illegal_action_names_the_step_the_seat_the_action_and_what_was_legal() -> None:
    transcript = recorded()
    seat, _ = transcript.actions[4]
    transcript.actions[4] = (seat, {"type": "play", "card": 1})
    with pytest.raises(
        TranscriptError,
        match=r"^step 5, player \d: play 1 is not legal now; legal: play \d+",
    ):
        replay(game_for(transcript), transcript)


def test_an_out_of_turn_action_is_refused() -> None:
    transcript = recorded()
    seat, action = transcript.actions[0]
    transcript.actions.insert(1, (seat, action))
    with pytest.raises(
        TranscriptError, match=r"^step 2, player \d does not act now; waiting for player \d"
    ):
        replay(game_for(transcript), transcript)


def test_a_wrong_result_is_found() -> None:
    transcript = recorded()
    assert transcript.result is not None
    data = transcript.to_json()
    data["result"]["scores"][0] += 1
    with pytest.raises(TranscriptError, match="differs from the replayed result"):
        replay(game_for(Transcript.from_json(data)), Transcript.from_json(data))


def test_actions_after_the_end_are_refused() -> None:
    transcript = recorded()
    transcript.actions.append(transcript.actions[-1])
    with pytest.raises(TranscriptError, match="the game was already over"):
        replay(game_for(transcript), transcript)


def test_another_rules_version_is_refused_by_name() -> None:
    data = recorded().to_json()
    data["rules_version"] = "0"
    with pytest.raises(TranscriptError, match="recorded under rules version 0 of dicht-dran"):
        replay(game_for(Transcript.from_json(data)), Transcript.from_json(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "chess"}, "not a Spieltisch transcript"),
        ({"format_version": 99}, "format version 99 is not supported"),
        ({"players": "four"}, "'players' must be a whole number"),
        ({"seed": True}, "'seed' must be a whole number"),
        ({"actions": {}}, "'actions' must be a list"),
        ({"actions": [{"seat": 0}]}, "step 1: each action is"),
        ({"options": []}, "'options' must be a object"),
        ({"result": {"scores": 3}}, "needs the lists 'scores' and 'ranking'"),
    ],
)
def test_malformed_fields_are_named(change: dict[str, object], message: str) -> None:
    data = recorded().to_json()
    data.update(change)
    with pytest.raises(TranscriptError, match=message):
        Transcript.from_json(data)


def test_files_that_are_not_json_or_not_readable_are_refused(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(TranscriptError, match=r"broken.json: not valid JSON: .* line 1"):
        Transcript.load(broken)
    with pytest.raises(TranscriptError, match="cannot read"):
        Transcript.load(tmp_path / "missing.json")


def test_an_unfinished_transcript_replays_without_a_result() -> None:
    transcript = recorded()
    transcript.actions = transcript.actions[:7]
    transcript.result = None
    state = replay(game_for(transcript), transcript)
    assert not game_for(transcript).is_terminal(state)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1), seats=st.integers(3, 5))
def test_any_seed_records_and_replays_to_its_result(seed: int, seats: int) -> None:
    transcript = recorded(seed, seats)
    again = Transcript.loads(json.dumps(transcript.to_json()))
    game = game_for(again)
    state = replay(game, again)
    assert game.scores(state) == transcript.result.scores  # type: ignore[union-attr]
