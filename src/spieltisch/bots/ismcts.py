"""Information-set Monte Carlo tree search for every game, through the game API alone.

Each simulation deals a full state consistent with what the bot's seat knows
(``determinize``), walks down the tree choosing by UCB among the actions legal in that
sample, adds one new node, plays the rest of the game out, and credits every seat on the
path with its share of the win.

Tree nodes are information sets: a node is keyed by the seat to act and that seat's *view*.
So every seat, the bot's opponents included, decides in the tree only on what it could know:
in a round of simultaneous face-down commits, an opponent committing after the bot sees
only "seat k has laid a card", and its choice in the tree cannot depend on the bot's hidden
card. A seat's legal actions depend on its view alone (else they would tell it hidden cards;
the conformance suite checks it in random games of every game, and a node refuses a visit
with other legal actions), so they are the same at every visit of a node: the availability
counts of ISMCTS (Cowling, Powley and Whitehouse, 2012: how often an action was legal when
its node was visited) are the node's visit count, and UCB is the plain one. Decisions with a
single legal action are played without a node.

**A model of how people play.** Where the game has a heuristic bot, the search can use it as
its model of a player (each seat's model is an independent heuristic bot, deciding from that
seat's view of the sampled state, never from the state). The bot's own seat is played by its
own persistent model (its knowledge, in Magic Numbers); the other seats' models are drawn
anew with every sampled deal, since what a player knows is hidden like his cards:

* ``rollout=heuristic``: simulations are played out by the models instead of at random;
* ``opponents=heuristic``: the other seats are not searched but decide by their models, so
  the tree holds only the bot's own decisions: a best reply to players who play like the
  heuristic, which needs far fewer simulations than searching everybody's moves;
* ``facedown=model``: where others have already laid a card face down this round (the bot
  sees only that they have), the sampled deal does not give them a card at random: each
  takes his back into his sampled hand (``Game.take_back_face_down``) and his model lays
  one, after the bot, as a player lays a card: on purpose;
* ``bias=B``: progressive bias: the action the bot's own model would take gets a bonus of
  ``B / (visits + 1)`` in UCB and is tried first, so a small search starts from the
  heuristic's move and leaves it only on evidence;
* actions that stand for free text (a quiz answer, see ``Game.wants_text``) cannot be
  searched: a search can decide to answer, never what to say. Such decisions are always left
  to the deciding seat's model (for the bot itself: its own model, i.e. its knowledge), or
  picked at random where the game has no heuristic.

**Paired simulations.** ``batch=K`` plays ``K`` simulations in each sampled deal, with the
same random choices in their playouts, so the actions tried in one deal are compared under
the same luck (common random numbers): their differences are far less noisy than those of
independent samples. The same luck includes the modelled players' coins for ties: every
model with a ``reseed`` method (the heuristic bots) starts each simulation of the deal
from the same seed (before 2026-11-24 their coins ran on from one simulation to the next,
so a tie broken one way after one move could be broken the other way after the next).

**Cut-off playouts.** ``horizon=N`` stops a playout after ``N`` further actions and credits
the seats by their standing (``Game.standing``: the score if the game were scored now; the
leaders share the win), instead of playing to the end: many more, shallower simulations.
A cut after a fixed number of actions can fall in the middle of a round: the seats that have
had a turn more since the decision, or the bot's own turn half played, are then ranked
against those that have not, and a move that spends many actions (laying card after card)
leaves the others fewer before the cut than one that spends few (drawing). ``cut=round``
plays on past the horizon until the bot is about to begin a turn (it is among the seats to
act and was not before the last action), so every seat has had as many turns since the
decision; where seats commit at once, the round under way is played out.

**Only the root.** ``tree=root`` searches the bot's present decision only: every later
decision, its own included, is left to the models (or made at random without them). With
heuristic models this is a rollout improvement of the heuristic: each move is judged by how
the game goes on when everybody, the bot included, then plays like the heuristic; where a
turn is a chain of actions (Cento, Triggs) the chain is finished the model's way instead of
by a barely explored tree.

**Sequential halving at the root.** ``root=halving`` chooses the bot's move by a knockout
instead of by UCB visits (Karnin, Koren and Somekh, 2013): the budget is split into rounds;
in each round every action still in the running is simulated in the same sampled deals,
with the same random choices (so they are compared under the same luck), and the better
half by mean reward goes on, until one is left. With a small budget this spends the
simulations on the comparisons that decide the move, where UCB keeps re-trying the
leader; and every comparison is paired, where UCB's are not. The simulations below the
root use the tree as usual. Ties go to the model's choice, so without evidence the bot
plays its model's move. ``top=K`` lets only the ``K`` moves the bot's own model ranks best
enter the knockout (for models that rank moves: the Cento, Triggs, Missionszahl and Dicht
dran heuristics), so a small budget is not spread over moves no good player would consider.
``switch=Z`` keeps the model's move in every round and plays the winner instead only if it
beat the model's move by ``Z`` standard errors of their paired differences: a close knockout
is often won by luck, and then the model's move is the better bet.

Budget: ``ismcts:sims=2000`` (simulations per move) or ``ismcts:time=0.5`` (seconds per
move); ``c`` sets the exploration constant.
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from spieltisch.core.chance import SearchRandom
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game, Seat, View

#: Default simulations per move when neither ``sims`` nor ``time`` is given.
DEFAULT_SIMULATIONS = 1000
#: The UCB exploration constant (rewards lie in [0, 1]).
DEFAULT_EXPLORATION = 0.7
#: How much of the reward is the seat's relative score rather than its share of the win.
DEFAULT_SCORE_WEIGHT = 0.25

#: The parameters of an ``ismcts:key=value`` spec.
PARAMETERS = (
    "sims",
    "time",
    "c",
    "rollout",
    "opponents",
    "bias",
    "batch",
    "score",
    "horizon",
    "cut",
    "root",
    "tree",
    "top",
    "switch",
    "deals",
    "facedown",
)

#: Makes a model player (a heuristic bot) from a seed.
ModelFactory = Callable[[int], Any]
#: Deals a state consistent with a view, leaning on what the view's public moves reveal
#: (``deals=belief``; for Cento see ``spieltisch.bots.cento_belief``).
Dealer = Callable[[View, random.Random], Any]


class _Node:
    """The statistics of one information set: its legal actions (in the game's order), per
    action how often it was tried here and the reward summed over those tries, how often
    the node was visited, and the action the acting seat's model prefers (``None`` without
    a model). The same actions are legal at every visit (see the module docstring), so the
    statistics are lists by the action's place: a step through the tree hashes no action."""

    __slots__ = ("actions", "favoured", "preferred", "rewards", "tries", "visits")

    def __init__(self, preferred: Hashable | None) -> None:
        self.preferred = preferred
        self.actions: Sequence[Any] = ()
        self.tries: list[int] = []
        self.rewards: list[float] = []
        self.visits = 0
        #: The place of ``preferred`` among ``actions`` (−1: none, or not legal here).
        self.favoured = -1

    def open(self, legal: Sequence[Any]) -> None:
        """Learn the actions legal here, on the first visit; on a later one make sure they
        are the same, in the same order (a game whose legal actions depend on more than the
        view breaks the search's bookkeeping, and must not pass unnoticed). Games that
        return shared tuples make the check an identity test."""
        if not self.actions:
            self.actions = tuple(legal)
            self.tries = [0] * len(legal)
            self.rewards = [0.0] * len(legal)
            if self.preferred is not None and self.preferred in self.actions:
                self.favoured = self.actions.index(self.preferred)
        elif legal is not self.actions and tuple(legal) != self.actions:
            raise RuntimeError(
                "the legal actions at one information set differ between deals: "
                "a game's legal actions must depend on the acting seat's view alone"
            )

    def tries_of(self, action: Hashable) -> int:
        """How often ``action`` was tried at this node."""
        if action not in self.actions:
            return 0
        return self.tries[self.actions.index(action)]


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector for one search: a search makes and drops millions of
    short-lived objects without reference cycles, and the collector's passes over them
    cost about 5 % of its time. Plain reference counting still frees them at once."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _leaders(scores: Sequence[float]) -> list[float]:
    """Each seat's share of the win if the game ended with these scores: the seats with the
    highest score share it (as :func:`win_shares` of their ranking, faster)."""
    top = max(scores)
    share = 1.0 / scores.count(top)
    return [share if score == top else 0.0 for score in scores]


