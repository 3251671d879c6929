"""Cento: the seed's and the Spiel 2 rules' worked examples, the three variants and every
resolved gap (RULES-NOTES §2)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest

from spieltisch.core.errors import ActionParseError, DeckError, IllegalActionError, OptionError
from spieltisch.core.game import Event
from spieltisch.games.cento import Cento, CentoState, Phase
from spieltisch.games.cento.actions import (
    DRAW,
    END,
    FREE_LAYS,
    NUMBER_LAYS,
    TAKE,
    CentoAction,
    Lay,
)
from spieltisch.games.cento.cards import (
    FREE,
    digit_sum,
    digits,
    full_deck,
    is_mono,
    is_repdigit,
    matches_spiel3,
    ones_digit,
    shares_digit,
    tens_digit,
)
from spieltisch.games.cento.game import HAND_SIZE, NO_CARD
from tests.conformance.test_conformance import (
    _check_every_action,
    _check_views,
    assert_cards_conserved,
    random_walk,
)

A, B, C, D = range(4)
#: Steps of one game in which every action code is tried (about 3 ms per step).
EVERY_ACTION_STEPS = 150


def table(
    game: Cento,
    hands: Sequence[Sequence[int]],
    open_card: int,
    open_value: int | None = None,
    top: Sequence[int] = (),
    discard: Sequence[int] = (),
    pile: bool = True,
) -> CentoState:
    """A hand-made table at the start of seat 0's turn: the given hands and open card,
    ``top`` on top of the draw pile (first card on top) and every other card below it (or,
    with ``pile=False``, under the open card)."""
    used = Counter([*(card for hand in hands for card in hand), open_card, *top, *discard])
    rest = sorted((Counter(full_deck(game.free_cards)) - used).elements(), reverse=True)
    return CentoState(
        seats=len(hands),
        seed=7,
        shuffles=1,
        hands=[sorted(hand) for hand in hands],
        draw_pile=[*(rest if pile else []), *reversed(top)],
        discard_pile=[*discard, *([] if pile else rest)],
        open_card=open_card,
        open_value=open_card if open_value is None else open_value,
        to_move=0,
        phase=Phase.START,
        turn_values=[],
        run_digit=0,
        drawn=NO_CARD,
        rebuilds=0,
        winner=-1,
        end_reason="",
        public_moves=[],
    )


def phase(state: CentoState) -> Phase:
    """The phase, read through a call so that type checkers do not narrow it between steps."""
    return state.phase


def lays(legal: Iterable[CentoAction]) -> list[int]:
    """The number cards among ``legal``."""
    return [a.card for a in legal if isinstance(a, Lay) and a.card != FREE]


def free_values(legal: Iterable[CentoAction]) -> list[int]:
    return [a.value for a in legal if isinstance(a, Lay) and a.card == FREE]


def play_all(game: Cento, state: CentoState, seat: int, text: str) -> list[Event]:
    events: list[Event] = []
    for action in game.parse_move(text):
        events += game.play(state, seat, action)
    return events


def fitting(game: Cento, below: int) -> set[int]:
    """The numbers 1–100 that may lie on ``below`` in ``game``'s basic rule."""
    return {card for card in range(1, 101) if game.fits[below][card]}


# -- digits, digit sums and the basic rules -----------------------------------------------


def test_single_digit_numbers_have_no_tens_digit_and_their_own_digit_sum() -> None:
    assert tens_digit(7) is None
    assert ones_digit(7) == 7
    assert digit_sum(5) == 5
    assert digits(7) == {7}
    assert (tens_digit(23), ones_digit(23), digit_sum(23)) == (2, 3, 5)
    # The 100 as a number: digits 1 and 0, tens and ones digit 0, digit sum 1.
    assert digits(100) == {0, 1}
    assert (tens_digit(100), ones_digit(100), digit_sum(100)) == (0, 0, 1)
    assert [n for n in range(1, 101) if is_mono(n)] == list(range(1, 10))
    assert [n for n in range(1, 101) if is_repdigit(n)] == [11, 22, 33, 44, 55, 66, 77, 88, 99]


def test_a_leading_zero_is_not_a_digit() -> None:
    assert not shares_digit(10, 7)
    assert shares_digit(10, 1)
    assert not matches_spiel3(10, 7)  # 7 has no tens digit, ones 7 ≠ 0, sum 7 ≠ 1
    assert not matches_spiel3(7, 71)  # 71's tens digit 7 is not 7's ones digit


