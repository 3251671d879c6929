"""The small API every game answers, and the value types that cross it.

A game is a :class:`Game` subclass bound to validated rule options. Its state is mutable
and private to the engine; everything that leaves the engine goes through
:meth:`Game.view` (one seat's knowledge) or :class:`Event` (with its visibility).

The flow of a game, for every face of Spieltisch::

    state = game.new_state(players, seed=7)
    while not game.is_terminal(state):
        seat = game.to_act(state)[0]            # simultaneous commits: several seats
        action = choose(game.view(state, seat), game.legal_actions(state, seat))
        game.play(state, seat, action)          # checked; raises IllegalActionError
    game.scores(state), game.ranking(state)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from spieltisch.core.errors import ActionParseError, IllegalActionError, SeatCountError
from spieltisch.core.options import OptionSpec, OptionValue, validate_options
from spieltisch.core.plain import to_plain
from spieltisch.core.words import NEUTRAL, Audience

if TYPE_CHECKING:  # numpy loads only where observations are encoded
    import numpy as np
    import numpy.typing as npt

    from spieltisch.core.observation import Layout

Seat = int
JSON = Any


class Action(Protocol):
    """An action is a frozen, hashable value; ``str(action)`` is its text form."""

    def to_json(self) -> dict[str, JSON]: ...

    def __hash__(self) -> int: ...


class Event(NamedTuple):
    """Something that happened, for logs and replays.

    ``to`` is ``None`` for a public event, otherwise the seats that may see it.
    """

    kind: str
    data: Mapping[str, JSON]
    to: frozenset[Seat] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return self.to is None or (seat is not None and seat in self.to)

    def told_better(self, after: Event | None, seat: Seat | None) -> bool:
        """Whether ``after``, the next event of the same step, tells ``seat`` all of this
        public event about ``seat`` itself and more, so that a log says it once ("Player 1
        laid a card face down" before "You laid the 90 face down")."""
        return (
            seat is not None
            and after is not None
            and self.to is None
            and after.to == frozenset({seat})
            and self.data.get("seat") == seat
            and set(self.data) < set(after.data)
        )


@dataclass(frozen=True, slots=True)
class View:
    """Base of every game's view: what one seat (or a spectator) may know."""

    seat: Seat | None

    def to_json(self) -> dict[str, JSON]:
        """The view as plain JSON data (:func:`~spieltisch.core.plain.to_plain`)."""
        data: dict[str, JSON] = to_plain(self)
        return data


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a game is: its id, names, rules version, seat range and rule options."""

    id: str
    name_de: str
    name_en: str
    rules_version: str
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...] = ()

    def name(self, lang: str) -> str:
        """The game's name in ``lang`` ("de" or "en")."""
        return self.name_de if lang == "de" else self.name_en

    @property
    def seat_counts(self) -> range:
        """Every allowed number of players."""
        return range(self.min_seats, self.max_seats + 1)

    def check_seats(self, seats: int) -> None:
        """Raise :class:`SeatCountError` unless ``seats`` players may play this game."""
        if seats not in self.seat_counts:
            raise SeatCountError(
                code="seat_count",
                game=self.id,
                low=self.min_seats,
                high=self.max_seats,
                players=seats,
            )


S = TypeVar("S")
A = TypeVar("A", bound=Hashable)
V = TypeVar("V", bound=View)


def quick_constructor(cls: Callable[..., V]) -> Callable[..., V]:
    """A constructor for the frozen slots dataclass ``cls`` (a view) that takes every field
    positionally, in order, and fills the slots directly.

    ``cls(...)`` sets each field through ``object.__setattr__`` (a frozen class refuses
    plain assignment), which costs more than the rest of a Dicht dran view; simulations build
    one view per decision. The result is equal to ``cls(...)`` with the same values; ``cls``
    must have no ``__post_init__``.
    """
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which this would skip")
    names = [field.name for field in fields(cls)]  # type: ignore[arg-type]
    arguments = [f"_{index}" for index in range(len(names))]
    lines = [f"def construct({', '.join(arguments)}):", "    made = __new(__cls)"]
    lines += [f"    __set{index}(made, _{index})" for index in range(len(names))]
    lines.append("    return made")
    namespace: dict[str, Any] = {"__new": object.__new__, "__cls": cls}
    for index, name in enumerate(names):
        namespace[f"__set{index}"] = getattr(cls, name).__set__
    exec("\n".join(lines), namespace)
    constructor: Callable[..., V] = namespace["construct"]
    return constructor


class Game(ABC, Generic[S, A, V]):
    """One game, bound to its rule options.

    Subclasses implement the rules; this base adds the checked :meth:`play`, the ranking and
    the action codecs shared by all games. ``legal_actions`` is the only source of legality.
    """

    spec: ClassVar[GameSpec]
    #: Every action of the game, in the order of its integer id; the base class derives the
    #: integer codec from it (``encode``, ``decode``, ``num_distinct_actions``).
    action_table: ClassVar[tuple[Any, ...]] = ()
    _action_codes: ClassVar[dict[Any, int]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._action_codes = {action: code for code, action in enumerate(cls.action_table)}

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, OptionValue] = validate_options(
            self.spec.id, self.spec.options, options or {}
        )

    # -- set-up -----------------------------------------------------------------------
    @abstractmethod
    def new_state(
        self,
        seats: int,
        seed: int,
        deck: Sequence[Any] | None = None,
        log: list[Event] | None = None,
    ) -> S:
        """A fresh game for ``seats`` players, shuffled by ``seed`` or dealt from ``deck``;
        the deal's events go to ``log`` if given."""

    @abstractmethod
    def deck_order(self, seats: int, seed: int) -> list[Any]:
        """The explicit deck (top card first) that ``seed`` deals: ``new_state(seats, seed)``
        and ``new_state(seats, seed, deck_order(seats, seed))`` are the same game."""

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy of ``state`` (for search; cheaper than deepcopy)."""

    def drop_caches(self, state: S) -> None:
        """Forget everything ``state`` keeps only for speed (views or parts of them built
        once and shared); the next question rebuilds it. A game that keeps such caches
        overrides this, keeps every cache field out of the state's equality, and the
        conformance suite checks that a state without its caches answers every question
        alike. By default a state keeps none."""

    # -- the turn ---------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> tuple[Seat, ...]:
        """The seats that must act now, lowest first; several for simultaneous commits."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]:
        """Every action ``seat`` may take now (empty if it need not act)."""

    @abstractmethod
    def apply(self, state: S, seat: Seat, action: A, log: list[Event] | None = None) -> None:
        """Carry out ``action`` *without checking it*, appending events to ``log`` if given.

        Like OpenSpiel's ``apply_action``: for search and simulation that pick from
        :meth:`legal_actions` of this very state. Everything that takes actions from people
        or programs uses :meth:`play`.
        """

    def play(self, state: S, seat: Seat, action: A) -> list[Event]:
        """Carry out ``action`` for ``seat`` if it is legal now, and return what happened.

        Raises :class:`IllegalActionError` (state unchanged) for an action that is not in
        :meth:`legal_actions`, or for a seat that need not act.
        """
        self.check_legal(state, seat, action, self.legal_actions(state, seat))
        log: list[Event] = []
        self.apply(state, seat, action, log)
        return log

    def check_legal(self, state: S, seat: Seat, action: object, legal: Sequence[A]) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is in ``legal``, the result of
        :meth:`legal_actions` for this state and seat."""
        for candidate in legal:  # games hand out shared action instances: identity first
            if candidate is action:
                return
        if self.legality_key(action) not in legal:
            raise IllegalActionError(self._illegal_message(state, seat, action, legal))

    def legality_key(self, action: object) -> object:
        """The legal action that ``action`` is an instance of; by default itself.

        An action that carries free text (an answer in a quiz) cannot be listed in full: the
        game lists one template for it in ``legal_actions`` and maps every such action to that
        template here, so legality still comes from ``legal_actions`` alone. The integer
        codec, too, knows only the template.
        """
        return action

    def wants_text(self, action: object) -> bool:
        """Whether ``action`` is a listed template for free text that a player supplies (a
        quiz answer): a program can decide to give such an action, but its words must come
        from knowledge, not from searching the listed actions. By default no action is."""
        return False

    def _illegal_message(self, state: S, seat: Seat, action: object, legal: Sequence[A]) -> str:
        if not legal:
            waiting = ", ".join(map(str, self.to_act(state))) or "nobody (the game is over)"
            return f"seat {seat} does not act now; waiting for seat(s) {waiting}"
        allowed = ", ".join(str(a) for a in legal)
        return f"{action!s} is not legal for seat {seat} now; legal: {allowed}"

    # -- the end ----------------------------------------------------------------------
    @abstractmethod
    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def scores(self, state: S) -> tuple[float, ...]:
        """Each seat's score so far (final once the game is over)."""

    def standing(self, state: S) -> tuple[float, ...]:
        """Each seat's score if the game were scored now: for a search that stops before the
        end. By default :meth:`scores`; games whose score waits for the end of a pass say
        what the running pass is worth so far."""
        return self.scores(state)

    #: What the rules count a game's length in ("rounds", "turns", "passes"): the unit of
    #: :meth:`progress`; ``None`` when they count nothing (a game's length is then its
    #: number of actions).
    length_unit: ClassVar[str | None] = None

    def progress(self, state: S) -> int:
        """How many of :attr:`length_unit` the game has played so far (0 without a unit)."""
        return 0

    def ranking(self, state: S) -> tuple[int, ...]:
        """Each seat's place (1 = first); equal scores share a place ("1, 1, 3")."""
        scores = self.scores(state)
        return tuple(1 + sum(other > mine for other in scores) for mine in scores)

    @abstractmethod
    def max_actions(self, seats: int) -> int:
        """An upper bound on the number of actions in any game with ``seats`` players."""

    # -- hidden information -----------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> V:
        """All that ``seat`` may know now and nothing else; ``None`` is a spectator."""

    @abstractmethod
    def determinize(self, view: V, rng: random.Random) -> S:
        """A full state consistent with ``view``: what its seat cannot see is dealt anew."""

    def take_back_face_down(self, state: S, seat: Seat) -> bool:
        """In a state dealt for ``seat``'s search: every other seat that has laid a card face
        down this round takes it back into its hand and is to lay one again, so that a
        model of that player can choose it from the sampled hand. (The sample dealt such a
        card at random, while a player lays a card on purpose: the one nearest the target,
        say.) Returns whether anything was taken back; by default nothing is, as in games
        without face-down commits."""
        return False

    #: Whether :meth:`shuffle_draw_pile` can deal the draw pile anew: the game has one draw
    #: pile, and the order of its cards that nobody knows is all that is unknown of it.
    shuffles_draw_pile: ClassVar[bool] = False

    def shuffle_draw_pile(self, state: S, rng: random.Random) -> None:
        """Put the cards of the draw pile that nobody knows in a new order among their places,
        with ``rng``; every card somebody knows stays where it is (for benchmarks that deal
        the real hands, ``spieltisch.sim.seeing``). Only for games that declare
        :attr:`shuffles_draw_pile`."""
        raise NotImplementedError(f"{self.spec.id} has no draw pile that nobody knows")

    def reseed_chance(self, state: S, seed: int) -> None:
        """Give the chance that ``state`` keeps for later (reshuffles, the deals of later
        passes) the new ``seed``, so that it is as unknown as the shuffled draw pile. Only
        for games that declare :attr:`shuffles_draw_pile`."""
        raise NotImplementedError(f"{self.spec.id} does not reseed its chance")

    @abstractmethod
    def shuffle_unseen(self, state: S, seat: Seat | None, rng: random.Random) -> S:
        """A copy of ``state`` with every card ``seat`` cannot see dealt anew (for tests)."""

    @abstractmethod
    def card_zones(self, state: S) -> Mapping[str, Sequence[Hashable]]:
        """Every place a card can be, with its cards: each card is in exactly one place."""

    @abstractmethod
    def all_cards(self, seats: int) -> list[Hashable]:
        """The complete set of cards in play for ``seats`` players."""

    # -- observations for learning programs --------------------------------------------
    def observation_layout(self, seats: int) -> Layout:
        """The named fields of :meth:`encode_view`'s vectors in a game of ``seats`` players
        with these options, in order (docs/rl.md lists them)."""
        raise NotImplementedError(f"{self.spec.id} has no observation encoding")

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        """The shape of :meth:`encode_view`'s vectors in a game of ``seats`` players with
        these options (fixed for the whole game: the RL interfaces' observation space)."""
        return (self.observation_layout(seats).size,)

    def encode_view(self, view: V) -> npt.NDArray[np.float32]:
        """``view`` as a float32 vector of :meth:`observation_shape`, every entry in
        [-1, 1], for learning programs: only what the view shows (docs/rl.md lists the
        fields of each game). Named apart from :meth:`encode`, the action codec."""
        raise NotImplementedError(f"{self.spec.id} has no observation encoding")

    # -- what the cards show ----------------------------------------------------------
    @classmethod
    def card_faces(cls) -> dict[str, JSON]:
        """What is printed on each card, for a face that draws cards (the browser table).

        ``{"cards": {card: {...}}, "names": {lang: {word: text}}}``: each card keyed by its
        JSON form in the views, as a string, with the facts printed on it (chilis, colour,
        symbol, which kind of number it is); ``names`` are the words for those facts in German
        and English. Printed facts are the same at every table and reveal nothing, so every
        face may have them. A game whose cards show nothing but their number has none.
        """
        return {"cards": {}, "names": {}}

    def table_faces(self) -> dict[str, JSON]:
        """What each card shows at a table of this game under its rule options: the printed
        faces (:meth:`card_faces`) with whatever the options change. Like those, the same for
        every seat and revealing nothing."""
        return type(self).card_faces()

    # -- actions as text, JSON and integers --------------------------------------------
    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action whose text form is ``text``; :class:`ActionParseError` otherwise."""

    @abstractmethod
    def action_from_json(self, data: JSON) -> A:
        """The action whose JSON form is ``data``; :class:`ActionParseError` otherwise."""

    def encode(self, action: A) -> int:
        """The action's stable integer id, in ``range(num_distinct_actions)`` (for an action
        with free text, the id of its template: see :meth:`legality_key`)."""
        try:
            return self._action_codes[self.legality_key(action)]
        except KeyError:
            raise self._bad_action(action, "an action from legal_actions") from None

    def decode(self, code: int) -> A:
        """The action with integer id ``code``."""
        if type(code) is not int or not 0 <= code < len(self.action_table):
            raise self._bad_action(code, f"a whole number from 0 to {len(self.action_table) - 1}")
        action: A = self.action_table[code]
        return action

    @property
    def num_distinct_actions(self) -> int:
        """How many integer action ids the codec has."""
        return len(self.action_table)

    # -- words ------------------------------------------------------------------------
    @abstractmethod
    def describe(self, event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
        """One line telling a person what ``event`` means, in ``lang``, to ``audience``
        (the seats' names, and the reader's seat that the line calls "du"/"you")."""

    def parse_move(self, text: str) -> list[A]:
        """A person's whole move typed at once, as the actions it stands for, in order.

        Games whose turn is several actions (lay a chain of cards, announce and then play)
        accept the whole turn here; each action is still checked against ``legal_actions``
        when its turn comes. By default a move is one action.
        """
        return [self.parse_action(text)]

    def read_move(self, view: V, text: str) -> list[A]:
        """A move a person typed while looking at ``view``: :meth:`parse_move`, unless the
        game reads some texts by what the view shows (Magic Numbers' offered meanings)."""
        return self.parse_move(text)

    def label(self, action: A, lang: str) -> str:
        """The shortest text a person can type for ``action``; :meth:`parse_action` reads it."""
        return str(action)

    def refusal(self, view: V, text: str, lang: str) -> str | None:
        """Why what a person typed for ``view``'s seat cannot be played now, in ``lang``,
        where the game can say more than that it is not among the choices (a card the seat
        does not hold, say); ``None`` otherwise, and by default."""
        return None

    def _bad_action(self, raw: object, example: str) -> ActionParseError:
        return ActionParseError(
            f"{raw!r} is not an action of {self.spec.id}; write it like {example!r}"
        )