def win_shares(ranking: Sequence[int]) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, split evenly on a shared first
    place, 0 otherwise."""
    winners = sum(1 for place in ranking if place == 1)
    return [1.0 / winners if place == 1 else 0.0 for place in ranking]


class IsmctsBot:
    """Plays one seat by information-set Monte Carlo tree search."""

    wants_view = True

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seed: int,
        name: str = "ismcts",
        simulations: int | None = None,
        seconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        *,
        model: ModelFactory | None = None,
        rollout_by_model: bool = False,
        opponents_by_model: bool = False,
        horizon: int | None = None,
        cut_at_round: bool = False,
        bias: float = 0.0,
        batch: int = 1,
        score_weight: float = DEFAULT_SCORE_WEIGHT,
        halving: bool = False,
        root_only: bool = False,
        top: int | None = None,
        switch: float | None = None,
        dealer: Dealer | None = None,
        face_down_by_model: bool = False,
    ) -> None:
        self.name = name
        self.game = game
        #: Samples deals and breaks ties (its shuffles are numpy's: deals are its main work).
        self.rng: random.Random = SearchRandom(seed)
        self.simulations = simulations if simulations or seconds else DEFAULT_SIMULATIONS
        self.seconds = seconds
        self.exploration = exploration
        #: How a seat plays when it is modelled rather than searched (``None``: at random).
        self.model = model
        self.rollout_by_model = rollout_by_model and model is not None
        self.opponents_by_model = opponents_by_model and model is not None
        self.horizon = horizon
        #: With a horizon: stop a playout only where the bot is about to begin a turn.
        self.cut_at_round = cut_at_round and horizon is not None and horizon > 0
        self.bias = bias if self.model is not None else 0.0
        self.batch = batch
        self.score_weight = score_weight
        #: Whether the root is decided by sequential halving instead of UCB visits.
        self.halving = halving
        #: Whether only the root decision is searched; every later one is modelled.
        self.root_only = root_only
        #: With halving: only the own model's ``top`` best moves enter the knockout.
        self.top = top
        #: With halving: how many standard errors another move must beat the model's move
        #: by to be played instead (``None``: the knockout's winner is played).
        self.switch = switch
        #: How deals are sampled from the view (``None``: ``Game.determinize``, uniformly).
        self.dealer = dealer
        #: Whether the cards the others have laid face down this round are taken back from
        #: each deal, for their models to lay from the sampled hands (``facedown=model``).
        self.face_down_by_model = face_down_by_model and model is not None
        #: The random choices of playouts; with ``batch`` or ``root=halving`` reseeded for
        #: every simulation, so the simulations of one deal meet the same chance (common
        #: random numbers).
        self._play_rng = random.Random(0)
        #: The bot's own model: its "knowledge" for decisions a search cannot make. It is
        #: one persistent player: the heuristic bot with the same seed, so that in Magic
        #: Numbers ``ismcts`` and ``heuristic`` with one seed know the same cards.
        self._own = self.model(seed) if self.model else None
        #: Each seat's model inside simulations: the bot's own seat plays by ``_own``, the
        #: others by models drawn anew with every sampled deal (see ``_deal``).
        self._models: dict[Seat, Any] = {}
        #: Whether free-text decisions are left to models (without a model the search
        #: treats the listed template like any other action: an empty answer).
        self._has_text = self.model is not None and type(game).wants_text is not Game.wants_text
        #: The chance of the deal being replayed (see ``_replay``), or ``None``.
        self._luck: int | None = None
        #: Simulations run for the last move (for benchmarks).
        self.last_simulations = 0

    # -- deciding ---------------------------------------------------------------------
    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        if view is None:
            raise ValueError("the ISMCTS bot needs its seat's view")
        if len(legal) == 1:
            return legal[0]
        if view.seat is None:
            raise ValueError("the ISMCTS bot plays a seat, not a spectator's view")
        if self._own is not None and self._is_text_decision(legal):
            return self._own.act(view, legal)
        with _no_cycle_collection():
            return self._search(view, legal)

    def _search(self, view: View, legal: Sequence[Any]) -> Any:
        """The move chosen by the search (UCB visits or the knockout) for this decision."""
        table: dict[tuple[Seat, View], _Node] = {}
        if self.halving:
            return self._halve(view, legal, table)
        preferred = self._own.act(view, legal) if self.bias and self._own is not None else None
        assert view.seat is not None  # act() refuses a spectator's view
        root_node = table[(view.seat, view)] = _Node(preferred)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        world: Any = None
        world_seed = 0
        paired = self.batch > 1
        while True:
            if done % self.batch == 0:
                world = self._deal(view)
                if paired:
                    world_seed = self.rng.getrandbits(63)
            if paired:  # the simulations of a batch meet the same chance (reseeding costs)
                state = self.game.clone(world)
                self._replay(world_seed)
            else:
                state = world
            self._simulate(view, state, table, root_node=root_node)
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif self.simulations is not None and done >= self.simulations:
                break
        self.last_simulations = done
        return max(legal, key=lambda action: self._final_key(root_node, legal, action))

    def _halve(
        self, view: View, legal: Sequence[Any], table: dict[tuple[Seat, View], _Node]
    ) -> Any:
        """Sequential halving at the root: rounds of paired simulations (every action still
        in the running played in the same deals with the same luck), after each of which the
        better half by mean reward goes on. Each round gets an equal part of the budget and
        at least one deal; with ``time=`` a deal cut short by the end of the time is not
        counted, and the best action so far is played (without a finished deal: the
        model's). With ``switch=Z`` the model's move is never knocked out, and the bot
        leaves it only for a move that beat it clearly (see :meth:`_decide`)."""
        self.last_simulations = 0
        preferred = self._own.act(view, legal) if self._own is not None else None
        running = self._shortlist(view, legal)
        if preferred is not None:  # ties go to the model's choice
            if preferred in running:
                running.remove(preferred)
            running.insert(0, preferred)
        if len(running) == 1:
            return legal[legal.index(running[0])]
        champion = preferred if self.switch is not None else None
        rounds = math.ceil(math.log2(len(running)))
        rewards: dict[Any, list[float]] = {action: [] for action in running}
        totals = dict.fromkeys(running, 0.0)
        start = time.perf_counter()
        end = start + self.seconds if self.seconds else math.inf
        for number in range(rounds):
            if self.seconds:
                deals, deadline = 1, start + self.seconds * (number + 1) / rounds
            else:
                assert self.simulations is not None
                deals, deadline = max(1, self.simulations // (rounds * len(running))), 0.0
            dealt = 0
            while dealt < deals or time.perf_counter() < deadline:
                results = self._paired_deal(view, running, table, end)
                if results is None:
                    break
                for action, reward in zip(running, results, strict=True):
                    totals[action] += reward
                    rewards[action].append(reward)
                dealt += 1
            running.sort(key=lambda action: -totals[action])  # stable: ties keep their order
            if time.perf_counter() >= end:
                break
            self._knock_out(running, champion)
        return legal[legal.index(self._decide(running[0], champion, rewards))]

    @staticmethod
    def _knock_out(running: list[Any], champion: Any) -> None:
        """Keep the better half of ``running`` (sorted best first); a ``champion`` (the
        model's move under ``switch=``) stays in any case."""
        kept = math.ceil(len(running) / 2)
        if champion is not None and champion in running[kept:]:
            running.remove(champion)
            running.insert(kept, champion)
            kept += 1
        del running[kept:]

    def _decide(self, best: Any, champion: Any, rewards: dict[Any, list[float]]) -> Any:
        """The knockout's winner, or under ``switch=Z`` the model's move unless the winner
        beat it by at least ``Z`` standard errors in the deals both were simulated in: a
        small search leaves a good model's move only on evidence, not on luck."""
        if champion is None or best == champion:
            return best
        assert self.switch is not None
        gains = [
            mine - theirs for mine, theirs in zip(rewards[best], rewards[champion], strict=True)
        ]
        if len(gains) < 2:
            return champion
        error = statistics.stdev(gains) / math.sqrt(len(gains))
        return best if statistics.fmean(gains) > self.switch * error else champion

    def _shortlist(self, view: View, legal: Sequence[Any]) -> list[Any]:
        """The moves that enter the knockout: all, or with ``top=K`` the ``K`` best by the
        bot's own model (where the model ranks moves, see ``ranked`` of the heuristic
        bots)."""
        ranked = getattr(self._own, "ranked", None)
        if self.top is None or ranked is None:
            return list(legal)
        return list(ranked(view, legal)[: self.top])

    def paired_rewards(
        self,
        view: View,
        actions: Sequence[Any],
        deals: int,
        dealer: Callable[[random.Random], Any] | None = None,
    ) -> list[list[float]]:
        """For analysis: the bot's reward after each of ``actions`` in each of ``deals``
        sampled deals, every action played in the same deals with the same luck (the
        comparison the knockout makes). ``result[i][d]`` belongs to ``actions[i]``.

        With ``dealer`` (which only a benchmark may have: it sees states) every deal is
        ``dealer(rng)`` instead of a sample from the view: for instance the real position,
        so that moves are judged by what they are really worth there."""
        if view.seat is None:
            raise ValueError("paired rewards are a seat's, not a spectator's")
        dealt: list[list[float]] = []
        with _no_cycle_collection():
            while len(dealt) < deals:
                rewards = self._paired_deal(view, actions, {}, math.inf, dealer)
                assert rewards is not None  # no end of time
                dealt.append(rewards)
        return [list(column) for column in zip(*dealt, strict=True)]

    def _paired_deal(
        self,
        view: View,
        actions: Sequence[Any],
        table: dict[tuple[Seat, View], _Node],
        end: float,
        dealer: Callable[[random.Random], Any] | None = None,
    ) -> list[float] | None:
        """One sampled deal (or one of ``dealer``, see :meth:`paired_rewards`), simulated
        once after each of ``actions`` with the same random choices: the bot's reward after
        each, or ``None`` if the time ran out before all were played."""
        world = self._deal(view) if dealer is None else self._dealt(view, dealer(self.rng))
        world_seed = self.rng.getrandbits(63)
        rewards = []
        for action in actions:
            if time.perf_counter() >= end:
                return None
            self._replay(world_seed)
            rewards.append(self._simulate(view, self.game.clone(world), table, first=action))
            self.last_simulations += 1
        return rewards

    def _deal(self, view: View) -> Any:
        """A state consistent with ``view``, and fresh models for the other seats: what the
        bot cannot know about a player (in Magic Numbers: which cards that player knows) is
        sampled anew with the cards it cannot see. Its own seat plays by its own model, so
        in a simulation the bot answers as it really would (it knows its own knowledge)."""
        if self.dealer is not None:
            world = self.dealer(view, self.rng)
        else:
            world = self.game.determinize(view, self.rng)
        if self.face_down_by_model and view.seat is not None:
            self.game.take_back_face_down(world, view.seat)
        return self._dealt(view, world)

    def _dealt(self, view: View, world: Any) -> Any:
        """``world`` as the next deal: fresh models for the other seats."""
        self._models.clear()
        if self._own is not None and view.seat is not None:
            self._models[view.seat] = self._own
        return world

    @staticmethod
    def _final_key(root: _Node, legal: Sequence[Any], action: Any) -> tuple[int, bool, int]:
        """The most visited action; ties go to the model's choice, then to the first listed."""
        return (root.tries_of(action), action == root.preferred, -legal.index(action))

    def _is_text_decision(self, legal: Sequence[Any]) -> bool:
        """Whether one of ``legal`` stands for free text, which a search cannot choose."""
        if not self._has_text:
            return False
        return any(map(self.game.wants_text, legal))

    # -- one simulation -----------------------------------------------------------------
    def _simulate(
        self,
        root: View,
        state: Any,
        table: dict[tuple[Seat, View], _Node],
        first: Any = None,
        root_node: _Node | None = None,
    ) -> float:
        """One simulation from a sampled ``state``: select, expand one node, play out, back
        up. ``first``, if given, is the bot's first action (sequential halving chooses it);
        ``root_node``, if given, is the root's node: the first decision of every simulation is the
        bot's at the root, whose information set is known without building the view again.
        Returns the bot's reward."""
        game = self.game
        is_terminal, to_act, legal_actions, apply = (
            game.is_terminal,
            game.to_act,
            game.legal_actions,
            game.apply,
        )
        me = root.seat
        assert me is not None  # act() refuses a spectator's view
        path: list[tuple[_Node, int, Seat]] = []
        only_me, root_only = self.opponents_by_model, self.root_only
        while not is_terminal(state):
            # Of seats committing at once, the bot commits first: the seats still to commit
            # see only that it has, and its first decision is always the one at the root.
            acting = to_act(state)
            seat = me if me in acting else acting[0]
            legal = legal_actions(state, seat)
            if len(legal) == 1:
                apply(state, seat, legal[0])
                continue
            if first is not None and seat == me:
                apply(state, seat, first)
                first = None
                if root_only:
                    break
                continue
            if root_node is not None:  # the bot's own decision, never free text
                expanded = self._step(root_node, state, seat, legal, path)
                root_node = None
            elif (seat == me or not only_me) and not self._is_text_decision(legal):
                expanded = self._tree_step(state, seat, legal, table, path)
            else:
                apply(state, seat, self._modelled(state, seat, legal))
                continue
            if expanded or root_only:
                break
        shares = self._play_out(state, me)
        for node, place, seat in path:
            node.tries[place] += 1
            node.rewards[place] += shares[seat]
        return shares[me]

    def _tree_step(
        self,
        state: Any,
        seat: Seat,
        legal: Sequence[Any],
        table: dict[tuple[Seat, View], _Node],
        path: list[tuple[_Node, int, Seat]],
    ) -> bool:
        """Choose and apply one action in the tree; whether a new action was expanded."""
        view = self.game.view(state, seat)
        key = (seat, view)
        node = table.get(key)
        if node is None:
            preferred = self._model_for(seat).act(view, legal) if self.bias else None
            node = table[key] = _Node(preferred)
        return self._step(node, state, seat, legal, path)

    def _step(
        self,
        node: _Node,
        state: Any,
        seat: Seat,
        legal: Sequence[Any],
        path: list[tuple[_Node, int, Seat]],
    ) -> bool:
        """Choose at ``node`` and apply the action; whether a new action was expanded."""
        node.open(legal)
        place, new = self._choose(node)
        self.game.apply(state, seat, node.actions[place])
        path.append((node, place, seat))
        return new

    def _choose(self, node: _Node) -> tuple[int, bool]:
        """Visit the node once more and choose: an action never tried here (the model's
        choice first), else the one with the best upper confidence bound plus the
        progressive bias towards the model's choice. The action's place comes with whether
        it is new to the node."""
        node.visits += 1
        tries, rewards = node.tries, node.rewards
        favoured = node.favoured
        if 0 in tries:
            if favoured >= 0 and not tries[favoured]:
                return favoured, True
            if node.visits == 1:  # a new node (most are: an opponent's freshly dealt hand)
                return self.rng.choice(range(len(tries))), True
            return self.rng.choice([place for place, n in enumerate(tries) if not n]), True
        c, bias = self.exploration, self.bias
        log_visits = math.log(node.visits)
        sqrt = math.sqrt
        best, best_value = 0, -math.inf
        for place, n in enumerate(tries):
            value = rewards[place] / n + c * sqrt(log_visits / n)
            if bias and place == favoured:
                value += bias / (n + 1)
            if value > best_value:
                best, best_value = place, value
        return best, False

    # -- outside the tree ---------------------------------------------------------------
    def _replay(self, luck: int) -> None:
        """Start one of the simulations of a deal that must meet the same chance: the
        playout's random choices and every model's coin for ties start from ``luck``."""
        self._play_rng.seed(luck)
        self._luck = luck
        for seat, model in self._models.items():
            self._reseed(model, seat)

    def _reseed(self, model: Any, seat: Seat) -> None:
        reseed = getattr(model, "reseed", None)
        if reseed is not None and self._luck is not None:
            reseed(self._luck + 1 + seat)

    def _model_for(self, seat: Seat) -> Any:
        model = self._models.get(seat)
        if model is None:
            assert self.model is not None
            model = self._models[seat] = self.model(self.rng.getrandbits(63))
            self._reseed(model, seat)
        return model

    def _modelled(self, state: Any, seat: Seat, legal: Sequence[Any]) -> Any:
        """A modelled seat's choice: its model's, or a random one without a model."""
        if self.model is None:
            return legal[int(self._play_rng.random() * len(legal))]
        return self._model_for(seat).act(self.game.view(state, seat), legal)

    def _play_out(self, state: Any, me: Seat) -> list[float]:
        """Finish the game (or stop after ``horizon`` actions; with ``cut=round`` only once
        the bot ``me`` is about to begin a turn) and share out the win."""
        game = self.game
        left = self.horizon if self.horizon is not None else -1
        acting: tuple[Seat, ...] = ()  # the seats to act before the last action
        if self.rollout_by_model:
            while left and not game.is_terminal(state):
                acting = game.to_act(state)
                seat = acting[0]
                legal = game.legal_actions(state, seat)
                action = legal[0] if len(legal) == 1 else self._modelled(state, seat, legal)
                game.apply(state, seat, action)
                left -= 1
        else:
            draw = self._play_rng.random
            is_terminal, to_act = game.is_terminal, game.to_act
            legal_actions, apply = game.legal_actions, game.apply
            while left and not is_terminal(state):
                acting = to_act(state)
                seat = acting[0]
                legal = legal_actions(state, seat)
                apply(state, seat, legal[int(draw() * len(legal))])
                left -= 1
        if self.cut_at_round:
            self._finish_round(state, me, me in acting)
        return self._rewards(state)

    def _finish_round(self, state: Any, me: Seat, was_acting: bool) -> None:
        """Play on, past the horizon, until the bot is about to begin a turn: until it is
        among the seats to act and was not before the last action (``was_acting``: whether
        it was before the horizon's last action). Every seat has then had as many turns
        since the decision (in a game of turns), or every round has been played out (where
        seats commit at once), so none is ranked on a turn the others have not had."""
        game = self.game
        while not game.is_terminal(state):
            acting = game.to_act(state)
            if me in acting and not was_acting:
                return
            was_acting = me in acting
            seat = acting[0]
            legal = game.legal_actions(state, seat)
            if len(legal) == 1:
                action = legal[0]
            elif self.rollout_by_model:
                action = self._modelled(state, seat, legal)
            else:
                action = legal[int(self._play_rng.random() * len(legal))]
            game.apply(state, seat, action)

    def _rewards(self, state: Any) -> list[float]:
        """Each seat's reward in 0…1: its share of the win, blended (weight ``score``) with
        its score relative to the lowest and highest score at the table, so that a seat far
        behind (or far ahead) still tells better moves from worse ones."""
        game = self.game
        if game.is_terminal(state):
            shares = win_shares(game.ranking(state))
            scores = game.scores(state)
        else:  # a playout cut off at the horizon: the leaders by standing share the win
            scores = game.standing(state)
            shares = _leaders(scores)
        weight = self.score_weight
        if not weight:
            return shares
        low, high = min(scores), max(scores)
        if high == low:
            return [(1 - weight) * share + weight * 0.5 for share in shares]
        spread = high - low
        return [
            (1 - weight) * share + weight * (score - low) / spread
            for share, score in zip(shares, scores, strict=True)
        ]


def make_ismcts(
    game: Game[Any, Any, Any],
    seed: int,
    params: dict[str, str],
    spec: str,
    heuristic: ModelFactory | None,
    belief: Callable[[], Dealer] | None = None,
    believers: Sequence[str] = (),
) -> IsmctsBot:
    """The ISMCTS bot for a spec's parameters (see the module docstring); ``believers``
    names the games that have a belief, for the error when this one has none."""
    simulations = _number(params, "sims", int, 1, 10_000_000)
    seconds = _number(params, "time", float, 0.001, 3600.0)
    if simulations is not None and seconds is not None:
        raise BotSpecError("give the ISMCTS bot either sims= or time=, not both")
    exploration = _number(params, "c", float, 0.0, 100.0)
    horizon = _number(params, "horizon", int, 1, 1_000_000)
    cut = _choice(params, "cut", ("action", "round"), "action")
    if cut == "round" and horizon is None:
        raise BotSpecError("ismcts cut=round says where a cut-off playout stops: give horizon=N")
    bias = _number(params, "bias", float, 0.0, 100.0)
    batch = _number(params, "batch", int, 1, 1000)
    score = _number(params, "score", float, 0.0, 1.0)
    rollout = _choice(params, "rollout", ("random", "heuristic"), "random")
    opponents = _choice(params, "opponents", ("search", "heuristic"), "search")
    root = _choice(params, "root", ("ucb", "halving"), "ucb")
    tree = _choice(params, "tree", ("full", "root"), "full")
    top = _number(params, "top", int, 1, 1000)
    switch = _number(params, "switch", float, 0.0, 100.0)
    deals = _choice(params, "deals", ("uniform", "belief"), "uniform")
    face_down = _choice(params, "facedown", ("random", "model"), "random")
    if face_down == "model" and rollout != "heuristic" and opponents != "heuristic":
        raise BotSpecError(
            "ismcts facedown=model lets models of the players lay their cards: "
            "give rollout=heuristic or opponents=heuristic"
        )
    if deals == "belief" and belief is None:
        have = f"; deals=belief is for: {', '.join(believers)}" if believers else ""
        raise BotSpecError(f"there is no belief about the players' hands for {game.spec.id}{have}")
    wanted = rollout == "heuristic" or opponents == "heuristic" or bias
    if wanted and heuristic is None:
        raise BotSpecError(f"there is no heuristic bot for {game.spec.id} to model players with")
    return IsmctsBot(
        game,
        seed,
        name=spec,
        simulations=int(simulations) if simulations is not None else None,
        seconds=seconds,
        exploration=exploration if exploration is not None else DEFAULT_EXPLORATION,
        model=heuristic,
        rollout_by_model=rollout == "heuristic",
        opponents_by_model=opponents == "heuristic",
        horizon=int(horizon) if horizon is not None else None,
        cut_at_round=cut == "round",
        bias=float(bias) if bias is not None else 0.0,
        batch=int(batch) if batch is not None else 1,
        score_weight=float(score) if score is not None else DEFAULT_SCORE_WEIGHT,
        halving=root == "halving",
        root_only=tree == "root",
        top=int(top) if top is not None else None,
        switch=float(switch) if switch is not None else None,
        dealer=belief() if belief is not None and deals == "belief" else None,
        face_down_by_model=face_down == "model",
    )


def _choice(params: dict[str, str], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = params.get(key, default)
    if value not in allowed:
        raise BotSpecError(f"ismcts {key} must be {' or '.join(allowed)}, got {value!r}")
    return value


def _number(
    params: dict[str, str], key: str, kind: type[int] | type[float], low: float, high: float
) -> Any:
    if key not in params:
        return None
    try:
        value = kind(params[key])
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise BotSpecError(
            f"ismcts {key} must be a number from {low:g} to {high:g}, got {params[key]!r}"
        )
    return value
