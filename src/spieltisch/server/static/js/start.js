// The start page: "Neuer Tisch" (a tile per game, then the number of seats and who sits
// where: you, people to invite, bots by level; seed, raw options and bot specs behind
// "Erweitert"), the invitations of a new table, and "Deine Tische".
import * as api from "./api.js";
import { cardFaces, gamesInfo, getJSON, rulesUrl } from "./api.js";
import { fill, h } from "./dom.js";
import { languageSelect, pageLang } from "./i18n.js";
import { ensureName, nameButton, storedName } from "./names.js";
import { sw } from "./startwords.js";
import { tileCard } from "./tilecards.js";
import { createTable, inviteList, rememberConfig, withLang } from "./tables.js";
import { forgetTable, rememberTable, yourTables } from "./yours.js";

const lang = pageLang();
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let info = { games: [], bots: [] };
const catalogs = {}; // game id → its word catalog in this language (name, pitch)
const faces = {}; // game id → its card faces (the tile's sample card)
let chosen = null; // the game whose set-up is open

async function main() {
  document.documentElement.lang = lang;
  document.title = `${sw(lang, "new_table")} – Spieltisch`;
  $("lang-slot").append(languageSelect(lang, (next) => {
    const url = new URL(location.href);
    url.searchParams.set("lang", next);
    location.replace(url);
  }));
  $("name-slot").append(nameButton(lang));
  $("new-heading").textContent = sw(lang, "new_table");
  $("yours-heading").textContent = sw(lang, "your_tables");
  $("replay-link").textContent = sw(lang, "replay");
  $("rules-link").textContent = sw(lang, "rules");
  $("lab-link").textContent = sw(lang, "lab");
  try {
    info = await gamesInfo();
    showYours();
    await Promise.all(info.games.map(loadGame));
  } catch (error) {
    showYours();
    return showError(error.message);
  }
  showTiles();
  const asked = params.get("game");
  if (asked && info.games.some((game) => game.id === asked)) choose(asked, false);
}

async function loadGame(game) {
  const [words, cardInfo] = await Promise.all([
    getJSON(`/api/games/${encodeURIComponent(game.id)}/words`),
    cardFaces(game.id),
  ]);
  catalogs[game.id] = words.words[lang] || words.words.en || {};
  faces[game.id] = cardInfo;
}

function showError(message) {
  $("alert").textContent = message ? `${sw(lang, "error")}: ${message}` : "";
  $("alert").hidden = !message;
}

/** A refusal in the page's language (by its code, where api.js words codes), else as sent. */
async function refusal(error) {
  return api.errorText ? api.errorText(error, lang) : error.message;
}

const gameById = (id) => info.games.find((game) => game.id === id);
const nameOf = (game) => (lang === "de" ? game.name_de : game.name_en);
const helpOf = (option) => (lang === "de" ? option.help_de : option.help_en);
const range = (low, high) => Array.from({ length: high - low + 1 }, (_, i) => low + i);

// ---- Neuer Tisch: the tiles ------------------------------------------------------------

function showTiles() {
  const tiles = info.games.map((game) =>
    h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: "tile",
          id: `tile-${game.id}`,
          "aria-pressed": "false",
          "aria-describedby": `pitch-${game.id}`,
          onclick: () => choose(game.id, true),
        },
        tileCard(game.id, faces[game.id], lang),
        h(
          "span",
          { class: "tile-text" },
          h("span", { class: "tile-name" }, nameOf(game)),
          h("span", { class: "tile-range" }, sw(lang, "players_range", { min: game.min_players, max: game.max_players })),
          h("span", { class: "tile-pitch", id: `pitch-${game.id}` }, catalogs[game.id]["web.pitch"] || ""),
        ),
      ),
    ),
  );
  fill($("tiles"), tiles);
}

function choose(gameId, focus) {
  chosen = gameById(gameId);
  for (const tile of document.querySelectorAll(".tile")) {
    tile.setAttribute("aria-pressed", String(tile.id === `tile-${gameId}`));
  }
  buildSetup(chosen, params);
  $("setup").hidden = false;
  if (focus) {
    $("setup-heading").focus();
    $("setup").scrollIntoView({ block: "start", behavior: "smooth" });
  }
}

// ---- Neuer Tisch: the set-up of the chosen game ----------------------------------------