def test_seed_example_what_may_be_laid_on_23() -> None:
    game = Cento()
    ones_3 = {3, 13, 23, 33, 43, 53, 63, 73, 83, 93}
    tens_2 = set(range(20, 30))
    sum_5 = {5, 14, 23, 32, 41, 50}
    # The wild 100 fits too (RULES-NOTES §2 (b) 10).
    assert fitting(game, 23) == ones_3 | tens_2 | sum_5 | {100}
    assert fitting(Cento({"hundred_mode": "number"}), 23) == ones_3 | tens_2 | sum_5


def test_spiel_1_and_2_lay_a_card_sharing_a_digit_and_any_monozahl_on_a_monozahl() -> None:
    game = Cento({"variant": 2, "hundred_mode": "number"})
    assert fitting(game, 23) == {n for n in range(1, 101) if {2, 3} & digits(n)}
    assert fitting(game, 7) == {n for n in range(1, 101) if 7 in digits(n)} | set(range(1, 10))
    assert fitting(game, 100) == {n for n in range(1, 101) if {0, 1} & digits(n)}


# -- Spiel 3: the chain of up to three cards --------------------------------------------------


def test_seed_example_23_27_57_66_then_every_card_showing_a_6() -> None:
    game = Cento()
    state = table(game, [[27, 57, 66, 6, 16, 46, 60, 44], [10, 11, 12]], 23)
    assert lays(game.legal_actions(state, A)) == [27]
    game.play(state, A, NUMBER_LAYS[27])  # same tens digit 2
    assert lays(game.legal_actions(state, A)) == [57]  # 57: same ones digit 7
    assert DRAW not in game.legal_actions(state, A)
    assert END in game.legal_actions(state, A)
    game.play(state, A, NUMBER_LAYS[57])
    assert lays(game.legal_actions(state, A)) == [66]  # 66: same digit sum 12
    events = game.play(state, A, NUMBER_LAYS[66])
    assert "run" in [e.kind for e in events]
    # A Schnapszahl: he may go on beyond three cards with every card showing a 6, any order.
    assert phase(state) is Phase.RUN
    assert game.legal_actions(state, A) == [*(NUMBER_LAYS[n] for n in (6, 16, 46, 60)), END]
    play_all(game, state, A, "60 16 46")
    assert state.to_move == A
    assert game.legal_actions(state, A) == [NUMBER_LAYS[6], END]
    game.play(state, A, END)
    assert state.to_move == B
    assert phase(state) is Phase.START  # the run ended on 46, not a Monozahl
    assert state.hands[A] == [6, 44]
    # Everybody saw him end the run of sixes while he could have gone on.
    assert game.view(state, B).public_moves[-2:] == ((A, "lay", 46), (A, "end run", 6))


def test_by_default_a_schnapszahl_within_the_chain_ends_the_chain() -> None:
    """On 23: 27 (tens digit 2), then 77 (ones digit 7), a Schnapszahl as the second card.
    Only the run of his cards showing a 7 may follow, not a third fitting card such as 68
    or 86 (digit sum 14, like 77)."""
    game = Cento()
    state = table(game, [[27, 77, 68, 86, 17, 40], [10, 11, 12]], 23)
    play_all(game, state, A, "27 77")
    assert phase(state) is Phase.RUN
    assert game.legal_actions(state, A) == [NUMBER_LAYS[17], END]


def test_option_chain_goes_on_after_a_schnapszahl_up_to_three_cards_besides_the_run() -> None:
    """The other reading of the seed: after a Schnapszahl among the first three cards, the
    chain of fitting cards may go on to three cards, and the run of its digit stays open."""
    game = Cento({"chain_after_schnapszahl": "goes_on"})
    state = table(game, [[FREE, 27, 77, 68, 86, 17, 40], [10, 11, 12]], 23)
    play_all(game, state, A, "27 77")
    assert phase(state) is Phase.RUN
    assert game.legal_actions(state, A)[-4:] == [*(NUMBER_LAYS[n] for n in (17, 68, 86)), END]
    # A free card may stand for any number showing a 7 or fitting on 77.
    shows_7 = {n for n in range(1, 100) if 7 in digits(n)}
    fits_77 = {n for n in range(1, 100) if game.fits[77][n]}
    assert set(free_values(game.legal_actions(state, A))) == shows_7 | fits_77
    game.play(state, A, NUMBER_LAYS[68])  # digit sum 14: the third card of the chain
    assert phase(state) is Phase.RUN
    assert lays(game.legal_actions(state, A)) == [17]  # 86 would be a fourth
    assert set(free_values(game.legal_actions(state, A))) == shows_7
    play_all(game, state, A, "17 fertig")
    assert state.hands[A] == [FREE, 40, 86]
    assert state.to_move == B


