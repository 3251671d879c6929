"""The heuristic Cento bot: empty the hand fast, keep the jokers for bad times, and hurt the
player who is closest to going out.

How it plays, in the words of a player:

* **Plan the whole turn.** Before laying anything it tries every way to play out the turn
  that the rules allow from its hand: a chain of up to three cards (Game 3), one card (Games 1
  and 2), and after a Schnapszahl the run of all cards showing its digit (with option
  ``chain_after_schnapszahl=goes_on`` mixed with fitting cards up to the third card). A free
  card is tried as every number that makes a difference (one that lets another hand card
  follow, a Schnapszahl that opens a run, a Monozahl that ends the turn). Of all these turns
  it takes the one that leaves the best hand, and then plays it card by card.
* **Fewer cards first, but keep the jokers.** The value of a hand is mainly how few cards it
  holds; on top, cards that can go on many open cards are worth keeping: free cards and the
  wild 100 most, then cards that fit on many numbers, and Monozahlen, which answer an
  obligation. So it would rather lay two plain cards than one plain card and a free card, and
  it uses a joker when that gets more cards out or when nothing else fits.
* **End on a Monozahl to oblige.** In Games 2 and 3 a turn that ends on a Monozahl forces the
  next player to lay one Monozahl or take three cards. It likes to end that way, the more so
  the fewer cards the next player holds; with two players it keeps a Monozahl back to answer
  the obligation that may come back.
* **Otherwise leave a hard card.** When a turn does not end on a Monozahl, it prefers to leave
  an open card on which few of the cards it has not seen fit (it counts the cards it has
  seen: its hand and the whole pile under the open card), weighted by how dangerous the next
  player is (few cards in hand). With two players it also likes to leave a card it can itself
  follow if the other player has to draw.
* **Draw (or take three) when no turn leaves a better hand.** Drawing is valued like a turn:
  the hand with one (or three) more cards. Nearly always that means it draws only when
  nothing fits, and answers an obligation with a real Monozahl when it has one; but a free
  card is worth keeping, so now and then it draws rather than spend its only fitting card,
  a free one. (In 300 games of four heuristic bots: of 1,575 draws, 1,332 with nothing
  fitting, 219 rather than lay a free card, 24 with a real card that fitted; of 453
  obligations taken, 92 rather than lay a free card as a Monozahl.)

The shape of a hand (how well it plays next turn) counts the turns of the default rules under
either reading of ``chain_after_schnapszahl``: it is an estimate, and the option rarely
lengthens a turn. The shape, which every hand value needs, also exists
compiled, in ``_cento_shape.c``, built with the package when a C compiler is there: it counts
the same numbers, so the bot decides exactly as with the Python below, several times faster
(a search uses the bot as every seat's model and meets new hands with every card drawn). The
Python stays the definition; tests hold the two to the same numbers and whole games to
fingerprints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

from spieltisch.bots.model import Model
from spieltisch.bots.scoring import TieBreaker, number
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game, View
from spieltisch.games.cento.actions import DRAW, END, FREE_LAYS, TAKE, TAKE_COUNT, Lay
from spieltisch.games.cento.cards import (
    FREE,
    FREE_VALUES,
    HUNDRED,
    WILD,
    fit_table,
    is_mono,
    is_repdigit,
    shows_digit,
)
from spieltisch.games.cento.game import CHAIN_LIMIT, Cento, CentoView
from spieltisch.games.cento.state import SPECIAL_RULE_VARIANTS, SPIEL_3

try:
    from spieltisch.bots._cento_shape import Shaper

    #: Whether the compiled hand shape was built (without a C compiler it is not).
    COMPILED = True
except ImportError:  # the Python below counts the same, slower
    COMPILED = False

# Where the bot stands within its turn (its own model of the game's phases).
_START, _CHAIN, _RUN, _OBLIGED, _DRAWN = range(5)
_MODES = {"start": _START, "chain": _CHAIN, "run": _RUN, "obliged": _OBLIGED, "drawn": _DRAWN}
#: The score of a turn that empties the hand: the game is won.
_WIN = 1000.0
#: Above this many cards showing a run's digit the run is played greedily, not searched.
_RUN_SEARCH_LIMIT = 6
#: The Schnapszahlen 11, 22, …, 99 as a bit mask.
_REPDIGITS = sum(1 << n for n in range(11, 100, 11))
#: How many unseen cards a draw is averaged over.
_DRAW_SAMPLES = 8
#: Every open value a card can lie on, as a bit mask (1 to 100).
_ALL_VALUES = (1 << (HUNDRED + 1)) - 2
#: At most this many hand values are remembered per rule set; then all are forgotten and
#: the memory starts afresh.
_KEPT = 1 << 17


@dataclass(frozen=True, slots=True)
class Weights:
    """How much the bot values things, in hand cards (laying a card is worth 1)."""

    free: float = 2.0  # keeping a free card
    hundred: float = 1.5  # keeping the wild 100
    reach: float = 0.6  # times the share of open numbers a kept card fits on
    mono: float = 0.15  # keeping a Monozahl to answer an obligation
    oblige: float = 1.2  # ending the turn on a Monozahl
    block: float = 0.5  # times the chance that the next player can lay on the open card
    follow: float = 0.2  # two players: I can lay on the card I leave if he draws
    go_out: float = 8.0  # times the chance to lay the whole (small) hand next turn
    go_out_hand: int = 99  # hands of at most this many cards are checked for going out
    potential: float = 1.0  # times the expected number of cards laid next turn


_Tables = tuple[
    tuple[tuple[bool, ...], ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[float, ...],
    tuple[int, ...],
]


class CentoBot(Model):
    """Plans each turn in full from its view and plays the best plan card by card."""

    wants_view = True
    ranks_moves = True

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seed: int,
        name: str,
        weights: Weights | None = None,
        *,
        use_compiled: bool = True,
    ) -> None:
        self.name = name
        self.rng = TieBreaker(seed)
        self.w = weights or Weights()
        if not isinstance(game, Cento):
            raise BotSpecError(f"this heuristic bot plays cento, not {game.spec.id}")
        self.variant = game.variant
        #: the special-card rules, the 100's mode and the free cards as the game has them
        self.special = game.special
        mode = game.hundred_mode
        self.wild = self.special and mode == WILD
        self.free_total = game.free_cards
        tables = _tables(self.variant, mode, self.wild, self.w)
        self.fits, self.onto, self.shows, self.keep, self.under = tables
        #: Game 1 lays one card a turn: the reach of each card already says how playable
        #: the hand is, and counting it twice made the bot weaker.
        self.potential = self.w.potential if self.special else 0.0
        #: ``repdigit_shows[v]``: for each Schnapszahl that may lie on value ``v``, the
        #: numbers showing its digit.
        self.repdigit_shows = _repdigit_shows(self.variant, mode)
        self.values = _shared_values(self.variant, mode, self.wild, self.w)
        self.free_onto, self.free_showing, self.free_kinds = _free_tables(self.variant, mode)
        #: The compiled hand shape for these rules (the same numbers), or None.
        self.shaper = _shaper(self.variant, mode, self.wild) if COMPILED and use_compiled else None
        #: option ``chain_after_schnapszahl=goes_on``: within a run the chain goes on to three
        self.chain_goes_on = bool(getattr(game, "chain_goes_on", False))

    def hand_value(self, hand: tuple[int, ...]) -> float:
        """What keeping ``hand`` is worth: one point less per card, plus what its cards are
        worth keeping and how well it plays next turn (see :meth:`shape`). A hand's value
        depends only on the rules and the weights, so all bots with both share what they
        have worked out (a search makes a fresh bot per sampled deal and meets the same
        hands again and again)."""
        values = self.values
        value = values.get(hand)
        if value is None:
            if len(values) >= _KEPT:
                values.clear()
            value = values[hand] = self._fresh_hand_value(hand)
        return value

    def _fresh_hand_value(self, hand: tuple[int, ...]) -> float:
        keep = self.keep
        value = -len(hand) + sum(keep[c] for c in hand)
        if len(hand) <= self.w.go_out_hand:
            if self.shaper is None:
                out, expected = self.shape(hand)
            else:
                whole, laid = self.shaper.counts(hand)
                out, expected = whole / HUNDRED, laid / HUNDRED
            value += self.w.go_out * out + self.potential * expected
        return value

    def shape(self, hand: tuple[int, ...]) -> tuple[float, float]:
        """How well ``hand`` plays next turn on a random open number: the chance to lay it
        all (a chain, a Schnapszahl run, or both), and the expected number of cards laid.
        Jokers count as fitting anywhere."""
        size = len(hand)
        frees = hand.count(FREE)
        mask = 0
        for card in hand:
            mask |= 1 << card
        mask &= ~1
        masks = [0] * (size + 1)  # masks[k]: open numbers from which k cards can be laid
        shows = self.shows
        commonest = max((shows[digit] & mask).bit_count() for digit in range(1, 10))
        if frees:
            masks[1 + self._longest(mask, frees - 1, FREE, commonest)] |= _ALL_VALUES
            if self.special:  # the free card as a Schnapszahl, then its run
                for digit in range(1, 10):
                    masks[(shows[digit] & mask).bit_count() + frees] |= self.under[11 * digit]
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            first = bit.bit_length() - 1
            masks[1 + self._longest(mask ^ bit, frees, first, commonest)] |= self.under[first]
        reach = 0
        expected = 0
        for laid in range(size, 0, -1):
            reach |= masks[laid]
            expected += reach.bit_count()
        return (masks[size].bit_count() / HUNDRED, expected / HUNDRED)

    def _longest(self, mask: int, frees: int, below: int, commonest: int) -> int:
        """How many of the cards (number cards as a bit ``mask``, and ``frees`` free cards)
        can follow ``below``, the first card of a turn: after a Schnapszahl every card showing
        its digit, in a chain (Game 3, at most three cards) cards that fit the one below them;
        a free card fits anywhere, also as a Schnapszahl that fits the card below it.

        The search stops as soon as it has found a way to lay as many cards as can be laid
        at all: every card, or two more if no run can be opened, and otherwise one more
        than the free cards and the run of the digit that most hand cards show
        (``commonest`` of them)."""
        if not mask and not frees:
            return 0
        if self.special and _REPDIGITS >> below & 1:
            return (self.shows[below % 10] & mask).bit_count() + frees
        if self.variant != SPIEL_3:
            return 0
        most = mask.bit_count() + frees
        cap = 2 if not frees and not mask & _REPDIGITS else 1 + max(1, frees + commonest)
        if cap < most:
            most = cap
        best = 0
        if frees:
            best = max(
                1 + self._last_link(mask, frees - 1, FREE), self._free_run(mask, frees, below)
            )
        options = mask if below == FREE else self.onto[below] & mask
        last_link = self._last_link
        while options and best < most:
            bit = options & -options
            options ^= bit
            link = 1 + last_link(mask ^ bit, frees, bit.bit_length() - 1)
            if link > best:
                best = link
        return best

    def _last_link(self, mask: int, frees: int, below: int) -> int:
        """How many cards can follow ``below``, the second card of a Game 3 chain: a
        Schnapszahl's run, or the last card of the chain, which may itself be a Schnapszahl
        (number or free card) with its run."""
        shows = self.shows
        if _REPDIGITS >> below & 1:
            return (shows[below % 10] & mask).bit_count() + frees
        options = mask if below == FREE else self.onto[below] & mask
        best = 1 if options or frees else 0
        if frees:
            runs = [(digit & mask).bit_count() for digit in self.repdigit_shows[below]]
            best = max(best, frees + max(runs, default=-1))
        repdigits = options & _REPDIGITS
        while repdigits:
            bit = repdigits & -repdigits
            repdigits ^= bit
            card = bit.bit_length() - 1
            run = 1 + (shows[card % 10] & (mask ^ bit)).bit_count() + frees
            if run > best:
                best = run
        return best

    def _free_run(self, mask: int, frees: int, below: int) -> int:
        """A free card laid as a Schnapszahl that fits ``below``, with its run (the other
        free cards join it)."""
        runs = [(shows & mask).bit_count() for shows in self.repdigit_shows[below]]
        return frees + max(runs, default=-1)

    # -- the decision ----------------------------------------------------------------
    def reseed(self, seed: int) -> None:
        """Start the coin for ties afresh from ``seed``: a search replays one deal after
        each of several moves, and the players it models must meet the same luck."""
        self.rng.reseed(seed)

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        assert isinstance(view, CentoView)
        if len(legal) == 1:
            return legal[0]
        turn = _Turn(self, view)
        best = -1e18
        choices: list[Any] = []
        for action, score in turn.root_options(legal):
            if score > best + 1e-9:
                best, choices = score, [action]
            elif score > best - 1e-9:
                choices.append(action)
        return choices[0] if len(choices) == 1 else self.rng.choice(choices)

    def ranked(self, view: View, legal: Sequence[Any]) -> list[Any]:
        """The actions worth considering, best first (a search's shortlist): every lay of a
        number card, the free card only as the values that differ in what follows, and
        drawing, taking or ending where allowed."""
        assert isinstance(view, CentoView)
        options = _Turn(self, view).root_options(legal)
        return [action for action, _ in sorted(options, key=lambda option: -option[1])]


class _Turn:
    """The search over the rest of one turn, with what the view tells about the table."""

    def __init__(self, bot: CentoBot, view: CentoView) -> None:
        self.bot = bot
        self.w = bot.w
        self.view = view
        seat = view.seat
        assert seat is not None
        players = view.players
        self.next_seat = (seat + 1) % players
        self.two = players == 2
        seen = [*view.hand, *view.discard_pile, view.open_card]
        self.unseen_free = max(0, bot.free_total - seen.count(FREE))
        seen_mask = 0
        for card in seen:
            seen_mask |= 1 << card
        self.unseen_mask = ((1 << (HUNDRED + 1)) - 2) & ~seen_mask
        self.unseen_count = self.unseen_mask.bit_count() + self.unseen_free
        self.next_size = view.hand_sizes[self.next_seat]
        self.threat = self._threat(view, seat)
        self.ease_cache: dict[int, float] = {}
        self.memo: dict[tuple[tuple[int, ...], int, int], float] = {}
        self.run_memo: dict[tuple[tuple[int, ...], int, int], float] = {}
        self.chain_run_memo: dict[tuple[tuple[int, ...], int, int, int], float] = {}
        self.penalties: dict[int, float] = {}
        self.oblige = self.w.oblige * self.threat
        self.half_oblige = self.oblige * 0.5
        self.reps_memo: dict[tuple[tuple[int, ...], int, bool], list[int]] = {}

    def _threat(self, view: CentoView, seat: int) -> float:
        """How much hurting the next player is worth: more the fewer cards he has compared
        with the other opponents, and a lot when he is about to go out."""
        sizes = [size for other, size in enumerate(view.hand_sizes) if other != seat]
        size = self.next_size
        threat = 1.0 / (1.0 + 0.3 * (size - min(sizes)))
        if size <= 2:
            threat *= 1.5
        return threat

    # -- options at the root -----------------------------------------------------------
    def root_options(self, legal: Sequence[Any]) -> list[tuple[Any, float]]:
        view = self.view
        mode = _MODES.get(view.phase, _START)
        hand = tuple(view.hand)
        laid = len(view.turn_values)
        digit = view.run_digit
        options: list[tuple[Any, float]] = []
        lays = [a for a in legal if isinstance(a, Lay)]
        number_lays = [a for a in lays if a.card != FREE]
        free_values = [a.value for a in lays if a.card == FREE]
        if free_values:
            rest = _without(hand, FREE)
            # Within a run whose chain is still open, what may follow matters as in a chain.
            chain_open = mode == _RUN and self.bot.chain_goes_on and laid < CHAIN_LIMIT
            for value in self._free_reps(tuple(free_values), rest, _CHAIN if chain_open else mode):
                number_lays.append(FREE_LAYS[value])
        for lay in number_lays:
            rest = _without(hand, lay.card)
            options.append((lay, self._after_lay(rest, lay.value, mode, laid, digit)))
        for action in legal:
            if action == DRAW:  # by value: the list may come from another process
                options.append((action, self._draw_score(hand, view.open_value)))
            elif action == TAKE:
                options.append((action, self._take_score(hand, view.open_value)))
            elif action == END:
                last = view.turn_values[-1] if view.turn_values else 0
                options.append((action, self._end_score(hand, view.open_value, last)))
        return options

    # -- the search --------------------------------------------------------------------
    def _after_lay(
        self, hand: tuple[int, ...], value: int, mode: int, laid: int, digit: int
    ) -> float:
        """The best score once a card of ``value`` has been laid in ``mode``."""
        if not hand:
            return _WIN
        if mode == _OBLIGED:
            return self._end_score(hand, value, value)
        bot = self.bot
        if mode != _RUN and bot.special and _REPDIGITS >> value & 1:
            mode, digit = _RUN, value % 10
        if mode == _RUN:
            if bot.chain_goes_on and laid + 1 < CHAIN_LIMIT:
                return self._run_and_chain(hand, value, digit, laid + 1)
            return self._run(hand, value, digit)
        if bot.variant == SPIEL_3 and laid + 1 < CHAIN_LIMIT:
            return self._chain(hand, value, laid + 1)
        return self._end_score(hand, value, value)

    def _chain(self, hand: tuple[int, ...], value: int, laid: int) -> float:
        """The best score within a Game 3 chain (``laid`` cards so far, ``value`` open): lay
        another card that fits, or end the turn."""
        key = (hand, value, laid)
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        bot = self.bot
        best = self._best_lay(hand, value, bot.onto[value], bot.free_onto[value], _CHAIN, laid, 0)
        self.memo[key] = best
        return best

    def _run_and_chain(self, hand: tuple[int, ...], value: int, digit: int, laid: int) -> float:
        """Option ``chain_after_schnapszahl=goes_on``: the best score within a run while the
        chain is still open (``laid`` cards so far, fewer than three): lay a card showing the
        digit or fitting on ``value``, or end; from the third card on, the run alone."""
        key = (hand, value, digit, laid)
        cached = self.chain_run_memo.get(key)
        if cached is not None:
            return cached
        allowed = self.bot.onto[value] | self.bot.shows[digit]
        free_values = tuple(v for v in FREE_VALUES if allowed >> v & 1)
        best = self._best_lay(hand, value, allowed, free_values, _RUN, laid, digit)
        self.chain_run_memo[key] = best
        return best

    def _best_lay(
        self,
        hand: tuple[int, ...],
        value: int,
        allowed: int,
        free_values: tuple[int, ...],
        kind: int,
        laid: int,
        digit: int,
    ) -> float:
        """The best of ending the turn on ``value`` and laying one more card of ``hand``
        while the chain is open: a card in the bit set ``allowed``, or a free card standing
        for one of ``free_values``; what follows the lay is a ``kind`` (chain or run)."""
        best = self._end_score(hand, value, value)
        after_lay = self._after_lay
        previous = -1
        for card in hand:
            if card == previous:
                continue
            previous = card
            if card == FREE:
                rest = _without(hand, FREE)
                for free_value in self._free_reps(free_values, rest, _CHAIN):
                    score = after_lay(rest, free_value, kind, laid, digit)
                    if score > best:
                        best = score
            elif allowed >> card & 1:
                score = after_lay(_without(hand, card), card, kind, laid, digit)
                if score > best:
                    best = score
        return best

    def _run(self, hand: tuple[int, ...], value: int, digit: int) -> float:
        """The best score from a Schnapszahl run (``value`` open): the cards showing the
        digit may be laid in any number and order, so what counts is which of them are laid
        and which one ends on top. A long run is laid whole (:meth:`_greedy_run`)."""
        key = (hand, value, digit)
        cached = self.run_memo.get(key)
        if cached is not None:
            return cached
        best = self._end_score(hand, value, value)
        allowed = self.bot.shows[digit]
        run = [card for card in hand if allowed >> card & 1]
        if len(run) > _RUN_SEARCH_LIMIT:
            ends = self._greedy_run(hand, allowed)
        else:
            ends = self._run_ends(hand, run, digit)
        if ends > best:
            best = ends
        self.run_memo[key] = best
        return best

    def _run_ends(self, hand: tuple[int, ...], run: list[int], digit: int) -> float:
        """The best end of a run that lays at least one card: for every set of the number
        cards ``run`` and every number of free cards (as any of their numbers for the digit),
        the best card to leave on top of what is left."""
        frees = hand.count(FREE)
        reps = self._free_reps(self.bot.free_showing[digit], (), _RUN) if frees else []
        if not reps:
            frees = 0
        best = -1e18
        for chosen in range(1 << len(run)):
            laid = [card for i, card in enumerate(run) if chosen >> i & 1]
            rest = tuple(card for card in hand if card not in laid) if laid else hand
            for used in range(frees + 1):
                if used:
                    rest = _without(rest, FREE)
                elif not laid:
                    continue
                tops = [*laid, *reps] if used else laid
                score = self._best_end(rest, tops) if rest else _WIN
                if score > best:
                    best = score
        return best

    def _greedy_run(self, hand: tuple[int, ...], allowed: int) -> float:
        """A long run: lay every number card showing the digit, trying each as the last."""
        run = [c for c in hand if c != FREE and allowed >> c & 1]
        rest = tuple(c for c in hand if c == FREE or not allowed >> c & 1)
        if not rest:
            return _WIN
        return self._best_end(rest, run)

    def _free_reps(self, values: tuple[int, ...], rest: tuple[int, ...], mode: int) -> list[int]:
        """One number per kind of difference a free card can make: which of the other hand
        cards may follow it, whether it opens a run, whether it is a Monozahl; within a kind,
        the number that is hardest for the next player. What may follow matters only where
        the turn goes on by fitting cards, so elsewhere the choice is the same for every
        hand, and it is made once per turn."""
        follows = mode not in (_OBLIGED, _RUN)
        hand_mask = 0
        if follows:
            for card in rest:
                hand_mask |= 1 << card
        key = (values, hand_mask, follows)
        reps = self.reps_memo.get(key)
        if reps is None:
            reps = self.reps_memo[key] = self._fresh_free_reps(values, hand_mask, follows)
        return reps

    def _fresh_free_reps(self, values: tuple[int, ...], hand_mask: int, follows: bool) -> list[int]:
        onto = self.bot.onto
        kinds = self.bot.free_kinds
        known = self.ease_cache
        groups: dict[tuple[int, int], tuple[float, int]] = {}
        for v in values:
            key = (onto[v] & hand_mask if follows else 0, kinds[v])
            old = groups.get(key)
            v_ease = known.get(v)
            if v_ease is None:
                v_ease = self._ease(v)
            if old is None or v_ease < old[0]:
                groups[key] = (v_ease, v)
        return sorted(v for _, v in groups.values())

    # -- scoring a finished turn --------------------------------------------------------
    def _ease(self, value: int) -> float:
        """The chance that the next player holds a card that fits on ``value``."""
        cached = self.ease_cache.get(value)
        if cached is not None:
            return cached
        if self.unseen_count == 0:
            ease = 0.0
        else:
            fitting = (self.bot.onto[value] & self.unseen_mask).bit_count() + self.unseen_free
            miss = 1.0 - fitting / self.unseen_count
            ease = 1.0 - miss ** max(1, self.next_size)
        self.ease_cache[value] = ease
        return ease

    def _end_score(self, hand: tuple[int, ...], value: int, last: int) -> float:
        """A turn ending with ``hand`` left and ``value`` open; ``last`` is the value of the
        turn's last card (0: none laid): the hand's value, plus the bonus for obliging the
        next player with a Monozahl, or else minus the danger of what is left open."""
        score = self.bot.hand_value(hand)
        if self.bot.special and 1 <= last <= 9:
            return score + self._oblige_bonus(hand)
        score -= self._penalty(value)
        if self.two:
            score += self.w.follow * self._can_follow(hand, value)
        return score

    def _best_end(self, hand: tuple[int, ...], tops: list[int]) -> float:
        """The best end of a turn that leaves ``hand`` and the last card laid, one of
        ``tops``, open (the end scores of the cards, as :meth:`_end_score` gives them)."""
        kept = self.bot.hand_value(hand)
        special = self.bot.special
        best = -1e18
        for top in tops:
            if special and 1 <= top <= 9:
                score = kept + self._oblige_bonus(hand)
            else:
                score = kept
                score -= self._penalty(top)
                if self.two:
                    score += self.w.follow * self._can_follow(hand, top)
            if score > best:
                best = score
        return best

    def _oblige_bonus(self, hand: tuple[int, ...]) -> float:
        """Ending on a Monozahl; with two players worth half as much without a card to
        answer the obligation that may come back (a Monozahl or a free card)."""
        if self.two and min(hand, default=HUNDRED) > 9:
            return self.half_oblige
        return self.oblige

    def _penalty(self, value: int) -> float:
        """What leaving ``value`` open costs: the danger that the next player can lay on it."""
        cached = self.penalties.get(value)
        if cached is None:
            cached = self.penalties[value] = self.w.block * self.threat * self._ease(value)
        return cached

    def _can_follow(self, hand: tuple[int, ...], value: int) -> bool:
        """Whether a card of ``hand`` fits on ``value`` (for two players: if the other
        draws, the turn comes back to this open card)."""
        fits = self.bot.onto[value] | 1 << FREE
        return any(fits >> card & 1 for card in hand)

    def _draw_score(self, hand: tuple[int, ...], value: int) -> float:
        """Drawing one card: the hand grows by a card it has not seen (averaged over a
        spread of such cards); the open card stays for the next player."""
        return self._drawn_value(hand, 1) - self.w.block * self.threat * self._ease(value)

    def _take_score(self, hand: tuple[int, ...], value: int) -> float:
        """Taking three cards for an obligation; the next player plays on the Monozahl."""
        return self._drawn_value(hand, TAKE_COUNT) - self.w.block * self.threat * self._ease(value)

    def _drawn_value(self, hand: tuple[int, ...], count: int) -> float:
        cards = [FREE] * self.unseen_free + [
            c for c in range(1, HUNDRED + 1) if self.unseen_mask >> c & 1
        ]
        if not cards:
            return self.bot.hand_value(hand)
        samples = min(_DRAW_SAMPLES, len(cards))
        step = len(cards) / samples
        total = 0.0
        for i in range(samples):
            extra = [cards[int(i * step + j * step / count) % len(cards)] for j in range(count)]
            total += self.bot.hand_value(tuple(sorted((*hand, *extra))))
        return total / samples


@lru_cache(maxsize=16)
def _fits(variant: int, mode: str) -> tuple[tuple[bool, ...], ...]:
    """``[below][card]``: whether ``card`` may lie on ``below``, worked out once per rule set."""
    return fit_table(variant, mode)


@lru_cache(maxsize=16)
def _tables(variant: int, mode: str, wild: bool, w: Weights) -> _Tables:
    """The rule tables the bot reads, built once per rule set: which cards fit on which
    (as bit masks), which numbers show which digit, and what keeping each card is worth."""
    fits = _fits(variant, mode)
    cards = range(1, HUNDRED + 1)
    onto = tuple(sum(1 << c for c in cards if fits[v][c]) for v in range(HUNDRED + 1))
    shows = tuple(sum(1 << c for c in cards if shows_digit(c, d)) for d in range(10))
    keep = [0.0] * (HUNDRED + 1)
    for card in cards:
        reach = sum(fits[below][card] for below in FREE_VALUES) / len(FREE_VALUES)
        mono = w.mono if variant in SPECIAL_RULE_VARIANTS and is_mono(card) else 0.0
        keep[card] = w.reach * reach + mono
    keep[FREE] = w.free
    if wild:
        keep[HUNDRED] = w.hundred
    under = tuple(
        sum(1 << v for v in range(1, HUNDRED + 1) if fits[v][c]) for c in range(HUNDRED + 1)
    )
    return fits, onto, shows, tuple(keep), under


@lru_cache(maxsize=16)
def _repdigit_shows(variant: int, mode: str) -> tuple[tuple[int, ...], ...]:
    """``[v]``: for each digit whose Schnapszahl may lie on value ``v`` (any on a free card),
    the numbers that show the digit, as a bit mask."""
    fits = _fits(variant, mode)
    shows = [sum(1 << c for c in range(1, HUNDRED + 1) if shows_digit(c, d)) for d in range(10)]
    return tuple(
        tuple(shows[d] for d in range(1, 10) if below == FREE or fits[below][11 * d])
        for below in range(HUNDRED + 1)
    )


@lru_cache(maxsize=16)
def _free_tables(variant: int, mode: str) -> tuple[Any, Any, tuple[int, ...]]:
    """For the free card: the numbers it may be called to lie on each value, those showing
    each digit, and the kind of each number that matters for what follows (the digit of a
    Schnapszahl's run, twice, and whether it is a Monozahl)."""
    fits = _fits(variant, mode)
    onto = tuple(tuple(v for v in FREE_VALUES if fits[below][v]) for below in range(HUNDRED + 1))
    showing = tuple(tuple(v for v in FREE_VALUES if shows_digit(v, d)) for d in range(10))
    special = variant in SPECIAL_RULE_VARIANTS
    kinds = tuple(
        2 * (v % 10 if special and is_repdigit(v) else 0) + (v < 10) for v in range(HUNDRED + 1)
    )
    return onto, showing, kinds


@lru_cache(maxsize=16)
def _shaper(variant: int, mode: str, wild: bool) -> Shaper:
    """The compiled hand shape, with the rule tables the Python reads."""
    _, onto, shows, _, under = _tables(variant, mode, wild, Weights())
    special = variant in SPECIAL_RULE_VARIANTS
    return Shaper(special, variant == SPIEL_3, onto, shows, under, _repdigit_shows(variant, mode))


@lru_cache(maxsize=16)
def _shared_values(variant: int, mode: str, wild: bool, w: Weights) -> dict[tuple[int, ...], float]:
    """The hand values worked out so far by the bots of one rule set and set of weights."""
    return {}


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


#: The weights a bot spec may set (``heuristic:free=2.5:go_out=6``), each a number from 0.
PARAMETERS: tuple[str, ...] = tuple(f.name for f in fields(Weights) if f.name != "go_out_hand")


def weights_from(params: dict[str, str]) -> Weights:
    """The default :class:`Weights` with those named in ``params`` set (numbers from 0)."""
    chosen: dict[str, Any] = {
        key: number(params, key, getattr(Weights(), key)) for key in PARAMETERS
    }
    return replace(Weights(), **chosen)


def make(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> CentoBot:
    """The heuristic Cento bot for ``game`` (any variant and options); its weights may be
    set by the spec's parameters (:data:`PARAMETERS`)."""
    return CentoBot(game, seed, spec, weights_from(params) if params else None)


__all__ = ["PARAMETERS", "CentoBot", "Weights", "make", "weights_from"]
