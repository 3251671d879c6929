"""Missionszahl in words: action text and JSON forms, labels, and every event in German
and English. No rules here."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spieltisch.core.game import JSON, Event
from spieltisch.games.missionszahl.actions import (
    BLINDS,
    GIVES,
    MAX_SEATS,
    MINUS,
    NO_EXCHANGE,
    NO_SWAP,
    PILE_EXCHANGE,
    PLAYS,
    PLUS,
    SHIFT_STEP,
    SWAPS,
    TRADES,
    Action,
    Exchange,
    Give,
    Play,
    Shift,
    Swap,
    Trade,
)
from spieltisch.games.missionszahl.cards import (
    ALL_CARDS,
    CARD_PATTERN,
    COLOUR,
    COLOURS,
    COLOURS_DE,
    LETTERS,
    NAME,
    SYMBOL,
    VALUE,
    Symbol,
    card_from_name,
)

SYMBOL_NAMES: dict[str, dict[Symbol, str]] = {
    "de": {
        Symbol.PASS_CW: "Weitergeben",
        Symbol.NEW_MISSION: "Neue Mission",
        Symbol.EVENS_OUT: "Gerade fallen raus",
        Symbol.PLUS_MINUS_3: "±3",
        Symbol.DRAW_AND_GIVE: "Ziehen und geben",
    },
    "en": {
        Symbol.PASS_CW: "pass on",
        Symbol.NEW_MISSION: "new mission",
        Symbol.EVENS_OUT: "evens out",
        Symbol.PLUS_MINUS_3: "±3",
        Symbol.DRAW_AND_GIVE: "draw and give",
    },
}


def card_faces() -> dict[str, JSON]:
    """What each card shows, keyed by its id as a string: its name (``R17``), colour letter,
    number and symbol (or ``None``); and the colours' and symbols' names in German and
    English (the symbol names are those the event texts use)."""
    cards = {
        str(card): {
            "name": NAME[card],
            "colour": LETTERS[COLOUR[card]],
            "value": VALUE[card],
            "symbol": _symbol_value(SYMBOL[card]),
        }
        for card in ALL_CARDS
    }
    colours = {"de": COLOURS_DE, "en": COLOURS}
    names = {
        lang: {
            "colours": dict(zip(LETTERS, colours[lang], strict=True)),
            "symbols": {symbol.value: name for symbol, name in SYMBOL_NAMES[lang].items()},
        }
        for lang in ("de", "en")
    }
    return {"cards": cards, "names": names}


def _symbol_value(symbol: Symbol | None) -> str | None:
    return None if symbol is None else symbol.value


# -- text forms ------------------------------------------------------------------------------

_PLAYER = r"([1-9])"
_PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Action | None]]] = []


def _rule(pattern: str) -> Callable[[Callable[[re.Match[str]], Action | None]], None]:
    def register(make: Callable[[re.Match[str]], Action | None]) -> None:
        _PATTERNS.append((re.compile(pattern, re.IGNORECASE), make))

    return register


def _card(match: re.Match[str]) -> int | None:
    return card_from_name(match.group(1) + match.group(2))


def _seat(match: re.Match[str], group: int = 1) -> int | None:
    number = int(match.group(group))
    return number - 1 if number <= MAX_SEATS else None


@_rule(rf"(?:play\s+|spiele\s+)?{CARD_PATTERN}")
def _play(match: re.Match[str]) -> Action | None:
    card = _card(match)
    return None if card is None else PLAYS[card]


@_rule(rf"(?:trade|give|gib)\s+{CARD_PATTERN}")
def _trade(match: re.Match[str]) -> Action | None:
    card = _card(match)
    return None if card is None else TRADES[card]


@_rule(rf"([+-])\s*{SHIFT_STEP}|(plus)|(minus)")
def _shift(match: re.Match[str]) -> Action | None:
    return PLUS if match.group(1) == "+" or match.group(2) else MINUS


@_rule(rf"(?:give|gib)\s+{_PLAYER}")
def _give(match: re.Match[str]) -> Action | None:
    seat = _seat(match)
    return None if seat is None else GIVES[seat]


@_rule(rf"(?:swap|tausche)\s+{_PLAYER}")
def _swap(match: re.Match[str]) -> Action | None:
    seat = _seat(match)
    return None if seat is None else SWAPS[seat]


@_rule(r"no\s+swap|kein\s+tausch")
def _no_swap(match: re.Match[str]) -> Action | None:
    return NO_SWAP


@_rule(r"no\s+exchange|kein\s+wechsel|exchange\s+none")
def _no_exchange(match: re.Match[str]) -> Action | None:
    return NO_EXCHANGE


@_rule(r"(?:exchange\s+|wechsle\s+)?(?:pile|stapel)")
def _pile(match: re.Match[str]) -> Action | None:
    return PILE_EXCHANGE


@_rule(rf"(?:exchange\s+|wechsle\s+)?blind\s+{_PLAYER}")
def _blind(match: re.Match[str]) -> Action | None:
    seat = _seat(match)
    return None if seat is None else BLINDS[seat]


def parse(text: str) -> Action | None:
    """The action a text names, or ``None``."""
    text = text.strip()
    for pattern, make in _PATTERNS:
        match = pattern.fullmatch(text)
        if match is not None:
            return make(match)
    return None


_WHOLE_EXCHANGE = re.compile(
    rf"\s*((?:exchange\s+|wechsle\s+)?(?:pile|stapel|blind\s+{_PLAYER}))"
    rf"\s+(?:trade\s+|give\s+|gib\s+)?({CARD_PATTERN})\s*",
    re.IGNORECASE,
)


def parse_exchange(text: str) -> list[Action] | None:
    """``pile R17`` or ``blind 2 R17``: the exchange and its card; ``None`` otherwise."""
    match = _WHOLE_EXCHANGE.fullmatch(text)
    if match is None:
        return None
    kind = parse(match.group(1))
    card = parse("trade " + match.group(3))
    return [kind, card] if kind is not None and card is not None else None


# -- JSON forms ----------------------------------------------------------------------------


def _json_seat(value: object) -> int | None:
    return value if type(value) is int and 0 <= value < MAX_SEATS else None


def _json_card(value: object) -> int | None:
    return card_from_name(value) if isinstance(value, str) else None


def from_json(data: JSON) -> Action | None:
    """The action a JSON object names, or ``None``."""
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    keys = set(data)
    if kind in ("play", "trade") and keys == {"type", "card"}:
        card = _json_card(data["card"])
        if card is not None:
            return PLAYS[card] if kind == "play" else TRADES[card]
    elif kind == "shift" and keys == {"type", "delta"} and type(data["delta"]) is int:
        return {SHIFT_STEP: PLUS, -SHIFT_STEP: MINUS}.get(data["delta"])
    elif kind in ("give", "swap") and keys == {"type", "seat"}:
        if kind == "swap" and data["seat"] is None:
            return NO_SWAP
        seat = _json_seat(data["seat"])
        if seat is not None:
            return GIVES[seat] if kind == "give" else SWAPS[seat]
    elif kind == "exchange":
        return _exchange_from_json(data, keys)
    return None


def _exchange_from_json(data: Mapping[str, Any], keys: set[str]) -> Action | None:
    if keys == {"type", "kind"}:
        return {"none": NO_EXCHANGE, "pile": PILE_EXCHANGE}.get(data["kind"])
    if keys == {"type", "kind", "seat"} and data["kind"] == "blind":
        seat = _json_seat(data["seat"])
        return None if seat is None else BLINDS[seat]
    return None


# -- labels --------------------------------------------------------------------------------


def label(action: Action, lang: str) -> str:
    """The shortest text a person can type for ``action``."""
    de = lang == "de"
    if isinstance(action, Play):
        return str(action)[len("play ") :]
    if isinstance(action, Trade):
        return f"gib {str(action)[len('trade ') :]}" if de else str(action)
    if isinstance(action, Shift):
        return str(action)
    if isinstance(action, Give):
        return f"gib {action.seat + 1}" if de else str(action)
    if isinstance(action, Swap):
        if action.seat is None:
            return "kein tausch" if de else "no swap"
        return f"tausche {action.seat + 1}" if de else str(action)
    return _exchange_label(action, de)


def _exchange_label(action: Exchange, de: bool) -> str:
    if action.kind == "none":
        return "kein wechsel" if de else "no exchange"
    if action.kind == "pile":
        return "stapel" if de else "pile"
    assert action.seat is not None
    return f"blind {action.seat + 1}"


# -- events --------------------------------------------------------------------------------

_CARD_KEYS = ("card", "old", "took", "gave", "got")
_SEAT_KEYS = {"seat": "player", "to": "to_player", "other": "other_player"}


def card_text(name: str, lang: str) -> str:
    """A card's name with its symbol, e.g. ``R4 (pass on)``."""
    card = card_from_name(name)
    symbol = SYMBOL[card] if card is not None else None
    return name if symbol is None else f"{name} ({SYMBOL_NAMES[lang][symbol]})"


