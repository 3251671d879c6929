// The balance lab (/lab): set up a simulation, a comparison with a pinned variant or a rule
// search; each runs as a job on the server (POST /api/lab/jobs), whose progress and result
// this page follows and draws. Every number comes from the job's JSON; the statistics (paired
// differences, intervals, p-values, the tuner's trials) are computed by the server's
// simulation package, never here. /lab?job=ID shows one job, read-only, to anyone with the link.
import { errorText, gamesInfo, getJSON, postJSON, request } from "./api.js";
import { fill, h } from "./dom.js";
import { languageSelect, pageLang } from "./i18n.js";
import { lw } from "./labwords.js";

const lang = pageLang();
const query = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const TOKENS = "spieltisch.lab.tokens"; // job id → its token (cancels it)
const PIN = "spieltisch.lab.pinned"; // the pinned variant
const FORM = "spieltisch.lab.form"; // the last set-up
const POLL_MS = 500;
const SVG = "http://www.w3.org/2000/svg";

let info = { games: [] };
let job = null; // the job shown
let timer = null;
const fmt = (x, digits = 3) => (x === null || x === undefined || Number.isNaN(x) ? "–" : Number(x).toLocaleString(lang, { maximumFractionDigits: digits, minimumFractionDigits: 0 }));
const pct = (x) => `${fmt(100 * x, 1)} %`;
const pText = (p) => (p < 0.001 ? "< 0,001".replace(",", lang === "de" ? "," : ".") : fmt(p, 3));

function stored(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? fallback;
  } catch {
    return fallback;
  }
}
const store = (key, value) => localStorage.setItem(key, JSON.stringify(value));
const gameOf = (id) => info.games.find((game) => game.id === id);
const gameName = (id) => {
  const game = gameOf(id);
  return game ? (lang === "de" ? game.name_de : game.name_en) : id;
};

async function main() {
  document.documentElement.lang = lang;
  document.title = `${lw(lang, "title")} – Spieltisch`;
  $("page-title").textContent = lw(lang, "title");
  $("home-link").textContent = lw(lang, "home");
  $("intro").textContent = lw(lang, "intro");
  $("lang-slot").append(languageSelect(lang, (next) => {
    const url = new URL(location.href);
    url.searchParams.set("lang", next);
    location.replace(url);
  }));
  try {
    info = await gamesInfo();
  } catch (error) {
    return showError(error.message);
  }
  const id = query.get("job");
  if (id && !stored(TOKENS, {})[id]) {
    // someone else's job, shared by its link: its result only
    const back = h("a", { href: "/lab", class: "button" }, lw(lang, "new_run"));
    $("intro").replaceChildren(lw(lang, "readonly"), " ", back);
    await follow(id);
    return;
  }
  setupForm();
  showPinned();
  if (id) await follow(id); // this browser's own job (reloaded): the set-up stays
}

function showError(message) {
  $("alert").textContent = message ? `${lw(lang, "error")}: ${message}` : "";
  $("alert").hidden = !message;
}

// -- the set-up ---------------------------------------------------------------------------

function field(id, label, control, hint = null) {
  return h("div", { class: "lab-field" }, h("label", { for: id }, label), control, hint && h("span", { class: "hint", id: `${id}-hint` }, hint));
}

function setupForm() {
  const saved = stored(FORM, {});
  $("setup").hidden = false;
  $("setup-heading").textContent = lw(lang, "setup");
  $("run").textContent = lw(lang, "run");
  $("compare").textContent = lw(lang, "compare");
  $("tune-summary").textContent = lw(lang, "tune");
  $("tune-run").textContent = lw(lang, "tune_run");
  const select = h("select", { id: "lab-game", name: "game" }, info.games.map((game) => h("option", { value: game.id }, gameName(game.id))));
  select.value = gameOf(saved.game) ? saved.game : info.games[0].id;
  select.addEventListener("change", () => gameFields(select.value, {}));
  fill($("setup-fields"), field("lab-game", lw(lang, "game"), select), h("div", { id: "game-fields" }));
  gameFields(select.value, saved.game === select.value ? saved : {});
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    start("simulate");
  });
  $("compare").addEventListener("click", () => start("compare"));
  $("tune-run").addEventListener("click", () => start("tune"));
  $("setup").addEventListener("input", compareState);
  $("setup").addEventListener("change", compareState);
}

function gameFields(id, saved) {
  const game = gameOf(id);
  const players = h("input", { id: "lab-players", type: "number", min: game.min_players, max: game.max_players, value: saved.players ?? Math.min(4, game.max_players), required: true });
  const seats = h("div", { class: "lab-seats", id: "lab-seats" });
  const drawSeats = () => {
    const n = Math.max(game.min_players, Math.min(game.max_players, Number(players.value) || game.min_players));
    const before = [...seats.querySelectorAll("select")].map((s, i) => botOf(i));
    fill(seats, Array.from({ length: n }, (_, i) => seatControl(game, i, before[i] ?? saved.bots?.[i])));
  };
  players.addEventListener("change", drawSeats);
  const options = game.options.map((option) => optionControl(option, saved.options?.[option.name]));
  const games = h("input", { id: "lab-games", type: "number", min: 1, max: 100000, step: 1, value: saved.games ?? 1000 });
  const seed = h("input", { id: "lab-seed", type: "number", min: 0, step: 1, value: saved.seed ?? 0 });
  fill(
    $("game-fields"),
    field("lab-players", lw(lang, "players"), players),
    h("fieldset", {}, h("legend", {}, lw(lang, "bots")), seats),
    options.length ? h("fieldset", { id: "lab-options" }, h("legend", {}, lw(lang, "options")), options) : null,
    field("lab-games", lw(lang, "games"), games),
    field("lab-seed", lw(lang, "seed"), seed),
  );
  drawSeats();
  tuneFields(game, saved);
  compareState();
}

