// The table page: one seat's place at a running game. The seats sit around the felt, the
// status bar says in one sentence what happens now (with the moves that are not cards), and
// what the others did is played back step by step at a human pace (js/sequencer.js) before
// your moves come back. It shows only what the server sends for this seat's token.
import { StateFeed, errorText, gamesInfo, postJSON, request, rulesUrl, tableFaces, tableIdFromLocation } from "./api.js";
import { fill, h } from "./dom.js";
import { drawTable, loadGameCss, moduleContext, phoneQuery, seatName } from "./felt.js";
import { gameModule, loadGameModule } from "./games/index.js";
import { languageSelect, loadGameWords, pageLang, t } from "./i18n.js";
import { Moves } from "./moves.js";
import { askName as askForName, nameSeat, storedName } from "./names.js";
import { SPEEDS, Sequencer, reducedMotion, saveSpeed, savedSpeed } from "./sequencer.js";
import { createTable, inviteList, rememberConfig, savedConfig } from "./tables.js";

const lang = pageLang();
const params = new URLSearchParams(location.search);
const token = params.get("token");
const tableId = tableIdFromLocation();
const events = new Map(); // seq → event, every event this page was sent
const logged = new Set(); // the seqs already in the log (an event shows once its step has played)
const tableLines = new Map(); // n → a line from the table itself (a bot took over, back again)
let latest = null; // the newest seat state
let drawn = null; // the view drawn last: the "before" of the next frame
let busy = false;
let feed = null;
let faces = null;
let gameNames = {};
let askedName = false;
let drawnSignature = null; // the signature of the state drawn last (see signature)
let refocus = undefined; // the move focused when a sequence began (null: none)
let loading = null; // the game's faces, words and module, loading

const $ = (id) => document.getElementById(id);
const sequencer = new Sequencer({ draw: drawStep, settle: drawFinal, onChange: sequenceChanged });

function main() {
  document.documentElement.lang = lang;
  document.body.dataset.motion = reducedMotion() ? "reduced" : "full";
  $("lang-slot").append(languageSelect(lang, (next) => switchLang(next)));
  wordFrame();
  speedSelect();
  $("skip").addEventListener("click", () => sequencer.skip());
  $("felt").addEventListener("click", () => sequencer.busy && sequencer.skip());
  document.addEventListener("keydown", onKey);
  // on a phone the status bar shows two lines of its sentence; a tap (or its "…" button,
  // for the keyboard) shows it whole
  $("status").addEventListener("click", () => openStatus());
  $("status-more").addEventListener("click", () => openStatus());
  window.addEventListener("resize", () => fitStatus());
  // the sentence's room changes without a resize too ("Weiter" appears beside it)
  new ResizeObserver(() => fitStatus()).observe(document.querySelector(".status-line"));
  $("log-toggle").addEventListener("click", () => toggleLog());
  $("log-close").addEventListener("click", () => toggleLog(false));
  $("sheet-toggle").addEventListener("click", () => toggleSheet());
  $("sheet-toggle").setAttribute("aria-expanded", "false");
  $("take-back").addEventListener("click", takeBack);
  phoneQuery.addEventListener("change", () => redraw());
  // The settings sit in the header on a wide screen and behind "Mehr" up to 1100 px.
  const settings = $("settings");
  const narrow = window.matchMedia("(max-width: 1100px)");
  settings.open = !narrow.matches;
  narrow.addEventListener("change", () => (settings.open = !narrow.matches));
  if (!tableId) return showError(t(lang, "not_found"));
  gamesInfo()
    .then((info) => {
      for (const game of info.games) gameNames[game.id] = { de: game.name_de, en: game.name_en };
      if (latest) showGameName(latest);
    })
    .catch(() => {});
  feed = new StateFeed(tableId, token, lang, receive, (down, message) => trouble(down, message));
  feed
    .fetchNow()
    .then(() => feed.start())
    .catch((error) => showError(error.status === 404 ? t(lang, "not_found") : error.message));
}

