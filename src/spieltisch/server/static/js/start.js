// The start page: choose a game, the number of seats, rule options (checked against the
// game's spec as the server publishes it), who sits where, and open the table.
import { gamesInfo, rulesUrl } from "./api.js";
import { fill, h } from "./dom.js";
import { languageSelect, pageLang, t } from "./i18n.js";
import { createTable, inviteList, rememberConfig } from "./tables.js";

const lang = pageLang();
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let info = { games: [], bots: [] };

async function main() {
  document.documentElement.lang = lang;
  document.title = `${t(lang, "start_heading")} – ${t(lang, "title")}`;
  $("lang-slot").append(languageSelect(lang, (next) => {
    const url = new URL(location.href);
    url.searchParams.set("lang", next);
    location.replace(url);
  }));
  $("start-heading").textContent = t(lang, "start_heading");
  $("replay-link").textContent = t(lang, "replay_heading");
  $("rules-link").textContent = t(lang, "rules");
  try {
    info = await gamesInfo();
  } catch (error) {
    return showError(error.message);
  }
  buildForm();
}

function showError(message) {
  $("alert").textContent = message ? `${t(lang, "error")}: ${message}` : "";
  $("alert").hidden = !message;
}

const gameById = (id) => info.games.find((game) => game.id === id) || info.games[0];
const nameOf = (item) => (lang === "de" ? item.name_de : item.name_en);
const helpOf = (item) => (lang === "de" ? item.help_de : item.help_en);

function buildForm() {
  const form = $("start-form");
  const gameSelect = h(
    "select",
    { id: "game", name: "game" },
    info.games.map((game) =>
      h("option", { value: game.id }, `${nameOf(game)} (${game.min_players}–${game.max_players})`),
    ),
  );
  gameSelect.value = gameById(params.get("game"))?.id || info.games[0].id;
  const playersSelect = h("select", { id: "players", name: "players" });
  const options = h("fieldset", { id: "options" });
  const seats = h("fieldset", { id: "seats" });
  const seed = h("input", { type: "number", id: "seed", name: "seed", min: 0, step: 1, inputmode: "numeric" });
  const submit = h("button", { type: "submit", class: "primary", id: "open-table" }, t(lang, "open_table"));
  fill(
    form,
    h("div", { class: "field" }, h("label", { for: "game" }, t(lang, "game")), gameSelect),
    h("div", { class: "field" }, h("label", { for: "players" }, t(lang, "players")), playersSelect),
    options,
    seats,
    h("div", { class: "field" }, h("label", { for: "seed" }, t(lang, "seed")), seed),
    h("p", {}, submit),
  );
  const wanted = { players: Number(params.get("players")) || null, seats: (params.get("seats") || "").split(",").filter(Boolean) };
  const refreshGame = () => {
    const game = gameById(gameSelect.value);
    $("rules-link").href = rulesUrl(game.id, lang);
    $("rules-link").textContent = t(lang, "rules_of", { game: nameOf(game) });
    fill(playersSelect, range(game.min_players, game.max_players).map((n) => h("option", { value: n }, String(n))));
    const players = wanted.players && wanted.players >= game.min_players && wanted.players <= game.max_players ? wanted.players : game.min_players + (game.max_players > game.min_players ? 1 : 0);
    playersSelect.value = String(Math.min(players, game.max_players));
    fillOptions(options, game);
    fillSeats(seats, Number(playersSelect.value), wanted.seats, game);
  };
  gameSelect.addEventListener("change", () => {
    wanted.players = null;
    refreshGame();
  });
  playersSelect.addEventListener("change", () => fillSeats(seats, Number(playersSelect.value), currentSeats(seats), gameById(gameSelect.value)));
  refreshGame();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    open(form, gameSelect.value, Number(playersSelect.value));
  });
}

function range(low, high) {
  return Array.from({ length: high - low + 1 }, (_, i) => low + i);
}

