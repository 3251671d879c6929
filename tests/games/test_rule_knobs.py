"""The designers' rule options (hand sizes, deck make-up, score tables, …): each changes the
game as its rules document says, and random and heuristic bots finish games under values
other than the rule sheet's."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.core.chance import derive_seed
from spieltisch.core.match import play_match
from spieltisch.games import make_game

#: Per game, option sets away from the rule sheet that together change every new option.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "dicht-dran": [
        {"hand_size": 3, "chili_pattern": "rising", "most_chilis": 1},
        {"hand_size": 12, "chili_pattern": "edges", "most_chilis": 5},
        {"hand_size": 5, "chili_pattern": "falling", "most_chilis": 2},
    ],
    "cento": [{"hand_size": 3}, {"hand_size": 12, "variant": 2}],
    "triggs": [
        {"hand_limit": 4, "hand_size": 1, "refill": 1, "draw_count": 1},
        {"hand_limit": 20, "hand_size": 10, "refill": 10, "draw_count": 3},
        {"hand_limit": 6, "hand_size": 8, "refill": 3, "draw_count": 3},
    ],
    "missionszahl": [
        {"hand_size": 3, "colours": 2, "highest": 14, "symbols": "0,0,0,0,0", "bonus_from": 1},
        {"hand_size": 15, "symbols": "4,0,4,0,4", "bonus_from": 10, "bonus_step": 30},
        {"hand_size": 6, "colours": 3, "highest": 20, "symbols": "1,2,3,4,2", "bonus_step": 0},
    ],
    "magic-numbers": [
        {"start_points": 0, "chip_costs": "0,0,0,0", "theme_bonus": 0},
        {"start_points": 60, "chip_costs": "20,10,5,1", "theme_bonus": 10},
        {"start_points": 5, "chip_costs": "1,2,3,4", "theme_bonus": 4, "rounds": 2},
    ],
}


def _seat_counts(game_id: str) -> list[int]:
    """The fewest and the most seats the game allows."""
    counts = make_game(game_id).spec.seat_counts
    return sorted({min(counts), max(counts)})


CASES = [
    pytest.param(game_id, options, seats, id=f"{game_id}-{index}-{seats}p")
    for game_id, variants in VARIANTS.items()
    for index, options in enumerate(variants)
    for seats in _seat_counts(game_id)
]


@pytest.mark.parametrize(("game_id", "options", "seats"), CASES)
def test_random_and_heuristic_bots_finish_games_under_the_variant(
    game_id: str, options: dict[str, Any], seats: int
) -> None:
    game = make_game(game_id, options)
    for seed in range(2):
        specs = ["heuristic" if (seat + seed) % 2 else "random" for seat in range(seats)]
        agents = [
            make_bot(spec, game, derive_seed(seed, "bot", seat)) for seat, spec in enumerate(specs)
        ]
        match = play_match(game, agents, seed)
        assert game.is_terminal(match.state)
        assert len(game.scores(match.state)) == seats


@pytest.mark.parametrize(("game_id", "options"), [(g, v[-1]) for g, v in VARIANTS.items()])
def test_a_search_that_deals_by_belief_finishes_a_game_under_the_variant(
    game_id: str, options: dict[str, Any]
) -> None:
    """The strongest bots deal the hidden cards from the views (and, where the game has
    one, by its belief about the others' hands): dealing must follow the variant too."""
    game = make_game(game_id, options)
    seats = min(game.spec.seat_counts)
    spec = "ismcts:sims=8:deals=belief" if game_id in {"cento", "missionszahl"} else "ismcts:sims=8"
    agents = [make_bot(spec, game, 1)] + [
        make_bot("random", game, derive_seed(1, "bot", seat)) for seat in range(1, seats)
    ]
    assert game.is_terminal(play_match(game, agents, 1).state)


# -- Dicht dran ---------------------------------------------------------------------------


def test_dicht_dran_deals_the_hand_size_and_scores_with_the_chili_table() -> None:
    from spieltisch.games.dicht_dran.cards import chili_table

    game = make_game("dicht-dran", {"hand_size": 5, "chili_pattern": "rising", "most_chilis": 4})
    state = game.new_state(4, 3)
    assert [len(hand) for hand in state.hands] == [5] * 4
    assert len(state.draw_pile) == 94 - 4 * 5
    view = game.view(state, 0)
    table = chili_table("rising", 4)
    assert view.chilis == table
    assert (table[2], table[26], table[99]) == (1, 2, 4)
    agents = [make_bot("random", game, seat) for seat in range(4)]
    match = play_match(game, agents, 3)
    last = game.view(match.state, None)
    first_pass = [
        sum(table[card] for card in won) for won in last.collections
    ]  # the collections are the last pass's; its score counts chilis from the table
    scores = last.pass_scores[-1]
    hands = last.last_pass_hands
    assert list(scores) == [
        won - sum(table[card] for card in hand) for won, hand in zip(first_pass, hands, strict=True)
    ]


# -- Cento --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 12])
def test_cento_deals_the_hand_size(size: int) -> None:
    game = make_game("cento", {"hand_size": size})
    state = game.new_state(6, 5)
    assert [len(hand) for hand in state.hands] == [size] * 6
    assert len(state.draw_pile) == 104 - 6 * size - 1  # 99 numbers, the 100, 4 free cards


# -- Triggs -------------------------------------------------------------------------------


def test_triggs_deals_the_hand_size_and_draws_up_to_the_hand_limit() -> None:
    from spieltisch.games.triggs.actions import Draw

    game = make_game("triggs", {"hand_size": 7, "hand_limit": 8})
    state = game.new_state(2, 4)
    assert [len(hand) for hand in state.hands] == [7, 7]
    draws = [a for a in game.legal_actions(state, 0) if isinstance(a, Draw)]
    assert draws  # 7 < 8: action A draws one card only
    game.apply(state, 0, draws[0])
    assert len(state.hands[0]) == 8
    assert state.seat == 1  # one card drawn, the turn is over
    game.apply(state, 1, next(a for a in game.legal_actions(state, 1) if isinstance(a, Draw)))
    assert state.seat == 0
    assert not any(isinstance(a, Draw) for a in game.legal_actions(state, 0))


@pytest.mark.parametrize(("count", "drawn"), [(1, 1), (3, 3)])
def test_triggs_action_a_draws_draw_count_cards(count: int, drawn: int) -> None:
    from spieltisch.games.triggs.actions import Draw

    game = make_game("triggs", {"draw_count": count})
    state = game.new_state(2, 4)
    while state.seat == 0:
        game.apply(state, 0, next(a for a in game.legal_actions(state, 0) if isinstance(a, Draw)))
    assert len(state.hands[0]) == 5 + drawn


def test_triggs_refills_an_emptied_hand_with_refill_cards() -> None:
    from spieltisch.games.triggs.actions import Discard

    game = make_game("triggs", {"hand_size": 1, "refill": 3})
    state = game.new_state(2, 4)
    discard = next(a for a in game.legal_actions(state, 0) if isinstance(a, Discard))
    game.apply(state, 0, discard)
    assert len(state.hands[0]) == 3


# -- Magic Numbers ------------------------------------------------------------------------


def test_magic_numbers_starts_on_start_points_and_charges_the_chip_costs() -> None:
    from spieltisch.games.magic_numbers.actions import PASS, Bid

    game = make_game("magic-numbers", {"start_points": 20, "chip_costs": "7,4,1,2"})
    state = game.new_state(3, 2)
    assert state.points == [20, 20, 20]
    game.apply(state, 0, Bid(0, 3))  # seat 0: chip 3 on the first card, costs 7
    game.apply(state, 1, Bid(0, 0))  # seat 1: chip 0 on the first card, costs 2
    game.apply(state, 2, Bid(1, 1))  # seat 2: chip 1 on the second card, costs 1
    for seat in (0, 1, 2):
        game.apply(state, seat, PASS)
    assert state.points == [13, 18, 19]
    assert [seat for seat, _ in state.bids[0]] == [0, 1]  # chip 3 still ranks before chip 0


def test_magic_numbers_scores_the_theme_bonus_option() -> None:
    from spieltisch.games.magic_numbers.game import MagicNumbers

    game = MagicNumbers({"theme_bonus": 5, "rounds": 1})
    agents = [make_bot("heuristic", game, seat) for seat in range(3)]
    state = play_match(game, agents, 4).state
    deck = game.deck.cards
    for seat, cards in enumerate(state.collections):
        assert state.bonus[seat] == 5 * len({deck[card].theme for card in cards})


# -- Missionszahl -------------------------------------------------------------------------


def test_missionszahl_deals_from_the_deck_the_options_make() -> None:
    from spieltisch.games.missionszahl.cards import COLOUR, VALUE, Symbol
    from spieltisch.games.missionszahl.game import Missionszahl

    game = Missionszahl({"hand_size": 6, "colours": 3, "highest": 20, "symbols": "0,4,0,1,0"})
    state = game.new_state(4, 9)
    cards = [card for zone in game.card_zones(state).values() for card in zone]
    assert sorted(cards) == list(game.all_cards(4))
    assert len(cards) == 3 * 20
    assert all(COLOUR[card] < 3 and VALUE[card] <= 20 for card in cards)
    assert [len(hand) for hand in state.hands] == [6] * 4
    symbols = {game.setup.symbol[card] for card in cards} - {None}
    assert symbols == {Symbol.NEW_MISSION, Symbol.PLUS_MINUS_3}
    assert sum(game.setup.symbol[card] is Symbol.PLUS_MINUS_3 for card in cards) == 1
    view = game.view(state, 0)
    assert (view.rounds, view.colours, view.highest, view.symbols) == (6, 3, 20, "0,4,0,1,0")
    match = play_match(game, [make_bot("random", game, seat) for seat in range(4)], 9)
    assert game.progress(match.state) == 6


def test_missionszahl_log_names_only_the_symbols_the_deck_keeps() -> None:
    from spieltisch.core.game import Event

    reveal = Event("reveal", {"cards": ["R4", "G5"]})
    assert make_game("missionszahl").describe(reveal, "en") == (
        "Revealed – Player 1: R4 (pass on), Player 2: G5 (±3)."
    )
    assert make_game("missionszahl", {"symbols": "0,4,4,4,4"}).describe(reveal, "en") == (
        "Revealed – Player 1: R4, Player 2: G5 (±3)."
    )


def test_missionszahl_scores_with_the_colour_bonus_options() -> None:
    from spieltisch.games.missionszahl.cards import card_id
    from spieltisch.games.missionszahl.game import Missionszahl
    from spieltisch.games.missionszahl.rules import colour_bonus

    game = Missionszahl({"bonus_from": 2, "bonus_step": 7})
    reds = [card_id("R", n) for n in (1, 2, 3, 4)]
    assert [colour_bonus(reds[:k], game.setup.bonus) for k in range(5)] == [0, 0, 7, 14, 21]
    assert colour_bonus(reds) == 20  # the rule sheet: 10 for three, 20 for four


def test_missionszahl_refuses_a_deck_too_small_for_four_hands_and_their_missions() -> None:
    from spieltisch.core.errors import OptionError

    with pytest.raises(OptionError, match=r"has 28 cards; 4 players .* need at least 54"):
        make_game("missionszahl", {"colours": 2, "highest": 14})
    make_game("missionszahl", {"colours": 2, "highest": 14, "hand_size": 4})  # 24 needed