/** The frame's own words in the page's language. */
function wordFrame() {
  $("home-link").textContent = t(lang, "home");
  $("log-heading").textContent = t(lang, "log");
  $("log-toggle").textContent = t(lang, "show_log");
  $("log-close").setAttribute("aria-label", t(lang, "close"));
  $("sheet-toggle").textContent = t(lang, "score_sheet");
  $("speed-label").textContent = t(lang, "speed");
  $("settings-summary").textContent = t(lang, "settings");
  $("status-more").setAttribute("aria-label", t(lang, "status_more"));
  $("skip").textContent = t(lang, "skip");
  $("skip").setAttribute("aria-label", t(lang, "skip_label"));
  $("felt").setAttribute("aria-label", t(lang, "table"));
  $("hand-area").setAttribute("aria-label", t(lang, "your_hand"));
  $("takeover-text").textContent = t(lang, "takeover");
  $("take-back").textContent = t(lang, "take_back");
}

/** Schnell / normal / langsam, remembered in this browser. */
function speedSelect() {
  const select = $("speed");
  for (const speed of Object.keys(SPEEDS)) {
    select.append(new Option(t(lang, `speed_${speed}`), speed, false, speed === savedSpeed()));
  }
  select.addEventListener("change", () => saveSpeed(select.value));
}

function switchLang(next) {
  const url = new URL(location.href);
  url.searchParams.set("lang", next);
  location.replace(url);
}

function trouble(down, message) {
  const note = $("connection");
  note.textContent = message || (down ? t(lang, "connection_lost") : "");
  note.hidden = !note.textContent;
}

function showError(message) {
  const alert = $("alert");
  alert.textContent = message ? `${t(lang, "error")}: ${message}` : "";
  alert.hidden = !message;
}

/** A refusal from the server, worded in the page's language. */
async function showRefusal(error) {
  showError(await errorText(error, lang));
}

/** A key while a sequence plays ends its pause; typing in a field is left alone. */
function onKey(event) {
  if (event.key === "Escape" && document.body.classList.contains("log-open")) return toggleLog(false);
  if (!sequencer.busy || event.target.closest("input, select, textarea, dialog, #skip")) return;
  if ([" ", "Enter", "ArrowRight", "Escape"].includes(event.key)) {
    event.preventDefault();
    sequencer.skip();
  }
}

function toggleLog(open = !document.body.classList.contains("log-open")) {
  document.body.classList.toggle("log-open", open);
  $("log-toggle").setAttribute("aria-expanded", String(open));
  if (open) $("log").focus();
  else if ($("log-area").contains(document.activeElement)) $("log-toggle").focus();
}

function toggleSheet(open = $("sheet").hidden) {
  $("sheet").hidden = !open;
  $("sheet-toggle").setAttribute("aria-expanded", String(open));
  if (open) drawSheet();
}

/** A new state: its frames join the queue; the first state (and one far behind) is drawn at once. */
function receive(state) {
  if (!faces) {
    // the game's own pieces, all at once: its look, this table's faces, its words and its module only
    if (!loading) {
      loadGameCss(state.game);
      loading = Promise.all([tableFaces(state.table), loadGameWords(state.game), loadGameModule(state.game)]);
    }
    loading.then(
      ([loaded]) => {
        faces = loaded;
        receive(state);
      },
      (error) => showError(error.message),
    );
    return;
  }
  if (latest && state.last_seq < latest.last_seq) return; // an older push arriving late
  const first = latest === null;
  latest = state;
  for (const event of state.events) events.set(event.seq, event);
  for (const line of state.table_log || []) tableLines.set(line.n, line);
  if (first || state.frames_skipped > 0) {
    for (const seq of events.keys()) logged.add(seq);
    return sequencer.clear();
  }
  if (state.frames.length) return sequencer.push(stepsOf(state));
  if (!sequencer.busy && signature(state) !== drawnSignature) drawFinal();
}

