"""Triggs: the rule sheet's worked examples and every resolved gap (RULES-NOTES §4)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from dataclasses import fields

import pytest

from spieltisch.bots import make_bot
from spieltisch.core.chance import derive_seed
from spieltisch.core.errors import DeckError, IllegalActionError, OptionError
from spieltisch.core.match import Agent
from spieltisch.games.triggs import Triggs, TriggsState, TriggsView
from spieltisch.games.triggs.actions import (
    ANNOUNCES,
    DISCARDS,
    DRAWS,
    EXTRAS,
    FINISH,
    FORMS,
    LEFT,
    MIDDLE,
    RIGHT,
    Action,
    Announce,
    Discard,
    Draw,
    Extra,
    Form,
)
from spieltisch.games.triggs.game import Phase
from spieltisch.games.triggs.sheet import RECONSTRUCTED_SHEET

SHEET = (0, *RECONSTRUCTED_SHEET)


def table(seats: int = 2, **fields: object) -> TriggsState:
    """A hand-made table at the start of seat 0's turn; piles of low cards by default."""
    state = TriggsState(
        seats=seats,
        seed=3,
        shuffles=1,
        hands=[[] for _ in range(seats)],
        known=[[] for _ in range(seats)],
        piles=[[1, 2, 3], [4, 5, 6, 7, 8, 9], [3, 2, 1]],
        discard_pile=[],
        box=[],
        crosses=[[0] * 13 for _ in range(seats)],
        seat=0,
        phase=Phase.TURN,
        announced=0,
        formed=0,
        draws_left=0,
        removed_from=13,
        turns=0,
        winner=-1,
    )
    for name, value in fields.items():
        setattr(state, name, value)
    state.hands = [sorted(hand) for hand in state.hands]  # the game keeps hands sorted
    return state


def crosses(**rows: int) -> list[int]:
    """A score-sheet row list with ``r<value>=count`` crosses."""
    row = [0] * 13
    for name, count in rows.items():
        row[int(name[1:])] = count
    return row


def full_sheet_but(**rows: int) -> list[int]:
    """Every row full except the ones given (with their crosses)."""
    row = list(SHEET)
    for name, count in rows.items():
        row[int(name[1:])] = count
    return row


def play(game: Triggs, state: TriggsState, actions: Sequence[Action]) -> list[str]:
    kinds: list[str] = []
    for action in actions:
        kinds += [event.kind for event in game.play(state, state.seat, action)]
    return kinds


# -- the rule sheet's examples ---------------------------------------------------------------


def test_maria_crosses_four_11s_with_11_11_7_plus_4_and_10_plus_1() -> None:
    game = Triggs()
    state = table(hands=[[1, 4, 7, 10, 11, 11, 3], [5]])
    play(game, state, [Announce(11), Form(11), Form(11), Form(7, 4), Form(10, 1)])
    # The 3 left cannot form an 11, so action C ends by itself: nothing is left to decide.
    assert state.crosses[0][11] == 4
    assert state.hands[0] == [3]
    assert sorted(state.discard_pile) == [1, 4, 7, 10, 11, 11]
    assert state.seat == 1


def test_a_whole_turn_can_be_typed_at_once() -> None:
    game = Triggs()
    assert game.parse_move("cross 11: 11 11 7+4 10+1 finish") == [
        Announce(11),
        Form(11),
        Form(11),
        Form(7, 4),
        Form(10, 1),
        FINISH,
    ]
    assert game.parse_move("kreuze 7: 7, 5+2, 2+5 extra 9") == [
        Announce(7),
        Form(7),
        Form(5, 2),
        Form(5, 2),
        Extra(9),
    ]
    assert game.parse_move("draw left middle") == [Draw(LEFT), Draw(MIDDLE)]
    assert game.parse_move("ziehe links rechts") == [Draw(LEFT), Draw(RIGHT)]
    assert game.parse_move("discard 2x9") == [Discard(9, 2)]
    assert game.parse_move("draw left, draw right") == [Draw(LEFT), Draw(RIGHT)]
    assert game.parse_move("kreuze 7: 7 lege 5+2") == [Announce(7), Form(7), Form(5, 2)]
    assert game.parse_move("announce 7, form 7") == [Announce(7), Form(7)]


