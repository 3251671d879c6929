"""The conformance suite: every registered game, every seat count, the same promises.

A new game gets these tests by being registered. The toy game of ``tests/toy`` takes them
too (``conftest.py`` registers it for each test).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from spieltisch.core.errors import IllegalActionError
from spieltisch.core.game import Event, Game, Seat
from spieltisch.core.match import play_match
from spieltisch.core.options import OptionSpec
from spieltisch.core.transcript import Transcript, replay
from spieltisch.games import REGISTRY, game_for, make_game
from tests.helpers import NoisyAgent, random_agents
from tests.toy import DESCRIPTOR as TOY

#: Every game under test: the registered ones and the toy game.
GAMES = {**REGISTRY, TOY.id: TOY.game}

CASES = [
    pytest.param(game_id, seats, id=f"{game_id}-{seats}")
    for game_id, cls in GAMES.items()
    for seats in cls.spec.seat_counts
]

Check = Callable[[Game[Any, Any, Any], Any, random.Random], None]


def random_walk(
    game: Game[Any, Any, Any], seats: int, seed: int, check: Check | None = None
) -> Iterator[Any]:
    """Play one random game with checked actions, yielding the state after every step.

    Among several seats to act, a random one goes first: the order of simultaneous commits
    must not matter to the rules.
    """
    rng = random.Random(seed)
    state = game.new_state(seats, seed)
    yield state
    while not game.is_terminal(state):
        if check is not None:
            check(game, state, rng)
        seat = rng.choice(game.to_act(state))
        game.play(state, seat, rng.choice(game.legal_actions(state, seat)))
        yield state


def assert_cards_conserved(game: Game[Any, Any, Any], state: Any) -> None:
    zones = game.card_zones(state)
    placed: Counter[Any] = Counter()
    for cards in zones.values():
        placed.update(cards)
    expected = Counter(game.all_cards(len(game.scores(state))))
    assert placed == expected, {
        "missing": expected - placed,
        "extra": placed - expected,
    }


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_random_play_ends_within_the_declared_maximum(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for seed in range(40):
        steps = sum(1 for _ in random_walk(game, seats, seed)) - 1
        assert 0 < steps <= game.max_actions(seats)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_cards_are_conserved_after_every_step(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for seed in range(10):
        for state in random_walk(game, seats, seed):
            assert_cards_conserved(game, state)


def _check_every_action(game: Game[Any, Any, Any], state: Any, rng: random.Random) -> None:
    """Every legal action applies; everything else is refused and changes nothing."""
    seats = len(game.scores(state))
    for seat in range(seats):
        legal = game.legal_actions(state, seat)
        assert bool(legal) == (seat in game.to_act(state))
        for action in legal:
            trial = game.clone(state)
            game.play(trial, seat, action)
            assert_cards_conserved(game, trial)
        before = game.clone(state)
        for code in range(game.num_distinct_actions):
            action = game.decode(code)
            if action in legal:
                continue
            with pytest.raises(IllegalActionError):
                game.play(state, seat, action)
            assert state == before


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_every_legal_action_applies_and_every_other_is_refused(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for seed in range(2):
        for _ in random_walk(game, seats, seed, _check_every_action):
            pass


def _check_views(game: Game[Any, Any, Any], state: Any, rng: random.Random) -> None:
    seats = len(game.scores(state))
    for seat in [*range(seats), None]:
        view = game.view(state, seat)
        json.dumps(view.to_json())
        # A state that differs only in what this seat cannot see gives the same view, and
        # the same legal actions in the same order: they depend on the view alone (else
        # they would tell hidden cards; the ISMCTS bot's tree relies on it too).
        shuffled = game.shuffle_unseen(state, seat, rng)
        assert game.view(shuffled, seat) == view
        if seat is not None:
            assert list(game.legal_actions(shuffled, seat)) == list(game.legal_actions(state, seat))
        # A determinized state agrees with the view and keeps every card in one place.
        sample = game.determinize(view, rng)
        assert game.view(sample, seat) == view
        assert game.to_act(sample) == game.to_act(state)
        assert_cards_conserved(game, sample)
        if seat is not None:
            assert list(game.legal_actions(sample, seat)) == list(game.legal_actions(state, seat))


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_views_leak_nothing_and_determinize_agrees(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for seed in range(4):
        for _ in random_walk(game, seats, seed, _check_views):
            pass


def _other_values(spec: OptionSpec) -> list[Any]:
    """Values of an option other than its default: the other truth value, every other
    choice, the ends of a range (and all of a short one), the example of a free-text option.
    Options that name a file are left to the games' own tests."""
    if spec.path:
        return []
    if isinstance(spec.default, bool):
        return [not spec.default]
    if isinstance(spec.default, int):
        assert spec.minimum is not None
        assert spec.maximum is not None
        values = (
            set(range(spec.minimum, spec.maximum + 1))
            if spec.maximum - spec.minimum < 4
            else {spec.minimum, spec.maximum}
        )
        return sorted(values - {spec.default})
    if spec.pattern is not None:
        assert spec.example is not None, f"free-text option {spec.name!r} declares no example"
        return [spec.example]
    return [choice for choice in spec.choices if choice != spec.default]


