"""Cento in words: what each event says, the move labels, and the words the terminal and the
browser show around the open card, in German and English (see :mod:`spieltisch.core.words`).
No rules here."""

from __future__ import annotations

from spieltisch.core.game import Event
from spieltisch.core.words import NEUTRAL, Audience, Catalog, catalog, in_lang, phrase, section
from spieltisch.games.cento.actions import TAKE_COUNT, CentoAction, Draw, End, Lay
from spieltisch.games.cento.cards import FREE

_LABELS: dict[str, dict[str, str]] = {
    "de": {"free": "frei {value}", "draw": "ziehen", "end": "fertig", "take": "nimm {n}"},
    "en": {"free": "free {value}", "draw": "draw", "end": "end", "take": "take {n}"},
}


def label_of(action: CentoAction, lang: str) -> str:
    """The shortest text a person can type: ``27``, ``frei 27``/``free 27``, ``ziehen``/
    ``draw``, ``fertig``/``end``, ``nimm 3``/``take 3``."""
    words = in_lang(_LABEL_WORDS, lang)
    if isinstance(action, Lay):
        return str(action.card) if action.card != FREE else words["free"].format(value=action.value)
    if isinstance(action, Draw):
        return words["draw"]
    if isinstance(action, End):
        return words["end"]
    return words["take"].format(n=TAKE_COUNT)


def _card_word(card: object, words: dict[str, str]) -> str:
    return words["free_card"] if card == "free" else str(card)