def test_tim_fills_his_7_row_with_7_and_two_5_plus_2_then_puts_the_extra_cross_in_row_9() -> None:
    game = Triggs()
    state = table(hands=[[2, 2, 5, 5, 7, 8], [5]], crosses=[crosses(r7=1), [0] * 13])
    play(game, state, [Announce(7), Form(7), Form(5, 2), Form(5, 2)])
    assert state.crosses[0][7] == 4  # the three free boxes, now full
    assert state.phase is Phase.EXTRA
    assert list(game.legal_actions(state, 0)) == [EXTRAS[v] for v in range(1, 13) if v != 7]
    play(game, state, [Extra(9)])
    assert state.crosses[0][9] == 1
    assert state.seat == 1


def test_sarahs_chain_10_then_8_then_5() -> None:
    game = Triggs()
    state = table(
        hands=[[10, 3], [5]],
        crosses=[crosses(r10=SHEET[10] - 1, r8=SHEET[8] - 1), [0] * 13],
    )
    kinds = play(game, state, [Announce(10), Form(10)])
    assert kinds.count("row_full") == 1
    kinds = play(game, state, [Extra(8)])  # the 8-row is now full as well: another extra
    assert state.phase is Phase.EXTRA
    assert "row_full" in kinds
    play(game, state, [Extra(5)])
    assert state.crosses[0][5] == 1
    assert state.seat == 1


# -- action C ---------------------------------------------------------------------------------


def test_no_more_formations_than_free_boxes_then_the_turn_ends_by_itself() -> None:
    game = Triggs()
    # The 11-row has two free boxes; the hand could form 11 four times.
    state = table(
        hands=[[11, 11, 11, 7, 4, 6], [5]], crosses=[crosses(r11=SHEET[11] - 2), [0] * 13]
    )
    play(game, state, [Announce(11), Form(11)])
    assert set(game.legal_actions(state, 0)) == {Form(11), Form(7, 4), FINISH}
    play(game, state, [Form(7, 4)])
    # The row is full: the extra cross is due, and no third 11 may be formed.
    assert state.phase is Phase.EXTRA
    assert Form(11) not in game.legal_actions(state, 0)


def test_a_value_can_be_announced_only_if_it_can_be_formed_and_has_a_free_box() -> None:
    game = Triggs()
    state = table(hands=[[3, 4, 12], [5]], crosses=[crosses(r12=SHEET[12]), [0] * 13])
    announced = {a.value for a in game.legal_actions(state, 0) if isinstance(a, Announce)}
    assert announced == {3, 4, 7}  # 12's row is full; 3+4 forms 7


def test_formations_are_one_card_or_exactly_two_cards() -> None:
    game = Triggs()
    state = table(hands=[[1, 2, 3, 6], [5]], phase=Phase.FORMING, announced=6)
    assert set(game.legal_actions(state, 0)) == {Form(6)}  # 1+2+3 is three cards: never
    state.hands[0] = [3, 3, 6]
    assert set(game.legal_actions(state, 0)) == {Form(6), Form(3, 3)}
    state.hands[0] = [3, 6]
    assert set(game.legal_actions(state, 0)) == {Form(6)}  # one 3 cannot pair with itself


def test_finish_needs_at_least_one_formation() -> None:
    game = Triggs()
    state = table(hands=[[5, 5, 9], [5]])
    play(game, state, [Announce(5)])
    assert FINISH not in game.legal_actions(state, 0)
    play(game, state, [Form(5)])
    assert FINISH in game.legal_actions(state, 0)


def test_crossing_the_last_box_wins_at_once_even_in_the_middle_of_a_chain() -> None:
    game = Triggs()
    state = table(
        hands=[[6, 9, 9], [5]], crosses=[full_sheet_but(r6=SHEET[6] - 1, r2=SHEET[2] - 1), [0] * 13]
    )
    play(game, state, [Announce(6), Form(6), Extra(2)])
    assert game.is_terminal(state)
    assert state.winner == 0
    assert game.scores(state)[0] == sum(SHEET)
    assert game.ranking(state) == (1, 2)
    assert state.hands[0] == [9, 9]