/** What a state shows beyond its frames: an unchanged state (a poll) is not drawn again. */
function signature(state) {
  const { last_seq, step, seats, to_act, over, again, bot_error } = state;
  return JSON.stringify([last_seq, step, seats, to_act, over, again, bot_error, (state.table_log || []).length]);
}

/** Every frame of `state` as the module's steps (default: one step, the frame's view). */
function stepsOf(state) {
  const game = gameModule(state.game);
  const steps = [];
  for (const frame of state.frames) {
    const before = drawn;
    const acting = frame.seat === null || frame.seat === undefined ? [] : [frame.seat];
    const ctx = moduleContext({ lang, state, view: frame.view, moves: null, acting, faces });
    const made = (game.steps && before ? game.steps(frame, before, ctx) : null) || [{ view: frame.view }];
    made.forEach((step, i) => steps.push({ ...step, frame, first: i === 0, last: i === made.length - 1 }));
    drawn = frame.view;
  }
  return steps;
}

/**
 * The log keeps pace with the steps: a step that says an event's words logs the frame's
 * events up to that one; the frame's last step logs the rest. So the log never tells the
 * outcome of a reveal the felt has not shown yet.
 */
function logStep(step) {
  const events = step.frame.events;
  const upTo = step.last ? events.length - 1 : events.findIndex((event) => event.text === step.say);
  for (const event of events.slice(0, upTo + 1)) logged.add(event.seq);
}

/** One step of a sequence: its view, its marks, its sentence; no moves. */
function drawStep(step) {
  if (refocus === undefined) refocus = focusedMove();
  const frame = step.frame;
  logStep(step);
  const acting = frame.seat === null || frame.seat === undefined ? [] : [frame.seat];
  const said = step.say || frame.events.map((event) => event.text).slice(-1)[0] || "";
  draw(step.view, { moves: null, marks: step.marks || {}, acting, sentence: said, playing: true });
  document.body.dataset.stepSeq = String(frame.step);
  // The move a keyboard player made is gone while the sequence plays: "Weiter" holds the focus.
  if (refocus !== null && document.activeElement === document.body) $("skip").focus({ preventScroll: true });
}

/** The final view: the latest state with its moves, the log complete, the end screen. */
function drawFinal() {
  const state = latest;
  if (!state) return;
  for (const event of state.events) logged.add(event.seq);
  const moves = new Moves(state.legal_actions, send);
  drawn = state.view;
  drawnSignature = signature(state);
  document.body.dataset.seq = String(state.last_seq); // the state drawn (not a step on the way)
  draw(state.view, { moves, marks: {}, acting: state.to_act, sentence: sentence(state) });
  renderResult(state);
  renderTakeover(state);
  askName(state);
  if ($("sheet").hidden === false) drawSheet();
  const focused = refocus === undefined ? focusedMove() : refocus;
  refocus = undefined;
  if (focused !== null || document.activeElement === document.body) focusMove(focused);
}

/** Draws the table once more as it stands (after the layout changed). */
function redraw() {
  if (!latest || sequencer.busy) return;
  drawFinal();
}

function draw(view, { moves, marks, acting, sentence: said, playing = false }) {
  const state = latest;
  const game = gameModule(state.game);
  const ctx = moduleContext({ lang, state, view, moves, marks, acting, faces, playing });
  const myTurn = Boolean(moves && state.legal_actions.length);
  showGameName(state);
  document.title = `${myTurn ? "▶ " : ""}${gameName(state)} – ${t(lang, "title")}`;
  document.body.dataset.game = state.game;
  document.body.dataset.over = state.over && moves ? "true" : "false";
  document.body.classList.toggle("my-turn", myTurn);
  drawTable($("felt"), $("hand-area"), game, view, ctx);
  fitDock();
  let text = said;
  if (moves && state.bot_error && !state.over) text = `${text} – ${state.bot_error}`;
  if ($("status").textContent !== text) $("status-bar").classList.remove("open");
  $("status").textContent = text;
  fitStatus();
  renderMoves(game, moves, ctx);
  $("sheet-toggle").hidden = !game.sheet;
  renderLog(state);
}

