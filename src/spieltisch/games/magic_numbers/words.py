"""Magic Numbers in words: action text and JSON forms, labels, every event, and the words the
terminal and the browser show, in German and English (see :mod:`spieltisch.core.words`). No
rules here."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from spieltisch.core.game import JSON, Event
from spieltisch.core.words import NEUTRAL, Audience, Catalog, catalog, in_lang, phrase, section
from spieltisch.games.magic_numbers.actions import (
    ANSWER,
    BIDS,
    CHIPS,
    CHOOSE,
    CONFIRM,
    DISPLAY_SIZE,
    HINTS,
    PASS,
    REJECT,
    Action,
    Answer,
    Bid,
    Choose,
    Confirm,
    Hint,
    Pass,
)

# -- text forms ------------------------------------------------------------------------------

_BID = re.compile(r"(?:bid|biete|gebot)\s+(\d+)\s+(\d+)|(\d)\s+(\d)", re.IGNORECASE)
#: ``answer: <text>`` (also ``antwort:``) names an answer explicitly (``answer: pass``); without
#: the colon the words are the answer itself (``Antwort auf alles``).
_ANSWER = re.compile(r"(?:answer|antwort)\s*(?::\s*(.*))?", re.IGNORECASE | re.DOTALL)
_TYPED: dict[str, Action] = {
    **dict.fromkeys(("pass", "passe", "weiß nicht", "weiss nicht", "don't know"), PASS),
    **dict.fromkeys(("dont know", "ich weiß es nicht", "i don't know"), PASS),
    **dict.fromkeys(("hint theme", "hinweis thema", "theme", "thema"), HINTS["theme"]),
    **dict.fromkeys(("hint unit", "hinweis einheit", "unit", "einheit"), HINTS["unit"]),
    **dict.fromkeys(("confirm", "richtig", "ja", "yes"), CONFIRM),
    **dict.fromkeys(("reject", "falsch", "nein", "no"), REJECT),
}
_CHOOSE = re.compile(r"(?:choose|wähle|waehle)\s+(\d)", re.IGNORECASE)
_CHOICE_NUMBER = re.compile(r"(?:(?:choose|wähle|waehle)\s+)?(\d)", re.IGNORECASE)
#: Texts shaped like a command but not a whole one are refused, not taken as an answer:
#: a bid word with one or two numbers or single letters (``bid 5 9``, ``biete x``), a hint
#: word with one word (``hint colour``). Any other text is an answer (``Gebot der Stunde``).
_MALFORMED = re.compile(
    r"(?:bid|biete|gebot)\s+(?:\d+|\S)(?:\s+(?:\d+|\S))?|(?:hint|hinweis)\s+\S+",
    re.IGNORECASE,
)


def parse(text: str) -> Action | None:
    """The action a text names; any text that is no command is an answer. ``None`` for an
    empty text or a malformed command."""
    text = text.strip()
    if not text:
        return None
    lower = " ".join(text.casefold().split())
    if lower in _TYPED:
        return _TYPED[lower]
    choice = _CHOOSE.fullmatch(text)
    if choice is not None:
        return choose(int(choice.group(1)) - 1)
    bid = _BID.fullmatch(text)
    if bid is not None:
        position, chip = bid.group(1, 2) if bid.group(1) else bid.group(3, 4)
        return _bid(int(position) - 1, int(chip))
    answer = _ANSWER.fullmatch(text)
    if answer is not None:
        return _answer((answer.group(1) or "").strip())
    if _MALFORMED.fullmatch(lower):
        return None
    return Answer(text)


def parse_choice(text: str) -> Choose | None:
    """A choice as typed: ``choose 2``, ``wähle 2`` or, with ``answers=choice``, just ``2``
    (the meanings count 1–4 in text); ``None`` for anything else."""
    match = _CHOICE_NUMBER.fullmatch(text.strip())
    return None if match is None else choose(int(match.group(1)) - 1)


def choose(index: int) -> Choose | None:
    """The shared choice of the meaning at ``index`` (0–3), or ``None``."""
    return CHOOSE[index] if 0 <= index < len(CHOOSE) else None


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())


def choice_named(choices: tuple[tuple[str, str], ...], text: str) -> int | None:
    """The index of the offered meaning ``text`` spells out, in German or English (case,
    spaces and punctuation aside), or ``None``."""
    typed = _plain(text)
    for index, meanings in enumerate(choices):
        if typed and typed in map(_plain, meanings):
            return index
    return None


def _bid(position: int, chip: int) -> Bid | None:
    if 0 <= position < DISPLAY_SIZE and chip in CHIPS:
        return BIDS[position][chip]
    return None


def _answer(text: str) -> Answer:
    return Answer(text) if text else ANSWER


# -- JSON forms ----------------------------------------------------------------------------

_SIMPLE: dict[str, Action] = {"pass": PASS, "confirm": CONFIRM, "reject": REJECT}


def from_json(data: JSON) -> Action | None:
    """The action a JSON object names, or ``None``."""
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    keys = set(data)
    if isinstance(kind, str) and kind in _SIMPLE and keys == {"type"}:
        return _SIMPLE[kind]
    if kind == "bid" and keys == {"type", "position", "chip"}:
        position, chip = data["position"], data["chip"]
        if type(position) is int and type(chip) is int:
            return _bid(position, chip)
    elif kind == "hint" and keys == {"type", "kind"}:
        return HINTS.get(data["kind"]) if isinstance(data["kind"], str) else None
    elif kind == "answer" and keys == {"type", "text"} and isinstance(data["text"], str):
        return _answer(data["text"])
    elif kind == "choose" and keys == {"type", "index"} and type(data["index"]) is int:
        return choose(data["index"])
    return None


# -- labels --------------------------------------------------------------------------------

_LABELS: dict[str, dict[str, str]] = {
    "de": {
        "pass": "passe",
        "theme": "thema",
        "unit": "einheit",
        "answer": "antwort",
        "confirm": "richtig",
        "reject": "falsch",
        "bid": "biete",
        "choose": "wähle",
    },
    "en": {
        "pass": "pass",
        "theme": "theme",
        "unit": "unit",
        "answer": "answer",
        "confirm": "confirm",
        "reject": "reject",
        "bid": "bid",
        "choose": "choose",
    },
}


def label(action: Action, lang: str) -> str:
    """The shortest text a person can type for ``action`` (an answer: the answer itself)."""
    words = in_lang(_LABEL_WORDS, lang)
    if isinstance(action, Bid):
        return f"{words['bid']} {action.position + 1} {action.chip}"
    if isinstance(action, Hint):
        return words[action.kind]
    if isinstance(action, Answer):
        return action.text or words["answer"]
    if isinstance(action, Pass):
        return words["pass"]
    if isinstance(action, Choose):
        return f"{words['choose']} {action.index + 1}"
    return words["confirm"] if isinstance(action, Confirm) else words["reject"]


# -- events --------------------------------------------------------------------------------


def _name(seat: int, audience: Audience, lang: str, words: dict[str, str]) -> str:
    """A seat inside a line: its name, or "du"/"you" for the reader."""
    return words["you"] if audience.is_reader(seat) else audience.name(seat, lang)


def _faces(cards: list[dict[str, str]], lang: str) -> str:
    return ", ".join(f"{card['number']} ({card['theme_' + lang]})" for card in cards) or "–"


def _ranks(bids: list[list[list[int]]], names: Callable[[int], str], words: dict[str, str]) -> str:
    parts = []
    for position, chips in enumerate(bids):
        placed = ", ".join(f"{names(seat)} {chip}" for seat, chip in chips)
        parts.append(words["on_card"].format(n=position + 1, chips=placed or words["no_bids"]))
    return "; ".join(parts)


def _standing(scores: list[int], ranking: list[int], names: Callable[[int], str]) -> str:
    seats = sorted(range(len(scores)), key=lambda seat: ranking[seat])
    return ", ".join(f"{names(seat)} {scores[seat]}" for seat in seats)


def describe(event: Event, lang: str, audience: Audience = NEUTRAL) -> str:
    """One line telling a person what ``event`` means, in ``lang``: about a seat by its name,
    about the reader's own seat as "du"/"you"."""
    lang = lang if lang in _EVENT_WORDS else "en"
    words = _NOUN_WORDS[lang]

    def names(seat: int) -> str:
        return _name(seat, audience, lang, words)

    data: dict[str, Any] = dict(event.data)
    kind = event.kind
    seat = data.pop("seat", None)
    if isinstance(data.get("quizmaster"), int):
        data["quizmaster"] = names(data["quizmaster"])
    if "position" in data:
        data["position"] += 1
    for key in ("meaning", "theme", "text_hint"):
        if f"{key}_{lang}" in data:
            data[key] = data[f"{key}_{lang}"]
    if kind == "round":
        data["start"] = names(seat) if isinstance(seat, int) else "–"
        seat = None
        data["cards"] = _faces(data["cards"], lang)
        if data["top"] is None:
            kind = "last_round"
        else:
            data["top"] = _faces([data["top"]], lang)
    elif kind == "reveal":
        data["bids"] = _ranks(data["bids"], names, words)
    elif kind == "card":
        data["order"] = ", ".join(names(s) for s in data["order"])
    elif kind == "answer":
        data["text"] = data["text"] or words["empty"]
        kind += {True: "_right", False: "_wrong", None: ""}[data["correct"]]
    elif kind == "choices":
        listed = data[f"choices_{lang}"]
        data["choices"] = "; ".join(f"{i}) {text}" for i, text in enumerate(listed, 1))
    elif kind == "choice":
        data["n"] = data["index"] + 1
        data["text"] = data[f"text_{lang}"]
        kind += "_right" if data["correct"] else "_wrong"
    elif kind == "hint":
        data["hint"] = words[data["kind"]]
        kind = "hint_auto" if seat is None else "hint"
    elif kind == "verdict":
        answerer = data.pop("player")
        data["answerer"] = names(answerer)
        kind = "confirmed" if data["confirmed"] else "rejected"
        if audience.is_reader(answerer):
            kind += "_yours"
    elif kind == "set_aside":
        data["cards"] = _faces(data["cards"], lang)
    elif kind == "game_end":
        data["scores"] = _standing(data["scores"], data["ranking"], names)
    if isinstance(seat, int):
        return phrase(_EVENT_WORDS[lang], kind, seat, audience, lang, **data)
    return _EVENT_WORDS[lang][kind].format(**data)


