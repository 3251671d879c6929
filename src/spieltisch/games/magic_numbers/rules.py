"""Magic Numbers' rules of the moves, in the order of the rule sheet.

A round, as the seed has it:

1. four cards lie face up on display, each showing a number (and its theme by its colour);
2. bidding: in turn, clockwise from the start player, each player lays one of his bid chips
   (3, 2, 1, 0) face down on the next free bid slot of a card, or passes;
3. the chips are revealed and sorted per card by value (equal values keep their slot
   order); every chip's value is paid from its owner's points;
4. the cards with chips are solved from left to right: a quizmaster is chosen, the bidders
   answer in rank order, then with one hint, then with both; the solver scores the card's
   points for the hints used and keeps the card;
5. four new cards come from the draw pile and the start-player token moves on.

After the agreed number of rounds, every theme in which a player collected a card is worth
two more points. The resolutions of gaps in the seed are the constants of
:mod:`spieltisch.games.magic_numbers.state`.
"""

from __future__ import annotations

from collections.abc import Sequence

from spieltisch.core.chance import is_complete_deck, shuffled
from spieltisch.core.errors import deck_order_error
from spieltisch.core.game import JSON, Event, Seat
from spieltisch.games.magic_numbers.actions import (
    ANSWER,
    BIDS,
    CHIPS,
    CHOICE_COUNT,
    CHOOSE,
    CONFIRM,
    DISPLAY_SIZE,
    HINT_KINDS,
    HINTS,
    PASS,
    REJECT,
    Action,
    Answer,
    Bid,
    Choose,
    Hint,
)
from spieltisch.games.magic_numbers.choices import candidates, offer
from spieltisch.games.magic_numbers.deck import Deck
from spieltisch.games.magic_numbers.state import (
    ALL_CHIPS,
    ANSWER_PHASE,
    BID,
    BID_AT_ZERO_POINTS,
    CONFIRM_PHASE,
    EMPTY,
    HINT,
    MAX_SEATS,
    NOBODY,
    ONE_CARD_PER_NUMBER_AND_THEME,
    OTHER_MEANING_RETRY,
    OVER,
    Log,
    MagicNumbersState,
    drop_caches,
)
from spieltisch.games.magic_numbers.words import WORDS


