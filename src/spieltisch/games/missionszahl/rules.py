"""Missionszahl's rules of the moves, in the order of the rule sheet.

A round, as the seed has it:

1. a mission card lies face up beside the earlier ones; every player lays one hand card face
   down, and when all have, the cards are revealed;
2. symbol actions are carried out, starting with the player of the highest-numbered symbol
   card, then clockwise;
3. the card closest to the (possibly changed) mission number wins the round;
4. the round winner turns the mission card's arrow towards himself, may swap played cards
   with another player (option ``swap=compulsory``: must) and may exchange one hand card;
5. everybody puts his played card on his own collection.

After ten rounds the hands are empty and the collections are scored (at the end of this
module). The resolutions of gaps in the seed are the constants of
:mod:`spieltisch.games.missionszahl.state`.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter

from spieltisch.core.chance import first_shuffled, is_complete_deck, shuffled
from spieltisch.core.errors import deck_order_error
from spieltisch.core.game import Event, Seat
from spieltisch.games.missionszahl.actions import (
    BLINDS,
    GIVES,
    MAX_SEATS,
    MINUS,
    NO_EXCHANGE,
    NO_SWAP,
    PILE_EXCHANGE,
    PLAYS,
    PLUS,
    SWAPS,
    TRADES,
    Action,
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
    DECK_SIZE,
    NAME,
    SYMBOL,
    VALUE,
    Symbol,
    card_from_name,
)
from spieltisch.games.missionszahl.state import (
    COMMIT,
    DRAW_AND_GIVE,
    EVENS_OUT_HITS_ITS_OWN_PLAYER,
    EXCHANGE,
    GIVE,
    MIN_SEATS,
    NEW_MISSION_RESETS_SHIFT,
    NOBODY,
    OVER,
    PLUS_MINUS_3,
    PUBLIC,
    SEAT_BIT,
    SHIFT,
    STANDARD,
    SWAP,
    TIE_DRAW_LIMIT,
    TRADE,
    UNOWNED_MISSION_VOIDS,
    Exchanged,
    Log,
    MissionszahlState,
    Phase,
    Revealed,
    Setup,
    drop_caches,
)
from spieltisch.games.missionszahl.words import WORDS

#: The distance of a knocked-out player's card from the mission number: more than any card's.
_OUT = DECK_SIZE
#: ``HAS_SYMBOL[card]``: whether the card carries a symbol.
HAS_SYMBOL: tuple[bool, ...] = tuple(symbol is not None for symbol in SYMBOL)


# -- set-up -----------------------------------------------------------------------


def deal(
    seats: int,
    seed: int,
    deck: Sequence[object] | None = None,
    log: list[Event] | None = None,
    setup: Setup = STANDARD,
) -> MissionszahlState:
    """Deal ten cards (``setup.hand_size``) to each player from ``deck`` (card names, top
    first) or a shuffle of ``setup``'s deck from ``seed``: seat 0 takes the first ten,
    seat 1 the next ten, and so on; the rest is the draw pile, whose top card is turned up
    as the first mission card."""
    cards = setup.cards
    order = checked_deck(deck, cards) if deck is not None else shuffled(cards, seed, 0)
    size = setup.hand_size
    state = MissionszahlState(
        seats=seats,
        seed=seed,
        shuffles=1,
        phase=COMMIT,
        hands=[sorted(order[size * s : size * (s + 1)]) for s in range(seats)],
        draw_pile=order[size * seats :][::-1],
        known=[0] * DECK_SIZE,
        missions=[],
        arrows=[],
        shift=0,
        played=[-1] * seats,
        waiting=(),
        pending=[False] * seats,
        out=[False] * seats,
        cursor=0,
        drawn=-1,
        winner=NOBODY,
        partner=-1,
        collections=[[] for _ in range(seats)],
        known_bits=0,
        under=0,
        setup=setup,
    )
    if log is not None:
        for seat, hand in enumerate(state.hands):
            log.append(Event("deal", {"seat": seat, "hand": _names(hand)}, frozenset({seat})))
    start_round(state, log)
    return state


def checked_deck(deck: Sequence[object], every: Sequence[int] = ALL_CARDS) -> list[int]:
    """The card ids of ``deck`` (card names), if it holds each card of ``every`` once."""
    names = [card_from_name(card) if isinstance(card, str) else None for card in deck]
    cards = [card for card in names if card is not None]
    if not is_complete_deck(names, every):
        raise deck_order_error(WORDS, len(deck))
    return cards


# -- who acts, and what may he do --------------------------------------------------


#: ``OTHERS[n][s]``: the seats of an ``n``-player game other than ``s``, in order.
OTHERS: tuple[tuple[tuple[Seat, ...], ...], ...] = tuple(
    tuple(tuple(o for o in range(n) if o != s) for s in range(n)) for n in range(MAX_SEATS + 1)
)


def to_act(state: MissionszahlState) -> tuple[Seat, ...]:
    phase = state.phase
    if phase is COMMIT:
        return state.waiting
    if phase is SHIFT or phase is GIVE:
        return (state.cursor,)
    if phase is OVER:
        return ()
    return (state.winner,)


def legal_actions(
    state: MissionszahlState, seat: Seat, choices: Choices | None = None
) -> Sequence[Action]:
    """In the commit, any hand card of a seat that has not laid one yet; otherwise the
    choices of the one seat that must decide (``choices``: those of the game's rule
    options, :data:`CHOICES` by default)."""
    phase = state.phase
    if phase is COMMIT:
        if seat not in state.waiting:
            return ()
        hand = state.hands[seat]
        return itemgetter(*hand)(PLAYS) if len(hand) > 1 else (PLAYS[hand[0]],)
    if phase is SHIFT or phase is GIVE:
        decider = state.cursor
    elif phase is OVER:
        return ()
    else:
        decider = state.winner
    if seat != decider:
        return ()
    if phase is TRADE:  # any hand card may be given away
        hand = state.hands[seat]
        return itemgetter(*hand)(TRADES) if len(hand) > 1 else (TRADES[hand[0]],)
    return (choices or CHOICES)[phase][state.seats][seat]


def legal_shift(n: int, seat: Seat) -> tuple[Action, ...]:
    """+3 or −3: the player must pick one."""
    return (MINUS, PLUS)


def legal_give(n: int, seat: Seat) -> tuple[Action, ...]:
    """The drawn card goes to any other player."""
    return tuple(GIVES[other] for other in OTHERS[n][seat])


def legal_swap(n: int, seat: Seat) -> tuple[Action, ...]:
    """Keep the own played card, or swap it with any other player's."""
    return (NO_SWAP, *(SWAPS[other] for other in OTHERS[n][seat]))