def _per_player(
    cards: Sequence[str], seats: Sequence[int], lang: str, words: dict[str, str], symbols: bool
) -> str:
    return ", ".join(
        f"{words['player']} {seat + 1}: {card_text(card, lang) if symbols else card}"
        for seat, card in zip(seats, cards, strict=True)
    )


def describe(event: Event, lang: str) -> str:
    """One line telling a person what ``event`` means, in ``lang``."""
    lang = lang if lang in _WORDS else "en"
    words = _WORDS[lang]
    data: dict[str, Any] = dict(event.data)
    for key, name in _SEAT_KEYS.items():
        if key in data:
            data[name] = data[key] + 1
    for key in _CARD_KEYS:
        if key in data:
            data[key] = card_text(data[key], lang)
    if "cards" in data:
        seats = data.get("seats", range(len(data["cards"])))
        symbols = event.kind != "tie_draw"  # drawn only for their numbers
        data["cards"] = _per_player(data["cards"], seats, lang, words, symbols)
    if "seats" in data:
        data["players"] = ", ".join(str(seat + 1) for seat in data["seats"])
    if "delta" in data:
        data["delta"] = f"{data['delta']:+d}"
    for key in ("hand", "scores", "ranking"):
        if key in data:
            data[key] = ", ".join(map(str, data[key])) or "–"
    kind = event.kind
    if kind == "evens_out":
        kind = "evens_out_some" if data["seats"] else "evens_out_none"
    return words[kind].format(**data)