# -- action A and the piles -------------------------------------------------------------------


def test_draw_exactly_two_cards_from_one_or_two_piles() -> None:
    game = Triggs()
    state = table(hands=[[5, 6], [5]])
    play(game, state, [Draw(LEFT)])
    assert state.phase is Phase.DRAWING
    assert set(game.legal_actions(state, 0)) == {Draw(LEFT), Draw(MIDDLE), Draw(RIGHT)}
    play(game, state, [Draw(MIDDLE)])
    assert state.hands[0] == [3, 5, 6, 9]
    assert state.seat == 1


def test_hand_limit_ten_no_draw_and_nine_only_one_card() -> None:
    game = Triggs()
    state = table(hands=[[1] * 5 + [2] * 5, [5]])
    assert not any(isinstance(a, Draw) for a in game.legal_actions(state, 0))
    state.hands[0] = [1] * 5 + [2] * 4
    play(game, state, [Draw(RIGHT)])
    assert len(state.hands[0]) == 10
    assert state.seat == 1


def test_cards_taken_face_up_are_known_to_everybody_until_played() -> None:
    game = Triggs()
    state = table(hands=[[5, 6], [5]])
    events = game.play(state, 0, Draw(LEFT))
    assert events[0].to is None
    assert events[0].data["card"] == 3
    events = game.play(state, 0, Draw(MIDDLE))
    assert events[0].data["card"] is None
    assert [e.to for e in events if e.kind == "drawn"] == [frozenset({0})]
    assert game.view(state, 1).known[0] == (3,)
    state.seat = 0
    play(game, state, [Discard(3, 1)])
    assert game.view(state, 1).known[0] == ()


def test_an_empty_pile_is_refilled_at_once_from_the_shuffled_discard_pile() -> None:
    game = Triggs()
    state = table(hands=[[5, 6], [5]], piles=[[2], [4, 5, 6, 7], [1]], discard_pile=[8, 9, 10])
    kinds = play(game, state, [Draw(LEFT)])
    assert "reshuffle" in kinds
    assert sorted(state.piles[LEFT]) == [8, 9, 10]
    assert state.discard_pile == []