function seatControl(game, seat, chosen) {
  const id = `lab-seat-${seat}`;
  const choices = [
    ...game.levels.map((level) => [level.spec, lw(lang, "level", { name: lang === "de" ? level.name_de : level.name_en })]),
    ...game.bots.filter((bot) => !game.levels.some((level) => level.spec === bot.spec)).map((bot) => [bot.spec, lang === "de" ? bot.name_de : bot.name_en]),
  ];
  const select = h("select", { id }, choices.map(([spec, name]) => h("option", { value: spec }, name)), h("option", { value: "" }, lw(lang, "other_spec")));
  const other = h("input", { id: `${id}-spec`, type: "text", "aria-label": lw(lang, "spec_of", { n: seat + 1 }), placeholder: "ismcts:sims=200", hidden: true });
  const medium = game.levels.find((level) => level.id === "medium");
  const want = chosen ?? (medium ? medium.spec : choices[0][0]);
  if (choices.some(([spec]) => spec === want)) select.value = want;
  else {
    select.value = "";
    other.value = want;
    other.hidden = false;
  }
  select.addEventListener("change", () => {
    other.hidden = select.value !== "";
    if (!other.hidden) other.focus();
  });
  return [h("label", { for: id }, lw(lang, "seat_n", { n: seat + 1 })), h("div", {}, select, other)];
}

function botOf(seat) {
  const select = $(`lab-seat-${seat}`);
  return select.value || $(`lab-seat-${seat}-spec`).value.trim();
}

function optionControl(option, saved) {
  const id = `lab-opt-${option.name}`;
  const help = lang === "de" ? option.help_de : option.help_en;
  const value = saved ?? option.default;
  const range = option.type === "int" ? `${lw(lang, "range_value", { min: option.min, max: option.max })}; ` : "";
  const hint = `${help} (${range}${lw(lang, "default_value", { value: option.type === "bool" ? lw(lang, option.default ? "yes" : "no") : option.default })})`;
  if (option.type === "bool") {
    const box = h("input", { id, type: "checkbox", dataset: { option: option.name, kind: "bool" }, "aria-describedby": `${id}-hint` });
    box.checked = value === true || value === "true";
    return h("div", { class: "lab-field check" }, box, h("label", { for: id }, option.name), h("span", { class: "hint", id: `${id}-hint` }, hint));
  }
  let control;
  if (option.type === "choice") {
    control = h("select", { id, dataset: { option: option.name, kind: "choice" } }, option.choices.map((choice) => h("option", { value: choice }, choice)));
    control.value = String(value);
  } else if (option.type === "int") {
    control = h("input", { id, type: "number", step: 1, min: option.min ?? null, max: option.max ?? null, value, dataset: { option: option.name, kind: "int" } });
  } else {
    control = h("input", { id, type: "text", value, dataset: { option: option.name, kind: "text" } });
  }
  control.setAttribute("aria-describedby", `${id}-hint`);
  return field(id, option.name, control, hint);
}

/** The tuner's objectives besides seat-balance: metrics, minimised or brought near a target. */
const OBJECTIVES = ["length", "minutes", "first_seat_advantage", "comebacks", "score_spread", "margin", "ties"];

/** An example line for the search box: a range, and a list (with `;` where values hold commas). */
function searchExample(game) {
  const number = game.options.find((option) => option.type === "int");
  const text = game.options.find((option) => option.type === "text");
  const choice = game.options.find((option) => option.type === "choice");
  const lines = [];
  if (number) lines.push(`${number.name}=${number.min}..${Math.min(number.max, Number(number.default) + 2)}`);
  if (text) lines.push(`${text.name}=${text.default};${text.example ?? "…"}`);
  else if (choice) lines.push(`${choice.name}=${choice.choices.join(",")}`);
  return lines.join("  ");
}