OPTION_CASES = [
    pytest.param(game_id, {spec.name: value}, id=f"{game_id}-{spec.name}={value}")
    for game_id, cls in GAMES.items()
    for spec in cls.spec.options
    for value in _other_values(spec)
]


@pytest.mark.parametrize(("game_id", "options"), OPTION_CASES)
def test_views_leak_nothing_under_every_rule_option(game_id: str, options: dict[str, Any]) -> None:
    """The leak and legality checks above, for a full table with each option changed: a
    variant must not let a seat's view, its legal actions or a sample tell hidden cards."""
    game = make_game(game_id, options)
    assert game.options[next(iter(options))] == next(iter(options.values()))
    for state in random_walk(game, max(game.spec.seat_counts), 3, _check_views):
        assert_cards_conserved(game, state)


def _check_deals_from_one_view(game: Game[Any, Any, Any], state: Any, rng: random.Random) -> None:
    """Deal twice from the same view with the same chance: the same deal, the one a fresh
    game object deals too; and playing on in the first deal changes neither the view nor
    the next deal (a search deals from one view many times, and games may cache what a view
    shows)."""
    seat = rng.choice(game.to_act(state))
    view = game.view(state, seat)
    first = game.determinize(view, random.Random(7))
    again = game.determinize(view, random.Random(7))
    assert (
        again == first == make_game(game.spec.id, game.options).determinize(view, random.Random(7))
    )
    if not game.is_terminal(first):
        actor = game.to_act(first)[0]
        game.apply(first, actor, game.legal_actions(first, actor)[-1])
    assert game.determinize(view, random.Random(7)) == again


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_dealing_again_from_the_same_view_deals_alike(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for _ in random_walk(game, seats, seats, _check_deals_from_one_view):
        pass


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_shuffle_unseen_really_changes_hidden_cards(game_id: str, seats: int) -> None:
    """Guards the leak test above against passing vacuously. A game may hide nothing at the
    start (in Magic Numbers secrets begin with the first chip laid face down), so the first
    states of a random game are tried until one has a secret."""
    game = make_game(game_id)
    rng = random.Random(1)
    for step, state in enumerate(random_walk(game, seats, 1)):
        changed = game.shuffle_unseen(state, 0, rng)
        if any(game.view(changed, other) != game.view(state, other) for other in range(1, seats)):
            return
        assert step < 20, "dealing anew what seat 0 cannot see never changed another view"
    pytest.fail("the game ended before dealing anew changed another seat's view")


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_actions_round_trip_through_text_json_and_integers(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for code in range(game.num_distinct_actions):
        action = game.decode(code)
        assert game.encode(action) == code
        assert game.parse_action(str(action)) == action
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
    for state in random_walk(game, seats, 5):
        for seat in game.to_act(state):
            for action in game.legal_actions(state, seat):
                assert 0 <= game.encode(action) < game.num_distinct_actions
                assert game.decode(game.encode(action)) == action


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_transcripts_round_trip_and_replay_to_the_same_game(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for seed in range(5):
        match = play_match(game, random_agents(game, seats, seed), seed)
        text = match.transcript.dumps()
        loaded = Transcript.loads(text)
        assert loaded == match.transcript
        assert loaded.dumps() == text
        replayed = replay(game_for(loaded), loaded)
        assert replayed == match.state


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_an_explicit_deck_deals_the_same_game_as_its_seed(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for seed in range(5):
        deck = game.deck_order(seats, seed)
        assert game.new_state(seats, seed, deck) == game.new_state(seats, seed)
        first = play_match(game, random_agents(game, seats, seed), seed)
        second = play_match(game, random_agents(game, seats, seed), seed, deck=deck)
        assert first.transcript.actions == second.transcript.actions
        assert first.state == second.state


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_same_seed_same_game_despite_noise_in_global_generators(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    transcripts = []
    for noise in (1, 2):
        random.seed(noise)
        np.random.seed(noise)
        agents = [NoisyAgent(agent, noise) for agent in random_agents(game, seats, 42)]
        transcripts.append(play_match(game, agents, 42).transcript.dumps())
    assert transcripts[0] == transcripts[1]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_different_seeds_give_different_games(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    deals = {json.dumps(game.deck_order(seats, seed)) for seed in range(5)}
    assert len(deals) == 5


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_seats_that_need_not_act_cannot_act(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    state = game.new_state(seats, 3)
    waiting: set[Seat] = set(game.to_act(state))
    for seat in set(range(seats)) - waiting:
        assert not game.legal_actions(state, seat)
        with pytest.raises(IllegalActionError, match="does not act now"):
            game.play(state, seat, game.decode(0))


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_every_event_is_told_in_german_and_english(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    rng = random.Random(seats)
    events: list[Event] = []
    state = game.new_state(seats, 8, log=events)
    while not game.is_terminal(state):
        seat = game.to_act(state)[0]
        events += game.play(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert events
    for event in events:
        json.dumps(dict(event.data))
        for lang in ("de", "en"):
            text = game.describe(event, lang)
            assert text
            assert "{" not in text


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_the_standing_is_one_number_per_seat_and_the_score_at_the_end(
    game_id: str, seats: int
) -> None:
    """What a search reads when it stops early: a number for every seat at every step, and
    at the end exactly the final scores."""
    game = make_game(game_id)
    state = None
    for state in random_walk(game, seats, 5):
        assert len(game.standing(state)) == seats
    assert state is not None
    assert game.standing(state) == game.scores(state)


def _check_caches(game: Game[Any, Any, Any], state: Any, rng: random.Random) -> None:
    """What a state keeps for speed is only ever what it would compute anew: a copy without
    its caches gives the same views, legal actions and seats to act, and the caches take
    no part in equality."""
    seats = len(game.scores(state))
    for seat in [*range(seats), None]:
        game.view(state, seat)  # fills whatever the game caches
    fresh = game.clone(state)
    game.drop_caches(fresh)
    assert fresh == state
    assert game.clone(state) == state
    assert game.to_act(fresh) == game.to_act(state)
    for seat in [*range(seats), None]:
        assert game.view(fresh, seat) == game.view(state, seat)
        if seat is not None:
            assert list(game.legal_actions(fresh, seat)) == list(game.legal_actions(state, seat))
    game.drop_caches(fresh)
    assert game.standing(fresh) == game.standing(state)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_caches_change_no_answer(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    for seed in range(3):
        *_, final = random_walk(game, seats, seed, _check_caches)
        _check_caches(game, final, random.Random(seed))  # and the final state
