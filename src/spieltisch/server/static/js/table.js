// The table page: one seat's view of a running game, its moves, the log and the result.
// It shows only what the server sends for this seat's token and fetches nothing else.
import { StateFeed, cardFaces, gamesInfo, rulesUrl, tableIdFromLocation } from "./api.js";
import { fill, h } from "./dom.js";
import { gameModule } from "./games/index.js";
import { languageSelect, loadGameWords, pageLang, t } from "./i18n.js";
import { Moves } from "./moves.js";
import { createTable, inviteList, rememberConfig, savedConfig } from "./tables.js";

const lang = pageLang();
const params = new URLSearchParams(location.search);
const token = params.get("token");
const tableId = tableIdFromLocation();
const events = new Map(); // seq → event, merged from every state
let current = null;
let busy = false;
let feed = null;
let gameNames = {};
let faces = null; // the game's card faces (what is printed on each card), loaded once

const $ = (id) => document.getElementById(id);

function main() {
  document.documentElement.lang = lang;
  $("lang-slot").append(languageSelect(lang, (next) => switchLang(next)));
  $("home-link").textContent = t(lang, "home");
  $("board-heading").textContent = t(lang, "table");
  $("moves-heading").textContent = t(lang, "your_moves");
  $("log-heading").textContent = t(lang, "log");
  if (!tableId) return showError(t(lang, "not_found"));
  gamesInfo()
    .then((info) => {
      for (const game of info.games) gameNames[game.id] = { de: game.name_de, en: game.name_en };
      if (current) {
        $("game-name").textContent = gameName(current);
        showRulesLink(current);
      }
    })
    .catch(() => {});
  feed = new StateFeed(tableId, token, lang, receive, (down, message) => trouble(down, message));
  feed
    .fetchNow()
    .then(() => feed.start())
    .catch((error) => showError(error.status === 404 ? t(lang, "not_found") : error.message));
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

/** Player names with their kind: "Spieler 2 (Bot: heuristic)", "Spieler 1 (du)". */
function nameOf(state, seat) {
  const name = t(lang, "player", { n: seat + 1 });
  if (seat === state.seat) return `${name} (${t(lang, "you")})`;
  const info = state.seats[seat];
  if (info.bot) return `${name} (${t(lang, "bot")}: ${info.bot})`;
  return name;
}

function context(state, moves) {
  return {
    lang,
    seat: state.seat,
    players: state.players,
    acting: state.to_act,
    moves,
    state,
    // The steps since the last drawing, in order, each with this seat's view after it; the
    // board shows the last one (state.view).
    frames: state.frames,
    faces,
    name: (seat) => nameOf(state, seat),
    t: (key, p) => t(lang, key, p),
  };
}

/** A new state: drawn at once once the game's card faces are here (the first state waits). */
function receive(state) {
  if (faces) return render(state);
  Promise.all([cardFaces(state.game), loadGameWords(state.game)]).then(
    ([loaded]) => {
      faces = loaded;
      render(state);
    },
    (error) => showError(error.message),
  );
}

function render(state) {
  if (current && state.last_seq < current.last_seq) return; // an older push arriving late
  current = state;
  for (const event of state.events) events.set(event.seq, event);
  const game = gameModule(state.game);
  const focused = focusedMove();
  const moves = new Moves(state.legal_actions, send);
  const ctx = context(state, moves);

  const myTurn = state.legal_actions.length > 0;
  document.title = `${myTurn ? "▶ " : ""}${gameName(state)} – ${t(lang, "title")}`;
  $("game-name").textContent = gameName(state);
  showRulesLink(state);
  document.body.dataset.game = state.game;
  document.body.dataset.seq = String(state.last_seq);
  document.body.dataset.over = state.over ? "true" : "false";
  renderStatus(state);
  fill($("board"), game.board(state.view, ctx));
  renderMoves(game, moves, ctx);
  renderLog();
  renderResult(state);
  if (focused !== null || document.activeElement === document.body) focusMove(focused);
}

/** The rules of this game, in the page's language, in a new tab (the table stays open). */
function showRulesLink(state) {
  const link = $("rules-link");
  link.href = rulesUrl(state.game, lang);
  link.textContent = t(lang, "rules");
  link.setAttribute("aria-label", t(lang, "rules_new_tab", { game: gameName(state) }));
}

function gameName(state) {
  const names = gameNames[state.game];
  return names ? names[lang] : state.game;
}

function renderStatus(state) {
  let text;
  if (state.over) text = t(lang, "game_over");
  else if (state.seat === null) text = t(lang, "spectator");
  else if (state.legal_actions.length) text = t(lang, "your_turn");
  else {
    const who = state.to_act.map((seat) => nameOf(state, seat)).join(", ");
    text = t(lang, "waiting_for", { who });
  }
  if (state.bot_error && !state.over) text = `${text} – ${state.bot_error}`; // the bots stopped
  $("status").textContent = text;
  document.body.classList.toggle("my-turn", state.legal_actions.length > 0);
}

function renderMoves(game, moves, ctx) {
  const box = $("moves");
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
        group ? h("div", { class: "row-caption", "aria-hidden": "true" }, group) : null,
        h("div", { class: "buttons" }, buttons),
      ),
    );
  }
  if (moves.entries.length && !parts.length) parts.push(h("p", {}, t(lang, "moves_in_hand")));
  if (!moves.entries.length) parts.push(h("p", { class: "quiet" }, ctx.state.over ? "" : t(lang, "no_moves")));
  fill(box, parts);
  $("moves-section").hidden = ctx.state.over || ctx.state.seat === null;
}

