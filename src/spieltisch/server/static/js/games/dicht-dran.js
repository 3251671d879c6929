// Dicht dran at the table: the circle of six cards as a ring (the 1 and the 100 opposite,
// the target pushed toward the middle, the gap as a lit arc between its neighbours), each
// seat's face-down card in front of it, and your hand along the bottom edge.
// A round's reveal is shown step by step from the frame's events: the backs flip together,
// the closest card glows, the target goes to its winner, the gap's cards and the chili
// draws are marked, then the next target moves in. What a card shows comes from the card
// faces (ctx.faces), distances and ties from the events' data: the page works out no rule.
import { h } from "../dom.js";
import { boardWord } from "../i18n.js";

// The board's words come from the game's catalog (GET /api/games/dicht-dran/words).
const w = (ctx, key, params) => boardWord("dicht-dran", ctx.lang, key, params);

const SVG = "http://www.w3.org/2000/svg";
const RING = 6;
/** Where circle position `p` sits on the ring: the 1 (position 0) on top, clockwise. */
const angle = (p) => ((-90 + (360 / RING) * p) * Math.PI) / 180;
const OUTER = 37; // ring radius, in % of the ring box
const INNER = 17; // the target's radius: pushed toward the middle

function face(ctx, card) {
  return ctx.faces.cards[String(card)];
}

function marksOf(ctx) {
  return ctx.marks || {};
}

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

/** `count` small chili pictures (decoration: the card's name says the number). */
function chiliIcons(count) {
  return Array.from({ length: count }, () => {
    const icon = svg("svg", { viewBox: "0 0 12 16", class: "chili", "aria-hidden": "true", focusable: "false" });
    icon.append(
      svg("path", { d: "M5 4 C9 4 10 8 8.5 11.5 C7.5 14 4.5 15.5 2.5 15 C5.5 12.5 6 8.5 5 4 Z", fill: "currentColor" }),
      svg("path", { d: "M5.5 4.5 C5 2.5 6 1 8 1", stroke: "currentColor", fill: "none", "stroke-width": "1.5" }),
    );
    return icon;
  });
}

function chiliWords(ctx, card) {
  const n = face(ctx, card).chilis;
  return w(ctx, n === 1 ? "chili_n" : "chilis_n", { n });
}

function cardParts(ctx, card, note) {
  return [
    h("span", { class: "card-main dd-num", "aria-hidden": "true" }, String(card)),
    h("span", { class: "dd-chilis", "aria-hidden": "true" }, chiliIcons(face(ctx, card).chilis)),
    note ? h("span", { class: "dd-note", "aria-hidden": "true" }, note) : null,
  ];
}

/** A Dicht dran card face: the number, large, and its chilis in their colour. */
export function chiliCard(ctx, card, { kind = "", label = null, note = null } = {}) {
  const { colour } = face(ctx, card);
  return h(
    "span",
    {
      class: `card dd-card chili-${colour} ${kind}`.trim(),
      role: "img",
      "aria-label": label || w(ctx, "card", { n: card, chilis: chiliWords(ctx, card) }),
      dataset: { card: String(card) },
    },
    cardParts(ctx, card, note),
  );
}

/** A card lying face down: its back, never its face. */
function cardBack(ctx, kind = "") {
  return h(
    "span",
    { class: `card back dd-card dd-back ${kind}`.trim(), role: "img", "aria-label": w(ctx, "face_down") },
    h("span", { class: "dd-back-pattern", "aria-hidden": "true" }),
  );
}

// -- the felt: the ring --------------------------------------------------------------------

function place(position, radius) {
  const a = angle(position);
  return { left: 50 + radius * Math.cos(a), top: 50 + radius * Math.sin(a) };
}

/** The gap as the ring's arc from one neighbour of the target to the other. */
function gapArc(target) {
  const from = place((target + RING - 1) % RING, OUTER);
  const to = place((target + 1) % RING, OUTER);
  const box = svg("svg", { viewBox: "0 0 100 100", class: "dd-ring-lines", "aria-hidden": "true", focusable: "false" });
  box.append(
    svg("circle", { cx: 50, cy: 50, r: OUTER, class: "dd-ring-line" }),
    svg("path", {
      d: `M ${from.left.toFixed(2)} ${from.top.toFixed(2)} A ${OUTER} ${OUTER} 0 0 1 ${to.left.toFixed(2)} ${to.top.toFixed(2)}`,
      class: "dd-gap-arc",
    }),
  );
  return box;
}

