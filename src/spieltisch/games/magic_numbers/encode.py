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
from functools import cache

from spieltisch.core.observation import Layout, Vector, others_first
from spieltisch.games.magic_numbers.actions import CHIPS, CHOICE_COUNT, DISPLAY_SIZE, HINT_KINDS
from spieltisch.games.magic_numbers.choices import size
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


def _bucket(text: str, buckets: int) -> int:
    return zlib.crc32(text.encode()) % buckets


def _words(out: Vector, start: int, texts: Sequence[str]) -> None:
    """Set the bucket of every word of ``texts`` (lower case)."""
    for text in texts:
        for word in _WORD.findall(text.lower()):
            out[start + _bucket(word, WORD_BUCKETS)] = 1.0


def _front(out: Vector, start: int, face: CardFace | None, theme_index: dict[str, int]) -> None:
    if face is None:
        return
    out[start] = 1.0
    out[start + 1 + theme_index[face.theme]] = 1.0
    themes = len(theme_index)
    out[start + 1 + themes] = min(1.0, math.log10(1.0 + abs(size(face.number))) / LOG_SCALE)
    out[start + 2 + themes + _bucket(face.number, NUMBER_BUCKETS)] = 1.0


def encode(view: MagicNumbersView, deck_size: int) -> Vector:
    """What ``view`` shows as a vector of :func:`layout` (``deck_size``: cards in the deck)."""
    players = view.players
    themes = len(view.themes)
    theme_index = {theme.id: index for index, theme in enumerate(view.themes)}
    fields = layout(players, themes)
    out = fields.zeros()
    width = front_size(themes)
    for position, face in enumerate(view.display):
        _front(out, fields["display"].start + position * width, face, theme_index)
    _front(out, fields["draw_pile_top"].start, view.draw_pile_top, theme_index)
    if view.position is not None:
        out[fields["solving"].start + view.position] = 1.0
    choices = fields["choices"].start
    for index, (_, english) in enumerate(view.choices):
        start = choices + index * (1 + WORD_BUCKETS)
        out[start] = 1.0
        _words(out, start + 1, [english])
    for _, text in view.answers:
        if text.isdigit() and 1 <= int(text) <= CHOICE_COUNT:
            out[fields["wrong_choices"].start + int(text) - 1] = 1.0
    for kind in view.hints:
        out[fields["hints"].start + HINT_KINDS.index(kind)] = 1.0
    _words(out, fields["hint_words"].start, [english for _, _, english in view.hint_texts])
    for chip in view.my_chips:
        out[fields["my_chips"].start + CHIPS.index(chip)] = 1.0
    order = others_first(view.seat, players)
    place_of = {seat: place for place, seat in enumerate(order)}
    slot_width = players + len(CHIPS) + 1
    for position, slots in enumerate(view.bids):
        for slot, (bidder, shown) in enumerate(slots):
            start = fields["bids"].start + (position * players + slot) * slot_width
            out[start + place_of[bidder]] = 1.0
            out[start + players + (len(CHIPS) if shown is None else CHIPS.index(shown))] = 1.0
    out[fields["phase"].start + PHASE_INDEX[view.phase]] = 1.0
    out[fields["round"].start] = view.round / view.rounds
    out[fields["quiet"].start] = min(1.0, view.quiet / players)
    out[fields["draw_pile_size"].start] = view.draw_pile_size / deck_size
    out[fields["box_size"].start] = view.box_size / deck_size
    in_play = DISPLAY_SIZE * view.rounds
    out[fields["finished"].start] = len(view.unsolved) / in_play
    out[fields["finished"].start + 1] = len(view.set_aside) / in_play
    out[fields["game_over"].start] = float(view.game_over)
    if view.seat is not None:
        out[fields["seat"].start + view.seat] = 1.0
    rank = {seat: index + 1 for index, seat in enumerate(view.order)}
    for place, seat in enumerate(order):
        out[fields["to_act"].start + place] = float(seat in view.to_act)
        out[fields["answering"].start + place] = float(seat == view.answering)
        out[fields["start_player"].start + place] = float(seat == view.start_player)
        out[fields["order"].start + place] = rank.get(seat, 0) / players
        out[fields["chips_left"].start + place] = view.chips_left[seat] / len(CHIPS)
        points = view.points[seat]
        out[fields["points"].start + place] = points / (abs(points) + POINTS_HALF)
        out[fields["bonus"].start + place] = view.bonus[seat] / (THEME_BONUS * themes)
        collected = fields["collections"].start + place * themes
        for card in view.collections[seat]:
            out[collected + theme_index[card.theme]] += 1.0 / in_play
    return out
