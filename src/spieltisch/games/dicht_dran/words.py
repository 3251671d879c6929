"""Dicht dran in words: what each event says, the move labels, and the words the terminal
and the browser show around the circle, in German and English (see :mod:`spieltisch.core.words`).
No rules here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spieltisch.core.game import Event
from spieltisch.core.words import NEUTRAL, Audience, Catalog, catalog, in_lang, phrase, section

if TYPE_CHECKING:
    from spieltisch.games.dicht_dran.game import Play


def label(action: Play, lang: str) -> str:
    """Just the card number."""
    return str(action.card)


def describe(event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
    """One line telling ``audience`` what ``event`` means, in ``lang``: seats by their names,
    the reader's own seat as "du"/"you"."""
    words = in_lang(_EVENT_WORDS, lang)
    data: dict[str, Any] = dict(event.data)
    kind = event.kind
    if kind == "game_end":
        places = sorted(enumerate(data.pop("ranking")), key=lambda seat_place: seat_place[1])
        data["ranking"] = ", ".join(
            words["place"].format(place=place, player=_who(seat, audience, lang, words))
            for seat, place in places
        )
    elif kind == "reveal":
        data["cards"] = _each(data["cards"], audience, lang, words)
    elif kind == "pass_end":
        data["scores"] = _each(data["scores"], audience, lang, words)
        data["totals"] = _each(data["totals"], audience, lang, words)
        data["hands"] = _each(
            [", ".join(map(str, hand)) or "–" for hand in data["hands"]], audience, lang, words
        )
    if "gap" in data:
        data["gap"] = "{}–{}".format(*data["gap"])
    for key in ("hand", "cards"):
        if isinstance(data.get(key), list):
            data[key] = ", ".join(map(str, data[key]))
    for key in ("chilis", "count"):
        if key in data:
            data[f"{key}_word"] = words[f"{key}_{'one' if data[key] == 1 else 'many'}"]
    if kind == "win" and data["tie"]:
        kind = "win_tie"
    if "seat" in data:
        seat = data.pop("seat")
        if event.to == frozenset({seat}):  # told to the seat alone: it is the reader
            audience = Audience(audience.names, seat)
        return phrase(words, kind, seat, audience, lang, **data)
    return words[kind].format(**data)


def _who(seat: int, audience: Audience, lang: str, words: dict[str, str]) -> str:
    """The seat's name, or "du"/"you" for the reader."""
    return words["you"] if audience.is_reader(seat) else audience.name(seat, lang)


def _each(values: list[Any], audience: Audience, lang: str, words: dict[str, str]) -> str:
    """One value per seat, each after the seat's name: "Lotte: 21, Emil: 4, du: 19"."""
    return ", ".join(
        words["each"].format(player=_who(seat, audience, lang, words), value=value)
        for seat, value in enumerate(values)
    )


