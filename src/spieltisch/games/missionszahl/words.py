"""Missionszahl in words: action text and JSON forms, labels, every event, the symbols' names
and the words the terminal and the browser show, in German and English (see
:mod:`spieltisch.core.words`). No rules here."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spieltisch.core.game import JSON, Event
from spieltisch.core.words import NEUTRAL, Audience, Catalog, catalog, in_lang, phrase, section
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
#: The second seat a line may name, besides ``seat`` (its ``{player}``).
_OTHER_KEYS = {"to": "to_player", "other": "other_player"}


def card_text(name: str, lang: str, symbols: Sequence[Symbol | None] = SYMBOL) -> str:
    """A card's name with its symbol (as ``symbols``, the game's symbol table, says), e.g.
    ``R4 (pass on)``."""
    card = card_from_name(name)
    symbol = symbols[card] if card is not None else None
    return name if symbol is None else f"{name} ({in_lang(_SYMBOL_WORDS, lang)[symbol.value]})"


def _who(seat: int, audience: Audience, lang: str, words: dict[str, str]) -> str:
    """The seat's name, or "du"/"you" for the reader."""
    return words["you"] if audience.is_reader(seat) else audience.name(seat, lang)


def _per_player(
    cards: Sequence[str],
    seats: Sequence[int],
    lang: str,
    words: dict[str, str],
    audience: Audience,
    symbols: Sequence[Symbol | None] | None,
) -> str:
    return ", ".join(
        words["each"].format(
            player=_who(seat, audience, lang, words),
            card=card_text(card, lang, symbols) if symbols is not None else card,
        )
        for seat, card in zip(seats, cards, strict=True)
    )


def describe(
    event: Event,
    lang: str,
    audience: Audience = NEUTRAL,
    symbols: Sequence[Symbol | None] = SYMBOL,
) -> str:
    """One line telling ``audience`` what ``event`` means, in ``lang``: seats by their names,
    the reader as "du"/"you" (a line about two seats has a form for each of them); cards
    carry the symbols of ``symbols``, the game's symbol table."""
    lang = lang if lang in _EVENT_WORDS else "en"
    words = _EVENT_WORDS[lang]
    data: dict[str, Any] = dict(event.data)
    kind = event.kind
    for key in _CARD_KEYS:
        if key in data:
            data[key] = card_text(data[key], lang, symbols)
    if "cards" in data:
        seats = data.get("seats", range(len(data["cards"])))
        marks = symbols if kind != "tie_draw" else None  # drawn only for their numbers
        data["cards"] = _per_player(data["cards"], seats, lang, words, audience, marks)
    if "seats" in data:
        data["players"] = ", ".join(_who(seat, audience, lang, words) for seat in data["seats"])
    if "delta" in data:
        data["delta"] = f"{data['delta']:+d}"
    if "scores" in data:
        data["ranking"] = _ranking(data.pop("scores"), data["ranking"], audience, lang, words)
    if "hand" in data:
        data["hand"] = ", ".join(data["hand"]) or "–"
    if kind == "evens_out":
        kind = "evens_out_some" if data["seats"] else "evens_out_none"
    if "seat" not in data:
        return words[kind].format(**data)
    seat = data.pop("seat")
    if event.to == frozenset({seat}):  # told to the seat alone: it is the reader
        audience = Audience(audience.names, seat)
    for key, name in _OTHER_KEYS.items():
        if key in data:
            other = data.pop(key)
            if audience.is_reader(other) and f"{kind}.to_you" in words:
                kind = f"{kind}.to_you"
            data[name] = audience.name(other, lang)
    return phrase(words, kind, seat, audience, lang, **data)


def _ranking(
    scores: Sequence[int],
    places: Sequence[int],
    audience: Audience,
    lang: str,
    words: dict[str, str],
) -> str:
    """ "1. Lotte 142, 2. du 120": every seat by place, with its points."""
    order = sorted(range(len(scores)), key=lambda seat: (places[seat], seat))
    return ", ".join(
        words["place"].format(
            place=places[seat], player=_who(seat, audience, lang, words), points=scores[seat]
        )
        for seat in order
    )


