"""Triggs in words: the move labels, what each event says and the words the terminal and the
browser show around the score sheets, in German and English (see
:mod:`spieltisch.core.words`). No rules here."""

from __future__ import annotations

from typing import Any

from spieltisch.core.game import Event
from spieltisch.core.words import NEUTRAL, Audience, Catalog, catalog, in_lang, phrase, section
from spieltisch.games.triggs.actions import (
    PILE_NAMES,
    Action,
    Announce,
    Discard,
    Draw,
    Extra,
    Form,
)

_LABELS: dict[str, dict[str, str]] = {
    "de": {
        "draw": "ziehe {pile}",
        "left": "links",
        "middle": "mitte",
        "right": "rechts",
        "discard": "wirf {count}x{value}",
        "announce": "kreuze {value}",
        "form": "lege {cards}",
        "extra": "extrakreuz {row}",
        "finish": "fertig",
    },
    "en": {
        "draw": "draw {pile}",
        "left": "left",
        "middle": "middle",
        "right": "right",
        "discard": "discard {count}x{value}",
        "announce": "announce {value}",
        "form": "form {cards}",
        "extra": "extra {row}",
        "finish": "finish",
    },
}
"""The move labels: what a person types (the game reads both languages' words)."""


def label(action: Action, lang: str) -> str:
    """The shortest text a person can type for ``action``: ``ziehe links``/``draw left``,
    ``wirf 2x9``/``discard 2x9``, ``kreuze 11``/``announce 11``, ``lege 7+4``/``form 7+4``,
    ``extrakreuz 9``/``extra 9``, ``fertig``/``finish``."""
    words = in_lang(_LABEL_WORDS, lang)
    if isinstance(action, Draw):
        return words["draw"].format(pile=words[PILE_NAMES[action.pile]])
    if isinstance(action, Discard):
        return words["discard"].format(count=action.count, value=action.value)
    if isinstance(action, Announce):
        return words["announce"].format(value=action.value)
    if isinstance(action, Form):
        cards = f"{action.high}+{action.low}" if action.low else str(action.high)
        return words["form"].format(cards=cards)
    if isinstance(action, Extra):
        return words["extra"].format(row=action.row)
    return words["finish"]


