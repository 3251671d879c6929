"""Golden transcripts: recorded games must replay to their recorded results, move by move."""

from __future__ import annotations

from pathlib import Path

import pytest

from spieltisch.core.transcript import Transcript, replay
from spieltisch.games import REGISTRY, game_for

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*/*.json"))


def test_every_game_has_golden_transcripts_for_every_seat_count() -> None:
    for game_id, cls in REGISTRY.items():
        recorded = {Transcript.load(path).players for path in HERE.glob(f"{game_id}/*.json")}
        assert recorded == set(cls.spec.seat_counts), game_id


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_golden_transcript_replays_to_its_result(path: Path) -> None:
    transcript = Transcript.load(path)
    game = game_for(transcript)
    state = replay(game, transcript, verify=True)
    assert game.is_terminal(state)
    assert transcript.dumps() == path.read_text(encoding="utf-8")
