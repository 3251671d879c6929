"""Dicht dran (Reinhard Staupe, NSV 2013): get closest to the target card.

A round, as the rule sheet has it:

1. every player lays one hand card face down; when all have, they are revealed;
2. the card closest to the target wins it (equal distance: the higher card); the target goes
   to the winner's collection and the winning card takes its place in the circle;
3. every other card inside the gap (between the target's two circle neighbours) is
   discarded;
4. every card still lying there is discarded and its player draws as many cards as it shows
   chilis.

The pass ends after a round in which a hand became empty or the draw pile ran out; then won
chilis count plus and chilis in hand count minus. Several passes make a game.
Resolutions of gaps in the rule sheet are named constants or options; see
``docs/rules/dicht-dran.md``.
"""

from __future__ import annotations

import random
import re
from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import ClassVar

from spieltisch.core.chance import is_complete_deck, shuffled
from spieltisch.core.errors import DeckError
from spieltisch.core.game import JSON, Event, Game, GameSpec, Seat, View, quick_constructor
from spieltisch.core.options import OptionSpec
from spieltisch.games.dicht_dran.cards import (
    CHILIS,
    HIGHEST,
    LOWEST,
    SHUFFLED,
    card_faces,
    chili_sum,
)

CIRCLE_SIZE = 6
#: Circle positions of the 1 and the 100, opposite each other; positions run clockwise.
ONE_POSITION = 0
HUNDRED_POSITION = 3
#: The first target is the card clockwise after the 1.
FIRST_TARGET = ONE_POSITION + 1
HAND_SIZE = 8
#: Cards 2–99 left after the four random circle cards: they fill hands and the draw pile.
CARDS_IN_PLAY = len(SHUFFLED) - (CIRCLE_SIZE - 2)

RULES_VERSION = "1"


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``card`` from the hand face down (Action 1)."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "play", "card": self.card}


#: One shared instance per card, so legal actions cost no allocation.
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in range(HIGHEST + 1))
_PLAY_TEXT = re.compile(r"\s*(?:play\s+|spiele\s+)?(\d{1,3})\s*", re.IGNORECASE)


@dataclass(slots=True)
class DichtDranState:
    """The whole table. Internal to the engine: only views leave it.

    ``draw_pile`` has its top card last; hands are kept sorted, so legal actions come in
    card order. ``committed[s]`` is the card seat ``s`` laid face
    down this round (0: none yet); ``waiting`` are the seats yet to lay a card.
    """

    seats: int
    seed: int
    shuffles: int
    circle: list[int]
    target: int
    hands: list[list[int]]
    draw_pile: list[int]
    discard_pile: list[int]
    collections: list[list[int]]
    committed: list[int]
    waiting: tuple[int, ...]
    pass_scores: list[list[int]]
    last_hands: list[list[int]]
    #: Caches, outside equality: what every seat's view shows alike, made by the first view
    #: that needs it and shared by the others: the pass's part (forgotten when a pass ends,
    #: :func:`drop_caches`) and the round's part (forgotten when a round resolves,
    #: :func:`round_changed`).
    public_pass: tuple[JSON, ...] | None = field(default=None, compare=False, repr=False)
    public_round: tuple[JSON, ...] | None = field(default=None, compare=False, repr=False)


def drop_caches(state: DichtDranState) -> None:
    """Forget both cached parts of the views: the pass changed (it ended or was dealt)."""
    state.public_pass = state.public_round = None


def round_changed(state: DichtDranState) -> None:
    """Forget the round's cached part of the views: the circle, piles or collections
    changed."""
    state.public_round = None


@dataclass(frozen=True, slots=True)
class DichtDranView(View):
    """What one seat knows. Played cards were shown to all when revealed, so the discard
    pile and every collection are public; hands, the draw pile and unrevealed commits are
    not."""

    # what every seat sees alike: changes when a pass ends
    players: int
    passes: int
    pass_number: int
    pass_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    last_pass_hands: tuple[tuple[int, ...], ...]
    game_over: bool
    # changes when a round resolves
    circle: tuple[int, ...]
    target_position: int
    target: int
    gap: tuple[int, int]
    draw_pile_size: int
    discard_pile: tuple[int, ...]
    collections: tuple[tuple[int, ...], ...]
    #: the chilis on each seat's won cards: what its collection counts at the end of the pass
    won_chilis: tuple[int, ...]
    # what changes with every card laid, and the seat's own cards
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    committed: tuple[bool, ...]
    my_card: int | None