def legal_compulsory_swap(n: int, seat: Seat) -> tuple[Action, ...]:
    """Option ``swap=compulsory`` (the reading "der Gewinner muss nun zwei bzw. drei Sachen
    machen": I and II must be done, III may): swap with any other player's played card."""
    return tuple(SWAPS[other] for other in OTHERS[n][seat])


def legal_exchange(n: int, seat: Seat) -> tuple[Action, ...]:
    """No exchange, with the draw pile, or blind with any other player."""
    return (NO_EXCHANGE, PILE_EXCHANGE, *(BLINDS[other] for other in OTHERS[n][seat]))


#: ``choices[phase][n][s]``: what seat ``s`` of an ``n``-player game may choose in a phase
#: whose choices do not depend on the cards.
Choices = dict[Phase, tuple[tuple[tuple[Action, ...], ...], ...]]


def _choices(swap: Callable[[int, Seat], tuple[Action, ...]]) -> Choices:
    return {
        phase: tuple(tuple(rule(n, s) for s in range(n)) for n in range(MAX_SEATS + 1))
        for phase, rule in (
            (SHIFT, legal_shift),
            (GIVE, legal_give),
            (SWAP, swap),
            (EXCHANGE, legal_exchange),
        )
    }


#: The choices with an optional swap (the default).
CHOICES: Choices = _choices(legal_swap)
#: The choices under option ``swap=compulsory``.
COMPULSORY_SWAP_CHOICES: Choices = _choices(legal_compulsory_swap)


# -- the round ----------------------------------------------------------------------


def start_round(state: MissionszahlState, log: Log) -> None:
    """Turn up the next mission card beside the earlier ones; everybody lays a card."""
    n = state.seats
    state.missions.append(state.draw_pile.pop())
    state.arrows.append(NOBODY)
    drop_caches(state)
    state.shift = 0
    state.played = [-1] * n
    state.pending = [False] * n
    state.out = [False] * n
    state.cursor = 0
    state.winner = NOBODY
    state.partner = -1
    state.waiting = tuple(range(n))
    state.phase = COMMIT
    if log is not None:
        card = state.missions[-1]
        log.append(
            Event(
                "mission",
                {"round": len(state.missions), "mission": NAME[card], "number": VALUE[card]},
            )
        )


