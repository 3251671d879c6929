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

from spieltisch.core.observation import Layout, Vector, others_first
from spieltisch.games.magic_numbers.actions import CHIPS, CHOICE_COUNT, DISPLAY_SIZE, HINT_KINDS
from spieltisch.games.magic_numbers.choices import size
from spieltisch.games.magic_numbers.deck import Theme
from spieltisch.games.magic_numbers.state import THEME_BONUS, CardFace, MagicNumbersView, Phase

PHASE_INDEX = {phase.value: index for index, phase in enumerate(Phase)}
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


def encode(view: MagicNumbersView, deck_size: int) -> Vector:
    """What ``view`` shows as a vector of :func:`layout` (``deck_size``: cards in the deck)."""
    players = view.players
    themes = len(view.themes)
    theme_index = _theme_index(view.themes)
    fields = layout(players, themes)
    at = fields.at
    width = front_size(themes)
    fronts = [
        (at["display"] + position * width, face) for position, face in enumerate(view.display)
    ]
    fronts.append((at["draw_pile_top"], view.draw_pile_top))
    ones: list[int] = []
    for start, face in fronts:
        ones += _front(start, face, theme_index)
    if view.position is not None:
        ones.append(at["solving"] + view.position)
    for index, (_, english) in enumerate(view.choices):
        start = at["choices"] + index * (1 + WORD_BUCKETS)
        ones.append(start)
        ones += _words(start + 1, [english])
    ones += [
        at["wrong_choices"] + int(text) - 1
        for _, text in view.answers
        if text.isdigit() and 1 <= int(text) <= CHOICE_COUNT
    ]
    ones += [at["hints"] + HINT_KINDS.index(kind) for kind in view.hints]
    ones += _words(at["hint_words"], [english for _, _, english in view.hint_texts])
    ones += [at["my_chips"] + CHIPS.index(chip) for chip in view.my_chips]
    order = others_first(view.seat, players)
    place_of = {seat: place for place, seat in enumerate(order)}
    slot_width = players + len(CHIPS) + 1
    for position, slots in enumerate(view.bids):
        for slot, (bidder, shown) in enumerate(slots):
            start = at["bids"] + (position * players + slot) * slot_width
            ones.append(start + place_of[bidder])
            ones.append(start + players + (len(CHIPS) if shown is None else CHIPS.index(shown)))
    ones.append(at["phase"] + PHASE_INDEX[view.phase])
    if view.game_over:
        ones.append(at["game_over"])
    if view.seat is not None:
        ones.append(at["seat"] + view.seat)
    for name, marked in (("answering", view.answering), ("start_player", view.start_player)):
        if marked is not None:
            ones.append(at[name] + place_of[marked])
    ones += [at["to_act"] + place_of[seat] for seat in view.to_act]
    places: list[int] = []
    values: list[float] = []
    for start, face in fronts:
        if face is not None:
            places.append(start + 1 + themes)
            values.append(_size(face.number))
    in_play = DISPLAY_SIZE * view.rounds
    places += [at["round"], at["quiet"], at["draw_pile_size"], at["box_size"]]
    values += [
        view.round / view.rounds,
        min(1.0, view.quiet / players),
        view.draw_pile_size / deck_size,
        view.box_size / deck_size,
    ]
    places += [at["finished"], at["finished"] + 1]
    values += [len(view.unsolved) / in_play, len(view.set_aside) / in_play]
    for rank, seat in enumerate(view.order, start=1):
        places.append(at["order"] + place_of[seat])
        values.append(rank / players)
    chips_left, points, bonus = at["chips_left"], at["points"], at["bonus"]
    most_bonus = THEME_BONUS * themes
    for place, seat in enumerate(order):
        score = view.points[seat]
        places += [chips_left + place, points + place, bonus + place]
        values += [
            view.chips_left[seat] / len(CHIPS),
            score / (abs(score) + POINTS_HALF),
            view.bonus[seat] / most_bonus,
        ]
    out = fields.vector(ones)
    out[places] = values
    for place, seat in enumerate(order):
        collected = at["collections"] + place * themes
        for card in view.collections[seat]:
            out[collected + theme_index[card.theme]] += 1.0 / in_play
    return out