_EVENTS: dict[str, dict[str, str]] = {
    "de": {
        "you": "du",
        "each": "{player}: {card}",
        "place": "{place}. {player} ({points})",
        "deal": "Deine Handkarten: {hand}",
        "mission": "Runde {round}: Die Missionszahl ist {number} ({mission}).",
        "commit": "{player} hat eine Karte verdeckt abgelegt.",
        "commit.you": "Du hast eine Karte verdeckt abgelegt.",
        "my_card": "{player} hat {card} verdeckt abgelegt.",
        "my_card.you": "Du hast {card} verdeckt abgelegt.",
        "reveal": "Aufgedeckt – {cards}.",
        "first": "{player} hat mit {card} die höchste Symbolkarte und beginnt mit den "
        "Symbolaktionen.",
        "first.you": "Du hast mit {card} die höchste Symbolkarte und beginnst mit den "
        "Symbolaktionen.",
        "tie_draw": "Gleichstand, es wird gezogen – {cards}; die Karten kommen unter den "
        "Ziehstapel.",
        "pass_cw": "{player} lässt alle ausgespielten Karten einen Platz im Uhrzeigersinn "
        "weiterwandern. Jetzt liegen – {cards}.",
        "pass_cw.you": "Du lässt alle ausgespielten Karten einen Platz im Uhrzeigersinn "
        "weiterwandern. Jetzt liegen – {cards}.",
        "new_mission": "{player} wechselt die Missionszahl: {old_mission} kommt unter den "
        "Ziehstapel, die neue Missionszahl ist {number} ({mission}).",
        "new_mission.you": "Du wechselst die Missionszahl: {old_mission} kommt unter den "
        "Ziehstapel, die neue Missionszahl ist {number} ({mission}).",
        "evens_out_some": "{player} lässt die geraden Zahlen rausfallen. Raus sind – {players}.",
        "evens_out_some.you": "Du lässt die geraden Zahlen rausfallen. Raus sind – {players}.",
        "evens_out_none": "{player} lässt die geraden Zahlen rausfallen – niemand hat eine "
        "gerade Zahl gelegt.",
        "evens_out_none.you": "Du lässt die geraden Zahlen rausfallen – niemand hat eine "
        "gerade Zahl gelegt.",
        "cancelled": "Die Symbolaktion von {card} bei {player} entfällt.",
        "cancelled.you": "Die Symbolaktion deiner {card} entfällt.",
        "drawn": "{player} zieht {card} und gibt die Karte gleich einem Mitspieler.",
        "drawn.you": "Du ziehst {card} und gibst die Karte gleich einem Mitspieler.",
        "give": "{player} gibt {card} an {to_player}; dessen {old} kommt unter den Ziehstapel.",
        "give.you": "Du gibst {card} an {to_player}; dessen {old} kommt unter den Ziehstapel.",
        "give.to_you": "{player} gibt dir {card}; deine {old} kommt unter den Ziehstapel.",
        "shift": "{player} ändert die Missionszahl um {delta} auf {target}.",
        "shift.you": "Du änderst die Missionszahl um {delta} auf {target}.",
        "win": "{player} liegt mit {card} am nächsten an der Missionszahl {target} und "
        "gewinnt die Runde.",
        "win.you": "Du liegst mit {card} am nächsten an der Missionszahl {target} und "
        "gewinnst die Runde.",
        "arrow": "Der Pfeil der Missionskarte {mission} zeigt jetzt auf {player}.",
        "arrow.you": "Der Pfeil der Missionskarte {mission} zeigt jetzt auf dich.",
        "no_winner": "Alle sind raus: Niemand gewinnt diese Runde.",
        "swap": "{player} tauscht die ausgespielte Karte mit {other_player}: nimmt {took} und "
        "gibt {gave}.",
        "swap.you": "Du tauschst die ausgespielte Karte mit {other_player}: du nimmst {took} "
        "und gibst {gave}.",
        "swap.to_you": "{player} tauscht die ausgespielte Karte mit dir: nimmt deine {took} "
        "und gibt dir {gave}.",
        "no_swap": "{player} behält die ausgespielte Karte.",
        "no_swap.you": "Du behältst deine ausgespielte Karte.",
        "no_exchange": "{player} tauscht keine Handkarte aus.",
        "no_exchange.you": "Du tauschst keine Handkarte aus.",
        "exchange_pile": "{player} tauscht eine Handkarte gegen die oberste Karte des Ziehstapels.",
        "exchange_pile.you": "Du tauschst eine Handkarte gegen die oberste Karte des Ziehstapels.",
        "exchange_blind": "{player} tauscht eine Handkarte blind mit {other_player}.",
        "exchange_blind.you": "Du tauschst eine Handkarte blind mit {other_player}.",
        "exchange_blind.to_you": "{player} tauscht eine Handkarte blind mit dir.",
        "traded_pile": "{player} legt {gave} unter den Ziehstapel und zieht {got}.",
        "traded_pile.you": "Du legst {gave} unter den Ziehstapel und ziehst {got}.",
        "traded_blind": "{player} gibt {gave} an {other_player} und zieht dafür {got}.",
        "traded_blind.you": "Du gibst {gave} an {other_player} und ziehst dafür {got}.",
        "traded_blind.to_you": "{player} gibt dir {gave} und zieht dafür deine {got}.",
        "bank": "Alle legen ihre Karte auf den eigenen Sammelstapel – {cards}.",
        "game_end": "Das Spiel ist aus. Platzierung: {ranking}.",
    },
    "en": {
        "you": "you",
        "each": "{player}: {card}",
        "place": "{place}. {player} ({points})",
        "deal": "Your hand: {hand}",
        "mission": "Round {round}: the mission number is {number} ({mission}).",
        "commit": "{player} laid a card face down.",
        "commit.you": "You laid a card face down.",
        "my_card": "{player} laid {card} face down.",
        "my_card.you": "You laid {card} face down.",
        "reveal": "Revealed – {cards}.",
        "first": "{player} has the highest symbol card, {card}, and begins the symbol actions.",
        "first.you": "You have the highest symbol card, {card}, and begin the symbol actions.",
        "tie_draw": "A tie: the tied players draw – {cards}; the cards go under the draw pile.",
        "pass_cw": "{player} moves every played card one seat clockwise. Now – {cards}.",
        "pass_cw.you": "You move every played card one seat clockwise. Now – {cards}.",
        "new_mission": "{player} replaces the mission number: {old_mission} goes under the draw "
        "pile, the new mission number is {number} ({mission}).",
        "new_mission.you": "You replace the mission number: {old_mission} goes under the draw "
        "pile, the new mission number is {number} ({mission}).",
        "evens_out_some": "{player} knocks out the even numbers. Out – {players}.",
        "evens_out_some.you": "You knock out the even numbers. Out – {players}.",
        "evens_out_none": "{player} knocks out the even numbers – nobody played an even number.",
        "evens_out_none.you": "You knock out the even numbers – nobody played an even number.",
        "cancelled": "The symbol action of {card} at {player} is dropped.",
        "cancelled.you": "The symbol action of your {card} is dropped.",
        "drawn": "{player} draws {card} and gives it to another player.",
        "drawn.you": "You draw {card} and give it to another player.",
        "give": "{player} gives {card} to {to_player}, whose {old} goes under the draw pile.",
        "give.you": "You give {card} to {to_player}, whose {old} goes under the draw pile.",
        "give.to_you": "{player} gives you {card}; your {old} goes under the draw pile.",
        "shift": "{player} changes the mission number by {delta} to {target}.",
        "shift.you": "You change the mission number by {delta} to {target}.",
        "win": "{player} is closest to the mission number {target} with {card} and wins the round.",
        "win.you": "You are closest to the mission number {target} with {card} and win the round.",
        "arrow": "The arrow of mission card {mission} now points at {player}.",
        "arrow.you": "The arrow of mission card {mission} now points at you.",
        "no_winner": "Everybody is out: nobody wins this round.",
        "swap": "{player} swaps played cards with {other_player}: takes {took} and gives {gave}.",
        "swap.you": "You swap played cards with {other_player}: you take {took} and give {gave}.",
        "swap.to_you": "{player} swaps played cards with you: takes your {took} and gives you "
        "{gave}.",
        "no_swap": "{player} keeps the played card.",
        "no_swap.you": "You keep your played card.",
        "no_exchange": "{player} exchanges no hand card.",
        "no_exchange.you": "You exchange no hand card.",
        "exchange_pile": "{player} exchanges a hand card for the top card of the draw pile.",
        "exchange_pile.you": "You exchange a hand card for the top card of the draw pile.",
        "exchange_blind": "{player} exchanges a hand card blind with {other_player}.",
        "exchange_blind.you": "You exchange a hand card blind with {other_player}.",
        "exchange_blind.to_you": "{player} exchanges a hand card blind with you.",
        "traded_pile": "{player} puts {gave} under the draw pile and draws {got}.",
        "traded_pile.you": "You put {gave} under the draw pile and draw {got}.",
        "traded_blind": "{player} gives {gave} to {other_player} and takes {got} in return.",
        "traded_blind.you": "You give {gave} to {other_player} and take {got} in return.",
        "traded_blind.to_you": "{player} gives you {gave} and takes your {got} in return.",
        "bank": "Everybody puts the played card on their own collection – {cards}.",
        "game_end": "The game is over. Places: {ranking}.",
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
        "prompt_commit": "Lege eine Karte verdeckt ab.",
        "prompt_shift": "Ändere die Missionszahl um +3 oder −3.",
        "prompt_give": "Gib die gezogene Karte einem Mitspieler.",
        "prompt_swap": "Tausche deine ausgespielte Karte mit einer anderen – oder behalte sie.",
        "prompt_exchange": "Tausche eine Handkarte aus – oder nicht.",
        "prompt_trade": "Wähle die Handkarte, die du abgibst.",
        "face_down": "verdeckte Karte",
        "face_down_note": "verdeckt",
        "my_card_label": "Deine verdeckt gelegte Karte: {card}",
        "mission_card": "Missionskarte: {card}",
        "mission_caption": "Missionszahl",
        "changed_from": "geändert, gedruckt: {n}",
        "arrow": "Pfeil auf {who}",
        "arrow_nobody": "Pfeil auf niemanden",
        "missions": "Frühere Missionskarten und wem ihr Pfeil gehört",
        "pile": "Ziehstapel: {n} Karten",
        "drawn": "Gezogen, wird weitergegeben:",
        "legend": "Symbole",
        "help_pass_cw": "alle ausgespielten Karten wandern einen Platz weiter",
        "help_new_mission": "eine neue Missionskarte ersetzt die alte",
        "help_evens_out": "wer eine gerade Zahl gelegt hat, ist raus",
        "help_plus_minus_3": "die Missionszahl wird um 3 größer oder kleiner",
        "help_draw_and_give": "eine Karte ziehen und sie jemandem statt seiner Karte geben",
        "to_collection": "gesammelt",
        "out_mark": "raus",
        "closest_mark": "am nächsten",
        "chip_symbol": "führt ein Symbol aus",
        "chip_won": "gewinnt die Runde",
        "chip_laid": "hat gelegt",
        "chip_laying": "legt …",
        "chip_shift": "wählt +3 oder −3",
        "chip_give": "gibt die gezogene Karte",
        "chip_swap": "darf tauschen",
        "chip_exchange": "tauscht eine Handkarte",
        "collection_label": "Sammelstapel: {n} Karten ({colours})",
        "badge": "{n} P.",
        "badge_label": "{n} Punkte, wenn jetzt gewertet würde",
        "your_hand": "Deine Hand",
        "choose_commit": "Deine Hand – lege eine Karte verdeckt",
        "choose_trade": "Deine Hand – wähle die Karte, die du abgibst",
        "known": "Du weißt, {who} hat:",
        "players": "Spieler",
        "collection": "Sammelstapel",
        "points": "Punkte",
        "ending_bonus": "Farbbonus {n}",
        "ending_removed": "zählen nicht: {cards}",
        "ending_none_removed": "alle Karten zählen",
        "void": "zählt nicht: ihre Zahl liegt als Missionszahl eines anderen auf dem Tisch",
        "sheet": "Sammelstapel und Punkte",
        "ending": "Wertung: Farbbonus plus die Zahlen, ohne die Karten, deren Zahl als "
        "Missionszahl eines anderen auf dem Tisch liegt",
        "play": "{card} verdeckt legen",
        "trade": "{card} abgeben",
        "g_shift": "Missionszahl ändern",
        "shift_label": "Missionszahl um {delta} ändern",
        "g_give": "Gezogene Karte geben an",
        "g_swap": "Ausgespielte Karte tauschen",
        "g_exchange": "Handkarte austauschen",
        "no_swap": "Nicht tauschen",
        "swap_with": "Mit {who} tauschen",
        "give_to": "{who}",
        "exchange_none": "Nicht austauschen",
        "exchange_pile": "Mit dem Ziehstapel",
        "exchange_blind": "Blind mit {who}",
    },
    "en": {
        "pitch": "Get closest to the mission number – symbols shake up the round.",
        "round": "round {n} of {of}",
        "card": "{colour} {n}",
        "prompt_commit": "Lay a card face down.",
        "prompt_shift": "Change the mission number by +3 or −3.",
        "prompt_give": "Give the drawn card to another player.",
        "prompt_swap": "Swap your played card for another – or keep it.",
        "prompt_exchange": "Exchange a hand card – or not.",
        "prompt_trade": "Choose the hand card you give away.",
        "face_down": "face-down card",
        "face_down_note": "face down",
        "my_card_label": "Your card laid face down: {card}",
        "mission_card": "Mission card: {card}",
        "mission_caption": "Mission number",
        "changed_from": "changed, printed: {n}",
        "arrow": "arrow at {who}",
        "arrow_nobody": "arrow at nobody",
        "missions": "Earlier mission cards and whom their arrow points at",
        "pile": "Draw pile: {n} cards",
        "drawn": "Drawn, to be given away:",
        "legend": "Symbols",
        "help_pass_cw": "every played card moves one seat on",
        "help_new_mission": "a new mission card replaces the old one",
        "help_evens_out": "whoever played an even number is out",
        "help_plus_minus_3": "the mission number goes up or down by 3",
        "help_draw_and_give": "draw a card and give it to someone in place of their card",
        "to_collection": "collected",
        "out_mark": "out",
        "closest_mark": "closest",
        "chip_symbol": "carries out a symbol",
        "chip_won": "wins the round",
        "chip_laid": "has laid",
        "chip_laying": "laying …",
        "chip_shift": "chooses +3 or −3",
        "chip_give": "gives the drawn card",
        "chip_swap": "may swap",
        "chip_exchange": "exchanges a hand card",
        "collection_label": "collection: {n} cards ({colours})",
        "badge": "{n} pts",
        "badge_label": "{n} points if scored now",
        "your_hand": "Your hand",
        "choose_commit": "Your hand – lay a card face down",
        "choose_trade": "Your hand – choose the card to give away",
        "known": "You know {who} holds:",
        "players": "Players",
        "collection": "collection",
        "points": "points",
        "ending_bonus": "colour bonus {n}",
        "ending_removed": "count nothing: {cards}",
        "ending_none_removed": "every card counts",
        "void": "counts nothing: its number is someone else's mission number on the table",
        "sheet": "Collections and points",
        "ending": "Scoring: colour bonus plus the numbers, without the cards whose number is "
        "someone else's mission number on the table",
        "play": "lay {card} face down",
        "trade": "give away {card}",
        "g_shift": "Change the mission number",
        "shift_label": "change the mission number by {delta}",
        "g_give": "Give the drawn card to",
        "g_swap": "Swap played cards",
        "g_exchange": "Exchange a hand card",
        "no_swap": "Do not swap",
        "swap_with": "Swap with {who}",
        "give_to": "{who}",
        "exchange_none": "Do not exchange",
        "exchange_pile": "With the draw pile",
        "exchange_blind": "Blind with {who}",
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
