"""The words of every coded error (:class:`spieltisch.core.errors.SpieltischError`), German
and English, keyed by the error's code; ``str.format`` fills in the error's params.

The English texts are the errors' messages (``str(error)``), so they stay as they are; the
server hands out the codes, and a browser may word them from here too. Both languages
have the same codes and the same placeholders.
"""

from __future__ import annotations

ERROR_WORDS: dict[str, dict[str, str]] = {
    "de": {
        "unknown_game": "unbekanntes Spiel {game!r}; die Spiele sind: {games}",
        "seat_count": "{game} ist für {low} bis {high} Spieler, nicht {players}",
        "unknown_option": "{game} hat keine Option {name!r}; seine Optionen sind: {known}",
        "option_bool": "Option {name!r} von {game} muss true oder false sein, nicht {value!r}",
        "option_number": (
            "Option {name!r} von {game} muss eine ganze Zahl von {minimum} bis {maximum} sein, "
            "nicht {value!r}"
        ),
        "option_choice": "Option {name!r} von {game} muss eins von {choices} sein, nicht {value!r}",
        "option_pattern": "Option {name!r} von {game} muss {allowed} sein, nicht {value!r}",
        "option_deck_small": (
            "Mit diesen Optionen hat das Deck von {game} {cards} Karten; {players} Spieler mit "
            "je {hand} Handkarten und {hand} Missionskarten brauchen mindestens {needed} "
            "(mehr Farben, höhere Zahlen oder weniger Handkarten)"
        ),
        "option_syntax": "--option nimmt SCHLÜSSEL=WERT, nicht {pair!r}",
        "usage_required": "es fehlen die Argumente: {names} (siehe '{prog} --help')",
        "usage_unrecognized": "unbekannte Argumente: {names} (siehe '{prog} --help')",
        "usage_int": "Argument {name}: {value} ist keine ganze Zahl (siehe '{prog} --help')",
        "usage_choice": (
            "Argument {name}: {value} ist keine der Möglichkeiten {choices} (siehe '{prog} --help')"
        ),
        "usage_one_value": "Argument {name} braucht einen Wert (siehe '{prog} --help')",
        "bot_unknown": "unbekannter Bot {name!r}; die Bots sind: {bots}",
        "bot_level_unknown": (
            "unbekannte Spielstärke {name!r}; erlaubt sind {levels} oder eine Bot-Angabe "
            "({bots}, siehe docs/bots.md)"
        ),
        "bot_parameter": (
            "Bot {name!r} hat keinen Parameter {parameter!r}; seine Parameter: {known}"
        ),
        "bot_count": "nenne einen Bot für alle Plätze oder einen je Platz ({seats}), nicht {given}",
        "heuristic_missing": (
            "für {game} gibt es noch keinen Heuristik-Bot (es gibt ihn für: {have})"
        ),
        "heuristic_parameter": (
            "der Heuristik-Bot für {game} hat keinen Parameter {parameter!r}; seine Parameter: "
            "{known}"
        ),
        "heuristic_number": (
            "der Parameter {parameter} des Heuristik-Bots ist eine Zahl ab 0, nicht {value!r}"
        ),
        "heuristic_knowledge": (
            "der Parameter 'knowledge' des Heuristik-Bots muss eine Zahl über 0 und bis {most:g} "
            "sein (1 = Durchschnitt), nicht {value!r}"
        ),
        "search_choice": "ismcts {parameter} muss {one} oder {other} sein, nicht {value!r}",
        "search_number": (
            "ismcts {parameter} muss eine Zahl von {low:g} bis {high:g} sein, nicht {value!r}"
        ),
        "search_sims_or_time": "gib dem ISMCTS-Bot entweder sims= oder time=, nicht beides",
        "search_cut_horizon": (
            "ismcts cut={cut} sagt, wo ein abgebrochenes Ausspielen endet: gib horizon=N an"
        ),
        "search_halving_only": (
            "ismcts {parameter}= formt das K.-o.-Verfahren von root=halving: gib root=halving an"
        ),
        "search_batch_halving": (
            "ismcts batch= bündelt die Simulationen von UCB; root=halving bündelt seine eigenen: "
            "gib eins von beiden an"
        ),
        "search_ucb_unused": (
            "ismcts {parameter}= stellt UCB ein, das root=halving mit tree=root nie nutzt: gib "
            "tree=full oder root=ucb an"
        ),
        "search_facedown_model": (
            "ismcts facedown=model lässt Modelle der Spieler ihre Karten legen: gib "
            "rollout=heuristic oder opponents=heuristic an"
        ),
        "search_no_belief": (
            "für {game} gibt es keine Annahme über die Hände der Spieler; deals=belief gibt es "
            "für: {believers}"
        ),
        "search_no_model": (
            "für {game} gibt es keinen Heuristik-Bot, der die Spieler nachbilden könnte"
        ),
        "server_search_time": "ismcts time ist auf dem Server höchstens {most:g} s",
        "server_search_sims": "ismcts sims ist auf dem Server höchstens {most}",
        "transcript_not_object": "ein Protokoll ist ein JSON-Objekt",
        "transcript_format": "kein Spieltisch-Protokoll (das Feld 'format' muss {format!r} sein)",
        "transcript_version": (
            "Protokollformat-Version {version!r} wird nicht unterstützt; dieser Spieltisch liest "
            "Version {supported}"
        ),
        "transcript_action": (
            'Schritt {step}: jede Aktion ist {{"seat": <int>, "action": {{...}}}}'
        ),
        "transcript_json": "kein gültiges JSON: {reason} in Zeile {line}, Spalte {column}",
        "transcript_unreadable": "{path} kann nicht gelesen werden: {reason}",
        "transcript_field_number": "das Feld {name!r} des Protokolls muss eine ganze Zahl sein",
        "transcript_field_string": "das Feld {name!r} des Protokolls muss ein Text sein",
        "transcript_field_list": "das Feld {name!r} des Protokolls muss eine Liste sein",
        "transcript_field_object": "das Feld {name!r} des Protokolls muss ein Objekt sein",
        "transcript_result": "das Feld 'result' des Protokolls muss ein Objekt oder null sein",
        "transcript_result_lists": (
            "das Feld 'result' des Protokolls braucht die Listen 'scores' und 'ranking'"
        ),
        "transcript_rules_version": (
            "das Protokoll wurde unter Regelversion {recorded} von {game} aufgezeichnet; dieser "
            "Spieltisch spielt Version {plays}"
        ),
        "transcript_over": "Schritt {step}: das Spiel war schon vorbei",
        "transcript_not_acting": (
            "Schritt {step}, Spieler {player} ist nicht am Zug; es wartet auf Spieler {waiting}"
        ),
        "transcript_not_legal": (
            "Schritt {step}, Spieler {player}: {action} ist jetzt nicht erlaubt; erlaubt: {legal}"
        ),
        "transcript_step": "Schritt {step}, Spieler {player}: {error}",
        "transcript_unfinished": (
            "das Protokoll hat ein Ergebnis, aber seine Aktionen beenden das Spiel nicht"
        ),
        "transcript_result_differs": (
            "das aufgezeichnete Ergebnis {recorded} weicht vom nachgespielten Ergebnis "
            "{replayed} ab"
        ),
        "transcript_no_result": "das Protokoll zeichnet kein beendetes Spiel auf",
        "deck_missing": "{where}: diese Kartendatei gibt es nicht",
        "deck_unreadable": "{where}: die Kartendatei kann nicht gelesen werden ({reason})",
        "deck_json": "{where}: kein gültiges JSON (Zeile {line}, Spalte {column}: {reason})",
        "deck_not_object": (
            "{where}: die Datei muss ein JSON-Objekt mit den Feldern format, themes, cards "
            "enthalten"
        ),
        "deck_format": "{where}: das Feld 'format' muss {format!r} sein",
        "deck_format_version": "{where}: das Feld 'format_version' muss {version} sein",
        "deck_name": (
            "{where}: das Feld 'name' muss ein Objekt mit deutschem und englischem Text sein: "
            '{{"de", "en"}}'
        ),
        "deck_themes": (
            "{where}: das Feld 'themes' muss eine nicht leere Liste von Themen-Objekten sein"
        ),
        "deck_theme_fields": (
            "{where}: Thema {theme} muss ein Objekt mit genau den Feldern id, colour, de, en sein"
        ),
        "deck_theme_text": "{where}: Thema {theme}: jedes Feld muss ein nicht leerer Text sein",
        "deck_theme_id": (
            "{where}: Thema {theme}: das Feld 'id' muss aus Kleinbuchstaben, Ziffern und "
            "Bindestrichen bestehen"
        ),
        "deck_theme_twice": "{where}: Thema {theme}: die id {id!r} kommt zweimal vor",
        "deck_cards": (
            "{where}: das Feld 'cards' muss eine nicht leere Liste von Karten-Objekten sein"
        ),
        "deck_card_object": (
            "{where}: Karte {card}{named}: muss ein Objekt mit den Feldern {fields} sein"
        ),
        "deck_card_missing": "{where}: Karte {card}{named}: das Feld {key!r} fehlt",
        "deck_card_extra": (
            "{where}: Karte {card}{named}: das Feld {key!r} ist nicht erlaubt; die Felder sind "
            "{fields}"
        ),
        "deck_card_id": (
            "{where}: Karte {card}{named}: das Feld 'id' muss aus kleinen ASCII-Buchstaben und "
            "Ziffern bestehen, Wörter durch einzelne Bindestriche verbunden (wie "
            "'everest-height')"
        ),
        "deck_card_twice": (
            "{where}: Karte {card}{named}: die id kommt zweimal vor (auch Karte {other})"
        ),
        "deck_card_number": (
            "{where}: Karte {card}{named}: das Feld 'number' muss die Zahl wie gedruckt sein: "
            "ein Text aus 1–{most} Zeichen mit Ziffern und ohne Buchstaben (wie '8848' oder '299 "
            "792')"
        ),
        "deck_card_theme": (
            "{where}: Karte {card}{named}: das Feld 'theme' muss eines der Themen des Decks "
            "sein: {themes}"
        ),
        "deck_card_text": (
            "{where}: Karte {card}{named}: das Feld {key!r} muss ein Objekt mit deutschem und "
            "englischem Text sein: {{de, en}}"
        ),
        "deck_card_source": (
            "{where}: Karte {card}{named}: das Feld 'source' muss eine öffentliche Quelle "
            "nennen, wie 'Wikipedia: Mount Everest'"
        ),
        "deck_card_points": (
            "{where}: Karte {card}{named}: das Feld 'points' muss vier ganze Zahlen {low}–{high} "
            "sein, fallend von keinem Hinweis bis zu beiden Hinweisen: [kein Hinweis, "
            "Themenhinweis, Einheitenhinweis, beide Hinweise], die erste größer als die beiden "
            "mittleren, die mindestens so groß wie die letzte sind (wie [6, 4, 4, 2])"
        ),
        "deck_card_answers": (
            "{where}: Karte {card}{named}: das Feld 'answers' muss ein Objekt mit deutscher und "
            "englischer Liste sein: {{de, en}}"
        ),
        "deck_card_answer_list": (
            "{where}: Karte {card}{named}: das Feld 'answers' muss {low}–{high} akzeptierte "
            "Antworten auf {lang!r} nennen, jede ein Text mit mindestens einem Wort, das kein "
            "Artikel ist"
        ),
        "deck_rounds": (
            "die Kartendatei hat {cards} Karten, aber {rounds} Runden brauchen mindestens "
            "{needed} (vier je Runde)"
        ),
        "deck_order": "{deck}, oberste Karte zuerst; erhalten: {entries} Einträge",
        "serve_db": "die Datenbank {url!r} lässt sich nicht öffnen: {reason}",
        "serve_limits_store": (
            "--limits-store {url!r} ist nicht erreichbar: {reason} (erwartet: "
            "redis://[:passwort@]host[:port]/db)"
        ),
        "serve_port": "--port muss von 1 bis 65535 gehen, nicht {port}",
        "serve_away": "--away-after ist eine Zahl von Sekunden über 0, nicht {seconds:g}",
        "serve_move_seconds": (
            "--bot-move-seconds ist eine Zahl von Sekunden über 0 bis 3600, nicht {seconds:g}"
        ),
        "serve_all_bot_tables": (
            "--all-bot-tables ist on, off oder eine ganze Zahl ab 0, nicht {given!r}"
        ),
        "serve_lab_jobs": "{flag} ist eine ganze Zahl ab 1, nicht {value}",
        "serve_public_url": (
            "--public-url ist http(s)://host[:port] ohne Pfad, Anfrage oder Benutzer, nicht {url!r}"
        ),
        "serve_limit": (
            "{flag} ist eine Zahl über 0 (Sekunden, Rate) oder ab 0 (Anzahl, 0: keine Grenze), "
            "nicht {value}"
        ),
        "serve_proxies": (
            "--trusted-proxies sind Adressen oder Netze mit Kommas dazwischen "
            "(127.0.0.1,10.0.0.0/8), nicht {proxies!r}"
        ),
        "serve_proxy_header": (
            "--trusted-proxy-header ist der Name eines Headers (X-Forwarded-For), nicht {header!r}"
        ),
        "serve_proxies_missing": (
            "--trusted-proxy-header {header} braucht --trusted-proxies: die Proxys, deren "
            "Header geglaubt wird"
        ),
        "serve_archive": "--archive-after ist eine Zahl von Sekunden über 0, nicht {seconds:g}",
        "serve_lease": "--bot-lease ist eine Zahl von Sekunden über 0, nicht {seconds:g}",
        "sim_games": "--games muss mindestens 1 sein, nicht {games}",
        "sim_workers": "--workers muss mindestens 1 sein, nicht {workers}",
        "sim_skill": "--skill muss mindestens 1 sein, nicht {games}",
        "tune_param_syntax": (
            "--param nimmt SCHLÜSSEL=VON..BIS (ganze Zahlen) oder SCHLÜSSEL=W1,W2,... "
            "(mindestens zwei verschiedene Werte; ; statt , wenn ein Wert Kommas enthält), "
            "nicht {text!r}"
        ),
        "tune_param_order": "--param {key}: {low}..{high} ist leer; VON muss kleiner als BIS sein",
        "tune_param_twice": "--param {key}: die Option ist schon gesetzt (zweimal --param oder "
        "auch --option)",
        "tune_param_not_number": (
            "--param {key}=VON..BIS geht nur bei ganzzahligen Optionen; {key} nimmt {allowed}"
        ),
        "tune_param_range": (
            "--param {key}={low}..{high} geht über die Grenzen der Option hinaus: "
            "{minimum} bis {maximum}"
        ),
        "tune_no_param": "tune braucht mindestens ein --param",
        "tune_objective": "unbekanntes Ziel {objective!r}; die Ziele sind: {known} "
        "(eine Kennzahl auch als KENNZAHL=ZIELWERT)",
        "tune_objective_target": "--objective {objective}: der Zielwert muss eine Zahl sein",
        "tune_count": "--{name} muss mindestens {least} sein, nicht {count}",
        "sim_games_count": "die Zahl der Spiele muss mindestens 1 sein, nicht {games}",
        "sim_workers_count": "die Zahl der Prozesse muss mindestens 1 sein, nicht {workers}",
        "sim_compare_syntax": (
            "--compare nimmt SCHLÜSSEL=W1,W2,... (eine Option und zwei oder mehr Werte), nicht "
            "{text!r}"
        ),
        "sim_compare_twice": (
            "--compare {key} und --option {key}=... nennen dieselbe Option; lass eins weg"
        ),
        "sim_compare_values": "--compare braucht mindestens zwei Werte für {key}, nicht {count}",
        "sim_compare_same": "--compare {key}: die Werte nennen zweimal dieselbe Regel",
        "sim_transcripts_file": "--transcripts {path}: das ist eine Datei, kein Ordner",
        "tournament_bot_count": "ein Turnier nennt einen Bot je Platz ({players}), nicht {given}",
        "tournament_games": (
            "--games muss ein positives Vielfaches von {players} sein ({players}, {twice}, …), "
            "damit jeder Bot gleich oft auf jedem Platz sitzt; nicht {games}"
        ),
        "ray_missing": (
            "--ray braucht Ray, eine optionale Erweiterung: pip install 'spieltisch[ray]'"
        ),
        "ray_address": "--ray nimmt HOST:PORT, ray://HOST:PORT oder auto, nicht {address!r}",
    },
    "en": {
        "unknown_game": "unknown game {game!r}; the games are: {games}",
        "seat_count": "{game} is for {low} to {high} players, got {players}",
        "unknown_option": "{game} has no option {name!r}; its options are: {known}",
        "option_bool": "option {name!r} of {game} must be true or false, got {value!r}",
        "option_number": (
            "option {name!r} of {game} must be a whole number from {minimum} to {maximum}, got "
            "{value!r}"
        ),
        "option_choice": "option {name!r} of {game} must be one of {choices}, got {value!r}",
        "option_pattern": "option {name!r} of {game} must be {allowed}, got {value!r}",
        "option_deck_small": (
            "with these options the {game} deck has {cards} cards; {players} players with "
            "{hand} hand cards each and {hand} mission cards need at least {needed} (more "
            "colours, higher numbers or a smaller hand)"
        ),
        "option_syntax": "--option takes KEY=VALUE, got {pair!r}",
        "usage_required": "the following arguments are required: {names} (see '{prog} --help')",
        "usage_unrecognized": "unrecognized arguments: {names} (see '{prog} --help')",
        "usage_int": "argument {name}: invalid int value: {value} (see '{prog} --help')",
        "usage_choice": (
            "argument {name}: invalid choice: {value} (choose from {choices}) (see '{prog} --help')"
        ),
        "usage_one_value": "argument {name}: expected one argument (see '{prog} --help')",
        "bot_unknown": "unknown bot {name!r}; the bots are: {bots}",
        "bot_level_unknown": (
            "unknown bot level {name!r}; allowed are {levels} or a bot spec ({bots}, see "
            "docs/bots.md)"
        ),
        "bot_parameter": "bot {name!r} has no parameter {parameter!r}; its parameters: {known}",
        "bot_count": "give one bot for all seats or one per seat ({seats}), got {given}",
        "heuristic_missing": "there is no heuristic bot for {game} yet (it has: {have})",
        "heuristic_parameter": (
            "the heuristic bot for {game} has no parameter {parameter!r}; its parameters: {known}"
        ),
        "heuristic_number": (
            "the heuristic bot's parameter {parameter} is a number from 0 up, got {value!r}"
        ),
        "heuristic_knowledge": (
            "parameter 'knowledge' of the heuristic bot must be a number above 0 and up to "
            "{most:g} (1 = average), got {value!r}"
        ),
        "search_choice": "ismcts {parameter} must be {one} or {other}, got {value!r}",
        "search_number": (
            "ismcts {parameter} must be a number from {low:g} to {high:g}, got {value!r}"
        ),
        "search_sims_or_time": "give the ISMCTS bot either sims= or time=, not both",
        "search_cut_horizon": "ismcts cut={cut} says where a cut-off playout stops: give horizon=N",
        "search_halving_only": (
            "ismcts {parameter}= shapes the knockout of root=halving: give root=halving"
        ),
        "search_batch_halving": (
            "ismcts batch= pairs the simulations of UCB; root=halving pairs its own: give one of "
            "them"
        ),
        "search_ucb_unused": (
            "ismcts {parameter}= tunes UCB, which root=halving with tree=root never uses: give "
            "tree=full or root=ucb"
        ),
        "search_facedown_model": (
            "ismcts facedown=model lets models of the players lay their cards: give "
            "rollout=heuristic or opponents=heuristic"
        ),
        "search_no_belief": (
            "there is no belief about the players' hands for {game}; deals=belief is for: "
            "{believers}"
        ),
        "search_no_model": "there is no heuristic bot for {game} to model players with",
        "server_search_time": "ismcts time is at most {most:g} s on the server",
        "server_search_sims": "ismcts sims is at most {most} on the server",
        "transcript_not_object": "a transcript is a JSON object",
        "transcript_format": "not a Spieltisch transcript (field 'format' must be {format!r})",
        "transcript_version": (
            "transcript format version {version!r} is not supported; this Spieltisch reads "
            "version {supported}"
        ),
        "transcript_action": 'step {step}: each action is {{"seat": <int>, "action": {{...}}}}',
        "transcript_json": "not valid JSON: {reason} at line {line}, column {column}",
        "transcript_unreadable": "cannot read {path}: {reason}",
        "transcript_field_number": "transcript field {name!r} must be a whole number",
        "transcript_field_string": "transcript field {name!r} must be a string",
        "transcript_field_list": "transcript field {name!r} must be a list",
        "transcript_field_object": "transcript field {name!r} must be a object",
        "transcript_result": "transcript field 'result' must be an object or null",
        "transcript_result_lists": (
            "transcript field 'result' needs the lists 'scores' and 'ranking'"
        ),
        "transcript_rules_version": (
            "the transcript was recorded under rules version {recorded} of {game}; this "
            "Spieltisch plays version {plays}"
        ),
        "transcript_over": "step {step}: the game was already over",
        "transcript_not_acting": (
            "step {step}, player {player} does not act now; waiting for player {waiting}"
        ),
        "transcript_not_legal": (
            "step {step}, player {player}: {action} is not legal now; legal: {legal}"
        ),
        "transcript_step": "step {step}, player {player}: {error}",
        "transcript_unfinished": (
            "the transcript has a result but its actions do not finish the game"
        ),
        "transcript_result_differs": (
            "the recorded result {recorded} differs from the replayed result {replayed}"
        ),
        "transcript_no_result": "the transcript does not record a finished game",
        "deck_missing": "{where}: there is no such deck file",
        "deck_unreadable": "{where}: the deck file cannot be read ({reason})",
        "deck_json": "{where}: not valid JSON (line {line}, column {column}: {reason})",
        "deck_not_object": (
            "{where}: the file must hold one JSON object with the fields format, themes, cards"
        ),
        "deck_format": "{where}: field 'format' must be {format!r}",
        "deck_format_version": "{where}: field 'format_version' must be {version}",
        "deck_name": (
            '{where}: field \'name\' must be an object with German and English text: {{"de", "en"}}'
        ),
        "deck_themes": "{where}: field 'themes' must be a non-empty list of theme objects",
        "deck_theme_fields": (
            "{where}: theme {theme} must be an object with exactly the fields id, colour, de, en"
        ),
        "deck_theme_text": "{where}: theme {theme}: every field must be a non-empty text",
        "deck_theme_id": (
            "{where}: theme {theme}: field 'id' must be lowercase letters, digits and hyphens"
        ),
        "deck_theme_twice": "{where}: theme {theme}: id {id!r} is used twice",
        "deck_cards": "{where}: field 'cards' must be a non-empty list of card objects",
        "deck_card_object": (
            "{where}: card {card}{named}: must be an object with the fields {fields}"
        ),
        "deck_card_missing": "{where}: card {card}{named}: field {key!r} is missing",
        "deck_card_extra": (
            "{where}: card {card}{named}: field {key!r} is not allowed; the fields are {fields}"
        ),
        "deck_card_id": (
            "{where}: card {card}{named}: field 'id' must be lowercase ASCII letters and digits, "
            "words joined by single hyphens (like 'everest-height')"
        ),
        "deck_card_twice": "{where}: card {card}{named}: id is used twice (also card {other})",
        "deck_card_number": (
            "{where}: card {card}{named}: field 'number' must be the number as printed: a text "
            "of 1–{most} characters with digits and no letters (like '8848' or '299 792')"
        ),
        "deck_card_theme": (
            "{where}: card {card}{named}: field 'theme' must be one of the deck's themes: {themes}"
        ),
        "deck_card_text": (
            "{where}: card {card}{named}: field {key!r} must be an object with German and "
            "English text: {{de, en}}"
        ),
        "deck_card_source": (
            "{where}: card {card}{named}: field 'source' must name a public reference, like "
            "'Wikipedia: Mount Everest'"
        ),
        "deck_card_points": (
            "{where}: card {card}{named}: field 'points' must be four whole numbers {low}–{high} "
            "falling from no hint to both hints: [no hint, theme hint, unit hint, both hints], "
            "the first larger than the two middle ones, which are at least the last (like [6, 4, "
            "4, 2])"
        ),
        "deck_card_answers": (
            "{where}: card {card}{named}: field 'answers' must be an object with German and "
            "English lists: {{de, en}}"
        ),
        "deck_card_answer_list": (
            "{where}: card {card}{named}: field 'answers' must list {low}–{high} accepted "
            "{lang!r} answers, each a text with at least one word that is not an article"
        ),
        "deck_rounds": (
            "the deck has {cards} cards, but {rounds} rounds need at least {needed} (four per "
            "round)"
        ),
        "deck_order": "{deck}, top card first; got {entries} entries",
        "serve_db": "cannot open the database {url!r}: {reason}",
        "serve_limits_store": (
            "cannot reach the --limits-store {url!r}: {reason} (expected: "
            "redis://[:password@]host[:port]/db)"
        ),
        "serve_port": "--port must be from 1 to 65535, got {port}",
        "serve_away": "--away-after is a number of seconds above 0, got {seconds:g}",
        "serve_move_seconds": (
            "--bot-move-seconds is a number of seconds above 0, at most 3600, got {seconds:g}"
        ),
        "serve_all_bot_tables": (
            "--all-bot-tables is on, off or a whole number from 0, got {given!r}"
        ),
        "serve_lab_jobs": "{flag} must be a whole number of at least 1, got {value}",
        "serve_public_url": (
            "--public-url is http(s)://host[:port] with no path, query or user, got {url!r}"
        ),
        "serve_limit": (
            "{flag} is a number above 0 (seconds, a rate) or from 0 (a count, 0: no limit), "
            "got {value}"
        ),
        "serve_proxies": (
            "--trusted-proxies are addresses or networks separated by commas "
            "(127.0.0.1,10.0.0.0/8), got {proxies!r}"
        ),
        "serve_proxy_header": (
            "--trusted-proxy-header is a header's name (X-Forwarded-For), got {header!r}"
        ),
        "serve_proxies_missing": (
            "--trusted-proxy-header {header} needs --trusted-proxies: the proxies whose header "
            "is believed"
        ),
        "serve_archive": "--archive-after is a number of seconds above 0, got {seconds:g}",
        "serve_lease": "--bot-lease is a number of seconds above 0, got {seconds:g}",
        "sim_games": "--games must be at least 1, got {games}",
        "sim_workers": "--workers must be at least 1, got {workers}",
        "sim_skill": "--skill must be at least 1, got {games}",
        "tune_param_syntax": (
            "--param takes KEY=LOW..HIGH (whole numbers) or KEY=V1,V2,... (at least two "
            "different values; ; instead of , when a value holds commas), got {text!r}"
        ),
        "tune_param_order": "--param {key}: {low}..{high} is empty; LOW must be below HIGH",
        "tune_param_twice": "--param {key}: that option is already set (--param twice, or "
        "--option too)",
        "tune_param_not_number": (
            "--param {key}=LOW..HIGH is only for whole-number options; {key} takes {allowed}"
        ),
        "tune_param_range": (
            "--param {key}={low}..{high} goes beyond the option's bounds: {minimum} to {maximum}"
        ),
        "tune_no_param": "tune needs at least one --param",
        "tune_objective": "unknown objective {objective!r}; the objectives are: {known} "
        "(a metric also as METRIC=TARGET)",
        "tune_objective_target": "--objective {objective}: the target must be a number",
        "tune_count": "--{name} must be at least {least}, got {count}",
        "sim_games_count": "the number of games must be at least 1, got {games}",
        "sim_workers_count": "the number of workers must be at least 1, got {workers}",
        "sim_compare_syntax": (
            "--compare takes KEY=V1,V2,... (an option and two or more values), got {text!r}"
        ),
        "sim_compare_twice": (
            "--compare {key} and --option {key}=... name the same option; drop one of them"
        ),
        "sim_compare_values": "--compare needs at least two values for {key}, got {count}",
        "sim_compare_same": "--compare {key}: the values name the same rule twice",
        "sim_transcripts_file": "--transcripts {path}: that is a file, not a folder",
        "tournament_bot_count": "a tournament names one bot per seat ({players}), got {given}",
        "tournament_games": (
            "--games must be a positive multiple of {players} ({players}, {twice}, …), so that "
            "every bot sits in every seat equally; got {games}"
        ),
        "ray_missing": "--ray needs Ray, which is an optional extra: pip install 'spieltisch[ray]'",
        "ray_address": "--ray takes HOST:PORT, ray://HOST:PORT or auto, got {address!r}",
    },
}


def error_template(lang: str, code: str) -> str | None:
    """The template of error ``code`` in ``lang``; None where the catalog lacks either."""
    return ERROR_WORDS.get(lang, {}).get(code)