def test_option_chain_goes_on_keeps_one_run_and_changes_nothing_after_the_third_card() -> None:
    game = Cento({"chain_after_schnapszahl": "goes_on"})
    # A further Schnapszahl laid as a chain card opens no second run: after 33 » 39 » 99
    # the 43 still shows the run's 3, the 19 shows only 9s.
    state = table(game, [[33, 39, 99, 19, 43], [10, 11, 12]], 23)
    play_all(game, state, A, "33 39 99")
    assert (phase(state), state.run_digit) == (Phase.RUN, 3)
    assert game.legal_actions(state, A) == [NUMBER_LAYS[43], END]
    # The seed's example: a Schnapszahl as the third card, then only its run.
    state = table(game, [[27, 57, 66, 6, 16, 46, 60, 44], [10, 11, 12]], 23)
    play_all(game, state, A, "27 57 66")
    assert game.legal_actions(state, A) == [*(NUMBER_LAYS[n] for n in (6, 16, 46, 60)), END]
    # Spiel 2 has no chain: the option changes nothing there.
    assert not Cento({"variant": 2, "chain_after_schnapszahl": "goes_on"}).chain_goes_on


def test_three_cards_end_the_turn_unless_the_last_is_a_schnapszahl() -> None:
    game = Cento()
    state = table(game, [[24, 34, 43, 45], [50, 51]], 23)
    play_all(game, state, A, "24 34")
    assert phase(state) is Phase.CHAIN
    game.play(state, A, NUMBER_LAYS[43])  # digit sum 7 like 34: the third card
    assert state.to_move == B
    assert state.hands[A] == [45]
    assert phase(state) is Phase.START


def test_a_player_may_stop_after_one_card_but_not_draw_after_laying() -> None:
    game = Cento()
    state = table(game, [[27, 57], [50, 51]], 23)
    game.play(state, A, NUMBER_LAYS[27])
    with pytest.raises(IllegalActionError, match="legal: lay 57, end"):
        game.play(state, A, DRAW)
    game.play(state, A, END)
    assert state.to_move == B
    assert state.hands[A] == [57]


# -- the Monozahl obligation ------------------------------------------------------------------


def test_seed_example_53_59_9_then_7_then_take_three_then_d_plays_on_the_7() -> None:
    game = Cento()
    hands = [[53, 59, 9, 80], [7, 2, 40], [30, 31, 42], [17, 25, 43, 70, 3, 35]]
    state = table(game, hands, 23)
    play_all(game, state, A, "53 59 9")  # 53 ones 3, 59 tens 5, 9 ones 9: three cards
    assert state.to_move == B
    assert phase(state) is Phase.OBLIGED
    # B must lay exactly one Monozahl (any, it need not fit) or take three.
    assert game.legal_actions(state, B) == [NUMBER_LAYS[2], NUMBER_LAYS[7], TAKE]
    game.play(state, B, NUMBER_LAYS[7])
    assert (state.to_move, phase(state)) == (C, Phase.OBLIGED)
    assert state.hands[B] == [2, 40]
    # C has no Monozahl: he takes three and loses his turn.
    assert game.legal_actions(state, C) == [TAKE]
    events = game.play(state, C, TAKE)
    assert len(state.hands[C]) == 6
    assert [e.to for e in events if e.kind == "drawn"] == [frozenset({C})]
    # D plays on the 7 by the basic rule: ones digit 7 or digit sum 7, up to three cards.
    assert (state.to_move, phase(state)) == (D, Phase.START)
    assert lays(game.legal_actions(state, D)) == [17, 25, 43, 70]
    play_all(game, state, D, "70 25 43")  # 7 → 70 (sum 7) → 25 (sum 7) → 43 (sum 7)
    assert state.to_move == A


