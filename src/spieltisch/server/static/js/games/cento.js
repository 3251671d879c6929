// Cento at the table: the open card big in the centre with its three properties as chips
// (Einer, Zehner, Quersumme), this turn's chain beside it, each card with the property it
// matched (the lay events tell which); an obligation as a banner on the obliged seat; your
// hand along the bottom edge, where the free card opens a small chooser of the values the
// server allows. What a card is (its digits, Monozahl, Schnapszahl …) comes from ctx.faces.
import { h } from "../dom.js";
import { cardFace, cardRow, faceParts } from "../cards.js";
import { boardWord } from "../i18n.js";
import { face } from "./common.js";

// The board's words come from the game's catalog (GET /api/games/cento/words).
const w = (ctx, key, params) => boardWord("cento", ctx.lang, key, params);
const PROPERTIES = ["ones", "tens", "sum"];

// Every card laid with the properties it matched, by event number, as the lay events told
// them (the view lists this turn's values only). Read from the events; never worked out here.
const laid = new Map();

function remember(events) {
  for (const event of events || []) {
    if (event.kind === "lay") laid.set(event.seq, { value: event.data.value, matched: event.data.matched || [] });
  }
}

/** What each of the view's turn values matched: the lays up to event `upTo`, where they agree. */
function matchedFor(view, upTo = Infinity) {
  const known = [...laid.entries()].filter(([seq]) => seq <= upTo).sort((a, b) => a[0] - b[0]).map(([, lay]) => lay);
  const start = known.length - view.turn_values.length;
  return view.turn_values.map((value, i) => {
    const lay = known[start + i];
    return lay && lay.value === value ? lay.matched : [];
  });
}

const isFree = (ctx, card) => face(ctx, card).kind === "free";
const kindOf = (ctx, card) => face(ctx, card).kind || "";

function cardWords(ctx, card) {
  if (isFree(ctx, card)) return w(ctx, "free_card");
  const kind = face(ctx, card).kind;
  const extra = kind === "mono" || kind === "repdigit" ? `, ${w(ctx, kind)}` : "";
  return w(ctx, "card", { n: card }) + extra;
}

function centoCard(ctx, value, { kind = "", label = null, note = null } = {}) {
  return cardFace({ main: String(value), note, kind: `cento ${kindOf(ctx, value)} ${kind}`, label: label || cardWords(ctx, value) });
}

/** The three properties of `value` as chips; the ones `lit` are highlighted. */
function propertyChips(ctx, value, lit) {
  const f = face(ctx, value);
  const shown = { ones: f.ones, tens: f.tens === null ? "–" : f.tens, sum: f.digit_sum };
  return h(
    "ul",
    { class: "cento-props plain" },
    PROPERTIES.map((p) =>
      h("li", { class: `cento-prop${lit.includes(p) ? " lit" : ""}` }, h("span", { class: "prop-name" }, w(ctx, `prop_${p}`)), h("strong", {}, String(shown[p]))),
    ),
  );
}

function openCard(view, ctx, lit) {
  const value = view.open_value;
  const free = isFree(ctx, view.open_card);
  const label = `${w(ctx, "open")}: ${free ? w(ctx, "free_as", { n: value }) : cardWords(ctx, value)}`;
  const card = centoCard(ctx, value, { kind: `big${free ? " free" : ""}`, label, note: free ? w(ctx, "free") : null });
  const wild = face(ctx, value).kind === "hundred" && view.hundred_mode === "wild";
  return h(
    "div",
    { class: "cento-open" },
    card,
    wild ? h("p", { class: "cento-wild" }, w(ctx, "wild")) : propertyChips(ctx, value, lit),
  );
}

function chainRow(view, ctx, matched, laidNow) {
  if (!view.turn_values.length) return null;
  const cards = view.turn_values.map((value, i) => {
    const props = matched[i] || [];
    const words = props.map((p) => w(ctx, `prop_${p}`)).join(", ");
    const fresh = laidNow && i === view.turn_values.length - 1 ? " slide-in" : "";
    return h(
      "div",
      { class: `cento-link${fresh}` },
      centoCard(ctx, value, { kind: "small", label: words ? `${cardWords(ctx, value)} – ${w(ctx, "matched", { props: words })}` : null }),
      words ? h("span", { class: "cento-matched", "aria-hidden": "true" }, words) : null,
    );
  });
  return h("div", { class: "cento-chain", role: "group", "aria-label": w(ctx, "this_turn") }, cards);
}

// Whether the free card's chooser is open: kept across redraws of the hand (a push from the
// server redraws the table while the person is choosing).
let chooserOpen = false;

function freeChooser(ctx, moves) {
  const entries = moves.find({ type: "lay", card: "free" });
  for (const entry of entries) moves.used.add(entry); // offered here, not in the status bar
  if (!entries.length) {
    chooserOpen = false;
    return null;
  }
  const box = h("div", { class: "cento-chooser", id: "free-chooser", role: "group", "aria-label": w(ctx, "lay_free"), hidden: true });
  const toggle = h(
    "button",
    { type: "button", class: "card cento free free-toggle", "aria-expanded": "false", "aria-controls": "free-chooser", "aria-label": w(ctx, "free_pick") },
    faceParts({ main: "★", note: w(ctx, "free") }),
  );
  const open = (yes, focus) => {
    chooserOpen = yes;
    if (yes && !box.childElementCount) {
      const buttons = entries.map((entry) => {
        const button = moves.button(entry, String(entry.action.value), w(ctx, "lay_free_n", { n: entry.action.value }), "free-value");
        button.addEventListener("click", () => (chooserOpen = false));
        return button;
      });
      box.append(h("div", { class: "row-caption" }, w(ctx, "lay_free")), h("div", { class: "values" }, buttons));
    }
    box.hidden = !yes;
    toggle.setAttribute("aria-expanded", String(yes));
    if (yes && focus) box.querySelector("button")?.focus();
  };
  toggle.addEventListener("click", () => open(box.hidden, true));
  box.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    open(false);
    toggle.focus();
  });
  if (chooserOpen) open(true, false);
  return [toggle, box]; // side by side in the hand's row
}

