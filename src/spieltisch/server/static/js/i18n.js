// Words of the pages in German and English. A game's own words come from its catalog
// (GET /api/games/{id}/words), loaded once per page with loadGameWords.
import { getJSON } from "./api.js";

const WORDS = {
  de: {
    title: "Spieltisch",
    language: "Sprache",
    start_heading: "Einen Tisch eröffnen",
    game: "Spiel",
    players: "Anzahl der Plätze",
    options: "Regeloptionen",
    seats: "Plätze",
    seat_n: "Platz {n}",
    person: "Mensch",
    bot: "Bot",
    open_table: "Tisch eröffnen",
    invites: "Einladungen",
    invite_text: "Schicke jedem Mitspieler seinen Link. Wer den Link hat, spielt auf diesem Platz.",
    open_seat: "Platz {n} öffnen",
    copy: "Link von Platz {n} kopieren",
    copied: "Kopiert.",
    spectate: "Zuschauen",
    rules_link: "Regeln",
    player: "Spieler {n}",
    you: "du",
    your_turn: "Du bist am Zug.",
    to_act: "am Zug",
    waiting_for: "Warten auf {who}.",
    your_moves: "Deine Züge",
    no_moves: "Gerade hast du nichts zu tun.",
    moves_in_hand: "Wähle eine Karte aus deiner Hand.",
    table: "Tisch",
    your_hand: "Deine Hand",
    scores: "Punkte",
    log: "Spielverlauf",
    result: "Ergebnis",
    game_over: "Das Spiel ist aus.",
    place: "Platz",
    score: "Punkte",
    winner: "{who} gewinnt!",
    shared_win: "Geteilter Sieg: {who}",
    play_again: "Noch einmal spielen",
    replay: "Wiederholung ansehen",
    transcript: "Transkript herunterladen",
    error: "Fehler",
    loading: "Lädt …",
    connection_lost: "Verbindung unterbrochen – neuer Versuch …",
    not_found: "Diesen Tisch gibt es nicht (oder der Link ist falsch).",
    spectator: "Du schaust zu.",
    card_laid: "Karte gelegt",
    face_down: "verdeckt",
    cards_n: "{n} Karten",
    hand_size: "Handkarten",
    home: "Startseite",
    rules: "Spielregeln",
    rules_of: "Spielregeln: {game}",
    rules_new_tab: "Spielregeln von {game} (öffnet einen neuen Tab)",
    rules_pick: "Für welches Spiel?",
    no_rules: "Diese Spielregeln gibt es nicht.",
    replay_heading: "Wiederholung",
    step: "Schritt {n} von {total}",
    step_label: "Schritt",
    first: "Zum Anfang",
    prev: "Zurück",
    next: "Weiter",
    last: "Zum Ende",
    transcript_file: "Transkript-Datei (JSON) öffnen",
    start_position: "Ausgangslage",
    action_by: "{who}: {action}",
    bot_seat: "Bot ({name})",
    invalid_option: "Ungültiger Wert",
    seed: "Startwert (leer = zufällig)",
    default_value: "Standard: {value}",
    yes: "ja",
    no: "nein",
    your_turn_now: "Du bist dran.",
    waiting_for_names: "Warten auf {who} …",
    thinking_for: "{who} denkt nach …",
    and: "und",
    thinking: "denkt nach",
    away: "weg – ein Bot spielt",
    is_acting: "ist dran",
    offline: "nicht verbunden",
    level_easy: "leicht",
    level_medium: "mittel",
    level_hard: "stark",
    bot_mark: "Bot",
    seat_you: "{name} (du)",
    you_cap: "Du",
    hand_count: "{n} Karten auf der Hand",
    slot_of: "vor {name}",
    seats_label: "Plätze am Tisch",
    felt_label: "Tischmitte",
    skip: "Weiter",
    status_more: "Ganzen Satz zeigen",
    skip_label: "Weiter (überspringt die Pause)",
    speed: "Tempo",
    speed_fast: "schnell",
    speed_normal: "normal",
    speed_slow: "langsam",
    show_log: "Verlauf",
    close: "Schließen",
    score_sheet: "Punkteblatt",
    ranking: "Rangliste",
    again_waiting: "Es gibt schon einen neuen Tisch mit denselben Leuten.",
    again_join: "Zum neuen Tisch",
    takeover: "Ein Bot spielt für dich.",
    take_back: "Platz zurücknehmen",
    settings: "Mehr",
    you_win: "Du gewinnst!",
  },
  en: {
    title: "Spieltisch",
    language: "Language",
    start_heading: "Open a table",
    game: "Game",
    players: "Number of seats",
    options: "Rule options",
    seats: "Seats",
    seat_n: "Seat {n}",
    person: "Person",
    bot: "Bot",
    open_table: "Open the table",
    invites: "Invitations",
    invite_text: "Send each player their own link. Whoever has a link plays at that seat.",
    open_seat: "Open seat {n}",
    copy: "Copy the link of seat {n}",
    copied: "Copied.",
    spectate: "Watch",
    rules_link: "Rules",
    player: "Player {n}",
    you: "you",
    your_turn: "It is your turn.",
    to_act: "to act",
    waiting_for: "Waiting for {who}.",
    your_moves: "Your moves",
    no_moves: "Nothing for you to do right now.",
    moves_in_hand: "Choose a card from your hand.",
    table: "Table",
    your_hand: "Your hand",
    scores: "Scores",
    log: "Game log",
    result: "Result",
    game_over: "The game is over.",
    place: "Place",
    score: "Score",
    winner: "{who} wins!",
    shared_win: "Shared win: {who}",
    play_again: "Play again",
    replay: "Watch the replay",
    transcript: "Download the transcript",
    error: "Error",
    loading: "Loading …",
    connection_lost: "Connection lost – trying again …",
    not_found: "There is no such table (or the link is wrong).",
    spectator: "You are watching.",
    card_laid: "card laid",
    face_down: "face down",
    cards_n: "{n} cards",
    hand_size: "Hand",
    home: "Start page",
    rules: "Rules",
    rules_of: "Rules: {game}",
    rules_new_tab: "Rules of {game} (opens a new tab)",
    rules_pick: "Which game?",
    no_rules: "There are no such rules.",
    replay_heading: "Replay",
    step: "Step {n} of {total}",
    step_label: "Step",
    first: "To the start",
    prev: "Back",
    next: "Forward",
    last: "To the end",
    transcript_file: "Open a transcript file (JSON)",
    start_position: "Starting position",
    action_by: "{who}: {action}",
    bot_seat: "Bot ({name})",
    invalid_option: "Invalid value",
    seed: "Seed (empty = random)",
    default_value: "default: {value}",
    yes: "yes",
    no: "no",
    your_turn_now: "Your turn.",
    waiting_for_names: "Waiting for {who} …",
    thinking_for: "{who} is thinking …",
    and: "and",
    thinking: "thinking",
    away: "away – a bot plays",
    is_acting: "to act",
    offline: "not connected",
    level_easy: "easy",
    level_medium: "medium",
    level_hard: "hard",
    bot_mark: "Bot",
    seat_you: "{name} (you)",
    you_cap: "You",
    hand_count: "{n} cards in hand",
    slot_of: "in front of {name}",
    seats_label: "Seats at the table",
    felt_label: "Middle of the table",
    skip: "Go on",
    status_more: "Show the whole sentence",
    skip_label: "Go on (skips the pause)",
    speed: "Speed",
    speed_fast: "fast",
    speed_normal: "normal",
    speed_slow: "slow",
    show_log: "Log",
    close: "Close",
    score_sheet: "Score sheet",
    ranking: "Ranking",
    again_waiting: "There is a new table with the same people already.",
    again_join: "To the new table",
    takeover: "A bot is playing for you.",
    take_back: "Take your seat back",
    settings: "More",
    you_win: "You win!",
  },
};