def test_only_the_last_card_of_a_turn_obliges() -> None:
    game = Cento()
    state = table(game, [[3, 13, 40], [50, 51]], 23)
    play_all(game, state, A, "3 13 end")  # a Monozahl in the middle of the chain
    assert (state.to_move, phase(state)) == (B, Phase.START)


def test_a_free_card_declared_1_to_9_answers_the_obligation_but_not_the_100() -> None:
    game = Cento()
    state = table(game, [[9, 40], [FREE, 100, 50]], 59)
    play_all(game, state, A, "9 end")
    assert game.legal_actions(state, B) == [*(FREE_LAYS[v] for v in range(1, 10)), TAKE]
    game.play(state, B, FREE_LAYS[4])
    assert (state.open_card, state.open_value) == (FREE, 4)
    assert (state.to_move, phase(state)) == (A, Phase.OBLIGED)


# -- Spiel 2 ---------------------------------------------------------------------------------


def test_spiel_2_example_on_23_a_lays_2_b_lays_7_c_takes_three() -> None:
    game = Cento({"variant": 2})
    hands = [[2, 40], [7, 80], [30, 31], [17, 72, 3, 45, 46]]
    state = table(game, hands, 23)
    game.play(state, A, NUMBER_LAYS[2])  # one card sharing a digit; the turn ends
    assert (state.to_move, phase(state)) == (B, Phase.OBLIGED)
    game.play(state, B, NUMBER_LAYS[7])
    game.play(state, C, TAKE)
    assert len(state.hands[C]) == 5
    # D may lay any card showing a 7, or a Monozahl (which obliges the next player).
    assert lays(game.legal_actions(state, D)) == [3, 17, 72]
    game.play(state, D, NUMBER_LAYS[3])
    assert (state.to_move, phase(state)) == (A, Phase.OBLIGED)


def test_spiel_2_example_after_55_lay_35_57_5_then_the_obligation() -> None:
    game = Cento({"variant": 2})
    state = table(game, [[55, 35, 57, 5, 80], [1, 2]], 25)
    game.play(state, A, NUMBER_LAYS[55])
    assert phase(state) is Phase.RUN
    assert lays(game.legal_actions(state, A)) == [5, 35, 57]
    play_all(game, state, A, "35 57 5")
    assert state.to_move == A  # he could still stop here: no more 5s, so only "end"
    assert game.legal_actions(state, A) == [END]
    game.play(state, A, END)
    assert (state.to_move, phase(state)) == (B, Phase.OBLIGED)


def test_spiel_2_lays_one_card_per_turn() -> None:
    game = Cento({"variant": 2})
    state = table(game, [[27, 72], [50, 51]], 23)
    game.play(state, A, NUMBER_LAYS[27])
    assert state.to_move == B


# -- Spiel 1 ---------------------------------------------------------------------------------


def test_spiel_1_has_no_special_cards() -> None:
    game = Cento({"variant": 1, "free_cards": 4, "hundred_mode": "wild"})
    assert game.all_cards(3) == list(range(1, 101))  # no free cards
    assert fitting(game, 23) == {n for n in range(1, 101) if {2, 3} & digits(n)}
    assert 100 not in fitting(game, 23)  # the 100 is the number 100
    state = table(game, [[3, 40], [50, 51], [60, 61]], 23)
    game.play(state, A, NUMBER_LAYS[3])
    assert (state.to_move, phase(state)) == (B, Phase.START)  # no obligation
    state = table(game, [[22, 2, 12], [50, 51], [60, 61]], 23)
    game.play(state, A, NUMBER_LAYS[22])
    assert (state.to_move, phase(state)) == (B, Phase.START)  # no Schnapszahl run


# -- free cards ------------------------------------------------------------------------------


def test_a_free_card_is_declared_when_laid_and_must_fit_as_that_number() -> None:
    game = Cento()
    state = table(game, [[FREE, FREE, 80], [50, 51]], 23)
    legal = game.legal_actions(state, A)
    assert free_values(legal) == sorted(fitting(game, 23) - {100})
    assert len(legal) == len(set(legal))  # two free cards, one set of choices
    game.play(state, A, FREE_LAYS[27])
    assert (state.open_card, state.open_value) == (FREE, 27)
    # It counts as 27 for the next card: 57 (ones 7) fits, a free card as 66 does not.
    assert 57 in free_values(game.legal_actions(state, A))
    assert 66 not in free_values(game.legal_actions(state, A))
    assert str(FREE_LAYS[27]) == "lay free 27"


