"""The command line's own words in German and English (the games word their events)."""

from __future__ import annotations

import os

LANGS = ("de", "en")

WORDS: dict[str, dict[str, str]] = {
    "de": {
        "player": "Spieler {n}",
        "you": "du",
        "your_turn": "Du bist dran.",
        "prompt": "Deine Wahl",
        "choices": "Du kannst wählen: {choices}",
        "not_an_action": "Das verstehe ich nicht: {text!r}.",
        "not_legal": "Das geht gerade nicht. {choices}",
        "rest_dropped": "{action} geht jetzt nicht mehr; der Rest deines Zuges entfällt.",
        "help": "Gib eine der Möglichkeiten ein; 'q' beendet und speichert die Partie.",
        "saved": "Die Partie ist gespeichert: {path}",
        "resume": "Weiterspielen mit: spieltisch play --resume {path}",
        "aborted": "Partie unterbrochen.",
        "result": "Ergebnis",
        "place": "Platz",
        "score": "Punkte",
        "seed": "Startwert (seed): {seed}",
        "step": "Schritt {step}",
        "deal": "Zu Beginn",
        "replay_keys": "Schritt {step} von {last} · Enter, Leertaste oder → weiter · "
        "← zurück · q beendet",
        "seat_range": "--seat muss zwischen 1 und {players} liegen, nicht {seat}",
        "verified": "Geprüft: {steps} Züge, alle erlaubt; das Ergebnis stimmt.",
        "unfinished": "Die Partie ist nicht zu Ende gespielt.",
        "serving": "Spieltisch läuft: öffne {url} im Browser (Strg+C beendet).",
    },
    "en": {
        "player": "Player {n}",
        "you": "you",
        "your_turn": "Your turn.",
        "prompt": "Your choice",
        "choices": "You may choose: {choices}",
        "not_an_action": "I don't understand {text!r}.",
        "not_legal": "That is not allowed now. {choices}",
        "rest_dropped": "{action} is no longer allowed; the rest of your move is dropped.",
        "help": "Type one of the choices; 'q' stops and saves the game.",
        "saved": "The game is saved: {path}",
        "resume": "Continue with: spieltisch play --resume {path}",
        "aborted": "Game interrupted.",
        "result": "Result",
        "place": "Place",
        "score": "Points",
        "seed": "Seed: {seed}",
        "step": "Step {step}",
        "deal": "At the start",
        "replay_keys": "Step {step} of {last} · Enter, space or → next · ← back · q quit",
        "seat_range": "--seat must be from 1 to {players}, got {seat}",
        "verified": "Verified: {steps} actions, all legal; the result matches.",
        "unfinished": "The game was not played to the end.",
        "serving": "Spieltisch is running: open {url} in your browser (Ctrl+C stops it).",
    },
}


def default_lang() -> str:
    """German if the environment's language is German, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def t(lang: str, key: str, **values: object) -> str:
    """The phrase ``key`` in ``lang``, filled in."""
    return WORDS[lang][key].format(**values)