def describe(event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
    """One line telling a person what ``event`` means, in ``lang``: about a seat by its name,
    about the reader's own seat as "du"/"you"."""
    words = in_lang(_EVENT_WORDS, lang)
    data: dict[str, Any] = dict(event.data)
    seat = data.pop("seat", None)
    if "pile" in data:
        data["pile"] = words[data["pile"]]
    for key in ("hand", "cards"):
        if isinstance(data.get(key), (list, tuple)):
            data[key] = ", ".join(map(str, data[key])) or "–"
    if event.kind == "form":
        data["cards"] = data["cards"].replace(", ", " + ")
    if event.kind == "piles":
        left, right = (str(top) if top is not None else "–" for top in data["tops"])
        data.update(left=left, right=right, middle=data["sizes"][1])
    kind = event.kind
    if kind == "draw" and data["card"] is None:
        kind = "draw_hidden"
    elif kind == "discard" and data["to_box"]:
        kind = "discard_box"
    if isinstance(seat, int):
        return phrase(words, kind, seat, audience, lang, **data)
    return words[kind].format(**data)


_EVENTS: dict[str, dict[str, str]] = {
    "de": {
        "left": "linken",
        "middle": "mittleren",
        "right": "rechten",
        "deal": "Deine Handkarten: {hand}",
        "piles": "Offen liegen links die {left} und rechts die {right}; in der Mitte liegen "
        "{middle} Karten verdeckt.",
        "draw": "{player} zieht die {card} vom {pile} Stapel.",
        "draw.you": "Du ziehst die {card} vom {pile} Stapel.",
        "draw_hidden": "{player} zieht eine Karte vom {pile} Stapel.",
        "draw_hidden.you": "Du ziehst eine Karte vom {pile} Stapel.",
        "drawn": "Gezogen: {cards}",
        "discard": "{player} wirft {count}× die {value} ab.",
        "discard.you": "Du wirfst {count}× die {value} ab.",
        "discard_box": "{player} wirft {count}× die {value} ab; sie kommen in die Schachtel.",
        "discard_box.you": "Du wirfst {count}× die {value} ab; sie kommen in die Schachtel.",
        "announce": "{player}: „Ich kreuze {value}en an!“",
        "announce.you": "Du sagst an: „Ich kreuze {value}en an!“",
        "form": "{player} legt {cards} und kreuzt eine {value} an.",
        "form.you": "Du legst {cards} und kreuzt eine {value} an.",
        "row_full": "{player} hat die {row}er-Reihe voll: ein Extrakreuz!",
        "row_full.you": "Deine {row}er-Reihe ist voll: ein Extrakreuz!",
        "extra": "{player} macht das Extrakreuz in der {row}er-Reihe.",
        "extra.you": "Du machst das Extrakreuz in der {row}er-Reihe.",
        "refill_hand": "{player} hat keine Karten mehr und zieht {count} vom verdeckten Stapel.",
        "refill_hand.you": "Du hast keine Karten mehr und ziehst {count} vom verdeckten Stapel.",
        "reshuffle": "Der Ablagestapel wird gemischt und füllt den {pile} Stapel auf ({count} "
        "Karten).",
        "removed": "Die {card} oben auf dem {pile} Stapel kommt aus dem Spiel.",
        "removal_rule": "Alle haben die {value}er-Reihe voll: {value}er kommen aus dem Spiel.",
        "win": "{player} hat alle Felder angekreuzt und gewinnt!",
        "win.you": "Du hast alle Felder angekreuzt und gewinnst!",
        "round_limit": "Nach {rounds} Runden endet das Spiel ohne Sieger; es zählen die Kreuze.",
    },
    "en": {
        "left": "left",
        "middle": "middle",
        "right": "right",
        "deal": "Your hand: {hand}",
        "piles": "Face up: the {left} on the left and the {right} on the right; {middle} cards "
        "face down in the middle.",
        "draw": "{player} draws the {card} from the {pile} pile.",
        "draw.you": "You draw the {card} from the {pile} pile.",
        "draw_hidden": "{player} draws a card from the {pile} pile.",
        "draw_hidden.you": "You draw a card from the {pile} pile.",
        "drawn": "Drawn: {cards}",
        "discard": "{player} discards {count}× {value}.",
        "discard.you": "You discard {count}× {value}.",
        "discard_box": "{player} discards {count}× {value}; they go back in the box.",
        "discard_box.you": "You discard {count}× {value}; they go back in the box.",
        "announce": "{player}: “I cross off {value}s!”",
        "announce.you": "You announce: “I cross off {value}s!”",
        "form": "{player} lays {cards} and crosses off a {value}.",
        "form.you": "You lay {cards} and cross off a {value}.",
        "row_full": "{player} filled the {row}-row: an extra cross!",
        "row_full.you": "Your {row}-row is full: an extra cross!",
        "extra": "{player} puts the extra cross in the {row}-row.",
        "extra.you": "You put the extra cross in the {row}-row.",
        "refill_hand": "{player} has no cards left and draws {count} from the face-down pile.",
        "refill_hand.you": "You have no cards left and draw {count} from the face-down pile.",
        "reshuffle": "The discard pile is shuffled into the {pile} pile ({count} cards).",
        "removed": "The {card} on top of the {pile} pile leaves the game.",
        "removal_rule": "Everyone has filled the {value}-row: {value}s leave the game.",
        "win": "{player} has crossed every box and wins!",
        "win.you": "You have crossed every box and win!",
        "round_limit": "After {rounds} rounds the game ends without a winner; crosses count.",
    },
}

_BOARD: dict[str, dict[str, str]] = {
    "de": {
        "row": "Reihe",
        "forming": "kreuzt {value}en an ({formed} gelegt)",
        "extra": "macht ein Extrakreuz",
        "over": "Spielende",
    },
    "en": {
        "row": "row",
        "forming": "crosses off {value}s ({formed} laid)",
        "extra": "places an extra cross",
        "over": "game over",
    },
}
"""Words both the terminal and the browser show on the board."""

_TERM: dict[str, dict[str, str]] = {
    "de": {
        "piles": "links [{left}] ({left_size})   Mitte verdeckt ({middle_size})   rechts "
        "[{right}] ({right_size})   Ablage {discard}",
        "hand_sizes": "Handkarten: ",
        "your_hand": "Deine Hand: ",
        "turn": "wählt Aktion A (ziehen), B (abwerfen) oder C (ankreuzen)",
        "drawing": "zieht noch {draws} Karte",
        "move_help": "Ganzer Zug: 'ziehe links mitte' · 'wirf 2x9' · "
        "'kreuze 11: 11 7+4 extrakreuz 9 fertig'",
        "not_in_hand": "Du hast keine {card} auf der Hand; du hast: {hand}.",
        "no_row": "Es gibt keine {value}er-Reihe; die Reihen gehen von 1 bis {rows}.",
    },
    "en": {
        "piles": "left [{left}] ({left_size})   middle face down ({middle_size})   right "
        "[{right}] ({right_size})   discard {discard}",
        "hand_sizes": "Hand sizes: ",
        "your_hand": "Your hand: ",
        "turn": "chooses action A (draw), B (discard) or C (cross off)",
        "drawing": "draws {draws} more card",
        "move_help": "A whole turn: 'draw left middle' · 'discard 2x9' · "
        "'cross 11: 11 7+4 extra 9 finish'",
        "not_in_hand": "You hold no {card}; you hold: {hand}.",
        "no_row": "There is no {value}-row; the rows go from 1 to {rows}.",
    },
}
"""The terminal's own words for the board."""

_WEB: dict[str, dict[str, str]] = {
    "de": {
        "pitch": "Bilde Zahlen aus deinen Karten – volle Reihen bringen Extrakreuze.",
        "sheets": "Spielzettel",
        "crossed": "{n} von {of} angekreuzt",
        "removed": "aus dem Spiel",
        "total": "Summe",
        "piles": "Stapel",
        "left": "links",
        "middle": "Mitte (verdeckt)",
        "right": "rechts",
        "pile_label": "Stapel {name}: {top}, {n} Karten",
        "pile_empty": "leer",
        "discard": "Ablage {n}",
        "hand_sizes": "Handkarten",
        "known": "bekannt",
        "your_hand": "Deine Hand",
        "card": "Karte {n}",
        "turn": "wählt: ziehen, abwerfen oder ankreuzen",
        "drawing": "zieht noch {n} Karte(n)",
        "g_draw": "Ziehen (Aktion A)",
        "g_discard": "Abwerfen (Aktion B)",
        "g_announce": "Ankreuzen ansagen (Aktion C)",
        "g_form": "Karten legen und ankreuzen",
        "g_extra": "Extrakreuz",
        "g_finish": "Zug",
        "draw": "{name}",
        "draw_label": "vom Stapel {name} ziehen",
        "discard_n": "{count}× {value}",
        "discard_label": "{count}× die {value} abwerfen",
        "announce": "{value}en",
        "announce_label": "Ich kreuze {value}en an",
        "form": "{cards}",
        "form_label": "{cards} legen",
        "extra_row": "Reihe {row}",
        "extra_label": "Extrakreuz in Reihe {row}",
        "finish": "Zug beenden",
        "players": "Spieler",
        "sheet_mine": "Dein Spielzettel",
        "sheet_of": "Spielzettel von {who}",
        "drawn_from": "vom Stapel {name}",
        "card_back": "eine verdeckte Karte",
        "chip_turn": "ist dran",
        "chip_drawing": "zieht",
        "chip_forming": "kreuzt {value}en an",
        "chip_extra": "Extrakreuz!",
        "chip_won": "gewinnt",
    },
    "en": {
        "pitch": "Make numbers from your cards – full rows bring extra crosses.",
        "sheets": "Score sheets",
        "crossed": "{n} of {of} crossed off",
        "removed": "out of the game",
        "total": "total",
        "piles": "Piles",
        "left": "left",
        "middle": "middle (face down)",
        "right": "right",
        "pile_label": "{name} pile: {top}, {n} cards",
        "pile_empty": "empty",
        "discard": "discard {n}",
        "hand_sizes": "hand",
        "known": "known",
        "your_hand": "Your hand",
        "card": "card {n}",
        "turn": "chooses: draw, discard or cross off",
        "drawing": "draws {n} more card(s)",
        "g_draw": "Draw (action A)",
        "g_discard": "Discard (action B)",
        "g_announce": "Announce a cross (action C)",
        "g_form": "Lay cards and cross off",
        "g_extra": "Extra cross",
        "g_finish": "Turn",
        "draw": "{name}",
        "draw_label": "draw from the {name} pile",
        "discard_n": "{count}× {value}",
        "discard_label": "discard {count}× {value}",
        "announce": "{value}s",
        "announce_label": "I cross off {value}s",
        "form": "{cards}",
        "form_label": "lay {cards}",
        "extra_row": "row {row}",
        "extra_label": "extra cross in row {row}",
        "finish": "End the turn",
        "players": "Players",
        "sheet_mine": "Your score sheet",
        "sheet_of": "{who}'s score sheet",
        "drawn_from": "from the {name} pile",
        "card_back": "a face-down card",
        "chip_turn": "to play",
        "chip_drawing": "drawing",
        "chip_forming": "crosses off {value}s",
        "chip_extra": "extra cross!",
        "chip_won": "wins",
    },
}
"""The browser's own words for the board and the move buttons."""

_ERRORS = {
    "de": {"deck_order": "ein Triggs-Deck nennt die 108 Karten, neun von jedem Wert 1 bis 12"},
    "en": {"deck_order": "a Triggs deck lists the 108 cards, nine of each value 1 to 12"},
}
"""What an explicit deck order of this game must be (completed by the error catalog's
``deck_order``: top card first, and how many entries came)."""

#: Every text about Triggs, by word id.
WORDS: Catalog = catalog(
    label=_LABELS, event=_EVENTS, board=_BOARD, term=_TERM, web=_WEB, error=_ERRORS
)
_LABEL_WORDS = section(WORDS, "label")
_EVENT_WORDS = section(WORDS, "event")
_TERM_WORDS = section(WORDS, "term")


def not_in_hand(card: int, hand: tuple[int, ...], lang: str) -> str:
    """Telling a person they do not hold ``card`` (or not as many), and what they hold."""
    text = in_lang(_TERM_WORDS, lang)["not_in_hand"]
    return text.format(card=card, hand=", ".join(map(str, hand)) or "–")


def no_row(value: int, rows: int, lang: str) -> str:
    """Telling a person the score sheet (``rows`` rows) has no row for ``value``."""
    return in_lang(_TERM_WORDS, lang)["no_row"].format(value=value, rows=rows)