def apply_commit(state: MissionszahlState, seat: Seat, action: Play, log: Log) -> None:
    """Lay a card face down; when the last player has, all are revealed."""
    card = action.card
    state.hands[seat].remove(card)
    state.played[seat] = card
    waiting = state.waiting
    if waiting[0] == seat:
        state.waiting = waiting = waiting[1:]
    else:
        index = waiting.index(seat)
        state.waiting = waiting = waiting[:index] + waiting[index + 1 :]
    if log is not None:
        log.append(Event("commit", {"seat": seat}))
        log.append(Event("my_card", {"seat": seat, "card": NAME[card]}, frozenset({seat})))
    if not waiting:
        reveal(state, log)


def reveal(state: MissionszahlState, log: Log) -> None:
    """Show all played cards; symbol actions begin with the highest symbol card."""
    played = state.played
    state.history += (Revealed(VALUE[state.missions[-1]], tuple(played)),)
    if log is not None:
        log.append(Event("reveal", {"cards": _names(played)}))
    state.pending = pending = list(map(state.setup.has_symbol.__getitem__, played))
    if True in pending:
        state.cursor = first_symbol_seat(state, log)
        resolve_symbols(state, log)
    else:
        judge(state, log)


def first_symbol_seat(state: MissionszahlState, log: Log) -> Seat:
    """The seat of the highest-numbered symbol card; on equal numbers the tied players
    draw and the highest drawn number begins."""
    played = state.played
    numbers = [
        VALUE[card] if symbol else 0 for card, symbol in zip(played, state.pending, strict=True)
    ]
    seat = single_or_drawn(state, numbers, max(numbers), log)
    if log is not None:
        log.append(Event("first", {"seat": seat, "card": NAME[played[seat]]}))
    return seat


def resolve_symbols(state: MissionszahlState, log: Log) -> None:
    """Carry out pending symbols clockwise from the cursor until one needs a decision or
    none is left. A symbol card passed on unresolved is carried out by its new holder
    when the cursor reaches him (RULES-NOTES §3 item 4)."""
    pending = state.pending
    n = state.seats
    while True in pending:
        seat = state.cursor
        if pending[seat]:
            pending[seat] = False
            if state.out[seat]:
                _log_cancel(state, seat, log)
            elif carry_out(state, seat, log):
                return
        state.cursor = (seat + 1) % n
    judge(state, log)


def carry_out(state: MissionszahlState, seat: Seat, log: Log) -> bool:
    """Carry out the symbol of ``seat``'s card; True if its player must decide now."""
    symbol = state.setup.symbol[state.played[seat]]
    if symbol is PLUS_MINUS_3:
        state.phase = SHIFT
        return True
    if symbol is DRAW_AND_GIVE:
        return draw_to_give(state, seat, log)
    assert symbol is not None
    AUTOMATIC[symbol](state, seat, log)
    return False


def pass_clockwise(state: MissionszahlState, seat: Seat, log: Log) -> None:
    """Every played card moves one seat clockwise, unresolved symbols with it."""
    played = state.played
    pending = state.pending
    played[:] = [played[-1], *played[:-1]]
    pending[:] = [pending[-1], *pending[:-1]]
    if log is not None:
        log.append(Event("pass_cw", {"seat": seat, "cards": _names(played)}))


def new_mission(state: MissionszahlState, seat: Seat, log: Log) -> None:
    """The mission card goes under the draw pile; the top card takes its place."""
    old = state.missions[-1]
    _put_under(state, old, PUBLIC)
    state.missions[-1] = state.draw_pile.pop()
    drop_caches(state)
    if NEW_MISSION_RESETS_SHIFT:
        state.shift = 0
    if log is not None:
        card = state.missions[-1]
        data = {"seat": seat, "old_mission": NAME[old], "mission": NAME[card]}
        log.append(Event("new_mission", {**data, "number": VALUE[card]}))


def evens_out(state: MissionszahlState, seat: Seat, log: Log) -> None:
    """Every player with an even played number is out of this round; his pending symbol
    is dropped."""
    hit = [
        s
        for s, card in enumerate(state.played)
        if VALUE[card] % 2 == 0 and (EVENS_OUT_HITS_ITS_OWN_PLAYER or s != seat)
    ]
    if log is not None:
        log.append(Event("evens_out", {"seat": seat, "seats": hit}))
    for s in hit:
        state.out[s] = True
        if state.pending[s]:
            state.pending[s] = False
            _log_cancel(state, s, log)