_NOUNS: dict[str, dict[str, str]] = {
    "de": {
        "player": "Spieler",
        "card": "Karte",
        "no_bids": "kein Gebot",
        "on_card": "auf Karte {n} {chips}",
        "you": "du",
        "empty": "(nichts)",
        "theme": "Thema",
        "unit": "Einheit",
    },
    "en": {
        "player": "Player",
        "card": "card",
        "no_bids": "no bid",
        "on_card": "on card {n} {chips}",
        "you": "you",
        "empty": "(nothing)",
        "theme": "theme",
        "unit": "unit",
    },
}

_EVENTS: dict[str, dict[str, str]] = {
    "de": {
        "round": "Runde {round} von {rounds}, Startspieler ist {start}. Auf dem Tisch: {cards}; "
        "oben auf dem Nachziehstapel: {top}.",
        "last_round": "Runde {round} von {rounds}, Startspieler ist {start}. Auf dem Tisch: "
        "{cards}.",
        "bid": "{player} legt einen Chip verdeckt auf Karte {position}.",
        "bid.you": "Du legst einen Chip verdeckt auf Karte {position}.",
        "my_bid": "Dein Chip auf Karte {position} ist die {chip}.",
        "pass": "{player} passt.",
        "pass.you": "Du passt.",
        "skip": "{player} hat keinen Chip mehr und wird übersprungen.",
        "skip.you": "Du hast keinen Chip mehr und wirst übersprungen.",
        "reveal": "Die Chips werden aufgedeckt: {bids}.",
        "pay": "{player} zahlt für die Chips {paid} und steht jetzt auf {points}.",
        "pay.you": "Du zahlst für deine Chips {paid} und stehst jetzt auf {points}.",
        "card": "Karte {position} ({number}, {theme}) wird gelöst. Quizmaster: {quizmaster}; "
        "es antworten der Reihe nach: {order}.",
        "answer_right": "{player} antwortet „{text}“ – richtig!",
        "answer_right.you": "Du antwortest „{text}“ – richtig!",
        "answer_wrong": "{player} antwortet „{text}“ – leider falsch.",
        "answer_wrong.you": "Du antwortest „{text}“ – leider falsch.",
        "answer": "{player} antwortet „{text}“.",
        "answer.you": "Du antwortest „{text}“.",
        "other_meaning": "{player} antwortet „{text}“ – stimmt, aber das ist nicht die "
        "Bedeutung dieser Karte. Noch ein Versuch!",
        "other_meaning.you": "Du antwortest „{text}“ – stimmt, aber das ist nicht die "
        "Bedeutung dieser Karte. Noch ein Versuch!",
        "dont_know": "{player} weiß es nicht.",
        "dont_know.you": "Du weißt es nicht.",
        "choices": "Zur Wahl stehen: {choices}.",
        "choice_right": "{player} wählt „{text}“ – richtig!",
        "choice_right.you": "Du wählst „{text}“ – richtig!",
        "choice_wrong": "{player} wählt „{text}“ – leider falsch.",
        "choice_wrong.you": "Du wählst „{text}“ – leider falsch.",
        "hint": "{player} wählt den Hinweis {hint}: {text_hint}.",
        "hint.you": "Du wählst den Hinweis {hint}: {text_hint}.",
        "hint_auto": "Jetzt kommt auch der Hinweis {hint}: {text_hint}.",
        "confirmed": "Quizmaster {player} lässt die Antwort von {answerer} gelten.",
        "confirmed.you": "Du lässt als Quizmaster die Antwort von {answerer} gelten.",
        "rejected": "Quizmaster {player} lässt die Antwort von {answerer} nicht gelten.",
        "rejected.you": "Du lässt als Quizmaster die Antwort von {answerer} nicht gelten.",
        "confirmed_yours": "Quizmaster {player} lässt deine Antwort gelten.",
        "rejected_yours": "Quizmaster {player} lässt deine Antwort nicht gelten.",
        "solved": "{player} löst Karte {position} ({number}): {meaning}. {player} rückt um "
        "{gained} vor auf {points}.",
        "solved.you": "Du löst Karte {position} ({number}): {meaning}. Du rückst um {gained} "
        "vor auf {points}.",
        "unsolved": "Niemand löst Karte {position} ({number}): {meaning}. Die Karte scheidet aus.",
        "set_aside": "Ohne Gebot scheiden aus: {cards}.",
        "bonus": "{player} hat Karten aus {themes} Themenbereichen gesammelt: {bonus} "
        "Extrapunkte, jetzt {points}.",
        "bonus.you": "Du hast Karten aus {themes} Themenbereichen gesammelt: {bonus} "
        "Extrapunkte, jetzt {points}.",
        "game_end": "Das Spiel ist aus. Punkte: {scores}.",
    },
    "en": {
        "round": "Round {round} of {rounds}, the start player is {start}. On the table: {cards}; "
        "on top of the draw pile: {top}.",
        "last_round": "Round {round} of {rounds}, the start player is {start}. On the table: "
        "{cards}.",
        "bid": "{player} lays a chip face down on card {position}.",
        "bid.you": "You lay a chip face down on card {position}.",
        "my_bid": "Your chip on card {position} is the {chip}.",
        "pass": "{player} passes.",
        "pass.you": "You pass.",
        "skip": "{player} has no chip left and is skipped.",
        "skip.you": "You have no chip left and are skipped.",
        "reveal": "The chips are revealed: {bids}.",
        "pay": "{player} pays {paid} for the chips and is now on {points}.",
        "pay.you": "You pay {paid} for your chips and are now on {points}.",
        "card": "Card {position} ({number}, {theme}) is solved. Quizmaster: {quizmaster}; "
        "answering in turn: {order}.",
        "answer_right": "{player} answers “{text}” – right!",
        "answer_right.you": "You answer “{text}” – right!",
        "answer_wrong": "{player} answers “{text}” – wrong.",
        "answer_wrong.you": "You answer “{text}” – wrong.",
        "answer": "{player} answers “{text}”.",
        "answer.you": "You answer “{text}”.",
        "other_meaning": "{player} answers “{text}” – true, but not this card's meaning. Try "
        "again!",
        "other_meaning.you": "You answer “{text}” – true, but not this card's meaning. Try again!",
        "dont_know": "{player} does not know.",
        "dont_know.you": "You do not know.",
        "choices": "The choices: {choices}.",
        "choice_right": "{player} chooses “{text}” – right!",
        "choice_right.you": "You choose “{text}” – right!",
        "choice_wrong": "{player} chooses “{text}” – wrong.",
        "choice_wrong.you": "You choose “{text}” – wrong.",
        "hint": "{player} asks for the {hint} hint: {text_hint}.",
        "hint.you": "You ask for the {hint} hint: {text_hint}.",
        "hint_auto": "Now the {hint} hint is given too: {text_hint}.",
        "confirmed": "Quizmaster {player} accepts the answer of {answerer}.",
        "confirmed.you": "As quizmaster you accept the answer of {answerer}.",
        "rejected": "Quizmaster {player} turns down the answer of {answerer}.",
        "rejected.you": "As quizmaster you turn down the answer of {answerer}.",
        "confirmed_yours": "Quizmaster {player} accepts your answer.",
        "rejected_yours": "Quizmaster {player} turns down your answer.",
        "solved": "{player} solves card {position} ({number}): {meaning}. {player} moves up "
        "{gained} to {points}.",
        "solved.you": "You solve card {position} ({number}): {meaning}. You move up {gained} "
        "to {points}.",
        "unsolved": "Nobody solves card {position} ({number}): {meaning}. The card leaves the "
        "game.",
        "set_aside": "Without a bid, these cards leave the game: {cards}.",
        "bonus": "{player} collected cards of {themes} themes: {bonus} extra points, now {points}.",
        "bonus.you": "You collected cards of {themes} themes: {bonus} extra points, now {points}.",
        "game_end": "The game is over. Points: {scores}.",
    },
}