function buildSetup(game, wanted) {
  const form = $("setup");
  const wantPlayers = Number(wanted.get("players"));
  const players =
    wantPlayers >= game.min_players && wantPlayers <= game.max_players
      ? wantPlayers
      : Math.min(game.max_players, game.min_players + 1);
  const wantSeats = (wanted.get("seats") || "").split(",").filter(Boolean);
  const count = h(
    "fieldset",
    { class: "count" },
    h("legend", {}, sw(lang, "players_count")),
    h(
      "div",
      { class: "chips" },
      range(game.min_players, game.max_players).map((n) =>
        h(
          "label",
          { class: "chip-choice" },
          h("input", { type: "radio", name: "players", value: n, checked: n === players, "aria-label": sw(lang, "players_n", { n }) }),
          h("span", { "aria-hidden": "true" }, String(n)),
        ),
      ),
    ),
  );
  const seats = h("fieldset", { id: "seats", class: "seats" });
  const specs = h("div", { id: "specs" });
  const advanced = h(
    "details",
    { class: "advanced", id: "advanced" },
    h("summary", {}, sw(lang, "advanced")),
    h("p", { class: "help" }, sw(lang, "advanced_note")),
    h(
      "div",
      { class: "field" },
      h("label", { for: "seed" }, sw(lang, "seed")),
      h("input", { type: "number", id: "seed", name: "seed", min: 0, step: 1, inputmode: "numeric", value: wanted.get("seed") || null }),
    ),
    optionsFieldset(game),
    specs,
    h("datalist", { id: "bot-specs" }, (game.bots || info.bots).map((bot) => h("option", { value: bot.spec }))),
  );
  const rules = h(
    "a",
    { href: rulesUrl(game.id, lang), class: "rules-link", id: "setup-rules" },
    sw(lang, "rules_of", { game: nameOf(game) }),
  );
  fill(
    form,
    h("h3", { id: "setup-heading", tabindex: "-1" }, nameOf(game)),
    h("p", { class: "setup-pitch" }, catalogs[game.id]["web.pitch"] || "", " ", rules),
    count,
    seats,
    advanced,
    h("p", { class: "open-row" }, h("button", { type: "submit", class: "primary", id: "open-table" }, sw(lang, "open_table"))),
  );
  const redraw = (keep) => fillSeats(seats, specs, game, Number(form.elements.players.value), keep);
  for (const radio of count.querySelectorAll("input")) radio.addEventListener("change", () => redraw(currentSeats()));
  redraw(wantSeats);
}

function optionsFieldset(game) {
  const rows = game.options.map((option) => {
    const id = `option-${option.name}`;
    const helpId = `${id}-help`;
    const base = { id, name: option.name, "aria-describedby": helpId };
    let control;
    if (option.type === "bool") {
      control = h("input", { ...base, type: "checkbox" });
      control.checked = Boolean(option.default);
    } else if (option.type === "int") {
      control = h("input", { ...base, type: "number", min: option.min, max: option.max, step: 1, required: true, inputmode: "numeric", value: option.default });
    } else if (option.type === "choice") {
      control = h("select", base, (option.choices || []).map((choice) => h("option", { value: choice }, choice)));
      control.value = option.default;
    } else {
      control = h("input", { ...base, type: "text", required: true, value: option.default });
    }
    const limits = option.type === "int" ? ` · ${option.min}–${option.max}` : "";
    const note = `${option.name}${limits} · ${sw(lang, "default_value", { value: shown(option.default) })}`;
    return h(
      "div",
      { class: "field" },
      h("label", { for: id }, helpOf(option)),
      control,
      h("span", { class: "error-text", id: `${id}-error`, "aria-live": "polite" }),
      h("p", { class: "help", id: helpId }, note),
    );
  });
  return h("fieldset", { id: "options" }, h("legend", {}, sw(lang, "options")), rows.length ? rows : h("p", { class: "quiet" }, "–"));
}

function shown(value) {
  if (value === true) return sw(lang, "yes");
  if (value === false) return sw(lang, "no");
  return String(value);
}

/** Each seat's choice as the form has it: "human", "bot:<level>" or "bot:<spec>". */
function currentSeats() {
  const form = $("setup");
  const rows = [...form.querySelectorAll("#seats select")];
  return ["human", ...rows.map((select, i) => {
    const spec = form.querySelector(`#spec-${i + 2}`)?.value.trim();
    return spec ? `bot:${spec}` : select.value;
  })];
}