/** Opens or closes the whole status sentence (on a phone it is cut to two lines); a sentence
 * that fits is not "opened" (no button shows up for it). */
function openStatus(open = !$("status-bar").classList.contains("open")) {
  $("status-bar").classList.toggle("open", open);
  fitStatus();
}

/** The button beside the status sentence: there only while the sentence is cut off (or opened
 * because it was), so a keyboard and a screen reader reach the whole sentence too; gone, and
 * taking no room, when the sentence fits. Measured with the sentence closed and the button out
 * of the line (not hidden: that would take the keyboard's focus from it), so the answer does
 * not depend on the button itself. */
function fitStatus() {
  const bar = $("status-bar");
  const status = $("status");
  const more = $("status-more");
  const open = bar.classList.contains("open");
  const focused = document.activeElement === more;
  bar.classList.remove("open");
  more.style.position = "absolute";
  const cut = status.scrollHeight > status.clientHeight + 1;
  more.style.position = "";
  bar.classList.toggle("open", open && cut);
  more.hidden = !cut;
  more.setAttribute("aria-expanded", String(open && cut));
  more.textContent = open && cut ? "▴" : "▾";
  // the button goes away under the keyboard's focus: the focus moves to the first move
  if (focused && !cut) focusMove(null);
}

function showGameName(state) {
  // the game's own name always whole; its subtitle ("– Das Zahlenspiel") smaller, the part
  // that yields (ends in "…", or is left out on a phone) when the header is short of room
  const [title, ...rest] = gameName(state).split(" – ");
  const heading = $("game-name");
  heading.replaceChildren(h("span", { class: "game-title" }, title));
  if (rest.length) heading.append(h("span", { class: "game-subtitle" }, ` – ${rest.join(" – ")}`));
  heading.title = gameName(state);
  const link = $("rules-link");
  link.href = rulesUrl(state.game, lang);
  link.textContent = t(lang, "rules");
  link.setAttribute("aria-label", t(lang, "rules_new_tab", { game: gameName(state) }));
}

function gameName(state) {
  const names = gameNames[state.game];
  return names ? names[lang] : state.game;
}