#: ``DichtDranView(...)`` with every field in order, several times faster (a view is built for
#: every decision of a simulation).
_new_view = quick_constructor(DichtDranView)


def gap_of(circle: Sequence[int], target: int) -> tuple[int, int]:
    """The gap: the range between the target's two circle neighbours, both included.

    Inclusive or not never matters, since both bounds lie in the circle (RULES-NOTES §1 b 3).
    """
    a = circle[(target - 1) % CIRCLE_SIZE]
    b = circle[(target + 1) % CIRCLE_SIZE]
    return (a, b) if a < b else (b, a)


def closest(cards: Sequence[int], target: int) -> int:
    """The seat whose card is closest to ``target``; at equal distance the higher card.

    Only two cards can be equally close (target − d and target + d), so ranking by
    ``2·distance − (card above target)`` puts the higher one first.
    """
    best = 0
    best_key = HIGHEST * 2
    for seat, card in enumerate(cards):
        key = 2 * abs(card - target) - (card > target)
        if key < best_key:
            best, best_key = seat, key
    return best


class DichtDran(Game[DichtDranState, Play, DichtDranView]):
    """Dicht dran for 3–5 players."""

    action_table = PLAYS[LOWEST:]
    spec: ClassVar[GameSpec] = GameSpec(
        id="dicht-dran",
        name_de="Dicht dran",
        name_en="Dicht dran",
        rules_version=RULES_VERSION,
        min_seats=3,
        max_seats=5,
        options=(
            OptionSpec(
                "passes",
                2,
                "Anzahl der Durchgänge (die Regel empfiehlt zwei)",
                "number of passes (the rules recommend two)",
                minimum=1,
                maximum=10,
            ),
            OptionSpec(
                "anchors_can_be_target",
                True,
                "Die 1 und die 100 werden wie jede Kreiskarte zur Zielkarte",
                "the 1 and the 100 become the target like any circle card",
            ),
        ),
    )

    def __init__(self, options: dict[str, JSON] | None = None) -> None:
        super().__init__(options)
        self.passes = int(self.options["passes"])
        anchors = bool(self.options["anchors_can_be_target"])
        #: ``all_seats[n]``: every seat of an ``n``-player game, who all lay a card each round.
        self.all_seats = tuple(tuple(range(n)) for n in range(self.spec.max_seats + 1))
        #: ``clockwise_after[n][w]``: the other seats of an ``n``-player game, clockwise from
        #: ``w``'s left neighbour (the order in which players draw after ``w`` won).
        self.clockwise_after = tuple(
            tuple(tuple((w + k) % n for k in range(1, n)) for w in range(n))
            for n in range(self.spec.max_seats + 1)
        )
        #: ``next_target[p]`` is the circle position that becomes the target after ``p``.
        self.next_target = tuple(
            self._next_target(position, anchors) for position in range(CIRCLE_SIZE)
        )

    @staticmethod
    def _next_target(position: int, anchors: bool) -> int:
        step = (position + 1) % CIRCLE_SIZE
        while not anchors and step in (ONE_POSITION, HUNDRED_POSITION):
            step = (step + 1) % CIRCLE_SIZE
        return step

    # -- set-up -----------------------------------------------------------------------
    def new_state(
        self,
        seats: int,
        seed: int,
        deck: Sequence[object] | None = None,
        log: list[Event] | None = None,
    ) -> DichtDranState:
        """Deal the first pass: ``deck`` (cards 2–99, top first) or a shuffle from ``seed``.

        From a deck, the first four cards go to the circle clockwise after the 1 (skipping the
        100's place), then each seat in turn takes the next eight, and the rest is the draw
        pile, top first. Later passes and reshuffles are shuffled from ``seed``.
        """
        self.spec.check_seats(seats)
        state = DichtDranState(
            seats=seats,
            seed=seed,
            shuffles=0,
            circle=[],
            target=FIRST_TARGET,
            hands=[],
            draw_pile=[],
            discard_pile=[],
            collections=[[] for _ in range(seats)],
            committed=[0] * seats,
            waiting=(),
            pass_scores=[],
            last_hands=[],
        )
        self._deal(state, self._checked_deck(deck) if deck is not None else None, log)
        return state

    @staticmethod
    def _checked_deck(deck: Sequence[object]) -> list[int]:
        cards = [card for card in deck if type(card) is int]
        if not is_complete_deck(deck, SHUFFLED):
            raise DeckError(
                "a Dicht dran deck lists each card from 2 to 99 exactly once, top card first; "
                f"got {len(deck)} entries"
            )
        return cards

    def deck_order(self, seats: int, seed: int) -> list[int]:
        return shuffled(SHUFFLED, seed, 0)

    def _deal(self, state: DichtDranState, deck: list[int] | None, log: list[Event] | None) -> None:
        """Start a pass: 1 and 100 opposite in the circle, four more cards, eight per hand.

        An explicit deck takes the place of this deal's shuffle, so later shuffles are the
        same whether the first pass came from the seed or from the deck it deals.
        """
        if deck is None:
            deck = shuffled(SHUFFLED, state.seed, state.shuffles)
        state.shuffles += 1
        drop_caches(state)
        n = state.seats
        state.circle = [LOWEST, deck[0], deck[1], HIGHEST, deck[2], deck[3]]
        start = CIRCLE_SIZE - 2
        state.hands = [
            sorted(deck[start + HAND_SIZE * s : start + HAND_SIZE * (s + 1)]) for s in range(n)
        ]
        state.draw_pile = deck[start + HAND_SIZE * n :][::-1]
        state.discard_pile = []
        state.collections = [[] for _ in range(n)]
        state.target = FIRST_TARGET
        state.committed = [0] * n
        state.waiting = self.all_seats[n]
        if log is not None:
            log.append(Event("pass_start", {"pass": len(state.pass_scores) + 1}))
            for seat, hand in enumerate(state.hands):
                log.append(Event("deal", {"seat": seat, "hand": sorted(hand)}, frozenset({seat})))
            self._log_target(state, log)

    def clone(self, state: DichtDranState) -> DichtDranState:
        return DichtDranState(
            seats=state.seats,
            seed=state.seed,
            shuffles=state.shuffles,
            circle=state.circle[:],
            target=state.target,
            hands=[hand[:] for hand in state.hands],
            draw_pile=state.draw_pile[:],
            discard_pile=state.discard_pile[:],
            collections=[c[:] for c in state.collections],
            committed=state.committed[:],
            waiting=state.waiting,
            pass_scores=[s[:] for s in state.pass_scores],
            last_hands=[h[:] for h in state.last_hands],
            public_pass=state.public_pass,  # immutable values of the same table
            public_round=state.public_round,
        )

    def drop_caches(self, state: DichtDranState) -> None:
        drop_caches(state)

    # -- the turn ---------------------------------------------------------------------
    def to_act(self, state: DichtDranState) -> tuple[Seat, ...]:
        return state.waiting

    def legal_actions(self, state: DichtDranState, seat: Seat) -> Sequence[Play]:
        """Any hand card, once per round, until everyone has laid one."""
        if seat not in state.waiting:
            return ()
        hand = state.hands[seat]
        return itemgetter(*hand)(PLAYS) if len(hand) > 1 else (PLAYS[hand[0]],)

    def apply(
        self, state: DichtDranState, seat: Seat, action: Play, log: list[Event] | None = None
    ) -> None:
        card = action.card
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
        if not waiting:
            self._resolve_round(state, log)

    def _resolve_round(self, state: DichtDranState, log: list[Event] | None) -> None:
        """Actions 2–4 once all cards are revealed, then the next round or the pass end."""
        round_changed(state)
        cards = state.committed
        circle = state.circle
        position = state.target
        target = circle[position]
        low, high = gap_of(circle, position)
        winner = closest(cards, target)
        state.collections[winner].append(target)
        circle[position] = cards[winner]
        n = state.seats
        discard = state.discard_pile
        owed: list[Seat] = []
        for seat in self.clockwise_after[n][winner]:
            card = cards[seat]
            discard.append(card)
            if card < low or card > high:
                owed.append(seat)
        if log is not None:
            self._log_round(cards, winner, target, owed, log)
        reshuffled = False
        for seat in owed:
            reshuffled |= self._draw(state, seat, CHILIS[cards[seat]], log)
        state.committed = [0] * n
        if reshuffled or not state.draw_pile or not all(state.hands):
            self._end_pass(state, log)
        else:
            state.waiting = self.all_seats[n]
            state.target = self.next_target[position]
            if log is not None:
                self._log_target(state, log)

    def _draw(
        self,
        state: DichtDranState,
        seat: Seat,
        count: int,
        log: list[Event] | None,
    ) -> bool:
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
            log.append(Event("drawn", {"seat": seat, "cards": drawn}, frozenset({seat})))
        return reshuffled

    def _end_pass(self, state: DichtDranState, log: list[Event] | None) -> None:
        """Score the pass (won chilis minus chilis in hand); deal the next or end the game."""
        scores = [
            chili_sum(won) - chili_sum(hand)
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
                        "totals": list(self.scores(state)),
                    },
                )
            )
        if len(state.pass_scores) < self.passes:
            self._deal(state, None, log)
        elif log is not None:
            log.append(Event("game_end", {"ranking": list(self.ranking(state))}))

    # -- the end ----------------------------------------------------------------------
    def is_terminal(self, state: DichtDranState) -> bool:
        return len(state.pass_scores) >= self.passes

    def scores(self, state: DichtDranState) -> tuple[int, ...]:
        """The sum of each seat's finished passes."""
        return (
            tuple(sum(column) for column in zip(*state.pass_scores, strict=True))
            or (0,) * state.seats
        )

    def standing(self, state: DichtDranState) -> tuple[int, ...]:
        """The finished passes plus the running one scored as if it ended now: chilis won
        minus chilis in hand."""
        totals = self.scores(state)
        if self.is_terminal(state):
            return totals
        return tuple(
            total + chili_sum(won) - chili_sum(hand)
            for total, won, hand in zip(totals, state.collections, state.hands, strict=True)
        )

    def max_actions(self, seats: int) -> int:
        """Each round every seat lays one of the 94 cards in hands and draw pile; draws only
        move cards between those two, and a reshuffle ends the pass."""
        return CARDS_IN_PLAY * self.passes

    # -- hidden information -----------------------------------------------------------
    def view(self, state: DichtDranState, seat: Seat | None) -> DichtDranView:
        public_pass = state.public_pass
        if public_pass is None:
            public_pass = state.public_pass = self._public_pass(state)
        public_round = state.public_round
        if public_round is None:
            public_round = state.public_round = self._public_round(state)
        mine = state.committed[seat] if seat is not None else 0
        return _new_view(
            seat,
            *public_pass,
            *public_round,
            tuple(state.hands[seat]) if seat is not None else (),  # hand
            tuple(map(len, state.hands)),  # hand_sizes
            tuple(map(bool, state.committed)),  # committed: face-down cards are never 0
            mine or None,  # my_card
        )

    def _public_pass(self, state: DichtDranState) -> tuple[JSON, ...]:
        """The fields of every seat's view that change when a pass ends, in field order."""
        return (
            state.seats,
            self.passes,
            min(len(state.pass_scores) + 1, self.passes),  # pass_number
            tuple(map(tuple, state.pass_scores)),
            self.scores(state),  # totals
            tuple(map(tuple, state.last_hands)),  # last_pass_hands (hands are kept sorted)
            self.is_terminal(state),  # game_over
        )

    def _public_round(self, state: DichtDranState) -> tuple[JSON, ...]:
        """The fields of every seat's view that change when a round resolves (the circle,
        the open piles, the collections and their chilis), in field order."""
        circle = tuple(state.circle)
        collections = tuple(map(tuple, state.collections))
        return (
            circle,
            state.target,  # target_position
            circle[state.target],
            gap_of(circle, state.target),
            len(state.draw_pile),
            tuple(sorted(state.discard_pile)),
            collections,
            tuple(map(chili_sum, collections)),  # won_chilis
        )

    def determinize(self, view: DichtDranView, rng: random.Random) -> DichtDranState:
        """Deal the cards the seat cannot see (other hands, their face-down cards, the draw
        pile) at random from the cards it has not seen anywhere."""
        n = view.players
        seat = view.seat
        seen = {*view.circle, *view.hand, *view.discard_pile}
        for won in view.collections:
            seen.update(won)
        if view.my_card is not None:
            seen.add(view.my_card)
        hands = [list(view.hand) if s == seat else [] for s in range(n)]
        committed = [0] * n
        if seat is not None and view.my_card is not None:
            committed[seat] = view.my_card
        state = DichtDranState(
            seats=n,
            seed=rng.getrandbits(63),
            shuffles=0,
            circle=list(view.circle),
            target=view.target_position,
            hands=hands,
            draw_pile=[],
            discard_pile=list(view.discard_pile),
            collections=[list(c) for c in view.collections],
            committed=committed,
            waiting=tuple(s for s in range(n) if not view.committed[s])
            if not view.game_over
            else (),
            pass_scores=[list(s) for s in view.pass_scores],
            last_hands=[list(h) for h in view.last_pass_hands],
        )
        unseen = [card for card in range(LOWEST, HIGHEST + 1) if card not in seen]
        rng.shuffle(unseen)
        self._fill_unseen(state, seat, view.hand_sizes, view.committed, unseen)
        return state

    @staticmethod
    def _fill_unseen(
        state: DichtDranState,
        seat: Seat | None,
        hand_sizes: Sequence[int],
        committed: Sequence[bool],
        cards: list[int],
    ) -> None:
        """Deal ``cards`` to every place ``seat`` cannot see: other hands, their face-down
        cards, then the draw pile."""
        for other in range(state.seats):
            if other == seat:
                continue
            size = hand_sizes[other]
            state.hands[other] = sorted(cards[:size])
            del cards[:size]
            if committed[other]:
                state.committed[other] = cards.pop()
        state.draw_pile = cards

    def take_back_face_down(self, state: DichtDranState, seat: Seat) -> bool:
        """Every other seat that has laid a card this round takes it back and is to lay
        again (for a search that lets models of the players choose their cards)."""
        taken = False
        for other, card in enumerate(state.committed):
            if other != seat and card:
                insort(state.hands[other], card)  # hands are kept sorted
                state.committed[other] = 0
                taken = True
        if taken:
            state.waiting = tuple(s for s, card in enumerate(state.committed) if not card)
            round_changed(state)
        return taken

    def shuffle_unseen(
        self, state: DichtDranState, seat: Seat | None, rng: random.Random
    ) -> DichtDranState:
        copy = self.clone(state)
        unseen = list(copy.draw_pile)
        for other in range(copy.seats):
            if other != seat:
                unseen.extend(copy.hands[other])
                if copy.committed[other]:
                    unseen.append(copy.committed[other])
        rng.shuffle(unseen)
        sizes = [len(hand) for hand in copy.hands]
        self._fill_unseen(copy, seat, sizes, [c != 0 for c in copy.committed], unseen)
        copy.seed = rng.getrandbits(63)
        return copy

    def card_zones(self, state: DichtDranState) -> dict[str, list[int]]:
        zones = {
            "circle": state.circle,
            "draw pile": state.draw_pile,
            "discard pile": state.discard_pile,
            "face down": [card for card in state.committed if card],
        }
        for seat in range(state.seats):
            zones[f"hand {seat}"] = state.hands[seat]
            zones[f"collection {seat}"] = state.collections[seat]
        return zones

    def all_cards(self, seats: int) -> list[object]:
        return list(range(LOWEST, HIGHEST + 1))

    # -- actions as text, JSON and integers --------------------------------------------
    def parse_action(self, text: str) -> Play:
        """``play 63`` (or just ``63``)."""
        match = _PLAY_TEXT.fullmatch(text)
        if match is None or not LOWEST <= int(match.group(1)) <= HIGHEST:
            raise self._bad_action(text, "play 63")
        return PLAYS[int(match.group(1))]

    def action_from_json(self, data: JSON) -> Play:
        """``{"type": "play", "card": 63}``."""
        if (
            isinstance(data, dict)
            and data.get("type") == "play"
            and set(data) == {"type", "card"}
            and type(data["card"]) is int
            and LOWEST <= data["card"] <= HIGHEST
        ):
            return PLAYS[data["card"]]
        raise self._bad_action(data, '{"type": "play", "card": 63}')

    # -- words ------------------------------------------------------------------------
    def _log_target(self, state: DichtDranState, log: list[Event]) -> None:
        low, high = gap_of(state.circle, state.target)
        log.append(Event("target", {"target": state.circle[state.target], "gap": [low, high]}))

    @staticmethod
    def _log_round(
        cards: Sequence[int], winner: Seat, target: int, owed: Sequence[Seat], log: list[Event]
    ) -> None:
        log.append(Event("reveal", {"cards": list(cards)}))
        log.append(Event("win", {"seat": winner, "card": cards[winner], "target": target}))
        for seat, card in enumerate(cards):
            if seat != winner:
                kind = "discard_draw" if seat in owed else "gap_discard"
                log.append(Event(kind, {"seat": seat, "card": card, "chilis": CHILIS[card]}))

    @classmethod
    def card_faces(cls) -> dict[str, JSON]:
        """Every card's chilis and their colour (:func:`cards.card_faces`)."""
        return {"cards": card_faces(), "names": {}}

    def label(self, action: Play, lang: str) -> str:
        """Just the card number."""
        return str(action.card)

    def describe(self, event: Event, lang: str) -> str:
        lang = lang if lang in _WORDS else "en"
        words = _WORDS[lang]
        data = dict(event.data)
        if "gap" in data:
            data["gap"] = "{}–{}".format(*data["gap"])
        for key in ("hand", "cards", "scores", "totals", "ranking"):
            if isinstance(data.get(key), list):
                data[key] = ", ".join(map(str, data[key]))
        if "seat" in data:
            data["player"] = data["seat"] + 1
        for key in ("chilis", "count"):
            if key in data:
                data[f"{key}_word"] = words[f"{key}_{'one' if data[key] == 1 else 'many'}"]
        if event.kind == "pass_end":
            data["hands"] = " | ".join(
                f"{words['player']} {seat + 1}: {', '.join(map(str, hand)) or '–'}"
                for seat, hand in enumerate(data["hands"])
            )
        return words[event.kind].format(**data)


