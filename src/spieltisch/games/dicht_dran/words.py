"""Dicht dran in words: what each event says, the move labels, and the words the terminal
and the browser show around the circle, in German and English (see :mod:`spieltisch.core.words`).
No rules here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spieltisch.core.game import Event
from spieltisch.core.words import NEUTRAL, Audience, Catalog, catalog, in_lang, section

if TYPE_CHECKING:
    from spieltisch.games.dicht_dran.game import Play


def label(action: Play, lang: str) -> str:
    """Just the card number."""
    return str(action.card)


def describe(event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
    """One line telling a person what ``event`` means, in ``lang``."""
    words = in_lang(_EVENT_WORDS, lang)
    data: dict[str, Any] = dict(event.data)
    if event.kind == "game_end":
        places = sorted(enumerate(data.pop("ranking")), key=lambda seat_place: seat_place[1])
        data["ranking"] = ", ".join(
            words["place"].format(place=place, player=seat + 1) for seat, place in places
        )
    if "gap" in data:
        data["gap"] = "{}–{}".format(*data["gap"])
    for key in ("hand", "cards", "scores", "totals", "ranking"):
        if isinstance(data.get(key), list):
            data[key] = ", ".join(map(str, data[key]))
    if "seat" in data:
        data["player"] = data["seat"] + 1
    for key in ("chilis", "count"):
        if key in data:
            data[f"{key}_word"] = words[f"{key}_{'one' if data[key] == 1 else 'many'}"]
    if event.kind == "pass_end":
        data["hands"] = " | ".join(
            f"{words['player']} {seat + 1}: {', '.join(map(str, hand)) or '–'}"
            for seat, hand in enumerate(data["hands"])
        )
    return words[event.kind].format(**data)


_EVENTS: dict[str, dict[str, str]] = {
    "de": {
        "pass_start": "Durchgang {pass} beginnt.",
        "deal": "Deine Handkarten: {hand}",
        "target": "Zielkarte {target}, Lücke {gap}.",
        "commit": "Spieler {player} hat eine Karte verdeckt abgelegt.",
        "my_card": "Du hast die {card} verdeckt abgelegt.",
        "reveal": "Aufgedeckt: {cards}",
        "win": "Spieler {player} ist mit der {card} am dichtesten dran und gewinnt die {target}.",
        "gap_discard": "Die {card} von Spieler {player} passt in die Lücke: abgelegt.",
        "discard_draw": "Die {card} von Spieler {player} liegt außerhalb der Lücke und zeigt "
        "{chilis} {chilis_word}: abgelegt, Spieler {player} muss nachziehen.",
        "draw": "Spieler {player} zieht {count} {count_word}.",
        "drawn": "Du ziehst: {cards}",
        "reshuffle": "Der Zugstapel ist leer: {cards} Karten des Ablagestapels werden gemischt.",
        "pass_end": "Durchgang {pass} ist vorbei. Handkarten: {hands}. Punkte: {scores}; "
        "insgesamt: {totals}.",
        "player": "Spieler",
        "chilis_one": "Knallschote",
        "chilis_many": "Knallschoten",
        "count_one": "Karte",
        "count_many": "Karten",
        "game_end": "Das Spiel ist aus. Platzierung: {ranking}.",
        "place": "Spieler {player} auf Platz {place}",
    },
    "en": {
        "pass_start": "Pass {pass} begins.",
        "deal": "Your hand: {hand}",
        "target": "Target {target}, gap {gap}.",
        "commit": "Player {player} laid a card face down.",
        "my_card": "You laid the {card} face down.",
        "reveal": "Revealed: {cards}",
        "win": "Player {player} is closest with {card} and wins the {target}.",
        "gap_discard": "Player {player}'s {card} fits the gap: discarded.",
        "discard_draw": "Player {player}'s {card} is outside the gap and shows {chilis} "
        "{chilis_word}: discarded, player {player} must draw.",
        "draw": "Player {player} draws {count} {count_word}.",
        "drawn": "You draw: {cards}",
        "reshuffle": "The draw pile is empty: {cards} discarded cards are shuffled.",
        "pass_end": "Pass {pass} is over. Hands: {hands}. Points: {scores}; totals: {totals}.",
        "player": "Player",
        "chilis_one": "chili",
        "chilis_many": "chilis",
        "count_one": "card",
        "count_many": "cards",
        "game_end": "The game is over. Places: {ranking}.",
        "place": "player {player} in place {place}",
    },
}


_BOARD: dict[str, dict[str, str]] = {
    "de": {
        "piles": "Zugstapel {draw} · Ablagestapel {discard}",
    },
    "en": {
        "piles": "Draw pile {draw} · discard pile {discard}",
    },
}
"""Words both the terminal and the browser show on the board."""

_TERM: dict[str, dict[str, str]] = {
    "de": {
        "title": "Durchgang {n}/{of}",
        "heading": "Zielkarte {target} · Lücke {low}–{high}",
        "col_player": "Spieler",
        "col_hand": "Hand",
        "col_won": "gewonnen",
        "col_chilis": "Schoten",
        "col_past": "Punkte bisheriger Durchgänge",
        "col_sum": "Punkte",
        "col_by_pass": "Punkte je Durchgang → gesamt",
        "over": "Spielende",
        "laid": "liegt verdeckt",
        "your_hand": "Deine Hand: ",
        "my_card": "Verdeckt gelegt: ",
        "move_help": "Tippe die Zahl der Karte, die du verdeckt legst, z. B. 63",
        "not_in_hand": "Die {card} hast du nicht auf der Hand; du hast: {hand}.",
        "no_card": "Eine Karte {card} gibt es nicht; du hast: {hand}.",
    },
    "en": {
        "title": "pass {n}/{of}",
        "heading": "Target {target} · gap {low}–{high}",
        "col_player": "Player",
        "col_hand": "Hand",
        "col_won": "won",
        "col_chilis": "chilis",
        "col_past": "points of past passes",
        "col_sum": "points",
        "col_by_pass": "points by pass → total",
        "over": "Game over",
        "laid": "face down",
        "your_hand": "Your hand: ",
        "my_card": "Laid face down: ",
        "move_help": "Type the number of the card you lay face down, e.g. 63",
        "not_in_hand": "{card} is not in your hand; you hold: {hand}.",
        "no_card": "There is no card {card}; you hold: {hand}.",
    },
}
"""The terminal's own words for the board."""