function tuneFields(game, saved) {
  const sample = searchExample(game);
  const params = h("textarea", { id: "lab-params", rows: 3, spellcheck: "false", "aria-describedby": "lab-params-hint" });
  params.value = (saved.params || []).join("\n");
  const objective = h(
    "select",
    { id: "lab-objective" },
    h("option", { value: "seat-balance" }, lw(lang, "objective_balance")),
    OBJECTIVES.map((name) => h("option", { value: name }, lw(lang, "objective_metric", { label: lw(lang, `obj_${name}`), name: name.replaceAll("_", "-") }))),
  );
  const target = h("input", { id: "lab-target", type: "number", step: "any", value: saved.target ?? "", "aria-describedby": "lab-target-hint" });
  const targetField = field("lab-target", lw(lang, "target"), target, lw(lang, "target_hint"));
  const showTarget = () => (targetField.hidden = objective.value === "seat-balance");
  objective.value = OBJECTIVES.includes(saved.objective) ? saved.objective : "seat-balance";
  objective.addEventListener("change", showTarget);
  showTarget();
  const trials = h("input", { id: "lab-trials", type: "number", min: 1, max: 200, value: saved.trials ?? 20 });
  fill(
    $("tune-fields"),
    field("lab-params", lw(lang, "tune_params"), params, lw(lang, "tune_params_hint", { example: sample })),
    field("lab-objective", lw(lang, "objective"), objective),
    targetField,
    field("lab-trials", lw(lang, "trials"), trials, lw(lang, "games_per_trial")),
  );
}

function readForm() {
  const game = $("lab-game").value;
  const players = Number($("lab-players").value);
  const bots = [...$("lab-seats").querySelectorAll("select")].map((_, i) => botOf(i));
  const options = {};
  for (const control of document.querySelectorAll("[data-option]")) {
    const kind = control.dataset.kind;
    const typed = control.value.trim();
    options[control.dataset.option] = kind === "bool" ? control.checked : kind === "int" && /^-?\d+$/.test(typed) ? Number(typed) : kind === "int" ? typed : control.value;
  }
  const objective = $("lab-objective").value;
  return {
    game,
    players,
    bots,
    options,
    games: Number($("lab-games").value),
    seed: Number($("lab-seed").value),
    params: $("lab-params").value.split("\n").map((line) => line.trim()).filter(Boolean),
    objective: objectiveText(objective, $("lab-target").value.trim()),
    trials: Number($("lab-trials").value),
    target: $("lab-target").value,
  };
}

/** `seat-balance`, `METRIC` (as small as possible) or `METRIC=TARGET`, as `spieltisch tune` takes it. */
function objectiveText(name, target) {
  if (name === "seat-balance") return name;
  const metric = name.replaceAll("_", "-");
  return target === "" ? metric : `${metric}=${target}`;
}

const sameValue = (a, b) => String(a) === String(b);

/** Whether the set-up can be compared with the pinned variant; says why not. */
function compareState() {
  const pinned = stored(PIN, null);
  const button = $("compare");
  const note = $("compare-note");
  if (!$("lab-game") || !$("lab-players")) return;
  const form = readForm();
  let reason = null;
  if (!pinned) reason = lw(lang, "compare_none");
  else if (pinned.game !== form.game || pinned.players !== form.players) reason = lw(lang, "compare_other", { game: gameName(pinned.game), players: pinned.players });
  else if (Object.entries(form.options).every(([key, value]) => sameValue(value, pinned.options[key]))) reason = lw(lang, "compare_same");
  button.disabled = reason !== null;
  note.textContent = reason ?? lw(lang, "compare_ready");
}

async function start(kind) {
  showError("");
  const form = readForm();
  store(FORM, { ...form, objective: $("lab-objective").value });
  const body = { kind, game: form.game, players: form.players, games: form.games, seed: form.seed, bots: form.bots, options: form.options };
  if (kind === "compare") body.against = stored(PIN, {}).options;
  if (kind === "tune") Object.assign(body, { params: form.params, objective: form.objective, trials: form.trials });
  let created;
  markInvalid(null);
  try {
    created = await postJSON("/api/lab/jobs", body);
  } catch (error) {
    showError(await refusalText(error));
    return markInvalid(error);
  }
  const tokens = stored(TOKENS, {});
  tokens[created.job] = created.token;
  store(TOKENS, tokens);
  history.replaceState(null, "", `/lab?job=${encodeURIComponent(created.job)}`);
  await follow(created.job, created);
}

// -- following a job ----------------------------------------------------------------------

/** A refusal in the page's language; parameters given in both languages (`{de, en}`, like an
 * option's allowed values) are worded in the page's. */
function refusalText(error) {
  const params = Object.fromEntries(Object.entries(error.params || {}).map(([key, value]) => [key, value && typeof value === "object" && !Array.isArray(value) && lang in value ? value[lang] : value]));
  return errorText({ message: error.message, code: error.code, params }, lang);
}

/** The control a refusal is about (a rule option, the players, games, seed, trials or the
 * search lines) is marked invalid and focused; `null` clears every mark. */
function markInvalid(error) {
  for (const control of document.querySelectorAll("#setup [aria-invalid]")) control.removeAttribute("aria-invalid");
  if (!error) return;
  const params = error.params || {};
  const code = error.code || "";
  let control = null;
  if (params.name && $(`lab-opt-${params.name}`)) control = $(`lab-opt-${params.name}`);
  else if (code === "option_deck_small") control = document.querySelector("[data-option]");
  else if (code.startsWith("tune_objective")) control = $("lab-target").closest("[hidden]") ? $("lab-objective") : $("lab-target");
  else if (code.startsWith("tune_param") || code === "lab_tune_params" || code === "tune_no_param") control = $("lab-params");
  else if (code.includes("trials")) control = $("lab-trials");
  else if (code === "sim_games_count" || code.includes("games")) control = $("lab-games");
  else if (code === "seed_range") control = $("lab-seed");
  else if (code.includes("seats") || code.includes("players")) control = $("lab-players");
  if (!control) return;
  control.setAttribute("aria-invalid", "true");
  if (control.closest("details")) control.closest("details").open = true;
  control.focus();
}