def test_piles_at_the_start_the_middle_face_down_and_clearly_the_largest() -> None:
    game = Triggs()
    for seats in (2, 3, 4):
        state = game.new_state(seats, seed=seats)
        rest = 108 - 5 * seats
        assert [len(p) for p in state.piles] == [rest // 6, rest - 2 * (rest // 6), rest // 6]
        view = game.view(state, 0)
        assert view.open_tops == (state.piles[LEFT][-1], state.piles[RIGHT][-1])
        assert view.pile_sizes[MIDDLE] > 3 * view.pile_sizes[LEFT]


# -- action B and the empty hand --------------------------------------------------------------


def test_discard_any_number_of_one_value_even_a_single_card() -> None:
    game = Triggs()
    state = table(hands=[[9, 9, 9, 4], [5]])
    discards = {a for a in game.legal_actions(state, 0) if isinstance(a, Discard)}
    assert discards == {Discard(9, 1), Discard(9, 2), Discard(9, 3), Discard(4, 1)}
    play(game, state, [Discard(9, 2)])
    assert state.hands[0] == [4, 9]
    assert state.discard_pile == [9, 9]


@pytest.mark.parametrize("how", ["discard", "cross"])
def test_an_empty_hand_after_b_or_c_draws_five_from_the_face_down_pile(how: str) -> None:
    game = Triggs()
    state = table(hands=[[7, 7], [5]], piles=[[1], [2, 3, 4, 5, 6, 8, 9], [1]])
    moves: list[Action] = [Discard(7, 2)] if how == "discard" else [Announce(7), Form(7), Form(7)]
    play(game, state, moves)
    assert state.hands[0] == [4, 5, 6, 8, 9]
    assert state.piles[MIDDLE] == [2, 3]
    assert state.seat == 1


def test_a_short_face_down_pile_gets_the_shuffled_discards_underneath_first() -> None:
    game = Triggs()
    state = table(hands=[[7, 7], [5]], piles=[[1], [2, 3], [1]], discard_pile=[10, 11, 12])
    play(game, state, [Discard(7, 2)])
    assert (
        sorted(state.hands[0]) == sorted([2, 3, 7, 7, 10, 11, 12])[-5:] or len(state.hands[0]) == 5
    )
    assert 2 in state.hands[0]
    assert 3 in state.hands[0]
    assert len(state.hands[0]) == 5


# -- the 12-rule and the 11-rule ----------------------------------------------------------------


def test_once_every_12_row_is_full_12s_on_open_piles_leave_the_game() -> None:
    game = Triggs()
    state = table(
        hands=[[12, 3], [5]],
        crosses=[crosses(r12=SHEET[12] - 1), crosses(r12=SHEET[12])],
        piles=[[4, 12, 12], [5, 6, 12], [1, 12]],
    )
    kinds = play(game, state, [Announce(12), Form(12)])
    assert "removal_rule" in kinds
    assert state.piles[LEFT] == [4]
    assert state.piles[RIGHT] == [1]
    assert state.piles[MIDDLE] == [5, 6, 12]  # face down: it stays, and may be drawn
    assert sorted(state.box) == [12, 12, 12]
    assert game.view(state, 1).removed_values == (12,)


def test_12s_in_hand_then_leave_only_by_discarding_into_the_box() -> None:
    game = Triggs()
    full12 = crosses(r12=SHEET[12])
    state = table(hands=[[12, 12, 3], [5]], removed_from=12, crosses=[full12, list(full12)])
    assert Announce(12) not in game.legal_actions(state, 0)
    play(game, state, [Discard(12, 2)])
    assert state.box == [12, 12]
    assert 12 not in state.discard_pile


def test_the_11_rule_follows_the_12_rule_and_never_comes_first() -> None:
    game = Triggs()
    full11 = crosses(r11=SHEET[11])
    state = table(hands=[[3, 4], [5]], crosses=[full11, list(full11)])
    play(game, state, [Announce(7), Form(4, 3)])
    assert state.removed_from == 13  # 11s stay while the 12-rows are not full
    state = table(
        hands=[[12, 4], [5]],
        crosses=[crosses(r11=SHEET[11], r12=SHEET[12] - 1), crosses(r11=SHEET[11], r12=SHEET[12])],
        piles=[[1, 11], [5], [2, 12, 11]],
    )
    play(game, state, [Announce(12), Form(12)])
    assert state.removed_from == 11
    assert state.piles[LEFT] == [1]
    assert state.piles[RIGHT] == [2]


# -- the end, options, bad input ----------------------------------------------------------------


def test_the_round_limit_ends_a_game_without_winner_ranked_by_crosses() -> None:
    game = Triggs({"round_limit": 10})
    state = table(hands=[[5, 6], [7]], turns=19, crosses=[crosses(r1=2), crosses(r1=1)])
    kinds = play(game, state, [Discard(5, 1)])
    assert "round_limit" in kinds
    assert game.is_terminal(state)
    assert state.winner == -1
    assert game.ranking(state) == (1, 2)


def test_the_score_sheet_is_an_option() -> None:
    game = Triggs({"score_sheet": "1,1,1,1,1,1,1,1,1,1,1,1"})
    assert game.boxes == 12
    with pytest.raises(OptionError, match="twelve box counts from 1 to 9"):
        Triggs({"score_sheet": "2,2,3"})


def test_a_player_may_not_act_for_another_and_wrong_actions_change_nothing() -> None:
    game = Triggs()
    state = table(hands=[[5, 6], [7]])
    before = game.clone(state)
    with pytest.raises(IllegalActionError, match="seat 1 does not act now"):
        game.play(state, 1, Discard(7, 1))
    with pytest.raises(IllegalActionError, match="announce 9 is not legal for seat 0"):
        game.play(state, 0, Announce(9))
    assert state == before


def test_an_incomplete_deck_is_refused() -> None:
    with pytest.raises(DeckError, match="nine of each value"):
        Triggs().new_state(2, seed=1, deck=list(range(1, 13)) * 8)


def test_action_text_json_and_codes() -> None:
    game = Triggs()
    assert game.num_distinct_actions == 3 + 9 * 12 + 12 + 48 + 12 + 1
    assert game.parse_action("form 4+7") == Form(7, 4)
    assert game.parse_action("Ziehe Mitte") == DRAWS[MIDDLE]
    assert game.action_from_json({"type": "form", "cards": [7, 4]}) == FORMS[7, 4]
    assert game.action_from_json({"type": "form", "cards": [4, 8]}) == FORMS[8, 4]
    with pytest.raises(ValueError, match="not an action of triggs"):
        game.action_from_json({"type": "form", "cards": ["4", 7]})
    assert game.action_from_json({"type": "discard", "value": 9, "count": 2}) == DISCARDS[9, 2]
    for bad in ("form 13", "discard 11x1", "announce", "draw up"):
        with pytest.raises(ValueError, match="not an action of triggs"):
            game.parse_action(bad)
    with pytest.raises(ValueError, match="not an action of triggs"):
        game.action_from_json({"type": "announce", "value": True})
    assert ANNOUNCES[11] == Announce(11)


def test_turn_choices_of_random_hands_follow_the_rules_from_scratch() -> None:
    """The turn's choices come from remembered hands and bit sets (speed): they are every
    discard of 1..n cards of a value held n times, then every value with a free box that one
    card or two cards adding up to it can form, in rising order."""
    game = Triggs()
    rng = random.Random(5)
    for _ in range(500):
        hand = sorted(rng.choice(range(1, 13)) for _ in range(rng.randint(1, 10)))
        row = [0] + [rng.randint(0, SHEET[v]) for v in range(1, 13)]
        state = table(hands=[hand, [5]], crosses=[row, [0] * 13])
        discards = [Discard(v, k) for v in sorted(set(hand)) for k in range(1, hand.count(v) + 1)]
        formable = {*hand} | {a + b for i, a in enumerate(hand) for b in hand[i + 1 :]}
        announces = [Announce(v) for v in range(1, 13) if v in formable and row[v] < SHEET[v]]
        draws = list(DRAWS) if len(hand) < 10 else []
        assert list(game.legal_actions(state, 0)) == draws + discards + announces


def test_actions_hash_once_as_their_fields_would() -> None:
    """Actions keep their hash (search trees hash them all the time): it is the hash the
    dataclass would give, and a new equal action hashes alike."""
    assert hash(Form(7, 4)) == hash(FORMS[7, 4]) == hash((7, 4))
    assert hash(Form(7)) == hash(FORMS[7, 0]) == hash((7, 0))
    assert hash(Discard(9, 2)) == hash(DISCARDS[9, 2]) == hash((9, 2))
    assert hash(Draw(LEFT)) == hash((LEFT,))
    assert hash(Announce(11)) == hash(Extra(11)) == hash((11,))
    assert len({ANNOUNCES[11], EXTRAS[11]}) == 2  # equal hashes, different actions
    assert hash(FINISH) == hash(())
    assert repr(Form(7, 4)) == "Form(high=7, low=4)"


def from_scratch(game: Triggs, state: TriggsState) -> TriggsState:
    """A copy of ``state`` that has forgotten everything it keeps only to save work."""
    fresh = game.clone(state)
    game.drop_caches(fresh)
    return fresh


@pytest.mark.parametrize("sheet", ["2,2,3,3,3,3,4,4,4,5,5,5", "1,1,2,1,2,1,2,1,2,1,2,1"])
def test_views_and_choices_kept_in_the_state_never_go_stale(sheet: str) -> None:
    """The rows with a free box and parts of the views are kept in the state
    (``TriggsState``): after every action, each seat's view and legal actions equal those of
    a copy made from scratch, and so do the views of a state determinized from each view. The
    short sheet fills rows quickly, so the 12- and 11-rules and extra crosses come up. The
    choices kept after a formation (``forming``) are met and checked as well."""
    game = Triggs({"score_sheet": sheet})
    removed = False
    kept_forming = 0
    for seats in (2, 3, 4):
        rng = random.Random(seats)
        agents: list[Agent] = [
            make_bot("heuristic" if s % 2 else "random", game, derive_seed(seats, s))
            for s in range(seats)
        ]
        state = game.new_state(seats, seats)
        while True:
            fresh = from_scratch(game, state)
            kept_forming += state.phase is Phase.FORMING and state.forming is not None
            for seat in range(seats):
                assert game.legal_actions(state, seat) == game.legal_actions(fresh, seat)
            for seat in (*range(seats), None):
                view = game.view(state, seat)
                assert view == game.view(fresh, seat)
                plain = TriggsView(**{f.name: getattr(view, f.name) for f in fields(view)})
                assert hash(view) == hash(plain)
                sample = game.determinize(view, rng)
                assert game.view(from_scratch(game, sample), seat) == view
                assert game.view(sample, seat) == view
                assert game.view(pickle.loads(pickle.dumps(sample)), seat) == view
            if game.is_terminal(state):
                break
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            before = game.clone(state)
            game.apply(state, seat, agents[seat].act(view, game.legal_actions(state, seat)))
            assert game.view(before, seat) == view  # a clone shares nothing that changes
            assert game.legal_actions(before, seat) == game.legal_actions(fresh, seat)
        removed |= state.removed_from < 13
    assert removed or sheet.startswith("2")
    assert kept_forming


def test_caches_stay_out_of_equality_and_repr_and_hands_dealt_anew_form_anew() -> None:
    """What a state keeps for speed is not part of it: a state with its caches dropped is
    equal and prints alike. A state whose hidden hands are dealt anew (``shuffle_unseen``)
    while a player is forming offers what his new hand can form, as a copy without caches
    does."""
    game = Triggs({"score_sheet": "2,2,3,3,3,3,4,4,4,5,5,5"})
    rng = random.Random(3)
    forming_seen = 0
    for seed in range(6):
        state = game.new_state(3, seed)
        while not game.is_terminal(state):
            for seat in (*range(3), None):
                game.view(state, seat)
            fresh = from_scratch(game, state)
            assert fresh == state
            assert repr(fresh) == repr(state)
            mover = state.seat
            if state.phase is Phase.FORMING and state.forming is not None:
                forming_seen += 1
                other = game.shuffle_unseen(state, (mover + 1) % 3, rng)
                plain = from_scratch(game, other)
                assert game.legal_actions(other, mover) == game.legal_actions(plain, mover)
            game.apply(state, mover, rng.choice(list(game.legal_actions(state, mover))))
    assert forming_seen > 20


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_label_parses_back_in_its_language(lang: str) -> None:
    game = Triggs()
    for action in game.action_table:
        label = game.label(action, lang)
        assert game.parse_action(label) == action
        assert game.parse_move(label) == [action]
    assert game.label(Draw(LEFT), "de") == "ziehe links"
    assert game.label(Discard(8, 1), "de") == "wirf 1x8"
    assert game.label(Announce(8), "de") == "kreuze 8"
    assert game.label(Form(7, 4), "de") == "lege 7+4"
    assert game.label(FINISH, "de") == "fertig"
    assert game.label(Announce(8), "en") == "announce 8"  # the English text stays


def test_a_refused_turn_with_a_card_not_in_the_hand_says_so_when_parsed() -> None:
    game = Triggs()
    state = table(hands=[[1, 4, 7, 11], [5]])
    view = game.view(state, 0)
    assert game.refusal(view, "cross 11: 11 7+4", "en") is None
    assert game.refusal(view, "cross 11: 11 11", "en") == "You hold no 11; you hold: 1, 4, 7, 11."
    assert game.refusal(view, "wirf 2x9", "de") == (
        "Du hast keine 9 auf der Hand; du hast: 1, 4, 7, 11."
    )
    assert game.refusal(view, "ziehe links, lege 9", "de") is None  # drawn first: who knows
    assert game.refusal(view, "kreuze 13: 13", "de") == (
        "Es gibt keine 13er-Reihe; die Reihen gehen von 1 bis 12."
    )
