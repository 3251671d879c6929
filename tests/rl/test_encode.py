"""Observation encodings: a fixed-size float32 vector in [-1, 1] for every game, seat and
player count, made from the seat's view alone (what it cannot see never shows)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from spieltisch.core.game import Game
from spieltisch.games import descriptors, make_game
from spieltisch.rl.common import make_rl_game

CASES = [
    (entry.id, players)
    for entry in descriptors()
    for players in make_game(entry.id).spec.seat_counts
]
#: Positions looked at per game: every few actions of one random game, up to this many.
POSITIONS = 12


def positions(game: Game[Any, Any, Any], players: int, seed: int) -> Iterator[Any]:
    """States along one random game (its first, some in between, its last)."""
    rng = random.Random(seed)
    state = game.new_state(players, seed)
    every = max(1, game.max_actions(players) // 400)
    shown = 0
    step = 0
    while not game.is_terminal(state) and shown < POSITIONS:
        if step % every == 0 and rng.random() < 0.3:
            shown += 1
            yield state
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
        step += 1
    while not game.is_terminal(state):
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    yield state


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_an_observation_has_the_game_s_shape_and_bounds(game_id: str, players: int) -> None:
    game = make_rl_game(game_id)
    shape = game.observation_shape(players)
    assert len(shape) == 1
    for state in positions(game, players, seed=players):
        for seat in (*range(players), None):
            observation = game.encode_view(game.view(state, seat))
            assert observation.shape == shape
            assert observation.dtype == np.float32
            assert observation.min() >= -1.0
            assert observation.max() <= 1.0


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_what_a_seat_cannot_see_does_not_change_its_observation(game_id: str, players: int) -> None:
    game = make_rl_game(game_id)
    rng = random.Random(players)
    changed = 0
    for state in positions(game, players, seed=100 + players):
        for seat in range(players):
            mine = game.encode_view(game.view(state, seat))
            redealt = game.shuffle_unseen(state, seat, rng)
            assert np.array_equal(game.encode_view(game.view(redealt, seat)), mine)
            sampled = game.determinize(game.view(state, seat), rng)
            assert np.array_equal(game.encode_view(game.view(sampled, seat)), mine)
            # ... while cards it does see (dealt anew for another seat) do change it
            other = game.shuffle_unseen(state, (seat + 1) % players, rng)
            changed += not np.array_equal(game.encode_view(game.view(other, seat)), mine)
    assert changed > 0


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_layout_names_every_entry_once(game_id: str, players: int) -> None:
    fields = make_rl_game(game_id).observation_layout(players)
    ends = [field.start + field.size for field in fields.fields]
    assert [field.start for field in fields.fields] == [0, *ends[:-1]]
    assert ends[-1] == fields.size
    assert len({field.name for field in fields.fields}) == len(fields.fields)


DOCS = Path(__file__).parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game_id", [entry.id for entry in descriptors()])
def test_docs_rl_md_shows_each_game_s_layout_as_the_code_has_it(game_id: str) -> None:
    game = make_rl_game(game_id)
    table = game.observation_layout(game.spec.min_seats).markdown()
    assert table in DOCS.read_text(encoding="utf-8"), (
        f"docs/rl.md: replace {game_id}'s table with game.observation_layout"
        f"({game.spec.min_seats}).markdown()"
    )


def test_dicht_dran_puts_the_observing_seat_s_block_first() -> None:
    game = make_rl_game("dicht-dran")
    state = game.new_state(4, 3)
    rng = random.Random(3)
    while game.progress(state) < 5:  # some cards won, hands of different sizes
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    seats = game.observation_layout(4).at["seats"]
    block = 4 + 100
    for seat in range(4):
        view = game.view(state, seat)
        observation = game.encode_view(view)
        for place in range(4):
            other = (seat + place) % 4
            start = seats + place * block
            assert observation[start + 1] == pytest.approx(view.hand_sizes[other] / 94)
            won = {card for card in range(1, 101) if observation[start + 3 + card]}
            assert won == set(view.collections[other])


def _forget_kept_parts(game_id: str, patch: pytest.MonkeyPatch) -> None:
    """Empty what an encoding keeps between observations."""
    from spieltisch.core.observation import Parts
    from spieltisch.games.magic_numbers import encode as magic_numbers
    from spieltisch.games.missionszahl import encode as missionszahl
    from spieltisch.games.triggs import encode as triggs

    if game_id == "magic-numbers":
        patch.setattr(magic_numbers, "_TABLES", Parts())
    elif game_id == "missionszahl":
        missionszahl._arrows.cache_clear()
    else:
        triggs._counts.cache_clear()
        triggs._crossed_share.cache_clear()


@pytest.mark.parametrize("game_id", ["magic-numbers", "missionszahl", "triggs"])
def test_kept_parts_give_the_observation_made_afresh(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Encodings keep parts of their vectors while the view fields they come from stay the
    same (Magic Numbers' table part, by the fields' identities; Missionszahl's arrow counts,
    Triggs' pile counts and crossed shares, by value); along three random games stepped side
    by side, every seat's observation equals one made with nothing kept, and changing a
    returned observation changes no later one."""
    game = make_rl_game(game_id)
    players = 4
    games = [positions(game, players, seed) for seed in range(3)]
    compared = 0
    for states in zip(*games, strict=False):
        for state in states:
            for seat in (*range(players), None):
                view = game.view(state, seat)
                kept = game.encode_view(view)
                kept[:] = 7.0  # a caller's own vector: nothing kept changes with it
                with monkeypatch.context() as patch:
                    _forget_kept_parts(game_id, patch)
                    fresh = game.encode_view(view)
                assert np.array_equal(game.encode_view(view), fresh)
                compared += 1
    assert compared > 30


def test_a_turned_vector_puts_the_seat_s_blocks_first() -> None:
    from spieltisch.core.observation import Layout, others_first

    fields = Layout()
    fields.add("table", 2, "the same for every seat")
    fields.add("blocks", 4 * 3, "per seat: three entries")
    fields.add("rows", (4 + 1) * 2, "per seat, then one more row: two entries")
    part = np.arange(fields.size, dtype=np.float32)
    for seat in (None, 0, 1, 2, 3):
        turned = fields.turned(part, seat, 4, (("blocks", 3), ("rows", 2)))
        order = others_first(seat, 4)
        assert turned[:2].tolist() == [0.0, 1.0]
        for place, other in enumerate(order):
            assert (
                turned[2 + place * 3 : 5 + place * 3].tolist()
                == part[2 + other * 3 : 5 + other * 3].tolist()
            )
            assert (
                turned[14 + place * 2 : 16 + place * 2].tolist()
                == part[14 + other * 2 : 16 + other * 2].tolist()
            )
        assert turned[22:].tolist() == part[22:].tolist()  # the row after the seats' stays
        turned[:] = -1.0
    assert part[0] == 0.0  # a turned vector is new
