"""Cento's actions, their text, JSON and integer forms, and the reader for typed moves.

A turn is a sequence of actions of the player in turn: lay a card (:class:`Lay`; a free card
names the value it stands for), finish the turn (:class:`End`), draw one card instead of
laying (:class:`Draw`), or take three cards for a pending Monozahl obligation (:class:`Take`).

Integer codes: 0–99 lay the number card 1–100; 100–198 lay a free card as 1–99; 199 draw;
200 end; 201 take three.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spieltisch.core.errors import ActionParseError
from spieltisch.core.game import JSON
from spieltisch.games.cento.cards import FREE, FREE_VALUES, HIGHEST, HUNDRED, LOWEST

#: How many cards a Monozahl obligation makes a player take (seed, special-card rule 1 b).
TAKE_COUNT = 3


#: The hash of an action without fields (the generated one's value).
NO_FIELDS_HASH = hash(())


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay ``card`` from the hand on the open card; it counts as ``value`` (a number card's
    own number; for a free card, :data:`FREE`, the number declared for it)."""

    card: int
    value: int
    #: The hash, made once: a search hashes actions all the time (same value as the
    #: generated hash of the fields).
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.card, self.value)))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"lay free {self.value}" if self.card == FREE else f"lay {self.card}"

    def to_json(self) -> dict[str, JSON]:
        if self.card == FREE:
            return {"type": "lay", "card": "free", "value": self.value}
        return {"type": "lay", "card": self.card}


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card instead of laying (RULES-NOTES §2 (b) 4)."""

    def __hash__(self) -> int:
        return NO_FIELDS_HASH

    def __str__(self) -> str:
        return "draw"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "draw"}


@dataclass(frozen=True, slots=True)
class End:
    """Finish the turn after laying (or after drawing, when the drawn card may be laid)."""

    def __hash__(self) -> int:
        return NO_FIELDS_HASH

    def __str__(self) -> str:
        return "end"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "end"}


@dataclass(frozen=True, slots=True)
class Take:
    """Answer a Monozahl obligation by taking three cards; the turn is lost."""

    def __hash__(self) -> int:
        return NO_FIELDS_HASH

    def __str__(self) -> str:
        return f"take {TAKE_COUNT}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "take"}


CentoAction = Lay | Draw | End | Take

#: ``NUMBER_LAYS[n]`` lays the number card ``n`` (index 0 unused).
NUMBER_LAYS: tuple[Lay, ...] = tuple(Lay(card, card) for card in range(HUNDRED + 1))
#: ``FREE_LAYS[v]`` lays a free card as ``v`` (index 0 unused).
FREE_LAYS: tuple[Lay, ...] = tuple(Lay(FREE, value) for value in range(HIGHEST + 1))
DRAW = Draw()
END = End()
TAKE = Take()

#: Every action in the order of its integer id: 0–99 lay a number card, 100–198 lay a free
#: card as 1–99, then draw, end, take three.
ALL_ACTIONS: tuple[CentoAction, ...] = (
    *NUMBER_LAYS[LOWEST:],
    *FREE_LAYS[LOWEST:],
    DRAW,
    END,
    TAKE,
)


# -- reading typed text -----------------------------------------------------------------------

_LAY_WORDS = frozenset({"lay", "lege", "leg", "play", "spiele"})
_FREE_WORDS = frozenset({"free", "frei", "f"})
_DRAW_WORDS = frozenset({"draw", "ziehen", "ziehe", "zieh"})
_END_WORDS = frozenset({"end", "fertig", "done"})
_TAKE_WORDS = frozenset({"take", "nimm", "nehmen", "aufnehmen"})
_TAKE_COUNT_WORDS = frozenset({str(TAKE_COUNT), "three", "drei"})
_GLUED_FREE = re.compile(r"(?:free|frei|f)(\d+)")
_SEPARATORS = re.compile(r"[\s,;:=»>→]+")
EXAMPLE = "27 57 66 end"


def tokens(text: str) -> list[str]:
    """The words of a typed move, lower case; commas, arrows and ``=`` separate like spaces."""
    return [word for word in _SEPARATORS.split(text.lower()) if word]


def read_move(text: str) -> list[CentoAction]:
    """The actions a typed move stands for, e.g. ``27 57 66 end``, ``lay 27, lay free 57``,
    ``f57``, ``draw``, ``take 3`` (German: ``frei 57``, ``ziehen``, ``fertig``, ``nimm 3``)."""
    words = tokens(text)
    actions: list[CentoAction] = []
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word in _LAY_WORDS:
            continue
        if word in _FREE_WORDS:
            if i == len(words):
                raise _bad(text)
            actions.append(_free_lay(words[i], text))
            i += 1
        elif (glued := _GLUED_FREE.fullmatch(word)) is not None:
            actions.append(_free_lay(glued.group(1), text))
        elif word.isdigit():
            actions.append(_number_lay(word, text))
        elif word in _DRAW_WORDS:
            actions.append(DRAW)
        elif word in _END_WORDS:
            actions.append(END)
        elif word in _TAKE_WORDS:
            actions.append(TAKE)
            if i < len(words) and words[i] in _TAKE_COUNT_WORDS:
                i += 1
        else:
            raise _bad(text)
    if not actions:
        raise _bad(text)
    return actions


def _free_lay(word: str, text: str) -> Lay:
    if word.isdigit() and LOWEST <= int(word) <= HIGHEST:
        return FREE_LAYS[int(word)]
    raise _bad(text)


def _number_lay(word: str, text: str) -> Lay:
    if LOWEST <= int(word) <= HUNDRED:
        return NUMBER_LAYS[int(word)]
    raise _bad(text)


def _bad(raw: object) -> ActionParseError:
    return ActionParseError(
        f"{raw!r} is not a Cento move; write cards like {EXAMPLE!r}, a free card as "
        "'free 27', or 'draw', 'end', 'take 3'"
    )


def from_json(data: JSON) -> CentoAction:
    """The action whose JSON form is ``data``; :class:`ActionParseError` otherwise."""
    if not isinstance(data, dict):
        raise _bad_json(data)
    kind = data.get("type")
    simple: dict[object, CentoAction] = {"draw": DRAW, "end": END, "take": TAKE}
    if isinstance(kind, str) and kind in simple and set(data) == {"type"}:
        return simple[kind]
    if kind == "lay" and set(data) == {"type", "card"}:
        card = data["card"]
        if type(card) is int and LOWEST <= card <= HUNDRED:
            return NUMBER_LAYS[card]
    if kind == "lay" and set(data) == {"type", "card", "value"} and data["card"] == "free":
        value = data["value"]
        if type(value) is int and value in FREE_VALUES:
            return FREE_LAYS[value]
    raise _bad_json(data)


def _bad_json(data: JSON) -> ActionParseError:
    return ActionParseError(
        f"{data!r} is not a Cento action; write it like "
        '{"type": "lay", "card": 27}, {"type": "lay", "card": "free", "value": 27}, '
        '{"type": "draw"}, {"type": "end"} or {"type": "take"}'
    )
