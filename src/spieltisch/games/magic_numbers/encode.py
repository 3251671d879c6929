"""Magic Numbers as an observation vector for learning programs (docs/rl.md lists the
fields).

Only what a seat's view shows, and only as printed: a card front is its theme, the size of
its number and the number's text hashed into buckets (not the card's place in the deck, which
would tell a program more than the front shows). The meanings offered with
``answers=choice`` and the hints given are bags of their English words, hashed into buckets
(crc32), so a program can learn which words go with which numbers. Per seat (itself first):
points, chips, collected cards by theme, its place in the answering order.
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Sequence
from functools import cache, lru_cache

import numpy as np

from spieltisch.core.observation import Layout, Parts, PerSeat, Vector, fill
from spieltisch.games.magic_numbers.actions import CHIPS, CHOICE_COUNT, DISPLAY_SIZE, HINT_KINDS
from spieltisch.games.magic_numbers.choices import size
from spieltisch.games.magic_numbers.deck import Theme
from spieltisch.games.magic_numbers.state import THEME_BONUS, CardFace, MagicNumbersView, Phase

PHASE_INDEX = {phase.value: index for index, phase in enumerate(Phase)}
#: A bid chip's place in its one-hot field: 3, 2, 1, 0, then unseen (None).
CHIP_PLACE: dict[int | None, int] = {
    **{chip: place for place, chip in enumerate(CHIPS)},
    None: len(CHIPS),
}
#: Buckets for a number's text and for the words of a meaning or hint.
NUMBER_BUCKETS = 32
WORD_BUCKETS = 64
#: A number's size enters as log10(1 + size) ÷ this (numbers up to 10^10 fit).
LOG_SCALE = 10.0
#: Points enter as p ÷ (p + this): 0 at 0, ½ at this many, below 1 however many.
POINTS_HALF = 30.0
_WORD = re.compile(r"\w+")


def front_size(themes: int) -> int:
    """Entries of one card front: present, theme one-hot, size, number buckets."""
    return 2 + themes + NUMBER_BUCKETS


@cache
def layout(players: int, themes: int) -> Layout:
    """The fields of a vector for ``players`` seats and a deck of ``themes`` themes."""
    fields = Layout()
    front = (
        f"a card front: 1 if there is a card; its theme, one-hot ({themes}); "
        f"log10(1 + its number) ÷ {LOG_SCALE:g}; its number's text hashed into "
        f"{NUMBER_BUCKETS} buckets"
    )
    fields.add("display", DISPLAY_SIZE * front_size(themes), f"per display position, {front}")
    fields.add("draw_pile_top", front_size(themes), f"the draw pile's top card, {front}")
    fields.add("solving", DISPLAY_SIZE, "the position of the card being solved, one-hot")
    fields.add(
        "choices",
        CHOICE_COUNT * (1 + WORD_BUCKETS),
        f"per offered meaning: 1 if offered, then its English words hashed into {WORD_BUCKETS} "
        "buckets",
    )
    fields.add("wrong_choices", CHOICE_COUNT, "1 for each choice already answered wrongly")
    fields.add("hints", len(HINT_KINDS), "1 for each hint given: " + ", ".join(HINT_KINDS))
    fields.add("hint_words", WORD_BUCKETS, "the English words of the hints given, hashed")
    fields.add("my_chips", len(CHIPS), "1 for each chip the seat still holds: 3, 2, 1, 0")
    fields.add(
        "bids",
        DISPLAY_SIZE * players * (players + len(CHIPS) + 1),
        "per display position and bid slot: the bidder (itself first), one-hot; then its "
        "chip 3, 2, 1, 0 or unseen, one-hot",
    )
    fields.add("phase", len(PHASE_INDEX), "the phase, one-hot: " + ", ".join(PHASE_INDEX))
    fields.add("round", 1, "the round ÷ rounds")
    fields.add("quiet", 1, "turns since the last bid ÷ players")
    fields.add("draw_pile_size", 1, "cards in the draw pile ÷ cards in the deck")
    fields.add("box_size", 1, "cards in the box ÷ cards in the deck")
    fields.add("finished", 2, "cards given up, cards set aside, each ÷ (4 × rounds)")
    fields.add("game_over", 1, "1 once the game is over")
    fields.add("seat", players, "the seat's own number, one-hot")
    for name, text in (
        ("to_act", "1 if it must decide now"),
        ("answering", "1 for the seat to answer"),
        ("start_player", "1 for the round's start player"),
        ("order", "its place in the answering order ÷ players (0: not answering)"),
        ("chips_left", f"chips it still holds ÷ {len(CHIPS)}"),
        ("points", f"its points p as p ÷ (abs(p) + {POINTS_HALF:g})"),
        ("bonus", f"its theme bonus ÷ ({THEME_BONUS} × themes)"),
    ):
        fields.add(name, players, f"per seat (itself first): {text}")
    fields.add(
        "collections", players * themes, "per seat: cards it collected per theme ÷ (4 × rounds)"
    )
    return fields


@lru_cache(maxsize=1 << 14)
def _bucket(text: str, buckets: int) -> int:
    return zlib.crc32(text.encode()) % buckets


@lru_cache(maxsize=1 << 12)
def _word_buckets(text: str) -> tuple[int, ...]:
    """The buckets of the words of ``text`` (lower case), each once."""
    return tuple(sorted({_bucket(word, WORD_BUCKETS) for word in _WORD.findall(text.lower())}))


def _words(start: int, texts: Sequence[str]) -> list[int]:
    """The entries of the buckets of every word of ``texts``."""
    return [start + bucket for text in texts for bucket in _word_buckets(text)]


@lru_cache(maxsize=1 << 10)
def _choices(choices: tuple[tuple[str, str], ...], at: int) -> tuple[int, ...]:
    """The entries set to 1 for the meanings offered (``at``: where the field starts): the
    same while a card is solved."""
    ones: list[int] = []
    for index, (_, english) in enumerate(choices):
        start = at + index * (1 + WORD_BUCKETS)
        ones.append(start)
        ones += _words(start + 1, [english])
    return tuple(ones)


#: The last deck's themes (compared by identity: every view of a game hands on the same
#: tuple) and their places.
_THEMES: list[tuple[tuple[Theme, ...], dict[str, int]]] = []


def _theme_index(themes: tuple[Theme, ...]) -> dict[str, int]:
    """Each theme's place in the deck's list of themes."""
    if not _THEMES or _THEMES[0][0] is not themes:
        _THEMES[:] = [(themes, {theme.id: index for index, theme in enumerate(themes)})]
    return _THEMES[0][1]


def _front(start: int, face: CardFace | None, theme_index: dict[str, int]) -> list[int]:
    """The entries set to 1 for a card front (its size is set apart)."""
    if face is None:
        return []
    themes = len(theme_index)
    return [
        start,
        start + 1 + theme_index[face.theme],
        start + 2 + themes + _bucket(face.number, NUMBER_BUCKETS),
    ]


@lru_cache(maxsize=1 << 12)
def _size(number: str) -> float:
    """A printed number's size as log10(1 + size) ÷ :data:`LOG_SCALE`, at most 1."""
    return min(1.0, math.log10(1.0 + abs(size(number))) / LOG_SCALE)


