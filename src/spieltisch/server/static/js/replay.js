// The replay viewer: a finished game (or any transcript) step by step, forwards and back,
// as a spectator saw it. Stepping forward plays the step as the table does (the same queue,
// js/sequencer.js); going back or jumping draws the step at once. The server replays and
// checks the transcript; this page draws.
import { gamesInfo, getJSON, postJSON } from "./api.js";
import { fill, h } from "./dom.js";
import { drawTable, loadGameCss, moduleContext, phoneQuery } from "./felt.js";
import { gameModule, loadGameModule } from "./games/index.js";
import { languageSelect, loadGameWords, pageLang, t } from "./i18n.js";
import { SPEEDS, Sequencer, reducedMotion, saveSpeed, savedSpeed } from "./sequencer.js";

const lang = pageLang();
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
let replay = null;
let faces = null; // what each card shows in the replayed game (`faces` of the replay)
let step = 0;
let names = {};
const sequencer = new Sequencer({ draw: (s) => drawView(s.view, s.marks || {}, s.frame.seat, s.say), settle: () => {} });

async function main() {
  document.documentElement.lang = lang;
  document.body.dataset.motion = reducedMotion() ? "reduced" : "full";
  $("lang-slot").append(languageSelect(lang, (next) => {
    const url = new URL(location.href);
    url.searchParams.set("lang", next);
    location.replace(url);
  }));
  $("home-link").textContent = t(lang, "home");
  $("replay-heading").textContent = t(lang, "replay_heading");
  $("file-label").textContent = t(lang, "transcript_file");
  $("slider-label").textContent = t(lang, "step_label");
  $("speed-label").textContent = t(lang, "speed");
  $("felt").setAttribute("aria-label", t(lang, "table"));
  for (const speed of Object.keys(SPEEDS)) {
    $("speed").append(new Option(t(lang, `speed_${speed}`), speed, false, speed === savedSpeed()));
  }
  $("speed").addEventListener("change", () => saveSpeed($("speed").value));
  for (const [id, key] of [["first", "first"], ["prev", "prev"], ["next", "next"], ["last", "last"]]) {
    $(id).setAttribute("aria-label", t(lang, key));
    $(id).title = t(lang, key);
  }
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(step - 1));
  $("next").addEventListener("click", () => forward());
  $("last").addEventListener("click", () => show(replay.steps.length - 1));
  $("slider").addEventListener("input", () => show(Number($("slider").value)));
  document.addEventListener("keydown", onKey);
  $("transcript-file").addEventListener("change", openFile);
  phoneQuery.addEventListener("change", () => replay && show(step));
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
  if (event.key === "ArrowRight") forward();
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
  if (!replay || replay.game !== data.game) loadGameCss(data.game);
  await Promise.all([loadGameWords(data.game), loadGameModule(data.game)]);
  faces = data.faces; // what the cards show in this game (its rule options)
  replay = data;
  $("game-name").textContent = names[data.game] || data.game;
  document.title = `${t(lang, "replay_heading")} – ${names[data.game] || data.game}`;
  $("slider").max = String(data.steps.length - 1);
  $("replay").hidden = false;
  show(0);
}

/** A spectator's seat state for the step, as the table page has one. */
function stateOf(view) {
  return { game: replay.game, players: replay.players, seat: null, seats: replay.seats || [], view };
}

function context(view, marks, acting) {
  // `acting` is the seat whose step it shows (not a seat to act): no "ist dran" chips.
  return moduleContext({ lang, state: stateOf(view), view, moves: null, marks, acting, faces, playing: true });
}

function drawView(view, marks = {}, actingSeat = null, say = null) {
  const acting = actingSeat === null || actingSeat === undefined ? [] : [actingSeat];
  drawTable($("felt"), $("hand-area"), gameModule(replay.game), view, context(view, marks, acting));
  if (say) $("step-action").textContent = say;
}

/** One step forward, played as the table plays it. */
function forward() {
  if (!replay || step >= replay.steps.length - 1) return;
  if (sequencer.busy) sequencer.finish();
  const before = replay.steps[step].view;
  setStep(step + 1);
  const current = replay.steps[step];
  const frame = { step, seat: current.seat, events: current.events, view: current.view };
  const game = gameModule(replay.game);
  const acting = current.seat === null ? [] : [current.seat];
  const made = (game.steps ? game.steps(frame, before, context(current.view, {}, acting)) : null) || [{ view: current.view }];
  sequencer.push(made.map((s) => ({ ...s, frame })));
}

/** Jumps to step `index`: drawn at once. */
function show(index) {
  if (!replay) return;
  sequencer.finish();
  setStep(index);
  const current = replay.steps[step];
  drawView(current.view, {}, current.seat);
}

function setStep(index) {
  step = Math.max(0, Math.min(replay.steps.length - 1, index));
  const current = replay.steps[step];
  const game = gameModule(replay.game);
  const ctx = context(current.view, {}, []);
  $("slider").value = String(step);
  $("slider").setAttribute("aria-valuetext", t(lang, "step", { n: step, total: replay.steps.length - 1 }));
  $("step-text").textContent = t(lang, "step", { n: step, total: replay.steps.length - 1 });
  document.body.dataset.step = String(step);
  let action = t(lang, "start_position");
  if (current.action) {
    const words = game.moveText(current.action, ctx);
    const text = words ? words.label || words.text : current.label;
    action = current.seat === null ? text : t(lang, "action_by", { who: ctx.name(current.seat), action: text });
  }
  $("step-action").textContent = action;
  fill($("step-events"), current.events.filter((event) => !event.told_better).map((event) => h("li", {}, event.text)));
  // aria-disabled rather than disabled: a button that keeps the focus at either end.
  for (const id of ["first", "prev"]) $(id).setAttribute("aria-disabled", String(step === 0));
  for (const id of ["next", "last"]) $(id).setAttribute("aria-disabled", String(step === replay.steps.length - 1));
  renderResult(step === replay.steps.length - 1 ? replay.result : null, ctx);
}

function renderResult(result, ctx) {
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
      seats.map((seat) => h("li", {}, `${result.ranking[seat]}. ${ctx.name(seat)}: ${result.scores[seat]}`)),
    ),
  );
}

main();
