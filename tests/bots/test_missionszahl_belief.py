"""The Missionszahl belief: what the others' laid cards reveal, and the deals that lean on it."""

from __future__ import annotations

import random

import pytest

from spieltisch.bots import IsmctsBot, make_bot
from spieltisch.bots.missionszahl_belief import MissionszahlBelief, make, unlikely_after
from spieltisch.games import make_game
from spieltisch.games.missionszahl import Missionszahl, knowledge
from spieltisch.games.missionszahl import game as engine
from spieltisch.games.missionszahl.actions import NO_EXCHANGE, NO_SWAP, PLAYS
from spieltisch.games.missionszahl.cards import ALL_CARDS, VALUE, card_from_name
from spieltisch.games.missionszahl.game import Exchanged, Revealed

A, B, C = range(3)
NOTHING: frozenset[int] = frozenset()


def c(name: str) -> int:
    card = card_from_name(name)
    assert card is not None
    return card


def near(number: int, reach: int) -> frozenset[int]:
    return frozenset(card for card in ALL_CARDS if abs(VALUE[card] - number) <= reach)


def test_a_card_laid_far_from_the_number_makes_the_closer_cards_unlikely() -> None:
    assert unlikely_after(15, c("R21")) == near(15, 4)  # six away: as far as four
    assert unlikely_after(15, c("G18")) == near(15, 2)  # three away: the cards closer
    assert unlikely_after(15, c("B16")) == near(15, 0)  # one away: only the 15s
    assert unlikely_after(15, c("O15")) == NOTHING  # on the number: nothing closer
    # A symbol card is often laid for its action: it tells less (R24 is "draw and give").
    assert unlikely_after(15, c("R24")) == near(15, 2)


def test_a_reveal_marks_every_card_held_then_and_the_laid_card_leaves() -> None:
    history = (Revealed(15, (c("R15"), c("R21"), c("G3"))),)
    marks = MissionszahlBelief.read(history, players=3, seat=A)
    assert set(marks) == {B, C}  # the reader's own hand is never read
    assert marks[B] == [near(15, 4)] * 9
    assert marks[C] == [near(15, 4)] * 9


def test_an_exchange_swaps_the_most_marked_card_for_an_unmarked_one() -> None:
    reveal = Revealed(15, (c("R15"), c("R21"), c("G3")))
    marks = MissionszahlBelief.read((reveal, Exchanged(B, None)), players=3, seat=A)
    assert marks[B] == [near(15, 4)] * 8 + [NOTHING]
    assert marks[C] == [near(15, 4)] * 9
    # A blind exchange changes the hands of both; the reader's own is not read.
    marks = MissionszahlBelief.read((reveal, Exchanged(B, C)), players=3, seat=A)
    assert marks[B] == marks[C] == [near(15, 4)] * 8 + [NOTHING]
    marks = MissionszahlBelief.read((reveal, Exchanged(A, C)), players=3, seat=A)
    assert marks[C] == [near(15, 4)] * 8 + [NOTHING]


def test_a_laid_card_leaves_from_the_most_marked_card_it_can_be() -> None:
    first = Revealed(15, (c("R15"), c("R21"), c("G3")))
    # B gets a fresh card, then lays a 14: unlikely for his old cards, so it is the new one.
    history = (first, Exchanged(B, None), Revealed(2, (c("R2"), c("G14"), c("B2"))))
    marks = MissionszahlBelief.read(history, players=3, seat=A)
    after_14 = near(2, 4)  # twelve away from the 2
    assert marks[B] == [near(15, 4) | after_14] * 8
    # A 27 is not unlikely for any of them: it leaves from the most marked (oldest) card.
    history = (first, Exchanged(B, None), Revealed(2, (c("R2"), c("G27"), c("B2"))))
    marks = MissionszahlBelief.read(history, players=3, seat=A)
    assert marks[B] == [near(15, 4) | after_14] * 7 + [after_14]


def played_round(game: Missionszahl, seed: int) -> tuple[engine.MissionszahlState, int]:
    """A 3-player game after one round where seat B laid his card farthest from the
    number, and it is seat A's turn to lay; returns the state and the round's number."""
    for attempt in range(seed, seed + 500):
        state = game.new_state(3, attempt)
        number = VALUE[state.missions[-1]]
        hands = state.hands
        laid = [min(hands[A], key=lambda k: abs(VALUE[k] - number))]
        laid.append(max(hands[B], key=lambda k: abs(VALUE[k] - number)))
        laid.append(min(hands[C], key=lambda k: abs(VALUE[k] - number)))
        if abs(VALUE[laid[B]] - number) < 6:
            continue
        for seat, card in enumerate(laid):
            game.play(state, seat, PLAYS[card])
        if state.phase is not engine.Phase.SWAP:
            continue
        game.play(state, state.winner, NO_SWAP)
        game.play(state, state.winner, NO_EXCHANGE)
        return state, number
    raise AssertionError("no such deal")


def test_deals_keep_to_the_view_and_avoid_the_marked_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Missionszahl()
    state, number = played_round(game, 1)
    view = game.view(state, A)
    belief = MissionszahlBelief(game)
    unlikely = belief.marks(view)[B][0]
    assert unlikely == near(number, 4)
    monkeypatch.setattr(knowledge, "LEANING_SLACK", 0.0)
    rng = random.Random(5)
    for _ in range(50):
        deal = belief.deal(view, rng)
        assert game.view(deal, A) == view
        assert not unlikely.intersection(deal.hands[B])
    # Uniform deals give him such cards: the leaning is what keeps them out.
    uniform = [game.determinize(view, rng) for _ in range(50)]
    assert any(unlikely.intersection(deal.hands[B]) for deal in uniform)


def test_with_slack_a_marked_card_is_still_possible() -> None:
    game = Missionszahl()
    state, _ = played_round(game, 1)
    view = game.view(state, A)
    belief = MissionszahlBelief(game)
    unlikely = belief.marks(view)[B][0]
    rng = random.Random(5)
    held = [bool(unlikely.intersection(belief.deal(view, rng).hands[B])) for _ in range(400)]
    assert 0 < sum(held) < 200


def test_ismcts_deals_from_the_belief_where_asked() -> None:
    game = make_game("missionszahl")
    bot = make_bot("ismcts:sims=20:deals=belief", game, seed=1)
    assert isinstance(bot, IsmctsBot)
    assert bot.dealer is not None
    state = game.new_state(3, 4)
    view = game.view(state, A)
    legal = game.legal_actions(state, A)
    assert bot.act(view, legal) in legal
    assert make_bot("ismcts:sims=20", game, seed=1).dealer is None  # type: ignore[attr-defined]


def test_the_belief_is_for_missionszahl_only() -> None:
    with pytest.raises(TypeError, match="Missionszahl"):
        make(make_game("cento"))