function fillSeats(fieldset, specs, game, players, wanted) {
  const you = storedName();
  const choices = [
    ["human", sw(lang, "person_invite")],
    ...(game.levels || []).map((level) => [`bot:${level.id}`, sw(lang, "bot_level", { level: nameOf(level) })]),
  ];
  const rows = range(2, players).map((n) => {
    const id = `seat-${n}`;
    const want = wanted[n - 1] || "bot:medium";
    const known = choices.some(([value]) => value === want);
    const select = h("select", { id, name: id }, choices.map(([value, text]) => h("option", { value }, text)));
    select.value = known ? want : "bot:medium";
    return { row: h("div", { class: "seat-row" }, h("label", { for: id }, sw(lang, "seat_n", { n })), select), spec: known ? "" : want.replace(/^bot:/, "") };
  });
  fill(
    fieldset,
    h("legend", {}, sw(lang, "who_sits")),
    h(
      "div",
      { class: "seat-row you" },
      h("span", { class: "seat-label" }, sw(lang, "seat_n", { n: 1 })),
      h("span", { class: "seat-you" }, you ? `${sw(lang, "seat_you")} · ${you}` : sw(lang, "seat_you")),
    ),
    rows.map((entry) => entry.row),
  );
  fill(
    specs,
    rows.map((entry, i) =>
      h(
        "div",
        { class: "field" },
        h("label", { for: `spec-${i + 2}` }, sw(lang, "spec_of", { n: i + 2 })),
        h("input", { type: "text", id: `spec-${i + 2}`, list: "bot-specs", value: entry.spec, spellcheck: "false", autocapitalize: "off" }),
      ),
    ),
  );
  if (rows.some((entry) => entry.spec)) $("advanced").open = true;
}

/** The rule options as typed, checked against the spec; null (and messages shown) if not valid. */
function readOptions(form, game) {
  const options = {};
  let valid = true;
  for (const option of game.options) {
    const control = form.querySelector(`#option-${CSS.escape(option.name)}`);
    const error = form.querySelector(`#option-${CSS.escape(option.name)}-error`);
    error.textContent = "";
    control.removeAttribute("aria-invalid");
    let value;
    if (option.type === "bool") value = control.checked;
    else if (option.type === "int") {
      value = Number(control.value);
      if (control.value.trim() === "" || !Number.isInteger(value) || value < option.min || value > option.max) {
        error.textContent = `${sw(lang, "invalid_option")}: ${option.min}–${option.max}`;
      }
    } else value = control.value;
    if (option.type === "text" && !value.trim()) error.textContent = sw(lang, "invalid_option");
    if (error.textContent) {
      control.setAttribute("aria-invalid", "true");
      valid = false;
    }
    if (value !== option.default) options[option.name] = value;
  }
  if (!valid) {
    $("advanced").open = true;
    form.querySelector("[aria-invalid]").focus();
  }
  return valid ? options : null;
}

async function openTable(event) {
  event.preventDefault();
  showError("");
  const form = $("setup");
  const game = chosen;
  const options = readOptions(form, game);
  if (!options) return;
  const seats = currentSeats();
  const name = await ensureName(lang);
  const config = {
    game: game.id,
    players: seats.length,
    options,
    seats,
    names: seats.map((seat, i) => (i === 0 && name ? name : null)),
  };
  const seedText = form.querySelector("#seed").value.trim();
  if (seedText) config.seed = Number(seedText);
  const button = $("open-table");
  button.disabled = true;
  try {
    const created = await createTable(config);
    rememberConfig(created, { ...config, seed: undefined });
    const mine = created.humans[0];
    rememberTable({ table: created.table, token: mine.token, seat: mine.seat, game: game.id });
    if (created.humans.length === 1) {
      location.href = withLang(mine.url, lang);
      return;
    }
    fill($("invites"), inviteList(created, lang, mine.seat));
    $("invites").hidden = false;
    $("invites-heading").focus();
    showYours();
  } catch (error) {
    showError(await refusal(error));
  } finally {
    button.disabled = false;
  }
}

// ---- Deine Tische ----------------------------------------------------------------------

