"""The heuristic bot for Magic Numbers: a quiz player with a seeded knowledge profile.

**What it knows.** Every bot is a different "person". From its seed it draws an affinity for
each theme (0.6–1.4) and, per theme, how much each hint helps it (0.2–0.45 of what it did
not know yet). Its chance to know a card without hint is the base for the card's difficulty
(easy 0.75, medium 0.5, hard 0.25), times the parameter ``knowledge`` (1 by default), times
its affinity for the card's theme (at most 0.98); every revealed hint closes that share of
the remaining gap. Whether it knows a given card is decided once, from its seed and the
card's id: one fixed draw compared with the chance at the current hint level, so a bot that
knows a card without hint also knows it with hints, and it knows the same cards every time.
When it knows a card it answers with one of the card's accepted answers, which it looks up
in its "memory": the game's deck, by the card shown in its view (its world knowledge; it
never reads the state). Otherwise it says it does not know.

**How it bids.** For every card it may still bid on and every chip it holds, it estimates the
points the chip earns: the chance it solves the card (without hint if it knows it now,
otherwise with a hint), times the points for that, plus the theme bonus if it has no card of
that theme yet, discounted for the players likely to be ranked before it (each earlier chip
is at least as high with chance (4 − chip)/4 and each of those players knows the card with
the base chance of its difficulty), minus the chip's value, which it pays in any case. It
makes the bid with the highest value and passes when no bid has a positive value. So it
puts high chips on cards it knows and its 0 chip on cards it might get with a hint.

**Hints and judging.** As first-ranked bidder it asks for the hint that helps it more on
that theme. As quizmaster (option ``judge=quizmaster``) it confirms exactly the answers the
automatic judge accepts.

**Multiple choice** (option ``answers=choice``). When it knows the card it chooses its
meaning. Otherwise it rules out the choices already found wrong and the meanings it knows
to belong to other cards (it knows that card without hint); if one choice is left it takes
it, if two are left or no hint is to come it guesses among those left (a fixed draw from its
seed, the card and the wrong answers so far), else it waits for a hint. It bids as with
typed answers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from spieltisch.bots.model import Model
from spieltisch.core.chance import derive_seed
from spieltisch.core.errors import BotSpecError
from spieltisch.core.game import Game
from spieltisch.core.match import Agent
from spieltisch.games.magic_numbers.actions import (
    CHOOSE,
    CONFIRM,
    HINT_KINDS,
    HINTS,
    PASS,
    REJECT,
    Action,
    Answer,
    Bid,
)
from spieltisch.games.magic_numbers.deck import Card, Deck
from spieltisch.games.magic_numbers.game import (
    DEFAULT_CHIP_COSTS,
    THEME_BONUS,
    MagicNumbers,
    MagicNumbersView,
    points_index,
)

#: The chance to know a card without hint, by difficulty, for ``knowledge=1``.
BASE = {"easy": 0.75, "medium": 0.5, "hard": 0.25}
AFFINITY = (0.6, 1.4)
HINT_GAIN = (0.2, 0.45)
MAX_CHANCE = 0.98
MAX_KNOWLEDGE = 2.0
#: The share of the other players assumed to bid on a card later with a higher chip.
LATE_BIDDERS = 0.3
#: How much a hint is assumed to help the other players (of what they did not know).
OTHERS_HINT_GAIN = 0.3
CHIP_VALUES = 4
#: With multiple choice, it guesses once no more than this many choices are left.
GUESS_AMONG = 2


class MagicNumbersBot(Model):
    """A Magic Numbers player that knows some cards, bids on them and answers them."""

    wants_view = True

    def __init__(
        self,
        deck: Deck,
        seed: int,
        knowledge: float = 1.0,
        name: str = "heuristic",
        *,
        chip_costs: tuple[int, ...] = DEFAULT_CHIP_COSTS,
        theme_bonus: int = THEME_BONUS,
    ):
        self.name = name
        self.deck = deck
        #: the game's rule options: what each chip costs, the points per theme collected
        self.chip_costs = chip_costs
        self.theme_bonus = theme_bonus
        self.seed = seed
        self.knowledge = knowledge
        rng = random.Random(seed)
        self.affinity = {theme.id: rng.uniform(*AFFINITY) for theme in deck.themes}
        self.gain = {
            (theme.id, kind): rng.uniform(*HINT_GAIN)
            for theme in deck.themes
            for kind in HINT_KINDS
        }
        self.lang = "de" if seed % 2 else "en"
        #: Remembered results (the same every time: they depend on the seed and the card):
        #: a search asks them thousands of times per move.
        self._chances: dict[tuple[str, tuple[str, ...]], float] = {}
        self._draws: dict[str, float] = {}
        self._card_prospects: dict[str, tuple[float, bool, float, int]] = {}
        self._by_meaning: dict[tuple[str, str], Card] | None = None

    # -- the knowledge model ----------------------------------------------------------
    def chance(self, card: Card, hints: Sequence[str]) -> float:
        """The chance that this bot knows ``card`` once ``hints`` are revealed."""
        key = (card.id, tuple(hints))
        p = self._chances.get(key)
        if p is None:
            p = min(MAX_CHANCE, BASE[card.difficulty] * self.knowledge * self.affinity[card.theme])
            for kind in hints:
                p += (1 - p) * self.gain[(card.theme, kind)]
            self._chances[key] = p
        return p

    def knows(self, card: Card, hints: Sequence[str]) -> bool:
        """Whether this bot knows ``card`` with ``hints``: its fixed draw for the card falls
        below the chance."""
        draw = self._draws.get(card.id)
        if draw is None:
            draw = self._draws[card.id] = derive_seed(self.seed, "knows", card.id) / 2**63
        return draw < self.chance(card, hints)

    # -- decisions ------------------------------------------------------------------------
    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        assert isinstance(view, MagicNumbersView)
        if view.phase == "bid":
            return self._bid(view, legal)
        card = self._current(view)
        if view.phase == "hint":
            return HINTS[max(HINT_KINDS, key=lambda kind: self.gain[(card.theme, kind)])]
        if view.phase == "confirm":
            assert view.pending is not None
            return CONFIRM if self.deck.is_right(self._position(view), view.pending) else REJECT
        if view.choices:
            return self._choose(view, card)
        if self.knows(card, view.hints):
            return Answer(card.answers[self.lang][0])
        return PASS

    def _choose(self, view: MagicNumbersView, card: Card) -> Action:
        """A choice among the meanings offered (``answers=choice``), or "don't know"."""
        own = (card.meaning["de"], card.meaning["en"])
        if self.knows(card, view.hints):
            return CHOOSE[view.choices.index(own)]
        wrong = {text for _, text in view.answers}
        left = [
            index
            for index, meaning in enumerate(view.choices)
            if str(index + 1) not in wrong and not self._knows_elsewhere(meaning, card)
        ]
        if len(left) == 1:
            return CHOOSE[left[0]]
        if left and (len(left) <= GUESS_AMONG or len(view.hints) == len(HINT_KINDS)):
            draw = derive_seed(self.seed, "guess", card.id, len(view.answers))
            return CHOOSE[left[draw % len(left)]]
        return PASS

    def _knows_elsewhere(self, meaning: tuple[str, str], card: Card) -> bool:
        """Whether this bot knows ``meaning`` as that of a card with another number."""
        if self._by_meaning is None:
            self._by_meaning = {(c.meaning["de"], c.meaning["en"]): c for c in self.deck.cards}
        other = self._by_meaning.get(meaning)
        return other is not None and other.number != card.number and self.knows(other, ())

    def _current(self, view: MagicNumbersView) -> Card:
        return self.deck.cards[self._position(view)]

    @staticmethod
    def _position(view: MagicNumbersView) -> int:
        """The deck position of the card being solved."""
        assert view.position is not None
        face = view.display[view.position]
        assert face is not None
        return face.card

    def _bid(self, view: MagicNumbersView, legal: Sequence[Any]) -> Action:
        best: Action = PASS
        best_value = 0.0
        for action in legal:
            if isinstance(action, Bid):
                value = self.bid_value(view, action)
                if value > best_value:
                    best, best_value = action, value
        return best

    def bid_value(self, view: MagicNumbersView, bid: Bid) -> float:
        """The points this bid is expected to earn, minus the chip paid."""
        face = view.display[bid.position]
        assert face is not None
        assert view.seat is not None
        card = self.deck.cards[face.card]
        others, known, later, points = self._prospects(card)
        ahead = self._expected_ahead(view, bid)
        if known:
            solve = (1 - others) ** ahead
        else:
            solve = later * ((1 - others) * (1 - OTHERS_HINT_GAIN)) ** ahead
        mine = {c.theme for c in view.collections[view.seat]}
        bonus = self.theme_bonus if card.theme not in mine else 0
        return float(solve * (points + bonus) - self.chip_costs[bid.chip])

    def _prospects(self, card: Card) -> tuple[float, bool, float, int]:
        """What this bot expects of ``card`` whatever the table: the chance that another
        player knows it without hint; whether it knows it itself; if not, the chance that
        its best hint makes it know it; and the points it would then score."""
        prospects = self._card_prospects.get(card.id)
        if prospects is None:
            others = BASE[card.difficulty]
            if self.knows(card, ()):
                prospects = (others, True, 1.0, card.points[0])
            else:
                kind = max(HINT_KINDS, key=lambda k: self.gain[(card.theme, k)])
                p0, p1 = self.chance(card, ()), self.chance(card, (kind,))
                later = (p1 - p0) / (1 - p0) if p0 < 1 else 0.0
                prospects = (others, False, later, card.points[points_index((kind,))])
            self._card_prospects[card.id] = prospects
        return prospects

    @staticmethod
    def _expected_ahead(view: MagicNumbersView, bid: Bid) -> float:
        """How many players are likely to be ranked before this chip: earlier chips that are
        at least as high, and some later bidders with higher chips."""
        chips = view.bids[bid.position]
        at_least = (CHIP_VALUES - bid.chip) / CHIP_VALUES
        higher = (CHIP_VALUES - 1 - bid.chip) / CHIP_VALUES
        placed = sum(at_least if chip is None else chip >= bid.chip for _, chip in chips)
        free = view.players - 1 - len(chips)
        return placed + free * LATE_BIDDERS * higher


def heuristic(game: Game[Any, Any, Any], seed: int, params: dict[str, str], spec: str) -> Agent:
    """The factory behind ``heuristic`` and ``heuristic:knowledge=0.8`` for Magic Numbers."""
    assert isinstance(game, MagicNumbers)
    knowledge = 1.0
    if "knowledge" in params:
        try:
            knowledge = float(params["knowledge"])
        except ValueError:
            knowledge = -1.0
        if not 0 < knowledge <= MAX_KNOWLEDGE:
            raise BotSpecError(
                code="heuristic_knowledge", most=MAX_KNOWLEDGE, value=params["knowledge"]
            )
    return MagicNumbersBot(
        game.deck,
        seed,
        knowledge,
        name=spec,
        chip_costs=game.chip_costs,
        theme_bonus=game.theme_bonus,
    )


#: The entry for ``spieltisch.bots.HEURISTICS``: the factory and its parameter names.
HEURISTIC: tuple[
    Callable[[Game[Any, Any, Any], int, dict[str, str], str], Agent], tuple[str, ...]
] = (
    heuristic,
    ("knowledge",),
)
