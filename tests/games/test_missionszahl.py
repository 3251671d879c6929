"""Missionszahl: the seed's examples, every symbol, the ties, scoring and the end
(RULES-NOTES §3)."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Sequence
from dataclasses import fields
from functools import reduce
from operator import or_

import pytest

from spieltisch.core.chance import shuffled
from spieltisch.core.errors import DeckError, IllegalActionError, OptionError, SeatCountError
from spieltisch.core.game import Event
from spieltisch.games.missionszahl import Missionszahl, MissionszahlState, Phase, Shift
from spieltisch.games.missionszahl.actions import (
    ALL_ACTIONS,
    BLINDS,
    GIVES,
    MINUS,
    NO_EXCHANGE,
    NO_SWAP,
    PILE_EXCHANGE,
    PLAYS,
    PLUS,
    SWAPS,
    TRADES,
)
from spieltisch.games.missionszahl.cards import (
    ALL_CARDS,
    NAME,
    SYMBOL,
    SYMBOL_CARDS,
    VALUE,
    Symbol,
    card_from_name,
)
from spieltisch.games.missionszahl.game import (
    MIN_DRAW_PILE,
    NOBODY,
    PUBLIC,
    ROUNDS,
    SEAT_BIT,
    Exchanged,
    MissionszahlView,
    Revealed,
    colour_bonus,
    table_scores,
)


def c(name: str) -> int:
    card = card_from_name(name)
    assert card is not None
    return card


def table(
    hands: Sequence[Sequence[str]],
    mission: str = "R15",
    top: Sequence[str] = (),
    size: int = 0,
    **fields: object,
) -> MissionszahlState:
    """A hand-made table at the start of a round: the given hands, each topped up to
    ``size`` cards (at least the longest given hand; hands are always equal), ``mission``
    face up, ``top`` on top of the draw pile (top card first) and every other card below."""
    seats = len(hands)
    size = max(size, *(len(hand) for hand in hands))
    used = {c(mission), *map(c, top), *(c(card) for hand in hands for card in hand)}
    spare = iter(card for card in ALL_CARDS if card not in used)
    full = [
        sorted([*map(c, hand), *(next(spare) for _ in range(size - len(hand)))]) for hand in hands
    ]
    rest = list(spare)
    state = MissionszahlState(
        seats=seats,
        seed=7,
        shuffles=1,
        phase=Phase.COMMIT,
        hands=full,
        draw_pile=[*rest, *reversed([c(card) for card in top])],
        known=[0] * len(ALL_CARDS),
        missions=[c(mission)],
        arrows=[NOBODY],
        shift=0,
        played=[-1] * seats,
        waiting=tuple(range(seats)),
        pending=[False] * seats,
        out=[False] * seats,
        cursor=0,
        drawn=-1,
        winner=NOBODY,
        partner=-1,
        collections=[[] for _ in range(seats)],
    )
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def lay(game: Missionszahl, state: MissionszahlState, cards: Sequence[str]) -> list[Event]:
    """Every seat lays its card; returns what happened."""
    events: list[Event] = []
    for seat, card in enumerate(cards):
        events += game.play(state, seat, PLAYS[c(card)])
    return events


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def names(cards: Sequence[int]) -> list[str]:
    return [NAME[card] for card in cards]


# -- the deck ----------------------------------------------------------------------------------


def test_the_deck_has_108_cards_and_every_symbol_once_per_colour() -> None:
    assert len(ALL_CARDS) == 108
    assert sorted(set(VALUE)) == list(range(1, 28))
    for symbol in Symbol:
        holders = [card for card in ALL_CARDS if SYMBOL[card] is symbol]
        assert len({NAME[card][0] for card in holders}) == 4
        assert sorted(VALUE[card] % 2 for card in holders) == [0, 0, 1, 1]
    assert len(SYMBOL_CARDS) == 20
    assert card_from_name("r 7") == card_from_name("R07") == c("R7")
    assert card_from_name("R28") is None
    assert card_from_name("X3") is None


# -- the seed's examples: ±3 ---------------------------------------------------------------


@pytest.mark.parametrize(("choice", "target"), [(PLUS, 18), (MINUS, 12)])
def test_mission_15_becomes_18_or_12(choice: Shift, target: int) -> None:
    game = Missionszahl()
    state = table([["R19"], ["R1"]])
    lay(game, state, ["R19", "R1"])
    assert state.phase is Phase.SHIFT
    assert game.to_act(state) == (0,)
    assert game.legal_actions(state, 0) == (MINUS, PLUS)
    assert game.legal_actions(state, 1) == ()
    events = game.play(state, 0, choice)
    assert events[0].kind == "shift"
    assert events[0].data["target"] == target
    assert game.view(state, 1).target == target
    assert game.view(state, 1).mission_number == 15


def test_two_minus_3_cards_take_15_to_12_then_9() -> None:
    game = Missionszahl()
    state = table([["R19"], ["B14"], ["R1"]])
    lay(game, state, ["R19", "B14", "R1"])
    # The higher symbol card (19) goes first, then clockwise.
    assert game.to_act(state) == (0,)
    game.play(state, 0, MINUS)
    assert game.view(state, 0).target == 12
    assert game.to_act(state) == (1,)
    events = game.play(state, 1, MINUS)
    assert events[0].data["target"] == 9
    # Closest to 9: the 14 (distance 5) beats the 1 (8) and the 19 (10).
    assert state.winner == 1
    assert state.arrows == [1]
    assert state.phase is Phase.SWAP


def test_the_changed_number_is_not_clamped() -> None:
    game = Missionszahl()
    state = table([["R19"], ["B14"], ["R1"]], mission="R2")
    lay(game, state, ["R19", "B14", "R1"])
    game.play(state, 0, MINUS)
    game.play(state, 1, MINUS)
    assert game.view(state, 0).target == -4
    assert state.winner == 2


# -- PASS_CW ---------------------------------------------------------------------------------


def test_pass_moves_every_played_card_one_seat_clockwise() -> None:
    game = Missionszahl()
    state = table([["B24"], ["R16"], ["R2"]], size=2)
    events = lay(game, state, ["B24", "R16", "R2"])
    assert "pass_cw" in kinds(events)
    assert names(state.played) == ["R2", "B24", "R16"]
    # Seat 2 now holds the 16, closest to 15.
    assert state.winner == 2
    game.play(state, 2, NO_SWAP)
    game.play(state, 2, NO_EXCHANGE)
    assert [names(col) for col in state.collections] == [["R2"], ["B24"], ["R16"]]


def test_a_passed_symbol_is_carried_out_by_its_new_holder() -> None:
    game = Missionszahl()
    state = table([["B24"], ["R3"], ["R19"]])
    events = lay(game, state, ["B24", "R3", "R19"])
    assert kinds(events).count("first") == 1
    assert names(state.played) == ["R19", "B24", "R3"]
    # The ±3 travelled from seat 2 to seat 0: seat 0 decides it.
    assert state.phase is Phase.SHIFT
    assert game.to_act(state) == (0,)
    events = game.play(state, 0, PLUS)
    assert "pass_cw" not in kinds(events)  # the pass card now at seat 1 is done
    assert state.winner == 0  # 19 is 1 away from 18


def test_a_pass_card_passed_on_unresolved_passes_again() -> None:
    game = Missionszahl()
    state = table([["B24"], ["O15"], ["R1"]])
    events = lay(game, state, ["B24", "O15", "R1"])
    assert kinds(events).count("pass_cw") == 2
    assert names(state.played) == ["O15", "R1", "B24"]
    assert state.winner == 0


# -- NEW_MISSION -------------------------------------------------------------------------------


def test_new_mission_replaces_the_card_and_discards_earlier_changes() -> None:
    game = Missionszahl()
    state = table([["R19"], ["R9"], ["R1"]], top=["R26"])
    lay(game, state, ["R19", "R9", "R1"])
    events = game.play(state, 0, MINUS)
    assert kinds(events)[:2] == ["shift", "new_mission"]
    assert state.shift == 0
    assert names(state.missions) == ["R26"]
    # The old mission card lies face up under the draw pile, known to all.
    assert state.draw_pile[0] == c("R15")
    assert state.known[c("R15")] == PUBLIC
    assert game.view(state, 2).draw_pile[-1] == c("R15")
    assert state.winner == 0  # 19 is 7 from 26


def test_a_change_after_a_new_mission_applies_to_the_new_number() -> None:
    game = Missionszahl()
    state = table([["O25"], ["R19"], ["R1"]], top=["R10"])
    lay(game, state, ["O25", "R19", "R1"])
    assert names(state.missions) == ["R10"]
    game.play(state, 1, PLUS)
    assert game.view(state, 0).target == 13


def test_a_symbol_on_a_mission_card_does_nothing() -> None:
    game = Missionszahl()
    state = table([["R16"], ["R2"]], mission="O15")
    events = lay(game, state, ["R16", "R2"])
    assert "pass_cw" not in kinds(events)
    assert state.winner == 0


# -- EVENS_OUT ---------------------------------------------------------------------------------


def test_evens_out_knocks_out_even_cards_including_its_own_player() -> None:
    game = Missionszahl()
    state = table([["R14"], ["R16"], ["R1"]])
    events = lay(game, state, ["R14", "R16", "R1"])
    evens = next(e for e in events if e.kind == "evens_out")
    assert evens.data["seats"] == [0, 1]
    assert state.out == [True, True, False]
    # 14 and 16 are 1 away from 15, but only the 1 is still in.
    assert state.winner == 2


def test_an_odd_evens_out_card_keeps_its_player_in() -> None:
    game = Missionszahl()
    state = table([["O5"], ["R16"], ["R20"]])
    lay(game, state, ["O5", "R16", "R20"])
    assert state.out == [False, True, True]
    assert state.winner == 0


def test_a_knocked_out_players_symbol_is_dropped() -> None:
    game = Missionszahl()
    state = table([["R14"], ["G10"], ["R13"]], top=["R27"])
    events = lay(game, state, ["R14", "G10", "R13"])
    assert "cancelled" in kinds(events)
    assert "new_mission" not in kinds(events)
    assert names(state.missions) == ["R15"]
    assert state.winner == 2


def test_a_symbol_passed_to_a_knocked_out_player_is_dropped() -> None:
    game = Missionszahl()
    state = table([["R16"], ["B19"], ["O15"], ["G5"]])
    events = lay(game, state, ["R16", "B19", "O15", "G5"])
    # B19 (evens out) first: seat 0 is out; O15 passes G5 (±3) on to seat 0.
    assert names(state.played) == ["G5", "R16", "B19", "O15"]
    cancelled = [e for e in events if e.kind == "cancelled"]
    assert [e.data["seat"] for e in cancelled] == [0]
    assert state.phase is Phase.SWAP
    assert state.winner == 3  # O15 hits 15


def test_when_everybody_is_out_nobody_wins_and_the_arrow_stays_unowned() -> None:
    game = Missionszahl()
    state = table([["R14", "R1"], ["R16", "R3"]])
    events = lay(game, state, ["R14", "R16"])
    assert "no_winner" in kinds(events)
    assert "win" not in kinds(events)
    assert state.arrows[0] == NOBODY
    assert [names(col) for col in state.collections] == [["R14"], ["R16"]]
    # Straight on to the next round: no swap, no exchange.
    assert state.phase is Phase.COMMIT
    assert len(state.missions) == 2


# -- DRAW_AND_GIVE -----------------------------------------------------------------------------


def test_draw_and_give_replaces_the_receivers_card_and_ignores_its_symbol() -> None:
    game = Missionszahl()
    state = table([["R24"], ["R16"], ["R2"]], top=["R4"], size=2)
    events = lay(game, state, ["R24", "R16", "R2"])
    assert events[-1].kind == "drawn"
    assert state.phase is Phase.GIVE
    assert game.view(state, 1).drawn == c("R4")
    assert game.to_act(state) == (0,)
    assert game.legal_actions(state, 0) == (GIVES[1], GIVES[2])
    events = game.play(state, 0, GIVES[2])
    assert kinds(events)[0] == "give"
    assert "pass_cw" not in kinds(events)  # the R4's symbol is ignored
    assert names(state.played) == ["R24", "R16", "R4"]
    assert state.draw_pile[0] == c("R2")
    assert state.known[c("R2")] == PUBLIC
    assert state.winner == 1
    game.play(state, 1, NO_SWAP)
    game.play(state, 1, NO_EXCHANGE)
    assert names(state.collections[2]) == ["R4"]


def test_with_two_players_the_drawn_card_goes_to_the_other_at_once() -> None:
    game = Missionszahl()
    state = table([["R24"], ["R16"]], top=["R14"])
    events = lay(game, state, ["R24", "R16"])
    assert kinds(events).count("give") == 1
    assert names(state.played) == ["R24", "R14"]
    assert state.winner == 1
    assert state.phase is Phase.SWAP


# -- ties ------------------------------------------------------------------------------------


def test_equal_symbol_numbers_draw_for_who_begins() -> None:
    game = Missionszahl()
    # R4 (pass) and B4 (new mission) tie; seat 0 draws R3, seat 1 draws R20: seat 1 begins.
    state = table([["R4"], ["B4"], ["R13"]], top=["R3", "R20", "R15"], mission="G15")
    events = lay(game, state, ["R4", "B4", "R13"])
    after = events[kinds(events).index("reveal") + 1 :]
    assert kinds(after)[:4] == ["tie_draw", "first", "new_mission", "pass_cw"]
    assert after[0].data == {"seats": [0, 1], "cards": ["R3", "R20"]}
    assert after[1].data["seat"] == 1
    # The drawn cards went under the pile, then the old mission card went under them; the new
    # mission is the next top card.
    assert names(state.draw_pile[:3]) == ["G15", "R20", "R3"]
    assert names(state.missions) == ["R15"]


def test_a_new_tie_in_the_draw_draws_again() -> None:
    game = Missionszahl()
    state = table([["R4"], ["B4"], ["R13"]], top=["R3", "G3", "R20", "R10", "R22"])
    events = lay(game, state, ["R4", "B4", "R13"])
    draws = [e.data["cards"] for e in events if e.kind == "tie_draw"]
    assert draws == [["R3", "G3"], ["R20", "R10"]]
    assert next(e for e in events if e.kind == "first").data["seat"] == 0


def test_equal_distance_to_the_mission_number_is_drawn_for() -> None:
    game = Missionszahl()
    state = table([["R13"], ["R17"], ["R1"]], top=["G2", "G9"])
    events = lay(game, state, ["R13", "R17", "R1"])
    draw = next(e for e in events if e.kind == "tie_draw")
    assert draw.data == {"seats": [0, 1], "cards": ["G2", "G9"]}
    assert state.winner == 1
    assert names(state.draw_pile[:2]) == ["G9", "G2"]
    assert all(state.known[card] == PUBLIC for card in state.draw_pile[:2])


# -- the winner's actions ------------------------------------------------------------------


def test_the_winner_may_swap_played_cards_then_everybody_banks() -> None:
    game = Missionszahl()
    state = table([["R15", "R1"], ["R27", "R2"], ["R3", "R4"]])
    lay(game, state, ["R15", "R27", "R3"])
    assert game.legal_actions(state, 0) == (NO_SWAP, SWAPS[1], SWAPS[2])
    game.play(state, 0, SWAPS[1])
    assert state.phase is Phase.EXCHANGE
    game.play(state, 0, NO_EXCHANGE)
    assert [names(col) for col in state.collections] == [["R27"], ["R15"], ["R3"]]
    assert state.arrows[0] == 0


def test_option_swap_compulsory_makes_the_winner_swap_but_leaves_the_exchange_free() -> None:
    """The seed's "der Gewinner muss nun zwei bzw. drei Sachen machen" read as: I and II
    are compulsory, III optional. The winner of R15 must take another played card."""
    game = Missionszahl({"swap": "compulsory"})
    state = table([["R15", "R1"], ["R27", "R2"], ["R3", "R4"]])
    lay(game, state, ["R15", "R27", "R3"])
    assert game.legal_actions(state, 0) == (SWAPS[1], SWAPS[2])
    assert game.legal_actions(state, 1) == ()
    with pytest.raises(IllegalActionError):
        game.play(state, 0, NO_SWAP)
    game.play(state, 0, SWAPS[2])
    assert game.legal_actions(state, 0)[0] == NO_EXCHANGE  # the exchange stays optional
    game.play(state, 0, NO_EXCHANGE)
    assert [names(col) for col in state.collections] == [["R3"], ["R27"], ["R15"]]


def test_option_swap_is_validated_and_defaults_to_optional() -> None:
    assert Missionszahl().options["swap"] == "optional"
    with pytest.raises(OptionError, match="option 'swap' of missionszahl must be one of"):
        Missionszahl({"swap": "must"})


def test_exchange_with_the_draw_pile_draws_the_top_card_after_putting_one_under() -> None:
    game = Missionszahl()
    state = table([["R15", "R1"], ["R27", "R2"], ["R3", "R4"]], top=["G1", "G26"])
    lay(game, state, ["R15", "R27", "R3"])
    game.play(state, 0, NO_SWAP)
    game.play(state, 0, PILE_EXCHANGE)
    events = game.play(state, 0, TRADES[c("R1")])
    traded = next(e for e in events if e.kind == "traded_pile")
    assert traded.data == {"seat": 0, "gave": "R1", "got": "G1"}
    assert traded.to == frozenset({0})
    assert state.history[-1] == Exchanged(0, None)  # public: the kind, not the card
    assert state.hands[0] == [c("G1")]
    assert names(state.missions) == ["R15", "G26"]
    # Only the winner knows which card lies under the pile.
    assert state.draw_pile[0] == c("R1")
    assert game.view(state, 0).draw_pile[-1] == c("R1")
    assert game.view(state, 1).draw_pile[-1] is None
    assert game.view(state, None).draw_pile[-1] is None


def test_blind_exchange_takes_the_first_of_a_seeded_shuffle_of_the_partners_hand() -> None:
    game = Missionszahl()
    state = table([["R15", "R1", "R5"], ["R27", "R2", "R6"], ["R3", "R4", "R7"]])
    lay(game, state, ["R15", "R27", "R3"])
    game.play(state, 0, NO_SWAP)
    game.play(state, 0, BLINDS[2])
    assert state.phase is Phase.TRADE
    assert game.view(state, 1).partner == 2
    expected = shuffled(state.hands[2], state.seed, state.shuffles)[0]
    events = game.play(state, 0, TRADES[c("R5")])
    traded = next(e for e in events if e.kind == "traded_blind")
    assert traded.to == frozenset({0, 2})
    assert traded.data["got"] == NAME[expected]
    assert expected in state.hands[0]
    assert c("R5") in state.hands[2]
    # Each of the two knows the card he handed over; the third player knows neither.
    assert c("R5") in game.view(state, 0).known_hands[2]
    assert expected in game.view(state, 2).known_hands[0]
    assert game.view(state, 1).known_hands == ((), (), ())


def test_every_view_recalls_the_reveals_and_exchanges_but_not_the_cards_traded() -> None:
    game = Missionszahl()
    state = table([["R15", "R1", "R5"], ["R27", "R2", "R6"], ["R3", "R4", "R7"]])
    for seat, card in enumerate(["R15", "R27"]):
        game.play(state, seat, PLAYS[c(card)])
    # Face-down cards are no part of the record until all are revealed.
    assert game.view(state, 1).history == ()
    game.play(state, 2, PLAYS[c("R3")])
    revealed = Revealed(15, (c("R15"), c("R27"), c("R3")))
    assert game.view(state, 1).history == (revealed,)
    game.play(state, 0, SWAPS[1])  # a swap moves played cards: the record keeps the laid ones
    game.play(state, 0, BLINDS[2])
    game.play(state, 0, TRADES[c("R5")])
    record = (revealed, Exchanged(0, 2))
    for who in (0, 1, 2, None):
        assert game.view(state, who).history == record
    # It survives a deal from any view, and JSON.
    view = game.view(state, 1)
    assert game.determinize(view, random.Random(1)).history == state.history
    assert json.loads(json.dumps(view.to_json()))["history"][0] == [15, list(revealed.cards)]


def test_in_the_last_round_there_is_no_exchange_and_the_game_ends() -> None:
    game = Missionszahl()
    state = table([["R15"], ["R27"], ["R3"]])
    lay(game, state, ["R15", "R27", "R3"])
    events = game.play(state, 0, NO_SWAP)
    assert "exchange_pile" not in kinds(events)
    assert game.is_terminal(state)
    assert events[-1].kind == "game_end"
    assert game.to_act(state) == ()
    assert all(game.legal_actions(state, seat) == () for seat in range(3))


# -- scoring ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "bonus"), [(1, 0), (2, 0), (3, 10), (4, 20), (5, 30), (6, 40), (7, 50), (10, 80)]
)
def test_colour_bonus_table(count: int, bonus: int) -> None:
    assert colour_bonus([c(f"G{n}") for n in range(1, count + 1)]) == bonus


def test_colour_bonus_adds_up_over_colours() -> None:
    cards = [c(name) for name in ("R1", "R2", "R3", "G1", "G2", "G3", "G4", "B1", "B2")]
    assert colour_bonus(cards) == 10 + 20


def test_numbers_on_the_table_score_only_for_the_arrows_owner() -> None:
    missions = [c("R15"), c("G15"), c("B7"), c("R3")]
    arrows = [0, 1, 1, NOBODY]
    # Seat 0: its 15 scores (R15 points at it, though G15 points elsewhere); its 7 (B7 points
    # at seat 1) and its 3 (nobody's mission) score nothing; 20 is not on the table.
    seat0 = [c("O15"), c("G7"), c("B3"), c("R20")]
    seat1 = [c("O7"), c("R16"), c("G3"), c("B15")]
    # Seat 2 keeps only its colour bonus: three orange cards.
    seat2 = [c("O15"), c("O7"), c("O3")]
    assert table_scores([seat0, seat1, seat2], missions, arrows) == (15 + 20, 7 + 16 + 15, 10)


def test_scores_and_shared_places() -> None:
    game = Missionszahl()
    state = table([[], [], []], phase=Phase.OVER)
    state.collections = [[c("R10")], [c("G10")], [c("B2")]]
    assert game.scores(state) == (10, 10, 2)
    assert game.ranking(state) == (1, 1, 3)


# -- the whole game ------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_game_ends_after_ten_rounds_with_ten_cards_each(seats: int) -> None:
    game = Missionszahl()
    rng = random.Random(seats)
    events: list[Event] = []
    state = game.new_state(seats, seed=seats, log=events)
    steps = 0
    while not game.is_terminal(state):
        seat = game.to_act(state)[0]
        events += game.play(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps += 1
        assert len(state.draw_pile) + (state.drawn >= 0) >= MIN_DRAW_PILE
    assert kinds(events).count("mission") == ROUNDS
    assert kinds(events).count("bank") == ROUNDS
    assert all(hand == [] for hand in state.hands)
    assert all(len(col) == ROUNDS for col in state.collections)
    assert steps <= game.max_actions(seats)
    assert events[-1].data["scores"] == list(game.scores(state))
    end = events[-1].data  # the end screen's breakdown: bonus plus the cards that count
    for seat, cards in enumerate(state.collections):
        counted = [VALUE[card] for card in cards if NAME[card] not in end["void"][seat]]
        assert sum(counted) + end["bonus"][seat] == end["scores"][seat]


def test_an_explicit_deck_deals_hands_then_turns_up_the_mission() -> None:
    game = Missionszahl()
    deck = game.deck_order(2, seed=3)
    state = game.new_state(2, seed=3, deck=deck)
    assert names(state.hands[0]) == sorted(deck[:10], key=c)
    assert names(state.hands[1]) == sorted(deck[10:20], key=c)
    assert NAME[state.missions[0]] == deck[20]
    assert NAME[state.draw_pile[-1]] == deck[21]
    assert len(state.draw_pile) == 108 - 21


@pytest.mark.parametrize(
    "deck",
    [
        [NAME[card] for card in ALL_CARDS[:-1]],
        [*(NAME[card] for card in ALL_CARDS[:-1]), "R1"],
        [*(NAME[card] for card in ALL_CARDS[:-1]), "X27"],
        list(ALL_CARDS),
    ],
)
def test_an_incomplete_deck_is_refused(deck: list[object]) -> None:
    with pytest.raises(DeckError, match="names each of the 108 cards"):
        Missionszahl().new_state(3, seed=1, deck=deck)


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_players(seats: int) -> None:
    with pytest.raises(SeatCountError, match="missionszahl is for 2 to 4 players"):
        Missionszahl().new_state(seats, seed=1)


# -- hidden information ----------------------------------------------------------------------


def test_face_down_cards_stay_hidden_until_all_have_laid_one() -> None:
    game = Missionszahl()
    state = game.new_state(3, seed=5)
    card = state.hands[0][0]
    events = game.play(state, 0, PLAYS[card])
    assert game.view(state, 0).my_card == card
    assert game.view(state, 1).my_card is None
    assert game.view(state, 1).played == (None, None, None)
    assert game.view(state, 1).committed == (True, False, False)
    assert [e.to for e in events if "card" in e.data] == [frozenset({0})]
    for seat in (1, 2):
        events = game.play(state, seat, PLAYS[state.hands[seat][0]])
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.to is None
    assert reveal.data["cards"][0] == NAME[card]


def test_a_view_shows_only_the_own_hand() -> None:
    game = Missionszahl()
    state = game.new_state(4, seed=5)
    view = game.view(state, 2)
    assert view.hand == tuple(state.hands[2])
    assert view.hand_sizes == (10, 10, 10, 10)
    assert view.known_hands == ((), (), (), ())
    assert set(view.draw_pile) == {None}
    assert game.view(state, None).hand == ()


# -- actions as text and JSON ----------------------------------------------------------------


def test_every_label_parses_back_in_both_languages() -> None:
    game = Missionszahl()
    for action in ALL_ACTIONS:
        for lang in ("de", "en"):
            assert game.parse_action(game.label(action, lang)) == action
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_action_texts() -> None:
    game = Missionszahl()
    assert game.parse_action("R17") == PLAYS[c("R17")]
    assert game.parse_action(" spiele g 5 ") == PLAYS[c("G5")]
    assert game.parse_action("+3") == PLUS
    assert game.parse_action("minus") == MINUS
    assert game.parse_action("give 3") == GIVES[2]
    assert game.parse_action("gib B9") == TRADES[c("B9")]
    assert game.parse_action("Kein Tausch") == NO_SWAP
    assert game.parse_action("wechsle stapel") == PILE_EXCHANGE
    assert game.parse_move("blind 2 R17") == [BLINDS[1], TRADES[c("R17")]]
    assert game.parse_move("stapel gib R3") == [PILE_EXCHANGE, TRADES[c("R3")]]
    for bad in ("", "R28", "give 5", "swap 0", "+4", "play", "blind R3"):
        with pytest.raises(ValueError, match="not an action of missionszahl"):
            game.parse_action(bad)
    for bad_json in ({"type": "play", "card": 17}, {"type": "shift", "delta": 2}, [1]):
        with pytest.raises(ValueError, match="not an action of missionszahl"):
            game.action_from_json(bad_json)


def test_a_decision_out_of_turn_is_refused_and_names_the_choices() -> None:
    game = Missionszahl()
    state = table([["R19"], ["R1"]])
    lay(game, state, ["R19", "R1"])
    before = game.clone(state)
    with pytest.raises(IllegalActionError, match="does not act now; waiting for seat"):
        game.play(state, 1, PLUS)
    with pytest.raises(IllegalActionError, match=r"swap 2 is not legal for seat 0 now; legal: -3"):
        game.play(state, 0, SWAPS[1])
    assert state == before


def test_known_cards_survive_determinizing() -> None:
    game = Missionszahl()
    state = table([["R15", "R1", "R5"], ["R27", "R2", "R6"], ["R3", "R4", "R7"]], top=["G1"])
    lay(game, state, ["R15", "R27", "R3"])
    game.play(state, 0, NO_SWAP)
    game.play(state, 0, BLINDS[2])
    game.play(state, 0, TRADES[c("R5")])
    view = game.view(state, 0)
    sample = game.determinize(view, random.Random(1))
    assert c("R5") in sample.hands[2]
    assert game.view(sample, 0) == view


def test_a_card_passed_on_face_down_blurs_what_others_knew_of_that_hand() -> None:
    game = Missionszahl()
    # Seat 0 knows that seat 2 holds the R5 (it gave it to him blind earlier).
    state = table([["R1", "R9"], ["R27", "R6"], ["R15", "R5"]], top=["G1"])
    state.known[c("R5")] = SEAT_BIT[0]
    assert game.view(state, 0).known_hands[2] == (c("R5"),)
    lay(game, state, ["R1", "R27", "R15"])
    # Still known while seat 2 only lays cards face up.
    assert game.view(state, 0).known_hands[2] == (c("R5"),)
    game.play(state, 2, NO_SWAP)
    game.play(state, 2, PILE_EXCHANGE)
    game.play(state, 2, TRADES[c("R5")])
    assert game.view(state, 0).known_hands[2] == ()
    assert game.view(state, 0).draw_pile[-1] is None
    assert game.view(state, 2).draw_pile[-1] == c("R5")


def from_scratch(game: Missionszahl, state: MissionszahlState) -> MissionszahlState:
    """A copy of ``state`` that has forgotten everything it keeps only to save work."""
    fresh = game.clone(state)
    game.drop_caches(fresh)
    fresh.known_bits = PUBLIC  # bounds that are always safe
    fresh.under = len(ALL_CARDS)
    return fresh


def test_views_and_scores_kept_in_the_state_never_go_stale() -> None:
    """The board part of the views and the scores are kept in the state, and a state
    remembers which seats may know hidden cards and which draw pile cards nobody has seen
    (``MissionszahlState``): after every action, each seat's view and the scores equal
    those of a copy made from scratch, and so do the views of a state determinized from
    each view, before and after its first action."""
    for seats in (2, 3, 4):
        game = Missionszahl()
        rng = random.Random(seats)
        state = game.new_state(seats, seats)
        steps = 0
        while True:
            assert reduce(or_, state.known) & ~state.known_bits == 0
            assert all(not state.known[card] for card in state.draw_pile[state.under :])
            assert game.scores(state) == game.scores(from_scratch(game, state))
            for seat in (*range(seats), None):
                view = game.view(state, seat)
                assert view == game.view(from_scratch(game, state), seat)
                plain = MissionszahlView(**{f.name: getattr(view, f.name) for f in fields(view)})
                assert view == plain
                assert hash(view) == hash(plain)
                sample = game.determinize(view, rng)
                assert reduce(or_, sample.known) & ~sample.known_bits == 0
                assert all(not sample.known[card] for card in sample.draw_pile[sample.under :])
                assert game.view(sample, seat) == view
                assert game.view(from_scratch(game, sample), seat) == view
                for other in range(seats):
                    assert game.view(sample, other) == game.view(from_scratch(game, sample), other)
                if not game.is_terminal(sample):
                    actor = game.to_act(sample)[0]
                    game.apply(sample, actor, rng.choice(game.legal_actions(sample, actor)))
                    assert all(not sample.known[card] for card in sample.draw_pile[sample.under :])
                    for other in (*range(seats), None):
                        fresh = from_scratch(game, sample)
                        assert game.view(sample, other) == game.view(fresh, other)
            if game.is_terminal(state):
                break
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            steps += 1
        assert steps >= ROUNDS * seats


def test_deals_from_one_view_follow_the_plan_made_from_it_once() -> None:
    """A search deals from one view many times; what a deal takes from the view alone is
    worked out at the first deal and kept: every later deal from that view equals a deal
    by a game that has never seen the view (with the same random draws), over whole games
    and for every seat."""
    for seats in (2, 3, 4):
        game = Missionszahl()
        rng = random.Random(seats)
        state = game.new_state(seats, 10 + seats)
        while not game.is_terminal(state):
            for seat in (*range(seats), None):
                view = game.view(state, seat)
                game.determinize(view, random.Random(0))  # the plan is made here
                draws = random.Random(rng.random())
                fresh = random.Random()
                fresh.setstate(draws.getstate())
                planned = game.determinize(view, draws)
                dealt = Missionszahl().determinize(view, fresh)
                assert [getattr(planned, f.name) for f in fields(planned)] == [
                    getattr(dealt, f.name) for f in fields(dealt)
                ]
                assert game.view(planned, seat) == view
            actor = game.to_act(state)[0]
            game.apply(state, actor, rng.choice(game.legal_actions(state, actor)))


def scores_as_written(state: MissionszahlState) -> tuple[int, ...]:
    """The scores straight from the rule: the colour bonus, plus every collected number that
    no mission card with that number pointing elsewhere (or at nobody) voids, unless one with
    that number points at the seat."""
    result = []
    for seat, cards in enumerate(state.collections):
        numbers = [VALUE[m] for m in state.missions]
        own = {n for n, a in zip(numbers, state.arrows, strict=True) if a == seat}
        void = {n for n, a in zip(numbers, state.arrows, strict=True) if a != seat} - own
        result.append(colour_bonus(cards) + sum(VALUE[c] for c in cards if VALUE[c] not in void))
    return tuple(result)


def test_tallied_scores_equal_the_rule_as_written_over_whole_games() -> None:
    """The scores add the cards' tallies (numbers and colour counts at once, ``TALLY``):
    after every action of random games they equal the rule computed card by card."""
    for seed in range(12):
        seats = 2 + seed % 3
        game = Missionszahl()
        rng = random.Random(seed)
        state = game.new_state(seats, seed)
        while True:
            assert game.scores(state) == scores_as_written(state)
            assert game.standing(state) == scores_as_written(state)
            if game.is_terminal(state):
                break
            actor = game.to_act(state)[0]
            game.apply(state, actor, rng.choice(game.legal_actions(state, actor)))


def test_a_collection_of_any_cards_is_tallied_like_the_rule() -> None:
    rng = random.Random(3)
    for size in (0, 1, 3, 10, 27, 54, 108):
        cards = rng.sample(ALL_CARDS, size)
        expected = colour_bonus(cards) + sum(VALUE[card] for card in cards)
        assert table_scores([cards], [], []) == (expected,)


def test_actions_keep_the_hash_of_their_fields_through_pickles_and_copies() -> None:
    """Actions keep their hash (a search hashes them all the time): it is the hash of their
    fields, equal actions made anew or unpickled hash alike and compare equal by value."""
    for action in ALL_ACTIONS:
        values = tuple(getattr(action, f.name) for f in fields(action) if f.compare)
        assert hash(action) == hash(values)
        again = type(action)(*values)
        assert again == action
        assert hash(again) == hash(action)
        for copied in (
            pickle.loads(pickle.dumps(action)),
            copy.copy(action),
            copy.deepcopy(action),
        ):
            assert copied == action
            assert hash(copied) == hash(action)
        assert {action: 1}[again] == 1


def test_every_action_keeps_the_hash_of_its_fields_through_copies_and_pickles() -> None:
    """Searches hash actions all the time, so each action hashes its fields once; a copy or
    a pickle (another process: strings hash differently there) hashes them anew."""
    from spieltisch.games.missionszahl.actions import _kept_hash

    assert len({type(action) for action in ALL_ACTIONS}) == 6
    for action in ALL_ACTIONS:
        assert type(action).__hash__ is _kept_hash
        values = tuple(getattr(action, kept.name) for kept in fields(action) if kept.compare)
        assert hash(action) == hash(values)
        for twin in (copy.copy(action), copy.deepcopy(action), pickle.loads(pickle.dumps(action))):
            assert twin == action
            assert hash(twin) == hash(action)
        assert type(action)(*values) == action


def test_a_typed_card_not_in_the_hand_is_refused_with_the_hand_when_parsed() -> None:
    game = Missionszahl()
    state = game.new_state(3, 5)
    view = game.view(state, 0)
    held = ", ".join(NAME[card] for card in view.hand)
    missing = next(name for name in NAME if NAME.index(name) not in view.hand)
    assert game.refusal(view, missing, "en") == f"{missing} is not in your hand; you hold: {held}."
    assert game.refusal(view, NAME[view.hand[0]], "de") is None
    assert game.refusal(view, f"stapel {missing}", "de") is None  # the pile may bring it