function ringCard(view, ctx, position) {
  const marks = marksOf(ctx);
  const card = view.circle[position];
  const isTarget = position === view.target_position;
  const ends = [(view.target_position + RING - 1) % RING, (view.target_position + 1) % RING];
  const chilis = chiliWords(ctx, card);
  let node;
  if (isTarget && marks.won) {
    // the winner's card has taken the target's place in the middle of the circle
    const won = marks.won;
    node = chiliCard(ctx, won.card, {
      kind: "dd-target arrived",
      label: w(ctx, "card_arrived", { n: won.card, chilis: chiliWords(ctx, won.card) }),
    });
  } else if (isTarget) {
    node = chiliCard(ctx, card, {
      kind: `dd-target${marks.closest !== undefined ? " leaving" : ""}`,
      label: w(ctx, "card_target", { n: card, chilis }),
      note: w(ctx, "target_mark"),
    });
  } else if (ends.includes(position)) {
    node = chiliCard(ctx, card, { kind: "dd-gap-end", label: w(ctx, "card_gap_end", { n: card, chilis }) });
  } else {
    node = chiliCard(ctx, card);
  }
  const radius = isTarget ? INNER : OUTER;
  const { left, top } = place(position, radius);
  return h(
    "div",
    {
      class: `dd-pos${isTarget ? " is-target" : ""}`,
      style: `left:${left.toFixed(2)}%;top:${top.toFixed(2)}%`,
      dataset: { position: String(position) },
      role: "listitem",
    },
    node,
  );
}

/** The gap's words, in the arc's colour, in the line under the ring: on the ring they would
 * lie on the target card, its "Ziel" mark or a neighbour at some target positions. */
function gapLabel(view, ctx) {
  const [low, high] = view.gap;
  return h("strong", { class: "dd-gap-text" }, w(ctx, "gap", { low, high }));
}

/** The pass, the cards still missing and the piles, under the ring. */
function facts(view, ctx) {
  const missing = view.committed.filter((laid) => !laid).length;
  const waiting = !view.game_over && !marksOf(ctx).revealed && missing;
  return h(
    "p",
    { class: "dd-facts" },
    gapLabel(view, ctx),
    h("span", {}, w(ctx, "pass", { n: view.pass_number, of: view.passes })),
    waiting ? h("strong", { class: "dd-missing" }, w(ctx, missing === 1 ? "missing_one" : "missing", { n: missing })) : null,
    h("span", {}, w(ctx, "piles", { draw: view.draw_pile_size, discard: view.discard_pile.length })),
  );
}

function felt(view, ctx) {
  const positions = Array.from({ length: RING }, (_, position) => ringCard(view, ctx, position));
  return h(
    "div",
    { class: "dd-felt" },
    h(
      "div",
      { class: "dd-ring", dataset: { target: String(view.target_position) } },
      gapArc(view.target_position),
      h("div", { class: "dd-ring-cards", role: "list", "aria-label": w(ctx, "circle") }, positions),
    ),
    facts(view, ctx),
  );
}

// -- the seats ----------------------------------------------------------------------------

/** What lies in front of `seat`: nothing, a back, or (revealed) the card with its fate. */
function slot(view, seat, ctx) {
  const marks = marksOf(ctx);
  const revealed = marks.revealed ? marks.revealed[seat] : undefined;
  if (revealed !== undefined) {
    if (marks.won && marks.won.seat === seat) {
      const target = marks.won.target;
      return slotBox(seat, "won", chiliCard(ctx, target, { kind: "won", label: w(ctx, "card_won", { n: target, chilis: chiliWords(ctx, target) }) }), w(ctx, "took", { n: target }));
    }
    let kind = "revealed";
    let note = null;
    if (marks.closest === seat) {
      kind += " closest";
      note = marks.closestText;
    } else if (marks.gap && marks.gap.includes(seat)) {
      kind += " in-gap";
      note = w(ctx, "in_gap");
    } else if (marks.draws && marks.draws[seat] !== undefined) {
      kind += " draws";
      note = w(ctx, "draws", { n: marks.draws[seat] });
    }
    const label = note ? `${w(ctx, "card", { n: revealed, chilis: chiliWords(ctx, revealed) })} – ${note}` : null;
    return slotBox(seat, kind, chiliCard(ctx, revealed, { kind: "flip", label }), note);
  }
  if (view.seat === seat && view.my_card !== null) {
    return slotBox(seat, "mine", chiliCard(ctx, view.my_card, { kind: "face-down-mine", label: w(ctx, "my_card_label", { n: view.my_card }) }), w(ctx, "face_down_note"));
  }
  if (view.committed[seat]) return slotBox(seat, "laid", cardBack(ctx), null);
  return slotBox(seat, "empty", h("span", { class: "dd-card dd-empty", "aria-hidden": "true" }), null);
}

