"""The Cento table: the rule constants, the phases of a turn, the state and what one seat
sees."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from spieltisch.core.game import Seat, View, quick_constructor
from spieltisch.games.cento.cards import FREE, HUNDRED, NUMBER_CARDS, is_repdigit

RULES_VERSION = "1"
#: Cards dealt to each player (RULES-NOTES §2 (b) 2, [A]: 7, from Spiel 5's "eight cards").
HAND_SIZE = 7
#: The range of the option ``hand_size``: six seats of 12 leave at least 28 cards.
MIN_HAND_SIZE = 3
MAX_HAND_SIZE = 12
#: The player who starts (seat 0, the dealer's left neighbour; the sources do not say).
START_SEAT = 0
#: Spiel 3: at most this many cards per turn before a Schnapszahl extends it (seed, rule 1).
CHAIN_LIMIT = 3
#: The values of option ``chain_after_schnapszahl`` (Spiel 3): after a Schnapszahl within
#: the first three cards of a turn the run of the cards showing its digit follows; the
#: ordinary chain of fitting cards either ends there (``ends``, the default) or may go on up
#: to three cards besides the run (``goes_on``).
ENDS, GOES_ON = "ends", "goes_on"
#: Cards that cannot be the first open card: they go under the draw pile and the next card is
#: turned (RULES-NOTES §2 (b) 2, [A]; "under the pile" is this engine's choice of "put back").
NO_START_CARDS = frozenset({FREE, HUNDRED})
#: Marks "no card" in ``CentoState.drawn`` (a free card is 0).
NO_CARD = -1
#: Variants that have the special-card rules (Monozahl, Schnapszahl, free cards, the 100):
#: Spiel 2 introduces them; Spiel 1 has the basic rule only (this engine's reading).
SPECIAL_RULE_VARIANTS = frozenset({2, 3})
SPIEL_3 = 3


class Phase(StrEnum):
    """Where the player in turn stands within his turn."""

    OBLIGED = "obliged"  # a Monozahl obligation: lay exactly one Monozahl or take three
    START = "start"  # lay a fitting card or draw
    CHAIN = "chain"  # Spiel 3, after one or two cards: lay another fitting card or end
    RUN = "run"  # after a Schnapszahl: lay a card showing its digit (or, with option
    # chain_after_schnapszahl=goes_on, a fitting card within the first three) or end
    DRAWN = "drawn"  # option lay_drawn: lay the card just drawn if it fits, or end
    OVER = "over"


#: The phases by plain names: the engine compares phases at every step, and ``Phase.START``
#: is a look-up in the enum class each time (about ten times a plain name's cost).
OBLIGED, START, CHAIN, RUN, DRAWN, OVER = Phase

#: Every number card, for taking the seen ones out.
ALL_NUMBERS = frozenset(NUMBER_CARDS)

#: The kinds of public moves (``CentoView.public_moves``): a card laid, a card drawn instead
#: of laying, three cards taken for an obligation, a turn or a Schnapszahl run ended by an
#: ``End`` action.
LAID, DREW, TOOK, ENDED, ENDED_RUN = "lay", "draw", "take", "end", "end run"
#: One public move: the seat, its kind, and the card laid (a free card is 0), the value of
#: the open card the seat drew, took or ended on, or the digit of the run it ended.
PublicMove = tuple[int, str, int]

#: How the game ended (``CentoState.end_reason``).
EMPTY_HAND = "empty_hand"
EXHAUSTED = "exhausted"


@dataclass(slots=True)
class CentoState:
    """The whole table. Internal to the engine: only views leave it.

    ``draw_pile`` has its top card last; ``discard_pile`` lists the cards under the open card,
    bottom first; hands are sorted (free cards, 0, first). ``open_value`` is what the open card
    counts as (a free card's declared number). ``turn_values`` are the values laid this turn;
    ``run_digit`` is the Schnapszahl digit of a run (0: none); ``drawn`` the card drawn this
    turn while it may still be laid (:data:`NO_CARD`: none). ``public_moves`` lists every
    lay, draw, take and ``End`` so far, as everybody saw them (see
    :class:`CentoView`). ``known_bottom`` counts the cards at the bottom of the draw pile that
    everybody saw go there (a free card or the 100 turned up at the start), until the pile
    is rebuilt.
    """

    seats: int
    seed: int
    shuffles: int
    hands: list[list[int]]
    draw_pile: list[int]
    discard_pile: list[int]
    open_card: int
    open_value: int
    to_move: Seat
    phase: Phase
    turn_values: list[int]
    run_digit: int
    drawn: int
    rebuilds: int
    winner: int
    end_reason: str
    public_moves: list[PublicMove]
    known_bottom: int = 0
    #: Turns ended so far: how long a game is as the rules count it.
    turns: int = 0


@dataclass(frozen=True, slots=True)
class CentoView(View):
    """What one seat knows. Every card under the open card was laid face up, so the discard
    pile is public; hands, the draw pile and the card just drawn by another player are not.

    ``public_moves`` is what every player saw happen, in order, as a player with a good
    memory recalls it: ``(seat, "lay", card)`` for each card laid (a free card is 0),
    ``(seat, "draw", value)`` for each card drawn instead of laying, ``value`` being what the
    open card counted as, ``(seat, "take", value)`` for three cards taken for a Monozahl
    obligation, ``(seat, "end", value)`` for a turn ended by an ``End`` action (the chain not
    yet three cards, or a drawn card not laid) and ``(seat, "end run", digit)`` for a
    Schnapszahl run ended; turns the rules end are not in it. A draw or take is recorded
    even when the exhausted draw pile ends the game before the cards come. Which cards were
    drawn is not in it. (A
    player who draws or ends often had nothing that fitted: bots may read that, see
    ``spieltisch.bots.cento_belief``.)

    ``pile_bottom`` are the cards everybody saw put under the draw pile at the start (a
    free card or the 100 turned up first), bottom first, while they are still there.
    """

    players: int
    variant: int
    hundred_mode: str
    phase: str
    to_move: Seat
    open_card: int
    open_value: int
    discard_pile: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    turn_values: tuple[int, ...]
    run_digit: int
    drawn: int | None
    rebuilds: int
    rebuilds_left: int
    winner: Seat | None
    end_reason: str
    game_over: bool
    public_moves: tuple[PublicMove, ...]
    pile_bottom: tuple[int, ...]

    def __hash__(self) -> int:
        """From the fields that tell positions apart, with only the number of public moves:
        a search hashes a view at every step down its tree, and hashing the whole record
        would cost more than the rest of the view. Equal views still hash alike."""
        return hash(
            (
                self.seat,
                self.to_move,
                self.phase,
                self.open_value,
                self.hand,
                self.hand_sizes,
                self.discard_pile,
                self.turn_values,
                self.drawn,
                len(self.public_moves),
            )
        )


#: ``CentoView(...)`` with every field in order, several times faster (simulations build a

#: ``CentoView(...)`` with every field in order, several times faster (simulations build a
#: view for every decision in the search tree).
_new_view = quick_constructor(CentoView)
#: Each phase by its name (``Phase(name)``, faster).
PHASES = {str(phase): phase for phase in Phase}
#: ``REPDIGITS[v]``: whether ``v`` is a Schnapszahl (:func:`is_repdigit`).
REPDIGITS = tuple(is_repdigit(value) for value in range(HUNDRED + 1))


def card_json(card: int) -> int | str:
    """A card in JSON (decks, events): its number, or ``"free"``."""
    return "free" if card == FREE else card
