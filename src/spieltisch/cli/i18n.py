"""The command line's own words in German and English (the games word their events)."""

from __future__ import annotations

import os

LANGS = ("de", "en")

WORDS: dict[str, dict[str, str]] = {
    "de": {
        "sim_title": "{game}{rule}: {games} Partien, {players} Spieler, Startwert {seed}",
        "col_seat": "Sitz",
        "col_bot": "Bot",
        "col_wins": "Siege",
        "col_share": "Siegquote",
        "col_ci": "95-%-Intervall",
        "col_score": "mittl. Punkte",
        "col_seats": "Sitze",
        "col_rating": "Wertung",
        "sim_options": "Optionen: {options}",
        "sim_no_options": "keine",
        "sim_balance": "Sitzvorteil: {verdict}",
        "balance_none": "Kein Sitz gewinnt öfter oder seltener als sein fairer Anteil "
        "(signifikant auf dem 5-%-Niveau: keiner).",
        "balance_found": "Signifikant auf dem 5-%-Niveau: {found}.",
        "balance_more": "Sitz {seat} gewinnt öfter als sein fairer Anteil ({share:.3f} gegen "
        "{fair:.3f}, p {p})",
        "balance_less": "Sitz {seat} gewinnt seltener als sein fairer Anteil ({share:.3f} gegen "
        "{fair:.3f}, p {p})",
        "sim_shared": "geteilte erste Plätze: die Siege ergeben {wins} in {games} Partien, weil "
        "jeder Gewinner bei Gleichstand einen Sieg zählt; der faire Anteil ist deshalb "
        "{fair:.3f}, nicht {even:.3f}.",
        "sim_length": "mittlere Länge {mean:.1f} Aktionen",
        "sim_length_units": "mittlere Länge {mean:.1f} {unit} (von {low} bis {high}; "
        "{actions:.1f} Aktionen)",
        "unit_rounds": "Runden",
        "unit_turns": "Züge",
        "unit_actions": "Aktionen",
        "sim_rate": "{rate} Partien/s",
        "sim_metrics": "Kennzahlen (95-%-Intervall):",
        "sim_metric": "  {label}: {value} {unit}({low} bis {high}; {n} Partien)",
        "unit_min": "Min.",
        "unit_share": "",
        "unit_points": "Punkte",
        "tune_title": "{game}, {players} Spieler: {trials} Versuche zu je {games} Partien, "
        "Ziel {objective}, Startwert {seed}",
        "tune_col_trial": "Versuch",
        "tune_col_options": "Optionen",
        "tune_col_objective": "Ziel",
        "tune_best": "Am besten (nachgeprüft mit {games} Partien): {options}; Ziel {value:.4g} "
        "(95-%-Intervall {low:.4g} bis {high:.4g})",
        "tune_written": "Seite geschrieben: {page}",
        "tune_infeasible": "unspielbar (vom Spiel abgelehnt)",
        "tune_none_feasible": "Kein Versuch war spielbar: das Spiel hat jeden Optionssatz "
        "abgelehnt (--json nennt die Gründe).",
        "sim_difference": "{option}={value} gegen {option}={against}: Spiellänge {mean:+.2f} "
        "{unit} (95-%-Intervall {low:+.2f} bis {high:+.2f}, p = {p:.3g}, {verdict})",
        "significant": "signifikant auf dem 5-%-Niveau",
        "not_significant": "nicht signifikant auf dem 5-%-Niveau",
        "report_written": "Bericht geschrieben: {page}",
        "fair_share": "fairer Anteil: {share:.3f} · {seconds} s",
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
        "limits_per_process": (
            "Hinweis: ohne --limits-store zählt jeder Prozess die Grenzen je Client für sich "
            "(bei N Prozessen hat ein Client das N-fache)."
        ),
    },
    "en": {
        "sim_title": "{game}{rule}: {games} games, {players} players, seed {seed}",
        "col_seat": "seat",
        "col_bot": "bot",
        "col_wins": "wins",
        "col_share": "win share",
        "col_ci": "95% CI",
        "col_score": "mean score",
        "col_seats": "seats",
        "col_rating": "rating",
        "sim_options": "options: {options}",
        "sim_no_options": "none",
        "sim_balance": "seat balance: {verdict}",
        "balance_none": "No seat's win share differs from the fair share (significant at 5 %: "
        "none).",
        "balance_found": "Significant at 5 %: {found}.",
        "balance_more": "seat {seat} wins more often than the fair share ({share:.3f} against "
        "{fair:.3f}, p {p})",
        "balance_less": "seat {seat} wins less often than the fair share ({share:.3f} against "
        "{fair:.3f}, p {p})",
        "sim_shared": "first places shared: the wins add up to {wins} in {games} games, because "
        "tied winners each count a win; the fair share is therefore {fair:.3f}, not {even:.3f}.",
        "sim_length": "mean length {mean:.1f} actions",
        "sim_length_units": "mean length {mean:.1f} {unit} (from {low} to {high}; {actions:.1f} "
        "actions)",
        "unit_rounds": "rounds",
        "unit_turns": "turns",
        "unit_actions": "actions",
        "sim_rate": "{rate} games/s",
        "sim_metrics": "metrics (95% CI):",
        "sim_metric": "  {label}: {value} {unit}({low} to {high}; {n} games)",
        "unit_min": "min",
        "unit_share": "",
        "unit_points": "points",
        "tune_title": "{game}, {players} players: {trials} trials of {games} games, "
        "objective {objective}, seed {seed}",
        "tune_col_trial": "trial",
        "tune_col_options": "options",
        "tune_col_objective": "objective",
        "tune_best": "Best (re-checked with {games} games): {options}; objective {value:.4g} "
        "(95% CI {low:.4g} to {high:.4g})",
        "tune_written": "page written: {page}",
        "tune_infeasible": "infeasible (refused by the game)",
        "tune_none_feasible": "No trial was feasible: the game refused every option set "
        "(--json gives the reasons).",
        "sim_difference": "{option}={value} against {option}={against}: game length "
        "{mean:+.2f} {unit} (95% CI {low:+.2f} to {high:+.2f}, p = {p:.3g}, {verdict})",
        "significant": "significant at 5 %",
        "not_significant": "not significant at 5 %",
        "report_written": "report written: {page}",
        "fair_share": "fair share: {share:.3f} · {seconds} s",
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
        "limits_per_process": (
            "Note: without --limits-store each process counts the per-client limits for "
            "itself (with N processes a client gets N times its budget)."
        ),
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