async function follow(id, first = null) {
  clearTimeout(timer);
  try {
    job = first ?? (await getJSON(`/api/lab/jobs/${encodeURIComponent(id)}`));
  } catch (error) {
    return showError(error.status === 404 ? lw(lang, "not_found") : await refusalText(error));
  }
  const fresh = $("job").hidden || $("job").dataset.job !== id;
  $("job").dataset.job = id;
  $("job").hidden = false;
  fill($("results"));
  drawJob(true);
  if (fresh && first) $("job-heading").focus();
  const tick = async () => {
    try {
      job = await getJSON(`/api/lab/jobs/${encodeURIComponent(id)}`);
    } catch (error) {
      showError(await refusalText(error));
    }
    drawJob(false);
    if (job.state === "running") timer = setTimeout(tick, POLL_MS);
  };
  if (job.state === "running") timer = setTimeout(tick, POLL_MS);
}

function jobWhat(j) {
  const p = j.params;
  if (j.kind === "tune") return lw(lang, "job_what_tune", { game: gameName(p.game), players: p.players, trials: p.trials, games: fmt(p.games, 0), objective: p.objective, seed: p.seed });
  return lw(lang, "job_what", { game: gameName(p.game), players: p.players, games: fmt(p.games, 0), seed: p.seed, bots: p.bots.join(", ") });
}

let drawnState = null;

function drawJob(first) {
  const j = job;
  $("job-heading").textContent = lw(lang, `job_${j.kind}`);
  $("job-what").textContent = jobWhat(j);
  const running = j.state === "running";
  const progress = $("progress");
  progress.max = Math.max(1, j.total);
  progress.value = j.done;
  progress.setAttribute("aria-label", lw(lang, `job_${j.kind}`));
  const counted = lw(lang, j.kind === "tune" ? "progress_trials" : "progress_games", { done: fmt(j.done, 0), total: fmt(j.total, 0) });
  const restarted = j.restarts ? ` ${lw(lang, "restarted", { n: j.restarts })}` : "";
  const rechecking = running && j.kind === "tune" && j.done >= j.total ? ` ${lw(lang, "rechecking")}` : "";
  $("progress-text").textContent = running ? counted + rechecking + restarted : `${lw(lang, `state_${j.state}`)} ${counted}${restarted}`;
  const token = stored(TOKENS, {})[j.job];
  const cancel = $("cancel");
  cancel.textContent = lw(lang, "cancel");
  cancel.hidden = !running || !token;
  cancel.onclick = async () => {
    try {
      job = await request("DELETE", `/api/lab/jobs/${encodeURIComponent(j.job)}?token=${encodeURIComponent(token)}`);
      clearTimeout(timer);
      drawJob(false);
    } catch (error) {
      showError(await refusalText(error));
    }
  };
  const errorBox = $("job-error");
  if (j.error) {
    refusalText({ message: j.error.error, code: j.error.code, params: j.error.params }).then((text) => (errorBox.textContent = text));
  }
  errorBox.hidden = !j.error;
  if (j.kind === "tune") {
    fill($("results"), drawTune(j));
  } else if (j.state === "done" && drawnState !== `${j.job}:done`) {
    fill($("results"), j.kind === "compare" ? drawCompare(j.result) : drawSummary(j.result));
  }
  if (j.state === "done" && drawnState !== `${j.job}:done`) drawTools(j);
  if (j.state !== "done") $("job-tools").hidden = true;
  drawnState = `${j.job}:${j.state}`;
  if (!first && j.state !== "running" && j.state !== "done") $("job-heading").focus();
}

function drawTools(j) {
  const url = new URL(j.url, location.origin).href;
  const link = h("input", { id: "share-url", type: "text", readonly: true, value: url, "aria-label": lw(lang, "share") });
  const copy = h("button", { type: "button", id: "copy-link" }, lw(lang, "copy"));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      link.select();
    }
    copy.textContent = lw(lang, "copied");
  });
  const report = h("a", { class: "button", id: "report-link", href: `/api/lab/jobs/${encodeURIComponent(j.job)}/report`, download: `spieltisch-${j.job}.zip` }, lw(lang, "report"));
  const tools = [h("span", { class: "label" }, `${lw(lang, "share")}:`), link, copy, report];
  if (j.kind !== "tune" && !$("setup").hidden) {
    const pin = h("button", { type: "button", id: "pin" }, lw(lang, "pin"));
    pin.addEventListener("click", () => {
      const p = j.params;
      store(PIN, { job: j.job, game: p.game, players: p.players, options: p.options });
      showPinned();
      compareState();
      $("pinned-heading").focus();
    });
    tools.push(pin);
  }
  fill($("job-tools"), tools);
  $("job-tools").hidden = false;
}

