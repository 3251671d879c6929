"""ISMCTS: legal, reproducible, honest (views only), for every game and seat count."""

from __future__ import annotations

import gc
import math
import random
import time
from dataclasses import fields, replace
from typing import Any

import pytest

from spieltisch.bots import IsmctsBot, make_bot
from spieltisch.bots.cento import CentoBot
from spieltisch.bots.ismcts import SearchConfig, leaders, win_shares
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import View
from spieltisch.games import REGISTRY, make_game
from spieltisch.games.dicht_dran.game import PLAYS

CASES = [
    pytest.param(game_id, seats, id=f"{game_id}-{seats}")
    for game_id, cls in REGISTRY.items()
    for seats in cls.spec.seat_counts
]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_ismcts_plays_only_legal_actions_and_sees_only_views(game_id: str, seats: int) -> None:
    game = make_game(game_id)
    determinized: list[Any] = []
    real_determinize = game.determinize

    def spy(view: Any, rng: Any) -> Any:
        determinized.append(view)
        return real_determinize(view, rng)

    game.determinize = spy  # type: ignore[method-assign]
    bot = IsmctsBot(game, seed=3, config=SearchConfig(simulations=8))
    state = game.new_state(seats, 11)
    decisions = 0
    while not game.is_terminal(state) and decisions < 12:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0:
            view = game.view(state, 0)
            action = bot.act(view, legal)
            assert action in legal
            decisions += 1
        else:
            action = legal[0]
        game.play(state, seat, action)
    assert decisions
    assert determinized
    assert all(isinstance(view, View) and view.seat == 0 for view in determinized)


def test_same_seed_same_choice() -> None:
    game = make_game("dicht-dran")
    state = game.new_state(4, 2)
    view, legal = game.view(state, 0), game.legal_actions(state, 0)
    choices = {
        IsmctsBot(game, seed=9, config=SearchConfig(simulations=60)).act(view, legal)
        for _ in range(3)
    }
    assert len(choices) == 1


def test_a_hidden_commit_cannot_change_the_next_seats_choice() -> None:
    """Seat 1 decides after seat 0 laid a card face down: whichever card it was, seat 1 sees
    the same view and so, with the same seed, makes the same choice."""
    game = make_game("dicht-dran")
    choices = set()
    for card_index in range(4):
        state = game.new_state(3, 4)
        game.play(state, 0, PLAYS[state.hands[0][card_index]])
        bot = IsmctsBot(game, seed=5, config=SearchConfig(simulations=40))
        choices.add(bot.act(game.view(state, 1), game.legal_actions(state, 1)))
    assert len(choices) == 1


def test_a_seat_may_commit_before_the_seats_listed_ahead_of_it() -> None:
    """In a round of simultaneous commits a table may ask any seat that has not committed
    (a person in seat 0 is still thinking): the search commits the bot's card first."""
    game = make_game("dicht-dran")
    state = game.new_state(4, 3)
    assert game.to_act(state)[0] == 0
    view, legal = game.view(state, 1), game.legal_actions(state, 1)
    bot = IsmctsBot(game, seed=2, config=SearchConfig(simulations=40))
    assert bot.act(view, legal) in legal
    assert bot.last_simulations == 40


@pytest.mark.parametrize(
    "spec",
    ["ismcts:time=0.05", "ismcts:time=0.05:rollout=heuristic:opponents=heuristic:root=halving"],
)
def test_a_time_budget_is_kept(spec: str) -> None:
    """Also by a knockout whose one deal (a heuristic game played to the end after each of
    Triggs' many first moves) would take far longer than the time: it stops in time."""
    game, view, legal = _first_decision("triggs", 4, 2)
    bot = make_bot(spec, game, 1)
    started = time.perf_counter()
    assert bot.act(view, legal) in legal
    assert time.perf_counter() - started < 1.0
    assert isinstance(bot, IsmctsBot)
    assert bot.last_simulations >= 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:sims=0", "sims must be a number from 1"),
        ("ismcts:time=fast", "time must be a number"),
        ("ismcts:sims=10:time=1", "either sims= or time="),
        ("ismcts:rollout=smart", "rollout must be random or heuristic"),
        ("ismcts:depth=3", "has no parameter 'depth=3'"),
        ("ismcts:facedown=open", "facedown must be random or model"),
        ("ismcts:facedown=model", "give rollout=heuristic or opponents=heuristic"),
    ],
)
def test_bad_parameters_are_named(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, make_game("dicht-dran"), 1)