def ranked(bids: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The chips on a card by value, highest first; equal values keep their slot order."""
    return sorted(bids, key=lambda bid: -bid[1])


def points_index(hints: Sequence[str]) -> int:
    """Which of a card's four point values counts: 0 without hint, 1 with the theme hint,
    2 with the unit hint, 3 with both."""
    return ("theme" in hints) + 2 * ("unit" in hints)


def _bits(chips: int) -> tuple[int, ...]:
    return tuple(chip for chip in CHIPS if chips >> chip & 1)


#: ``CHIPS_OF[chips]``: the chips in the set ``chips`` (bit ``c``: chip ``c``), as ``_bits``.
CHIPS_OF: tuple[tuple[int, ...], ...] = tuple(_bits(chips) for chips in range(ALL_CHIPS + 1))
#: ``BIDS_WITH[free][chips]``: every bid of the chips in ``chips`` on the cards at the
#: positions in ``free`` (bit ``p``: position ``p``), card by card from the left, lowest chip
#: first.
BIDS_WITH: tuple[tuple[tuple[Bid, ...], ...], ...] = tuple(
    tuple(
        tuple(
            BIDS[position][chip]
            for position in range(DISPLAY_SIZE)
            if free >> position & 1
            for chip in reversed(CHIPS_OF[chips])
        )
        for chips in range(ALL_CHIPS + 1)
    )
    for free in range(1 << DISPLAY_SIZE)
)
#: ``BID_CHOICES[free][chips]``: pass, then the bids of ``BIDS_WITH[free][chips]``.
BID_CHOICES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple((PASS, *bids) for bids in row) for row in BIDS_WITH
)


#: ``CHOICE_ACTIONS[n]``: "don't know", or a choice of the ``n`` meanings offered.
CHOICE_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    (PASS, *CHOOSE[:count]) for count in range(CHOICE_COUNT + 1)
)

#: ``TO_ACT[s]``: ``to_act`` while seat ``s`` must act (one tuple each, made once).
TO_ACT: tuple[tuple[Seat, ...], ...] = tuple((seat,) for seat in range(MAX_SEATS))


# -- who acts, and what may he do --------------------------------------------------


def to_act(state: MagicNumbersState) -> tuple[Seat, ...]:
    """The bidder whose turn it is, the bidder to answer, the first-ranked bidder to pick
    the first hint or the quizmaster to judge an answer."""
    phase = state.phase
    if phase is BID:
        return TO_ACT[state.turn]
    if phase is ANSWER_PHASE:
        return TO_ACT[state.order[state.answerer]]
    if phase is HINT:
        return TO_ACT[state.order[0]]
    if phase is CONFIRM_PHASE:
        return TO_ACT[state.quizmaster]
    return ()


def legal_actions(state: MagicNumbersState, seat: Seat) -> Sequence[Action]:
    """Only the seat to act has choices; what they are depends on the phase."""
    phase = state.phase
    if phase is BID:
        return legal_bid(state, seat) if seat == state.turn else ()
    if phase is OVER or seat != to_act(state)[0]:
        return ()
    if phase is ANSWER_PHASE:
        if state.offered:  # answers=choice
            return CHOICE_ACTIONS[len(state.offered)]
        return (PASS, ANSWER)  # an answer (any text; listed as the empty template) or "don't know"
    if phase is HINT:
        return (HINTS["theme"], HINTS["unit"])
    return (CONFIRM, REJECT)


def legal_bid(state: MagicNumbersState, seat: Seat) -> Sequence[Action]:
    """Pass, or any unused chip on any card without a chip of this player (RULES-NOTES
    §5 item 4; a seat without such a bid is skipped and never asked)."""
    return BID_CHOICES[free_cards(state)[seat]][state.chips[seat]]


def free_cards(state: MagicNumbersState) -> list[int]:
    """Per seat, the positions of the cards on display without a chip of that seat, as
    bits (``MagicNumbersState.free``)."""
    free = state.free
    if free is None:
        shown = sum(1 << p for p, card in enumerate(state.display) if card != EMPTY)
        free = state.free = [shown] * state.seats
        for position, chips in enumerate(state.bids):
            for owner, _ in chips:
                free[owner] &= ~(1 << position)
    return free


# -- the end -------------------------------------------------------------------------


def scores(state: MagicNumbersState) -> tuple[int, ...]:
    """Each player's points (with the theme bonus once the game is over)."""
    return tuple(state.points)


def ranking(state: MagicNumbersState) -> tuple[int, ...]:
    """Most points first; equal points: more cards first; still equal: a shared place
    (RULES-NOTES §5 item 12)."""
    keys = [(p, len(cards)) for p, cards in zip(state.points, state.collections, strict=True)]
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


class MagicNumbersRules:
    """The moves of Magic Numbers, for :class:`~spieltisch.games.magic_numbers.game.MagicNumbers`
    (whose options give the number of rounds, the judge and the deck)."""

    rounds: int
    #: the points everybody starts with
    start_points: int
    #: ``chip_costs[c]``: what chip ``c`` costs when revealed
    chip_costs: tuple[int, ...]
    #: the extra points per theme collected
    theme_bonus: int
    human_judge: bool
    multiple_choice: bool
    deck: Deck
    ids: tuple[str, ...]

    # -- set-up -----------------------------------------------------------------------
    def _set_up(
        self, seats: int, seed: int, deck: Sequence[object] | None, log: list[Event] | None
    ) -> MagicNumbersState:
        """Lay four cards on display from ``deck`` (card ids, top first) or a shuffle from
        ``seed``; the next four per later round form the draw pile (the first of them on
        top), the rest stay in the box. Seat 0 holds the start-player token."""
        order = self._checked_deck(deck) if deck is not None else self._shuffled(seed)
        pile_end = DISPLAY_SIZE * self.rounds
        state = MagicNumbersState(
            seats=seats,
            seed=seed,
            shuffles=1,
            phase=BID,
            round=1,
            start=0,
            points=[self.start_points] * seats,
            display=order[:DISPLAY_SIZE],
            draw_pile=order[DISPLAY_SIZE:pile_end][::-1],
            box=order[pile_end:],
            set_aside=[],
            unsolved=[],
            collections=[[] for _ in range(seats)],
            bids=[[] for _ in range(DISPLAY_SIZE)],
            chips=[ALL_CHIPS] * seats,
            turn=0,
            quiet=0,
            position=NOBODY,
            order=[],
            quizmaster=NOBODY,
            hints=[],
            answerer=0,
            answers=[],
            pending=None,
            bonus=[0] * seats,
        )
        self._start_round(state, log)
        return state

    def _shuffled(self, seed: int) -> list[int]:
        """A shuffle from ``seed``; the cards in play (display and draw pile) hold no two
        cards with the same number and theme: such a card goes to the box, the next one
        comes instead."""
        order = shuffled(range(len(self.ids)), seed, 0)
        if not ONE_CARD_PER_NUMBER_AND_THEME:
            return order
        in_play: list[int] = []
        box: list[int] = []
        seen: set[tuple[str, str]] = set()
        for card in order:
            data = self.deck.cards[card]
            key = (data.number, data.theme)
            if key in seen or len(in_play) == DISPLAY_SIZE * self.rounds:
                box.append(card)
            else:
                seen.add(key)
                in_play.append(card)
        return in_play + box

    def _checked_deck(self, deck: Sequence[object]) -> list[int]:
        if not is_complete_deck(deck, self.ids):
            raise deck_order_error(WORDS, len(deck), cards=len(self.ids))
        index = {card_id: i for i, card_id in enumerate(self.ids)}
        return [index[str(card_id)] for card_id in deck]

    def _start_round(self, state: MagicNumbersState, log: Log) -> None:
        """The start player bids first."""
        state.phase = BID
        state.quiet = 0
        if log is not None:
            top = state.draw_pile[-1] if state.draw_pile else None
            data = {
                "round": state.round,
                "rounds": self.rounds,
                "seat": state.start,
                "cards": [self._face_words(card) for card in state.display],
                "top": None if top is None else self._face_words(top),
            }
            log.append(Event("round", data))
        self._next_bidder(state, state.start, log)

    def _can_bid(self, state: MagicNumbersState, seat: Seat) -> bool:
        """Whether ``seat`` has any bid: an unused chip and a card without his chip (and,
        were :data:`BID_AT_ZERO_POINTS` false, some points)."""
        if not state.chips[seat] or not (BID_AT_ZERO_POINTS or state.points[seat] > 0):
            return False
        return free_cards(state)[seat] != 0

    def _apply_bid(self, state: MagicNumbersState, seat: Seat, action: Action, log: Log) -> None:
        """A chip goes face down on the card's next free slot; or the player passes. A
        player who passed may bid again when his turn comes round."""
        if isinstance(action, Bid):
            state.bids[action.position].append((seat, action.chip))
            state.chips[seat] &= ~(1 << action.chip)
            free_cards(state)[seat] &= ~(1 << action.position)
            state.quiet = 0
            if log is not None:
                log.append(Event("bid", {"seat": seat, "position": action.position}))
                data = {"seat": seat, "position": action.position, "chip": action.chip}
                log.append(Event("my_bid", data, frozenset({seat})))
        else:
            state.quiet += 1
            if log is not None:
                log.append(Event("pass", {"seat": seat}))
        self._next_bidder(state, (seat + 1) % state.seats, log)

    def _next_bidder(self, state: MagicNumbersState, seat: Seat, log: Log) -> None:
        """The next seat, from ``seat`` on clockwise, that has a bid to make; a seat without
        one is skipped like a pass. Bidding ends after a full lap without a new bid
        (RULES-NOTES §5 item 4)."""
        while state.quiet < state.seats:
            if self._can_bid(state, seat):
                state.turn = seat
                return
            state.quiet += 1
            if log is not None:
                log.append(Event("skip", {"seat": seat}))
            seat = (seat + 1) % state.seats
        self._reveal(state, log)

    def _reveal(self, state: MagicNumbersState, log: Log) -> None:
        """All chips are turned over; each player pays the sum of his chips (what they cost:
        option ``chip_costs``, by default their values), but never goes below 0 points
        (seed; RULES-NOTES §5 item 5)."""
        if log is not None:
            bids = [[list(bid) for bid in ranked(chips)] for chips in state.bids]
            log.append(Event("reveal", {"bids": bids}))
        paid = [0] * state.seats
        placed = [False] * state.seats
        costs = self.chip_costs
        for chips in state.bids:
            for seat, chip in chips:
                paid[seat] += costs[chip]
                placed[seat] = True
        drop_caches(state)
        for seat in range(state.seats):
            state.points[seat] = max(0, state.points[seat] - paid[seat])
            if log is not None and placed[seat]:
                data = {"seat": seat, "paid": paid[seat], "points": state.points[seat]}
                log.append(Event("pay", data))
        self._next_card(state, NOBODY, log)

    # -- solving ------------------------------------------------------------------------
    def _next_card(self, state: MagicNumbersState, after: int, log: Log) -> None:
        """The next card to the right with at least one chip is solved; after the last,
        the round ends."""
        for position in range(after + 1, DISPLAY_SIZE):
            if state.bids[position]:
                self._start_card(state, position, log)
                return
        self._end_round(state, log)

    def _quizmaster_for(self, state: MagicNumbersState, chips: Sequence[tuple[int, int]]) -> Seat:
        """The first player clockwise from the start player (himself included) without a
        chip on the card; if everybody bid, the owner of the last-ranked chip (RULES-NOTES
        §5 item 7)."""
        bidders = {seat for seat, _ in chips}
        for step in range(state.seats):
            seat = (state.start + step) % state.seats
            if seat not in bidders:
                return seat
        return ranked(chips)[-1][0]

    def _start_card(self, state: MagicNumbersState, position: int, log: Log) -> None:
        """The bidders answer in rank order; a quizmaster who bid (everybody bid) does not
        answer."""
        chips = state.bids[position]
        quizmaster = self._quizmaster_for(state, chips)
        state.position = position
        state.quizmaster = quizmaster
        state.order = [seat for seat, _ in ranked(chips) if seat != quizmaster]
        state.hints = []
        state.answerer = 0
        state.answers = []
        state.named = []
        state.pending = None
        state.phase = ANSWER_PHASE
        if log is not None:
            card = self.deck.cards[state.display[position]]
            theme = self.deck.theme(card.theme)
            data = {
                "position": position,
                "number": card.number,
                "theme_de": theme.de,
                "theme_en": theme.en,
                "quizmaster": quizmaster,
                "order": state.order[:],
            }
            log.append(Event("card", data))
        if self.multiple_choice:
            self._offer_choices(state, log)

    def _apply_answer(self, state: MagicNumbersState, seat: Seat, action: Action, log: Log) -> None:
        """An answer is judged at once (judge=auto) or waits for the quizmaster; "don't
        know" hands the turn on."""
        if not isinstance(action, Answer):
            if log is not None:
                log.append(Event("dont_know", {"seat": seat}))
            self._next_answerer(state, log)
            return
        if self.human_judge:
            state.pending = action.text
            state.phase = CONFIRM_PHASE
            if log is not None:
                log.append(Event("answer", {"seat": seat, "text": action.text, "correct": None}))
            return
        card = state.display[state.position]
        right = self.deck.is_right(card, action.text)
        if not right and OTHER_MEANING_RETRY and self._names_other_card(state, card, action.text):
            if log is not None:
                log.append(Event("other_meaning", {"seat": seat, "text": action.text}))
            return
        if log is not None:
            log.append(Event("answer", {"seat": seat, "text": action.text, "correct": right}))
        if right:
            self._solve(state, seat, log)
        else:
            state.answers.append((seat, action.text))
            self._next_answerer(state, log)

    # -- multiple choice (answers=choice) ------------------------------------------------
    def _offer_choices(self, state: MagicNumbersState, log: Log) -> None:
        """The card is offered with its own meaning and three others (:mod:`.choices`), in
        an order that follows from the game's seed; they stay the same through every pass."""
        card = state.display[state.position]
        state.offered = offer(self.deck, card, candidates(self.deck, card), state.seed)
        if log is not None:
            meanings = [self.deck.cards[c].meaning for c in state.offered]
            data = {
                "choices_de": [meaning["de"] for meaning in meanings],
                "choices_en": [meaning["en"] for meaning in meanings],
            }
            log.append(Event("choices", data))

    def _apply_choice(self, state: MagicNumbersState, seat: Seat, action: Choose, log: Log) -> None:
        """The program judges a choice at once, whoever judges typed answers: the card's own
        meaning solves it; a wrong choice is public (by its number) and the turn passes on."""
        chosen = state.offered[action.index]
        right = chosen == state.display[state.position]
        if log is not None:
            meaning = self.deck.cards[chosen].meaning
            data = {
                "seat": seat,
                "index": action.index,
                "text_de": meaning["de"],
                "text_en": meaning["en"],
                "correct": right,
            }
            log.append(Event("choice", data))
        if right:
            self._solve(state, seat, log)
        else:
            state.answers.append((seat, str(action.index + 1)))
            self._next_answerer(state, log)

    def _names_other_card(self, state: MagicNumbersState, card: int, text: str) -> bool:
        """Whether ``text`` names the meaning of another card with the same number, not named
        on this card before: "true, but not this card's meaning", the player answers again."""
        other = self.deck.other_meaning(card, text)
        if other is None or other in state.named:
            return False
        state.named.append(other)
        return True

    def _apply_verdict(
        self, state: MagicNumbersState, seat: Seat, action: Action, log: Log
    ) -> None:
        """The quizmaster's word is final, whatever the judge would say."""
        player = state.order[state.answerer]
        confirmed = action == CONFIRM  # by value: an action may come back from a bot process
        if log is not None:
            data = {"seat": seat, "player": player, "confirmed": confirmed}
            log.append(Event("verdict", data))
        text = state.pending
        assert text is not None
        state.pending = None
        state.phase = ANSWER_PHASE
        if confirmed:
            self._solve(state, player, log)
        else:
            state.answers.append((player, text))
            self._next_answerer(state, log)

    def _next_answerer(self, state: MagicNumbersState, log: Log) -> None:
        """The next bidder in rank order; after the last, the first-ranked bidder picks the
        first hint, then the other hint is given, then the card is given up."""
        state.answerer += 1
        if state.answerer < len(state.order):
            return
        if not state.hints:
            state.phase = HINT
            return
        if len(state.hints) < len(HINT_KINDS):
            other = next(kind for kind in HINT_KINDS if kind not in state.hints)
            self._give_hint(state, NOBODY, other, log)
            return
        self._give_up(state, log)

    def _apply_hint(self, state: MagicNumbersState, seat: Seat, action: Action, log: Log) -> None:
        assert isinstance(action, Hint)
        self._give_hint(state, seat, action.kind, log)

    def _give_hint(self, state: MagicNumbersState, seat: Seat, kind: str, log: Log) -> None:
        """The hint is read out; the bidders answer again in rank order."""
        state.hints.append(kind)
        state.answerer = 0
        state.phase = ANSWER_PHASE
        if log is not None:
            card = self.deck.cards[state.display[state.position]]
            text = card.theme_hint if kind == "theme" else card.unit_hint
            data = {
                "seat": None if seat == NOBODY else seat,
                "kind": kind,
                "text_hint_de": text["de"],
                "text_hint_en": text["en"],
            }
            log.append(Event("hint", data))

    def _solve(self, state: MagicNumbersState, seat: Seat, log: Log) -> None:
        """The solver scores the card's points for the hints used and keeps the card."""
        card = state.display[state.position]
        gained = self.deck.cards[card].points[points_index(state.hints)]
        state.points[seat] += gained
        state.collections[seat].append(card)
        if log is not None:
            data = {
                **self._open_words(state, card),
                "seat": seat,
                "gained": gained,
                "points": state.points[seat],
            }
            log.append(Event("solved", data))
        self._finish_card(state, log)

    def _give_up(self, state: MagicNumbersState, log: Log) -> None:
        """Nobody solved it with both hints: the card leaves the game unscored, its meaning
        is read out (RULES-NOTES §5 item 8)."""
        card = state.display[state.position]
        state.unsolved.append(card)
        if log is not None:
            log.append(Event("unsolved", self._open_words(state, card)))
        self._finish_card(state, log)

    def _finish_card(self, state: MagicNumbersState, log: Log) -> None:
        position = state.position
        state.display[position] = EMPTY
        drop_caches(state)
        state.order = []
        state.quizmaster = NOBODY
        state.hints = []
        state.answers = []
        state.named = []
        state.answerer = 0
        state.position = NOBODY
        state.offered = []
        self._next_card(state, position, log)

    # -- round end and game end ---------------------------------------------------------
    def _end_round(self, state: MagicNumbersState, log: Log) -> None:
        """Cards nobody bid on leave the game unseen; the chips go back; four new cards come
        from the draw pile and the start-player token moves one seat clockwise."""
        left = [card for card in state.display if card != EMPTY]
        state.set_aside += left
        if log is not None and left:
            log.append(Event("set_aside", {"cards": [self._face_words(card) for card in left]}))
        state.bids = [[] for _ in range(DISPLAY_SIZE)]
        state.chips = [ALL_CHIPS] * state.seats
        state.display = [EMPTY] * DISPLAY_SIZE
        drop_caches(state)
        if state.round == self.rounds:
            self._end_game(state, log)
            return
        state.round += 1
        state.start = (state.start + 1) % state.seats
        state.display = [state.draw_pile.pop() for _ in range(DISPLAY_SIZE)]
        self._start_round(state, log)

    def _end_game(self, state: MagicNumbersState, log: Log) -> None:
        """Two points for every theme with at least one collected card."""
        drop_caches(state)
        for seat, cards in enumerate(state.collections):
            themes = len({self.deck.cards[card].theme for card in cards})
            state.bonus[seat] = self.theme_bonus * themes
            state.points[seat] += state.bonus[seat]
            if log is not None and themes:
                data = {
                    "seat": seat,
                    "themes": themes,
                    "bonus": state.bonus[seat],
                    "points": state.points[seat],
                }
                log.append(Event("bonus", data))
        state.phase = OVER
        state.turn = NOBODY
        if log is not None:
            result = {"scores": list(scores(state)), "ranking": list(ranking(state))}
            log.append(Event("game_end", result))

    # -- the cards as events name them ------------------------------------------------
    def _face_words(self, card: int) -> dict[str, str]:
        """A card's front: its number and its theme."""
        data = self.deck.cards[card]
        theme = self.deck.theme(data.theme)
        return {"number": data.number, "theme_de": theme.de, "theme_en": theme.en}

    def _open_words(self, state: MagicNumbersState, card: int) -> dict[str, JSON]:
        """A finished card turned over at its place: its number and its meaning."""
        data = self.deck.cards[card]
        return {
            "position": state.position,
            "number": data.number,
            "meaning_de": data.meaning["de"],
            "meaning_en": data.meaning["en"],
        }