_EVENTS: dict[str, dict[str, str]] = {
    "de": {
        "pass_start": "Durchgang {pass} beginnt.",
        "deal": "Deine Handkarten: {hand}",
        "target": "Zielkarte {target}, Lücke {gap}.",
        "commit": "{player} hat eine Karte verdeckt abgelegt.",
        "commit.you": "Du hast eine Karte verdeckt abgelegt.",
        "my_card": "{player} hat die {card} verdeckt abgelegt.",
        "my_card.you": "Du hast die {card} verdeckt abgelegt.",
        "reveal": "Aufgedeckt – {cards}.",
        "win": "{player} gewinnt die {target} mit der {card} (Abstand {distance}).",
        "win.you": "Du gewinnst die {target} mit der {card} (Abstand {distance}).",
        "win_tie": "{player} gewinnt die {target} mit der {card} (Abstand {distance}, gleich "
        "dicht – die höhere gewinnt).",
        "win_tie.you": "Du gewinnst die {target} mit der {card} (Abstand {distance}, gleich "
        "dicht – die höhere gewinnt).",
        "gap_discard": "Die {card} von {player} passt in die Lücke und wird abgelegt.",
        "gap_discard.you": "Deine {card} passt in die Lücke und wird abgelegt.",
        "discard_draw": "Die {card} von {player} liegt außerhalb der Lücke und wird abgelegt: "
        "{chilis} {chilis_word}.",
        "discard_draw.you": "Deine {card} liegt außerhalb der Lücke und wird abgelegt: "
        "{chilis} {chilis_word}.",
        "draw": "{player} zieht {count} {count_word}.",
        "draw.you": "Du ziehst {count} {count_word}.",
        "drawn": "{player} zieht {count} {count_word}: {cards}.",
        "drawn.you": "Du ziehst {count} {count_word}: {cards}.",
        "reshuffle": "Der Zugstapel ist leer: {cards} Karten des Ablagestapels werden gemischt.",
        "pass_end": "Durchgang {pass} ist vorbei. Punkte – {scores}; insgesamt – {totals}. "
        "Übrige Handkarten – {hands}.",
        "you": "du",
        "each": "{player}: {value}",
        "chilis_one": "Knallschote",
        "chilis_many": "Knallschoten",
        "count_one": "Karte",
        "count_many": "Karten",
        "game_end": "Das Spiel ist aus. Platzierung: {ranking}.",
        "place": "{place}. {player}",
    },
    "en": {
        "pass_start": "Pass {pass} begins.",
        "deal": "Your hand: {hand}",
        "target": "Target {target}, gap {gap}.",
        "commit": "{player} laid a card face down.",
        "commit.you": "You laid a card face down.",
        "my_card": "{player} laid the {card} face down.",
        "my_card.you": "You laid the {card} face down.",
        "reveal": "Revealed – {cards}.",
        "win": "{player} wins the {target} with the {card} (distance {distance}).",
        "win.you": "You win the {target} with the {card} (distance {distance}).",
        "win_tie": "{player} wins the {target} with the {card} (distance {distance}, just as "
        "close – the higher wins).",
        "win_tie.you": "You win the {target} with the {card} (distance {distance}, just as "
        "close – the higher wins).",
        "gap_discard": "{player}'s {card} fits the gap and is discarded.",
        "gap_discard.you": "Your {card} fits the gap and is discarded.",
        "discard_draw": "{player}'s {card} is outside the gap and is discarded: {chilis} "
        "{chilis_word}.",
        "discard_draw.you": "Your {card} is outside the gap and is discarded: {chilis} "
        "{chilis_word}.",
        "draw": "{player} draws {count} {count_word}.",
        "draw.you": "You draw {count} {count_word}.",
        "drawn": "{player} draws {count} {count_word}: {cards}.",
        "drawn.you": "You draw {count} {count_word}: {cards}.",
        "reshuffle": "The draw pile is empty: {cards} discarded cards are shuffled.",
        "pass_end": "Pass {pass} is over. Points – {scores}; totals – {totals}. Cards left in "
        "hand – {hands}.",
        "you": "you",
        "each": "{player}: {value}",
        "chilis_one": "chili",
        "chilis_many": "chilis",
        "count_one": "card",
        "count_many": "cards",
        "game_end": "The game is over. Places: {ranking}.",
        "place": "{place}. {player}",
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
        "col_chilis": "Knallschoten",
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
        "pass_short": "Durchgang {n}",
        "gap": "Lücke {low}–{high}",
        "circle": "Der Kreis, im Uhrzeigersinn ab der Position oben",
        "target_mark": "Ziel",
        "missing": "noch {n} Karten fehlen",
        "missing_one": "noch 1 Karte fehlt",
        "prompt": "Lege eine Karte verdeckt ab – noch {n} Karten fehlen.",
        "prompt_one": "Lege eine Karte verdeckt ab – nur deine fehlt noch.",
        "players": "Spieler",
        "total": "gesamt",
        "your_hand": "Deine Hand",
        "choose": "Deine Hand – wähle die Karte, die du verdeckt legst",
        "face_down": "verdeckte Karte",
        "face_down_note": "verdeckt",
        "my_card_label": "Deine verdeckt gelegte Karte: {n}",
        "chili_n": "{n} Knallschote",
        "chilis_n": "{n} Knallschoten",
        "card": "{n}, {chilis}",
        "card_target": "Zielkarte {n}, {chilis}",
        "card_gap_end": "{n}, {chilis}, Ende der Lücke",
        "card_arrived": "{n}, {chilis}, liegt jetzt in der Mitte des Kreises",
        "card_won": "{n}, {chilis}, gewonnen",
        "took": "gewinnt die {n}",
        "closest": "am dichtesten: {n} – Abstand {d}",
        "closest_tie": "gleich dicht – die höhere gewinnt: {n}, Abstand {d}",
        "in_gap": "in der Lücke",
        "draws": "zieht {n}",
        "chip_laid": "hat gelegt",
        "chip_laying": "legt …",
        "chip_won": "gewinnt",
        "badge_chilis": "+{n}",
        "badge_chilis_label": "{n} Knallschoten gewonnen in diesem Durchgang",
        "badge_total": "{total} · +{n}",
        "badge_total_label": "{total} Punkte aus früheren Durchgängen, {n} Knallschoten "
        "gewonnen in diesem Durchgang",
        "badge_points": "{n} P.",
        "badge_points_label": "{n} Punkte",
        "play": "{n} verdeckt legen, {chilis}",
        "pass_scores": "Punkte je Durchgang",
        "ending_heading": "Wertung des Durchgangs {n}: gewonnene minus Knallschoten auf der Hand",
        "ending_line": "{won} gewonnen − {hand} auf der Hand = {points}",
    },
    "en": {
        "pitch": "All lay face down – the card closest to the target wins it.",
        "pass": "pass {n} of {of}",
        "pass_short": "pass {n}",
        "gap": "gap {low}–{high}",
        "circle": "The circle, clockwise from the top position",
        "target_mark": "target",
        "missing": "{n} cards still missing",
        "missing_one": "1 card still missing",
        "prompt": "Lay a card face down – {n} cards are still missing.",
        "prompt_one": "Lay a card face down – only yours is missing.",
        "players": "Players",
        "total": "total",
        "your_hand": "Your hand",
        "choose": "Your hand – choose the card to lay face down",
        "face_down": "face-down card",
        "face_down_note": "face down",
        "my_card_label": "Your card laid face down: {n}",
        "chili_n": "{n} chili",
        "chilis_n": "{n} chilis",
        "card": "{n}, {chilis}",
        "card_target": "target card {n}, {chilis}",
        "card_gap_end": "{n}, {chilis}, end of the gap",
        "card_arrived": "{n}, {chilis}, now in the middle of the circle",
        "card_won": "{n}, {chilis}, won",
        "took": "wins the {n}",
        "closest": "closest: {n} – distance {d}",
        "closest_tie": "just as close – the higher wins: {n}, distance {d}",
        "in_gap": "in the gap",
        "draws": "draws {n}",
        "chip_laid": "has laid",
        "chip_laying": "laying …",
        "chip_won": "wins",
        "badge_chilis": "+{n}",
        "badge_chilis_label": "{n} chilis won this pass",
        "badge_total": "{total} · +{n}",
        "badge_total_label": "{total} points from earlier passes, {n} chilis won this pass",
        "badge_points": "{n} pts",
        "badge_points_label": "{n} points",
        "play": "lay {n} face down, {chilis}",
        "pass_scores": "Points per pass",
        "ending_heading": "Scoring of pass {n}: chilis won minus chilis in hand",
        "ending_line": "{won} won − {hand} in hand = {points}",
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
