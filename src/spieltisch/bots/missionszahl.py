"""The heuristic Missionszahl bot: win rounds cheaply, then grab the best card on the table.

How it plays, in the words of a player:

* **Every hand card ends up in the collection anyway** (unless somebody takes it), so the
  order of play matters for three things only: winning rounds, not losing good cards to a
  winner's swap, and the symbols.
* **Which card to lay.** For each hand card it estimates the chance to win the round with
  it: how many of the cards it has not seen lie closer to the mission number, for every
  opponent (cards it knows to be in an opponent's hand count as such). Its own symbol cards
  count: with a ±3 it will move the number towards its card, with an odd "evens out" card
  the even cards of the others drop out, with "draw and give" it can replace the best
  opponent card, a "new mission" card is a lottery on a new number, and "pass on" hands it
  its neighbour's card (good for a low card, bad for a high one).
* **What a won round is worth.** The arrow saves its own cards with the mission number
  (in the collection and in the hand) and voids those of the others; the swap takes the best
  card on the table for the card it won with, so winning with a low card is best; and the
  exchange swaps its weakest hand card. A lost round risks that the winner takes its card,
  so in rounds it cannot win it lays its least valuable cards (cards whose number is already
  voided for it first).
* **Save good cards for later.** It compares each card's chance now with its average
  chance on a random future mission number, and prefers the card whose moment is now.
* **As the winner** it swaps for the card that adds most to its own score (number and
  colour bonus) and costs its owner most, above all the leader, or keeps its own card when
  no swap gains; where the swap is compulsory (option ``swap``) it takes the least bad and
  counts a won round's swap at what it brings, a loss included; it exchanges its weakest hand
  card, blind with the leader when his hand looks better than the draw pile.
* **±3 and draw and give** it uses after the reveal, looking at all cards on the table:
  it moves the number so that it wins, or else so that the most harmless player wins; it
  gives the drawn card where it spoils the best rival card, preferably the leader's.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate
from operator import mul
from typing import Any, NamedTuple

from spieltisch.bots.model import Model
from spieltisch.bots.scoring import TieBreaker, best_first, best_scored
from spieltisch.core.game import Game, View
from spieltisch.games.missionszahl.actions import (
    NO_EXCHANGE,
    PILE_EXCHANGE,
    Exchange,
    Give,
    Play,
    Shift,
    Swap,
    Trade,
)
from spieltisch.games.missionszahl.cards import (
    ALL_CARDS,
    COLOUR,
    COLOURS,
    HIGHEST,
    LOWEST,
    SYMBOL,
    VALUE,
    Symbol,
)
from spieltisch.games.missionszahl.game import (
    BONUS_FROM,
    BONUS_STEP,
    COMPULSORY,
    OPTIONAL,
    MissionszahlView,
)
from spieltisch.games.missionszahl.knowledge import unseen_cards
from spieltisch.games.missionszahl.rules import colour_counts

#: The symbols by plain names: ``Symbol.EVENS_OUT`` is a look-up through the enum's
#: metaclass that costs ten times a global name, and every hand card asks for its symbol.
PASS_CW = Symbol.PASS_CW
NEW_MISSION = Symbol.NEW_MISSION
EVENS_OUT = Symbol.EVENS_OUT
PLUS_MINUS_3 = Symbol.PLUS_MINUS_3
DRAW_AND_GIVE = Symbol.DRAW_AND_GIVE
#: Every mission number a future round can bring.
_NUMBERS = range(LOWEST, HIGHEST + 1)
#: Every card number, with 0 in front (tables indexed by number).
_VALUES = range(HIGHEST + 1)
#: 1 for an odd number, 0 for an even one, by number (as the unseen cards' counts are
#: indexed: 0 to 29).
_ODD = tuple(value % 2 for value in range(HIGHEST + 3))


@dataclass(frozen=True, slots=True)
class Weights:
    """How much the bot values things, in points."""

    harm_leader: float = 0.6  # a point lost by the leading opponent
    harm_other: float = 0.3  # a point lost by another opponent
    smart: float = 0.25  # share of opponents assumed to lay their closest card
    steal: float = 0.1  # chance that the winner takes my card in a lost round
    future: float = 0.8  # how much a card's average chance on later rounds holds it back


class MissionszahlBot(Model):
    """Estimates, from its view only, what each decision is worth and takes the best."""

    wants_view = True
    ranks_moves = True

    def __init__(
        self, game: Game[Any, Any, Any], seed: int, name: str, weights: Weights | None = None
    ) -> None:
        self.name = name
        self.rng = TieBreaker(seed)
        self.w = weights or Weights()
        #: option ``swap=compulsory``: the winner must swap, even for a worse card
        self.compulsory = getattr(game, "swap", OPTIONAL) == COMPULSORY

    def reseed(self, seed: int) -> None:
        """Start the coin for ties afresh from ``seed``: a search replays one deal after
        each of several moves, and the players it models must meet the same luck."""
        self.rng.reseed(seed)

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        assert isinstance(view, MissionszahlView)
        if len(legal) == 1:
            return legal[0]
        return best_scored(self._scored(view, legal), self.rng)

    def ranked(self, view: View, legal: Sequence[Any]) -> list[Any]:
        """The legal actions, best first by the bot's estimate (a search's shortlist)."""
        assert isinstance(view, MissionszahlView)
        return best_first(self._scored(view, legal))

    def _scored(self, view: MissionszahlView, legal: Sequence[Any]) -> list[tuple[float, Any]]:
        """Each legal action with what the bot expects it to be worth."""
        table = _Table(view, self.w, self.compulsory)
        first = legal[0]
        if isinstance(first, Play):
            scored = [(table.play_score(a.card), a) for a in legal]
        elif isinstance(first, Shift):
            scored = [(table.shift_score(a.delta), a) for a in legal]
        elif isinstance(first, Give):
            scored = [(table.give_score(a.seat), a) for a in legal]
        elif isinstance(first, Swap):
            scored = [(table.swap_score(a.seat), a) for a in legal]
        elif isinstance(first, Exchange):
            scored = [(table.exchange_score(a), a) for a in legal]
        else:
            assert isinstance(first, Trade)
            partner = view.partner
            scored = [(table.trade_score(a.card, partner), a) for a in legal]
        return scored


def _prefix(count: Sequence[int]) -> list[int]:
    """``prefix[v]``: how many counted cards have a number of at most ``v`` (index ``v``
    from 0 to 28; the counts run from 1 to 27)."""
    return list(accumulate(count))


@cache
def step_table(bonus_from: int = BONUS_FROM, bonus_step: int = BONUS_STEP) -> tuple[int, ...]:
    """``table[k]``: the colour bonus gained by the ``k``-th card of a colour (``bonus_step``
    from the ``bonus_from``-th card on; the rule sheet: 10 from the third)."""
    return tuple(bonus_step if k >= bonus_from else 0 for k in range(len(ALL_CARDS) + 2))


#: The rule sheet's :func:`step_table`.
STEP: tuple[int, ...] = step_table()


class _Odds:
    """The chance to win a round with a card, given the unseen cards (as counts per number)
    and the opponents' hands (size and the cards known in them)."""

    def __init__(
        self,
        count: Sequence[int],
        odd_count: Sequence[int],
        pools: Sequence[tuple[tuple[int, ...], int]],
        players: int,
        smart: float,
        symbol: Sequence[Symbol | None] = SYMBOL,
    ) -> None:
        #: ``symbol[card]``: the card's symbol in this game's deck
        self.symbol = symbol
        self.count = count
        self.odd_count = odd_count
        self.prefix = _prefix(count)
        self.odd_prefix = _prefix(odd_count)
        self.total = max(1, sum(count))
        self.pools = pools
        #: The opponents' hand sizes when this seat knows no card in their hands (the usual
        #: case, worked out faster), else ``None``.
        self.sizes = (
            None
            if any(known for known, pool in pools if pool > 0)
            else [p for _, p in pools if p > 0]
        )
        self.players = players
        self.smart = smart
        self.top = len(self.prefix) - 1
        self._cache: dict[tuple[int, int, int], float] = {}
        self._by_beat: dict[tuple[float, bool], float] = {}

    def _beat(self, distance: int, target: int, odd_only: bool) -> float:
        """The chance that one unseen card lies closer to ``target`` (ties count half)."""
        count = self.odd_count if odd_only else self.count
        prefix = self.odd_prefix if odd_only else self.prefix
        top = self.top
        below, above = target - distance, target + distance
        low = 0 if below < 0 else top if below > top else below
        high = 0 if above < 1 else top if above > top else above - 1
        inside = prefix[high] - prefix[low] if high > low else 0
        ties = count[below] if LOWEST <= below <= HIGHEST else 0
        if above != below and LOWEST <= above <= HIGHEST:
            ties += count[above]
        return (inside + 0.5 * ties) / self.total

    def p_win(self, value: int, target: int, odd_only: bool = False, spoil: bool = False) -> float:
        """The chance that a card of ``value`` is closest to ``target``: each opponent lays a
        card from his hand, partly at random, partly his closest one. ``odd_only``: the even
        cards of the others are out; ``spoil``: the best opponent card is replaced by a
        random one."""
        key = (value, target, 2 * odd_only + spoil)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        distance = abs(value - target)
        pb = self._beat(distance, target, odd_only)
        if self.sizes is not None:
            chance = self._unknown_hands(pb, spoil)
            self._cache[key] = chance
            return chance
        smart = self.smart
        chance = 1.0
        worst = 0.0
        beat = 0.0
        plain = 0  # the pool size of the last opponent without known cards
        for known, pool in self.pools:
            if pool <= 0:
                continue
            if known or pool != plain:  # else the same chance as that opponent's
                k_beat = 0.0
                miss = 1.0
                for card in known:
                    if odd_only and VALUE[card] % 2 == 0:
                        continue
                    d = abs(VALUE[card] - target)
                    b = 1.0 if d < distance else 0.5 if d == distance else 0.0
                    k_beat += b
                    miss *= 1.0 - b
                unknown = max(0, pool - len(known))
                uniform = (k_beat + unknown * pb) / pool
                best = 1.0 - miss * (1.0 - pb) ** unknown
                beat = (1.0 - smart) * uniform + smart * best
                plain = 0 if known else pool
            if beat > worst:
                worst = beat
            chance *= 1.0 - beat
        if spoil and worst < 1.0:
            chance = chance / (1.0 - worst) * (1.0 - pb)
        self._cache[key] = chance
        return chance

    def _unknown_hands(self, pb: float, spoil: bool) -> float:
        """:meth:`p_win` when this seat knows no card in the opponents' hands (the usual
        case, so kept short): each opponent's card beats it with chance ``pb``."""
        key = (pb, spoil)
        chance = self._by_beat.get(key)
        if chance is not None:
            return chance
        smart = self.smart
        chance = 1.0
        worst = 0.0
        beat = 0.0
        last = 0
        assert self.sizes is not None
        for pool in self.sizes:
            if pool != last:  # else the same chance as the last opponent's
                uniform = pool * pb / pool  # no known card: ``unknown`` is ``pool``
                best = 1.0 - (1.0 - pb) ** pool
                beat = (1.0 - smart) * uniform + smart * best
                last = pool
            if beat > worst:
                worst = beat
            chance *= 1.0 - beat
        if spoil and worst < 1.0:
            chance = chance / (1.0 - worst) * (1.0 - pb)
        self._by_beat[key] = chance
        return chance

    def mean_p_win(self, value: int) -> float:
        """:meth:`p_win` of a card of ``value`` on a random mission number."""
        if self.sizes is None:
            return sum([self.p_win(value, t) for t in _NUMBERS]) / len(_NUMBERS)
        beat, chance = self._beat, self._unknown_hands
        chances = [chance(beat(abs(value - t), t, False), False) for t in _NUMBERS]
        return sum(chances) / len(_NUMBERS)

    def card_p_win(self, card: int, target: int) -> float:
        """The chance to win with ``card``, counting its own symbol."""
        value = VALUE[card]
        symbol = self.symbol[card]
        if symbol is None:
            return self.p_win(value, target)
        if symbol is PLUS_MINUS_3:
            return max(self.p_win(value, target + 3), self.p_win(value, target - 3))
        if symbol is EVENS_OUT:
            return 0.0 if value % 2 == 0 else self.p_win(value, target, odd_only=True)
        if symbol is DRAW_AND_GIVE:
            return self.p_win(value, target, spoil=True)
        if symbol is PASS_CW:
            return 1.0 / self.players
        return self.mean_p_win(value)  # new mission: a random new mission number


