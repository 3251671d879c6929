// Triggs at the table: your score sheet large along the bottom edge with your hand, the
// others' sheets as mini-grids on their seats, the three piles in the centre (open tops
// left and right, face down in the middle). A turn plays as steps: the pile a card came
// from, each box as it is crossed, a full row flashing and its extra cross jumping in.
// The moves lie on the things they act on: a pile you may draw from is a button, a hand
// card you may discard is a button (a value held more than once opens a small chooser of
// how many), a row you may announce or give an extra cross is a button on your sheet.
import { h } from "../dom.js";
import { cardFace, cardRow, faceParts } from "../cards.js";
import { boardWord } from "../i18n.js";
import { scrolling } from "./common.js";

// The board's words come from the game's catalog (GET /api/games/triggs/words).
const w = (ctx, key, params) => boardWord("triggs", ctx.lang, key, params);
const PILES = ["left", "middle", "right"];

const marksOf = (ctx) => ctx.marks || {};

/** A mark for `seat` (marks carry {seat, row} or {seat, pile, card}). */
function markFor(ctx, kind, seat) {
  const mark = marksOf(ctx)[kind];
  return mark && mark.seat === seat ? mark : null;
}

/** One seat's sheet as a grid: a row per value, a box per cross the row takes. */
function grid(view, ctx, seat, { mini = false } = {}) {
  const crossed = markFor(ctx, "crossed", seat);
  const full = markFor(ctx, "full", seat);
  const extra = markFor(ctx, "extra", seat);
  const rows = view.sheet.map((boxes, index) => {
    const row = index + 1;
    const done = view.crosses[seat][index];
    const removed = view.removed_values.includes(row);
    const fresh = (crossed && crossed.row === row) || (extra && extra.row === row) ? done - 1 : -1;
    const classes = ["sheet-row", done === boxes ? "full" : "", removed ? "removed" : "", full && full.row === row ? "flash" : ""];
    const state = w(ctx, "crossed", { n: done, of: boxes });
    const parts = [
      h("span", { class: "row-no", "aria-hidden": "true" }, String(row)),
      h(
        "span",
        { class: "row-boxes", "aria-hidden": "true" },
        Array.from({ length: boxes }, (_, box) => {
          const kind = box < done ? "box crossed" : "box";
          const jump = box === fresh ? (extra && extra.row === row ? " jump" : " new") : "";
          return h("span", { class: kind + jump }, mini ? "" : box < done ? "✕" : "");
        }),
      ),
    ];
    const entry = mini ? null : rowMove(ctx, row);
    if (entry) {
      const words = triggs.moveText(entry.action, ctx);
      return ctx.moves.button(entry, parts, `${words.label} – ${state}`, classes.join(" ").trim());
    }
    return h("div", { class: classes.join(" ").trim(), role: "img", "aria-label": `${row}: ${state}` }, parts);
  });
  const label = mini ? w(ctx, "sheet_of", { who: ctx.name(seat) }) : w(ctx, "sheet_mine");
  const sheet = h("div", { class: `triggs-sheet ${mini ? "mini" : "big"}`, role: "group", "aria-label": label }, rows);
  if (mini) return sheet;
  // Your sheet says what its row buttons do: announce a row (action C) or give the extra cross.
  const offered = ctx.moves ? ["announce", "extra"].find((type) => ctx.moves.find({ type }).length) : null;
  const caption = offered ? w(ctx, offered === "announce" ? "g_announce" : "g_extra") : w(ctx, "sheet_mine");
  return h("div", { class: `triggs-sheet-box${offered ? " offered" : ""}` }, h("div", { class: "row-caption", "aria-hidden": "true" }, caption), sheet);
}

/** The legal move on a row of your sheet: announcing it, or the extra cross into it. */
function rowMove(ctx, row) {
  if (!ctx.moves) return null;
  return ctx.moves.find({ type: "announce", value: row })[0] || ctx.moves.find({ type: "extra", row })[0] || null;
}