def draw_to_give(state: MissionszahlState, seat: Seat, log: Log) -> bool:
    """Draw the top card face up; its player must choose the receiver (with two
    players there is only one, and it goes there at once)."""
    state.drawn = state.draw_pile.pop()
    if log is not None:
        log.append(Event("drawn", {"seat": seat, "card": NAME[state.drawn]}))
    if state.seats == MIN_SEATS:
        give(state, seat, 1 - seat, log)
        return False
    state.phase = GIVE
    return True


def give(state: MissionszahlState, seat: Seat, receiver: Seat, log: Log) -> None:
    """The receiver's played card goes under the pile; the drawn card replaces it and
    its symbol is ignored (RULES-NOTES §3 item 8)."""
    old = state.played[receiver]
    _put_under(state, old, PUBLIC)
    state.played[receiver] = state.drawn
    state.pending[receiver] = False
    if log is not None:
        data = {"seat": seat, "to": receiver, "card": NAME[state.drawn], "old": NAME[old]}
        log.append(Event("give", data))
    state.drawn = -1


def apply_shift(state: MissionszahlState, seat: Seat, action: Shift, log: Log) -> None:
    """The mission number changes by the chosen ±3; changes add up."""
    state.shift += action.delta
    if log is not None:
        data = {"seat": seat, "delta": action.delta, "target": mission_target(state)}
        log.append(Event("shift", data))
    resolve_symbols(state, log)


def apply_give(state: MissionszahlState, seat: Seat, action: Give, log: Log) -> None:
    give(state, seat, action.seat, log)
    resolve_symbols(state, log)


def mission_target(state: MissionszahlState) -> int:
    """The mission number with this round's ±3 changes, unclamped (RULES-NOTES §3
    item 7); a symbol on a mission card does nothing (item 2)."""
    return VALUE[state.missions[-1]] + state.shift


def judge(state: MissionszahlState, log: Log) -> None:
    """The closest card among the players still in wins the round; equal distances are
    decided by drawing. The winner's arrow is turned at once; then he may swap."""
    target = mission_target(state)
    played = state.played
    out = state.out
    if False not in out:
        if log is not None:
            log.append(Event("no_winner", {}))
        bank(state, log)
        return
    distances = [abs(VALUE[card] - target) for card in played]
    if True in out:  # players knocked out cannot win
        distances = [_OUT if gone else d for d, gone in zip(distances, out, strict=True)]
    winner = single_or_drawn(state, distances, min(distances), log)
    state.winner = winner
    state.arrows[-1] = winner
    drop_caches(state)
    state.phase = SWAP
    if log is not None:
        data = {"seat": winner, "card": NAME[played[winner]], "target": target}
        log.append(Event("win", data))
        log.append(Event("arrow", {"seat": winner, "mission": NAME[state.missions[-1]]}))


def single_or_drawn(state: MissionszahlState, values: list[int], best: int, log: Log) -> Seat:
    """The one seat whose value is ``best``; if several share it, drawing decides."""
    if values.count(best) == 1:
        return values.index(best)
    return draw_off(state, [s for s, value in enumerate(values) if value == best], log)


def draw_off(state: MissionszahlState, seats: list[Seat], log: Log) -> Seat:
    """Tied players draw a card each (in seat order); the highest number wins, a new tie
    draws again. Drawn cards go face up under the pile."""
    pile = state.draw_pile
    for _ in range(TIE_DRAW_LIMIT):
        drawn = [pile.pop() for _ in seats]
        for card in drawn:
            _put_under(state, card, PUBLIC)
        if log is not None:
            log.append(Event("tie_draw", {"seats": list(seats), "cards": _names(drawn)}))
        best = max(VALUE[card] for card in drawn)
        seats = [s for s, card in zip(seats, drawn, strict=True) if VALUE[card] == best]
        if len(seats) == 1:
            break
    return seats[0]


def apply_swap(state: MissionszahlState, seat: Seat, action: Swap, log: Log) -> None:
    """Action II: take another player's played card and give him your own, or not."""
    other = action.seat
    played = state.played
    if other is not None:
        played[seat], played[other] = played[other], played[seat]
    if log is not None:
        if other is None:
            log.append(Event("no_swap", {"seat": seat}))
        else:
            data = {"seat": seat, "other": other, "took": NAME[played[seat]]}
            log.append(Event("swap", {**data, "gave": NAME[played[other]]}))
    if state.hands[seat]:
        state.phase = EXCHANGE
    else:
        bank(state, log)


