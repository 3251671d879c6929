"""The rules of Dicht dran, in the rule sheet's order.

Set-up: the 1 and the 100 lie opposite each other in the circle, four more cards fill it,
every player gets eight cards, the rest is the draw pile. The target is the card clockwise
after the 1 and moves on clockwise each round. A round:

1. every player lays one hand card face down; when all have, they are revealed;
2. the card closest to the target wins it (equal distance: the higher card); the target goes
   to the winner's collection and the winning card takes its place in the circle;
3. every other card inside the gap (between the target's two circle neighbours) is
   discarded;
4. every card still lying there is discarded and its player draws as many cards as it shows
   chilis.

The pass ends after a round in which a hand became empty or the draw pile ran out; then won
chilis count plus and chilis in hand count minus. Several passes make a game. Resolutions
of gaps in the rule sheet are named constants or options; see ``docs/rules/dicht-dran.md``.

These functions change a :class:`~.state.DichtDranState` in place and, given a ``log``,
record what happened as events. The bots reuse :func:`closeness` (through
:data:`CLOSENESS`), :func:`gap_of` and the target order of :func:`next_targets`.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from operator import itemgetter

from spieltisch.core.chance import is_complete_deck, shuffled
from spieltisch.core.errors import deck_order_error
from spieltisch.core.game import Event, Seat
from spieltisch.games.dicht_dran.cards import CHILIS, HIGHEST, LOWEST, SHUFFLED, chili_sum
from spieltisch.games.dicht_dran.state import (
    CARDS_IN_PLAY,
    CIRCLE_SIZE,
    FIRST_TARGET,
    HUNDRED_POSITION,
    MAX_PLAYERS,
    ONE_POSITION,
    PLAYS,
    DichtDranState,
    Play,
    drop_caches,
    round_changed,
)
from spieltisch.games.dicht_dran.words import WORDS

# -- the circle -------------------------------------------------------------------------


def next_targets(anchors_can_be_target: bool) -> tuple[int, ...]:
    """``result[p]``: the circle position that becomes the target after position ``p``,
    the next one clockwise; unless ``anchors_can_be_target``, the places of the 1 and the
    100 are passed over."""
    return tuple(_next_target(position, anchors_can_be_target) for position in range(CIRCLE_SIZE))


def _next_target(position: int, anchors: bool) -> int:
    step = (position + 1) % CIRCLE_SIZE
    while not anchors and step in (ONE_POSITION, HUNDRED_POSITION):
        step = (step + 1) % CIRCLE_SIZE
    return step


def gap_of(circle: Sequence[int], target: int) -> tuple[int, int]:
    """The gap: the range between the target's two circle neighbours, both included.

    Inclusive or not never matters, since both bounds lie in the circle (RULES-NOTES §1 b 3).
    """
    a = circle[(target - 1) % CIRCLE_SIZE]
    b = circle[(target + 1) % CIRCLE_SIZE]
    return (a, b) if a < b else (b, a)


#: ``ALL_SEATS[n]``: every seat of an ``n``-player game, who all lay a card each round.
ALL_SEATS = tuple(tuple(range(n)) for n in range(MAX_PLAYERS + 1))
#: ``CLOCKWISE_AFTER[n][w]``: the other seats of an ``n``-player game, clockwise from
#: ``w``'s left neighbour (the order in which players draw after ``w`` won).
CLOCKWISE_AFTER = tuple(
    tuple(tuple((w + k) % n for k in range(1, n)) for w in range(n)) for n in range(MAX_PLAYERS + 1)
)

# -- set-up -----------------------------------------------------------------------------


def checked_deck(deck: Sequence[object]) -> list[int]:
    """``deck`` as cards, if it lists each shuffled card (2–99) exactly once."""
    cards = [card for card in deck if type(card) is int]
    if not is_complete_deck(deck, SHUFFLED):
        raise deck_order_error(WORDS, len(deck))
    return cards


def deal(state: DichtDranState, deck: list[int] | None, log: list[Event] | None) -> None:
    """Start a pass: 1 and 100 opposite in the circle, four more cards, eight per hand.

    The four cards go to the circle clockwise after the 1 (skipping the 100's place), then
    each seat in turn takes the next eight, and the rest is the draw pile, top first. An
    explicit deck takes the place of this deal's shuffle, so later shuffles are the same
    whether the first pass came from the seed or from the deck it deals.
    """
    if deck is None:
        deck = shuffled(SHUFFLED, state.seed, state.shuffles)
    state.shuffles += 1
    drop_caches(state)
    n = state.seats
    state.circle = [LOWEST, deck[0], deck[1], HIGHEST, deck[2], deck[3]]
    start = CIRCLE_SIZE - 2
    size = state.hand_size
    state.hands = [sorted(deck[start + size * s : start + size * (s + 1)]) for s in range(n)]
    state.draw_pile = deck[start + size * n :][::-1]
    state.discard_pile = []
    state.collections = [[] for _ in range(n)]
    state.target = FIRST_TARGET
    state.committed = [0] * n
    state.waiting = ALL_SEATS[n]
    if log is not None:
        log.append(Event("pass_start", {"pass": len(state.pass_scores) + 1}))
        for seat, hand in enumerate(state.hands):
            log.append(Event("deal", {"seat": seat, "hand": sorted(hand)}, frozenset({seat})))
        log_target(state, log)


def log_target(state: DichtDranState, log: list[Event]) -> None:
    """Announce the target and its gap."""
    low, high = gap_of(state.circle, state.target)
    log.append(Event("target", {"target": state.circle[state.target], "gap": [low, high]}))


# -- Action 1: every player lays a card face down ---------------------------------------


def legal_plays(state: DichtDranState, seat: Seat) -> Sequence[Play]:
    """Any hand card, once per round, until everyone has laid one."""
    if seat not in state.waiting:
        return ()
    hand = state.hands[seat]
    return itemgetter(*hand)(PLAYS) if len(hand) > 1 else (PLAYS[hand[0]],)


def lay(state: DichtDranState, seat: Seat, card: int, log: list[Event] | None) -> bool:
    """``seat`` lays ``card`` face down; returns whether that was the round's last card."""
    state.hands[seat].remove(card)
    state.committed[seat] = card
    waiting = state.waiting
    if waiting[0] == seat:
        waiting = waiting[1:]
    else:
        index = waiting.index(seat)
        waiting = waiting[:index] + waiting[index + 1 :]
    state.waiting = waiting
    if log is not None:
        log.append(Event("commit", {"seat": seat}))
        log.append(Event("my_card", {"seat": seat, "card": card}, frozenset({seat})))
    return not waiting


# -- Action 2: the closest card wins the target -----------------------------------------


def closeness(card: int, target: int) -> int:
    """How close ``card`` comes to ``target``, lower is closer: the closest card wins, and
    at equal distance the higher card. Only two cards can be equally close (target − d and
    target + d), so ``2·distance − (card above target)`` ranks every card apart."""
    return 2 * abs(card - target) - (card > target)


#: ``CLOSENESS[target][card]``: :func:`closeness` for every target and card, read from a
#: table where it is asked often.
CLOSENESS = tuple(
    tuple(closeness(card, target) for card in range(HIGHEST + 1)) for target in range(HIGHEST + 1)
)


def closest(cards: Sequence[int], target: int) -> Seat:
    """The seat whose card is closest to ``target`` (:func:`closeness`)."""
    keys = CLOSENESS[target]
    best = 0
    best_key = 2 * HIGHEST
    for seat, card in enumerate(cards):
        key = keys[card]
        if key < best_key:
            best, best_key = seat, key
    return best


# -- Actions 2–4: resolving the round ---------------------------------------------------


def resolve_round(
    state: DichtDranState,
    next_target: Sequence[int],
    passes: int,
    log: list[Event] | None,
) -> None:
    """Actions 2–4 once all cards are revealed, then the next round or the pass end.

    The winning card replaces the target in the circle. The other cards are discarded in
    clockwise order from the winner's left; those outside the gap make their players draw
    one card per chili they show (Action 4).
    """
    round_changed(state)
    cards = state.committed
    circle = state.circle
    position = state.target
    target = circle[position]
    low, high = gap_of(circle, position)
    winner = closest(cards, target)
    state.rounds += 1
    state.collections[winner].append(target)
    circle[position] = cards[winner]
    n = state.seats
    discard = state.discard_pile
    owed: list[Seat] = []
    for seat in CLOCKWISE_AFTER[n][winner]:
        card = cards[seat]
        discard.append(card)
        if card < low or card > high:
            owed.append(seat)
    if log is not None:
        log_round(cards, winner, target, owed, state.chilis, log)
    reshuffled = False
    for seat in owed:
        reshuffled |= draw(state, seat, state.chilis[cards[seat]], log)
    state.committed = [0] * n
    if reshuffled or not state.draw_pile or not all(state.hands):
        end_pass(state, passes, log)
    else:
        state.waiting = ALL_SEATS[n]
        state.target = next_target[position]
        if log is not None:
            log_target(state, log)


def log_round(
    cards: Sequence[int],
    winner: Seat,
    target: int,
    owed: Sequence[Seat],
    chilis: Sequence[int],
    log: list[Event],
) -> None:
    """Record the reveal, the win (how far the winning card lies from the target, and
    whether another card lay as far: then the higher won), and where every other card
    went."""
    log.append(Event("reveal", {"cards": list(cards)}))
    distance = abs(cards[winner] - target)
    tie = any(abs(card - target) == distance for seat, card in enumerate(cards) if seat != winner)
    data = {"seat": winner, "card": cards[winner], "target": target, "distance": distance}
    log.append(Event("win", {**data, "tie": tie}))
    for seat, card in enumerate(cards):
        if seat != winner:
            kind = "discard_draw" if seat in owed else "gap_discard"
            log.append(Event(kind, {"seat": seat, "card": card, "chilis": chilis[card]}))


def draw(state: DichtDranState, seat: Seat, count: int, log: list[Event] | None) -> bool:
    """``seat`` draws ``count`` cards from the top; returns whether it reshuffled.

    If the pile runs out while cards are owed, the discard pile is shuffled into a new
    pile and the owed cards come from it (seed rule); the pass ends after this round. A
    reshuffle empties the discard pile, so if the new pile is too small, the rest lapses.
    """
    pile = state.draw_pile
    drawn = pile[-count:]
    del pile[-count:]
    reshuffled = len(drawn) < count and bool(state.discard_pile)
    if reshuffled:
        pile[:] = shuffled(state.discard_pile, state.seed, state.shuffles)
        state.discard_pile.clear()
        state.shuffles += 1
        if log is not None:
            log.append(Event("reshuffle", {"cards": len(pile)}))
        missing = count - len(drawn)
        drawn += pile[-missing:]
        del pile[-missing:]
    hand = state.hands[seat]
    for card in drawn:
        insort(hand, card)
    if log is not None:
        log.append(Event("draw", {"seat": seat, "count": len(drawn)}))
        data = {"seat": seat, "count": len(drawn), "cards": drawn}
        log.append(Event("drawn", data, frozenset({seat})))
    return reshuffled


# -- the end of a pass and of the game --------------------------------------------------


def pass_score(won: list[int], hand: list[int], chilis: tuple[int, ...] = CHILIS) -> int:
    """What a pass is worth to a player: the chilis won minus the chilis in hand."""
    return chili_sum(won, chilis) - chili_sum(hand, chilis)


def end_pass(state: DichtDranState, passes: int, log: list[Event] | None) -> None:
    """Score the pass; deal the next one unless it was the last of the ``passes``."""
    scores = [
        pass_score(won, hand, state.chilis)
        for won, hand in zip(state.collections, state.hands, strict=True)
    ]
    state.pass_scores.append(scores)
    drop_caches(state)
    state.last_hands = [hand[:] for hand in state.hands]
    state.waiting = ()
    if log is not None:
        log.append(
            Event(
                "pass_end",
                {
                    "pass": len(state.pass_scores),
                    "hands": [sorted(h) for h in state.hands],
                    "scores": scores,
                    "totals": list(totals(state)),
                },
            )
        )
    if len(state.pass_scores) < passes:
        deal(state, None, log)


def is_over(state: DichtDranState, passes: int) -> bool:
    """The game ends with its last pass."""
    return len(state.pass_scores) >= passes


def totals(state: DichtDranState) -> tuple[int, ...]:
    """The sum of each seat's finished passes."""
    return (
        tuple(sum(column) for column in zip(*state.pass_scores, strict=True)) or (0,) * state.seats
    )


def standing(state: DichtDranState, passes: int) -> tuple[int, ...]:
    """The finished passes plus the running one scored as if it ended now."""
    done = totals(state)
    if is_over(state, passes):
        return done
    return tuple(
        total + pass_score(won, hand, state.chilis)
        for total, won, hand in zip(done, state.collections, state.hands, strict=True)
    )


def max_actions(passes: int) -> int:
    """Each round every seat lays one of the 94 cards in hands and draw pile; draws only
    move cards between those two, and a reshuffle ends the pass."""
    return CARDS_IN_PLAY * passes