def test_more_search_beats_random_play_in_dicht_dran() -> None:
    """A small strength check (the real figures live in benchmarks/)."""
    from spieltisch.core.match import play_match

    game = make_game("dicht-dran", {"passes": 1})
    wins = 0.0
    games = 12
    for index in range(games):
        agents = [make_bot("random", game, 100 + s) for s in range(3)]
        seat = index % 3
        agents[seat] = IsmctsBot(game, seed=index, config=SearchConfig(simulations=60))
        result = play_match(game, agents, index).transcript.result
        assert result is not None
        if result.ranking[seat] == 1:
            wins += 1 / result.ranking.count(1)
    assert wins / games > 1.3 / 3


MODELLED = "ismcts:sims=6:rollout=heuristic:opponents=heuristic:bias=0.5"


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_a_search_with_heuristic_models_plays_whole_games_legally(game_id: str) -> None:
    """Models of the other seats and heuristic playouts: still legal, still views only."""
    from spieltisch.core.match import play_match

    game = make_game(game_id)
    seats = game.spec.min_seats
    agents = [make_bot(MODELLED, game, 7)] + [
        make_bot("heuristic", game, seat) for seat in range(1, seats)
    ]
    match = play_match(game, agents, 3)
    assert match.transcript.result is not None


def test_modelled_search_is_reproducible_from_its_seed() -> None:
    game = make_game("missionszahl")
    state = game.new_state(3, 5)
    seat = game.to_act(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    spec = "ismcts:sims=30:rollout=heuristic:opponents=heuristic"
    assert len({make_bot(spec, game, 4).act(view, legal) for _ in range(3)}) == 1


def test_opponents_by_model_keep_only_the_bots_own_decisions_in_the_tree() -> None:
    """With the other seats modelled, every node of the search is one of the bot's own
    information sets: the other seats' choices come from their models."""
    game = make_game("dicht-dran")
    state = game.new_state(4, 2)
    bot = make_bot("ismcts:sims=40:opponents=heuristic", game, 1)
    assert isinstance(bot, IsmctsBot)
    seen: list[int] = []
    real_view = game.view

    def spy(state: Any, seat: int | None) -> Any:
        seen.append(-1 if seat is None else seat)
        return real_view(state, seat)

    game.view = spy  # type: ignore[method-assign]
    tree_seats: set[int] = set()
    real_step = bot._tree_step

    def step(state: Any, seat: int, *rest: Any) -> bool:
        tree_seats.add(seat)
        return real_step(state, seat, *rest)

    bot._tree_step = step  # type: ignore[method-assign,assignment]
    bot.act(real_view(state, 0), game.legal_actions(state, 0))
    assert tree_seats == {0}
    assert {1, 2, 3} <= set(seen)  # the models decided from their own seats' views


def test_a_horizon_cuts_the_playout_short() -> None:
    """horizon=3: after the one new node, at most three more actions are applied."""
    game = make_game("triggs")
    state = game.new_state(3, 1)
    seat = game.to_act(state)[0]
    bot = make_bot("ismcts:sims=1:horizon=3", game, 1)
    applied = 0
    real_apply = game.apply

    def count(*args: Any, **kwargs: Any) -> None:
        nonlocal applied
        applied += 1
        real_apply(*args, **kwargs)

    game.apply = count  # type: ignore[method-assign]
    bot.act(game.view(state, seat), game.legal_actions(state, seat))
    assert applied == 1 + 3


@pytest.mark.parametrize(("cut", "always_at_a_turns_start"), [("action", False), ("round", True)])
def test_a_round_cut_ends_a_playout_only_where_the_bot_begins_a_turn(
    cut: str, always_at_a_turns_start: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """cut=round: past the horizon the playout goes on until the bot is about to begin a
    turn, so every seat has had as many turns since the decision; cut=action stops
    anywhere, mid-turn too."""
    game = make_game("triggs")
    state = game.new_state(4, 3)
    seat = game.to_act(state)[0]
    spec = f"ismcts:sims=60:horizon=5:cut={cut}:rollout=heuristic:opponents=heuristic"
    bot = make_bot(f"{spec}:tree=root:root=halving", game, 2)
    where: list[tuple[int, str, int]] = []
    real_standing = game.standing

    def standing(cut_off: Any) -> tuple[float, ...]:
        where.append((cut_off.seat, cut_off.phase.value, cut_off.draws_left))
        return real_standing(cut_off)

    monkeypatch.setattr(game, "standing", standing)
    bot.act(game.view(state, seat), game.legal_actions(state, seat))
    assert len(where) >= 40  # the playouts of the knockout's rounds
    at_start = [place == (seat, "turn", 0) for place in where]
    assert all(at_start) is always_at_a_turns_start


@pytest.mark.parametrize("cut", ["action", "round"])
def test_where_seats_commit_at_once_a_round_cut_stops_at_a_fresh_round(
    cut: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In Dicht dran every seat commits a card each round: cut=round stops a playout only
    where a new round begins (every seat still to commit), not after some have committed."""
    game = make_game("dicht-dran")
    state = game.new_state(4, 3)
    seat = game.to_act(state)[0]
    bot = make_bot(f"ismcts:sims=60:horizon=5:cut={cut}", game, 2)
    waiting: list[tuple[int, ...]] = []
    real_standing = game.standing

    def standing(cut_off: Any) -> tuple[float, ...]:
        waiting.append(tuple(game.to_act(cut_off)))
        return real_standing(cut_off)

    monkeypatch.setattr(game, "standing", standing)
    bot.act(game.view(state, seat), game.legal_actions(state, seat))
    assert len(waiting) == 60
    assert all(seats == (0, 1, 2, 3) for seats in waiting) is (cut == "round")


def test_magic_numbers_answers_come_from_the_bots_knowledge_not_from_the_search() -> None:
    """A search cannot find words: asked to answer, ISMCTS says what its own knowledge
    model says (a real answer for cards it knows), never the empty listed template."""
    from spieltisch.bots.magic_numbers import MagicNumbersBot
    from spieltisch.games.magic_numbers.actions import ANSWER, PASS, Answer

    game = make_game("magic-numbers")
    answers = 0
    for seed in range(40):
        state = game.new_state(2, seed)
        while not game.is_terminal(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if ANSWER in legal:
                break
            game.apply(state, seat, legal[-1])
        else:
            continue
        view = game.view(state, seat)
        bot = make_bot("ismcts:sims=5", game, seed)
        action = bot.act(view, legal)
        own = MagicNumbersBot(game.deck, seed)  # type: ignore[attr-defined]
        assert action == own.act(view, legal)
        assert action == PASS or (isinstance(action, Answer) and action.text)
        answers += isinstance(action, Answer)
    assert answers >= 3


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:opponents=all", "opponents must be search or heuristic"),
        ("ismcts:horizon=0", "horizon must be a number from 1"),
        ("ismcts:bias=-1", "bias must be a number from 0"),
        ("ismcts:score=2", "score must be a number from 0 to 1"),
        ("ismcts:batch=0", "batch must be a number from 1"),
    ],
)
def test_bad_model_parameters_are_named(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, make_game("dicht-dran"), 1)


def test_a_batch_plays_several_simulations_in_one_sampled_deal() -> None:
    game = make_game("cento")
    state = game.new_state(3, 8)
    seat = game.to_act(state)[0]
    calls = 0
    real_determinize = game.determinize

    def count(view: Any, rng: Any) -> Any:
        nonlocal calls
        calls += 1
        return real_determinize(view, rng)

    game.determinize = count  # type: ignore[method-assign]
    bot = make_bot("ismcts:sims=12:batch=4", game, 2)
    bot.act(game.view(state, seat), game.legal_actions(state, seat))
    assert calls == 3


def test_rewards_blend_the_win_with_the_relative_score() -> None:
    """A seat that cannot win any more still prefers a better score: the reward is the share
    of the win blended with the score between the table's lowest and highest."""
    from spieltisch.bots import RandomBot
    from spieltisch.core.match import play_match

    game = make_game("dicht-dran", {"passes": 1})
    state = play_match(game, [RandomBot(seat) for seat in range(4)], 6).state
    scores = game.scores(state)
    plain = make_bot("ismcts:score=0", game, 1)
    blended = make_bot("ismcts:score=0.25", game, 1)
    assert isinstance(plain, IsmctsBot)
    assert isinstance(blended, IsmctsBot)
    shares = plain._rewards(state)
    rewards = blended._rewards(state)
    assert shares == [1.0 / scores.count(max(scores)) if s == max(scores) else 0.0 for s in scores]
    low, high = min(scores), max(scores)
    for share, reward, score in zip(shares, rewards, scores, strict=True):
        assert reward == pytest.approx(0.75 * share + 0.25 * (score - low) / (high - low))
    assert sorted(range(4), key=lambda s: rewards[s]) == sorted(range(4), key=lambda s: scores[s])


def test_a_simulation_plays_the_bots_seat_by_its_own_model_and_redraws_the_others() -> None:
    """In a simulation the bot answers as it really would (its own model, its knowledge);
    what it cannot know about the others (their knowledge) is drawn anew with every deal."""
    game = make_game("magic-numbers")
    state = game.new_state(3, 4)
    seat = game.to_act(state)[0]
    bot = make_bot("ismcts:sims=6:rollout=heuristic:opponents=heuristic", game, 1)
    assert isinstance(bot, IsmctsBot)
    used: list[tuple[int, Any]] = []
    real_model_for = bot._model_for

    def spy(who: int) -> Any:
        model = real_model_for(who)
        used.append((who, model))
        return model

    bot._model_for = spy  # type: ignore[method-assign,assignment]
    bot.act(game.view(state, seat), game.legal_actions(state, seat))
    mine = [model for who, model in used if who == seat]
    others = {(who, id(model)) for who, model in used if who != seat}
    assert mine
    assert all(model is bot._own for model in mine)
    assert len(others) > 2  # two other seats, more than one model each over six deals


def _first_decision(game_id: str, seats: int, seed: int) -> tuple[Any, Any, Any]:
    """A game's state at its first decision with several legal actions, and that decision."""
    game = make_game(game_id)
    state = game.new_state(seats, seed)
    while True:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 2:
            return game, game.view(state, seat), legal
        game.apply(state, seat, legal[0])


def test_sequential_halving_halves_the_field_in_paired_rounds() -> None:
    """root=halving: every action still in the running is simulated in each deal of a
    round; after each round the better half goes on, so the chosen action was simulated
    most, and each deal is sampled once for all of them (common random numbers)."""
    game, view, legal = _first_decision("missionszahl", 4, 3)
    bot = make_bot("ismcts:sims=64:rollout=heuristic:opponents=heuristic:root=halving", game, 1)
    assert isinstance(bot, IsmctsBot)
    firsts: list[Any] = []
    deals = 0
    real_simulate, real_deal = bot._simulate, bot._deal

    def simulate(root: Any, state: Any, table: Any, first: Any = None) -> float:
        firsts.append(first)
        return real_simulate(root, state, table, first=first)

    def deal(view: Any) -> Any:
        nonlocal deals
        deals += 1
        return real_deal(view)

    bot._simulate = simulate  # type: ignore[method-assign,assignment]
    bot._deal = deal  # type: ignore[method-assign]
    choice = bot.act(view, legal)
    assert choice in legal
    counts = {action: firsts.count(action) for action in legal}
    assert set(firsts) == set(legal)
    assert counts[choice] == max(counts.values())
    rounds = math.ceil(math.log2(len(legal)))
    per_round = [max(1, 64 // (rounds * math.ceil(len(legal) / 2**r))) for r in range(rounds)]
    assert deals == sum(per_round)
    assert counts[choice] == deals
    assert min(counts.values()) == per_round[0]
    assert bot.last_simulations == len(firsts)


def test_sequential_halving_without_evidence_plays_the_models_move() -> None:
    """When every action scores the same, the knockout keeps the model's choice."""
    game, view, legal = _first_decision("triggs", 3, 2)
    bot = make_bot("ismcts:sims=40:rollout=heuristic:opponents=heuristic:root=halving", game, 5)
    assert isinstance(bot, IsmctsBot)
    bot._simulate = lambda *args, **kwargs: 0.5  # type: ignore[method-assign]
    assert bot._own is not None
    assert bot.act(view, legal) == bot._own.act(view, legal)


def test_a_root_only_search_leaves_every_later_decision_to_the_models() -> None:
    """tree=root: the only node is the root; the bot's later decisions in a simulation (the
    rest of a Cento turn) are its model's, not a barely explored tree's."""
    game, view, legal = _first_decision("cento", 3, 4)
    bot = make_bot("ismcts:sims=30:rollout=heuristic:opponents=heuristic:tree=root", game, 1)
    assert isinstance(bot, IsmctsBot)
    keys: list[Any] = []
    real_step = bot._step

    def step(node: Any, state: Any, seat: int, legal: Any, path: Any) -> bool:
        keys.append((seat, game.view(state, seat)))
        return real_step(node, state, seat, legal, path)

    bot._step = step  # type: ignore[method-assign]
    assert bot.act(view, legal) in legal
    assert len(keys) == 30
    assert set(keys) == {(view.seat, view)}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:root=best", "root must be ucb or halving"),
        ("ismcts:tree=leaf", "tree must be full or root"),
        ("ismcts:horizon=5:cut=turn", "cut must be action or round"),
        ("ismcts:cut=round", "give horizon=N"),
    ],
)
def test_bad_search_shapes_are_named(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, make_game("dicht-dran"), 1)


def test_top_lets_only_the_models_best_moves_into_the_knockout() -> None:
    """top=K: of Cento's many first moves only the K its heuristic ranks best are simulated."""
    game, view, legal = _first_decision("cento", 4, 4)
    assert len(legal) > 8
    bot = make_bot(
        "ismcts:sims=48:rollout=heuristic:opponents=heuristic:root=halving:tree=root:top=4",
        game,
        1,
    )
    assert isinstance(bot, IsmctsBot)
    assert bot._own is not None
    shortlist = bot._own.ranked(view, legal)[:4]
    firsts: set[Any] = set()
    real_simulate = bot._simulate

    def simulate(root: Any, state: Any, table: Any, first: Any = None) -> float:
        firsts.add(first)
        return real_simulate(root, state, table, first=first)

    bot._simulate = simulate  # type: ignore[method-assign,assignment]
    choice = bot.act(view, legal)
    assert choice in legal
    assert firsts <= set(shortlist) | {bot._own.act(view, legal)}
    assert len(firsts) >= 4


def test_a_shortlist_of_one_is_the_models_move_without_a_search() -> None:
    game, view, legal = _first_decision("cento", 4, 4)
    spec = "ismcts:sims=50:rollout=heuristic:opponents=heuristic:root=halving:top=1"
    bot = make_bot(spec, game, 1)
    assert isinstance(bot, IsmctsBot)
    assert bot._own is not None
    choice = bot.act(view, legal)
    assert choice == bot._own.act(view, legal)
    assert any(choice is action for action in legal)  # the listed object itself
    assert bot.last_simulations == 0


def _rigged(spec: str, rewards: Any) -> tuple[Any, Any, Any, list[Any]]:
    """A Cento decision and a knockout whose simulations return ``rewards(action, deal)``
    instead of playing: which moves meet which luck is then known exactly."""
    game, view, legal = _first_decision("cento", 4, 4)
    bot = make_bot(spec, game, 1)
    assert isinstance(bot, IsmctsBot)
    assert bot._own is not None
    played: list[Any] = []
    deals = 0

    def deal(view: Any) -> Any:
        nonlocal deals
        deals += 1
        return None

    def simulate(root: Any, state: Any, table: Any, first: Any = None) -> float:
        played.append(first)
        return float(rewards(first, deals))

    bot._deal = deal  # type: ignore[method-assign]
    bot.game.clone = lambda state: state  # type: ignore[method-assign]
    bot._simulate = simulate  # type: ignore[method-assign,assignment]
    return bot, view, legal, played


KNOCKOUT = "ismcts:sims=120:rollout=heuristic:opponents=heuristic:root=halving:tree=root:top=6"


def test_switch_keeps_the_models_move_in_every_round() -> None:
    """switch=Z: the model's move is never knocked out, so it meets every deal."""
    bot, view, legal, played = _rigged(f"{KNOCKOUT}:switch=1", lambda action, deal: 0.0)
    preferred = bot._own.act(view, legal)
    assert bot.act(view, legal) == preferred
    assert played.count(preferred) == max(played.count(action) for action in set(played))
    assert len(set(played)) == 6


def test_switch_leaves_the_models_move_on_clear_evidence_only() -> None:
    """A move that beats the model's move in every deal is played; one that is ahead only
    by luck (a small mean gain against a wide spread) is not, although plain halving
    would play it."""
    game, view, legal = _first_decision("cento", 4, 4)
    model = CentoBot(game, 1, "heuristic")
    preferred = model.act(view, legal)
    better = next(action for action in model.ranked(view, legal)[:6] if action != preferred)

    def clear(action: Any, deal: int) -> float:
        return 0.6 if action == better else 0.5

    def lucky(action: Any, deal: int) -> float:
        if action == better:
            return 1.0 if deal % 2 else 0.08
        return 0.5

    for rewards, switched, plain in ((clear, better, better), (lucky, preferred, better)):
        bot, view, legal, _ = _rigged(f"{KNOCKOUT}:switch=1", rewards)
        assert bot.act(view, legal) == switched
        bot, view, legal, _ = _rigged(KNOCKOUT, rewards)
        assert bot.act(view, legal) == plain


def test_the_cycle_collector_pauses_for_a_search_only() -> None:
    """The search runs without the cycle collector and gives it back as it found it."""
    game, view, legal = _first_decision("cento", 4, 4)
    bot = make_bot("ismcts:sims=20", game, 1)
    assert isinstance(bot, IsmctsBot)
    during: list[bool] = []
    real_simulate = bot._simulate

    def simulate(*args: Any, **kwargs: Any) -> float:
        during.append(gc.isenabled())
        return real_simulate(*args, **kwargs)

    bot._simulate = simulate  # type: ignore[method-assign]
    assert gc.isenabled()
    bot.act(view, legal)
    assert during
    assert not any(during)
    assert gc.isenabled()
    gc.disable()
    try:
        bot.act(view, legal)
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    "scores",
    [(3.0, 1.0, 2.0), (2.0, 2.0, -1.0), (0.0, 0.0, 0.0, 0.0), (-5.0,), (1.5, 7.0, 7.0, 7.0)],
)
def test_the_leaders_of_a_cut_off_playout_share_the_win_as_a_ranking_would(
    scores: tuple[float, ...],
) -> None:
    ranking = [1 + sum(other > mine for other in scores) for mine in scores]
    assert leaders(scores) == win_shares(ranking)


def test_a_game_whose_legal_actions_depend_on_hidden_cards_is_refused() -> None:
    """The tree keeps its statistics by the place of each legal action, which is sound
    because a seat's legal actions depend on its view alone, in a fixed order (the
    conformance suite checks every game). A game breaking that, even only by listing the
    same actions in another order, is refused loudly, never searched with mixed-up
    statistics."""
    game = make_game("dicht-dran")
    state = game.new_state(4, 2)
    view, legal = game.view(state, 0), game.legal_actions(state, 0)
    real_legal_actions = game.legal_actions
    coin = random.Random(0)

    def changing(state: Any, seat: int) -> Any:
        actions = list(real_legal_actions(state, seat))
        return actions[::-1] if coin.random() < 0.5 else actions  # the same ones, reordered

    game.legal_actions = changing  # type: ignore[method-assign]
    bot = make_bot("ismcts:sims=50", game, 1)
    with pytest.raises(RuntimeError, match="must depend on the acting seat's view alone"):
        bot.act(view, legal)
    game.legal_actions = real_legal_actions  # type: ignore[method-assign]
    assert make_bot("ismcts:sims=50", game, 1).act(view, legal) in legal


def _after_three_commits(game_id: str) -> tuple[Any, Any]:
    """A table of four where seats 0–2 have laid their cards face down and seat 3 is to
    lay (the first card round of a fresh game)."""
    game = make_game(game_id)
    state = game.new_state(4, 6)
    for seat in range(3):
        assert seat in game.to_act(state)
        game.play(state, seat, game.legal_actions(state, seat)[-1])
    assert game.to_act(state) == (3,)
    return game, state


def _cards(game: Any, state: Any) -> list[Any]:
    return sorted(card for cards in game.card_zones(state).values() for card in cards)


@pytest.mark.parametrize("game_id", ["dicht-dran", "missionszahl"])
def test_the_others_take_back_their_face_down_cards_for_their_models_to_lay(
    game_id: str,
) -> None:
    """``facedown=model``: a deal for seat 3 dealt the others' face-down cards at random;
    taken back, each hand holds its card again, every seat is to lay anew, no card is lost
    or made, and seat 3 sees what it saw before, except that nobody has laid a card yet."""
    game, state = _after_three_commits(game_id)
    view = game.view(state, 3)
    world = game.determinize(view, random.Random(1))
    before = _cards(game, world)
    sizes = [len(hand) for hand in world.hands]
    assert game.take_back_face_down(world, 3)
    assert game.to_act(world) == (0, 1, 2, 3)
    assert [len(hand) for hand in world.hands] == [size + 1 for size in sizes[:3]] + sizes[3:]
    assert _cards(game, world) == before
    assert all(hand == sorted(hand) for hand in world.hands)
    again = game.view(world, 3)
    assert again.committed == (False,) * 4
    assert again.hand_sizes == (*(size + 1 for size in view.hand_sizes[:3]), view.hand_sizes[3])
    changed = {"committed", "hand_sizes", "to_act"} & {field.name for field in fields(view)}
    assert replace(again, **{name: getattr(view, name) for name in changed}) == view
    assert not game.take_back_face_down(world, 3)  # nothing left to take back


@pytest.mark.parametrize("game_id", ["triggs", "cento", "magic-numbers"])
def test_games_without_face_down_cards_take_nothing_back(game_id: str) -> None:
    game = make_game(game_id)
    state = game.new_state(4, 6)
    copy = game.clone(state)
    assert not game.take_back_face_down(state, 0)
    assert state == copy


def test_a_search_with_facedown_model_deals_the_others_to_lay_again() -> None:
    """Only ``facedown=model`` takes the others' cards back, so that their heuristic models
    lay them; the default deals them at random like any unseen card."""
    game, state = _after_three_commits("dicht-dran")
    view = game.view(state, 3)
    spec = "ismcts:sims=40:rollout=heuristic:opponents=heuristic:root=halving:tree=root"
    modelled, dealt = (make_bot(spec + extra, game, 1) for extra in (":facedown=model", ""))
    assert isinstance(modelled, IsmctsBot)
    assert isinstance(dealt, IsmctsBot)
    assert game.to_act(modelled._deal(view)) == (0, 1, 2, 3)
    assert game.to_act(dealt._deal(view)) == (3,)
    laid: list[int] = []
    real_model_for = modelled._model_for

    def spy(who: int) -> Any:
        laid.append(who)
        return real_model_for(who)

    modelled._model_for = spy  # type: ignore[method-assign,assignment]
    assert modelled.act(view, game.legal_actions(state, 3)) in game.legal_actions(state, 3)
    assert {0, 1, 2} <= set(laid)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:top=4", "top= shapes the knockout of root=halving: give root=halving"),
        ("ismcts:switch=1", "switch= shapes the knockout of root=halving: give root=halving"),
        ("ismcts:horizon=5:top=3:tree=root", "give root=halving"),
        ("ismcts:cut=action", "cut=action says where a cut-off playout stops: give horizon=N"),
        ("ismcts:root=halving:batch=4", "root=halving pairs its own"),
        ("ismcts:root=halving:tree=root:c=1", "c= tunes UCB, which root=halving with tree=root"),
        ("ismcts:rollout=heuristic:root=halving:tree=root:bias=1", "bias= tunes UCB"),
    ],
)
def test_settings_without_effect_are_refused(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec, make_game("dicht-dran"), 1)


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:root=halving:top=4:switch=1:rollout=heuristic",
        "ismcts:root=halving:c=1",  # UCB below the root
        "ismcts:rollout=heuristic:root=halving:bias=1",
        "ismcts:tree=root:rollout=heuristic:bias=1:batch=4:c=0.3",  # UCB at the root
        "ismcts:horizon=8:cut=action",
    ],
)
def test_settings_that_take_effect_are_accepted(spec: str) -> None:
    assert isinstance(make_bot(spec, make_game("dicht-dran"), 1), IsmctsBot)