function optionsText(options) {
  return Object.entries(options).map(([key, value]) => `${key}=${value}`).join(", ");
}

function showPinned() {
  const pinned = stored(PIN, null);
  $("pinned").hidden = !pinned;
  if (!pinned) return;
  $("pinned-heading").textContent = lw(lang, "pinned");
  $("pinned-heading").tabIndex = -1;
  const unpin = h("button", { type: "button", id: "unpin" }, lw(lang, "unpin"));
  unpin.addEventListener("click", () => {
    localStorage.removeItem(PIN);
    showPinned();
    compareState();
  });
  fill(
    $("pinned-body"),
    h("p", {}, lw(lang, "pinned_what", { game: gameName(pinned.game), players: pinned.players, options: optionsText(pinned.options) }), " ", h("a", { href: `/lab?job=${encodeURIComponent(pinned.job)}`, "aria-label": lw(lang, "pinned_open") }, "↗")),
    unpin,
  );
}

// -- drawing results ----------------------------------------------------------------------

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  for (const child of children.flat()) if (child !== null && child !== undefined) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

const seatColour = (seat) => `var(--seat-${seat % 6})`;
const VARIANT_FILL = ["#8a8a8a", "var(--felt)"];

function table(caption, head, rows, attrs = {}) {
  return h(
    "div",
    { class: "table-wrap" },
    h("table", { class: "lab-table", ...attrs }, h("caption", {}, caption), h("thead", {}, h("tr", {}, head.map((cell) => h("th", { scope: "col" }, cell)))), h("tbody", {}, rows)),
  );
}