def apply_exchange(state: MissionszahlState, seat: Seat, action: Exchange, log: Log) -> None:
    """Action III: no exchange, or the kind of exchange; the card follows."""
    if action.kind == "none":
        if log is not None:
            log.append(Event("no_exchange", {"seat": seat}))
        bank(state, log)
        return
    state.partner = -1 if action.seat is None else action.seat
    state.history += (Exchanged(seat, action.seat),)
    state.phase = TRADE
    if log is not None:
        if action.seat is None:
            log.append(Event("exchange_pile", {"seat": seat}))
        else:
            log.append(Event("exchange_blind", {"seat": seat, "other": action.seat}))


def apply_trade(state: MissionszahlState, seat: Seat, action: Trade, log: Log) -> None:
    if state.partner < 0:
        trade_with_pile(state, seat, action.card, log)
    else:
        trade_blind(state, seat, state.partner, action.card, log)
    bank(state, log)


def trade_with_pile(state: MissionszahlState, seat: Seat, card: int, log: Log) -> None:
    """The card goes face down under the draw pile, then the top card is drawn. Nobody
    else sees which card went, so what others knew of this hand is lost."""
    hand = state.hands[seat]
    hand.remove(card)
    _put_under(state, card, SEAT_BIT[seat])
    known = state.known
    for other in hand:
        known[other] = 0
    got = state.draw_pile.pop()
    insort(hand, got)
    if log is not None:
        data = {"seat": seat, "gave": NAME[card], "got": NAME[got]}
        log.append(Event("traded_pile", data, frozenset({seat})))


def trade_blind(state: MissionszahlState, seat: Seat, partner: Seat, card: int, log: Log) -> None:
    """The card goes to the partner, and the winner takes one card from the partner's
    hand without looking: the first of a seeded shuffle of that hand (as it was before
    the gift, so he never takes back his own card). Only the two see the cards."""
    hand = state.hands[seat]
    other_hand = state.hands[partner]
    got = first_shuffled(other_hand, state.seed, state.shuffles)
    state.shuffles += 1
    hand.remove(card)
    other_hand.remove(got)
    insort(other_hand, card)
    insort(hand, got)
    known = state.known
    both = SEAT_BIT[seat] | SEAT_BIT[partner]
    for other in (*hand, *other_hand):
        known[other] &= both
    known[card] = SEAT_BIT[seat]
    known[got] = SEAT_BIT[partner]
    state.known_bits |= both
    if log is not None:
        data = {"seat": seat, "other": partner, "gave": NAME[card], "got": NAME[got]}
        log.append(Event("traded_blind", data, frozenset({seat, partner})))


def bank(state: MissionszahlState, log: Log) -> None:
    """Everybody puts the card in front of him on his collection; then the next round,
    or the end once the hands are empty."""
    for collection, card in zip(state.collections, state.played, strict=True):
        collection.append(card)
    drop_caches(state)
    if log is not None:
        log.append(Event("bank", {"cards": _names(state.played)}))
    if state.hands[0]:
        start_round(state, log)
        return
    state.played = [-1] * state.seats
    state.phase = OVER
    state.winner = NOBODY
    if log is not None:
        final = scores(state)
        ranking = [1 + sum(other > mine for other in final) for mine in final]
        void = void_cards(state.collections, state.missions, state.arrows)
        data = {"scores": list(final), "ranking": ranking}
        bonus = [colour_bonus(cards, state.setup.bonus) for cards in state.collections]
        log.append(Event("game_end", {**data, "bonus": bonus, "void": void}))


def _put_under(state: MissionszahlState, card: int, known: int) -> None:
    state.draw_pile.insert(0, card)
    state.known[card] = known
    state.known_bits |= known
    state.under += 1


def _log_cancel(state: MissionszahlState, seat: Seat, log: Log) -> None:
    if log is not None:
        log.append(Event("cancelled", {"seat": seat, "card": NAME[state.played[seat]]}))


# -- the end: scoring ----------------------------------------------------------------------


def scores(state: MissionszahlState) -> tuple[int, ...]:
    """Each collection scored as at the end (final once the hands are empty)."""
    scored = state.scored
    if scored is None:
        scored = state.scored = table_scores(
            state.collections, state.missions, state.arrows, state.setup.bonus
        )
    return scored