_BOARD: dict[str, dict[str, str]] = {
    "de": {
        "display": "Auslage",
        "points": "Punkte",
        "chips": "Chips",
        "cards": "Karten",
        "start": "Startspieler",
        "quizmaster": "Quizmaster",
        "hint": "Hinweis {kind}: {text}",
        "theme": "Thema",
        "unit": "Einheit",
        "quiz": "Nur für dich als Quizmaster – Bedeutung: {meaning}",
        "judge_says": "Das Programm hielte die Antwort für {verdict}.",
        "right": "richtig",
        "wrong_word": "falsch",
        "choices": "Was bedeutet die {number}? Zur Wahl:",
    },
    "en": {
        "display": "Display",
        "points": "points",
        "chips": "chips",
        "cards": "cards",
        "start": "start player",
        "quizmaster": "quizmaster",
        "hint": "{kind} hint: {text}",
        "theme": "Theme",
        "unit": "Unit",
        "quiz": "For your eyes as quizmaster only – meaning: {meaning}",
        "judge_says": "The program would call the answer {verdict}.",
        "right": "right",
        "wrong_word": "wrong",
        "choices": "What does {number} stand for? The choices:",
    },
}
"""Words both the terminal and the browser show on the board."""

_TERM: dict[str, dict[str, str]] = {
    "de": {
        "round": "Runde {round}/{rounds}",
        "judge_auto": "das Programm beurteilt Antworten",
        "judge_quizmaster": "der Quizmaster beurteilt Antworten",
        "card": "Karte",
        "pile": "Nachziehstapel: {size} Karten, oben {top}",
        "pile_empty": "Nachziehstapel: leer",
        "box": "in der Schachtel: {size}",
        "player": "Spieler",
        "solving": "Karte {position} wird gelöst ({number}, {theme}). Reihenfolge: {order}.",
        "wrong": "Falsche Antworten: {answers}",
        "pending": "{player} antwortet „{text}“ – der Quizmaster entscheidet.",
        "accepted": "Richtige Antworten: {answers}",
        "mine": "Deine Chips: {chips}",
        "collected": "{player} hat gesammelt: {cards}",
        "unsolved": "Ungelöst ausgeschieden: {cards}",
        "bid": "Bieten: „biete <Karte 1–4> <Chip>“ (oder kurz „2 3“), oder „passe“.",
        "answer": "{player} ist dran: Antwort einfach eintippen, oder „passe“, wer sie nicht weiß.",
        "hint_choice": "{player} wählt den ersten Hinweis: „thema“ oder „einheit“.",
        "choose": "{player} ist dran: die Nummer (1–{n}) oder den Text einer Bedeutung "
        "eintippen, oder „passe“, wer sie nicht weiß.",
        "confirm": "Quizmaster {player}: „richtig“ oder „falsch“?",
        "over": "Das Spiel ist aus.",
    },
    "en": {
        "round": "round {round}/{rounds}",
        "judge_auto": "the program judges answers",
        "judge_quizmaster": "the quizmaster judges answers",
        "card": "card",
        "pile": "Draw pile: {size} cards, on top {top}",
        "pile_empty": "Draw pile: empty",
        "box": "in the box: {size}",
        "player": "Player",
        "solving": "Card {position} is being solved ({number}, {theme}). Order: {order}.",
        "wrong": "Wrong answers: {answers}",
        "pending": "{player} answers “{text}” – the quizmaster decides.",
        "accepted": "Accepted answers: {answers}",
        "mine": "Your chips: {chips}",
        "collected": "{player} collected: {cards}",
        "unsolved": "Left the game unsolved: {cards}",
        "bid": "Bid: 'bid <card 1–4> <chip>' (or just '2 3'), or 'pass'.",
        "answer": "{player} to answer: just type the answer, or 'pass' if you do not know.",
        "hint_choice": "{player} picks the first hint: 'theme' or 'unit'.",
        "choose": "{player} to answer: type the number (1–{n}) or the text of a meaning, or "
        "'pass' if you do not know.",
        "confirm": "Quizmaster {player}: 'confirm' or 'reject'?",
        "over": "The game is over.",
    },
}
"""The terminal's own words for the board."""

