"""The actions of Magic Numbers, their shared instances and their integer codes.

Every decision is one small action of the player who makes it: a bid (card and chip) or a
pass while bidding; an answer or "don't know" (a pass) while solving; the first hint; and,
with a human quizmaster, his verdict. An answer carries free text, so only one answer, the
empty one, is listed among the legal actions and in the integer codec; every answer counts as
that template for legality (``MagicNumbers.legality_key``). With ``answers=choice`` a player
answers instead by choosing one of the meanings offered (``Choose``), a plain listed action.
Text forms count card positions and choices from 1 as people do; JSON forms count from 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.core.game import JSON

#: Four cards lie on display (seed: "legt 4 Karten nebeneinander").
DISPLAY_SIZE = 4
#: Every player has bid chips 3, 2, 1 and 0 (seed, material).
CHIPS = (3, 2, 1, 0)
HINT_KINDS = ("theme", "unit")


@dataclass(frozen=True, slots=True)
class Bid:
    """Lay the chip ``chip`` face down on the next free bid slot of the card at ``position``
    (0 = leftmost)."""

    position: int
    chip: int

    def __str__(self) -> str:
        return f"bid {self.position + 1} {self.chip}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "bid", "position": self.position, "chip": self.chip}


@dataclass(frozen=True, slots=True)
class Pass:
    """While bidding: no bid now. While solving: "I don't know"."""

    def __str__(self) -> str:
        return "pass"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "pass"}


@dataclass(frozen=True, slots=True)
class Hint:
    """The first-ranked bidder asks for the first hint: ``"theme"`` or ``"unit"``."""

    kind: str

    def __str__(self) -> str:
        return f"hint {self.kind}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "hint", "kind": self.kind}


@dataclass(frozen=True, slots=True)
class Answer:
    """Name the meaning of the number: ``text`` as typed (the empty answer is just wrong)."""

    text: str

    def __str__(self) -> str:
        return f"answer {self.text}" if self.text else "answer"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "answer", "text": self.text}


@dataclass(frozen=True, slots=True)
class Confirm:
    """The quizmaster accepts the answer just given (option ``judge=quizmaster``)."""

    def __str__(self) -> str:
        return "confirm"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "confirm"}


@dataclass(frozen=True, slots=True)
class Reject:
    """The quizmaster turns the answer just given down (option ``judge=quizmaster``)."""

    def __str__(self) -> str:
        return "reject"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "reject"}


@dataclass(frozen=True, slots=True)
class Choose:
    """With ``answers=choice``: pick the meaning at ``index`` (0 = the first shown) of those
    offered for the card being solved."""

    index: int

    def __str__(self) -> str:
        return f"choose {self.index + 1}"

    def to_json(self) -> dict[str, JSON]:
        return {"type": "choose", "index": self.index}


Action = Bid | Pass | Hint | Answer | Confirm | Reject | Choose

#: Shared instances: legal actions cost no allocation and legality is an identity test.
PASS = Pass()
#: ``BIDS[position][chip]``.
BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    tuple(Bid(position, chip) for chip in range(len(CHIPS))) for position in range(DISPLAY_SIZE)
)
HINTS: dict[str, Hint] = {kind: Hint(kind) for kind in HINT_KINDS}
#: The one answer listed among legal actions; every answer is an instance of it.
ANSWER = Answer("")
CONFIRM = Confirm()
REJECT = Reject()
#: With ``answers=choice`` a card is offered with its own meaning and up to three others.
CHOICE_COUNT = 4
#: ``CHOOSE[i]``: pick the meaning shown at ``i``.
CHOOSE: tuple[Choose, ...] = tuple(Choose(index) for index in range(CHOICE_COUNT))

#: Every action in integer-code order (26 codes; the choices last).
ALL_ACTIONS: tuple[Action, ...] = (
    PASS,
    *(bid for row in BIDS for bid in row),
    *HINTS.values(),
    ANSWER,
    CONFIRM,
    REJECT,
    *CHOOSE,
)
