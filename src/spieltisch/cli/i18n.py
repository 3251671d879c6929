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
        "not_an_action": "Das verstehe ich nicht: {text!r}. {help}.",
        "not_legal": "{action} geht gerade nicht.",
        "rest_dropped": "{action} geht jetzt nicht mehr; der Rest deines Zuges entfällt.",
        "move_help": "Gib eine der Möglichkeiten ein",
        "keys": "Tab ergänzt · ↑ frühere Eingaben · ? Hilfe · q beendet und speichert",
        "saved": "Die Partie ist gespeichert: {path}",
        "resume": "Weiterspielen mit: spieltisch play --resume {path}",
        "aborted": "Partie unterbrochen.",
        "resumed": "Die Partie geht weiter nach {steps} Zügen.",
        "no_game": "nenne ein Spiel oder --resume DATEI; Spiele: {games}",
        "error": "spieltisch: Fehler: {message}",
        "bad_seat": "--seat muss von 1 bis {players} gehen, nicht {seat}",
        "the_game": "das Spiel",
        "resume_given": "--resume nimmt Spiel, Spielerzahl, Startwert und Optionen aus der "
        "Datei; lass {given} weg",
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
        "not_an_action": "I don't understand {text!r}. {help}.",
        "not_legal": "{action} is not allowed now.",
        "rest_dropped": "{action} is no longer allowed; the rest of your move is dropped.",
        "move_help": "Type one of the choices",
        "keys": "Tab completes · ↑ earlier lines · ? help · q stops and saves",
        "saved": "The game is saved: {path}",
        "resume": "Continue with: spieltisch play --resume {path}",
        "aborted": "Game interrupted.",
        "resumed": "The game goes on after {steps} moves.",
        "no_game": "name a game to play, or --resume FILE; games: {games}",
        "error": "spieltisch: error: {message}",
        "bad_seat": "--seat must be from 1 to {players}, got {seat}",
        "the_game": "the game",
        "resume_given": "--resume takes the game, players, seed and options from the file; "
        "drop {given}",
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