@lru_cache(maxsize=256)
def _average_odds(pools: tuple[int, ...], players: int, smart: float) -> tuple[float, ...]:
    """Each card's chance to win on a random mission number, with opponents' hands of the
    given sizes drawn from a full deck (a fixed yardstick for keeping cards for later)."""
    full = [0] + [len(COLOURS)] * (HIGHEST - LOWEST + 1) + [0]
    odd = [k if v % 2 else 0 for v, k in enumerate(full)]
    odds = _Odds(full, odd, [((), pool) for pool in pools], players, smart)
    return tuple(
        sum(odds.card_p_win(card, t) for t in _NUMBERS) / len(_NUMBERS) for card in ALL_CARDS
    )


@lru_cache(maxsize=256)
def _best_chances(size: int, opponents: int) -> tuple[float, ...]:
    """``chances[i]``: the chance that of ``opponents`` cards drawn from ``size`` cards
    ranked from worst to best (with replacement), the best is the ``i``-th."""
    previous = 0.0
    chances = []
    for i in range(size):
        level = ((i + 1) / size) ** opponents
        chances.append(level - previous)
        previous = level
    return tuple(chances)


class _Board(NamedTuple):
    """What the mission cards and their arrows mean for each seat's collection."""

    #: ``owned[s]``: the numbers of the mission cards whose arrow points at seat ``s``.
    owned: tuple[frozenset[int], ...]
    #: ``points[s][v]``: what a card with number ``v`` scores for seat ``s``: ``v``, or 0
    #: if a mission card with that number points elsewhere.
    points: tuple[tuple[int, ...], ...]