@lru_cache(maxsize=1 << 10)
def _share(count: int, in_play: int) -> float:
    """``count`` cards of ``in_play`` as a float32 sum of ``count`` times 1 ÷ ``in_play``."""
    total = np.float32(0.0)
    for _ in range(count):
        total += np.float32(1.0 / in_play)
    return float(total)


#: The table parts of recent vectors (:func:`_table_part`).
_TABLES = Parts()


@cache
def _table_per_seat(themes: int) -> PerSeat:
    """The per-seat fields of the table part, with one seat's block each."""
    return (("start_player", 1), ("points", 1), ("bonus", 1), ("collections", themes))


def encode(view: MagicNumbersView, deck_size: int) -> Vector:
    """What ``view`` shows as a vector of :func:`layout` (``deck_size``: cards in the deck):
    the table part (what every seat sees alike until the points, the cards or the round
    change, made once and turned to put the seat first), then the bids, the answers and who
    acts."""
    players = view.players
    themes = len(view.themes)
    fields = layout(players, themes)
    at = fields.at
    seat = view.seat
    table = (
        view.themes,
        view.rounds,
        view.round,
        view.start_player,
        view.points,
        view.display,
        view.draw_pile_top,
        view.draw_pile_size,
        view.box_size,
        view.collections,
        view.unsolved,
        view.set_aside,
        view.bonus,
        deck_size,
    )
    out = _TABLES.get(
        table,
        lambda: _table_part(view, deck_size, fields),
        fields,
        seat,
        players,
        _table_per_seat(themes),
    ).copy()
    first = seat or 0  # per-seat fields start with this seat (a spectator's: seat 0)
    ones = [at["phase"] + PHASE_INDEX[view.phase]]
    if view.position is not None:
        ones.append(at["solving"] + view.position)
    if view.choices:
        ones += _choices(view.choices, at["choices"])
    if view.answers:
        start = at["wrong_choices"] - 1
        ones += [
            start + int(text)
            for _, text in view.answers
            if text.isdigit() and 1 <= int(text) <= CHOICE_COUNT
        ]
    if view.hints:
        start = at["hints"]
        ones += [start + HINT_KINDS.index(kind) for kind in view.hints]
    if view.hint_texts:
        ones += _words(at["hint_words"], [english for _, _, english in view.hint_texts])
    start = at["my_chips"]
    ones += [start + CHIPS.index(chip) for chip in view.my_chips]
    slot_width = players + len(CHIPS) + 1
    start, width = at["bids"], players * slot_width
    for position, slots in enumerate(view.bids):  # per slot: the bidder, then the chip
        slot = start + position * width
        for bidder, shown in slots:
            ones.append(slot + (bidder - first) % players)
            ones.append(slot + players + CHIP_PLACE[shown])
            slot += slot_width
    if view.game_over:
        ones.append(at["game_over"])
    if seat is not None:
        ones.append(at["seat"] + seat)
    if view.answering is not None:
        ones.append(at["answering"] + (view.answering - first) % players)
    start = at["to_act"]
    ones += [start + (acting - first) % players for acting in view.to_act]
    start = at["chips_left"]
    places = [at["quiet"], *range(start, start + players)]
    values = [min(1.0, view.quiet / players)]
    values += [view.chips_left[(first + place) % players] / len(CHIPS) for place in range(players)]
    start = at["order"]
    for rank, answering in enumerate(view.order, start=1):
        places.append(start + (answering - first) % players)
        values.append(rank / players)
    return fill(out, ones, places, values)