_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "player": "Spieler",
        "deal": "Deine Handkarten: {hand}",
        "mission": "Runde {round}: Die Missionszahl ist {number} ({mission}).",
        "commit": "Spieler {player} hat eine Karte verdeckt abgelegt.",
        "my_card": "Du hast {card} verdeckt abgelegt.",
        "reveal": "Aufgedeckt – {cards}",
        "first": "Spieler {player} hat mit {card} die höchste Symbolkarte und beginnt mit den "
        "Symbolaktionen.",
        "tie_draw": "Gleichstand, es wird gezogen – {cards}; die Karten kommen unter den "
        "Ziehstapel.",
        "pass_cw": "Spieler {player}: Alle ausgespielten Karten wandern einen Platz im "
        "Uhrzeigersinn weiter – {cards}",
        "new_mission": "Spieler {player} wechselt die Missionszahl: {old_mission} kommt unter "
        "den Ziehstapel, die neue Missionszahl ist {number} ({mission}).",
        "evens_out_some": "Spieler {player}: Alle geraden Karten fallen aus dem Zug – "
        "Spieler {players} scheiden für diese Runde aus.",
        "evens_out_none": "Spieler {player}: Alle geraden Karten fallen aus dem Zug – "
        "niemand hat eine gerade Karte gespielt.",
        "cancelled": "Die Symbolaktion von {card} bei Spieler {player} entfällt.",
        "drawn": "Spieler {player} zieht {card} und gibt die Karte einem Mitspieler.",
        "give": "Spieler {player} gibt {card} an Spieler {to_player}; dessen {old} kommt "
        "unter den Ziehstapel.",
        "shift": "Spieler {player} ändert die Missionszahl um {delta} auf {target}.",
        "win": "Spieler {player} liegt mit {card} am nächsten an der Missionszahl {target} "
        "und gewinnt die Runde.",
        "arrow": "Der Pfeil der Missionskarte {mission} zeigt jetzt auf Spieler {player}.",
        "no_winner": "Alle sind ausgeschieden: Niemand gewinnt diese Runde.",
        "swap": "Spieler {player} tauscht die ausgespielte Karte mit Spieler {other_player}: "
        "er nimmt {took} und gibt {gave}.",
        "no_swap": "Spieler {player} behält seine ausgespielte Karte.",
        "no_exchange": "Spieler {player} tauscht keine Handkarte aus.",
        "exchange_pile": "Spieler {player} tauscht eine Handkarte gegen die oberste Karte "
        "des Ziehstapels.",
        "exchange_blind": "Spieler {player} tauscht eine Handkarte blind mit Spieler "
        "{other_player}.",
        "traded_pile": "Spieler {player} legt {gave} unter den Ziehstapel und zieht {got}.",
        "traded_blind": "Spieler {player} gibt {gave} an Spieler {other_player} und zieht "
        "dafür {got}.",
        "bank": "Alle legen ihre Karte auf den eigenen Sammelstapel – {cards}",
        "game_end": "Das Spiel ist aus. Punkte: {scores}; Platzierung: {ranking}.",
    },
    "en": {
        "player": "Player",
        "deal": "Your hand: {hand}",
        "mission": "Round {round}: the mission number is {number} ({mission}).",
        "commit": "Player {player} laid a card face down.",
        "my_card": "You laid {card} face down.",
        "reveal": "Revealed – {cards}",
        "first": "Player {player} has the highest symbol card, {card}, and begins the symbol "
        "actions.",
        "tie_draw": "A tie: the tied players draw – {cards}; the cards go under the draw pile.",
        "pass_cw": "Player {player}: every played card moves one seat clockwise – {cards}",
        "new_mission": "Player {player} replaces the mission number: {old_mission} goes under "
        "the draw pile, the new mission number is {number} ({mission}).",
        "evens_out_some": "Player {player}: even cards are out – players {players} are out "
        "of this round.",
        "evens_out_none": "Player {player}: even cards are out – nobody played an even card.",
        "cancelled": "The symbol action of {card} at player {player} is dropped.",
        "drawn": "Player {player} draws {card} and gives it to another player.",
        "give": "Player {player} gives {card} to player {to_player}, whose {old} goes under "
        "the draw pile.",
        "shift": "Player {player} changes the mission number by {delta} to {target}.",
        "win": "Player {player} is closest to the mission number {target} with {card} and "
        "wins the round.",
        "arrow": "The arrow of mission card {mission} now points at player {player}.",
        "no_winner": "Everybody is out: nobody wins this round.",
        "swap": "Player {player} swaps played cards with player {other_player}: takes "
        "{took} and gives {gave}.",
        "no_swap": "Player {player} keeps his played card.",
        "no_exchange": "Player {player} exchanges no hand card.",
        "exchange_pile": "Player {player} exchanges a hand card for the top card of the draw pile.",
        "exchange_blind": "Player {player} exchanges a hand card blind with player {other_player}.",
        "traded_pile": "Player {player} puts {gave} under the draw pile and draws {got}.",
        "traded_blind": "Player {player} gives {gave} to player {other_player} and takes {got} "
        "in return.",
        "bank": "Everybody puts his card on his own collection – {cards}",
        "game_end": "The game is over. Points: {scores}; places: {ranking}.",
    },
}