function slotBox(seat, kind, card, note) {
  return h(
    "div",
    { class: `dd-slot ${kind}`, dataset: { seat: String(seat) } },
    card,
    note ? h("span", { class: "dd-slot-note" }, note) : null,
  );
}

function seatChip(view, seat, ctx) {
  const marks = marksOf(ctx);
  if (view.game_over) return null;
  if (marks.won && marks.won.seat === seat) return w(ctx, "chip_won");
  if (marks.revealed) return null;
  if (view.committed[seat]) return w(ctx, "chip_laid");
  if ((ctx.acting || []).includes(seat)) return w(ctx, "chip_laying");
  return null;
}

function seat(view, seatNo, ctx) {
  const marks = marksOf(ctx);
  const won = view.won_chilis[seatNo];
  const total = view.totals[seatNo];
  const past = view.pass_number > 1 || view.game_over;
  const hand = marks.handSizes ? marks.handSizes[seatNo] : view.hand_sizes[seatNo];
  return {
    score: view.game_over
      ? w(ctx, "badge_points", { n: total })
      : past
        ? w(ctx, "badge_total", { total, n: won })
        : w(ctx, "badge_chilis", { n: won }),
    scoreLabel: view.game_over
      ? w(ctx, "badge_points_label", { n: total })
      : past
        ? w(ctx, "badge_total_label", { total, n: won })
        : w(ctx, "badge_chilis_label", { n: won }),
    hand,
    chip: seatChip(view, seatNo, ctx),
    slot: view.game_over ? null : slot(view, seatNo, ctx),
    extra: null,
  };
}

// -- your hand ----------------------------------------------------------------------------

function hand(view, ctx) {
  if (view.seat === null) return null;
  const moves = ctx.moves;
  const drawn = new Set(marksOf(ctx).newCards || []);
  let choosing = false;
  const cards = view.hand.map((card) => {
    const entry = moves ? moves.find({ type: "play", card })[0] : null;
    const fresh = drawn.has(card) ? " fresh" : "";
    if (!entry) return chiliCard(ctx, card, { kind: `in-hand${fresh}` });
    choosing = true;
    const label = w(ctx, "play", { n: card, chilis: chiliWords(ctx, card) });
    const { colour } = face(ctx, card);
    return moves.button(entry, cardParts(ctx, card, null), label, `card dd-card in-hand chili-${colour}${fresh}`);
  });
  const labelId = "dd-hand-label";
  return h(
    "div",
    { class: "dd-hand", id: "hand", role: "group", "aria-labelledby": labelId },
    h("div", { class: "dd-hand-caption", id: labelId }, w(ctx, choosing ? "choose" : "your_hand")),
    h("div", { class: "cards dd-hand-cards" }, cards.length ? cards : h("span", { class: "dd-none" }, "–")),
  );
}

// -- a round, step by step ----------------------------------------------------------------

function eventsOf(frame, kind) {
  return frame.events.filter((event) => event.kind === kind);
}

/**
 * One frame as steps. A frame that reveals the round's cards becomes: the backs flip, the
 * closest glows with its label, the target goes to the winner and the gap's cards are
 * marked, the rest are marked with their draws and the hand counters tick (hold), then the
 * frame's own view (the next target). Any other frame is its view.
 */
