"""Magic Numbers with multiple choice (option ``answers=choice``): the meanings offered,
choosing, points and hints, hidden information, text and JSON forms and the heuristic bot.

Most scenarios use the small deck of ``test_magic_numbers.py``; the properties of the
distractors are checked on every card of the standard deck.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from spieltisch.bots.magic_numbers import MagicNumbersBot
from spieltisch.core.errors import IllegalActionError
from spieltisch.core.match import play_match
from spieltisch.games.magic_numbers import MagicNumbers, MagicNumbersState
from spieltisch.games.magic_numbers.actions import ANSWER, CHOOSE, HINTS, PASS, Answer, Choose
from spieltisch.games.magic_numbers.choices import POOL, candidates, offer, same_number, size
from spieltisch.games.magic_numbers.game import START_POINTS
from tests.games.test_magic_numbers import (
    bid,
    bots,
    card_data,
    dealt,
    from_scratch,
    kinds,
    make,
    pass_,
    write_deck,
)

BERLIN = "berlin-wall-fall"


def choice(**options: Any) -> MagicNumbers:
    return make(answers="choice", **options)


def solving_berlin(game: MagicNumbers, seats: int = 3) -> MagicNumbersState:
    """Seat 0 (chip 1) and seat 1 (chip 3) bid on card 2, the Berlin Wall (1989, history,
    4/3/3/1); seat 2 is quizmaster; seat 1 answers first."""
    state = dealt(game, seats)
    bid(game, state, 1, 1)
    bid(game, state, 1, 3)
    pass_(game, state, seats)
    assert state.order == [1, 0]
    return state


def right_index(game: MagicNumbers, state: MagicNumbersState) -> int:
    return state.offered.index(state.display[state.position])


def wrong_index(game: MagicNumbers, state: MagicNumbersState) -> int:
    return next(i for i, card in enumerate(state.offered) if card != state.display[state.position])


# -- the meanings offered ----------------------------------------------------------------------


def test_typed_answers_are_the_default_and_offer_nothing() -> None:
    game = make()
    assert game.options["answers"] == "typed"
    state = solving_berlin(game)
    assert state.offered == []
    assert game.view(state, 0).choices == ()
    assert game.legal_actions(state, 1) == (PASS, ANSWER)


def test_a_card_is_offered_with_its_meaning_and_three_others_the_same_for_every_seat() -> None:
    game = choice()
    state = solving_berlin(game)
    card = state.display[1]
    assert len(state.offered) == 4
    assert card in state.offered
    assert len(set(state.offered)) == 4
    views = [game.view(state, seat) for seat in (0, 1, 2, None)]
    meanings = [
        (game.deck.cards[c].meaning["de"], game.deck.cards[c].meaning["en"]) for c in state.offered
    ]
    assert all(view.choices == tuple(meanings) for view in views)
    assert game.legal_actions(state, 1) == (PASS, *CHOOSE)
    assert game.legal_actions(state, 0) == ()


def test_the_choices_follow_from_the_seed_and_stay_through_every_pass() -> None:
    game = choice()
    offers = set()
    for seed in range(12):
        order = [
            *("everest-height", BERLIN),
            *(i for i in game.ids if i not in ("everest-height", BERLIN)),
        ]
        state = game.new_state(3, seed, order)
        bid(game, state, 1, 1)
        bid(game, state, 1, 3)
        pass_(game, state, 3)
        again = game.new_state(3, seed, order)
        bid(game, again, 1, 1)
        bid(game, again, 1, 3)
        pass_(game, again, 3)
        assert state.offered == again.offered
        offers.add(tuple(state.offered))
        shown = list(state.offered)
        game.play(state, 1, PASS)
        game.play(state, 0, PASS)
        game.play(state, 1, HINTS["theme"])
        assert state.offered == shown
        assert state.hints == ["theme"]
    assert len(offers) > 3  # the seed changes the distractors or their order


@pytest.mark.parametrize("card", range(224))
def test_distractors_are_believable_and_never_a_true_meaning_of_the_number(card: int) -> None:
    """On every card of the standard deck: four distinct meanings, its own among them; no
    distractor has the same number, reads like its meaning or is accepted by the judge;
    distractors come from the closest candidates, mostly of the same theme and size."""
    game = MagicNumbers({"answers": "choice"})
    deck = game.deck
    this = deck.cards[card]
    pool = candidates(deck, card)
    for seed in (1, 2):
        offered = offer(deck, card, pool, seed)
        assert offered == offer(deck, card, pool, seed)
        assert len(offered) == 4
        assert len(set(offered)) == 4
        assert card in offered
        texts = {deck.cards[c].meaning["en"] for c in offered}
        assert len(texts) == 4
        for other in offered:
            if other == card:
                continue
            assert other in pool[:POOL]
            distractor = deck.cards[other]
            assert not same_number(distractor.number, this.number)
            assert not deck.is_right(card, distractor.meaning["de"])
            assert not deck.is_right(card, distractor.meaning["en"])
    for other in pool[:POOL]:  # of its theme, or a number of much the same size
        distractor = deck.cards[other]
        ratio = (size(distractor.number) + 1) / (size(this.number) + 1)
        assert distractor.theme == this.theme or 0.01 <= ratio <= 100
    near = [
        other
        for other in pool[:POOL]
        if deck.cards[other].theme == this.theme
        or 0.1 <= (size(deck.cards[other].number) + 1) / (size(this.number) + 1) <= 10
    ]
    assert len(near) >= POOL // 2


def test_same_numbers() -> None:
    assert same_number("007", "7")
    assert same_number("86 400", "86400")
    assert not same_number("1939–1945", "1939")
    assert not same_number("1989", "1990")
    assert size("86 400") == 86400
    assert size("1939–1945") == 1939
    assert size("3,14") == 3.14


# -- choosing ------------------------------------------------------------------------------


def test_the_right_choice_scores_like_a_right_answer() -> None:
    game = choice()
    state = solving_berlin(game)
    log = game.play(state, 1, CHOOSE[right_index(game, state)])
    assert kinds(log)[:2] == ["choice", "solved"]
    assert log[0].data["correct"] is True
    assert state.collections[1] == [game.ids.index(BERLIN)]
    assert state.points[1] == START_POINTS - 3 + 4


def test_a_wrong_choice_scores_nothing_is_public_and_passes_the_turn() -> None:
    game = choice()
    state = solving_berlin(game)
    wrong = wrong_index(game, state)
    log = game.play(state, 1, CHOOSE[wrong])
    assert kinds(log) == ["choice"]
    assert log[0].data["correct"] is False
    assert state.points[1] == START_POINTS - 3
    assert state.answers == [(1, str(wrong + 1))]
    assert game.view(state, 2).answers == ((1, str(wrong + 1)),)
    assert game.to_act(state) == (0,)
    assert game.legal_actions(state, 0) == (PASS, *CHOOSE)  # the choices stay four


def test_hints_cost_as_with_typed_answers_and_the_choices_stay() -> None:
    """Nobody chooses in the first pass: the first-ranked bidder asks for a hint, and a right
    choice then scores the card's points for that hint; after a second pass without a
    solver the other hint comes, and a right choice scores the points for both."""
    game = choice()
    state = solving_berlin(game)
    shown = list(state.offered)
    game.play(state, 1, PASS)
    game.play(state, 0, CHOOSE[wrong_index(game, state)])
    game.play(state, 1, HINTS["unit"])
    assert state.offered == shown
    game.play(state, 1, PASS)
    game.play(state, 0, PASS)
    assert state.hints == ["unit", "theme"]
    game.play(state, 1, CHOOSE[right_index(game, state)])
    assert state.points[1] == START_POINTS - 3 + 1  # both hints: 4/3/3/1


def test_a_typed_answer_is_no_move_with_multiple_choice_and_a_choice_none_with_typed() -> None:
    game = choice()
    state = solving_berlin(game)
    with pytest.raises(IllegalActionError):
        game.play(state, 1, Answer("Mauerfall"))
    typed = make()
    state = solving_berlin(typed)
    with pytest.raises(IllegalActionError):
        typed.play(state, 1, CHOOSE[0])


def test_a_quizmaster_has_no_choice_to_judge() -> None:
    game = choice(judge="quizmaster")
    state = solving_berlin(game)
    game.play(state, 1, CHOOSE[right_index(game, state)])
    assert state.collections[1] == [game.ids.index(BERLIN)]


def test_a_small_deck_offers_what_it_has(tmp_path: Path) -> None:
    """Four cards, two of them with the Berlin Wall's number: only two others can stand
    beside it, so it is offered with three meanings."""
    cards = [
        card_data(BERLIN),
        card_data("basic-law", number="1989"),
        card_data("un-founding"),
        card_data("columbus-america"),
    ]
    game = MagicNumbers(
        {"deck": str(write_deck(tmp_path, cards)), "rounds": 1, "answers": "choice"}
    )
    state = game.new_state(2, 1, [BERLIN, "basic-law", "un-founding", "columbus-america"])
    bid(game, state, 0, 1)
    pass_(game, state, 2)
    assert sorted(state.offered) == [0, 2, 3]
    assert game.legal_actions(state, 0) == (PASS, *CHOOSE[:3])


# -- hidden information ------------------------------------------------------------------


def test_views_show_meanings_only_and_deals_from_a_view_keep_the_choices() -> None:
    game = choice()
    state = solving_berlin(game)
    view = game.view(state, 0)
    assert all(isinstance(text, str) for pair in view.choices for text in pair)
    rng = random.Random(3)
    for _ in range(5):
        sample = game.determinize(view, rng)
        assert sample.offered == state.offered
        assert game.view(from_scratch(game, sample), 0) == view


def test_views_and_legal_actions_stay_right_through_whole_games() -> None:
    game = choice()
    for seats in (2, 4):
        rng = random.Random(seats)
        agents = bots(game, ["heuristic", "random"] * (seats // 2), seats)
        state = game.new_state(seats, seats)
        chosen = 0
        while not game.is_terminal(state):
            for seat in (*range(seats), None):
                view = game.view(state, seat)
                assert view == game.view(from_scratch(game, state), seat)
                assert game.view(game.determinize(view, rng), seat) == view
            seat = game.to_act(state)[0]
            action = agents[seat].act(game.view(state, seat), game.legal_actions(state, seat))
            chosen += isinstance(action, Choose)
            game.play(state, seat, action)
        assert chosen > 0


# -- text, JSON and integers ---------------------------------------------------------------


def test_text_json_integer_and_label_forms_of_a_choice() -> None:
    game = choice()
    assert str(CHOOSE[1]) == "choose 2"
    assert game.parse_action("choose 2") is CHOOSE[1]
    assert game.parse_action("wähle 3") is CHOOSE[2]
    assert game.parse_action("4") is CHOOSE[3]
    assert make().parse_action("4") == Answer("4")  # typed answers: a number is an answer
    assert make().parse_action("Wahl des Bundespräsidenten") == Answer("Wahl des Bundespräsidenten")
    assert game.action_from_json({"type": "choose", "index": 0}) is CHOOSE[0]
    assert [game.encode(c) for c in CHOOSE] == [22, 23, 24, 25]
    assert game.label(CHOOSE[0], "de") == "wähle 1"
    assert game.label(CHOOSE[0], "en") == "choose 1"


def test_the_text_of_a_meaning_picks_it() -> None:
    game = choice()
    state = solving_berlin(game)
    view = game.view(state, 1)
    index = right_index(game, state)
    de, en = view.choices[index]
    assert game.read_move(view, de) == [CHOOSE[index]]
    assert game.read_move(view, en.upper() + "!") == [CHOOSE[index]]
    assert game.read_move(view, "2") == [CHOOSE[1]]
    assert game.read_move(view, "pass") == [PASS]


def test_describe_names_the_choices_and_the_choice() -> None:
    game = choice()
    log: list[Any] = []
    state = dealt(game, 3, log=log)
    bid(game, state, 1, 1)
    bid(game, state, 1, 3)
    log += pass_(game, state, 3)
    shown = next(e for e in log if e.kind == "choices")
    assert game.describe(shown, "de").startswith("Zur Wahl stehen: 1) ")
    assert "4) " in game.describe(shown, "en")
    events = game.play(state, 1, CHOOSE[right_index(game, state)])
    assert "right!" in game.describe(events[0], "en")
    assert "richtig" in game.describe(events[0], "de")


# -- the bot ---------------------------------------------------------------------------------


def test_a_bot_that_knows_the_card_chooses_its_meaning() -> None:
    game = choice()
    state = solving_berlin(game)
    card = game.deck.cards[state.display[1]]
    knowing = next(s for s in range(100) if MagicNumbersBot(game.deck, s).knows(card, ()))
    bot = MagicNumbersBot(game.deck, knowing)
    action = bot.act(game.view(state, 1), game.legal_actions(state, 1))
    assert action is CHOOSE[right_index(game, state)]


def test_a_bot_that_does_not_know_rules_out_only_what_it_knows() -> None:
    """Without knowing the card it never takes a choice found wrong or one it knows to be
    another card's; before the last pass with three or more left it waits for a hint."""
    game = choice()
    for seed in range(40):
        state = solving_berlin(game)
        card = game.deck.cards[state.display[1]]
        bot = MagicNumbersBot(game.deck, seed)
        if bot.knows(card, ()):
            continue
        wrong = wrong_index(game, state)
        game.play(state, 1, CHOOSE[wrong])
        action = bot.act(game.view(state, 0), game.legal_actions(state, 0))
        others = [
            i
            for i, c in enumerate(state.offered)
            if c != state.display[1] and i != wrong and not bot.knows(game.deck.cards[c], ())
        ]
        if not others:
            assert action is CHOOSE[right_index(game, state)]
        elif len(others) == 1:
            assert action in (CHOOSE[right_index(game, state)], CHOOSE[others[0]])
        else:
            assert action is PASS


def test_bots_play_whole_games_alike_from_the_same_seed() -> None:
    game = choice()
    for seed in range(6):
        specs = ["heuristic", "random", "heuristic:knowledge=0.5"]
        first = play_match(game, bots(game, specs, seed), seed).transcript
        second = play_match(game, bots(game, specs, seed), seed).transcript
        assert first.actions == second.actions
        assert any(action["type"] == "choose" for _, action in first.actions)