def test_a_free_card_declared_as_a_schnapszahl_starts_a_run() -> None:
    game = Cento()
    state = table(game, [[FREE, 6, 61, 70], [50, 51]], 57)
    game.play(state, A, FREE_LAYS[66])
    assert (phase(state), state.run_digit) == (Phase.RUN, 6)
    assert lays(game.legal_actions(state, A)) == [6, 61]


def test_free_cards_are_identical_copies_in_the_deck() -> None:
    game = Cento({"free_cards": 6})
    assert Counter(game.all_cards(4))[FREE] == 6
    assert game.deck_order(4, 1).count("free") == 6


# -- the 100 ---------------------------------------------------------------------------------


def test_the_wild_100_fits_anything_and_anything_fits_on_it() -> None:
    game = Cento()
    assert fitting(game, 100) == set(range(1, 101))
    assert all(game.fits[below][100] for below in range(1, 101))
    state = table(game, [[100, 31, 88], [50, 51]], 23)
    play_all(game, state, A, "100 31")  # in a chain, any card may follow the 100
    assert state.open_value == 31


def test_the_100_as_a_number() -> None:
    game = Cento({"hundred_mode": "number"})
    assert fitting(game, 100) == {10, 20, 30, 40, 50, 60, 70, 80, 90, 1, 100}
    assert 100 in fitting(game, 50)
    assert 100 not in fitting(game, 23)


def test_a_100_in_a_run_only_for_the_digit_1() -> None:
    game = Cento()
    state = table(game, [[11, 100, 19], [50, 51]], 15)
    game.play(state, A, NUMBER_LAYS[11])
    assert lays(game.legal_actions(state, A)) == [19, 100]
    state = table(game, [[22, 100, 29], [50, 51]], 25)
    game.play(state, A, NUMBER_LAYS[22])
    assert lays(game.legal_actions(state, A)) == [29]


# -- drawing, the rebuilt draw pile and the end ------------------------------------------------


def test_a_player_who_will_not_lay_draws_one_card_and_the_turn_ends() -> None:
    game = Cento()
    state = table(game, [[27, 40], [50, 51]], 23, top=[88])
    assert game.legal_actions(state, A)[-1] == DRAW
    events = game.play(state, A, DRAW)
    assert state.hands[A] == [27, 40, 88]
    assert state.to_move == B
    public = [e for e in events if e.to is None]
    assert all(88 not in e.data.values() for e in public)


def test_option_lay_drawn_lets_the_drawn_card_start_the_turn() -> None:
    game = Cento({"lay_drawn": True})
    state = table(game, [[40, 41], [50, 51]], 23, top=[28, 90])
    game.play(state, A, DRAW)
    assert phase(state) is Phase.DRAWN
    assert game.legal_actions(state, A) == [NUMBER_LAYS[28], END]
    assert game.view(state, A).drawn == 28
    assert game.view(state, B).drawn is None
    game.play(state, A, NUMBER_LAYS[28])
    assert phase(state) is Phase.CHAIN  # it counts as the first card of the chain
    assert lays(game.legal_actions(state, A)) == []
    game.play(state, A, END)
    game.play(state, B, DRAW)  # 90 does not fit on 28: only "end"
    assert game.legal_actions(state, B) == [END]


def test_an_empty_draw_pile_is_rebuilt_from_the_cards_under_the_open_card() -> None:
    game = Cento({"rebuilds": 1})
    state = table(game, [[40, 41], [50, 51]], 23, pile=False)
    assert state.draw_pile == []
    under = sorted(state.discard_pile)
    events = game.play(state, A, DRAW)
    assert "rebuild" in [e.kind for e in events]
    assert state.open_card == 23
    assert state.discard_pile == []
    assert sorted(state.draw_pile + state.hands[A]) == sorted([*under, 40, 41])
    assert game.view(state, B).rebuilds_left == 0
    assert_cards_conserved(game, state)