#: Boards already worked out, by player count, mission cards and arrows (they change only
#: twice a round, and many decisions see the same one).
_BOARDS: dict[tuple[int, tuple[int, ...], tuple[int | None, ...]], _Board] = {}
_BOARDS_KEPT = 4096


def _board(players: int, missions: tuple[int, ...], arrows: tuple[int | None, ...]) -> _Board:
    """The :class:`_Board` of a view's mission cards and arrows."""
    key = (players, missions, arrows)
    board = _BOARDS.get(key)
    if board is None:
        on_table = {VALUE[card] for card in missions}
        owned = tuple(
            frozenset(VALUE[c] for c, a in zip(missions, arrows, strict=True) if a == s)
            for s in range(players)
        )
        points = tuple(
            tuple(0 if value in on_table and value not in own else value for value in _VALUES)
            for own in owned
        )
        board = _Board(owned, points)
        if len(_BOARDS) >= _BOARDS_KEPT:
            _BOARDS.clear()
        _BOARDS[key] = board
    return board


class _Table:
    """What one view tells: unseen cards, projected collections, voided numbers."""

    def __init__(self, view: MissionszahlView, w: Weights, compulsory: bool = False) -> None:
        self.view = view
        self.w = w
        self.compulsory = compulsory
        me = view.seat
        assert me is not None
        self.me = me
        n = view.players
        self.n = n
        self.opponents = [s for s in range(n) if s != me]
        self.mission = VALUE[view.missions[-1]]
        self.owned, self.values = _board(n, view.missions, view.arrows)
        self.projected = [self._projected(s) for s in range(n)]
        self.colours = [colour_counts(cards) for cards in self.projected]
        self.harm = self._harm_weights(view)
        #: the game's deck and colour bonus (rule options): each card's symbol, and the
        #: bonus the ``k``-th card of a colour brings
        self.symbol = view.setup.symbol
        self.step = step_table(view.bonus_from, view.bonus_step)
        self._unseen: list[int] | None = None
        self._odds: _Odds | None = None
        self._average: tuple[float, ...] | None = None
        self._mean: float | None = None
        self._means: dict[int, float] = {}
        self._arrows: dict[tuple[int, int], int] = {}
        self._sorted_gains: list[int] | None = None
        self._hopes: dict[int, float] = {}
        self._denial: float | None = None
        self._hand_losses: list[tuple[int, int]] | None = None
        self._partners: dict[int, tuple[float, float]] = {}

    # The unseen cards and the chances to win a round are made when first needed: only
    # laying a card and the exchange need them.
    @property
    def unseen(self) -> list[int]:
        """The cards this seat has not seen, in id order."""
        if self._unseen is not None:
            return self._unseen
        self._unseen = unseen_cards(self.view)
        return self._unseen

    @property
    def odds(self) -> _Odds:
        """The chances to win this round with a card."""
        if self._odds is not None:
            return self._odds
        count = [0] * (HIGHEST + 3)
        for value in map(VALUE.__getitem__, self.unseen):
            count[value] += 1
        odd_count = list(map(mul, count, _ODD))
        self._odds = _Odds(count, odd_count, self._pools, self.n, self.w.smart, self.symbol)
        return self._odds

    @property
    def average(self) -> tuple[float, ...]:
        """Each card's chance to win on a random later mission number (see
        :func:`_average_odds`)."""
        if self._average is None:
            sizes = tuple(pool for _, pool in self._pools)
            self._average = _average_odds(sizes, self.n, self.w.smart)
        return self._average

    @property
    def _pools(self) -> list[tuple[tuple[int, ...], int]]:
        """For each opponent: the cards this seat knows in his hand, and how many cards he
        can lay."""
        view = self.view
        return [
            (view.known_hands[o], view.hand_sizes[o] + (1 if view.committed[o] else 0))
            for o in self.opponents
        ]

    def _projected(self, seat: int) -> list[int]:
        """The cards of the collection the seat will end with, as far as known: its
        collection and its card on the table, and for this bot also its whole hand."""
        view = self.view
        cards = [*view.collections[seat]]
        card = view.played[seat]
        if card is not None:
            cards.append(card)
        if seat == self.me:
            cards.extend(view.hand)
            if view.my_card is not None:
                cards.append(view.my_card)
        return cards

    def _harm_weights(self, view: MissionszahlView) -> list[float]:
        """How much a point lost by each opponent is worth to this bot: most for the leader."""
        harm = [0.0] * self.n
        if not self.opponents:
            return harm
        leader = max(self.opponents, key=lambda s: view.scores[s])
        for s in self.opponents:
            harm[s] = self.w.harm_leader if s == leader else self.w.harm_other
        return harm

    # -- what a card is worth to a player ------------------------------------------------
    def points(self, seat: int, card: int) -> int:
        """The card's number, or 0 if a mission card not pointing at ``seat`` voids it."""
        return self.values[seat][VALUE[card]]

    def gain(self, seat: int, card: int) -> int:
        """What receiving ``card`` adds to ``seat``'s final score."""
        return self.values[seat][VALUE[card]] + self.step[self.colours[seat][COLOUR[card]] + 1]

    def loss(self, seat: int, card: int) -> int:
        """What giving away ``card`` (counted in the projection) costs ``seat``."""
        return self.values[seat][VALUE[card]] + self.step[self.colours[seat][COLOUR[card]]]

    def arrow_value(self, seat: int, number: int) -> int:
        """What the arrow of a mission ``number`` saves for ``seat`` (its known cards)."""
        key = (seat, number)
        cached = self._arrows.get(key)
        if cached is not None:
            return cached
        value = 0
        if number not in self.owned[seat]:
            value = number * sum(1 for c in self.projected[seat] if VALUE[c] == number)
        self._arrows[key] = value
        return value

    # -- laying a card ----------------------------------------------------------------
    def play_score(self, card: int) -> float:
        view = self.view
        me = self.me
        target = view.target
        chance = self.odds.card_p_win(card, target)
        swap = self._swap_hope(card)
        exchange = self._exchange_hope(card)
        if self.symbol[card] is NEW_MISSION:
            arrow: float = 0
            denial: float = 0
        else:
            arrow = self.arrow_value(me, self.mission)
            denial = self._mean_denial()
        win = arrow + denial + swap + exchange
        steal = self.w.steal * max(0.0, self.loss(me, card) - min(HIGHEST, max(LOWEST, target)))
        score = chance * win - (1.0 - chance) * steal
        if len(view.hand) > 1:
            average = self.average[card]
            score -= self.w.future * average * (swap + exchange)
        return score

    def _mean_denial(self) -> float:
        """What winning this round's arrow takes from the opponents, on average."""
        if self._denial is None:
            number = self.mission
            opponents = self.opponents
            denial = sum(self.harm[o] * self.arrow_value(o, number) for o in opponents)
            self._denial = denial / max(1, len(opponents))
        return self._denial

    def _mean_gain(self) -> float:
        """What a random unseen card would add to this bot's score."""
        if self._mean is None:
            gains = self._gains()
            self._mean = sum(gains) / len(gains) if gains else 0.0
        return self._mean

    def _their_mean(self, seat: int) -> float:
        """What a random unseen card in ``seat``'s hand is worth to him."""
        mean = self._means.get(seat)
        if mean is None:
            unseen = self.unseen
            values = self.values[seat]
            colours = self.colours[seat]
            down = [self.step[k] for k in colours]
            losses = [values[VALUE[c]] + down[COLOUR[c]] for c in unseen]
            mean = sum(losses) / len(unseen) if unseen else 0.0
            self._means[seat] = mean
        return mean

    def _gains(self) -> list[int]:
        """What each unseen card would add to this bot's score, from least to most."""
        if self._sorted_gains is None:
            values = self.values[self.me]
            colours = self.colours[self.me]
            up = [self.step[k + 1] for k in colours]
            self._sorted_gains = sorted([values[VALUE[c]] + up[COLOUR[c]] for c in self.unseen])
        return self._sorted_gains

    def _swap_hope(self, card: int) -> float:
        """What the winner's swap should bring when winning with ``card``: the best of the
        opponents' cards (random unseen cards) against the own card; a compulsory swap
        counts a worse best card as a loss."""
        mine = self.loss(self.me, card)
        hope = self._hopes.get(mine)
        if hope is None:
            # The best of one unseen card from each opponent, as gains with their chances;
            # only the gains above the own card's count, unless the swap is compulsory.
            gains = self._gains()
            chances = _best_chances(len(gains), len(self.opponents))
            better = 0 if self.compulsory else bisect_right(gains, mine)
            hope = sum(map(mul, chances[better:], [value - mine for value in gains[better:]]))
            self._hopes[mine] = hope
        return hope

    def _exchange_hope(self, card: int) -> float:
        """What an exchange should bring after laying ``card``: a random card for the
        weakest card left in the hand."""
        losses = self._hand_losses
        if losses is None:
            me = self.me
            losses = self._hand_losses = sorted((self.loss(me, c), c) for c in self.view.hand)
        if len(losses) < 2:
            return 0.0
        weakest = losses[1][0] if losses[0][1] == card else losses[0][0]
        return max(0.0, self._mean_gain() - weakest)

    # -- after the reveal ---------------------------------------------------------------
    def _outcome(self, played: Sequence[int | None], target: int) -> float:
        """What the round is worth to this bot if it is judged with ``played`` now."""
        out = self.view.out
        contenders = [s for s in range(self.n) if not out[s] and played[s] is not None]
        if not contenders:
            return 0.0
        distance = {s: abs(VALUE[played[s]] - target) for s in contenders}  # type: ignore[index]
        best = min(distance.values())
        tied = [s for s in contenders if distance[s] == best]
        return sum(self._winner_value(s, played) for s in tied) / len(tied)

    def _winner_value(self, winner: int, played: Sequence[int | None]) -> float:
        me = self.me
        number = self.mission
        own = played[winner]
        assert own is not None
        others = [(s, c) for s, c in enumerate(played) if s != winner and c is not None]
        if winner == me:
            swap = max((self.gain(me, c) - self.loss(me, own) for _, c in others), default=0.0)
            if not self.compulsory:
                swap = max(0.0, swap)
            denial = sum(self.harm[o] * self.arrow_value(o, number) for o in self.opponents)
            return self.arrow_value(me, number) + denial / len(self.opponents) + swap
        take, taken = max(others, key=lambda sc: VALUE[sc[1]], default=(winner, own))
        swap = VALUE[taken] - VALUE[own]
        if not self.compulsory:
            swap = max(0, swap)
        value = -self.harm[winner] * (self.arrow_value(winner, number) + swap)
        if take == me and swap > 0:
            value -= self.loss(me, taken) - self.gain(me, own)
        return value

    def shift_score(self, delta: int) -> float:
        view = self.view
        return self._outcome(view.played, view.target + delta)

    def give_score(self, receiver: int) -> float:
        view = self.view
        drawn = view.drawn
        assert drawn is not None
        played = list(view.played)
        old = played[receiver]
        played[receiver] = drawn
        score = self._outcome(played, view.target)
        if old is not None:
            score += self.harm[receiver] * (self.loss(receiver, old) - self.gain(receiver, drawn))
        return score

    # -- the winner's actions ------------------------------------------------------------
    def swap_score(self, other: int | None) -> float:
        if other is None:
            return 0.0
        view = self.view
        me = self.me
        mine, theirs = view.played[me], view.played[other]
        assert mine is not None
        assert theirs is not None
        counts = self.colours[me][:]
        counts[COLOUR[mine]] -= 1
        gain = self.points(me, theirs) - self.points(me, mine)
        gain += self.step[counts[COLOUR[theirs]] + 1] - self.step[counts[COLOUR[mine]] + 1]
        harm = self.loss(other, theirs) - self.gain(other, mine)
        return gain + self.harm[other] * harm

    def exchange_score(self, action: Exchange) -> float:
        if action == NO_EXCHANGE:  # by value: the list may come from another process
            return 0.0
        partner = None if action == PILE_EXCHANGE else action.seat
        return max(self.trade_score(card, partner) for card in self.view.hand)

    def trade_score(self, card: int, partner: int | None) -> float:
        """Giving ``card`` away, to the draw pile (``partner`` None) or blind to a player."""
        view = self.view
        me = self.me
        lost = self.loss(me, card)
        if partner is None:
            top = view.draw_pile[0] if view.draw_pile else None
            got = self.gain(me, top) if top is not None else self._mean_gain()
            return got - lost
        got, their = self._blind_means(partner)
        harm = their - self.gain(partner, card)
        return got - lost + self.harm[partner] * harm

    def _blind_means(self, partner: int) -> tuple[float, float]:
        """What the card taken blind from ``partner``'s hand is worth on average: to this
        bot, and to the partner who loses it."""
        means = self._partners.get(partner)
        if means is None:
            view = self.view
            me = self.me
            pool = list(view.known_hands[partner])
            unknown = max(0, view.hand_sizes[partner] - len(pool))
            size = max(1, len(pool) + unknown)
            mean_unseen = self._mean_gain()
            got = (sum(self.gain(me, c) for c in pool) + unknown * mean_unseen) / size
            their_mean = self._their_mean(partner)
            their = (sum(self.loss(partner, c) for c in pool) + unknown * their_mean) / size
            means = self._partners[partner] = (got, their)
        return means


def make(
    game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str
) -> MissionszahlBot:
    """The heuristic Missionszahl bot."""
    return MissionszahlBot(game, seed, spec)


__all__ = ["MissionszahlBot", "Weights", "make"]