_WEB: dict[str, dict[str, str]] = {
    "de": {
        "pitch": "Alle legen verdeckt – wer der Zielkarte am dichtesten kommt, gewinnt sie.",
        "pass": "Durchgang {n} von {of}",
        "target": "Zielkarte {n}",
        "gap": "Lücke {low}–{high}",
        "circle": "Der Kreis (im Uhrzeigersinn)",
        "target_mark": "Ziel",
        "gap_mark": "Lücke",
        "players": "Spieler",
        "hand": "Handkarten",
        "won": "gewonnen",
        "chilis": "Chilis",
        "total": "gesamt",
        "laid": "gelegt",
        "your_hand": "Deine Hand",
        "choose": "Deine Hand – wähle die Karte, die du verdeckt legst",
        "my_card": "Du hast verdeckt gelegt:",
        "chili_n": "{n} Chili",
        "chilis_n": "{n} Chilis",
        "card": "Karte {n}, {chilis}",
        "card_target": "Zielkarte {n}, {chilis}",
        "play": "{n} verdeckt legen, {chilis}",
        "pass_scores": "Punkte je Durchgang",
        "last_hands": "Übrige Handkarten am Ende des Durchgangs",
    },
    "en": {
        "pitch": "All lay face down – the card closest to the target wins it.",
        "pass": "pass {n} of {of}",
        "target": "Target {n}",
        "gap": "gap {low}–{high}",
        "circle": "The circle (clockwise)",
        "target_mark": "target",
        "gap_mark": "gap",
        "players": "Players",
        "hand": "hand",
        "won": "won",
        "chilis": "chilis",
        "total": "total",
        "laid": "laid",
        "your_hand": "Your hand",
        "choose": "Your hand – choose the card to lay face down",
        "my_card": "You laid face down:",
        "chili_n": "{n} chili",
        "chilis_n": "{n} chilis",
        "card": "card {n}, {chilis}",
        "card_target": "target card {n}, {chilis}",
        "play": "lay {n} face down, {chilis}",
        "pass_scores": "Points per pass",
        "last_hands": "Cards left in hand at the end of the pass",
    },
}
"""The browser's own words for the board and the move buttons."""


_ERRORS = {
    "de": {"deck_order": "ein Dicht-dran-Deck nennt jede Karte von 2 bis 99 genau einmal"},
    "en": {"deck_order": "a Dicht dran deck lists each card from 2 to 99 exactly once"},
}
"""What an explicit deck order of this game must be (completed by the error catalog's
``deck_order``: top card first, and how many entries came)."""

#: Every text about Dicht dran, by word id.
WORDS: Catalog = catalog(event=_EVENTS, board=_BOARD, term=_TERM, web=_WEB, error=_ERRORS)
_EVENT_WORDS = section(WORDS, "event")
_TERM_WORDS = section(WORDS, "term")


def not_in_hand(card: int, hand: tuple[int, ...], lang: str, exists: bool = True) -> str:
    """Telling a person they do not hold ``card`` (or that there is no such card), and what
    they hold."""
    text = in_lang(_TERM_WORDS, lang)["not_in_hand" if exists else "no_card"]
    return text.format(card=card, hand=", ".join(map(str, hand)))
