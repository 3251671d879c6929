"""The words of the table server's own refusals, German and English, keyed by code.

A refusal's body is ``{"error": <English text>, "code": ..., "params": {...}}``; a page words
it in its own language from ``GET /api/errors/words``, which serves these words together
with the coded errors of the engine (:mod:`spieltisch.core.error_words`). Both languages
have the same codes and the same ``str.format`` placeholders.
"""

from __future__ import annotations

from spieltisch.core.error_words import ERROR_WORDS

REFUSAL_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "option_path": (
            "die Option {name!r} nennt eine Datei auf dem Server; über die API ist nur "
            "{default!r} erlaubt"
        ),
        "seed_range": "der Seed ist eine ganze Zahl von 0 bis 2**63-1, nicht {seed}",
        "seat_kinds_count": "nenne eine Platzart je Spieler ({players}), nicht {given}",
        "seat_kind": (
            "ein Platz ist 'human' oder 'bot:<spec>' (bot:easy, bot:medium, bot:hard, "
            "bot:heuristic …), nicht {kind!r}"
        ),
        "names_count": "nenne einen Namen (oder null) je Spieler ({players}), nicht {given}",
        "bad_name": "ein Name hat 1 bis {most} druckbare Zeichen",
        "db_read": "der Tisch ließ sich nicht aus der Datenbank lesen; versuch es noch einmal",
        "no_table": "diesen Tisch gibt es nicht (mehr)",
        "table_unrestorable": "der Tisch lässt sich nicht wiederherstellen",
        "bad_token": "dieser Link gehört zu keinem Platz an diesem Tisch",
        "spectator_acts": "Zuschauer können nicht spielen",
        "table_reloaded": (
            "der Tisch wurde nach einem Datenbankfehler neu geladen; lade ihn und versuch es "
            "noch einmal"
        ),
        "stale_action": "der Tisch ist schon weiter; dein Zug kam zu spät",
        "game_over": "das Spiel ist schon vorbei",
        "not_your_turn": "du bist gerade nicht dran",
        "action_not_object": "ein Zug ist ein JSON-Objekt, wie in legal_actions",
        "bad_action": "das ist kein Zug dieses Spiels",
        "illegal_action": "dieser Zug ist jetzt nicht erlaubt",
        "store_failed": "der Zug ließ sich nicht speichern; versuch es noch einmal",
        "not_over": "das Protokoll gibt es erst, wenn das Spiel vorbei ist",
        "again_not_over": "noch einmal spielen geht erst, wenn das Spiel vorbei ist",
        "spectator_name": "Zuschauer haben keinen Platz, den sie benennen könnten",
        "spectator_back": "Zuschauer haben keinen Platz, den sie zurücknehmen könnten",
        "bad_lang": "die Sprache ist eins von {langs}, nicht {lang!r}",
        "bad_since": "since ist die Nummer des zuletzt gesehenen Ereignisses, nicht {since!r}",
        "message_too_large": "eine Nachricht hat höchstens {most} Bytes",
        "not_json": "kein gültiges JSON ({reason})",
        "not_reading": (
            "der Client liest nicht, was der Server schickt; die Verbindung wird beendet"
        ),
        "bad_message": (
            'schicke {{"type": "action", "action": {{...}}, "step": N, "id": X}} '
            "(step und id nach Wahl)"
        ),
        "bad_message_id": (
            "id ist eine ganze Zahl unter 2**53 oder ein Text aus höchstens 100 Zeichen"
        ),
        "bad_message_step": "step ist die Zahl der Züge, die der Client gesehen hat",
        "bad_qr_url": (
            "nur Links zu Tischen dieses Servers werden zum QR-Code (höchstens {most} Zeichen)"
        ),
        "request_invalid": "die Anfrage ist ungültig ({where})",
        "request_too_large": "die Anfrage darf höchstens {limit} Bytes haben",
        "http_error": "die Anfrage wurde abgelehnt ({detail})",
        "bots_stuck": (
            "ein Bot kommt nicht weiter; der Tisch wartet, bis jemand zieht, sich verbindet "
            "oder der Server neu startet"
        ),
        "all_bot_tables_off": (
            "dieser Server spielt keine Tische nur mit Bots; setz mindestens einen Menschen "
            "an den Tisch"
        ),
        "all_bot_tables_full": (
            "auf diesem Server spielen schon {most} Tische nur mit Bots; versuch es später "
            "oder setz einen Menschen an den Tisch"
        ),
        "lab_busy": (
            "der Server rechnet gerade {most} Aufträge, mehr nicht; warte, bis einer fertig ist"
        ),
        "lab_client_busy": (
            "du hast schon {most} laufende Aufträge; warte, bis einer fertig ist, oder brich "
            "einen ab"
        ),
        "lab_games_most": "ein Auftrag spielt höchstens {most} Spiele",
        "lab_trials_most": "eine Suche hat 1 bis {most} Versuche, nicht {trials}",
        "lab_tune_games_most": "eine Suche spielt höchstens {most} Spiele (Versuche × Spiele)",
        "lab_tune_params": "nenne mindestens eine Regel zum Durchsuchen (SCHLÜSSEL=VON..BIS)",
        "lab_no_tuner": "dieser Server kann keine Regeln durchsuchen (spieltisch.sim.tune fehlt)",
        "lab_no_job": "diesen Auftrag gibt es nicht",
        "lab_bad_token": "nur wer den Auftrag gestartet hat, kann ihn abbrechen",
        "lab_not_done": "den Bericht gibt es erst, wenn der Auftrag fertig ist",
        "lab_job_died": "der Prozess des Auftrags hat unerwartet aufgehört",
        "lab_job_failed": "der Auftrag ist fehlgeschlagen ({reason})",
        "lab_interrupted": (
            "der Auftrag wurde {restarts}-mal durch einen Neustart des Servers unterbrochen "
            "und nicht noch einmal gestartet"
        ),
        "too_many_tables": (
            "du hast in der letzten Minute schon {most} Tische eröffnet; versuch es in "
            "{retry_after} s noch einmal"
        ),
        "too_many_sockets": "von deiner Adresse sind schon {most} Verbindungen offen",
        "too_many_connects": (
            "von deiner Adresse kommen mehr als {rate} neue Verbindungen je Sekunde; versuch "
            "es in {retry_after} s noch einmal"
        ),
        "too_many_spectators": "an diesem Tisch schauen schon {most} Leute zu",
        "too_many_seat_sockets": "dieser Platz hat schon {most} offene Verbindungen",
        "not_creator": "nur wer den Tisch eröffnet hat (Platz {seat}), kann ihn löschen",
        "table_deleted": "der Tisch wurde gelöscht",
        "request_timeout": "die Anfrage kam nicht in {seconds:g} s vollständig an",
    },
    "en": {
        "option_path": (
            "option {name!r} names a file on the server's disk; over the API only "
            "{default!r} is allowed"
        ),
        "seed_range": "seed must be a whole number from 0 to 2**63-1, got {seed}",
        "seat_kinds_count": "give one seat kind per player ({players}), got {given}",
        "seat_kind": (
            "a seat is 'human' or 'bot:<spec>' (bot:easy, bot:medium, bot:hard, "
            "bot:heuristic …), got {kind!r}"
        ),
        "names_count": "give one name (or null) per player ({players}), got {given}",
        "bad_name": "a name is 1 to {most} printable characters",
        "db_read": "the table could not be read from the database; try again",
        "no_table": "there is no table {table!r}",
        "table_unrestorable": "table {table} cannot be restored: {reason}",
        "bad_token": "this token belongs to no seat of this table",
        "spectator_acts": "spectators cannot act; use a seat's token",
        "table_reloaded": ("the table was reloaded after a database error; fetch it and try again"),
        "stale_action": "stale action: it was sent at step {sent}, the table is at step {step}",
        "game_over": "the game is over",
        "not_your_turn": "seat {seat} does not act now; waiting for seat(s) {waiting}",
        "action_not_object": "an action is a JSON object, as listed in legal_actions",
        "bad_action": "{detail}",
        "illegal_action": "{detail}",
        "store_failed": "the action could not be stored; try again",
        "not_over": "the transcript is published once the game is over",
        "again_not_over": "a table can be played again once its game is over",
        "spectator_name": "spectators have no seat to name",
        "spectator_back": "spectators have no seat to take back",
        "bad_lang": "lang must be one of {langs}, got {lang!r}",
        "bad_since": "since is the number of the last event seen, got {since!r}",
        "message_too_large": "a message may be at most {most} bytes",
        "not_json": "not valid JSON: {reason}",
        "not_reading": "the client does not read what the server sends; the connection is closed",
        "bad_message": (
            'send {{"type": "action", "action": {{...}}, "step": N, "id": X}} (step, id optional)'
        ),
        "bad_message_id": ("id is a whole number below 2**53 or a text of at most 100 characters"),
        "bad_message_step": "step is the number of actions the client has seen, a whole number",
        "bad_qr_url": (
            "only this server's own table links become QR codes (at most {most} characters)"
        ),
        "request_invalid": "the request is not valid ({where})",
        "request_too_large": "the request body may be at most {limit} bytes",
        "http_error": "the request was refused ({detail})",
        "bots_stuck": (
            "a bot cannot go on; the table waits until someone acts, a seat connects or the "
            "server restarts"
        ),
        "all_bot_tables_off": (
            "this server plays no tables of bots only; seat at least one person"
        ),
        "all_bot_tables_full": (
            "{most} tables of bots only already play on this server; try later or seat a person"
        ),
        "lab_busy": "the server runs {most} jobs at a time; wait until one has finished",
        "lab_client_busy": (
            "you already have {most} jobs running; wait until one has finished or cancel one"
        ),
        "lab_games_most": "a job plays at most {most} games",
        "lab_trials_most": "a tuning run has 1 to {most} trials, got {trials}",
        "lab_tune_games_most": "a tuning run plays at most {most} games (trials × games)",
        "lab_tune_params": "name at least one rule option to search (KEY=LOW..HIGH)",
        "lab_no_tuner": "this server cannot tune rules (spieltisch.sim.tune is missing)",
        "lab_no_job": "there is no job {job!r}",
        "lab_bad_token": "only whoever started the job can cancel it (its token)",
        "lab_not_done": "the report exists once the job is done; it is {state}",
        "lab_job_died": "the job's process stopped unexpectedly",
        "lab_job_failed": "the job failed ({reason})",
        "lab_interrupted": (
            "the job was interrupted by {restarts} restarts of the server and not started again"
        ),
        "too_many_tables": (
            "you opened {most} tables in the last minute; try again in {retry_after} s"
        ),
        "too_many_sockets": "{most} connections from your address are open already",
        "too_many_connects": (
            "your address opens more than {rate} new connections a second; try again in "
            "{retry_after} s"
        ),
        "too_many_spectators": "{most} people watch this table already",
        "too_many_seat_sockets": "this seat has {most} connections open already",
        "not_creator": "only whoever opened the table (seat {seat}) can delete it",
        "table_deleted": "the table was deleted",
        "request_timeout": "the request did not arrive in full within {seconds:g} s",
    },
}


def all_error_words() -> dict[str, dict[str, str]]:
    """Every coded refusal a page can meet, by language: the engine's errors and the
    server's own."""
    return {lang: {**ERROR_WORDS[lang], **REFUSAL_WORDS[lang]} for lang in REFUSAL_WORDS}


__all__ = ["REFUSAL_WORDS", "all_error_words"]