/** "Lotte und Emil" / "Lotte and Emil". */
function joinNames(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t(lang, "and")} ${names[names.length - 1]}`;
}

/** The status bar's sentence about what happens now. */
function sentence(state) {
  const game = gameModule(state.game);
  if (state.over) return t(lang, "game_over");
  const ctx = moduleContext({ lang, state, view: state.view, moves: null, acting: state.to_act, faces });
  if (state.legal_actions.length) {
    const prompt = game.prompt ? game.prompt(state.view, ctx) : null;
    return prompt ? `${t(lang, "your_turn_now")} ${prompt}` : t(lang, "your_turn_now");
  }
  const others = state.to_act.filter((seat) => seat !== state.seat);
  const names = joinNames(others.map((seat) => seatName(state, seat, lang)));
  const bots = others.length && others.every((seat) => (state.seats[seat] || {}).kind === "bot");
  const waiting = others.length ? t(lang, bots ? "thinking_for" : "waiting_for_names", { who: names }) : "";
  if (state.seat === null) return `${t(lang, "spectator")} ${waiting}`.trim();
  return waiting || t(lang, "no_moves");
}

/** The moves that are not cards: buttons in the status bar, by group. */
function renderMoves(game, moves, ctx) {
  const box = $("status-moves");
  if (!moves) return fill(box);
  const parts = [];
  if (game.form) parts.push(game.form(moves, ctx));
  const groups = new Map();
  for (const entry of moves.rest()) {
    const words = game.moveText(entry.action, ctx) || { group: "", text: entry.label };
    if (!groups.has(words.group)) groups.set(words.group, []);
    groups.get(words.group).push(moves.button(entry, words.text, words.label || null));
  }
  for (const [group, buttons] of groups) {
    parts.push(
      h(
        "div",
        { class: "move-group", role: "group", "aria-label": group || t(lang, "your_moves") },
        group ? h("span", { class: "row-caption", "aria-hidden": "true" }, group) : null,
        h("span", { class: "buttons" }, buttons),
      ),
    );
  }
  fill(box, parts);
}

/**
 * The log: one line per event whose step has been shown, and the table's own lines (a bot
 * took over, the person is back) after the event they follow; a dot in the colour of the
 * seat each line is about.
 */
function renderLog(state) {
  const list = $("log");
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  const lines = [...events.values()]
    .filter((event) => logged.has(event.seq) && !event.told_better) // said once, by the next line
    .map((event) => ({ order: [event.seq, 0, 0], seat: eventSeat(event), kind: event.kind, text: event.text }));
  const shownUpTo = Math.max(0, ...logged);
  for (const line of tableLines.values()) {
    if (line.seq > shownUpTo) continue; // it follows an event not shown yet
    lines.push({ order: [line.seq, 1, line.n], seat: line.seat ?? null, kind: `table-${line.kind}`, text: line.text });
  }
  lines.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2]);
  const key = lines.map((line) => line.order.join(".")).join(",");
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  fill(list, lines.map((line) => logLine(state, line)));
  if (atEnd) list.scrollTop = list.scrollHeight;
}

function eventSeat(event) {
  return event.data && Number.isInteger(event.data.seat) ? event.data.seat : null;
}

function logLine(state, event) {
  const seat = event.seat;
  return h(
    "li",
    { dataset: { kind: event.kind, seat: seat === null ? "" : String(seat) } },
    h("span", { class: "dot", "aria-hidden": "true", style: seat === null ? null : `--seat-colour: var(--seat-${seat % 6})` }),
    h("span", { class: "line" }, nameColoured(state, event.text)),
  );
}

/** The event's text with each seat's name in the seat's colour. */
function nameColoured(state, text) {
  const names = (state.seats || []).map((info, seat) => [info.name, seat]).filter(([name]) => name);
  if (!names.length) return text;
  const escaped = names.map(([name]) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(${escaped.join("|")})`, "g");
  return text.split(pattern).map((part) => {
    const found = names.find(([name]) => name === part);
    return found ? h("span", { class: "who", style: `--seat-colour: var(--seat-${found[1] % 6})` }, part) : part;
  });
}

/** The finished game's seats, best place first (the server's ranking: 1 = first). */
function resultRows(state) {
  const { scores, ranking } = state.result;
  const seats = [...Array(state.players).keys()];
  seats.sort((a, b) => ranking[a] - ranking[b]);
  return seats.map((seat) => ({ seat, place: ranking[seat], score: scores[seat] }));
}