function steps(frame, before, ctx) {
  const reveal = eventsOf(frame, "reveal")[0];
  const win = eventsOf(frame, "win")[0];
  if (!reveal || !win || !before) return [{ view: frame.view, say: frame.events.length ? frame.events[frame.events.length - 1].text : null }];
  const cards = reveal.data.cards;
  const revealed = Object.fromEntries(cards.map((card, seat) => [seat, card]));
  const winner = win.data.seat;
  const closestText = w(ctx, win.data.tie ? "closest_tie" : "closest", { n: win.data.card, d: win.data.distance });
  const gap = eventsOf(frame, "gap_discard").map((event) => event.data.seat);
  const draws = Object.fromEntries(eventsOf(frame, "draw").map((event) => [event.data.seat, event.data.count]));
  const handSizes = before.hand_sizes.map((size, seat) => size - (before.committed[seat] ? 0 : 1) + (draws[seat] || 0));
  const newCards = eventsOf(frame, "drawn").flatMap((event) => event.data.cards);
  // everyone has laid: your laid card lies in front of you, no longer in your hand
  const mine = before.seat === null ? undefined : cards[before.seat];
  const hand = before.hand.filter((card) => card !== mine);
  const laid = { ...before, hand, committed: before.committed.map(() => true) };
  const won = { seat: winner, card: win.data.card, target: win.data.target };
  const list = [
    { view: laid, marks: { revealed }, say: reveal.text, ms: 700 },
    { view: laid, marks: { revealed, closest: winner, closestText }, say: win.text, ms: 1100 },
    { view: laid, marks: { revealed, won, gap }, say: win.text, ms: 900 },
  ];
  const rest = eventsOf(frame, "discard_draw");
  const afterHand = { ...laid, hand: frame.view.hand };
  list.push({
    view: Object.keys(draws).length ? afterHand : laid,
    marks: { revealed, won, gap, draws, handSizes, newCards },
    say: rest.length ? rest.map((event) => event.text).join(" ") : gap.length ? eventsOf(frame, "gap_discard")[0].text : win.text,
    ms: 900,
    hold: true,
  });
  const next = eventsOf(frame, "target").pop();
  list.push({ view: frame.view, say: next ? next.text : null, ms: 500 });
  return list;
}

// -- scores ---------------------------------------------------------------------------------

function sheet(view, ctx) {
  if (!view.pass_scores.length) return null;
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, w(ctx, "players")),
    view.pass_scores.map((_, i) => h("th", { scope: "col" }, w(ctx, "pass_short", { n: i + 1 }))),
    h("th", { scope: "col" }, w(ctx, "total")),
  );
  const rows = Array.from({ length: view.players }, (_, seat) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, ctx.name(seat)),
      view.pass_scores.map((scores) => h("td", {}, String(scores[seat]))),
      h("td", {}, String(view.totals[seat])),
    ),
  );
  return h("table", { class: "dd-sheet" }, h("caption", {}, w(ctx, "pass_scores")), h("thead", {}, head), h("tbody", {}, rows));
}

/** The end screen's own scoring: the last pass's chilis won minus chilis in hand, and the
 * passes' points (every number from the view). */
function ending(view, result, ctx) {
  if (!view.pass_scores.length) return null;
  const last = view.pass_scores[view.pass_scores.length - 1];
  const rows = Array.from({ length: view.players }, (_, seat) => {
    const won = view.won_chilis[seat];
    const inHand = won - last[seat];
    const left = view.last_pass_hands[seat] || [];
    return h(
      "li",
      { class: "dd-ending-row", dataset: { seat: String(seat) } },
      h("strong", {}, ctx.name(seat)),
      " ",
      w(ctx, "ending_line", { won, hand: inHand, points: last[seat] }),
      left.length
        ? h("span", { class: "dd-ending-hand" }, left.map((card) => chiliCard(ctx, card, { kind: "dd-tiny" })))
        : null,
    );
  });
  return h(
    "div",
    { class: "dd-ending" },
    h("h3", {}, w(ctx, "ending_heading", { n: view.pass_scores.length })),
    h("ul", { class: "dd-ending-list" }, rows),
    sheet(view, ctx),
  );
}

function moveText(action, ctx) {
  if (action.type === "play") return { group: w(ctx, "your_hand"), text: String(action.card), label: w(ctx, "play", { n: action.card, chilis: chiliWords(ctx, action.card) }) };
  return null;
}

/** The status bar's words when it is your turn: what to do, and how many cards are missing. */
function prompt(view, ctx) {
  const missing = view.committed.filter((laid) => !laid).length;
  return w(ctx, missing === 1 ? "prompt_one" : "prompt", { n: missing });
}

export default { felt, hand, seat, moveText, steps, sheet, ending, prompt };