#: ``BONUS[k]``: the colour bonus for ``k`` cards of one colour (the rule sheet's table;
#: the options ``bonus_from`` and ``bonus_step`` make another: ``Setup.bonus``).
BONUS: tuple[int, ...] = STANDARD.bonus


#: ``TALLY[card]``: the card's number, plus one in its colour's count (8 bits a colour above
#: the lowest :data:`TALLY_SHIFT` bits): a collection's tallies add up to the sum of its
#: numbers and its colour counts at once (the whole deck's numbers add up to 1512 < 4096,
#: and no colour has more than 27 cards).
TALLY_SHIFT = 12
NUMBERS_MASK = (1 << TALLY_SHIFT) - 1
TALLY: tuple[int, ...] = tuple(
    VALUE[card] + (1 << (TALLY_SHIFT + 8 * COLOUR[card])) for card in ALL_CARDS
)


def colour_counts(cards: Sequence[int]) -> list[int]:
    """How many of ``cards`` have each colour (red, green, blue, orange)."""
    counts = [0] * len(COLOURS)
    for card in cards:
        counts[COLOUR[card]] += 1
    return counts


def colour_bonus(cards: Sequence[int], bonus: Sequence[int] = BONUS) -> int:
    """10 points for three cards of one colour, 10 more for each further card, per colour
    (or as the table ``bonus`` says)."""
    red, green, blue, orange = colour_counts(cards)
    return bonus[red] + bonus[green] + bonus[blue] + bonus[orange]


def table_scores(
    collections: Sequence[Sequence[int]],
    missions: Sequence[int],
    arrows: Sequence[int],
    bonus_of: Sequence[int] = BONUS,
) -> tuple[int, ...]:
    """Every seat's score: the colour bonus on all its collected cards plus the numbers of
    its cards that are not void. A number is void for a seat when a mission card with that
    number points elsewhere (or at nobody, with ``UNOWNED_MISSION_VOIDS``), unless a mission
    card with the same number points at the seat ("same number" compares numbers only,
    RULES-NOTES §3 item 12)."""
    numbers = list(map(VALUE.__getitem__, missions))
    if UNOWNED_MISSION_VOIDS:
        table = set(numbers)
    else:
        table = set(compress(numbers, map(NOBODY.__ne__, arrows)))
    scores = []
    for seat, cards in enumerate(collections):
        void = table
        if seat in arrows:  # numbers of mission cards pointing at him are his own
            void = table.difference(compress(numbers, map(seat.__eq__, arrows)))
        lost = sum(filter(void.__contains__, map(VALUE.__getitem__, cards)))
        tally = sum(map(TALLY.__getitem__, cards))
        counts = tally >> TALLY_SHIFT  # red, green, blue, orange: 8 bits each
        bonus = bonus_of[counts & 255] + bonus_of[counts >> 8 & 255]
        bonus += bonus_of[counts >> 16 & 255] + bonus_of[counts >> 24]
        scores.append((tally & NUMBERS_MASK) - lost + bonus)
    return tuple(scores)


def void_cards(
    collections: Sequence[Sequence[int]], missions: Sequence[int], arrows: Sequence[int]
) -> list[list[str]]:
    """Each seat's collected cards that count nothing (by name): those whose number is a
    mission number on the table that does not point at the seat (:func:`table_scores`)."""
    numbers = list(map(VALUE.__getitem__, missions))
    table = (
        set(numbers)
        if UNOWNED_MISSION_VOIDS
        else {number for number, arrow in zip(numbers, arrows, strict=True) if arrow != NOBODY}
    )
    void = []
    for seat, cards in enumerate(collections):
        own = {number for number, arrow in zip(numbers, arrows, strict=True) if arrow == seat}
        void.append([NAME[card] for card in cards if VALUE[card] in table - own])
    return void


#: The symbols carried out without a decision.
AUTOMATIC: dict[Symbol, Callable[[MissionszahlState, Seat, Log], None]] = {
    Symbol.PASS_CW: pass_clockwise,
    Symbol.NEW_MISSION: new_mission,
    Symbol.EVENS_OUT: evens_out,
}

#: The move of each phase in which a player decides.
APPLY: dict[Phase, Callable[..., None]] = {
    COMMIT: apply_commit,
    SHIFT: apply_shift,
    GIVE: apply_give,
    SWAP: apply_swap,
    EXCHANGE: apply_exchange,
    TRADE: apply_trade,
}


def _names(cards: Sequence[int]) -> list[str]:
    return [NAME[card] for card in cards]
