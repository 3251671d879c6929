"""Missionszahl in words: action text and JSON forms, labels, every event, the symbols' names
and the words the terminal and the browser show, in German and English (see
:mod:`spieltisch.core.words`). No rules here."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spieltisch.core.game import JSON, Event
from spieltisch.core.words import NEUTRAL, Audience, Catalog, catalog, in_lang, section
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
            "colours": dict(zip(LETTERS, in_lang(colours, lang), strict=True)),
            "symbols": dict(symbols),
        }
        for lang, symbols in _SYMBOL_WORDS.items()
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
    words = in_lang(_LABEL_WORDS, lang)
    if isinstance(action, Play | Trade):
        kind = "play" if isinstance(action, Play) else "trade"
        return words[kind].format(card=NAME[action.card])
    if isinstance(action, Shift):
        return words["shift"].format(delta=f"{action.delta:+d}")
    if isinstance(action, Give):
        return words["give"].format(player=action.seat + 1)
    if isinstance(action, Swap):
        if action.seat is None:
            return words["no_swap"]
        return words["swap"].format(player=action.seat + 1)
    return _exchange_label(action, words)


def _exchange_label(action: Exchange, words: dict[str, str]) -> str:
    if action.kind == "none":
        return words["no_exchange"]
    if action.kind == "pile":
        return words["pile"]
    assert action.seat is not None
    return words["blind"].format(player=action.seat + 1)


_LABELS: dict[str, dict[str, str]] = {
    "de": {
        "play": "{card}",
        "trade": "gib {card}",
        "shift": "{delta}",
        "give": "gib {player}",
        "swap": "tausche {player}",
        "no_swap": "kein tausch",
        "no_exchange": "kein wechsel",
        "pile": "stapel",
        "blind": "blind {player}",
    },
    "en": {
        "play": "{card}",
        "trade": "trade {card}",
        "shift": "{delta}",
        "give": "give {player}",
        "swap": "swap {player}",
        "no_swap": "no swap",
        "no_exchange": "no exchange",
        "pile": "pile",
        "blind": "blind {player}",
    },
}
"""The move labels; ``{card}`` is a card's name (``R17``), ``{player}`` a seat number from 1."""

_SYMBOLS: dict[str, dict[str, str]] = {
    "de": {
        Symbol.PASS_CW.value: "Weitergeben",
        Symbol.NEW_MISSION.value: "Neue Mission",
        Symbol.EVENS_OUT.value: "Gerade fallen raus",
        Symbol.PLUS_MINUS_3.value: "±3",
        Symbol.DRAW_AND_GIVE.value: "Ziehen und geben",
    },
    "en": {
        Symbol.PASS_CW.value: "pass on",
        Symbol.NEW_MISSION.value: "new mission",
        Symbol.EVENS_OUT.value: "evens out",
        Symbol.PLUS_MINUS_3.value: "±3",
        Symbol.DRAW_AND_GIVE.value: "draw and give",
    },
}
"""The symbols' names, by their ids (as the card faces name them)."""


# -- events --------------------------------------------------------------------------------

_CARD_KEYS = ("card", "old", "took", "gave", "got")
_SEAT_KEYS = {"seat": "player", "to": "to_player", "other": "other_player"}


def card_text(name: str, lang: str) -> str:
    """A card's name with its symbol, e.g. ``R4 (pass on)``."""
    card = card_from_name(name)
    symbol = SYMBOL[card] if card is not None else None
    return name if symbol is None else f"{name} ({in_lang(_SYMBOL_WORDS, lang)[symbol.value]})"


def _per_player(
    cards: Sequence[str], seats: Sequence[int], lang: str, words: dict[str, str], symbols: bool
) -> str:
    return ", ".join(
        f"{words['player']} {seat + 1}: {card_text(card, lang) if symbols else card}"
        for seat, card in zip(seats, cards, strict=True)
    )


