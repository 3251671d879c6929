// The table every game shares: the seats around the felt in play order (yours at the bottom,
// on a phone a strip on top), each with its name, colour, hand counter, score badge, state
// chip and the slot for the card it lays; the game's centre in the middle; your hand below.
// The game module (js/games/<id>.js) draws the felt, the hand and what each seat shows.
import { fill, h } from "./dom.js";
import { boardWord, t } from "./i18n.js";

/** True when the page is phone-sized (≤ 600 px): seats as a strip on top. */
export const phoneQuery = window.matchMedia("(max-width: 600px)");

/** The game's own look: static/css/<id>.css, when it has one. */
export function loadGameCss(game) {
  const link = h("link", { rel: "stylesheet", href: `/css/${encodeURIComponent(game)}.css` });
  link.addEventListener("error", () => link.remove());
  document.head.append(link);
}

/** "Lotte", "Spieler 3" for a person who has not named themself yet. */
export function seatName(state, seat, lang) {
  const info = state.seats && state.seats[seat];
  return (info && info.name) || t(lang, "player", { n: seat + 1 });
}

/** The bot's strength word ("stark"), or "" for a person or a bot without a level. */
export function levelWord(info, lang) {
  return info && info.kind === "bot" && info.level ? t(lang, `level_${info.level}`) : "";
}

/** The context a game module draws with (see TABLE-CONTRACT.md). */
export function moduleContext({ lang, state, view, moves, marks = {}, acting, faces, playing = false }) {
  return {
    playing, // true while a sequence shows a step (acting: the seat whose action it shows)
    lang,
    seat: state.seat,
    players: state.players,
    acting,
    moves,
    state,
    view,
    faces,
    marks,
    name: (seat) => seatName(state, seat, lang),
    isMe: (seat) => seat === state.seat,
    colour: (seat) => `var(--seat-${seat % 6})`,
    w: (key, params) => boardWord(state.game, lang, key, params),
    t: (key, params) => t(lang, key, params),
  };
}

/**
 * The seats in play order, starting with yours (a spectator: seat 0): yours at the bottom,
 * the others clockwise along the far side of the table, from left to right, each with how far
 * it sits down the table's curve (`arc`: 0 in the middle of the far side, 1 at its ends).
 */
export function seatPlaces(players, mySeat) {
  const first = mySeat ?? 0;
  const order = Array.from({ length: players }, (_, k) => (first + k) % players);
  const others = order.slice(1);
  const arc = (i) => 1 - Math.sin((Math.PI * (i + 0.5)) / others.length);
  return [{ seat: first, side: "bottom", arc: 0 }, ...others.map((seat, i) => ({ seat, side: "top", arc: arc(i) }))];
}

const SVG = "http://www.w3.org/2000/svg";

/** A small robot head: the mark of a seat a bot plays (its name says "Bot" too). */
function robot() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const parts = [
    ["rect", { x: 2.5, y: 4.5, width: 11, height: 9, rx: 2, fill: "none", stroke: "currentColor", "stroke-width": 1.6 }],
    ["circle", { cx: 6, cy: 8.5, r: 1.3, fill: "currentColor" }],
    ["circle", { cx: 10, cy: 8.5, r: 1.3, fill: "currentColor" }],
    ["path", { d: "M8 4.5V2M5.5 11.3h5", stroke: "currentColor", "stroke-width": 1.4, fill: "none" }],
    ["circle", { cx: 8, cy: 1.6, r: 1.1, fill: "currentColor" }],
  ];
  for (const [tag, attrs] of parts) {
    const el = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
    svg.append(el);
  }
  return svg;
}

function botMark(lang) {
  return h("span", { class: "bot-mark", role: "img", "aria-label": t(lang, "bot_mark") }, robot());
}

/** What the module says a seat shows, with the frame's own fallbacks. */
function seatShows(game, view, seat, ctx) {
  const shown = game.seat ? game.seat(view, seat, ctx) || {} : {};
  return {
    score: shown.score ?? "",
    scoreLabel: shown.scoreLabel ?? shown.score ?? "",
    hand: shown.hand ?? null,
    chip: shown.chip ?? null,
    slot: shown.slot ?? null,
    extra: shown.extra ?? null,
    banner: shown.banner ?? null,
  };
}

/** The chip a seat shows: away beats thinking beats the game's own. */
function chipOf(info, shown, acting, lang) {
  if (info && info.away) return { text: t(lang, "away"), kind: "away" };
  if (acting && info && info.kind === "bot") return { text: t(lang, "thinking"), kind: "thinking" };
  if (shown.chip) return { text: shown.chip, kind: "" };
  if (acting) return { text: t(lang, "is_acting"), kind: "turn" };
  return null;
}

/** What each seat's slot showed when last drawn: a card arrives (moves in) only when it changed. */
const slotsShown = new Map();

function changedSlot(seat, node) {
  const shown = node.outerHTML ?? node.textContent;
  const changed = slotsShown.get(seat) !== shown;
  slotsShown.set(seat, shown);
  return changed;
}

