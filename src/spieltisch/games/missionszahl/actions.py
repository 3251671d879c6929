"""The actions of Missionszahl, their shared instances and their integer codes.

Every decision is one small action of the player who makes it: the card he lays, the
direction of a ±3, whom he gives a drawn card, whether and with whom he swaps played cards,
which exchange he makes and which hand card he gives away in it. Text forms name players by
their number (1–4) as people see them; JSON forms name seats (0–3) like transcripts do.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from spieltisch.core.game import JSON
from spieltisch.games.missionszahl.cards import ALL_CARDS, NAME

MAX_SEATS = 4
SHIFT_STEP = 3


@dataclass(frozen=True, slots=True)
class _Hashed:
    """An action that keeps its hash: a search hashes actions all the time, and the hash a
    frozen dataclass makes builds a tuple of its fields every time. The hash is that of the
    fields, made once; a pickle or a copy makes it anew (a string's hash differs from one
    process to the next)."""

    _hash: int = field(init=False, repr=False, compare=False)

    def __init_subclass__(cls) -> None:
        # Set before the subclass's @dataclass runs, which then keeps it. (No super() here:
        # slots=True replaces this class, and super() would name the one replaced.)
        cls.__hash__ = _kept_hash  # type: ignore[method-assign,assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(self._values()))

    def _values(self) -> tuple[Any, ...]:
        """The action's fields, in order (its hash is theirs)."""
        return tuple(getattr(self, name.name) for name in fields(self) if name.compare)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return type(self), self._values()


def _kept_hash(action: _Hashed) -> int:
    return action._hash


@dataclass(frozen=True, slots=True)
class Play(_Hashed):
    """Lay ``card`` from the hand face down (step 1 of a round)."""

    card: int

    def __str__(self) -> str:
        return f"play {NAME[self.card]}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "play", "card": NAME[self.card]}


@dataclass(frozen=True, slots=True)
class Shift(_Hashed):
    """The ±3 symbol: change the mission number by ``delta`` (+3 or −3)."""

    delta: int

    def __str__(self) -> str:
        return f"{self.delta:+d}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "shift", "delta": self.delta}


@dataclass(frozen=True, slots=True)
class Give(_Hashed):
    """The draw-and-give symbol: give the drawn card to ``seat``."""

    seat: int

    def __str__(self) -> str:
        return f"give {self.seat + 1}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "give", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Swap(_Hashed):
    """Winner action II: swap played cards with ``seat``, or keep your own (``None``)."""

    seat: int | None

    def __str__(self) -> str:
        return "no swap" if self.seat is None else f"swap {self.seat + 1}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "swap", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Exchange(_Hashed):
    """Winner action III, first half: no exchange (``"none"``), with the draw pile
    (``"pile"``) or blind with ``seat`` (``"blind"``)."""

    kind: str
    seat: int | None = None

    def __str__(self) -> str:
        if self.kind == "blind":
            assert self.seat is not None
            return f"exchange blind {self.seat + 1}"
        return "no exchange" if self.kind == "none" else "exchange pile"

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"type": "exchange", "kind": self.kind}
        if self.seat is not None:
            data["seat"] = self.seat
        return data


@dataclass(frozen=True, slots=True)
class Trade(_Hashed):
    """Winner action III, second half: the hand card ``card`` that is given away."""

    card: int

    def __str__(self) -> str:
        return f"trade {NAME[self.card]}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "trade", "card": NAME[self.card]}


Action = Play | Shift | Give | Swap | Exchange | Trade

#: Shared instances: legal actions cost no allocation and legality is an identity test.
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in ALL_CARDS)
TRADES: tuple[Trade, ...] = tuple(Trade(card) for card in ALL_CARDS)
MINUS = Shift(-SHIFT_STEP)
PLUS = Shift(SHIFT_STEP)
GIVES: tuple[Give, ...] = tuple(Give(seat) for seat in range(MAX_SEATS))
NO_SWAP = Swap(None)
SWAPS: tuple[Swap, ...] = tuple(Swap(seat) for seat in range(MAX_SEATS))
NO_EXCHANGE = Exchange("none")
PILE_EXCHANGE = Exchange("pile")
BLINDS: tuple[Exchange, ...] = tuple(Exchange("blind", seat) for seat in range(MAX_SEATS))

#: Every action in integer-code order (233 codes).
ALL_ACTIONS: tuple[Action, ...] = (
    *PLAYS,
    *TRADES,
    MINUS,
    PLUS,
    *GIVES,
    NO_SWAP,
    *SWAPS,
    NO_EXCHANGE,
    PILE_EXCHANGE,
    *BLINDS,
)
