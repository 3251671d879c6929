"""The Cento belief: what the others' draws and takes reveal, and the deals that lean on it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.bots import IsmctsBot, make_bot
from spieltisch.bots.cento_belief import CentoBelief, make
from spieltisch.core.errors import BotSpecError
from spieltisch.games import make_game
from spieltisch.games.cento import Cento

A, B, C, D = range(4)
NOTHING: frozenset[int] = frozenset()


def fitting_numbers(game: Cento, value: int) -> frozenset[int]:
    """The number cards that fit on ``value``, without the wild 100."""
    return frozenset(card for card in range(1, 100) if game.fits[value][card])


def test_a_draw_marks_the_cards_held_then_and_not_the_card_drawn() -> None:
    game = Cento()
    belief = CentoBelief(game)
    marks = belief.read(((B, "draw", 23),), players=3, seat=A)
    assert set(marks) == {B, C}
    assert marks[B] == [fitting_numbers(game, 23)] * 7 + [NOTHING]
    assert marks[C] == [NOTHING] * 7
    # Free cards (0) and the wild 100 always fit and are kept back on purpose: never marked.
    assert 0 not in marks[B][0]
    assert 100 not in marks[B][0]
    assert {13, 20, 32, 5} <= marks[B][0]  # ones digit 3, tens digit 2, digit sum 5


def test_the_100_as_a_number_is_marked_where_it_fits() -> None:
    game = Cento({"hundred_mode": "number"})
    marks = CentoBelief(game).read(((B, "draw", 10),), players=2, seat=A)
    assert 100 in marks[B][0]  # ones digit 0 and digit sum 1, like the 10


def test_a_take_marks_the_monozahlen_and_adds_three_unmarked_cards() -> None:
    belief = CentoBelief(Cento())
    marks = belief.read(((C, "take", 7),), players=3, seat=A)
    assert marks[C] == [frozenset(range(1, 10))] * 7 + [NOTHING] * 3


def test_ending_by_choice_marks_the_cards_left() -> None:
    game = Cento()
    belief = CentoBelief(game)
    marks = belief.read(((B, "lay", 40), (B, "end", 40)), players=2, seat=A)
    assert marks[B] == [fitting_numbers(game, 40)] * 6
    # A Schnapszahl run of sixes ended: no card left shows a 6 (the wild 100 aside).
    marks = belief.read(((B, "lay", 66), (B, "end run", 6)), players=2, seat=A)
    assert marks[B][0] == {n for n in range(1, 100) if "6" in str(n)}
    assert 100 not in marks[B][0]


def test_a_laid_card_leaves_from_the_most_marked_card_it_can_be() -> None:
    game = Cento()
    belief = CentoBelief(game)
    on_23 = fitting_numbers(game, 23)
    # B draws on 23 (his seven cards get marked, the new one not); after A's turn he lays
    # the 40: it does not fit on 23, so it may be one of the old cards, and is taken from
    # them.
    marks = belief.read(((B, "draw", 23), (A, "lay", 24), (B, "lay", 40)), players=2, seat=A)
    assert marks[B] == [on_23] * 6 + [NOTHING]
    # The 33 fits on 23: it must be the card drawn since, unless he drew though it fitted;
    # either way it leaves from the newest card.
    marks = belief.read(((B, "draw", 23), (A, "lay", 24), (B, "lay", 33)), players=2, seat=A)
    assert marks[B] == [on_23] * 7
    # A free card is never unlikely: it leaves from the oldest card.
    marks = belief.read(((B, "draw", 23), (A, "lay", 24), (B, "lay", 0)), players=2, seat=A)
    assert marks[B] == [on_23] * 6 + [NOTHING]


def test_the_card_laid_right_after_a_draw_is_the_card_drawn() -> None:
    belief = CentoBelief(Cento({"lay_drawn": True}))
    marks = belief.read(((B, "draw", 23), (B, "lay", 40)), players=2, seat=A)
    assert marks[B] == [fitting_numbers(belief.game, 23)] * 7


def test_the_marks_follow_a_real_game_one_per_hand_card() -> None:
    game = Cento()
    state = game.new_state(4, seed=3)
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    marked = 0
    while not game.is_terminal(state):
        seat = state.to_move
        view = game.view(state, seat)
        marks = CentoBelief(game).marks(view)
        assert [len(marks[other]) for other in sorted(marks)] == [
            size for other, size in enumerate(view.hand_sizes) if other != seat
        ]
        marked += sum(1 for hand in marks.values() for mark in hand if mark)
        game.play(state, seat, bots[seat].act(view, game.legal_actions(state, seat)))
    assert marked


def test_belief_deals_keep_the_marks_and_agree_with_the_view() -> None:
    """A position where C took three for lack of a Monozahl: uniform deals often give him
    one, the belief's deals only among the three cards taken since."""
    game = Cento()
    state = game.new_state(4, seed=3)
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    while not any(kind == "take" for _, kind, _ in state.public_moves):
        seat = state.to_move
        view = game.view(state, seat)
        game.play(state, seat, bots[seat].act(view, game.legal_actions(state, seat)))
    taker = next(who for who, kind, _ in state.public_moves if kind == "take")
    me = (taker + 1) % 4
    view = game.view(state, me)
    dealer = make(game)
    rng = random.Random(5)
    for _ in range(30):
        deal = dealer(view, rng)
        assert game.view(deal, me) == view
        marks = CentoBelief(game).marks(view)[taker]
        marked = sum(1 for mark in marks if mark)
        monos = sum(1 for card in deal.hands[taker] if 1 <= card <= 9)
        assert monos <= len(marks) - marked