def _table_part(view: MagicNumbersView, deck_size: int, fields: Layout) -> Vector:
    """What every seat sees alike until the points, the cards or the round change, seat 0
    first: the card fronts, the round, the piles, the start player and each seat's points,
    bonus and collection."""
    at = fields.at
    theme_index = _theme_index(view.themes)
    themes = len(theme_index)
    width = front_size(themes)
    fronts = [(position * width, face) for position, face in enumerate(view.display)]
    fronts.append((DISPLAY_SIZE * width, view.draw_pile_top))
    ones: list[int] = []
    places: list[int] = []
    values: list[float] = []
    for start, face in fronts:
        if face is not None:
            ones += _front(start, face, theme_index)
            places.append(start + 1 + themes)
            values.append(_size(face.number))
    ones.append(at["start_player"] + view.start_player)
    in_play = DISPLAY_SIZE * view.rounds
    places += [at["round"], at["draw_pile_size"], at["box_size"]]
    values += [view.round / view.rounds, view.draw_pile_size / deck_size, view.box_size / deck_size]
    places += [at["finished"], at["finished"] + 1]
    values += [len(view.unsolved) / in_play, len(view.set_aside) / in_play]
    points, bonus = at["points"], at["bonus"]
    most_bonus = THEME_BONUS * themes
    for seat, score in enumerate(view.points):
        places += [points + seat, bonus + seat]
        values += [score / (abs(score) + POINTS_HALF), view.bonus[seat] / most_bonus]
    for seat, cards in enumerate(view.collections):
        if cards:
            collected = at["collections"] + seat * themes
            counts: dict[int, int] = {}
            for card in cards:
                theme = theme_index[card.theme]
                counts[theme] = counts.get(theme, 0) + 1
            places += [collected + theme for theme in counts]
            values += [_share(count, in_play) for count in counts.values()]
    return fields.vector(ones, places, values)