_WEB: dict[str, dict[str, str]] = {
    "de": {
        "pitch": "Was bedeutet 8848? Biete Chips, um zuerst antworten zu dürfen.",
        "round": "Runde {n} von {of}",
        "judge_auto": "Das Programm beurteilt die Antworten.",
        "judge_quizmaster": "Der Quizmaster beurteilt die Antworten.",
        "card_n": "Karte {n}",
        "face": "Karte {position}: {number}, {theme}",
        "chip_hidden": "Chip von {who}, verdeckt",
        "chip": "Chip {chip} von {who}",
        "pile": "Nachziehstapel: {n} Karten",
        "pile_top": "oben",
        "box": "In der Schachtel: {n}",
        "players": "Spieler",
        "role": "",
        "solving": "Gelöst wird Karte {position}: {number} ({theme})",
        "order": "Reihenfolge: {order}",
        "wrong": "Falsche Antworten",
        "pending": "{who} antwortet „{text}“ – der Quizmaster entscheidet.",
        "accepted": "Gelten als richtig: {answers}",
        "my_chips": "Deine Chips: {chips}",
        "collected": "Gesammelt von {who}",
        "unsolved": "Ungelöst ausgeschieden",
        "answer_label": "Deine Antwort: Was bedeutet die {number}?",
        "answer_button": "Antworten",
        "g_choose": "Deine Antwort: Was bedeutet die {number}?",
        "choose_label": "Antwort {n}: {text}",
        "g_bid": "Bieten",
        "bid_group": "Karte {position} ({number}): Chip legen",
        "bid": "Chip {chip}",
        "bid_label": "Chip {chip} auf Karte {position} ({number}) legen",
        "pass_bid": "Passen",
        "pass_answer": "Weiß ich nicht",
        "g_hint": "Ersten Hinweis wählen",
        "hint_theme": "Thema",
        "hint_unit": "Einheit",
        "g_judge": "Als Quizmaster entscheiden",
        "confirm": "Richtig",
        "reject": "Falsch",
        "g_other": "Zug",
        "corner_none": "ohne Hinweis",
        "corner_theme": "Thema",
        "corner_unit": "Einheit",
        "corner_both": "beide",
        "order_title": "Es antworten der Reihe nach",
        "chip_bidding": "bietet",
        "chip_no_chips": "keine Chips mehr",
        "chip_answering": "antwortet",
        "points_label": "{n} Punkte",
        "seat_extra": "Chips {chips} · Karten {cards}",
        "your_chips": "Deine Chips",
    },
    "en": {
        "pitch": "What does 8848 mean? Bid chips for the right to answer first.",
        "round": "round {n} of {of}",
        "judge_auto": "The program judges the answers.",
        "judge_quizmaster": "The quizmaster judges the answers.",
        "card_n": "card {n}",
        "face": "card {position}: {number}, {theme}",
        "chip_hidden": "chip of {who}, face down",
        "chip": "chip {chip} of {who}",
        "pile": "Draw pile: {n} cards",
        "pile_top": "on top",
        "box": "In the box: {n}",
        "players": "Players",
        "role": "",
        "solving": "Being solved: card {position}, {number} ({theme})",
        "order": "Order: {order}",
        "wrong": "Wrong answers",
        "pending": "{who} answers “{text}” – the quizmaster decides.",
        "accepted": "Accepted answers: {answers}",
        "my_chips": "Your chips: {chips}",
        "collected": "Collected by {who}",
        "unsolved": "Left the game unsolved",
        "answer_label": "Your answer: what does {number} stand for?",
        "answer_button": "Answer",
        "g_choose": "Your answer: what does {number} stand for?",
        "choose_label": "answer {n}: {text}",
        "g_bid": "Bid",
        "bid_group": "Card {position} ({number}): lay a chip",
        "bid": "chip {chip}",
        "bid_label": "lay chip {chip} on card {position} ({number})",
        "pass_bid": "Pass",
        "pass_answer": "I don't know",
        "g_hint": "Choose the first hint",
        "hint_theme": "Theme",
        "hint_unit": "Unit",
        "g_judge": "Decide as quizmaster",
        "confirm": "Right",
        "reject": "Wrong",
        "g_other": "Move",
        "corner_none": "no hint",
        "corner_theme": "theme",
        "corner_unit": "unit",
        "corner_both": "both",
        "order_title": "Answering in turn",
        "chip_bidding": "bidding",
        "chip_no_chips": "no chips left",
        "chip_answering": "answering",
        "points_label": "{n} points",
        "seat_extra": "chips {chips} · cards {cards}",
        "your_chips": "Your chips",
    },
}
"""The browser's own words for the board and the move buttons."""

_ERRORS = {
    "de": {
        "deck_order": (
            "eine Reihenfolge des Magic-Numbers-Decks nennt jede der "
            "{cards} Karten-IDs des Decks genau einmal"
        )
    },
    "en": {
        "deck_order": (
            "a Magic Numbers deck order names each of the deck's {cards} card ids exactly once"
        )
    },
}
"""What an explicit deck order of this game must be (completed by the error catalog's
``deck_order``: top card first, and how many entries came)."""

#: Every text about Magic Numbers, by word id.
WORDS: Catalog = catalog(
    label=_LABELS, noun=_NOUNS, event=_EVENTS, board=_BOARD, term=_TERM, web=_WEB, error=_ERRORS
)
_LABEL_WORDS = section(WORDS, "label")
_NOUN_WORDS = section(WORDS, "noun")
_EVENT_WORDS = section(WORDS, "event")