def test_the_game_ends_when_a_card_must_be_drawn_after_the_last_rebuild() -> None:
    game = Cento({"rebuilds": 0})
    state = table(game, [[40, 41, 42], [50], [60, 61]], 23, top=[], pile=False)
    events = game.play(state, A, DRAW)
    assert game.is_terminal(state)
    assert state.end_reason == "exhausted"
    assert [e.kind for e in events][-2:] == ["exhausted", "game_end"]
    assert game.scores(state) == (-3, -1, -2)
    assert game.ranking(state) == (3, 1, 2)


def test_taking_three_from_a_short_pile_ends_the_game_when_nothing_is_left() -> None:
    game = Cento({"rebuilds": 0})
    state = table(game, [[9, 40], [50, 51], [60, 61]], 59, top=[80, 81], pile=False)
    play_all(game, state, A, "9 end")
    game.play(state, B, TAKE)
    assert state.hands[B] == [50, 51, 80, 81]
    assert game.is_terminal(state)
    assert game.ranking(state) == (1, 3, 2)


def test_the_first_empty_hand_wins_at_once_even_within_a_chain() -> None:
    game = Cento()
    state = table(game, [[27, 57], [50, 51, 52], [60]], 23)
    events = play_all(game, state, A, "27 57")
    assert game.is_terminal(state)
    assert state.winner == A
    assert game.scores(state) == (0, -3, -1)
    assert game.ranking(state) == (1, 3, 2)
    assert [e.kind for e in events][-2:] == ["win", "game_end"]
    assert game.legal_actions(state, B) == ()


# -- set-up ----------------------------------------------------------------------------------


def test_deal_seven_each_turn_the_top_card_put_back_free_cards_and_the_100() -> None:
    game = Cento()
    hands = [list(range(1, 8)), list(range(11, 18))]
    deck: list[object] = [*hands[0], *hands[1], "free", 100, 42]
    deck += [n for n in range(1, 100) if n not in {*hands[0], *hands[1], 42}]
    deck += ["free"] * 3
    events: list[Event] = []
    state = game.new_state(2, seed=3, deck=deck, log=events)
    assert state.hands == hands
    assert state.open_card == 42
    assert state.draw_pile[:2] == [100, FREE]  # both went under the pile, in that order
    assert [e.kind for e in events if e.kind == "put_back"] == ["put_back", "put_back"]
    assert (state.to_move, phase(state)) == (0, Phase.START)
    assert len(state.draw_pile) == 104 - 2 * HAND_SIZE - 1


@pytest.mark.parametrize(
    "deck", [[], [*range(1, 101), "free", "free", "free"], [*range(1, 101), *["free"] * 4, 7]]
)
def test_an_incomplete_deck_is_refused(deck: list[object]) -> None:
    with pytest.raises(DeckError, match="1 to 100 once each and 4 times"):
        Cento().new_state(3, seed=1, deck=deck)


def test_seat_counts_and_options() -> None:
    assert Cento.spec.seat_counts == range(2, 7)
    with pytest.raises(OptionError, match="must be a whole number from 1 to 3"):
        Cento({"variant": 4})
    with pytest.raises(OptionError, match="one of wild, number"):
        Cento({"hundred_mode": "joker"})


# -- actions: text, JSON, integers ------------------------------------------------------------


def test_a_whole_chain_can_be_typed_at_once() -> None:
    game = Cento()
    lay = NUMBER_LAYS
    assert game.parse_move("27 57 66") == [lay[27], lay[57], lay[66]]
    assert game.parse_move("lay 27, lay 57, end") == [lay[27], lay[57], END]
    assert game.parse_move("27 » 57 → 66 fertig") == [lay[27], lay[57], lay[66], END]
    assert game.parse_move("frei 27 f57 free=9") == [FREE_LAYS[27], FREE_LAYS[57], FREE_LAYS[9]]
    assert game.parse_move("nimm 3") == [TAKE]
    assert game.parse_move("take three") == [TAKE]
    assert game.parse_move("ziehen") == [DRAW]
    for bad in ("", "lay", "free", "free 100", "101", "0", "27 banana"):
        with pytest.raises(ActionParseError, match="not a Cento move"):
            game.parse_move(bad)
    with pytest.raises(ActionParseError):
        game.parse_action("27 57")


