"""Deals from the true state, for benchmarks (never for bots)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.games import make_game
from spieltisch.sim.seeing import true_deal


def _zones(game: Any, state: Any) -> dict[str, list[Any]]:
    return {zone: list(cards) for zone, cards in game.card_zones(state).items()}


@pytest.mark.parametrize("game_id", ["dicht-dran", "cento", "missionszahl"])
def test_seeing_the_hands_keeps_every_hand_and_shuffles_only_the_draw_pile(game_id: str) -> None:
    game = make_game(game_id)
    state = game.new_state(4, 11)
    before = _zones(game, state)
    world = true_deal(game, state, "hands", random.Random(3))
    after = _zones(game, world)
    assert _zones(game, state) == before  # the true state is left alone
    for zone, cards in before.items():
        if zone == "draw pile":
            assert sorted(after[zone]) == sorted(cards)
            assert after[zone] != cards
        else:
            assert after[zone] == cards
    assert world.seed != state.seed  # a later reshuffle is not the real one either


def test_seeing_the_hands_in_cento_keeps_the_card_all_saw_put_under_the_pile() -> None:
    """Seed 2 puts the 100 under the draw pile in view of all: the seeing deal shuffles the
    pile above it, and leaves it at the bottom, where every view shows it."""
    game = make_game("cento")
    state = game.new_state(4, 2)
    assert state.draw_pile[0] == 100
    worlds = [true_deal(game, state, "hands", random.Random(seed)) for seed in range(5)]
    assert all(world.draw_pile[0] == 100 for world in worlds)
    assert all(game.view(world, 0) == game.view(state, 0) for world in worlds)
    assert any(world.draw_pile[1:] != state.draw_pile[1:] for world in worlds)


def test_seeing_all_is_the_true_state_itself() -> None:
    game = make_game("missionszahl")
    state = game.new_state(4, 11)
    world = true_deal(game, state, "all", random.Random(3))
    assert world is not state
    assert _zones(game, world) == _zones(game, state)
    assert world.seed == state.seed


def test_seeing_only_the_hands_is_refused_where_there_is_no_one_draw_pile() -> None:
    game = make_game("triggs")
    with pytest.raises(ValueError, match=r"nobody knows .*not triggs"):
        true_deal(game, game.new_state(4, 1), "hands", random.Random(0))
    with pytest.raises(ValueError, match="hands or all, got 'some'"):
        true_deal(game, game.new_state(4, 1), "some", random.Random(0))


def _missionszahl_with_cards_under_the_pile() -> tuple[Any, Any]:
    """A Missionszahl table, played at random until some draw pile card is known to
    somebody (put under the pile face up, or passed there blind)."""
    game = make_game("missionszahl")
    chance = random.Random(4)
    for seed in range(40):
        state = game.new_state(4, seed)
        while not game.is_terminal(state):
            if any(state.known[card] for card in state.draw_pile):
                return game, state
            seat = game.to_act(state)[0]
            game.apply(state, seat, chance.choice(game.legal_actions(state, seat)))
    raise AssertionError("no game put a card under the draw pile")


def test_seeing_the_hands_in_missionszahl_keeps_every_known_draw_pile_card_in_place() -> None:
    game, state = _missionszahl_with_cards_under_the_pile()
    pile = state.draw_pile
    worlds = [true_deal(game, state, "hands", random.Random(seed)) for seed in range(5)]
    for world in worlds:
        assert world.hands == state.hands
        assert sorted(world.draw_pile) == sorted(pile)
        for place, card in enumerate(pile):
            if state.known[card]:
                assert world.draw_pile[place] == card
        for seat in (None, 0, 1, 2, 3):
            assert game.view(world, seat) == game.view(state, seat)
    assert any(world.draw_pile != pile for world in worlds)


@pytest.mark.parametrize(
    ("game_id", "face_down"), [("dicht-dran", "committed"), ("missionszahl", "played")]
)
def test_a_seats_deal_lays_the_others_face_down_cards_anew_from_their_hands(
    game_id: str, face_down: str
) -> None:
    """A seat's seeing search knows the others' hands, not which card each has laid face
    down this round; a judge (no seat) keeps the real face-down cards."""
    game = make_game(game_id)
    state = game.new_state(4, 11)
    for _ in range(2):  # seats 0 and 1 lay a card face down
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    held = [sorted([*state.hands[s], getattr(state, face_down)[s]]) for s in (0, 1)]
    laid = set()
    for seed in range(12):
        world = true_deal(game, state, "hands", random.Random(seed), seat=2)
        for s in (0, 1):
            assert sorted([*world.hands[s], getattr(world, face_down)[s]]) == held[s]
            assert world.hands[s] == sorted(world.hands[s])
        laid.add(getattr(world, face_down)[0])
        assert world.hands[2:] == state.hands[2:]
    assert len(laid) > 1
    judged = true_deal(game, state, "hands", random.Random(0))
    assert getattr(judged, face_down) == getattr(state, face_down)
    assert judged.hands == state.hands