function renderResult(state) {
  const box = $("result");
  const ending = state.over && !document.body.classList.contains("game-over");
  box.hidden = !state.over;
  document.body.classList.toggle("game-over", state.over);
  if (!state.over) return fill(box);
  // as the game ends, the page shows its result from the top (the end's actions in view)
  if (ending) requestAnimationFrame(() => box.scrollIntoView({ block: "start" }));
  const game = gameModule(state.game);
  const ctx = moduleContext({ lang, state, view: state.view, moves: null, acting: [], faces });
  const rows = resultRows(state);
  const name = (seat) => (seat === state.seat ? t(lang, "seat_you", { name: seatName(state, seat, lang) }) : seatName(state, seat, lang));
  const first = rows.filter((row) => row.place === 1).map((row) => row.seat);
  const winners = first.map((seat) => (seat === state.seat ? t(lang, "you") : seatName(state, seat, lang)));
  let headline = "";
  if (first.length > 1) headline = t(lang, "shared_win", { who: joinNames(winners) });
  else if (first.length) headline = first[0] === state.seat ? t(lang, "you_win") : t(lang, "winner", { who: winners[0] });
  const table = h(
    "table",
    { class: "result-table" },
    h("caption", { class: "visually-hidden" }, t(lang, "ranking")),
    h("thead", {}, h("tr", {}, [t(lang, "place"), t(lang, "player", { n: "" }).trim(), t(lang, "score")].map((text) => h("th", { scope: "col" }, text)))),
    h(
      "tbody",
      {},
      rows.map((row) =>
        h(
          "tr",
          { class: row.seat === state.seat ? "me" : null, style: `--seat-colour: var(--seat-${row.seat % 6})` },
          h("td", {}, `${row.place}.`),
          h("th", { scope: "row" }, h("span", { class: "dot", "aria-hidden": "true" }), name(row.seat)),
          h("td", {}, String(row.score)),
        ),
      ),
    ),
  );
  const again = h("button", { type: "button", class: "primary", id: "play-again" }, t(lang, "play_again"));
  again.addEventListener("click", () => playAgain(state));
  const id = encodeURIComponent(state.table);
  const replay = h("a", { href: `/replay.html?table=${id}&lang=${lang}`, class: "button" }, t(lang, "replay"));
  const transcript = h(
    "a",
    { href: `/api/tables/${id}/transcript`, download: `spieltisch-${state.game}-${id}.json`, class: "button" },
    t(lang, "transcript"),
  );
  const waiting = state.again && state.again.url && state.seat !== null
    ? h("p", { class: "again-waiting" }, t(lang, "again_waiting"), " ", h("a", { href: withLang(state.again.url), class: "button" }, t(lang, "again_join")))
    : null;
  fill(
    box,
    h("h2", { id: "result-heading" }, t(lang, "result")),
    headline ? h("p", { class: "winner" }, headline) : null,
    // the end's actions first, in view without scrolling (on a phone too), then the scores
    waiting,
    h("p", { class: "actions" }, again, " ", replay, " ", transcript),
    h("div", { id: "again-invites" }),
    table,
    game.ending ? game.ending(state.view, state.result, ctx) : null,
  );
}

/** "Noch einmal": a new table with the same people (POST …/again), then to my seat there. */
async function playAgain(state) {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  try {
    const answer = await postJSON(`/api/tables/${encodeURIComponent(state.table)}/again${query}`, {});
    let url = answer && (answer.url || (answer.again && answer.again.url));
    if (!url) url = ((await feed.fetchNow()).again || {}).url;
    if (url) {
      location.href = withLang(url);
      return;
    }
  } catch (error) {
    if (error.status !== 404 && error.status !== 405) return showRefusal(error);
  }
  await againHere(state); // a server without "again": the same set-up opened from here
}

async function againHere(state) {
  const config = savedConfig(state.table);
  if (!config) {
    const seats = state.seats.map((info) => (info.bot ? `bot:${info.bot}` : "human"));
    const query = new URLSearchParams({ game: state.game, players: state.players, seats: seats.join(","), lang });
    location.href = `/?${query}`;
    return;
  }
  try {
    const created = await createTable(config);
    rememberConfig(created, config);
    const mine = created.humans.find((seat) => seat.seat === state.seat) || created.humans[0];
    if (created.humans.length <= 1 && mine) {
      location.href = withLang(mine.url);
      return;
    }
    fill($("again-invites"), inviteList(created, lang, state.seat));
  } catch (error) {
    showRefusal(error);
  }
}

function withLang(url) {
  const full = new URL(url, location.href);
  full.searchParams.set("lang", lang);
  return full.pathname + full.search;
}

