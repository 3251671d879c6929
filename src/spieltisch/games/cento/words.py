"""Cento's words: every event told in German and English, and the short labels of actions."""

from __future__ import annotations

from spieltisch.core.game import Event
from spieltisch.games.cento.actions import TAKE_COUNT, CentoAction, Draw, End, Lay
from spieltisch.games.cento.cards import FREE

_LABELS: dict[str, dict[str, str]] = {
    "de": {"free": "frei {value}", "draw": "ziehen", "end": "fertig", "take": "nimm {n}"},
    "en": {"free": "free {value}", "draw": "draw", "end": "end", "take": "take {n}"},
}


def label_of(action: CentoAction, lang: str) -> str:
    """The shortest text a person can type: ``27``, ``frei 27``/``free 27``, ``ziehen``/
    ``draw``, ``fertig``/``end``, ``nimm 3``/``take 3``."""
    words = _LABELS.get(lang, _LABELS["en"])
    if isinstance(action, Lay):
        return str(action.card) if action.card != FREE else words["free"].format(value=action.value)
    if isinstance(action, Draw):
        return words["draw"]
    if isinstance(action, End):
        return words["end"]
    return words["take"].format(n=TAKE_COUNT)


def _card_word(card: object, words: dict[str, str]) -> str:
    return words["free_card"] if card == "free" else str(card)


def describe_event(event: Event, lang: str) -> str:
    """One line telling a person what ``event`` means, in ``lang``."""
    words = _WORDS.get(lang, _WORDS["en"])
    data = dict(event.data)
    if "seat" in data:
        data["player"] = data["seat"] + 1
    for key in ("hand", "cards"):
        if key in data:
            data[key] = ", ".join(_card_word(card, words) for card in data[key]) or "–"
    for key in ("cards_left", "ranking"):
        if key in data:
            data[key] = ", ".join(map(str, data[key]))
    if "count" in data:
        data["count_word"] = words["card_one" if data["count"] == 1 else "card_many"]
    kind = event.kind
    if kind == "lay" and data["card"] == "free":
        kind = "lay_free"
    elif kind == "turn" and data["obliged"]:
        kind = "turn_obliged"
    elif kind == "put_back":
        card = data["card"]
        data["card"] = words["free_card"] if card == "free" else words["the"].format(card=card)
    return words[kind].format(**data)


_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "deal": "Deine Handkarten: {hand}",
        "put_back": "Aufgedeckt wurde {card}; sie kommt unter den Aufnahmestapel.",
        "open": "Die offene Karte ist die {card}.",
        "turn": "Spieler {player} ist am Zug.",
        "turn_obliged": "Spieler {player} ist am Zug und muss eine Monozahl legen "
        "oder drei Karten nehmen.",
        "lay": "Spieler {player} legt die {value}.",
        "lay_free": "Spieler {player} legt eine freie Karte als {value}.",
        "run": "Schnapszahl! Spieler {player} darf alle Karten mit der Ziffer {digit} anlegen.",
        "draw": "Spieler {player} zieht {count} {count_word}.",
        "take": "Spieler {player} nimmt {count} {count_word} und setzt aus.",
        "drawn": "Du ziehst: {cards}",
        "rebuild": "Der Aufnahmestapel ist leer: {size} Karten unter der offenen Karte werden "
        "gemischt (Neubildung {rebuilds}).",
        "win": "Spieler {player} hat keine Karte mehr und gewinnt!",
        "exhausted": "Der Aufnahmestapel ist erschöpft (nach {rebuilds} Neubildungen): "
        "das Spiel endet.",
        "game_end": "Das Spiel ist aus. Karten auf der Hand: {cards_left}. Platzierung: {ranking}.",
        "free_card": "eine freie Karte",
        "the": "die {card}",
        "card_one": "Karte",
        "card_many": "Karten",
    },
    "en": {
        "deal": "Your hand: {hand}",
        "put_back": "Turned up: {card}; it goes under the draw pile.",
        "open": "The open card is the {card}.",
        "turn": "Player {player}'s turn.",
        "turn_obliged": "Player {player}'s turn: lay a Monozahl (1–9) or take three cards.",
        "lay": "Player {player} lays the {value}.",
        "lay_free": "Player {player} lays a free card as {value}.",
        "run": "Schnapszahl! Player {player} may lay every card showing the digit {digit}.",
        "draw": "Player {player} draws {count} {count_word}.",
        "take": "Player {player} takes {count} {count_word} and loses the turn.",
        "drawn": "You draw: {cards}",
        "rebuild": "The draw pile is empty: {size} cards from under the open card are "
        "shuffled (rebuild {rebuilds}).",
        "win": "Player {player} has no cards left and wins!",
        "exhausted": "The draw pile is exhausted (after {rebuilds} rebuilds): the game ends.",
        "game_end": "The game is over. Cards in hand: {cards_left}. Places: {ranking}.",
        "free_card": "a free card",
        "the": "the {card}",
        "card_one": "card",
        "card_many": "cards",
    },
}