def describe(event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
    """One line telling a person what ``event`` means, in ``lang``."""
    lang = lang if lang in _EVENT_WORDS else "en"
    words = _EVENT_WORDS[lang]
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


_EVENTS: dict[str, dict[str, str]] = {
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

_BOARD: dict[str, dict[str, str]] = {
    "de": {
        "nobody": "niemand",
        "pending": "Symbol offen",
        "out": "ausgeschieden",
        "winner": "Rundengewinner",
    },
    "en": {
        "nobody": "nobody",
        "pending": "symbol pending",
        "out": "out",
        "winner": "round winner",
    },
}
"""Words both the terminal and the browser show on the board."""

_TERM: dict[str, dict[str, str]] = {
    "de": {
        "round": "Runde {round}/{rounds}",
        "col_player": "Spieler",
        "col_hand": "Hand",
        "col_played": "ausgespielt",
        "col_notes": "",
        "col_collection": "Sammelstapel",
        "col_points": "Punkte",
        "missions": "Missionskarten (Pfeil zeigt auf):",
        "mission": "Missionszahl {number}",
        "shifted": "Missionszahl {number}, geändert um {shift}: {target}",
        "pile": "Ziehstapel {size} Karten",
        "pile_known": " · bekannt (von oben gezählt): {cards}",
        "drawn": "Gezogen, wird gleich weitergegeben: ",
        "hand": "Deine Hand: ",
        "face_down": "Verdeckt gelegt: ",
        "known": "Bekannte Handkarten von {player}: ",
        "laid": "verdeckt",
        "commit": "Alle legen eine Karte verdeckt ab.",
        "shift": "{player} ändert die Missionszahl um +3 oder −3.",
        "give": "{player} gibt die gezogene Karte einem Mitspieler.",
        "swap": "{player} darf die ausgespielte Karte mit einem Mitspieler tauschen.",
        "exchange": "{player} darf eine Handkarte austauschen (Stapel oder blind).",
        "trade": "{player} wählt die Handkarte, die er abgibt.",
        "over": "Das Spiel ist aus.",
        "not_in_hand": "Die {card} hast du nicht auf der Hand; du hast: {hand}.",
        "move_help": "Eine Karte mit ihrem Namen, z. B. R17; ein Wechsel auf einmal: "
        "'stapel R17' oder 'blind 2 R17'",
    },
    "en": {
        "round": "round {round}/{rounds}",
        "col_player": "Player",
        "col_hand": "Hand",
        "col_played": "played",
        "col_notes": "",
        "col_collection": "collection",
        "col_points": "points",
        "missions": "Mission cards (arrow points at):",
        "mission": "Mission number {number}",
        "shifted": "Mission number {number}, changed by {shift}: {target}",
        "pile": "Draw pile {size} cards",
        "pile_known": " · known (counted from the top): {cards}",
        "drawn": "Drawn, to be given away: ",
        "hand": "Your hand: ",
        "face_down": "Laid face down: ",
        "known": "Known hand cards of {player}: ",
        "laid": "face down",
        "commit": "Everybody lays a card face down.",
        "shift": "{player} changes the mission number by +3 or −3.",
        "give": "{player} gives the drawn card to another player.",
        "swap": "{player} may swap played cards with another player.",
        "exchange": "{player} may exchange a hand card (draw pile or blind).",
        "trade": "{player} chooses the hand card to give away.",
        "over": "The game is over.",
        "not_in_hand": "{card} is not in your hand; you hold: {hand}.",
        "move_help": "A card by its name, e.g. R17; an exchange at once: 'pile R17' or "
        "'blind 2 R17'",
    },
}
"""The terminal's own words for the board."""

_WEB: dict[str, dict[str, str]] = {
    "de": {
        "pitch": "Komm der Missionszahl am nächsten – Symbole mischen die Runde auf.",
        "round": "Runde {n} von {of}",
        "card": "{colour} {n}",
        "missions": "Missionskarten (Pfeil zeigt auf)",
        "arrow": "Pfeil auf {who}",
        "mission": "Missionszahl {n}",
        "shifted": "Missionszahl {n}, geändert um {shift}: {target}",
        "pile": "Ziehstapel: {n} Karten",
        "pile_known": "Bekannt im Ziehstapel (von oben gezählt)",
        "drawn": "Gezogen, wird gleich weitergegeben",
        "your_hand": "Deine Hand",
        "choose_commit": "Deine Hand – lege eine Karte verdeckt",
        "choose_trade": "Deine Hand – wähle die Karte, die du abgibst",
        "my_card": "Du hast verdeckt gelegt:",
        "known": "Bekannte Handkarten von {who}",
        "players": "Spieler",
        "hand": "Handkarten",
        "played": "ausgespielt",
        "notes": "",
        "collection": "Sammelstapel",
        "points": "Punkte",
        "play": "{card} verdeckt legen",
        "trade": "{card} abgeben",
        "g_shift": "Missionszahl ändern",
        "g_give": "Gezogene Karte geben an",
        "g_swap": "Ausgespielte Karte tauschen",
        "g_exchange": "Handkarte austauschen",
        "no_swap": "Nicht tauschen",
        "swap_with": "Mit {who} tauschen",
        "give_to": "{who}",
        "exchange_none": "Nicht austauschen",
        "exchange_pile": "Mit dem Ziehstapel",
        "exchange_blind": "Blind mit {who}",
        "legend": "Symbole",
    },
    "en": {
        "pitch": "Get closest to the mission number – symbols shake up the round.",
        "round": "round {n} of {of}",
        "card": "{colour} {n}",
        "missions": "Mission cards (arrow points at)",
        "arrow": "arrow at {who}",
        "mission": "Mission number {n}",
        "shifted": "Mission number {n}, changed by {shift}: {target}",
        "pile": "Draw pile: {n} cards",
        "pile_known": "Known in the draw pile (counted from the top)",
        "drawn": "Drawn, to be given away",
        "your_hand": "Your hand",
        "choose_commit": "Your hand – lay a card face down",
        "choose_trade": "Your hand – choose the card to give away",
        "my_card": "You laid face down:",
        "known": "Known hand cards of {who}",
        "players": "Players",
        "hand": "hand",
        "played": "played",
        "notes": "",
        "collection": "collection",
        "points": "points",
        "play": "lay {card} face down",
        "trade": "give away {card}",
        "g_shift": "Change the mission number",
        "g_give": "Give the drawn card to",
        "g_swap": "Swap played cards",
        "g_exchange": "Exchange a hand card",
        "no_swap": "Do not swap",
        "swap_with": "Swap with {who}",
        "give_to": "{who}",
        "exchange_none": "Do not exchange",
        "exchange_pile": "With the draw pile",
        "exchange_blind": "Blind with {who}",
        "legend": "Symbols",
    },
}
"""The browser's own words for the board and the move buttons."""

_ERRORS = {
    "de": {
        "deck_order": (
            "ein Missionszahl-Deck nennt jede der 108 Karten "
            "(R1–R27, G1–G27, B1–B27, O1–O27) genau einmal"
        )
    },
    "en": {
        "deck_order": (
            "a Missionszahl deck names each of the 108 cards "
            "(R1–R27, G1–G27, B1–B27, O1–O27) exactly once"
        )
    },
}
"""What an explicit deck order of this game must be (completed by the error catalog's
``deck_order``: top card first, and how many entries came)."""

#: Every text about Missionszahl, by word id.
WORDS: Catalog = catalog(
    label=_LABELS, event=_EVENTS, symbol=_SYMBOLS, board=_BOARD, term=_TERM, web=_WEB, error=_ERRORS
)
_LABEL_WORDS = section(WORDS, "label")
_TERM_WORDS = section(WORDS, "term")


def not_in_hand(card: int, hand: tuple[int, ...], lang: str) -> str:
    """Telling a person they do not hold ``card``, and what they hold."""
    text = in_lang(_TERM_WORDS, lang)["not_in_hand"]
    return text.format(card=NAME[card], hand=", ".join(NAME[c] for c in hand))


_EVENT_WORDS = section(WORDS, "event")
_SYMBOL_WORDS = section(WORDS, "symbol")