/** The full score sheet, on demand (the game's own, when it has one). */
function drawSheet() {
  if (!latest) return;
  const game = gameModule(latest.game);
  const ctx = moduleContext({ lang, state: latest, view: latest.view, moves: null, acting: [], faces });
  const close = h("button", { type: "button", class: "small", "aria-label": t(lang, "close") }, "×");
  close.addEventListener("click", () => toggleSheet(false));
  fill(
    $("sheet"),
    h("div", { class: "log-head" }, h("h2", { id: "sheet-heading" }, t(lang, "score_sheet")), close),
    game.sheet ? game.sheet(latest.view, ctx) : null,
  );
}

/** While a bot plays for this seat's absent person: a banner to take the seat back. */
function renderTakeover(state) {
  const info = state.seat === null ? null : state.seats[state.seat];
  $("takeover").hidden = !(info && info.away && !state.over);
}

async function takeBack() {
  try {
    await postJSON(`/api/tables/${encodeURIComponent(tableId)}/back?token=${encodeURIComponent(token)}`, {});
    await feed.fetchNow();
  } catch (error) {
    showRefusal(error);
  }
}

/**
 * An invitation to a seat nobody has named yet: the name this browser remembers seats them
 * at once; without one, the newcomer is asked before they play (the one name dialog of
 * js/names.js; Escape or "Abbrechen": play unnamed).
 */
function askName(state) {
  if (askedName || state.seat === null || state.over) return;
  const info = state.seats[state.seat];
  if (!info || info.kind === "bot" || info.name !== "") return;
  askedName = true;
  const remembered = storedName().trim();
  if (remembered) {
    nameThisSeat(remembered).catch(() => askThenName(remembered));
    return;
  }
  askThenName("");
}

async function askThenName(initial) {
  const name = await askForName(lang, { initial });
  if (name === null) return; // plays unnamed
  try {
    await nameThisSeat(name);
  } catch (error) {
    showRefusal(error);
  }
}

/** This seat's name, told to the table (the dialog has remembered it in this browser). */
async function nameThisSeat(name) {
  await nameSeat(tableId, token, name);
  await feed.fetchNow();
}

async function send(action) {
  if (busy || sequencer.busy) return;
  busy = true;
  document.body.dataset.busy = "true";
  for (const button of document.querySelectorAll("button.move")) button.disabled = true;
  showError("");
  try {
    await feed.act(action);
  } catch (error) {
    await showRefusal(error);
    try {
      await feed.fetchNow();
    } catch {
      /* shown already */
    }
  } finally {
    busy = false;
    delete document.body.dataset.busy;
    if (!sequencer.busy) {
      for (const button of document.querySelectorAll("button.move")) button.disabled = false;
    }
  }
}

/** A sequence starts or ends: the moves go away while it plays; "Weiter" shows. */
function sequenceChanged(playing, holding) {
  document.body.dataset.playing = playing ? "true" : "false";
  document.body.classList.toggle("holding", holding);
  $("skip").hidden = !playing;
}

/** On a phone the hand and the status bar stay in reach at the bottom, unless together they
 * are taller than about half the screen: then they follow the felt like the rest of the page. */
function fitDock() {
  const dock = document.querySelector(".dock");
  dock.classList.remove("tall");
  dock.classList.toggle("tall", phoneQuery.matches && dock.offsetHeight > window.innerHeight * 0.55);
}

/** The name of the focused move (or "" for another control among the moves), else null. */
function focusedMove() {
  const active = document.activeElement;
  if (!active || !active.closest || !active.closest("#felt, #hand-area, #status-bar")) return null;
  if (active.id === "skip") return "";
  return moveName(active);
}

function moveName(element) {
  return element.getAttribute("aria-label") || element.id || element.textContent.trim();
}

/** Keeps the focus on the same move after a new state came in, or else on the first move:
 * a keyboard user never loses their place when the page is redrawn. */
function focusMove(name) {
  const moves = [...document.querySelectorAll("#main button.move:not([disabled]), #main button.discard-toggle, #main #answer-input")];
  const same = name ? moves.find((element) => moveName(element) === name) : null;
  const target = same || moves[0];
  if (target) target.focus({ preventScroll: true });
}

main();
