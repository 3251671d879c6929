// Triggs: every player's score sheet (rows 1–12 with their boxes), the three piles, the
// hand sizes (and the cards known to be in them), your hand, and where the turn stands.
import { h } from "../dom.js";
import { cardFace, cardRow } from "../cards.js";
import { tw } from "../i18n.js";
import { facts, playersTable, scrolling } from "./common.js";

const WORDS = {
  de: {
    sheets: "Spielzettel",
    row: "Reihe",
    crossed: "{n} von {of} angekreuzt",
    removed: "aus dem Spiel",
    total: "Summe",
    piles: "Stapel",
    left: "links",
    middle: "Mitte (verdeckt)",
    right: "rechts",
    pile_label: "Stapel {name}: {top}, {n} Karten",
    pile_empty: "leer",
    discard: "Ablage {n}",
    hand_sizes: "Handkarten",
    known: "bekannt",
    your_hand: "Deine Hand",
    card: "Karte {n}",
    turn: "wählt: ziehen, abwerfen oder ankreuzen",
    drawing: "zieht noch {n} Karte(n)",
    forming: "kreuzt {value}en an ({formed} gelegt)",
    extra: "macht ein Extrakreuz",
    over: "Spielende",
    g_draw: "Ziehen (Aktion A)",
    g_discard: "Abwerfen (Aktion B)",
    g_announce: "Ankreuzen ansagen (Aktion C)",
    g_form: "Karten legen und ankreuzen",
    g_extra: "Extrakreuz",
    g_finish: "Zug",
    draw: "{name}",
    draw_label: "vom Stapel {name} ziehen",
    discard_n: "{count}× {value}",
    discard_label: "{count}× die {value} abwerfen",
    announce: "{value}en",
    announce_label: "Ich kreuze {value}en an",
    form: "{cards}",
    form_label: "{cards} legen",
    extra_row: "Reihe {row}",
    extra_label: "Extrakreuz in Reihe {row}",
    finish: "Zug beenden",
    players: "Spieler",
  },
  en: {
    sheets: "Score sheets",
    row: "row",
    crossed: "{n} of {of} crossed off",
    removed: "out of the game",
    total: "total",
    piles: "Piles",
    left: "left",
    middle: "middle (face down)",
    right: "right",
    pile_label: "{name} pile: {top}, {n} cards",
    pile_empty: "empty",
    discard: "discard {n}",
    hand_sizes: "hand",
    known: "known",
    your_hand: "Your hand",
    card: "card {n}",
    turn: "chooses: draw, discard or cross off",
    drawing: "draws {n} more card(s)",
    forming: "crosses off {value}s ({formed} laid)",
    extra: "places an extra cross",
    over: "game over",
    g_draw: "Draw (action A)",
    g_discard: "Discard (action B)",
    g_announce: "Announce a cross (action C)",
    g_form: "Lay cards and cross off",
    g_extra: "Extra cross",
    g_finish: "Turn",
    draw: "{name}",
    draw_label: "draw from the {name} pile",
    discard_n: "{count}× {value}",
    discard_label: "discard {count}× {value}",
    announce: "{value}s",
    announce_label: "I cross off {value}s",
    form: "{cards}",
    form_label: "lay {cards}",
    extra_row: "row {row}",
    extra_label: "extra cross in row {row}",
    finish: "End the turn",
    players: "Players",
  },
};

const w = (ctx, key, params) => tw(WORDS, ctx.lang, key, params);
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