/** One seat: its plate (name, colour, badges, chip) and the slot toward the centre. */
function seatElement(game, view, place, ctx, compact) {
  const { seat, side } = place;
  const { state, lang } = ctx;
  const info = (state.seats || [])[seat] || {};
  const acting = ctx.acting.includes(seat);
  const shown = seatShows(game, view, seat, ctx);
  const chip = chipOf(info, shown, acting && !ctx.playing, lang);
  const name = ctx.name(seat);
  const level = levelWord(info, lang);
  const me = seat === state.seat;
  const plate = h(
    "div",
    { class: "plate" },
    h("span", { class: "dot", "aria-hidden": "true" }),
    h(
      "span",
      { class: "seat-name" },
      me && !compact ? t(lang, "seat_you", { name }) : name,
      me && compact ? h("span", { class: "visually-hidden" }, ` (${t(lang, "you")})`) : null,
      info.kind === "bot" && !compact ? botMark(lang) : null,
    ),
    h(
      "span",
      { class: "badges" },
      shown.hand !== null
        ? h(
            "span",
            { class: "hand-count", role: "img", "aria-label": t(lang, "hand_count", { n: shown.hand }) },
            h("span", { class: "mini-card", "aria-hidden": "true" }),
            h("span", { "aria-hidden": "true" }, String(shown.hand)),
          )
        : null,
      shown.score !== ""
        ? h("span", { class: "score", role: "img", "aria-label": shown.scoreLabel }, h("span", { "aria-hidden": "true" }, shown.score))
        : null,
    ),
    level || chip || (compact && info.kind === "bot")
      ? h(
          "span",
          { class: "seat-sub" },
          // On a phone the robot goes beside the level word: the narrow plate keeps the name.
          compact && info.kind === "bot" ? botMark(lang) : null,
          level ? h("span", { class: "level" }, level) : null,
          chip ? h("span", { class: `seat-chip ${chip.kind}`.trim() }, chip.text) : null,
        )
      : null,
    info.kind === "human" && !info.connected && !me && info.connected !== undefined
      ? h("span", { class: "offline", title: t(lang, "offline") }, h("span", { class: "visually-hidden" }, t(lang, "offline")))
      : null,
  );
  // The slot between the seat and the middle, for the card the seat lays (when it has one).
  const slot = shown.slot
    ? h("div", { class: `slot${changedSlot(seat, shown.slot) ? " fresh" : ""}`, role: "group", "aria-label": t(lang, "slot_of", { name }) }, shown.slot)
    : null;
  if (!shown.slot) slotsShown.delete(seat);
  const classes = ["seat", `at-${side}`, compact ? "compact" : "", me ? "me" : "", acting ? "acting" : ""];
  if (info.kind === "bot") classes.push("bot");
  if (info.away) classes.push("away");
  const element = h(
    "div",
    {
      class: classes.filter(Boolean).join(" "),
      role: "group",
      "aria-label": name,
      style: `--seat-colour: var(--seat-${seat % 6}); --arc: ${place.arc.toFixed(3)}`,
      dataset: { seat: String(seat) },
    },
    plate,
    shown.extra ? h("div", { class: "extra" }, shown.extra) : null,
    shown.banner && !compact ? h("div", { class: "extra" }, shown.banner) : null,
    slot,
  );
  // On a phone a seat's banner (Cento's obligation) is a full-width line under the seat strip,
  // in the seat's colour and with its name (your own speaks to you and needs none).
  if (shown.banner && compact) {
    if (!me) shown.banner.prepend(h("span", { class: "banner-who" }, `${name}: `));
    element.banner = h("div", { class: "seat-banner", dataset: { seat: String(seat) }, style: `--seat-colour: var(--seat-${seat % 6})` }, shown.banner);
  }
  return element;
}

/** The game's centre: its felt (or, for a module not yet converted, its whole board). */
function centre(game, view, ctx) {
  const body = game.felt ? game.felt(view, ctx) : game.board(view, ctx);
  const inner = game.felt ? h("div", { class: `board felt-board ${ctx.state.game}` }, body) : body;
  return h("div", { id: "board", class: "felt-centre", role: "group", "aria-label": t(ctx.lang, "felt_label") }, inner);
}

/** Draws the felt (seats and centre) into `felt` and the hand into `handBox`. */
export function drawTable(felt, handBox, game, view, ctx) {
  const places = seatPlaces(ctx.players, ctx.seat);
  const compact = phoneQuery.matches;
  const seats = places.map((place) => seatElement(game, view, place, ctx, compact));
  const middle = centre(game, view, ctx);
  if (compact) {
    const banners = seats.map((seat) => seat.banner).filter(Boolean);
    fill(felt, h("div", { class: "seat-strip" }, seats), ...banners, middle);
  } else {
    const side = (name) => h("div", { class: `side side-${name}` }, seats.filter((_, i) => places[i].side === name));
    fill(felt, side("top"), middle, side("bottom"));
  }
  felt.classList.toggle("compact", compact);
  felt.dataset.players = String(ctx.players);
  const hand = game.hand ? game.hand(view, ctx) : null;
  fill(handBox, hand);
  handBox.hidden = !hand;
}