/** The page language: ?lang=, then the last choice, then the browser's; German or English. */
export function pageLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  const stored = localStorage.getItem("spieltisch.lang");
  const browser = (navigator.language || "en").slice(0, 2);
  const lang = asked || stored || browser;
  return lang === "de" ? "de" : "en";
}

export function setLang(lang) {
  localStorage.setItem("spieltisch.lang", lang);
}

/** A word of the pages in `lang`, with {placeholders} filled from `params`. */
export function t(lang, key, params = {}) {
  const table = WORDS[lang] || WORDS.en;
  const text = table[key] ?? WORDS.en[key] ?? key;
  return format(text, params);
}

export function format(text, params = {}) {
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

const gameWords = new Map(); // game id → the promise of its catalog, then the catalog

/** Loads the word catalog of `game` once per page; the boards then look words up by id. */
export function loadGameWords(game) {
  if (!gameWords.has(game)) {
    const loading = getJSON(`/api/games/${encodeURIComponent(game)}/words`).then((data) => {
      gameWords.set(game, data.words);
      return data.words;
    });
    loading.catch(() => gameWords.delete(game)); // a failed fetch is tried again next time
    gameWords.set(game, loading);
  }
  return Promise.resolve(gameWords.get(game));
}

/**
 * The browser's word `key` for `game`'s board in `lang` (English if that language lacks it),
 * filled in: the catalog's `web.key`, else the `board.key` the terminal shows too.
 */
export function boardWord(game, lang, key, params = {}) {
  const words = gameWords.get(game) || {};
  const table = words[lang] || words.en || {};
  const english = words.en || {};
  const ids = [`web.${key}`, `board.${key}`];
  const text = ids.map((id) => table[id] ?? english[id]).find((found) => found !== undefined);
  return format(text ?? key, params);
}

/** "Spieler 2 (du)" / "Player 2 (you)". */
export function playerName(lang, seat, mySeat) {
  const name = t(lang, "player", { n: seat + 1 });
  return seat === mySeat ? `${name} (${t(lang, "you")})` : name;
}

/** Builds the language switcher: a labelled <select> that reloads the page in the new language. */
export function languageSelect(lang, onChange) {
  const select = document.createElement("select");
  select.id = "lang-select";
  for (const [value, name] of [["de", "Deutsch"], ["en", "English"]]) {
    const option = new Option(name, value, value === lang, value === lang);
    option.lang = value;
    select.append(option);
  }
  select.addEventListener("change", () => {
    setLang(select.value);
    onChange(select.value);
  });
  const label = document.createElement("label");
  label.htmlFor = select.id;
  label.textContent = t(lang, "language");
  const wrap = document.createElement("span");
  wrap.className = "lang";
  wrap.append(label, " ", select);
  return wrap;
}