def describe_event(event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
    """One line telling a person what ``event`` means, in ``lang``: about a seat by its name,
    about the reader's own seat as "du"/"you"."""
    words = in_lang(_EVENT_WORDS, lang)
    data = dict(event.data)
    seat = data.pop("seat", None)
    data.pop("matched", None)
    for key in ("hand", "cards"):
        if key in data:
            data[key] = ", ".join(_card_word(card, words) for card in data[key]) or "–"
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
    elif kind == "game_end":
        data["cards_left"] = _standing(data["cards_left"], data["ranking"], audience, lang)
    if isinstance(seat, int):
        return phrase(words, kind, seat, audience, lang, **data)
    return words[kind].format(**data)


def _standing(cards_left: list[int], ranking: list[int], audience: Audience, lang: str) -> str:
    """Every seat with its cards left, best place first: "Lotte 0, du 3, Emil 5"."""
    you = in_lang(_EVENT_WORDS, lang)["you"]
    seats = sorted(range(len(cards_left)), key=lambda seat: ranking[seat])
    return ", ".join(
        f"{you if audience.is_reader(seat) else audience.name(seat, lang)} {cards_left[seat]}"
        for seat in seats
    )


_EVENTS: dict[str, dict[str, str]] = {
    "de": {
        "deal": "Deine Handkarten: {hand}",
        "put_back": "Aufgedeckt wurde {card}; sie kommt unter den Aufnahmestapel.",
        "open": "Die offene Karte ist die {card}.",
        "turn": "{player} ist am Zug.",
        "turn.you": "Du bist am Zug.",
        "turn_obliged": "{player} ist am Zug und muss eine Monozahl legen oder drei Karten nehmen.",
        "turn_obliged.you": "Du bist am Zug und musst eine Monozahl legen oder drei Karten nehmen.",
        "lay": "{player} legt die {value}.",
        "lay.you": "Du legst die {value}.",
        "lay_free": "{player} legt eine freie Karte als {value}.",
        "lay_free.you": "Du legst eine freie Karte als {value}.",
        "run": "Schnapszahl! {player} darf alle Karten mit der Ziffer {digit} anlegen.",
        "run.you": "Schnapszahl! Du darfst alle Karten mit der Ziffer {digit} anlegen.",
        "draw": "{player} zieht {count} {count_word}.",
        "draw.you": "Du ziehst {count} {count_word}.",
        "take": "{player} nimmt {count} {count_word} und setzt aus.",
        "take.you": "Du nimmst {count} {count_word} und setzt aus.",
        "drawn": "Gezogen: {cards}",
        "rebuild": "Der Aufnahmestapel ist leer: {size} Karten unter der offenen Karte werden "
        "gemischt und bilden ihn neu.",
        "win": "{player} hat keine Karte mehr und gewinnt!",
        "win.you": "Du hast keine Karte mehr und gewinnst!",
        "exhausted": "Der Aufnahmestapel ist erschöpft (nach {rebuilds} Neubildungen): "
        "das Spiel endet.",
        "game_end": "Das Spiel ist aus. Karten auf der Hand: {cards_left}.",
        "you": "du",
        "free_card": "eine freie Karte",
        "the": "die {card}",
        "card_one": "Karte",
        "card_many": "Karten",
    },
    "en": {
        "deal": "Your hand: {hand}",
        "put_back": "Turned up: {card}; it goes under the draw pile.",
        "open": "The open card is the {card}.",
        "turn": "{player}'s turn.",
        "turn.you": "Your turn.",
        "turn_obliged": "{player}'s turn: lay a Monozahl (1–9) or take three cards.",
        "turn_obliged.you": "Your turn: lay a Monozahl (1–9) or take three cards.",
        "lay": "{player} lays the {value}.",
        "lay.you": "You lay the {value}.",
        "lay_free": "{player} lays a free card as {value}.",
        "lay_free.you": "You lay a free card as {value}.",
        "run": "Schnapszahl! {player} may lay every card showing the digit {digit}.",
        "run.you": "Schnapszahl! You may lay every card showing the digit {digit}.",
        "draw": "{player} draws {count} {count_word}.",
        "draw.you": "You draw {count} {count_word}.",
        "take": "{player} takes {count} {count_word} and loses the turn.",
        "take.you": "You take {count} {count_word} and lose the turn.",
        "drawn": "Drawn: {cards}",
        "rebuild": "The draw pile is empty: {size} cards from under the open card are "
        "shuffled into a new one.",
        "win": "{player} has no cards left and wins!",
        "win.you": "You have no cards left and win!",
        "exhausted": "The draw pile is exhausted (after {rebuilds} rebuilds): the game ends.",
        "game_end": "The game is over. Cards in hand: {cards_left}.",
        "you": "you",
        "free_card": "a free card",
        "the": "the {card}",
        "card_one": "card",
        "card_many": "cards",
    },
}

_BOARD: dict[str, dict[str, str]] = {
    "de": {
        "variant": "Spiel {n}",
        "free": "frei",
        "digits": "Einer {ones} · Zehner {tens} · Quersumme {sum}",
        "no_tens": "keine",
        "obliged": "{player} muss eine Monozahl (1–9) legen oder drei Karten nehmen.",
        "run": "Schnapszahl: Karten mit der Ziffer {digit} dürfen gelegt werden.",
        "piles": "Aufnahmestapel {draw} · Ablagestapel {discard} · neu gebildet {done} (noch "
        "{left})",
        "cards": "Karten",
        "exhausted": "Der Aufnahmestapel ist erschöpft: weniger Karten gewinnt.",
    },
    "en": {
        "variant": "game {n}",
        "free": "free",
        "digits": "ones {ones} · tens {tens} · digit sum {sum}",
        "no_tens": "none",
        "obliged": "{player} must lay a Monozahl (1–9) or take three cards.",
        "run": "Schnapszahl: cards showing the digit {digit} may be laid.",
        "piles": "Draw pile {draw} · discard pile {discard} · rebuilt {done} ({left} left)",
        "cards": "cards",
        "exhausted": "The draw pile is exhausted: fewer cards wins.",
    },
}
"""Words both the terminal and the browser show on the board."""

_TERM: dict[str, dict[str, str]] = {
    "de": {
        "open": "Offene Karte: ",
        "free_as": "frei als {value}",
        "wild": "wild: jede Karte passt",
        "this_turn": "In diesem Zug gelegt: ",
        "drawn": "Gezogen: ",
        "bottom": "Unter dem Aufnahmestapel (von allen gesehen): ",
        "to_move": "am Zug",
        "hand": "Deine Hand: ",
        "winner": "{player} hat gewonnen!",
        "move_help": "Ganzer Zug: Karten der Reihe nach, '27 57 66 fertig', eine freie als "
        "'frei 57' · 'ziehen' · 'nimm 3'",
        "not_in_hand": "Die {card} hast du nicht auf der Hand; du hast: {hand}.",
        "no_free": "Du hast keine freie Karte auf der Hand; du hast: {hand}.",
        "no_card": "Eine Karte {card} gibt es nicht; die Zahlen gehen von {low} bis {high}.",
    },
    "en": {
        "open": "Open card: ",
        "free_as": "free as {value}",
        "wild": "wild: any card fits",
        "this_turn": "Laid this turn: ",
        "drawn": "Drawn: ",
        "bottom": "Under the draw pile (seen by all): ",
        "to_move": "to move",
        "hand": "Your hand: ",
        "winner": "{player} has won!",
        "move_help": "A whole turn: the cards in order, '27 57 66 end', a free one as "
        "'free 57' · 'draw' · 'take 3'",
        "not_in_hand": "You hold no {card}; you hold: {hand}.",
        "no_free": "You hold no free card; you hold: {hand}.",
        "no_card": "There is no card {card}; the numbers go from {low} to {high}.",
    },
}
"""The terminal's own words for the board."""

_WEB: dict[str, dict[str, str]] = {
    "de": {
        "pitch": "Lege Zahlenketten nach Einer, Zehner, Quersumme – und werde alle Karten los.",
        "open": "Offene Karte",
        "free_as": "frei als {n}",
        "wild": "Die 100 ist wild: jede Karte passt.",
        "this_turn": "In diesem Zug gelegt",
        "drawn": "Gezogen",
        "bottom": "Unter dem Aufnahmestapel (von allen gesehen)",
        "players": "Spieler",
        "your_hand": "Deine Hand",
        "choose": "Deine Hand – lege eine passende Karte",
        "free_card": "freie Karte",
        "card": "Karte {n}",
        "mono": "Monozahl",
        "repdigit": "Schnapszahl",
        "lay": "{n} legen",
        "lay_free": "Freie Karte legen als …",
        "lay_free_n": "freie Karte als {n} legen",
        "turn": "Zug",
        "draw": "Eine Karte ziehen",
        "end": "Zug beenden",
        "take": "Drei Karten nehmen",
        "winner": "{player} hat keine Karten mehr und gewinnt.",
        "prop_ones": "Einer",
        "prop_tens": "Zehner",
        "prop_sum": "Quersumme",
        "matched": "passt über: {props}",
        "free_pick": "Freie Karte: Wert wählen",
        "draw_pile": "Aufnahmestapel: {n} Karten",
        "cards_left": "{n} Karten auf der Hand",
        "chip_won": "gewinnt",
        "chip_obliged": "muss Monozahl",
        "chip_run": "Schnapszahl-Serie",
        "chip_lays": "legt",
        "banner_obliged": "muss eine Monozahl legen oder drei Karten nehmen",
        "banner_obliged_you": "Du musst eine Monozahl legen oder drei Karten nehmen",
    },
    "en": {
        "pitch": "Lay chains by ones, tens or digit sum – and get rid of all your cards.",
        "open": "Open card",
        "free_as": "free as {n}",
        "wild": "The 100 is wild: any card fits.",
        "this_turn": "Laid this turn",
        "drawn": "Drawn",
        "bottom": "Under the draw pile (seen by all)",
        "players": "Players",
        "your_hand": "Your hand",
        "choose": "Your hand – lay a card that fits",
        "free_card": "free card",
        "card": "card {n}",
        "mono": "Monozahl",
        "repdigit": "Schnapszahl",
        "lay": "lay {n}",
        "lay_free": "Lay a free card as …",
        "lay_free_n": "lay the free card as {n}",
        "turn": "Turn",
        "draw": "Draw a card",
        "end": "End the turn",
        "take": "Take three cards",
        "winner": "{player} has no cards left and wins.",
        "prop_ones": "ones",
        "prop_tens": "tens",
        "prop_sum": "digit sum",
        "matched": "matches by: {props}",
        "free_pick": "Free card: choose its value",
        "draw_pile": "Draw pile: {n} cards",
        "cards_left": "{n} cards in hand",
        "chip_won": "wins",
        "chip_obliged": "must lay a Monozahl",
        "chip_run": "Schnapszahl run",
        "chip_lays": "laying",
        "banner_obliged": "must lay a Monozahl or take three cards",
        "banner_obliged_you": "You must lay a Monozahl or take three cards",
    },
}
"""The browser's own words for the board and the move buttons."""

_ERRORS = {
    "de": {
        "deck_order": 'ein Cento-Deck nennt die Karten 1 bis 100 je einmal und {free}-mal "free"'
    },
    "en": {"deck_order": 'a Cento deck lists the cards 1 to 100 once each and {free} times "free"'},
}
"""What an explicit deck order of this game must be (completed by the error catalog's
``deck_order``: top card first, and how many entries came)."""

#: Every text about Cento, by word id.
WORDS: Catalog = catalog(
    label=_LABELS, event=_EVENTS, board=_BOARD, term=_TERM, web=_WEB, error=_ERRORS
)
_LABEL_WORDS = section(WORDS, "label")
_EVENT_WORDS = section(WORDS, "event")
_TERM_WORDS = section(WORDS, "term", "board")


def no_card(card: int, low: int, high: int, lang: str) -> str:
    """Telling a person there is no card ``card``."""
    return in_lang(_TERM_WORDS, lang)["no_card"].format(card=card, low=low, high=high)


def not_in_hand(card: int, hand: tuple[int, ...], lang: str) -> str:
    """Telling a person they do not hold ``card`` (a free card: :data:`FREE`), and what they
    hold."""
    words = in_lang(_TERM_WORDS, lang)

    def name(c: int) -> str:
        return words["free"] if c == FREE else str(c)

    held = ", ".join(map(name, hand))
    if card == FREE:
        return words["no_free"].format(hand=held)
    return words["not_in_hand"].format(card=card, hand=held)