function renderLog() {
  const list = $("log");
  const sorted = [...events.values()].sort((a, b) => a.seq - b.seq);
  fill(list, sorted.map((event) => h("li", { dataset: { kind: event.kind } }, event.text)));
  const box = $("log-box");
  box.scrollTop = box.scrollHeight;
  const last = sorted[sorted.length - 1];
  $("last-event").textContent = last ? last.text : "";
}

/** The finished game's rows, best place first (the server's ranking: 1 = first). */
function resultRows(state) {
  const { scores, ranking } = state.result;
  const seats = [...Array(state.players).keys()];
  seats.sort((a, b) => ranking[a] - ranking[b]);
  return seats.map((seat) => ({ seat, place: ranking[seat], score: scores[seat] }));
}

function renderResult(state) {
  const box = $("result");
  box.hidden = !state.over;
  if (!state.over) return fill(box);
  const rows = resultRows(state);
  const winners = rows.filter((row) => row.place === 1).map((row) => nameOf(state, row.seat));
  const headline =
    winners.length > 1
      ? t(lang, "shared_win", { who: winners.join(", ") })
      : winners.length
        ? t(lang, "winner", { who: winners[0] })
        : "";
  const table = h(
    "table",
    { class: "result-table" },
    h("caption", { class: "visually-hidden" }, t(lang, "result")),
    h(
      "thead",
      {},
      h("tr", {}, ["place", "player", "score"].map((key) =>
        h("th", { scope: "col" }, key === "player" ? t(lang, "player", { n: "" }).trim() : t(lang, key)),
      )),
    ),
    h(
      "tbody",
      {},
      rows.map((row) =>
        h(
          "tr",
          { class: row.seat === state.seat ? "me" : null },
          h("td", {}, String(row.place)),
          h("th", { scope: "row" }, nameOf(state, row.seat)),
          h("td", {}, String(row.score)),
        ),
      ),
    ),
  );
  const again = h("button", { type: "button", class: "primary", id: "play-again" }, t(lang, "play_again"));
  again.addEventListener("click", () => playAgain(state));
  const replay = h(
    "a",
    { href: `/replay.html?table=${encodeURIComponent(state.table)}&lang=${lang}`, class: "button" },
    t(lang, "replay"),
  );
  const id = encodeURIComponent(state.table);
  const transcript = h(
    "a",
    { href: `/api/tables/${id}/transcript`, download: `spieltisch-${state.game}-${id}.json`, class: "button" },
    t(lang, "transcript"),
  );
  fill(
    box,
    h("h2", { id: "result-heading" }, t(lang, "result")),
    headline ? h("p", { class: "winner" }, headline) : null,
    table,
    h("p", { class: "actions" }, again, " ", replay, " ", transcript),
    h("div", { id: "again-invites" }),
  );
}

async function playAgain(state) {
  const config = savedConfig(state.table);
  if (!config) {
    // Another player opened this table, so its rule options are not known here: the start
    // page, with the same game and seats filled in.
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
    showError(error.message);
  }
}

function withLang(url) {
  const full = new URL(url, location.href);
  full.searchParams.set("lang", lang);
  return full.pathname + full.search;
}

async function send(action) {
  if (busy) return;
  busy = true;
  document.body.dataset.busy = "true";
  for (const button of document.querySelectorAll("button.move")) button.disabled = true;
  showError("");
  try {
    await feed.act(action);
  } catch (error) {
    showError(error.message);
    try {
      await feed.fetchNow();
    } catch {
      /* shown already */
    }
  } finally {
    busy = false;
    delete document.body.dataset.busy;
    for (const button of document.querySelectorAll("button.move")) button.disabled = false;
    if (document.activeElement === document.body) focusMove(null);
  }
}

/** The name of the focused move (or "" for another control among the moves), else null. */
function focusedMove() {
  const active = document.activeElement;
  if (!active || !active.closest || !active.closest("#board, #moves")) return null;
  return moveName(active);
}

function moveName(element) {
  return element.getAttribute("aria-label") || element.id || element.textContent.trim();
}

/** Keeps the focus on the same move after a new state came in, or else on the first move:
 * a keyboard user never loses their place when the page is redrawn. */
function focusMove(name) {
  const moves = [...document.querySelectorAll("#main button.move:not([disabled]), #main #answer-input")];
  const same = name ? moves.find((element) => moveName(element) === name) : null;
  const target = same || moves[0];
  if (target) target.focus({ preventScroll: Boolean(same) });
}

main();