function showYours() {
  const entries = yourTables();
  // A returning player's way back in comes first; a newcomer sees the games first.
  if (entries.length) $("new").before($("yours-section"));
  if (!entries.length) {
    fill($("yours"), h("p", { class: "quiet" }, sw(lang, "no_tables")));
    return;
  }
  fill($("yours"), h("ul", { class: "your-tables plain" }, entries.map(yourTable)));
}

function yourTable(entry) {
  const date = new Date(entry.created || Date.now()).toLocaleString(lang === "de" ? "de-DE" : "en-GB", {
    day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
  });
  const game = gameById(entry.game);
  const title = game ? nameOf(game) : sw(lang, "table_word");
  const status = h("span", { class: "your-status" }, "…");
  const people = h("span", { class: "your-people" });
  const go = h("a", { class: "button primary go", href: withLang(`/table.html?table=${encodeURIComponent(entry.table)}&token=${encodeURIComponent(entry.token)}`, lang) }, sw(lang, "go_on"));
  const again = h("span", { class: "again-slot" });
  const forget = h(
    "button",
    { type: "button", class: "forget", "aria-label": sw(lang, "forget_label", { game: title, date }) },
    sw(lang, "forget"),
  );
  const item = h(
    "li",
    { class: "your-table", dataset: { table: entry.table } },
    h("div", { class: "your-head" }, h("span", { class: "your-game" }, title), h("span", { class: "your-date" }, sw(lang, "opened_at", { date }))),
  );
  const parts = { item, status, people, go, again, title: item.querySelector(".your-game") };
  item.append(
    h("div", { class: "your-line" }, status, " ", people),
    h("div", { class: "your-actions" }, go, again, forget),
  );
  forget.addEventListener("click", () => {
    forgetTable(entry.table);
    const next = item.nextElementSibling || item.previousElementSibling;
    item.remove();
    if (!yourTables().length) showYours();
    (next?.querySelector(".go") || $("yours-heading")).focus();
  });
  describe(entry, parts);
  return item;
}

/** Fills in a remembered table's state: running or over, whose turn, who sits there. */
async function describe(entry, parts) {
  const query = new URLSearchParams({ token: entry.token, lang, since: "1000000000" });
  let state;
  try {
    state = await getJSON(`/api/tables/${encodeURIComponent(entry.table)}?${query}`);
  } catch (error) {
    parts.status.textContent = error.status === 404 || error.status === 403 ? sw(lang, "gone") : sw(lang, "unknown_state");
    parts.go.remove();
    parts.item.classList.add("gone");
    return;
  }
  if (!entry.game) {
    // A seat remembered from an invitation link: the game is known once asked.
    rememberTable({ ...entry, game: state.game, seat: state.seat });
    const game = gameById(state.game);
    if (game) parts.title.textContent = nameOf(game);
  }
  const seats = state.seats || [];
  const who = (seat) => (seat === state.seat ? sw(lang, "you") : seats[seat]?.name || sw(lang, "seat_n", { n: seat + 1 }));
  parts.item.classList.add(state.over ? "over" : "running");
  parts.people.textContent = sw(lang, "with_people", {
    names: seats.filter((seat) => seat.seat !== state.seat).map((seat) => who(seat.seat)).join(", "),
  });
  if (state.over) {
    const winners = (state.result?.ranking || []).map((place, seat) => (place === 1 ? seat : null)).filter((seat) => seat !== null);
    parts.status.textContent = winners.includes(state.seat) && winners.length === 1
      ? `${sw(lang, "finished")} · ${sw(lang, "you_won")}`
      : `${sw(lang, "finished")} · ${sw(lang, "won_by", { who: winners.map(who).join(", ") })}`;
    parts.go.textContent = sw(lang, "look");
    parts.go.classList.remove("primary");
    if (state.again?.url) {
      fill(parts.again, h("a", { class: "button primary", href: withLang(state.again.url, lang) }, sw(lang, "again")));
    }
    return;
  }
  const acting = state.to_act || [];
  const mine = acting.includes(state.seat);
  parts.item.classList.toggle("my-turn", mine);
  const others = acting.filter((seat) => seat !== state.seat).map(who);
  let text = sw(lang, "running");
  if (mine) text += ` · ${sw(lang, "your_turn")}`;
  else if (others.length) text += ` · ${sw(lang, others.length > 1 ? "turn_of_many" : "turn_of", { who: others.join(", ") })}`;
  parts.status.textContent = text;
}

$("setup").addEventListener("submit", openTable);
main();
