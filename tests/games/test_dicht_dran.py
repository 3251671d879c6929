"""Dicht dran: the rule sheet's worked examples and every resolved gap (RULES-NOTES §1)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import fields

import pytest

from spieltisch.core.errors import DeckError, IllegalActionError, OptionError, SeatCountError
from spieltisch.games.dicht_dran import DichtDran, DichtDranState, DichtDranView
from spieltisch.games.dicht_dran.cards import CHILIS, SHUFFLED, chili_sum, chilis
from spieltisch.games.dicht_dran.game import PLAYS, closest, gap_of
from spieltisch.games.dicht_dran.rules import CLOSENESS, closeness

ANNA, PAUL, MAX, LINUS = range(4)


def deck_with(
    circle: Sequence[int], hands: Sequence[Sequence[int]], top: Sequence[int] = ()
) -> list[int]:
    """A deck that deals ``circle`` (positions 1, 2, 4, 5), the given hand cards (each hand
    filled up to eight from the unused cards), and ``top`` as the top of the draw pile."""
    used = {*circle, *top, *(card for hand in hands for card in hand)}
    spare = iter(card for card in SHUFFLED if card not in used)
    full_hands = [[*hand, *(next(spare) for _ in range(8 - len(hand)))] for hand in hands]
    rest = list(spare)
    return [*circle, *(card for hand in full_hands for card in hand), *top, *rest]


def play_round(game: DichtDran, state: DichtDranState, cards: Sequence[int]) -> list[str]:
    kinds = []
    for seat, card in enumerate(cards):
        kinds += [event.kind for event in game.play(state, seat, PLAYS[card])]
    return kinds


def table(seats: int = 3, **fields: object) -> DichtDranState:
    """A hand-made mid-pass table: 1 and 100 in the circle, nothing committed yet."""
    state = DichtDranState(
        seats=seats,
        seed=7,
        shuffles=1,
        circle=[1, 50, 60, 100, 20, 30],
        target=1,
        hands=[[] for _ in range(seats)],
        draw_pile=[],
        discard_pile=[],
        collections=[[] for _ in range(seats)],
        committed=[0] * seats,
        waiting=tuple(range(seats)),
        pass_scores=[],
        last_hands=[],
    )
    for name, value in fields.items():
        setattr(state, name, value)
    return state


# -- the rule sheet's example (seed 000) -------------------------------------------------


def test_rule_sheet_example_target_67_gap_1_to_38() -> None:
    game = DichtDran()
    deck = deck_with([67, 38, 12, 90], [[4], [32], [63], [70]], top=[5, 6])
    state = game.new_state(4, seed=1, deck=deck)
    assert game.view(state, ANNA).target == 67
    assert game.view(state, ANNA).gap == (1, 38)

    play_round(game, state, [4, 32, 63, 70])

    # Linus (70, distance 3) beats Max (63, distance 4) and takes the 67.
    assert state.collections[LINUS] == [67]
    assert state.circle[1] == 70
    # Anna's 4 and Paul's 32 fit the gap and are discarded without effect.
    assert sorted(state.discard_pile) == [4, 32, 63]
    assert len(state.hands[ANNA]) == len(state.hands[PAUL]) == 7
    # Max's 63 shows two chilis: he discards it and draws two cards.
    assert CHILIS[63] == 2
    assert len(state.hands[MAX]) == 9
    assert {5, 6} <= set(state.hands[MAX])
    assert len(state.hands[LINUS]) == 7

    # The next round: the 38 is the target and the gap runs from 70 to 100.
    view = game.view(state, ANNA)
    assert view.target == 38
    assert view.gap == (70, 100)


def test_rule_sheet_scoring_example_anna_14_minus_6_is_8() -> None:
    # Anna's collection: six cards, 14 chilis; after the round she holds four cards, 6 chilis.
    collection = [4, 7, 10, 13, 2, 5]
    hand_after = [8, 11, 12, 15]
    assert chili_sum(collection) == 14
    assert chili_sum(hand_after) == 6
    game = DichtDran({"passes": 1})
    state = table(
        hands=[[*hand_after, 16], [51, 70], [99, 98]],
        collections=[collection, [], []],
        draw_pile=[40],
    )
    # Seat 1 wins with 51; Anna's 16 fits the gap 1–60; seat 2's 99 makes it draw.
    play_round(game, state, [16, 51, 99])
    assert game.is_terminal(state)
    assert state.pass_scores == [[8, chili_sum([50]) - chili_sum([70]), -chili_sum(state.hands[2])]]
    assert game.scores(state)[0] == 8


# -- closeness and the gap ------------------------------------------------------------------


def test_equal_distance_goes_to_the_higher_card() -> None:
    assert closest([47, 53, 10], 50) == 1
    assert closest([53, 47, 10], 50) == 0


def test_closeness_ranks_every_card_apart_nearest_first_then_the_higher() -> None:
    for target in range(1, 101):
        order = sorted(range(1, 101), key=lambda card: closeness(card, target))
        expected = sorted(range(1, 101), key=lambda card: (abs(card - target), -card))
        assert order == expected
        assert len({closeness(card, target) for card in range(1, 101)}) == 100
        assert CLOSENESS[target] == tuple(closeness(card, target) for card in range(101))


def test_gap_is_between_the_targets_neighbours_whatever_their_order() -> None:
    circle = [1, 67, 38, 100, 12, 90]
    assert gap_of(circle, 1) == (1, 38)
    assert gap_of(circle, 2) == (67, 100)
    assert gap_of(circle, 0) == (67, 90)


def test_winner_is_decided_before_the_gap_so_a_winner_never_discards() -> None:
    game = DichtDran()
    # Target 50, gap 1–60: seat 0's 49 lies in the gap but wins.
    state = table(hands=[[49, 2], [5, 3], [80, 6]], draw_pile=[40, 41, 42, 43])
    play_round(game, state, [49, 5, 80])
    assert state.collections[0] == [50]
    assert state.circle[1] == 49
    assert 49 not in state.discard_pile
    assert sorted(state.discard_pile) == [5, 80]
    assert len(state.hands[1]) == 1  # 5 fit the gap: no draw
    assert len(state.hands[2]) == 1 + chilis(80)


def test_target_100_is_won_by_the_highest_card() -> None:
    game = DichtDran()
    state = table(target=3, hands=[[99, 2], [97, 3], [98, 5]], draw_pile=list(range(30, 40)))
    play_round(game, state, [99, 97, 98])
    assert state.collections[0] == [100]
    assert state.circle[3] == 99


# -- the order of targets and the anchors option -------------------------------------------


def targets_in_order(game: DichtDran, rounds: int) -> list[int]:
    state = game.new_state(3, seed=11)
    positions = []
    for _ in range(rounds):
        positions.append(state.target)
        for seat in range(3):
            game.play(state, seat, game.legal_actions(state, seat)[0])
        if len(state.pass_scores):
            break
    return positions


def test_target_moves_clockwise_through_all_six_cards_by_default() -> None:
    assert targets_in_order(DichtDran(), 7)[:7] == [1, 2, 3, 4, 5, 0, 1]


def test_anchors_are_skipped_when_they_cannot_be_targets() -> None:
    game = DichtDran({"anchors_can_be_target": False})
    assert targets_in_order(game, 5)[:5] == [1, 2, 4, 5, 1]


# -- drawing, the reshuffle and the end of a pass -------------------------------------------


def test_players_draw_clockwise_from_the_winners_left() -> None:
    game = DichtDran({"passes": 1})
    # Seat 2 wins with 50's neighbour 51; seats 0 and 1 both play outside the gap 1–60.
    # The pile holds exactly one card, 44: seat 0 (left of seat 2) gets it.
    state = table(hands=[[70, 2], [80, 3], [51, 5]], draw_pile=[44])
    play_round(game, state, [70, 80, 51])
    assert 44 in state.hands[0]
    assert 44 not in state.hands[1]


def test_an_empty_pile_is_refilled_once_from_the_shuffled_discards_then_the_pass_ends() -> None:
    game = DichtDran({"passes": 1})
    state = table(hands=[[70, 2], [80, 3], [51, 5]], draw_pile=[44])
    events = play_round(game, state, [70, 80, 51])
    assert "reshuffle" in events
    # Seat 0 owes chilis(70), seat 1 owes chilis(80); the one pile card plus the reshuffled
    # discards (70 and 80 themselves) cover what they can, the rest lapses.
    owed = chilis(70) + chilis(80)
    drawn = len(state.hands[0]) + len(state.hands[1]) - 2
    assert drawn == min(owed, 1 + 2)
    assert game.is_terminal(state)


def test_the_pass_ends_when_the_draw_pile_is_used_up_exactly() -> None:
    game = DichtDran({"passes": 1})
    state = table(hands=[[70, 2], [10, 3], [51, 5]], draw_pile=[44, 45, 46][: chilis(70)])
    events = play_round(game, state, [70, 10, 51])
    assert "reshuffle" not in events
    assert state.draw_pile == []
    assert game.is_terminal(state)


def test_the_pass_ends_when_a_hand_is_empty() -> None:
    game = DichtDran({"passes": 1})
    state = table(hands=[[49], [10, 3], [11, 5]], draw_pile=list(range(30, 40)))
    play_round(game, state, [49, 10, 11])
    assert state.hands[0] == []
    assert game.is_terminal(state)


def test_a_new_pass_is_dealt_afresh_and_scores_add_up() -> None:
    game = DichtDran({"passes": 2})
    state = table(hands=[[49], [10, 3], [11, 5]], draw_pile=list(range(30, 40)))
    play_round(game, state, [49, 10, 11])
    assert not game.is_terminal(state)
    assert len(state.pass_scores) == 1
    assert [len(hand) for hand in state.hands] == [8, 8, 8]
    assert state.circle[0] == 1
    assert state.circle[3] == 100
    assert state.target == 1
    assert state.collections == [[], [], []]
    assert game.scores(state) == tuple(state.pass_scores[0])


def test_the_game_winner_has_the_highest_total_and_ties_share_a_place() -> None:
    game = DichtDran({"passes": 1})
    state = table(pass_scores=[[3, 7, 3]])
    assert game.ranking(state) == (2, 1, 2)
    state.pass_scores = [[5, 5, -2]]
    assert game.ranking(state) == (1, 1, 3)


# -- what each seat may see -------------------------------------------------------------------


def test_face_down_cards_stay_hidden_until_all_have_laid_one() -> None:
    game = DichtDran()
    state = game.new_state(3, seed=5)
    card = state.hands[0][0]
    events = game.play(state, 0, PLAYS[card])
    assert game.view(state, 0).my_card == card
    assert game.view(state, 1).my_card is None
    assert game.view(state, 1).committed == (True, False, False)
    assert all(card not in event.data.values() for event in events if event.to is None)
    assert [event.to for event in events if "card" in event.data] == [frozenset({0})]


def test_a_view_shows_only_the_own_hand() -> None:
    game = DichtDran()
    state = game.new_state(4, seed=5)
    view = game.view(state, 2)
    assert view.hand == tuple(state.hands[2])
    assert view.hand_sizes == (8, 8, 8, 8)
    assert game.view(state, None).hand == ()
    flat = repr(view.to_json())
    for other in (0, 1, 3):
        assert not set(state.hands[other]) & set(view.hand)
    assert "draw_pile'" not in flat


# -- bad input --------------------------------------------------------------------------------


def test_a_card_not_in_hand_is_refused_with_the_choices_and_nothing_changes() -> None:
    game = DichtDran()
    state = game.new_state(3, seed=2)
    before = game.clone(state)
    stranger = next(card for card in SHUFFLED if card not in state.hands[0])
    with pytest.raises(IllegalActionError, match=r"play \d+ is not legal for seat 0 now; legal: "):
        game.play(state, 0, PLAYS[stranger])
    assert state == before


def test_a_seat_that_already_laid_a_card_must_wait() -> None:
    game = DichtDran()
    state = game.new_state(3, seed=2)
    game.play(state, 0, PLAYS[state.hands[0][0]])
    with pytest.raises(IllegalActionError, match="does not act now; waiting for seat"):
        game.play(state, 0, PLAYS[state.hands[0][0]])


@pytest.mark.parametrize("seats", [0, 1, 2, 6])
def test_three_to_five_players(seats: int) -> None:
    with pytest.raises(SeatCountError, match="dicht-dran is for 3 to 5 players, got"):
        DichtDran().new_state(seats, seed=1)


def test_bad_options_name_the_allowed_values() -> None:
    with pytest.raises(OptionError, match="whole number from 1 to 10"):
        DichtDran({"passes": 0})
    with pytest.raises(
        OptionError,
        match="its options are: passes, anchors_can_be_target, hand_size, chili_pattern, most",
    ):
        DichtDran({"rounds": 3})
    with pytest.raises(OptionError, match="true or false"):
        DichtDran({"anchors_can_be_target": "maybe"})
    with pytest.raises(OptionError, match="whole number from 3 to 12"):
        DichtDran({"hand_size": 13})
    with pytest.raises(OptionError, match="cycle, rising, falling, edges"):
        DichtDran({"chili_pattern": "random"})
    with pytest.raises(OptionError, match="whole number from 1 to 5"):
        DichtDran({"most_chilis": 0})
    assert DichtDran({"passes": "3", "anchors_can_be_target": "false"}).options == {
        "passes": 3,
        "anchors_can_be_target": False,
        "hand_size": 8,
        "chili_pattern": "cycle",
        "most_chilis": 3,
    }


@pytest.mark.parametrize(
    "deck",
    [
        list(range(2, 99)),  # one card short
        [*range(2, 99), 2],  # a duplicate
        [*range(2, 99), 100],  # an anchor
        [str(card) for card in range(2, 100)],  # not numbers
    ],
)
def test_an_incomplete_deck_is_refused(deck: list[object]) -> None:
    with pytest.raises(DeckError, match="each card from 2 to 99 exactly once"):
        DichtDran().new_state(3, seed=1, deck=deck)


def test_action_text_accepts_a_bare_card_number() -> None:
    game = DichtDran()
    assert game.parse_action("63") == PLAYS[63]
    assert game.parse_action("  Play 63 ") == PLAYS[63]
    for bad in ("", "play", "play 0", "play 101", "draw 3", "63 64"):
        with pytest.raises(ValueError, match="not an action of dicht-dran"):
            game.parse_action(bad)


def test_chili_table_reproduces_the_known_card_and_splits_evenly() -> None:
    assert chilis(63) == 2
    counts = [sum(1 for n in range(1, 101) if chilis(n) == k) for k in (1, 2, 3)]
    assert sorted(counts) == [33, 33, 34]


def test_random_games_deal_eight_cards_and_put_anchors_opposite() -> None:
    game = DichtDran()
    for seed in range(20):
        state = game.new_state(random.Random(seed).choice([3, 4, 5]), seed)
        assert state.circle[0] == 1
        assert state.circle[3] == 100
        assert all(len(hand) == 8 for hand in state.hands)
        assert len(state.draw_pile) == 94 - 8 * state.seats


def test_the_standing_scores_the_running_pass_as_if_it_ended_now() -> None:
    game = DichtDran()
    state = game.new_state(3, 4)
    state.collections[1] = [1, 100]
    assert game.scores(state) == (0, 0, 0)
    standing = game.standing(state)
    for seat in range(3):
        expected = chili_sum(state.collections[seat]) - chili_sum(state.hands[seat])
        assert standing[seat] == expected


def test_views_share_their_public_part_within_a_round_and_never_go_stale() -> None:
    """The public part of the views is made once per round or pass (``DichtDranState``):
    after every action, each seat's view equals one made from scratch, field by field."""
    for seats in (3, 4, 5):
        game = DichtDran()
        rng = random.Random(seats)
        state = game.new_state(seats, seats)
        steps = 0
        while not game.is_terminal(state):
            fresh = game.clone(state)
            game.drop_caches(fresh)
            for seat in (*range(seats), None):
                view = game.view(state, seat)
                assert view == game.view(fresh, seat)
                plain = DichtDranView(**{f.name: getattr(view, f.name) for f in fields(view)})
                assert view == plain
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            steps += 1
        assert steps > 50
        final = game.clone(state)
        game.drop_caches(final)
        assert game.view(state, 0) == game.view(final, 0)
        assert game.view(state, 0).game_over


def test_the_cached_view_parts_take_no_part_in_equality_or_repr() -> None:
    game = DichtDran()
    state = game.new_state(4, 7)
    game.view(state, 0)
    assert state.public_pass is not None
    assert state.public_round is not None
    fresh = game.clone(state)
    game.drop_caches(fresh)
    assert fresh.public_pass is None
    assert fresh.public_round is None
    assert fresh == state
    assert repr(fresh) == repr(state)
    assert "public_" not in repr(state)


def test_a_typed_card_not_in_the_hand_is_refused_with_the_hand_when_parsed() -> None:
    game = DichtDran()
    state = game.new_state(3, 4)
    view = game.view(state, 0)
    held = ", ".join(map(str, view.hand))
    missing = next(card for card in range(1, 101) if card not in view.hand)
    assert game.refusal(view, f"play {missing}", "en") == (
        f"{missing} is not in your hand; you hold: {held}."
    )
    refused = game.refusal(view, "500", "de")
    assert refused == f"Eine Karte 500 gibt es nicht; du hast: {held}."
    assert game.refusal(view, str(view.hand[0]), "en") is None
    assert game.refusal(view, "banana", "en") is None
