"""The one view-to-JSON converter gives exactly the JSON that ``dataclasses.asdict`` (the
former ``View.to_json``) and each game's own converter give."""

from __future__ import annotations

import dataclasses
import json
import random
from enum import Enum, IntEnum
from typing import Any, NamedTuple

import pytest

from spieltisch.core.game import Event, View
from spieltisch.core.plain import to_plain
from spieltisch.games import REGISTRY, make_game

CASES = [
    (game_id, seats)
    for game_id, cls in REGISTRY.items()
    for seats in sorted({cls.spec.min_seats, cls.spec.max_seats})
]


def round_trip(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_views_and_events_convert_as_before(game_id: str, seats: int) -> None:
    """At every step of random games, for every seat and a spectator: ``to_plain`` of the
    view is the JSON of ``asdict`` (and of the game's own ``to_json``, if it has one), and
    ``to_plain`` of every event's data is its JSON."""
    game = make_game(game_id)
    for seed in range(2):
        rng = random.Random(seed)
        log: list[Event] = []
        state = game.new_state(seats, seed, None, log)
        steps = 0
        while True:
            for seat in [*range(seats), None]:
                view = game.view(state, seat)
                converted = to_plain(view)
                assert converted == round_trip(dataclasses.asdict(view))
                assert converted == round_trip(view.to_json())
                assert json.loads(json.dumps(converted)) == converted
            for event in log:
                assert to_plain(event.data) == round_trip(dict(event.data))
            log.clear()
            if game.is_terminal(state) or steps == 150:
                break
            seat = rng.choice(game.to_act(state))
            log.extend(game.play(state, seat, rng.choice(game.legal_actions(state, seat))))
            steps += 1


class Colour(Enum):
    RED = "red"


class Rank(IntEnum):
    ACE = 1


class Pair(NamedTuple):
    left: int
    right: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Inner:
    card: int
    tags: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Sample(View):
    hand: tuple[int, ...]
    inner: Inner
    pairs: list[Pair]
    by_seat: dict[int, tuple[Inner, ...]]
    keys: dict[Any, int]
    rank: Rank
    colour: Colour
    seen: frozenset[int]


def test_every_kind_of_value_converts_like_json() -> None:
    view = Sample(
        seat=1,
        hand=(3, 1, 2),
        inner=Inner(5, ("a", "b")),
        pairs=[Pair(1, (2, 3))],
        by_seat={0: (Inner(1, ()),), 2: ()},
        keys={True: 1, None: 2, 1.5: 3, Rank.ACE + 6: 4, Colour.RED: 6, "x": 5},
        rank=Rank.ACE,
        colour=Colour.RED,
        seen=frozenset({9, 4, 7}),
    )
    data = view.to_json()
    assert data == {
        "seat": 1,
        "hand": [3, 1, 2],
        "inner": {"card": 5, "tags": ["a", "b"]},
        "pairs": [[1, [2, 3]]],
        "by_seat": {"0": [{"card": 1, "tags": []}], "2": []},
        "keys": {"true": 1, "null": 2, "1.5": 3, "7": 4, "red": 6, "x": 5},
        "rank": 1,
        "colour": "red",
        "seen": [4, 7, 9],
    }
    assert type(data["rank"]) is int
    # What JSON holds reads the same as JSON writes it.
    simple = dataclasses.replace(view, keys={True: 1, 2: 2}, seen=frozenset())
    expected = round_trip({**dataclasses.asdict(simple), "colour": "red", "seen": []})
    assert to_plain(simple) == expected


def test_what_json_cannot_hold_is_refused() -> None:
    with pytest.raises(TypeError):
        to_plain({"a": object()})
    with pytest.raises(TypeError):
        to_plain({(1, 2): 3})