_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "pass_start": "Durchgang {pass} beginnt.",
        "deal": "Deine Handkarten: {hand}",
        "target": "Zielkarte {target}, Lücke {gap}.",
        "commit": "Spieler {player} hat eine Karte verdeckt abgelegt.",
        "my_card": "Du hast die {card} verdeckt abgelegt.",
        "reveal": "Aufgedeckt: {cards}",
        "win": "Spieler {player} ist mit der {card} am dichtesten dran und gewinnt die {target}.",
        "gap_discard": "Die {card} von Spieler {player} passt in die Lücke: abgelegt.",
        "discard_draw": "Die {card} von Spieler {player} liegt außerhalb der Lücke und zeigt "
        "{chilis} {chilis_word}: abgelegt, Spieler {player} muss nachziehen.",
        "draw": "Spieler {player} zieht {count} {count_word}.",
        "drawn": "Du ziehst: {cards}",
        "reshuffle": "Der Zugstapel ist leer: {cards} Karten des Ablagestapels werden gemischt.",
        "pass_end": "Durchgang {pass} ist vorbei. Handkarten: {hands}. Punkte: {scores}; "
        "insgesamt: {totals}.",
        "player": "Spieler",
        "chilis_one": "Knallschote",
        "chilis_many": "Knallschoten",
        "count_one": "Karte",
        "count_many": "Karten",
        "game_end": "Das Spiel ist aus. Platzierung: {ranking}.",
    },
    "en": {
        "pass_start": "Pass {pass} begins.",
        "deal": "Your hand: {hand}",
        "target": "Target {target}, gap {gap}.",
        "commit": "Player {player} laid a card face down.",
        "my_card": "You laid the {card} face down.",
        "reveal": "Revealed: {cards}",
        "win": "Player {player} is closest with {card} and wins the {target}.",
        "gap_discard": "Player {player}'s {card} fits the gap: discarded.",
        "discard_draw": "Player {player}'s {card} is outside the gap and shows {chilis} "
        "{chilis_word}: discarded, player {player} must draw.",
        "draw": "Player {player} draws {count} {count_word}.",
        "drawn": "You draw: {cards}",
        "reshuffle": "The draw pile is empty: {cards} discarded cards are shuffled.",
        "pass_end": "Pass {pass} is over. Hands: {hands}. Points: {scores}; totals: {totals}.",
        "player": "Player",
        "chilis_one": "chili",
        "chilis_many": "chilis",
        "count_one": "card",
        "count_many": "cards",
        "game_end": "The game is over. Places: {ranking}.",
    },
}
