"""The actions of Triggs: frozen values with a text form, a JSON form and an integer id.

Every action exists once (interned), so legal actions are shared objects; ``ACTIONS`` lists
them in the order of their integer ids.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from spieltisch.core.game import JSON
from spieltisch.games.triggs.sheet import VALUES

#: Nine cards of each value exist, so at most nine can be discarded at once.
COPIES = 9
#: The hand limit: with ten cards no drawing, with nine only one card.
HAND_LIMIT = 10
#: Cards action A draws (seed: exactly two; option ``draw_count``).
DRAW_COUNT = 2
LEFT, MIDDLE, RIGHT = 0, 1, 2
PILE_NAMES = ("left", "middle", "right")


#: The hash of an action without fields (the generated one's value).
NO_FIELDS_HASH = hash(())


@dataclass(frozen=True, slots=True)
class Draw:
    """Action A: take the top card of a pile."""

    pile: int
    #: The hash, made once: a search hashes actions all the time (same value as the
    #: generated hash of the fields).
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.pile,)))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"draw {PILE_NAMES[self.pile]}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "draw", "pile": PILE_NAMES[self.pile]}


@dataclass(frozen=True, slots=True)
class Discard:
    """Action B: discard ``count`` cards of ``value``."""

    value: int
    count: int
    #: The hash, made once: a search hashes actions all the time (same value as the
    #: generated hash of the fields).
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.value, self.count)))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"discard {self.count}x{self.value}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "discard", "value": self.value, "count": self.count}


@dataclass(frozen=True, slots=True)
class Announce:
    """Action C begins: the value to cross off."""

    value: int
    #: The hash, made once: a search hashes actions all the time (same value as the
    #: generated hash of the fields).
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.value,)))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"announce {self.value}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "announce", "value": self.value}


@dataclass(frozen=True, slots=True)
class Form:
    """Action C: lay one formation, a single card (``low`` 0) or two cards ``high + low``."""

    high: int
    low: int = 0
    #: The hash, made once: a search hashes actions all the time (same value as the
    #: generated hash of the fields).
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.high, self.low)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def cards(self) -> tuple[int, ...]:
        return (self.high, self.low) if self.low else (self.high,)

    def __str__(self) -> str:
        return f"form {self.high}+{self.low}" if self.low else f"form {self.high}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "form", "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Extra:
    """Place the extra cross earned by filling a row, in ``row``."""

    row: int
    #: The hash, made once: a search hashes actions all the time (same value as the
    #: generated hash of the fields).
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.row,)))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"extra {self.row}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "extra", "row": self.row}


@dataclass(frozen=True, slots=True)
class Finish:
    """Action C: lay no more formations."""

    def __hash__(self) -> int:
        return NO_FIELDS_HASH

    def __str__(self) -> str:
        return "finish"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "finish"}


Action = Draw | Discard | Announce | Form | Extra | Finish

DRAWS = tuple(Draw(pile) for pile in range(3))
DISCARDS = {(v, k): Discard(v, k) for v in VALUES for k in range(1, COPIES + 1)}
ANNOUNCES = {v: Announce(v) for v in VALUES}
FORMS = {
    (high, low): Form(high, low)
    for total in VALUES
    for high, low in [(total, 0), *((total - low, low) for low in range(1, total // 2 + 1))]
}
EXTRAS = {row: Extra(row) for row in VALUES}
FINISH = Finish()
#: Every action in the order of its integer id.
ACTIONS: tuple[Action, ...] = (
    *DRAWS,
    *DISCARDS.values(),
    *ANNOUNCES.values(),
    *FORMS.values(),
    *EXTRAS.values(),
    FINISH,
)
BY_JSON: dict[str, Action] = {json.dumps(a.to_json(), sort_keys=True): a for a in ACTIONS}
BY_TEXT: dict[str, Action] = {str(action): action for action in ACTIONS}

#: Words a person may type for the English ones of the actions' texts (the German labels'
#: words among them, see ``words.py``).
SYNONYMS = {
    "cross": "announce",
    "kreuze": "announce",
    "ankreuzen": "announce",
    "ziehe": "draw",
    "ziehen": "draw",
    "links": "left",
    "mitte": "middle",
    "rechts": "right",
    "abwerfen": "discard",
    "wirf": "discard",
    "ansagen": "announce",
    "sage": "announce",
    "lege": "form",
    "fertig": "finish",
    "extrakreuz": "extra",
}
