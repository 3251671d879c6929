"""The words of ``spieltisch --help``, in German and English: what each command and option
does, its default, and examples. argparse's own words ("usage", "options") stay English.

``{games}`` stands for the registered game ids, ``{db}`` for the server's default database.
"""

from __future__ import annotations

HELP: dict[str, dict[str, str]] = {
    "en": {
        "description": "A digital table for German number card games: play them in the "
        "terminal or the browser, simulate many games between bots, replay saved games.",
        "version": "print the version and stop",
        "epilog": "games: {games}\n'spieltisch COMMAND --help' shows a command's options, "
        "their defaults and examples.",
        "game": "the game: {games}",
        "game.play": "the game: {games} (not with --resume)",
        "lang": "language of the texts: de or en (default: from the environment, LANG)",
        "lang.errors": "language of what is printed, the summary and the error messages: de or "
        "en (default: from the environment, LANG; the HTML report is English)",
        "play.players": "number of players (default: 4, or the nearest count the game allows)",
        "play.seed": "seed of the shuffles and the bots: the same seed gives the same game "
        "(default: a random one, printed at the start)",
        "players.required": "number of players (required)",
        "games.count": "number of games to play (required)",
        "seed": "seed of the shuffles and the bots: the same seed gives the same games "
        "(default: {default})",
        "option": "a rule option, repeatable (default: the rules as printed; "
        "'spieltisch rules GAME' describes them)",
        "deck": "your own card deck, a JSON file (Magic Numbers; the same as --option "
        "deck=FILE; default: the game's own deck)",
        "bots": "one bot for every other seat, or one per seat, comma-separated: a strength "
        "level (easy, medium, hard) or a bot spec (default: {default}; see docs/bots.md)",
        "workers": "processes to play in (default: every core; 1: this one); "
        "the results are the same",
        "json": "print one JSON object instead of tables",
        # commands
        "cmd.games": "list the games and their player counts",
        "cmd.rules": "print a game's rules",
        "cmd.play": "play a game in the terminal against bots",
        "cmd.simulate": "play many games between bots and summarise them",
        "cmd.report": "simulate and write an HTML report with plots",
        "cmd.tournament": "bots against each other, seats rotated, rated",
        "cmd.replay": "step through a saved game, or verify it",
        "cmd.serve": "run the table server (browser table, HTTP and WebSocket API)",
        # play
        "play.seat": "your seat, from 1 to the number of players (default: 1)",
        "play.save": "where to save the game (default: spieltisch-transcripts/GAME-SEED.json)",
        "play.resume": "continue a saved game; it names the game, players, seed and options "
        "(default: a new game)",
        # simulate, report
        "sim.bots": "one bot spec for all seats, or one per seat, comma-separated "
        "(default: random; see docs/bots.md)",
        "sim.compare": "play the same seeds under each value of one rule option and compare "
        "them (default: no comparison)",
        "sim.ray": "play as Ray tasks: on the cluster at ADDRESS, or without one on a local "
        "Ray instance (default: no Ray)",
        "sim.transcripts": "save every game as a replayable transcript in DIR (default: none)",
        "report.out": "the folder to write index.html and its plots to (required)",
        "sim.skill": "also measure how much skill matters: the heuristic's and the strongest "
        "bot's win share among random bots, about N more games each (default: not measured)",
        "sim.skill_bot": "the strongest bot for --skill (default: the game's hard level, a "
        "search of about a second a move; in Cento the heuristic)",
        "cmd.tune": "search rule options for a goal (seat balance, a game length) with Optuna",
        "tune.param": "a rule option to search, repeatable: KEY=LOW..HIGH for a whole number, "
        "KEY=V1,V2,... for a list of at least two values; values holding commas separated "
        "by ;: chip_costs=3,2,1,0;5,3,1,0 (required)",
        "tune.objective": "what to minimise: seat-balance (the largest gap between a seat's "
        "win share and the fair share), length=TARGET (distance of the mean length in rounds "
        "or turns from TARGET), minutes=TARGET, comebacks=TARGET, ties (share of shared first "
        "places) or margin (mean margin of victory) (required)",
        "tune.trials": "number of different option sets to try (required)",
        "tune.games": "games per trial, the same seeds in every trial (required)",
        "tune.recheck": "how many of the best trials to play again with more games before "
        "naming the winner (default: {default})",
        "tune.recheck_games": "games for each re-check (default: 2 × --games)",
        "tune.out": "write an HTML page (history, importances, the best variant's report) "
        "to DIR (default: none)",
        "ex.tune": "spieltisch tune dicht-dran --players 4 --param passes=1..4 "
        "--objective seat-balance --trials 20 --games 500 --bots heuristic\n"
        "spieltisch tune cento --players 3 --param hundred_mode=wild,number "
        "--objective length=40 --trials 4 --games 300 --json\n"
        "spieltisch tune triggs --players 3 --param hand_limit=8..12 --objective seat-balance "
        "--trials 10 --games 400 --out triggs-tune/",
        # tournament
        "tour.bots": "one bot per seat, comma-separated: a level (easy, medium, hard) or a bot "
        "spec (required)",
        "tour.games": "number of games, a multiple of --players (required)",
        "tour.transcripts": "save every game, replayable, in DIR (default: none)",
        # replay
        "replay.file": "a saved game (a transcript: from play, simulate --transcripts, "
        "or the server)",
        "replay.all": "print every step at once instead of stepping with the keys",
        "replay.seat": 'tell the game as seat N saw it ("you" is seat N); default: '
        "as a spectator sees it",
        "replay.verify": "only check that every action was legal and the result matches",
        # serve
        "serve.host": "address to listen on (default: {default}; 0.0.0.0 for every network)",
        "serve.port": "port to listen on (default: {default})",
        "serve.db": "SQLite file (default: {db}) or postgresql://user@host:port/database",
        "serve.lang": "language of the start message (default: from the environment, LANG)",
        "serve.away_after": (
            "seconds the seat to act may have no connection before a bot plays for it until "
            "its person is back (default: {default})"
        ),
        "serve.bot_move_seconds": (
            "the longest a bot may think about one move, whatever its spec (ismcts:sims=N "
            "stops early too; default: {default})"
        ),
        "serve.all_bot_tables": (
            "tables without a person: on (any number), off (refused) or how many may play "
            "at once (default: {default})"
        ),
        "serve.lab_jobs": "lab jobs (simulations, comparisons, rule searches) that run at "
        "once on the server, each in a process of its own (default: {default})",
        "serve.lab_per_client": "lab jobs that run at once for one client address "
        "(default: {default})",
        "serve.lab_ray": "play the lab's jobs as Ray tasks: on the cluster at ADDRESS, or "
        "without one on a local Ray instance (default: in processes of the server's machine)",
        "serve.public_url": (
            "the address people reach this server at, https://host[:port], for invite links "
            "and QR codes (default: the address a request came in on; never its Host header)"
        ),
        "serve.header_timeout": (
            "seconds a client has to send a request's headers (default: {default})"
        ),
        "serve.body_timeout": "seconds a request body may take to arrive (default: {default})",
        "serve.keep_alive_timeout": (
            "seconds an idle connection stays open after an answer (default: {default})"
        ),
        "serve.tables_per_minute": (
            "tables one client (address) may open a minute; 0: no limit (default: {default})"
        ),
        "serve.sockets_per_client": (
            "WebSockets one client may hold open; 0: no limit (default: {default})"
        ),
        "serve.spectators_per_table": (
            "spectator WebSockets one table may have; 0: no limit (default: {default})"
        ),
        "serve.sockets_per_seat": (
            "WebSockets one seat's token may hold open; 0: no limit (default: {default})"
        ),
        "serve.socket_rate": "messages a second read from one WebSocket (default: {default})",
        "serve.socket_burst": "messages read at once after a quiet time (default: {default})",
        "serve.client_rate": (
            "messages a second read from all of one client's WebSockets together "
            "(default: {default})"
        ),
        "serve.client_burst": (
            "messages read at once from one client's WebSockets after a quiet time "
            "(default: {default})"
        ),
        "serve.refusal_rate": (
            "refused messages a second read from one client's WebSockets together; after "
            "them the client's messages wait (default: {default})"
        ),
        "serve.refusal_burst": (
            "refused messages read from one client at once after a quiet time (default: {default})"
        ),
        "serve.connect_rate": (
            "new WebSockets a second one client may open; beyond them each handshake waits "
            "its turn, up to 10 s, then 429 (default: {default})"
        ),
        "serve.connect_burst": (
            "new WebSockets one client may open at once after a quiet time (default: {default})"
        ),
        "serve.send_timeout": (
            "seconds a send may wait for a client that does not read before it is closed "
            "(default: {default})"
        ),
        "serve.proxy_header": (
            "the header a trusted proxy names the client's address in (X-Forwarded-For, "
            "X-Real-IP …); believed only from --trusted-proxies (default: none, the "
            "client is the connection's address)"
        ),
        "serve.trusted_proxies": (
            "addresses or networks of your proxies, e.g. 127.0.0.1,10.0.0.0/8 (default: none)"
        ),
        "serve.limits_store": (
            "a Redis URL (redis://[:password@]host:6379/0) where every process of the server "
            "counts the per-client limits together (default: none, each process counts for "
            "itself)"
        ),
        "serve.limits_prefix": (
            "the prefix of this server's keys in the --limits-store (default: {default})"
        ),
        "serve.limits_ttl": (
            "seconds after which the open sockets of a process that died stop counting in "
            "the --limits-store (default: {default})"
        ),
        "serve.archive_after": (
            "seconds an unfinished table nobody uses stays in memory; it stays stored and is "
            "loaded again when asked for (default: {default})"
        ),
        "serve.bot_lease": (
            "seconds after which another process sharing the PostgreSQL database plays on the "
            "bots of a process that died (default: {default})"
        ),
        "examples": "examples",
        "ex.games": "spieltisch games",
        "ex.rules": "spieltisch rules dicht-dran\nspieltisch rules cento --lang de\n"
        "spieltisch rules triggs --lang en | less",
        "ex.play": "spieltisch play dicht-dran\n"
        "spieltisch play cento --players 3 --bots heuristic --seed 7\n"
        "spieltisch play --resume spieltisch-transcripts/cento-7.json",
        "ex.simulate": "spieltisch simulate triggs --players 3 --games 2000 --bots heuristic\n"
        "spieltisch simulate cento --players 4 --games 5000 --compare hundred_mode=wild,number\n"
        "spieltisch simulate dicht-dran --players 4 --games 1000 --json",
        "ex.report": "spieltisch report triggs --players 3 --games 2000 --out triggs-3p/\n"
        "spieltisch report cento --players 4 --games 5000 "
        "--compare hundred_mode=wild,number --out cento-100/",
        "ex.tournament": "spieltisch tournament cento --players 3 --games 300 "
        "--bots random,heuristic,ismcts:time=0.1\n"
        "spieltisch tournament triggs --players 2 --games 100 --bots random,heuristic --json",
        "ex.replay": "spieltisch replay spieltisch-transcripts/cento-7.json\n"
        "spieltisch replay game.json --seat 2 --lang de\n"
        "spieltisch replay game.json --all > game.txt\n"
        "keys: Enter, space or → next step; ← back; q stop",
        "ex.serve": "spieltisch serve\n"
        "spieltisch serve --host 0.0.0.0 --port 8080\n"
        "spieltisch serve --db postgresql://spieltisch@localhost:5432/spieltisch",
    },
    "de": {
        "description": "Ein digitaler Spieltisch für deutsche Zahlenkartenspiele: im "
        "Terminal oder im Browser spielen, viele Partien zwischen Bots simulieren, "
        "gespeicherte Partien nachspielen.",
        "version": "die Version ausgeben und enden",
        "epilog": "Spiele: {games}\n'spieltisch BEFEHL --help' zeigt die Optionen eines "
        "Befehls, ihre Vorgaben und Beispiele.",
        "game": "das Spiel: {games}",
        "game.play": "das Spiel: {games} (nicht mit --resume)",
        "lang": "Sprache der Texte: de oder en (Vorgabe: aus der Umgebung, LANG)",
        "lang.errors": "Sprache der Ausgabe, der Zusammenfassung und der Fehlermeldungen: de "
        "oder en (Vorgabe: aus der Umgebung, LANG; der HTML-Bericht ist englisch)",
        "play.players": "Anzahl der Spieler (Vorgabe: 4, oder die nächste Zahl, die das "
        "Spiel erlaubt)",
        "play.seed": "Startwert für das Mischen und die Bots: derselbe Startwert gibt dieselbe "
        "Partie (Vorgabe: ein zufälliger, der zu Beginn genannt wird)",
        "players.required": "Anzahl der Spieler (nötig)",
        "games.count": "Anzahl der Partien (nötig)",
        "seed": "Startwert für das Mischen und die Bots: derselbe Startwert gibt dieselben "
        "Partien (Vorgabe: {default})",
        "option": "eine Regeloption, wiederholbar (Vorgabe: die Regeln wie gedruckt; "
        "'spieltisch rules SPIEL' beschreibt sie)",
        "deck": "ein eigenes Kartendeck als JSON-Datei (Magic Numbers; dasselbe wie "
        "--option deck=FILE; Vorgabe: das Deck des Spiels)",
        "bots": "ein Bot für alle anderen Plätze oder einer je Platz, mit Kommas getrennt: "
        "eine Spielstärke (leicht, mittel, stark) oder eine Bot-Angabe (Vorgabe: {default}; "
        "siehe docs/bots.md)",
        "workers": "Prozesse, in denen gespielt wird (Vorgabe: jeder Kern; 1: dieser); "
        "das Ergebnis ist dasselbe",
        "json": "ein JSON-Objekt statt Tabellen ausgeben",
        "cmd.games": "die Spiele und ihre Spielerzahlen auflisten",
        "cmd.rules": "die Regeln eines Spiels zeigen",
        "cmd.play": "im Terminal gegen Bots spielen",
        "cmd.simulate": "viele Partien zwischen Bots spielen und zusammenfassen",
        "cmd.report": "simulieren und einen HTML-Bericht mit Diagrammen schreiben",
        "cmd.tournament": "Bots gegeneinander, Plätze reihum getauscht, bewertet",
        "cmd.replay": "eine gespeicherte Partie Schritt für Schritt zeigen oder prüfen",
        "cmd.serve": "den Tisch-Server starten (Browser-Tisch, HTTP- und WebSocket-API)",
        "play.seat": "dein Platz, von 1 bis zur Spielerzahl (Vorgabe: 1)",
        "play.save": "wohin die Partie gespeichert wird "
        "(Vorgabe: spieltisch-transcripts/SPIEL-STARTWERT.json)",
        "play.resume": "eine gespeicherte Partie fortsetzen; sie nennt Spiel, Spieler, "
        "Startwert und Optionen (Vorgabe: eine neue Partie)",
        "sim.bots": "eine Bot-Angabe für alle Plätze oder eine je Platz, mit Kommas getrennt "
        "(Vorgabe: random; siehe docs/bots.md)",
        "sim.compare": "dieselben Startwerte unter jedem Wert einer Regeloption spielen und "
        "vergleichen (Vorgabe: kein Vergleich)",
        "sim.ray": "als Ray-Aufgaben spielen: im Cluster unter ADDRESS, ohne Adresse auf "
        "einer lokalen Ray-Instanz (Vorgabe: ohne Ray)",
        "sim.transcripts": "jede Partie nachspielbar in DIR speichern (Vorgabe: keine)",
        "report.out": "der Ordner für index.html und die Diagramme (nötig)",
        "sim.skill": "auch messen, wie viel Können zählt: die Siegquote der Heuristik und des "
        "stärksten Bots unter Zufallsbots, je etwa N Partien mehr (Vorgabe: nicht gemessen)",
        "sim.skill_bot": "der stärkste Bot für --skill (Vorgabe: die Stufe stark des Spiels, "
        "eine Suche von etwa einer Sekunde je Zug; in Cento die Heuristik)",
        "cmd.tune": "Regeloptionen nach einem Ziel durchsuchen (Sitzausgleich, eine "
        "Spiellänge) mit Optuna",
        "tune.param": "eine zu durchsuchende Regeloption, wiederholbar: KEY=LOW..HIGH für eine "
        "ganze Zahl, KEY=V1,V2,... für eine Liste von mindestens zwei Werten; Werte mit "
        "Kommas durch ; getrennt: chip_costs=3,2,1,0;5,3,1,0 (nötig)",
        "tune.objective": "was klein werden soll: seat-balance (der größte Abstand einer "
        "Siegquote vom fairen Anteil), length=ZIEL (Abstand der mittleren Länge in Runden "
        "oder Zügen von ZIEL), minutes=ZIEL, comebacks=ZIEL, ties (Anteil geteilter erster "
        "Plätze) oder margin (mittlerer Vorsprung des Siegers) (nötig)",
        "tune.trials": "Anzahl der verschiedenen Optionssätze, die versucht werden (nötig)",
        "tune.games": "Partien je Versuch, in jedem Versuch dieselben Startwerte (nötig)",
        "tune.recheck": "wie viele der besten Versuche mit mehr Partien nachgeprüft werden, "
        "bevor der beste genannt wird (Vorgabe: {default})",
        "tune.recheck_games": "Partien je Nachprüfung (Vorgabe: 2 × --games)",
        "tune.out": "eine HTML-Seite (Verlauf, Wichtigkeit der Optionen, Bericht der besten "
        "Variante) nach DIR schreiben (Vorgabe: keine)",
        "tour.bots": "ein Bot je Platz, mit Kommas getrennt: eine Spielstärke (leicht, mittel, "
        "stark) oder eine Bot-Angabe (nötig)",
        "tour.games": "Anzahl der Partien, ein Vielfaches von --players (nötig)",
        "tour.transcripts": "jede Partie nachspielbar in DIR speichern (Vorgabe: keine)",
        "replay.file": "eine gespeicherte Partie (ein Protokoll: von play, "
        "simulate --transcripts oder dem Server)",
        "replay.all": "alle Schritte auf einmal ausgeben statt mit den Tasten zu blättern",
        "replay.seat": 'die Partie erzählen, wie Platz N sie sah ("du" ist Platz N); '
        "Vorgabe: wie ein Zuschauer sie sieht",
        "replay.verify": "nur prüfen, ob jede Aktion erlaubt war und das Ergebnis stimmt",
        "serve.host": "Adresse, auf der der Server lauscht (Vorgabe: {default}; 0.0.0.0 "
        "für jedes Netz)",
        "serve.port": "Port, auf dem der Server lauscht (Vorgabe: {default})",
        "serve.db": "SQLite-Datei (Vorgabe: {db}) oder postgresql://user@host:port/database",
        "serve.lang": "Sprache der Startmeldung (Vorgabe: aus der Umgebung, LANG)",
        "serve.away_after": (
            "Sekunden, die der Platz am Zug ohne Verbindung sein darf, bevor ein Bot für ihn "
            "spielt, bis sein Mensch zurück ist (Vorgabe: {default})"
        ),
        "serve.bot_move_seconds": (
            "so lange darf ein Bot höchstens über einen Zug nachdenken, was auch seine "
            "Angabe sagt (auch ismcts:sims=N hört früher auf; Vorgabe: {default})"
        ),
        "serve.all_bot_tables": (
            "Tische ohne Menschen: on (beliebig viele), off (abgelehnt) oder wie viele "
            "zugleich spielen dürfen (Vorgabe: {default})"
        ),
        "serve.lab_jobs": "Aufträge des Balance-Labors (Simulationen, Vergleiche, "
        "Regelsuchen), die gleichzeitig laufen, jeder in einem eigenen Prozess "
        "(Vorgabe: {default})",
        "serve.lab_per_client": "Labor-Aufträge, die für eine Client-Adresse gleichzeitig "
        "laufen (Vorgabe: {default})",
        "serve.lab_ray": "die Labor-Aufträge als Ray-Aufgaben spielen: im Cluster unter "
        "ADDRESS, ohne Adresse auf einer lokalen Ray-Instanz (Vorgabe: in Prozessen auf dem "
        "Rechner des Servers)",
        "serve.public_url": (
            "die Adresse, unter der man den Server erreicht, https://host[:port], für "
            "Einladungslinks und QR-Codes (Vorgabe: die Adresse, an der eine Anfrage ankam; "
            "nie ihr Host-Header)"
        ),
        "serve.header_timeout": (
            "Sekunden, die ein Client für die Kopfzeilen einer Anfrage hat (Vorgabe: {default})"
        ),
        "serve.body_timeout": (
            "Sekunden, die der Inhalt einer Anfrage brauchen darf (Vorgabe: {default})"
        ),
        "serve.keep_alive_timeout": (
            "Sekunden, die eine ruhende Verbindung nach einer Antwort offen bleibt "
            "(Vorgabe: {default})"
        ),
        "serve.tables_per_minute": (
            "Tische, die ein Client (eine Adresse) je Minute eröffnen darf; 0: keine Grenze "
            "(Vorgabe: {default})"
        ),
        "serve.sockets_per_client": (
            "WebSockets, die ein Client offen halten darf; 0: keine Grenze (Vorgabe: {default})"
        ),
        "serve.spectators_per_table": (
            "Zuschauer-WebSockets je Tisch; 0: keine Grenze (Vorgabe: {default})"
        ),
        "serve.sockets_per_seat": (
            "WebSockets, die ein Platz offen halten darf; 0: keine Grenze (Vorgabe: {default})"
        ),
        "serve.socket_rate": (
            "Nachrichten je Sekunde, die von einem WebSocket gelesen werden (Vorgabe: {default})"
        ),
        "serve.socket_burst": (
            "Nachrichten, die nach einer ruhigen Zeit auf einmal gelesen werden "
            "(Vorgabe: {default})"
        ),
        "serve.client_rate": (
            "Nachrichten je Sekunde, die von allen WebSockets eines Clients zusammen "
            "gelesen werden (Vorgabe: {default})"
        ),
        "serve.client_burst": (
            "Nachrichten, die von den WebSockets eines Clients nach einer ruhigen Zeit auf "
            "einmal gelesen werden (Vorgabe: {default})"
        ),
        "serve.refusal_rate": (
            "abgelehnte Nachrichten je Sekunde, die von allen WebSockets eines Clients "
            "zusammen gelesen werden; danach warten seine Nachrichten (Vorgabe: {default})"
        ),
        "serve.refusal_burst": (
            "abgelehnte Nachrichten eines Clients, die nach einer ruhigen Zeit auf einmal "
            "gelesen werden (Vorgabe: {default})"
        ),
        "serve.connect_rate": (
            "neue WebSockets je Sekunde, die ein Client öffnen darf; darüber wartet jeder "
            "Handshake, bis er dran ist, höchstens 10 s, dann 429 (Vorgabe: {default})"
        ),
        "serve.connect_burst": (
            "neue WebSockets, die ein Client nach einer ruhigen Zeit auf einmal öffnen darf "
            "(Vorgabe: {default})"
        ),
        "serve.send_timeout": (
            "Sekunden, die ein Senden auf einen Client warten darf, der nicht liest, bevor er "
            "getrennt wird (Vorgabe: {default})"
        ),
        "serve.proxy_header": (
            "der Header, in dem ein vertrauter Proxy die Adresse des Clients nennt "
            "(X-Forwarded-For, X-Real-IP …); geglaubt nur von --trusted-proxies (Vorgabe: "
            "keiner, der Client ist die Adresse der Verbindung)"
        ),
        "serve.trusted_proxies": (
            "Adressen oder Netze deiner Proxys, z. B. 127.0.0.1,10.0.0.0/8 (Vorgabe: keine)"
        ),
        "serve.limits_store": (
            "eine Redis-URL (redis://[:passwort@]host:6379/0), in der alle Prozesse des "
            "Servers die Grenzen je Client gemeinsam zählen (Vorgabe: keine, jeder Prozess "
            "zählt für sich)"
        ),
        "serve.limits_prefix": (
            "der Präfix der Schlüssel dieses Servers im --limits-store (Vorgabe: {default})"
        ),
        "serve.limits_ttl": (
            "Sekunden, nach denen die offenen Sockets eines abgestürzten Prozesses im "
            "--limits-store nicht mehr zählen (Vorgabe: {default})"
        ),
        "serve.archive_after": (
            "Sekunden, die ein laufender Tisch, den niemand nutzt, im Speicher bleibt; er "
            "bleibt gespeichert und wird bei Bedarf neu geladen (Vorgabe: {default})"
        ),
        "serve.bot_lease": (
            "Sekunden, nach denen ein anderer Prozess an derselben PostgreSQL-Datenbank die "
            "Bots eines abgestürzten Prozesses weiterspielt (Vorgabe: {default})"
        ),
        "examples": "Beispiele",
        "ex.replay": "spieltisch replay spieltisch-transcripts/cento-7.json\n"
        "spieltisch replay partie.json --seat 2 --lang de\n"
        "spieltisch replay partie.json --all > partie.txt\n"
        "Tasten: Enter, Leertaste oder → nächster Schritt; ← zurück; q beendet",
    },
}


def help_text(lang: str, key: str, **values: object) -> str:
    """The help phrase ``key`` in ``lang`` (English where German has none), filled in;
    ``%`` is doubled for argparse."""
    text = HELP.get(lang, HELP["en"]).get(key, HELP["en"][key])
    return text.format(**values).replace("%", "%%")
