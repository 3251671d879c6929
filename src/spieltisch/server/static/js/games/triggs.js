// Triggs: every player's score sheet (rows 1–12 with their boxes), the three piles, the
// hand sizes (and the cards known to be in them), your hand, and where the turn stands.
import { h } from "../dom.js";
import { cardFace, cardRow } from "../cards.js";
import { boardWord } from "../i18n.js";
import { facts, playersTable, scrolling } from "./common.js";

// The board's words come from the game's catalog (GET /api/games/triggs/words).
const w = (ctx, key, params) => boardWord("triggs", ctx.lang, key, params);
const PILES = ["left", "middle", "right"];

function sheetTable(view, ctx) {
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, w(ctx, "row")),
    [...Array(view.players).keys()].map((s) => h("th", { scope: "col" }, ctx.name(s))),
  );
  const rows = view.sheet.map((boxes, index) => {
    const row = index + 1;
    const removed = view.removed_values.includes(row);
    return h(
      "tr",
      { class: removed ? "removed" : null },
      h("th", { scope: "row" }, String(row), removed ? h("span", { class: "quiet" }, ` (${w(ctx, "removed")})`) : null),
      view.crosses.map((crossed) =>
        h(
          "td",
          {},
          h(
            "span",
            { class: "boxes", role: "img", "aria-label": w(ctx, "crossed", { n: crossed[index], of: boxes }) },
            Array.from({ length: boxes }, (_, box) =>
              h("span", { class: box < crossed[index] ? "box crossed" : "box" }, box < crossed[index] ? "✕" : ""),
            ),
          ),
        ),
      ),
    );
  });
  const sums = h(
    "tr",
    {},
    h("th", { scope: "row" }, w(ctx, "total")),
    view.crossed.map((crossed) => h("td", {}, `${crossed}/${view.sheet_boxes}`)),
  );
  return scrolling(
    h("table", { class: "sheets" }, h("caption", {}, w(ctx, "sheets")), h("thead", {}, head), h("tbody", {}, rows, sums)),
  );
}

function piles(view, ctx) {
  const [leftTop, rightTop] = view.open_tops;
  const tops = [leftTop, null, rightTop];
  const cards = PILES.map((pile, i) => {
    const name = w(ctx, pile);
    const size = view.pile_sizes[i];
    if (pile === "middle" || tops[i] === null) {
      return h(
        "span",
        { class: "pile" },
        cardFace({
          main: pile === "middle" ? "?" : "–",
          kind: pile === "middle" ? "back" : "empty-pile",
          label: w(ctx, "pile_label", { name, top: pile === "middle" ? "?" : w(ctx, "pile_empty"), n: size }),
        }),
        h("span", { class: "pile-name", "aria-hidden": "true" }, `${name} (${size})`),
      );
    }
    return h(
      "span",
      { class: "pile" },
      cardFace({ main: String(tops[i]), kind: "triggs", label: w(ctx, "pile_label", { name, top: tops[i], n: size }) }),
      h("span", { class: "pile-name", "aria-hidden": "true" }, `${name} (${size})`),
    );
  });
  return h(
    "div",
    { class: "card-row" },
    h("div", { class: "row-caption" }, w(ctx, "piles")),
    h("div", { class: "cards" }, cards),
    h("p", { class: "quiet" }, w(ctx, "discard", { n: view.discard_pile.length })),
  );
}

function doing(view, ctx) {
  if (view.phase === "over") return w(ctx, "over");
  const params = { n: view.draws_left, value: view.announced, formed: view.formed };
  return `${ctx.name(view.turn)} ${w(ctx, view.phase, params)}`;
}

export default {
  board(view, ctx) {
    const mine = view.seat !== null;
    return h(
      "div",
      { class: "board triggs" },
      facts(h("strong", {}, doing(view, ctx))),
      sheetTable(view, ctx),
      piles(view, ctx),
      playersTable(
        ctx,
        w(ctx, "players"),
        [
          [w(ctx, "hand_sizes"), (s) => String(view.hand_sizes[s])],
          [w(ctx, "known"), (s) => (s !== view.seat && view.known[s].length ? view.known[s].join(", ") : "")],
        ],
        { acting: ctx.acting },
      ),
      mine
        ? cardRow(
            w(ctx, "your_hand"),
            view.hand.map((n) => cardFace({ main: String(n), kind: "triggs", label: w(ctx, "card", { n }) })),
            { id: "hand", kind: "hand" },
          )
        : null,
    );
  },

  moveText(action, ctx) {
    switch (action.type) {
      case "draw": {
        const tops = ctx.state.view.open_tops;
        const top = action.pile === "left" ? tops[0] : action.pile === "right" ? tops[1] : null;
        const name = top === null ? w(ctx, action.pile) : `${w(ctx, action.pile)}: ${top}`;
        return { group: w(ctx, "g_draw"), text: w(ctx, "draw", { name }), label: w(ctx, "draw_label", { name }) };
      }
      case "discard":
        return { group: w(ctx, "g_discard"), text: w(ctx, "discard_n", action), label: w(ctx, "discard_label", action) };
      case "announce":
        return { group: w(ctx, "g_announce"), text: w(ctx, "announce", action), label: w(ctx, "announce_label", action) };
      case "form": {
        const cards = action.cards.join(" + ");
        return { group: w(ctx, "g_form"), text: w(ctx, "form", { cards }), label: w(ctx, "form_label", { cards }) };
      }
      case "extra":
        return { group: w(ctx, "g_extra"), text: w(ctx, "extra_row", action), label: w(ctx, "extra_label", action) };
      case "finish":
        return { group: w(ctx, "g_finish"), text: w(ctx, "finish") };
      default:
        return null;
    }
  },
};