def test_top_lets_every_move_in_where_the_heuristic_does_not_rank() -> None:
    """One spec may serve every game: in Magic Numbers, whose heuristic does not rank
    moves, ``top=K`` leaves the knockout open to all of them."""
    game, view, legal = _first_decision("magic-numbers", 4, 2)
    spec = "ismcts:sims=8:rollout=heuristic:root=halving:tree=root:horizon=5:top=1"
    bot = make_bot(spec, game, 1)
    assert isinstance(bot, IsmctsBot)
    assert bot._shortlist(view, legal) == list(legal)
    assert len(legal) > 1


def test_a_knockout_shaped_by_the_model_needs_one() -> None:
    """``top`` and ``switch`` are about the model's moves: without a heuristic they are
    refused, like the other settings that need one."""
    from spieltisch.bots.ismcts import make_ismcts

    game = make_game("dicht-dran")
    for params in ({"root": "halving", "top": "3"}, {"root": "halving", "switch": "1"}):
        with pytest.raises(BotSpecError, match="no heuristic bot for dicht-dran"):
            make_ismcts(game, 1, params, "ismcts", None)
    assert make_ismcts(game, 1, {"root": "halving"}, "ismcts", None).config.halving


def test_the_settings_are_one_frozen_record_with_the_spec_defaults() -> None:
    from dataclasses import FrozenInstanceError

    from spieltisch.bots.ismcts import DEFAULT_SIMULATIONS

    config = SearchConfig.from_spec({})
    assert config == SearchConfig()
    assert config.simulations == DEFAULT_SIMULATIONS
    assert SearchConfig.from_spec({"time": "0.5"}).simulations is None
    with pytest.raises(FrozenInstanceError):
        config.batch = 2  # type: ignore[misc]
    with pytest.raises(BotSpecError, match="give root=halving"):
        SearchConfig(top=3)
    bot = make_bot("ismcts:sims=40:rollout=heuristic:root=halving:top=3", make_game("cento"), 1)
    assert isinstance(bot, IsmctsBot)
    assert bot.config == SearchConfig(simulations=40, rollout_by_model=True, halving=True, top=3)


def test_models_declare_what_they_can_do() -> None:
    """Every heuristic is a model; the ones that rank moves say so. Any other agent serves
    as a model that ranks nothing (the moves as listed) and has no coin to restart."""
    from spieltisch.bots import HEURISTICS, RandomBot
    from spieltisch.bots.model import Model, as_model

    for game_id, (factory, _) in HEURISTICS.items():
        game = make_game(game_id)
        model = factory(game, 1, {}, "heuristic")
        assert isinstance(model, Model)
        assert as_model(model) is model
        assert model.ranks_moves is (game_id != "magic-numbers")
    other = as_model(RandomBot(3))
    assert not other.ranks_moves
    assert other.ranked(View(seat=0), ["a", "b"]) == ["a", "b"]
    other.reseed(5)
    assert other.act(None, ["a"]) == "a"
