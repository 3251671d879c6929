// The replay viewer: a finished game (or any transcript) step by step, forwards and back,
// as a spectator saw it. The server replays and checks the transcript; this page draws.
import { cardFaces, gamesInfo, getJSON, postJSON } from "./api.js";
import { fill, h } from "./dom.js";
import { gameModule } from "./games/index.js";
import { languageSelect, loadGameWords, pageLang, t } from "./i18n.js";

const lang = pageLang();
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let replay = null;
let faces = null; // the game's card faces (what is printed on each card)
let step = 0;
let names = {};

async function main() {
  document.documentElement.lang = lang;
  $("lang-slot").append(languageSelect(lang, (next) => {
    const url = new URL(location.href);
    url.searchParams.set("lang", next);
    location.replace(url);
  }));
  $("home-link").textContent = t(lang, "home");
  $("replay-heading").textContent = t(lang, "replay_heading");
  $("file-label").textContent = t(lang, "transcript_file");
  $("slider-label").textContent = t(lang, "step_label");
  for (const [id, key] of [["first", "first"], ["prev", "prev"], ["next", "next"], ["last", "last"]]) {
    $(id).setAttribute("aria-label", t(lang, key));
    $(id).title = t(lang, key);
  }
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(step - 1));
  $("next").addEventListener("click", () => show(step + 1));
  $("last").addEventListener("click", () => show(replay.steps.length - 1));
  $("slider").addEventListener("input", () => show(Number($("slider").value)));
  document.addEventListener("keydown", onKey);
  $("transcript-file").addEventListener("change", openFile);
  gamesInfo()
    .then((info) => {
      for (const game of info.games) names[game.id] = lang === "de" ? game.name_de : game.name_en;
      if (replay) $("game-name").textContent = names[replay.game] || replay.game;
    })
    .catch(() => {});
  const table = params.get("table");
  if (table) {
    try {
      await load(await getJSON(`/api/tables/${encodeURIComponent(table)}/replay?lang=${lang}`));
    } catch (error) {
      showError(error.message);
    }
  }
}

function onKey(event) {
  if (!replay || event.target.closest("input[type=file], select")) return;
  if (event.target.matches("input[type=range]")) return; // the slider handles its own arrows
  if (event.key === "ArrowRight") show(step + 1);
  else if (event.key === "ArrowLeft") show(step - 1);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(replay.steps.length - 1);
  else return;
  event.preventDefault();
}

async function openFile() {
  const file = $("transcript-file").files[0];
  if (!file) return;
  showError("");
  try {
    const transcript = JSON.parse(await file.text());
    await load(await postJSON(`/api/replay?lang=${lang}`, transcript));
  } catch (error) {
    showError(error.message);
  }
}

function showError(message) {
  $("alert").textContent = message ? `${t(lang, "error")}: ${message}` : "";
  $("alert").hidden = !message;
}

async function load(data) {
  faces = await cardFaces(data.game);
  await loadGameWords(data.game);
  replay = data;
  $("game-name").textContent = names[data.game] || data.game;
  document.title = `${t(lang, "replay_heading")} – ${names[data.game] || data.game}`;
  $("slider").max = String(data.steps.length - 1);
  $("replay").hidden = false;
  show(0);
}

function name(seat) {
  return t(lang, "player", { n: seat + 1 });
}

function show(index) {
  if (!replay) return;
  step = Math.max(0, Math.min(replay.steps.length - 1, index));
  const current = replay.steps[step];
  const game = gameModule(replay.game);
  const ctx = {
    lang,
    seat: null,
    players: replay.players,
    acting: [],
    moves: null,
    state: { view: current.view, players: replay.players, seat: null },
    faces,
    name,
    t: (key, p) => t(lang, key, p),
  };
  $("slider").value = String(step);
  $("slider").setAttribute("aria-valuetext", t(lang, "step", { n: step, total: replay.steps.length - 1 }));
  $("step-text").textContent = t(lang, "step", { n: step, total: replay.steps.length - 1 });
  document.body.dataset.step = String(step);
  let action = t(lang, "start_position");
  if (current.action) {
    const words = game.moveText(current.action, ctx);
    const text = words ? words.label || words.text : current.label;
    action = current.seat === null ? text : t(lang, "action_by", { who: name(current.seat), action: text });
  }
  $("step-action").textContent = action;
  fill($("step-events"), current.events.map((event) => h("li", {}, event.text)));
  fill($("board"), game.board(current.view, ctx));
  // aria-disabled rather than disabled: a button that keeps the focus at either end.
  for (const id of ["first", "prev"]) $(id).setAttribute("aria-disabled", String(step === 0));
  for (const id of ["next", "last"]) $(id).setAttribute("aria-disabled", String(step === replay.steps.length - 1));
  renderResult(step === replay.steps.length - 1 ? replay.result : null);
}

function renderResult(result) {
  const box = $("result");
  box.hidden = !result;
  if (!result) return fill(box);
  const seats = [...Array(replay.players).keys()].sort((a, b) => result.ranking[a] - result.ranking[b]);
  fill(
    box,
    h("h2", { id: "result-heading" }, t(lang, "result")),
    h(
      "ol",
      { class: "plain" },
      seats.map((seat) => h("li", {}, `${result.ranking[seat]}. ${name(seat)}: ${result.scores[seat]}`)),
    ),
  );
}

main();
