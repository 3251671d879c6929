// Dicht dran: the circle of six cards with the target and its gap, everyone's face-down
// card, the piles, the won cards with their chilis, and your hand (its cards are the moves).
// What a card shows comes from the game's card faces (ctx.faces), the gap and the chilis
// won from the view: the page counts nothing itself.
import { h } from "../dom.js";
import { cardBack, cardFace, cardRow, faceParts } from "../cards.js";
import { boardWord } from "../i18n.js";
import { face, facts, playersTable, section } from "./common.js";

// The board's words come from the game's catalog (GET /api/games/dicht-dran/words).
const w = (ctx, key, params) => boardWord("dicht-dran", ctx.lang, key, params);

const SVG = "http://www.w3.org/2000/svg";

/** `count` small chili pictures (decoration: the card's name says the number). */
function chiliIcons(count) {
  return Array.from({ length: count }, () => {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 12 16");
    svg.setAttribute("class", "chili");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const body = document.createElementNS(SVG, "path");
    body.setAttribute("d", "M5 4 C9 4 10 8 8.5 11.5 C7.5 14 4.5 15.5 2.5 15 C5.5 12.5 6 8.5 5 4 Z");
    body.setAttribute("fill", "currentColor");
    const stem = document.createElementNS(SVG, "path");
    stem.setAttribute("d", "M5.5 4.5 C5 2.5 6 1 8 1");
    stem.setAttribute("stroke", "currentColor");
    stem.setAttribute("fill", "none");
    stem.setAttribute("stroke-width", "1.5");
    svg.append(body, stem);
    return svg;
  });
}

function chiliWords(ctx, card) {
  const n = face(ctx, card).chilis;
  return w(ctx, n === 1 ? "chili_n" : "chilis_n", { n });
}

/** A Dicht dran card: the number, large, and its chilis (drawn in the chili colour). */
export function chiliCard(ctx, card, { kind = "", label = null, note = null } = {}) {
  const { chilis, colour } = face(ctx, card);
  return cardFace({
    main: String(card),
    corner: chiliIcons(chilis),
    note,
    kind: `dd chili-${colour} ${kind}`,
    label: label || w(ctx, "card", { n: card, chilis: chiliWords(ctx, card) }),
  });
}

function circle(view, ctx) {
  const gapEnds = new Set(view.gap); // the target's two neighbours bound the gap
  // The six cards in their circle order (for screen readers too); the CSS lays them out
  // as a ring: positions 0–2 on top from left to right, 3–5 below from right to left.
  const cards = view.circle.map((card, position) => {
    const place = `pos-${position}`;
    if (position === view.target_position) {
      const label = w(ctx, "card_target", { n: card, chilis: chiliWords(ctx, card) });
      return chiliCard(ctx, card, { kind: `target ${place}`, label, note: w(ctx, "target_mark") });
    }
    if (gapEnds.has(card)) {
      const label = `${w(ctx, "card", { n: card, chilis: chiliWords(ctx, card) })}, ${w(ctx, "gap_mark")}`;
      return chiliCard(ctx, card, { kind: `gap-end ${place}`, label, note: w(ctx, "gap_mark") });
    }
    return chiliCard(ctx, card, { kind: place });
  });
  return h("div", { class: "circle", role: "group", "aria-label": w(ctx, "circle") }, cards);
}

function hand(view, ctx) {
  if (view.seat === null) return null;
  const moves = ctx.moves;
  let choosing = false;
  const cards = view.hand.map((card) => {
    const entry = moves ? moves.find({ type: "play", card })[0] : null;
    if (!entry) return chiliCard(ctx, card);
    choosing = true;
    const label = w(ctx, "play", { n: card, chilis: chiliWords(ctx, card) });
    const { chilis, colour } = face(ctx, card);
    const parts = faceParts({ main: String(card), corner: chiliIcons(chilis) });
    return moves.button(entry, parts, label, `card dd chili-${colour}`);
  });
  return cardRow(w(ctx, choosing ? "choose" : "your_hand"), cards, { id: "hand", kind: "hand" });
}

function players(view, ctx) {
  return playersTable(
    ctx,
    w(ctx, "players"),
    [
      [w(ctx, "hand"), (s) => String(view.hand_sizes[s])],
      [w(ctx, "won"), (s) => String(view.collections[s].length)],
      [w(ctx, "chilis"), (s) => String(view.won_chilis[s])],
      [w(ctx, "total"), (s) => String(view.totals[s])],
      [w(ctx, "laid"), (s) => (view.committed[s] ? cardBack(ctx.lang) : "")],
    ],
    { acting: ctx.acting },
  );
}

function passScores(view, ctx) {
  if (!view.pass_scores.length) return null;
  const rows = view.pass_scores.map((scores, i) =>
    h("li", {}, `${i + 1}: `, scores.map((s, seat) => `${ctx.name(seat)}: ${s}`).join(", ")),
  );
  return section(w(ctx, "pass_scores"), h("ol", { class: "plain" }, rows));
}

export default {
  board(view, ctx) {
    const [low, high] = view.gap;
    return h(
      "div",
      { class: "board dicht-dran" },
      facts(
        w(ctx, "pass", { n: view.pass_number, of: view.passes }),
        h("strong", {}, w(ctx, "target", { n: view.target })),
        w(ctx, "gap", { low, high }),
      ),
      circle(view, ctx),
      facts(w(ctx, "piles", { draw: view.draw_pile_size, discard: view.discard_pile.length })),
      players(view, ctx),
      view.my_card !== null
        ? h("p", { class: "my-card" }, w(ctx, "my_card"), " ", chiliCard(ctx, view.my_card, { kind: "small" }))
        : null,
      hand(view, ctx),
      passScores(view, ctx),
    );
  },

  moveText(action, ctx) {
    if (action.type === "play") return { group: w(ctx, "your_hand"), text: String(action.card) };
    return null;
  },
};