function pile(view, ctx, index) {
  const name = PILES[index];
  const words = w(ctx, name);
  const size = view.pile_sizes[index];
  const top = name === "left" ? view.open_tops[0] : name === "right" ? view.open_tops[1] : null;
  const drawn = marksOf(ctx).drawn;
  const from = drawn && drawn.pile === name ? " drawn-from" : "";
  const entry = ctx.moves ? ctx.moves.find({ type: "draw", pile: name })[0] : null;
  let card;
  if (entry) {
    // a pile you may draw from is the move itself (its face: the open top, or a back)
    const label = `${triggs.moveText(entry.action, ctx).label} (${w(ctx, "pile_label", { name: words, top: top ?? "?", n: size })})`;
    const face = name === "middle" ? [] : faceParts({ main: String(top) });
    card = ctx.moves.button(entry, face, label, `card triggs pile-move${name === "middle" ? " back triggs-back" : ""}`);
  } else if (name === "middle") card = back(w(ctx, "pile_label", { name: words, top: "?", n: size }));
  else if (top === null) card = cardFace({ main: "–", kind: "triggs empty-pile", label: w(ctx, "pile_label", { name: words, top: w(ctx, "pile_empty"), n: size }) });
  else card = cardFace({ main: String(top), kind: "triggs", label: w(ctx, "pile_label", { name: words, top, n: size }) });
  return h("div", { class: `triggs-pile${from}` }, card, h("span", { class: "pile-name", "aria-hidden": "true" }, `${words} · ${size}`));
}

// The value whose discard chooser is open (a value held more than once), kept across redraws
// of the hand; null: none.
let chooserValue = null;

/**
 * Your hand. While discarding is a move (action B) each card you may discard is a button:
 * a value held once discards that card; a value held more than once opens a small chooser
 * beside its cards with each legal count ("1× 7", "2× 7").
 */
function handCards(view, ctx) {
  const moves = ctx.moves;
  const discards = (value) => (moves ? moves.find({ type: "discard", value }) : []);
  if (chooserValue !== null && !discards(chooserValue).length) chooserValue = null;
  const cards = [];
  view.hand.forEach((n, i) => {
    const label = w(ctx, "card", { n });
    const entries = discards(n);
    if (!entries.length) return cards.push(cardFace({ main: String(n), kind: "triggs", label }));
    const words = triggs.moveText(entries[0].action, ctx);
    if (entries.length === 1) return cards.push(moves.button(entries[0], faceParts({ main: String(n) }), words.label, "card triggs discard-move"));
    for (const entry of entries) moves.used.add(entry); // offered by the chooser, not the status bar
    cards.push(discardToggle(ctx, n, label));
    if (view.hand[i + 1] !== n) cards.push(discardChooser(ctx, n, entries));
  });
  return cards;
}

/** A card of a value held more than once: it opens (or closes) the chooser of how many. */
function discardToggle(ctx, n, label) {
  const toggle = h(
    "button",
    {
      type: "button", class: "card triggs discard-move discard-toggle", "aria-expanded": "false",
      "aria-controls": `discard-${n}`, "aria-label": `${label}: ${w(ctx, "g_discard")}`,
    },
    faceParts({ main: String(n) }),
  );
  toggle.addEventListener("click", () => {
    const chooser = document.getElementById(`discard-${n}`);
    if (chooser) chooser.toggle(chooser.hidden, true);
  });
  return toggle;
}

/** The chooser beside the cards of value `n`: one button per legal count, only while open. */
function discardChooser(ctx, n, entries) {
  const box = h("div", { class: "discard-chooser", id: `discard-${n}`, role: "group", "aria-label": w(ctx, "g_discard"), hidden: true });
  box.toggle = (open, focus) => {
    for (const other of document.querySelectorAll(".discard-chooser:not([hidden])")) if (other !== box) other.toggle(false);
    chooserValue = open ? n : chooserValue === n ? null : chooserValue;
    box.hidden = !open;
    for (const card of document.querySelectorAll(`.discard-toggle[aria-controls="discard-${n}"]`)) card.setAttribute("aria-expanded", String(open));
    if (!open) return box.replaceChildren();
    const buttons = entries.map((entry) => {
      const text = triggs.moveText(entry.action, ctx);
      const button = ctx.moves.button(entry, text.text, text.label, "discard-count");
      button.addEventListener("click", () => (chooserValue = null));
      return button;
    });
    box.replaceChildren(...buttons);
    if (focus) buttons[0].focus();
  };
  box.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    box.toggle(false);
    const card = document.querySelector(`.discard-toggle[aria-controls="discard-${n}"]`);
    if (card) card.focus();
  });
  if (chooserValue === n) queueMicrotask(() => box.isConnected && box.toggle(true, false));
  return box;
}

/** A card lying face down: its back only, named by `label`. */
function back(label, kind = "") {
  return h("span", { class: `card back triggs-back ${kind}`.trim(), role: "img", "aria-label": label });
}

/** The card a seat just drew, in front of it: its face if it came from an open pile. */
function drawnSlot(ctx, seat) {
  const drawn = markFor(ctx, "drawn", seat);
  if (!drawn) return null;
  const from = w(ctx, "drawn_from", { name: w(ctx, drawn.pile) });
  const card =
    drawn.card === null
      ? back(`${w(ctx, "card_back")} ${from}`, "small")
      : cardFace({ main: String(drawn.card), kind: "triggs small", label: `${w(ctx, "card", { n: drawn.card })} ${from}` });
  return h("div", { class: "triggs-drawn" }, card);
}

