"""The rules of a Cento turn, in the rule sheet's order.

The player lays a card that fits the open card, or draws one card instead. Spiel 3: he may
lay up to three cards in a chain, each fitting the card below it; Spiel 1 and 2: one card
sharing a digit with the open card. Spiel 2 and 3 add the special cards: a turn that ends on
a Monozahl obliges the next player to lay exactly one Monozahl or take three cards; after a
Schnapszahl the player may lay all his cards showing its digit (and, as an option, go on
with the chain up to three cards besides); free cards stand for any
declared 1–99; the 100 is wild. An empty draw pile is rebuilt from the cards under the open
card; the first player to empty his hand wins at once.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from operator import or_
from typing import TYPE_CHECKING

from spieltisch.core.chance import shuffled
from spieltisch.core.game import Event, Seat
from spieltisch.games.cento.actions import (
    DRAW,
    END,
    FREE_LAYS,
    NUMBER_LAYS,
    TAKE,
    TAKE_COUNT,
    CentoAction,
    Lay,
)
from spieltisch.games.cento.cards import FREE, FREE_VALUES, shared_properties
from spieltisch.games.cento.state import (
    CHAIN,
    CHAIN_LIMIT,
    DRAWN,
    DREW,
    EMPTY_HAND,
    ENDED,
    ENDED_RUN,
    EXHAUSTED,
    LAID,
    NO_CARD,
    OBLIGED,
    OVER,
    REPDIGITS,
    RUN,
    SPIEL_3,
    START,
    TOOK,
    CentoState,
    card_json,
)


class CentoRules:
    """The moves of Cento in one variant (the game class adds the rest)."""

    #: Spiel 1, 2 or 3
    variant: int
    #: whether the special-card rules apply (Spiel 2 and 3)
    special: bool
    #: option ``lay_drawn``
    lay_drawn: bool
    #: how often the draw pile may be rebuilt
    rebuilds: int
    #: ``fits[below][card]``: may a card of value ``card`` lie on value ``below``?
    fits: tuple[tuple[bool, ...], ...]
    #: ``free_fits[below]``: the free-card lays that fit on ``below``
    free_fits: tuple[tuple[Lay, ...], ...]
    #: ``shows[d][n]``: does the number ``n`` show the digit ``d`` (Schnapszahl run)?
    shows: tuple[tuple[bool, ...], ...]
    #: ``free_shows[d]``: the free-card lays showing the digit ``d``
    free_shows: tuple[tuple[Lay, ...], ...]
    #: ``monos[n]``: is ``n`` a Monozahl?
    monos: tuple[bool, ...]
    #: the free-card lays of a Monozahl
    free_monos: tuple[Lay, ...]
    #: option ``chain_after_schnapszahl=goes_on`` (Spiel 3): the chain goes on within a run
    chain_goes_on: bool
    #: ``run_or_chain[digit * 128 + below]``: :meth:`_run_or_chain`, as far as needed
    run_or_chain: dict[int, tuple[tuple[bool, ...], tuple[Lay, ...]]]

    if TYPE_CHECKING:

        def ranking(self, state: CentoState) -> tuple[int, ...]: ...

    # -- what may be done --------------------------------------------------------------
    @staticmethod
    def _lays(
        hand: list[int], allowed: Sequence[bool], free_lays: Sequence[Lay]
    ) -> list[CentoAction]:
        """The lays of hand cards whose number is ``allowed``, and, if the (sorted) hand starts
        with a free card, each of ``free_lays`` once: all free cards are alike."""
        lays: list[CentoAction] = list(free_lays) if hand and hand[0] == FREE else []
        lays.extend([NUMBER_LAYS[card] for card in hand if allowed[card]])
        return lays

    def _legal_start(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """A card fitting the open card, or draw (RULES-NOTES §2 (b) 3, 4)."""
        value = state.open_value
        lays = self._lays(hand, self.fits[value], self.free_fits[value])
        lays.append(DRAW)
        return lays

    def _legal_chain(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """Spiel 3: another card fitting the card below it, or end the turn (seed, rule 1)."""
        value = state.open_value
        lays = self._lays(hand, self.fits[value], self.free_fits[value])
        lays.append(END)
        return lays

    def _legal_run(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """After a Schnapszahl: any card showing its digit, in any order, or end (seed,
        special-card rule 2; RULES-NOTES §2 (b) 8). With option
        ``chain_after_schnapszahl=goes_on`` (Spiel 3) also, while fewer than three cards
        are laid this turn, a card fitting the one below it; the run stays open. A further
        Schnapszahl opens no second run."""
        digit = state.run_digit
        if self.chain_goes_on and len(state.turn_values) < CHAIN_LIMIT:
            allowed, free_lays = self._run_or_chain(digit, state.open_value)
            lays = self._lays(hand, allowed, free_lays)
        else:
            lays = self._lays(hand, self.shows[digit], self.free_shows[digit])
        lays.append(END)
        return lays

    def _run_or_chain(self, digit: int, below: int) -> tuple[tuple[bool, ...], tuple[Lay, ...]]:
        """The numbers that show ``digit`` or fit on ``below``, and the free-card lays of
        those numbers (worked out once per pair)."""
        key = digit * 128 + below
        tables = self.run_or_chain.get(key)
        if tables is None:
            shows, fits = self.shows[digit], self.fits[below]
            allowed = tuple(map(or_, shows, fits))
            free_lays = tuple(FREE_LAYS[v] for v in FREE_VALUES if allowed[v])
            tables = self.run_or_chain[key] = (allowed, free_lays)
        return tables

    def _legal_obliged(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """Exactly one Monozahl, any one (a free card declared 1–9 counts), or take three
        (seed, special-card rule 1; RULES-NOTES §2 (b) 7)."""
        lays = self._lays(hand, self.monos, self.free_monos)
        lays.append(TAKE)
        return lays

    def _legal_drawn(self, state: CentoState, hand: list[int]) -> list[CentoAction]:
        """Option ``lay_drawn``: the card just drawn, if it fits, or end (RULES-NOTES §2 (b) 4)."""
        card = state.drawn
        value = state.open_value
        lays = self._lays([card], self.fits[value], self.free_fits[value])
        lays.append(END)
        return lays

    # -- doing it ---------------------------------------------------------------------
    def _lay(self, state: CentoState, seat: Seat, action: Lay, log: list[Event] | None) -> None:
        """The card covers the open card and counts as its value until it is covered itself
        (RULES-NOTES §2 (b) 9); an empty hand wins at once (§2 (b) 6)."""
        hand = state.hands[seat]
        hand.remove(action.card)
        below = state.open_value
        state.discard_pile.append(state.open_card)
        state.open_card = action.card
        value = state.open_value = action.value
        state.turn_values.append(value)
        state.drawn = NO_CARD
        state.public_moves.append((seat, LAID, action.card))
        if log is not None:
            data = {
                "seat": seat,
                "card": card_json(action.card),
                "value": value,
                "matched": list(shared_properties(below, value)),
            }
            log.append(Event("lay", data))
        if not hand:
            self._finish(state, EMPTY_HAND, seat, log)
            return
        phase = state.phase
        if phase is RUN:
            return
        if phase is OBLIGED:
            self._end_turn(state, log)
        elif self.special and REPDIGITS[value]:
            state.phase = RUN
            state.run_digit = value % 10
            if log is not None:
                log.append(Event("run", {"seat": seat, "digit": state.run_digit}))
        elif self.variant == SPIEL_3 and len(state.turn_values) < CHAIN_LIMIT:
            state.phase = CHAIN
        else:
            self._end_turn(state, log)

    def _end_by_choice(self, state: CentoState, seat: Seat, log: list[Event] | None) -> None:
        """The player ends his turn (or run) by an ``End`` action; everybody sees it."""
        if state.phase is RUN:
            state.public_moves.append((seat, ENDED_RUN, state.run_digit))
        else:
            state.public_moves.append((seat, ENDED, state.open_value))
        self._end_turn(state, log)

    def _end_turn(self, state: CentoState, log: list[Event] | None) -> None:
        """The next player's turn; a turn that ended on a Monozahl obliges him (seed,
        special-card rule 1: only the last card of a turn counts)."""
        values = state.turn_values
        obliged = self.special and bool(values) and values[-1] < 10
        state.to_move = (state.to_move + 1) % state.seats
        state.turns += 1
        state.phase = OBLIGED if obliged else START
        values.clear()
        state.run_digit = 0
        state.drawn = NO_CARD
        if log is not None:
            log.append(Event("turn", {"seat": state.to_move, "obliged": obliged}))

    def _draw_instead(self, state: CentoState, seat: Seat, log: list[Event] | None) -> None:
        """Draw one card; the turn ends, unless option ``lay_drawn`` lets him lay it."""
        state.public_moves.append((seat, DREW, state.open_value))
        drawn = self._draw(state, seat, 1, "draw", log)
        if state.phase is OVER:
            return
        if self.lay_drawn:
            state.phase = DRAWN
            state.drawn = drawn[0]
        else:
            self._end_turn(state, log)

    def _take(self, state: CentoState, seat: Seat, log: list[Event] | None) -> None:
        """Take three cards for the obligation and lose the turn (seed, rule 1 b)."""
        state.public_moves.append((seat, TOOK, state.open_value))
        self._draw(state, seat, TAKE_COUNT, "take", log)
        if state.phase is not OVER:
            self._end_turn(state, log)

    def _draw(
        self, state: CentoState, seat: Seat, count: int, kind: str, log: list[Event] | None
    ) -> list[int]:
        """``seat`` draws ``count`` cards, rebuilding an empty draw pile from the discard
        pile; if a card is still owed and none can be had, the game ends (:data:`EXHAUSTED`)."""
        pile = state.draw_pile
        hand = state.hands[seat]
        drawn: list[int] = []
        while len(drawn) < count and (pile or self._rebuild(state, log)):
            card = pile.pop()
            insort(hand, card)
            drawn.append(card)
        if log is not None:
            log.append(Event(kind, {"seat": seat, "count": len(drawn)}))
            if drawn:
                cards = [card_json(card) for card in drawn]
                log.append(Event("drawn", {"seat": seat, "cards": cards}, frozenset({seat})))
        if len(drawn) < count:
            self._finish(state, EXHAUSTED, -1, log)
        return drawn

    def _rebuild(self, state: CentoState, log: list[Event] | None) -> bool:
        """Shuffle the cards under the open card into a new draw pile (RULES-NOTES §2 (b) 5),
        at most ``rebuilds`` times (this engine's end rule); whether it could."""
        if state.rebuilds >= self.rebuilds or not state.discard_pile:
            return False
        state.draw_pile[:] = shuffled(state.discard_pile, state.seed, state.shuffles)
        state.discard_pile.clear()
        state.shuffles += 1
        state.rebuilds += 1
        state.known_bottom = 0  # the cards put under the pile were drawn before
        if log is not None:
            log.append(Event("rebuild", {"size": len(state.draw_pile), "rebuilds": state.rebuilds}))
        return True

    def _finish(self, state: CentoState, reason: str, winner: int, log: list[Event] | None) -> None:
        state.phase = OVER
        state.end_reason = reason
        state.winner = winner
        state.turn_values.clear()
        state.run_digit = 0
        state.drawn = NO_CARD
        if log is not None:
            if winner >= 0:
                log.append(Event("win", {"seat": winner}))
            else:
                log.append(Event("exhausted", {"rebuilds": state.rebuilds}))
            cards_left = [len(hand) for hand in state.hands]
            ranking = list(self.ranking(state))
            log.append(Event("game_end", {"cards_left": cards_left, "ranking": ranking}))