def test_codes_text_json_and_labels_round_trip() -> None:
    game = Cento()
    assert game.num_distinct_actions == 202
    for code in range(game.num_distinct_actions):
        action = game.decode(code)
        assert game.encode(action) == code
        assert game.parse_action(str(action)) == action
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        for lang in ("de", "en"):
            assert game.parse_action(game.label(action, lang)) == action
    assert FREE_LAYS[27].to_json() == {"type": "lay", "card": "free", "value": 27}
    assert game.label(END, "de") == "fertig"
    for bad in ({"type": "lay", "card": "free", "value": 100}, {"type": "lay", "card": 0}, 5):
        with pytest.raises(ActionParseError):
            game.action_from_json(bad)


# -- hidden information and other option sets -------------------------------------------------


def test_views_hide_hands_the_draw_pile_and_a_drawn_card() -> None:
    game = Cento()
    state = game.new_state(3, seed=5)
    view = game.view(state, 1)
    assert view.hand == tuple(state.hands[1])
    assert view.hand_sizes == (7, 7, 7)
    assert game.view(state, None).hand == ()
    assert "draw_pile'" not in repr(view.to_json())
    events: list[Event] = []
    game.new_state(3, seed=5, log=events)
    assert [e.to for e in events if e.kind == "deal"] == [frozenset({s}) for s in range(3)]


def test_the_view_recalls_every_lay_draw_and_take_but_no_drawn_card() -> None:
    """What everyone saw, in order: the cards laid, and the open value each draw, take and
    end by choice was made on (the seed's example: A lays 53 59 9, B answers with the 7, C
    takes three, D lays on the 7; then A draws on the 43, and B lays the 40 and ends)."""
    game = Cento()
    hands = [[53, 59, 9, 80], [7, 2, 40], [30, 31, 42], [17, 25, 43, 70, 3, 35]]
    state = table(game, hands, 23, top=[66, 61, 62, 88])
    play_all(game, state, A, "53 59 9")
    game.play(state, B, NUMBER_LAYS[7])
    game.play(state, C, TAKE)
    play_all(game, state, D, "70 25 43")  # the third card ends the turn: no "end" move
    game.play(state, A, DRAW)
    play_all(game, state, B, "40 end")  # B ends by choice after one card
    expected = (
        (A, "lay", 53),
        (A, "lay", 59),
        (A, "lay", 9),
        (B, "lay", 7),
        (C, "take", 7),
        (D, "lay", 70),
        (D, "lay", 25),
        (D, "lay", 43),
        (A, "draw", 43),
        (B, "lay", 40),
        (B, "end", 40),
    )
    for seat in (A, B, C, D, None):
        assert game.view(state, seat).public_moves == expected
    assert 66 in state.hands[C]
    assert 61 in state.hands[C]
    assert 88 in state.hands[A]
    sample = game.determinize(game.view(state, B), random.Random(1))
    assert tuple(sample.public_moves) == expected


def test_a_deal_can_lean_on_cards_a_hand_is_unlikely_to_hold() -> None:
    """``determinize(..., unlikely=...)``: each listed card of a hand is dealt from outside
    its set while the unseen cards allow it; the deal still agrees with the view."""
    game = Cento()
    state = game.new_state(3, seed=8)
    view = game.view(state, A)
    no_fit = frozenset(fitting(game, view.open_value)) - {100}
    for seed in range(20):
        sample = game.determinize(view, random.Random(seed), unlikely={B: [no_fit] * 7})
        assert not no_fit & set(sample.hands[B])
        assert game.view(sample, A) == view
        assert_cards_conserved(game, sample)
    # A set that rules out every unseen card cannot be kept: the hand is dealt anyway.
    everything = frozenset(range(101))
    sample = game.determinize(view, random.Random(1), unlikely={C: [everything] * 9})
    assert len(sample.hands[C]) == 7
    assert game.view(sample, A) == view