const cento = {
  felt(view, ctx) {
    remember(ctx.state && ctx.state.events);
    const marks = ctx.marks || {};
    const matched = marks.chain || matchedFor(view, ctx.state?.last_seq ?? Infinity);
    const lit = marks.laid ? marks.laid.matched : matched[matched.length - 1] || [];
    const parts = [openCard(view, ctx, lit), chainRow(view, ctx, matched, Boolean(marks.laid))];
    if (view.phase === "run" && !view.game_over) parts.push(h("p", { class: "cento-run" }, w(ctx, "run", { digit: view.run_digit })));
    if (view.seat !== null && view.drawn !== null) parts.push(cardRow(w(ctx, "drawn"), [centoCard(ctx, view.drawn, { kind: "small" })]));
    parts.push(h("p", { class: "cento-piles quiet" }, w(ctx, "draw_pile", { n: view.draw_pile_size })));
    if (view.pile_bottom && view.pile_bottom.length)
      parts.push(cardRow(w(ctx, "bottom"), view.pile_bottom.map((v) => centoCard(ctx, v, { kind: "small" }))));
    return h("div", { class: "cento-felt" }, parts);
  },

  hand(view, ctx) {
    if (view.seat === null) return null;
    const moves = ctx.moves;
    let free = null;
    const cards = view.hand.map((card) => {
      if (isFree(ctx, card)) {
        const chooser = moves && !free ? freeChooser(ctx, moves) : null;
        if (chooser) free = chooser;
        return chooser || cardFace({ main: "★", note: w(ctx, "free"), kind: "cento free", label: w(ctx, "free_card") });
      }
      const entry = moves ? moves.find({ type: "lay", card })[0] : null;
      if (!entry) return centoCard(ctx, card);
      return moves.button(entry, faceParts({ main: String(card) }), w(ctx, "lay", { n: card }), `card cento ${kindOf(ctx, card)}`);
    });
    const playable = moves && moves.find({ type: "lay" }).length;
    return cardRow(w(ctx, playable ? "choose" : "your_hand"), cards, { id: "hand", kind: "hand" });
  },

  seat(view, seat, ctx) {
    const n = view.hand_sizes[seat];
    const obliged = !view.game_over && view.phase === "obliged" && view.to_move === seat;
    let chip = null;
    if (view.game_over) chip = view.winner === seat ? w(ctx, "chip_won") : null;
    else if (obliged) chip = w(ctx, "chip_obliged");
    else if (view.to_move === seat) chip = w(ctx, view.phase === "run" ? "chip_run" : "chip_lays");
    return {
      score: String(n),
      scoreLabel: w(ctx, "cards_left", { n }),
      hand: null,
      chip,
      slot: null, // the laid card slides into the chain in the centre
      extra: null,
      // the obligation speaks to the obliged person on their own seat ("Du musst …")
      banner: obliged
        ? h("p", { class: "cento-banner", role: "note" }, w(ctx, seat === view.seat ? "banner_obliged_you" : "banner_obliged"))
        : null,
    };
  },

  steps(frame) {
    remember(frame.events);
    const view = frame.view;
    const chain = matchedFor(view, Math.max(0, ...frame.events.map((event) => event.seq)));
    const steps = [];
    for (const event of frame.events) {
      const d = event.data;
      if (event.kind === "lay") {
        const mark = { seat: d.seat, value: d.value, matched: d.matched || [] };
        steps.push({ view, marks: { chain, laid: mark }, say: event.text, ms: 700 });
      } else if (event.kind === "run" || event.kind === "rebuild" || (event.kind === "turn" && d.obliged)) {
        steps.push({ view, marks: { chain }, say: event.text, ms: 550 });
      } else if (event.kind === "draw" || event.kind === "take") {
        steps.push({ view, marks: { chain }, say: event.text, ms: 450 });
      } else if (event.kind === "win" || event.kind === "exhausted") {
        steps.push({ view, marks: { chain }, say: event.text, ms: 600, hold: true });
      }
    }
    return steps.length ? steps : [{ view, marks: { chain } }];
  },

  moveText(action, ctx) {
    switch (action.type) {
      case "lay":
        if (action.card === "free")
          return { group: w(ctx, "lay_free"), text: String(action.value), label: w(ctx, "lay_free_n", { n: action.value }) };
        return { group: w(ctx, "turn"), text: w(ctx, "lay", { n: action.card }) };
      case "draw":
        return { group: w(ctx, "turn"), text: w(ctx, "draw") };
      case "end":
        return { group: w(ctx, "turn"), text: w(ctx, "end") };
      case "take":
        return { group: w(ctx, "turn"), text: w(ctx, "take") };
      default:
        return null;
    }
  },
};

export default cento;