function chipOf(view, ctx, seat) {
  if (view.phase === "over") return view.winner === seat ? w(ctx, "chip_won") : null;
  if (view.turn !== seat) return null;
  if (view.phase === "drawing") return w(ctx, "chip_drawing", { n: view.draws_left });
  if (view.phase === "forming") return w(ctx, "chip_forming", { value: view.announced });
  if (view.phase === "extra") return w(ctx, "chip_extra");
  return w(ctx, "chip_turn");
}

/** One step per thing that happened in the frame; every step draws the frame's view. */
function stepOf(event, view) {
  const d = event.data;
  const say = event.text;
  switch (event.kind) {
    case "draw":
      return { view, marks: { drawn: { seat: d.seat, pile: d.pile, card: d.card } }, say, ms: 600 };
    case "form":
      return { view, marks: { crossed: { seat: d.seat, row: d.value } }, say, ms: 550 };
    case "row_full":
      return { view, marks: { full: { seat: d.seat, row: d.row } }, say, ms: 800 };
    case "extra":
      return { view, marks: { extra: { seat: d.seat, row: d.row } }, say, ms: 650 };
    case "discard":
    case "announce":
    case "refill_hand":
    case "reshuffle":
    case "removed":
    case "removal_rule":
      return { view, marks: {}, say, ms: 500 };
    case "win":
    case "round_limit":
      return { view, marks: {}, say, ms: 600, hold: true };
    default:
      return null;
  }
}

const triggs = {
  felt(view, ctx) {
    const drawing = Boolean(ctx.moves && ctx.moves.find({ type: "draw" }).length);
    return h(
      "div",
      { class: `triggs-felt${drawing ? " drawing" : ""}`, role: "group", "aria-label": w(ctx, "piles") },
      drawing ? h("div", { class: "row-caption offer", "aria-hidden": "true" }, w(ctx, "g_draw")) : null,
      h(
        "div",
        { class: "triggs-piles" },
        [0, 1, 2].map((i) => pile(view, ctx, i)),
        h("p", { class: "triggs-discard quiet" }, w(ctx, "discard", { n: view.discard_pile.length })),
      ),
    );
  },

  hand(view, ctx) {
    if (view.seat === null) return null;
    const cards = handCards(view, ctx);
    const discarding = Boolean(ctx.moves && ctx.moves.find({ type: "discard" }).length);
    const caption = discarding ? [w(ctx, "your_hand"), " · ", h("span", { class: "offer" }, w(ctx, "g_discard"))] : w(ctx, "your_hand");
    return h(
      "div",
      { class: `triggs-mine${discarding ? " discarding" : ""}` },
      grid(view, ctx, view.seat),
      cardRow(caption, cards, { id: "hand", kind: "hand" }),
    );
  },

  seat(view, seat, ctx) {
    return {
      score: `${view.crossed[seat]}/${view.sheet_boxes}`,
      scoreLabel: w(ctx, "crossed", { n: view.crossed[seat], of: view.sheet_boxes }),
      hand: view.hand_sizes[seat],
      chip: chipOf(view, ctx, seat),
      slot: drawnSlot(ctx, seat),
      extra: seat === view.seat ? null : grid(view, ctx, seat, { mini: true }),
    };
  },

  steps(frame) {
    const steps = frame.events.map((event) => stepOf(event, frame.view)).filter(Boolean);
    return steps.length ? steps : [{ view: frame.view }];
  },

  sheet(view, ctx) {
    return sheetTable(view, ctx);
  },

  ending(view, result, ctx) {
    return sheetTable(view, ctx);
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

/** Every sheet side by side: a row per value, a column per player (the on-demand view). */
function sheetTable(view, ctx) {
  const head = h("tr", {}, h("th", { scope: "col" }, w(ctx, "row")), [...Array(view.players).keys()].map((s) => h("th", { scope: "col" }, ctx.name(s))));
  const rows = view.sheet.map((boxes, index) =>
    h(
      "tr",
      { class: view.removed_values.includes(index + 1) ? "removed" : null },
      h("th", { scope: "row" }, String(index + 1)),
      view.crosses.map((crossed) => h("td", {}, `${crossed[index]}/${boxes}`)),
    ),
  );
  const sums = h("tr", {}, h("th", { scope: "row" }, w(ctx, "total")), view.crossed.map((n) => h("td", {}, `${n}/${view.sheet_boxes}`)));
  return scrolling(h("table", { class: "sheets" }, h("caption", {}, w(ctx, "sheets")), h("thead", {}, head), h("tbody", {}, rows, sums)));
}

export default triggs;