function fillOptions(fieldset, game) {
  const rows = game.options.map((option) => {
    const id = `option-${option.name}`;
    const helpId = `${id}-help`;
    let control;
    if (option.type === "bool") {
      control = h("input", { type: "checkbox", id, name: option.name, "aria-describedby": helpId });
      control.checked = Boolean(option.default);
    } else if (option.type === "int") {
      control = h("input", { type: "number", id, name: option.name, min: option.min, max: option.max, step: 1, required: true, inputmode: "numeric", "aria-describedby": helpId, value: option.default });
    } else if (option.type === "choice") {
      control = h("select", { id, name: option.name, "aria-describedby": helpId }, (option.choices || []).map((choice) => h("option", { value: choice }, choice)));
      control.value = option.default;
    } else {
      control = h("input", { type: "text", id, name: option.name, required: true, "aria-describedby": helpId, value: option.default });
    }
    control.dataset.option = option.type;
    const error = h("span", { class: "error-text", id: `${id}-error`, "aria-live": "polite" });
    const range = option.type === "int" ? ` · ${option.min}–${option.max}` : "";
    const note = `${option.name}${range} · ${t(lang, "default_value", { value: formatDefault(option.default) })}`;
    return h(
      "div",
      { class: "field" },
      h("label", { for: id }, helpOf(option)),
      control,
      error,
      h("p", { class: "help", id: helpId }, note),
    );
  });
  fill(fieldset, h("legend", {}, t(lang, "options")), rows.length ? rows : h("p", { class: "quiet" }, "–"));
}

function formatDefault(value) {
  if (value === true) return t(lang, "yes");
  if (value === false) return t(lang, "no");
  return String(value);
}

function currentSeats(fieldset) {
  return [...fieldset.querySelectorAll("select")].map((select) => select.value);
}

function fillSeats(fieldset, players, wanted, game) {
  const bots = game.bots || info.bots;
  const choices = [["human", t(lang, "person")], ...bots.map((bot) => [`bot:${bot.spec}`, `${t(lang, "bot")}: ${nameOf(bot)}`])];
  const fallback = bots.some((bot) => bot.spec === "heuristic") ? "bot:heuristic" : choices[1]?.[0] || "human";
  const rows = range(1, players).map((n) => {
    const id = `seat-${n}`;
    const select = h("select", { id, name: id }, choices.map(([value, name]) => h("option", { value }, name)));
    const want = wanted[n - 1];
    if (want && !choices.some(([value]) => value === want)) select.append(h("option", { value: want }, `${t(lang, "bot")}: ${want.slice(4)}`));
    select.value = want || (n === 1 ? "human" : fallback);
    return h("div", { class: "seat-row" }, h("label", { for: id }, t(lang, "seat_n", { n })), select);
  });
  fill(fieldset, h("legend", {}, t(lang, "seats")), rows);
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
        error.textContent = `${t(lang, "invalid_option")}: ${option.min}–${option.max}`;
        valid = false;
      }
    } else value = control.value;
    if (option.type === "text" && !value.trim()) {
      error.textContent = t(lang, "invalid_option");
      valid = false;
    }
    if (error.textContent) control.setAttribute("aria-invalid", "true");
    if (value !== option.default) options[option.name] = value;
  }
  if (!valid) form.querySelector("[aria-invalid]").focus();
  return valid ? options : null;
}

async function open(form, gameId, players) {
  showError("");
  const game = gameById(gameId);
  const options = readOptions(form, game);
  if (!options) return;
  const config = { game: gameId, players, options, seats: currentSeats(form.querySelector("#seats")) };
  const seedText = form.querySelector("#seed").value.trim();
  if (seedText) config.seed = Number(seedText);
  const button = form.querySelector("#open-table");
  button.disabled = true;
  try {
    const created = await createTable(config);
    rememberConfig(created, { ...config, seed: undefined });
    if (created.humans.length === 1) {
      location.href = withLang(created.humans[0].url);
      return;
    }
    fill($("invites"), inviteList(created, lang, created.humans[0]?.seat));
    $("invites-heading").focus();
  } catch (error) {
    showError(error.message);
  } finally {
    button.disabled = false;
  }
}

function withLang(url) {
  const full = new URL(url, location.href);
  full.searchParams.set("lang", lang);
  return full.pathname + full.search;
}

main();