@pytest.mark.parametrize(
    "options",
    [
        {"variant": 1},
        {"variant": 2, "lay_drawn": True},
        {"lay_drawn": True, "hundred_mode": "number", "free_cards": 10, "rebuilds": 0},
        {"chain_after_schnapszahl": "goes_on", "lay_drawn": True, "free_cards": 10},
    ],
)
def test_other_option_sets_keep_the_engine_promises(options: dict[str, object]) -> None:
    """The conformance suite runs the default options; these sets cover Spiel 1 and 2, the
    drawn card that may be laid, the 100 as a number, the end without rebuilds and the chain
    that goes on after a Schnapszahl."""
    game = Cento(options)
    for seats in (2, 4, 6):
        steps = sum(1 for _ in random_walk(game, seats, 1, _check_views)) - 1
        assert 0 < steps <= game.max_actions(seats)
    for step, _ in enumerate(random_walk(game, 3, 2, _check_every_action)):
        if step == EVERY_ACTION_STEPS:
            break


@pytest.mark.parametrize("variant", [1, 2, 3])
def test_random_play_ends_within_the_bound_in_every_variant(variant: int) -> None:
    for options in ({"variant": variant}, {"variant": variant, "lay_drawn": True, "rebuilds": 5}):
        game = Cento(options)
        for seats in range(2, 7):
            for seed in range(8):
                rng = random.Random(seed)
                state = game.new_state(seats, seed)
                steps = 0
                while not game.is_terminal(state):
                    legal = game.legal_actions(state, state.to_move)
                    game.apply(state, state.to_move, legal[int(rng.random() * len(legal))])
                    steps += 1
                assert steps <= game.max_actions(seats)
                assert_cards_conserved(game, state)


def test_actions_hash_once_as_their_fields_would() -> None:
    """Actions keep their hash (search trees hash them all the time): it is the hash the
    dataclass would give, and a new equal action hashes alike."""
    assert hash(Lay(57, 57)) == hash(NUMBER_LAYS[57]) == hash((57, 57))
    assert hash(Lay(FREE, 27)) == hash(FREE_LAYS[27]) == hash((FREE, 27))
    assert Lay(FREE, 27) == FREE_LAYS[27] != NUMBER_LAYS[27]
    assert hash(DRAW) == hash(END) == hash(TAKE) == hash(())
    assert repr(NUMBER_LAYS[5]) == "Lay(card=5, value=5)"


def test_a_card_put_under_the_pile_at_the_start_is_known_to_all_until_the_pile_is_rebuilt() -> None:
    """Seed 2 turns up the 100 first: it goes under the draw pile in view of all, so every
    view shows it there, and a sampled deal keeps it there instead of dealing it into a
    hand; once the pile is rebuilt from the discards it is no longer known to be anywhere."""
    game = Cento()
    log: list[Event] = []
    state = game.new_state(4, 2, log=log)
    assert [event.data["card"] for event in log if event.kind == "put_back"] == [100]
    assert state.draw_pile[0] == 100
    rng = random.Random(3)
    for seat in (0, 1, None):
        view = game.view(state, seat)
        assert view.pile_bottom == (100,)
        for _ in range(20):
            for world in (game.determinize(view, rng), game.shuffle_unseen(state, seat, rng)):
                assert world.draw_pile[0] == 100
                assert all(100 not in hand for hand in world.hands)
                assert game.view(world, seat) == view
    state.discard_pile.extend(state.draw_pile[1:])  # the pile drawn down to its bottom card
    del state.draw_pile[1:]
    assert game.view(state, 0).pile_bottom == (100,)
    state.discard_pile.append(state.draw_pile.pop())  # and that one played
    assert game._rebuild(state, None)
    assert game.view(state, 0).pile_bottom == ()
    deals = [game.determinize(game.view(state, 0), rng) for _ in range(50)]
    assert any(100 in hand for world in deals for hand in world.hands[1:])  # anywhere now


def test_a_refused_turn_with_a_card_not_in_the_hand_says_so_when_parsed() -> None:
    game = Cento()
    state = table(game, [[9, 40, FREE], [7, 50]], 59)
    view = game.view(state, A)
    assert game.refusal(view, "9 40 end", "en") is None
    assert game.refusal(view, "9 41", "en") == "You hold no 41; you hold: free, 9, 40."
    assert game.refusal(view, "frei 9, frei 10", "de") == (
        "Du hast keine freie Karte auf der Hand; du hast: frei, 9, 40."
    )
    assert game.refusal(view, "ziehen 77", "de") is None  # drawn first: who knows
    assert game.refusal(view, "500", "en") == "There is no card 500; the numbers go from 1 to 100."