/** Win share per seat (per variant), with Wilson intervals and the fair-share line. */
function winShareChart(variants, labels) {
  const players = variants[0].players;
  const W = 360, H = 200, left = 44, bottom = 24, top = 10;
  const highest = Math.max(...variants.flatMap((v) => v.win_share_ci95.map((ci) => ci[1])), variants[0].fair_share) * 1.1 || 1;
  const y = (value) => top + (H - top - bottom) * (1 - value / highest);
  const band = (W - left - 8) / players;
  const width = (band * 0.7) / variants.length;
  const parts = [s("line", { class: "axis", x1: left, x2: W - 4, y1: y(0), y2: y(0) })];
  for (let k = 0; k <= 4; k++) {
    const value = (highest / 4) * k;
    parts.push(s("text", { x: left - 4, y: y(value) + 4, "text-anchor": "end" }, pct(value)));
  }
  variants.forEach((variant, k) => {
    for (let seat = 0; seat < players; seat++) {
      const x = left + band * seat + band * 0.15 + width * k;
      const share = variant.win_share[seat];
      const [low, high] = variant.win_share_ci95[seat];
      const fillColour = variants.length > 1 ? VARIANT_FILL[k % 2] : seatColour(seat);
      parts.push(
        s("rect", { x, y: y(share), width: width - 2, height: Math.max(0, y(0) - y(share)), fill: fillColour }, s("title", {}, `${labels[k] ? labels[k] + ": " : ""}${lw(lang, "seat_n", { n: seat + 1 })} ${pct(share)} (${pct(low)}–${pct(high)})`)),
        s("line", { class: "whisker", x1: x + width / 2 - 1, x2: x + width / 2 - 1, y1: y(low), y2: y(high) }),
      );
    }
  });
  for (let seat = 0; seat < players; seat++) parts.push(s("text", { x: left + band * (seat + 0.5), y: H - 6, "text-anchor": "middle" }, seat + 1));
  parts.push(s("line", { class: "fair", x1: left, x2: W - 4, y1: y(variants[0].fair_share), y2: y(variants[0].fair_share) }));
  return s("svg", { class: "plot", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": lw(lang, "win_share") }, parts);
}

/** `[[value, count], …]` merged into at most `most` bins of equal width: `[[from, to, count]]`. */
function bins(counts, most = 40) {
  if (!counts.length) return [];
  const low = counts[0][0], high = counts[counts.length - 1][0];
  const whole = counts.every(([v]) => Number.isInteger(v));
  const span = high - low + (whole ? 1 : 0);
  const width = whole ? Math.max(1, Math.ceil(span / most)) : span / most || 1;
  const out = [];
  for (const [value, n] of counts) {
    const index = Math.min(Math.floor((value - low) / width), whole ? Infinity : most - 1);
    const from = low + index * width;
    if (out.length && out[out.length - 1][0] === from) out[out.length - 1][2] += n;
    else out.push([from, from + width - (whole ? 1 : 0), n]);
  }
  return out;
}

/** Distributions as lines (share of games per bin), one per series, on one scale. */
function distributionChart(series, label) {
  const W = 360, H = 180, left = 44, bottom = 24, top = 10, right = 12;
  const all = series.flatMap((one) => one.counts.map(([v]) => v));
  if (!all.length) return null;
  const low = Math.min(...all), high = Math.max(...all);
  const binned = series.map((one) => {
    const total = one.counts.reduce((sum, [, n]) => sum + n, 0) || 1;
    return bins(one.counts).map(([from, to, n]) => [(from + to) / 2, n / total]);
  });
  const peak = Math.max(...binned.flat().map(([, share]) => share)) * 1.1 || 1;
  const x = (value) => left + ((W - left - right) * (value - low)) / (high - low || 1);
  const y = (share) => top + (H - top - bottom) * (1 - share / peak);
  const parts = [s("line", { class: "axis", x1: left, x2: W - right, y1: y(0), y2: y(0) })];
  const whole = all.every(Number.isInteger);
  const ticks = [...new Set([0, 1, 2, 3, 4].map((k) => low + ((high - low) * k) / 4).map((v) => (whole ? Math.round(v) : v)))];
  for (const value of ticks) parts.push(s("text", { x: x(value), y: H - 6, "text-anchor": "middle" }, fmt(value, 1)));
  parts.push(s("text", { x: left - 4, y: y(peak / 1.1) + 4, "text-anchor": "end" }, pct(peak / 1.1)));
  binned.forEach((points, k) => {
    const line = points.map(([value, share]) => `${x(value).toFixed(1)},${y(share).toFixed(1)}`).join(" ");
    parts.push(s("polyline", { points: line, fill: "none", stroke: series[k].colour, "stroke-width": 2.5, "stroke-dasharray": series[k].dash || null }, s("title", {}, series[k].name)));
  });
  const legend = series.length > 1 ? h("p", { class: "quiet" }, series.map((one) => h("span", { style: "margin-right:1em" }, h("span", { class: "seat-swatch", style: `background:${one.colour}` }), one.name))) : null;
  return [s("svg", { class: "plot", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label }, parts), legend];
}

function unitOf(summary) {
  return lw(lang, `unit_${summary.length_unit || "actions"}`);
}

function lengthCounts(summary) {
  return summary.length_unit ? summary.unit_counts : summary.length_counts;
}

function balanceVerdict(summary) {
  const found = [];
  summary.win_share.forEach((share, seat) => {
    if (summary.seat_p[seat] < 0.05) found.push(lw(lang, share > summary.fair_share ? "seat_more" : "seat_less", { seat: seat + 1, share: pct(share) }));
  });
  return found.length ? lw(lang, "balance_found", { found: found.join("; ") }) : lw(lang, "balance_none");
}

function metricLabel(metric, name) {
  return (lang === "de" ? metric.label_de : metric.label_en) || name;
}

function metricsTable(variants, labels) {
  const names = [...new Set(variants.flatMap((v) => Object.keys(v.metrics || {})))];
  if (!names.length) return h("p", { class: "quiet", id: "no-metrics" }, lw(lang, "no_metrics"));
  const cell = (metric) => {
    if (!metric) return "–";
    if (metric.unit === "share") return `${pct(metric.value)} (${pct(metric.low)}–${pct(metric.high)})`;
    const unit = metric.unit ? ` ${lw(lang, `unit_${metric.unit}`)}` : "";
    return `${fmt(metric.value, 2)}${unit} (${fmt(metric.low, 2)}–${fmt(metric.high, 2)})`;
  };
  const rows = names.map((name) => {
    const first = variants.map((v) => v.metrics?.[name]).find(Boolean);
    return h("tr", { dataset: { metric: name } }, h("td", {}, metricLabel(first, name)), variants.map((v) => h("td", {}, cell(v.metrics?.[name]))));
  });
  const head = [lw(lang, "metric"), ...(variants.length > 1 ? labels : [`${lw(lang, "value")} (95 %)`])];
  return table(lw(lang, "metrics"), head, rows, { id: "metrics" });
}

function seatTable(summary, compact = false) {
  const seatCell = (seat) => h("td", {}, h("span", { class: "seat-swatch", style: `background:${seatColour(seat)}` }), lw(lang, "seat_n", { n: seat + 1 }));
  if (compact) {
    const rows = summary.win_share.map((share, seat) =>
      h("tr", {}, seatCell(seat), h("td", {}, pct(share)), h("td", {}, `${pct(summary.win_share_ci95[seat][0])}–${pct(summary.win_share_ci95[seat][1])}`), h("td", {}, fmt(summary.mean_scores[seat], 2))),
    );
    return table(lw(lang, "seats_table"), [lw(lang, "seat"), lw(lang, "share_col"), lw(lang, "interval"), lw(lang, "mean_score")], rows);
  }
  const rows = summary.win_share.map((share, seat) =>
    h(
      "tr",
      {},
      seatCell(seat),
      h("td", {}, summary.bots[seat]),
      h("td", {}, fmt(summary.wins[seat], 0)),
      h("td", {}, pct(share)),
      h("td", {}, `${pct(summary.win_share_ci95[seat][0])}–${pct(summary.win_share_ci95[seat][1])}`),
      h("td", {}, pText(summary.seat_p[seat])),
      h("td", {}, `${fmt(summary.mean_scores[seat], 2)} ± ${fmt(summary.score_sd[seat], 1)}`),
    ),
  );
  const head = [lw(lang, "seat"), lw(lang, "bot"), lw(lang, "wins"), lw(lang, "share_col"), lw(lang, "interval"), lw(lang, "p_value"), `${lw(lang, "mean_score")} ± ${lw(lang, "sd")}`];
  return table(lw(lang, "seats_table"), head, rows, { id: "seat-table" });
}

function section(title, ...children) {
  return h("section", { class: "lab-result" }, h("h3", {}, title), children);
}

function drawSummary(summary) {
  const unit = unitOf(summary);
  const counts = lengthCounts(summary);
  const timing = summary.timing || {};
  return [
    h("p", { class: "verdict" }, balanceVerdict(summary)),
    summary.timing ? h("p", { class: "quiet" }, lw(lang, "seconds", { s: fmt(timing.seconds, 1), rate: fmt(timing.games_per_second, 0) })) : null,
    h(
      "div",
      { class: "lab-grid" },
      section(lw(lang, "win_share"), winShareChart([summary], [""]), h("p", { class: "quiet" }, lw(lang, "win_share_desc", { fair: pct(summary.fair_share) }))),
      section(
        lw(lang, "lengths"),
        distributionChart([{ name: lw(lang, "lengths"), counts, colour: "var(--felt)" }], lw(lang, "lengths")),
        h("p", { class: "quiet" }, lw(lang, "mean_length", { mean: fmt(summary.length_unit ? summary.mean_units : summary.mean_length, 2), unit, low: counts[0]?.[0], high: counts[counts.length - 1]?.[0] })),
      ),
      section(
        lw(lang, "scores"),
        distributionChart(summary.score_counts.map((one, seat) => ({ name: lw(lang, "seat_n", { n: seat + 1 }), counts: one, colour: seatColour(seat) })), lw(lang, "scores")),
        h("p", { class: "quiet" }, lw(lang, "scores_desc")),
      ),
    ),
    seatTable(summary),
    metricsTable([summary], [""]),
  ];
}

function differenceRow(label, pinnedValue, newValue, difference, value, change = value) {
  const verdict = difference.significant ? h("span", { class: "sig" }, lw(lang, "significant")) : lw(lang, "not_significant");
  const sign = difference.mean > 0 ? "+" : "";
  return h(
    "tr",
    { class: difference.significant ? "significant" : null },
    h("th", { scope: "row" }, label),
    h("td", {}, value(pinnedValue)),
    h("td", {}, value(newValue)),
    h("td", {}, h("strong", {}, `${sign}${change(difference.mean)}`), h("br"), h("span", { class: "quiet" }, `${change(difference.ci95[0])} … ${change(difference.ci95[1])}`)),
    h("td", {}, `p ${pText(difference.p).startsWith("<") ? "" : "= "}${pText(difference.p)}`, h("br"), verdict),
  );
}

function drawCompare(result) {
  const [pinned, fresh] = result.variants;
  const difference = result.differences[0];
  const labels = [`${lw(lang, "pinned_col")}: ${pinned.value}`, `${lw(lang, "new_col")}: ${fresh.value}`];
  const unit = unitOf(pinned);
  const number = (digits) => (x) => fmt(x, digits);
  const points = (x) => `${fmt(100 * x, 1)} pp`;
  const rows = [
    pinned.length_unit
      ? differenceRow(lw(lang, "length_row", { unit }), pinned.mean_units, fresh.mean_units, difference.units, number(2))
      : differenceRow(lw(lang, "length_row", { unit }), pinned.mean_length, fresh.mean_length, difference.length, number(2)),
    ...pinned.win_share.map((share, seat) => differenceRow(lw(lang, "win_row", { n: seat + 1 }), share, fresh.win_share[seat], difference.win_share[seat], pct, points)),
    ...pinned.mean_scores.map((score, seat) => differenceRow(lw(lang, "score_row", { n: seat + 1 }), score, fresh.mean_scores[seat], difference.mean_scores[seat], number(2))),
  ];
  const head = ["", labels[0], labels[1], `${lw(lang, "difference")} (95 %)`, lw(lang, "p_value")];
  return [
    h("p", {}, `${lw(lang, "variant_rules")}: ${result.compare.key} = ${pinned.value} → ${fresh.value}`),
    table(lw(lang, "differences"), head, rows, { id: "differences" }),
    h(
      "div",
      { class: "lab-grid" },
      section(
        lw(lang, "win_share"),
        winShareChart([pinned, fresh], labels),
        h("p", { class: "quiet" }, labels.map((label, k) => h("span", { style: "margin-right:1em" }, h("span", { class: "seat-swatch", style: `background:${VARIANT_FILL[k]}` }), label))),
      ),
      section(
        lw(lang, "lengths"),
        distributionChart(
          [
            { name: labels[0], counts: lengthCounts(pinned), colour: VARIANT_FILL[0], dash: "5 3" },
            { name: labels[1], counts: lengthCounts(fresh), colour: VARIANT_FILL[1] },
          ],
          lw(lang, "lengths"),
        ),
      ),
    ),
    metricsTable([pinned, fresh], labels),
    h("h3", {}, lw(lang, "side_by_side")),
    h("div", { class: "lab-grid" }, [pinned, fresh].map((variant, k) => h("div", {}, h("h4", {}, labels[k]), h("p", {}, balanceVerdict(variant)), seatTable(variant, true)))),
  ];
}

// -- a rule search ------------------------------------------------------------------------

function trialsChart(trials, best) {
  const W = 360, H = 180, left = 52, bottom = 24, top = 10, right = 8;
  const values = trials.flatMap((trial) => [trial.low ?? trial.objective, trial.high ?? trial.objective]).filter((v) => v !== null && Number.isFinite(v));
  if (!values.length) return null;
  const low = Math.min(...values), high = Math.max(...values);
  const x = (i) => left + ((W - left - right) * (i + 0.5)) / Math.max(1, trials.length);
  // every objective alike: one line across the middle
  const y = (v) => (high === low ? (top + H - bottom) / 2 : top + (H - top - bottom) * (1 - (v - low) / (high - low)));
  const parts = [s("line", { class: "axis", x1: left, x2: W - right, y1: H - bottom, y2: H - bottom })];
  parts.push(s("text", { x: left - 4, y: y(high) + 4, "text-anchor": "end" }, fmt(high, 3)));
  if (high !== low) parts.push(s("text", { x: left - 4, y: y(low) + 4, "text-anchor": "end" }, fmt(low, 3)));
  trials.forEach((trial, i) => {
    if (trial.objective === null || trial.objective === undefined) {
      // refused by the game: a cross on the axis
      parts.push(s("text", { x: x(i), y: H - bottom - 3, "text-anchor": "middle", class: "infeasible" }, "×", s("title", {}, `#${trial.number}: ${lw(lang, "infeasible", { reason: trial.infeasible?.code ?? "" })}`)));
      return;
    }
    const isBest = best && trial.number === best.number;
    if (Number.isFinite(trial.low) && Number.isFinite(trial.high)) parts.push(s("line", { class: "whisker", x1: x(i), x2: x(i), y1: y(trial.low), y2: y(trial.high) }));
    parts.push(s("circle", { cx: x(i), cy: y(trial.objective), r: isBest ? 6 : 4, fill: isBest ? "var(--accent)" : "var(--felt)" }, s("title", {}, `#${trial.number}: ${fmt(trial.objective)}`)));
  });
  parts.push(s("text", { x: (W + left) / 2, y: H - 8, "text-anchor": "middle" }, lw(lang, "trials_heading")));
  return s("svg", { class: "plot", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": lw(lang, "trials_plot") }, parts);
}

function drawTune(j) {
  const trials = j.trials || [];
  const result = j.result;
  let best = null;
  if (result && result.best) {
    const chosen = result.best;
    best = trials.find((trial) => trial.number === chosen.trial) || trials.find((trial) => optionsText(trial.options) === optionsText(chosen.options)) || null;
  } else {
    const feasible = trials.filter((trial) => trial.objective !== null && trial.objective !== undefined);
    if (feasible.length) best = feasible.reduce((a, b) => (b.objective < a.objective ? b : a));
  }
  const rows = trials.map((trial) => {
    if (trial.objective === null || trial.objective === undefined) {
      // refused by the game: its reason under the options, in the page's language
      const reason = h("span", { class: "reason" }, lw(lang, "infeasible", { reason: trial.infeasible?.error ?? "" }));
      if (trial.infeasible) refusalText({ message: trial.infeasible.error, code: trial.infeasible.code, params: trial.infeasible.params }).then((text) => (reason.textContent = lw(lang, "infeasible", { reason: text })));
      return h("tr", { class: "infeasible" }, h("td", {}, trial.number), h("td", { class: "infeasible" }, optionsText(trial.options), h("br"), reason), h("td", {}, lw(lang, "infeasible_word")), h("td", {}, "–"));
    }
    return h(
      "tr",
      { class: best && trial.number === best.number ? "best" : null },
      h("td", {}, trial.number),
      h("td", {}, optionsText(trial.options)),
      h("td", {}, fmt(trial.objective, 4)),
      h("td", {}, Number.isFinite(trial.low) ? `${fmt(trial.low, 4)} … ${fmt(trial.high, 4)}` : "–"),
    );
  });
  const out = [];
  if (result && !result.best && trials.length) out.push(h("p", { id: "best", class: "lab-error" }, lw(lang, "none_feasible")));
  if (result && result.best) {
    const b = result.best;
    out.push(h("p", { id: "best" }, h("strong", {}, lw(lang, "best", { options: optionsText(b.options), value: fmt(b.objective, 4), low: fmt(b.low, 4), high: fmt(b.high, 4) }))));
  }
  out.push(h("div", { class: "trials-plot" }, trialsChart(trials, best)), h("p", { class: "quiet" }, lw(lang, "trials_plot")));
  out.push(table(lw(lang, "trials_heading"), [lw(lang, "trial"), lw(lang, "variant_rules"), lw(lang, "objective_col"), lw(lang, "interval")], rows, { id: "trials" }));
  if (result && result.best && result.best.summary) {
    // the tuner re-checked the best variants with more games: the winner's full result
    out.push(h("h3", {}, lw(lang, "best_summary", { games: fmt(result.best.games ?? result.best.summary.games, 0) })), drawSummary(result.best.summary));
  } else if (result && result.best && result.best.metrics) {
    out.push(metricsTable([{ metrics: result.best.metrics }], [""]));
  }
  return out;
}

main();