def test_ismcts_deals_by_the_belief_when_asked() -> None:
    game = make_game("cento")
    bot = make_bot("ismcts:sims=20:deals=belief", game, 1)
    assert isinstance(bot, IsmctsBot)
    assert bot.dealer is not None
    assert make_bot("ismcts:sims=20", game, 1).dealer is None  # type: ignore[attr-defined]
    seen: list[Any] = []
    real = bot.dealer

    def spy(view: Any, rng: random.Random) -> Any:
        seen.append(view)
        return real(view, rng)

    bot.dealer = spy
    state = game.new_state(3, 4)
    while len(game.legal_actions(state, state.to_move)) < 2:
        game.play(state, state.to_move, game.legal_actions(state, state.to_move)[-1])
    view = game.view(state, state.to_move)
    assert bot.act(view, game.legal_actions(state, state.to_move)) in game.legal_actions(
        state, state.to_move
    )
    assert seen
    assert all(item is view for item in seen)


@pytest.mark.parametrize(
    ("spec", "game_id", "message"),
    [
        (
            "ismcts:deals=belief",
            "triggs",
            "no belief about the players' hands for triggs; deals=belief is for: cento, "
            "missionszahl",
        ),
        ("ismcts:deals=best", "cento", "deals must be uniform or belief"),
    ],
)
def test_bad_deals_are_named(spec: str, game_id: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, make_game(game_id), 1)


def test_a_belief_search_is_reproducible_from_its_seed() -> None:
    """A position after a draw (the belief has marks to lean on): the same seed, the same
    move."""
    game = make_game("cento")
    state = game.new_state(4, 11)
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    while not any(kind == "draw" for _, kind, _ in state.public_moves):
        seat = state.to_move
        legal = game.legal_actions(state, seat)
        game.play(state, seat, bots[seat].act(game.view(state, seat), legal))
    assert not game.is_terminal(state)
    seat = state.to_move
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    spec = "ismcts:sims=60:rollout=heuristic:opponents=heuristic:deals=belief"
    choices = {repr(make_bot(spec, game, 21).act(view, legal)) for _ in range(3)}
    assert len(choices) == 1
