// Magic Numbers at the table: the four number cards in the centre, each with its row of bid
// slots (chips face down in seat colours; your chips to lay as buttons under each card); at
// the reveal the chips turn over and then stand sorted by value as the reveal event lists
// them, and the points paid tick off the seat badges. While a card is solved: its number
// large, who answers next, the hints as badges, the four point corners with the one in play
// lit, and the answer box (or the four choices) below.
import { h } from "../dom.js";
import { cardFace } from "../cards.js";
import { boardWord } from "../i18n.js";
import { section } from "./common.js";

// The board's words come from the game's catalog (GET /api/games/magic-numbers/words).
const w = (ctx, key, params) => boardWord("magic-numbers", ctx.lang, key, params);
const CORNERS = ["corner_none", "corner_theme", "corner_unit", "corner_both"];

// The reveal's sorted rows by event number, as each reveal event listed them (the view keeps
// the chips in the order they were laid); a new round's event ends them.
const reveals = new Map();

function remember(events) {
  for (const event of events || []) {
    if (event.kind === "reveal") reveals.set(event.seq, event.data.bids);
    else if (event.kind === "round") reveals.set(event.seq, null);
  }
}

/** The sorted rows of the latest reveal up to event `upTo` (null: none this round). */
function sortedUpTo(upTo) {
  let found = null;
  let at = -1;
  for (const [seq, bids] of reveals) {
    if (seq <= upTo && seq > at) [found, at] = [bids, seq];
  }
  return found;
}

const theme = (view, id) => view.themes.find((item) => item.id === id);
const inLang = (ctx, texts) => texts[ctx.lang] ?? texts.en;
const themeName = (ctx, view, id) => inLang(ctx, theme(view, id));

function numberCard(ctx, view, face, { position = null, kind = "" } = {}) {
  const name = themeName(ctx, view, face.theme);
  const label = position !== null ? w(ctx, "face", { position: position + 1, number: face.number, theme: name }) : `${face.number}, ${name}`;
  return cardFace({ main: face.number, note: name, kind: `mn theme-${theme(view, face.theme).colour} ${kind}`, label });
}

/** The chips on a card in the order to show: sorted once the reveal told the order. */
function chipsAt(view, marks, position, upTo) {
  if (marks.flip) return view.bids[position];
  const laid = view.bids[position];
  const rows = marks.sortedBids || sortedUpTo(upTo);
  const sorted = rows && rows[position];
  if (sorted && laid.every(([, chip]) => chip !== null) && sorted.length === laid.length) return sorted;
  return laid;
}

function chip(ctx, seat, value, kind) {
  const who = ctx.name(seat);
  const hidden = value === null;
  return h(
    "li",
    {
      class: `chip mn-chip ${hidden ? "hidden-chip down" : "up"} ${kind}`.trim(),
      style: `--chip: ${ctx.colour(seat)}`,
      role: "img",
      "aria-label": hidden ? w(ctx, "chip_hidden", { who }) : w(ctx, "chip", { chip: value, who }),
      dataset: { seat: String(seat) },
    },
    h("span", { "aria-hidden": "true" }, hidden ? "" : String(value)),
  );
}

function bidButtons(ctx, position) {
  const moves = ctx.moves;
  if (!moves) return null;
  const view = ctx.state.view;
  const entries = moves.find({ type: "bid", position });
  if (!entries.length) return null;
  const number = view.display[position].number;
  return h(
    "div",
    { class: "mn-bid", role: "group", "aria-label": w(ctx, "bid_group", { position: position + 1, number }) },
    entries.map((entry) => moves.button(entry, String(entry.action.chip), w(ctx, "bid_label", { chip: entry.action.chip, position: position + 1, number }), "mn-bid-chip")),
  );
}

function displayCard(view, ctx, position) {
  const face = view.display[position];
  if (!face) return h("div", { class: "mn-slot empty" });
  const marks = ctx.marks || {};
  const kind = marks.flip ? "flip" : marks.sorted ? "sorted" : "";
  const solving = position === view.position ? " solving" : "";
  return h(
    "div",
    { class: `mn-slot${solving}` },
    numberCard(ctx, view, face, { position }),
    h("ul", { class: "mn-chips plain", "aria-label": w(ctx, "card_n", { n: position + 1 }) }, chipsAt(view, marks, position, ctx.state?.last_seq ?? Infinity).map(([seat, value]) => chip(ctx, seat, value, kind))),
    bidButtons(ctx, position),
  );
}

function solvingPanel(view, ctx) {
  if (view.position === null || !view.display[view.position]) return null;
  const face = view.display[view.position];
  const inPlay = (view.hints.includes("theme") ? 1 : 0) + (view.hints.includes("unit") ? 2 : 0);
  const next = view.answerer !== null ? view.order[view.answerer] : null;
  const corners = CORNERS.map((key, i) => h("span", { class: `mn-corner c${i}${i === inPlay ? " lit" : ""}` }, w(ctx, key)));
  const parts = [
    h(
      "div",
      { class: `mn-big theme-${theme(view, face.theme).colour}`, role: "img", "aria-label": w(ctx, "solving", { position: view.position + 1, number: face.number, theme: themeName(ctx, view, face.theme) }) },
      corners,
      h("span", { class: "mn-big-number", "aria-hidden": "true" }, face.number),
      h("span", { class: "mn-big-theme", "aria-hidden": "true" }, themeName(ctx, view, face.theme)),
    ),
    h(
      "ol",
      { class: "mn-order", "aria-label": w(ctx, "order_title") },
      view.order.map((seat) => h("li", { class: seat === next ? "next" : null, style: `--chip: ${ctx.colour(seat)}` }, ctx.name(seat))),
    ),
  ];
  if (view.hint_texts.length)
    parts.push(h("ul", { class: "mn-hints plain" }, view.hint_texts.map(([kind, de, en]) => h("li", { class: "mn-hint" }, w(ctx, "hint", { kind: w(ctx, kind), text: inLang(ctx, { de, en }) })))));
  if (view.answers.length && !view.choices.length)
    parts.push(h("p", { class: "mn-wrong" }, `${w(ctx, "wrong")}: `, view.answers.map(([s, text]) => `${ctx.name(s)} „${text}“`).join(" · ")));
  if (view.pending !== null && view.answerer !== null)
    parts.push(h("p", { class: "pending" }, w(ctx, "pending", { who: ctx.name(next ?? view.answerer), text: view.pending })));
  if (view.quiz) {
    const quiz = view.quiz;
    parts.push(h("p", { class: "quiz mn-quiz" }, w(ctx, "quiz", { meaning: inLang(ctx, { de: quiz.meaning_de, en: quiz.meaning_en }) })));
    parts.push(h("p", { class: "quiz mn-quiz" }, w(ctx, "accepted", { answers: [...quiz.answers_de, ...quiz.answers_en].join(" · ") })));
    if (view.judge_says !== null)
      parts.push(h("p", { class: "quiz mn-quiz" }, w(ctx, "judge_says", { verdict: w(ctx, view.judge_says ? "right" : "wrong_word") })));
  }
  return h("section", { class: "mn-solving", "aria-live": "polite" }, parts);
}

function chipOf(view, ctx, seat) {
  if (view.game_over) return null;
  if (view.quizmaster === seat) return w(ctx, "quizmaster");
  if (view.phase === "bid") {
    if (view.to_act.includes(seat)) return w(ctx, "chip_bidding");
    return view.chips_left[seat] === 0 ? w(ctx, "chip_no_chips") : null;
  }
  if (view.to_act.includes(seat)) return w(ctx, "chip_answering");
  return null;
}

function collection(view, ctx) {
  const meaning = (card) => `${card.number}: ${inLang(ctx, { de: card.meaning_de, en: card.meaning_en })}`;
  const parts = view.collections
    .map((cards, seat) => (cards.length ? section(w(ctx, "collected", { who: ctx.name(seat) }), h("ul", {}, cards.map((c) => h("li", {}, meaning(c))))) : null))
    .filter(Boolean);
  if (view.unsolved.length) parts.push(section(w(ctx, "unsolved"), h("ul", {}, view.unsolved.map((c) => h("li", {}, meaning(c))))));
  return parts.length ? h("div", { class: "mn-collections" }, parts) : null;
}

/** The choice buttons: each shows its number and meaning (answers=choice). */
function choiceButtons(moves, ctx) {
  const view = ctx.state.view;
  const face = view.position !== null ? view.display[view.position] : null;
  const number = face ? face.number : "?";
  const buttons = moves.find({ type: "choose" }).map((entry) => {
    const n = entry.action.index + 1;
    const [de, en] = view.choices[entry.action.index];
    const text = inLang(ctx, { de, en });
    const by = view.answers.filter(([, said]) => said === String(n)).map(([s]) => ctx.name(s));
    const content = [h("span", { class: "choice-n" }, `${n}`), " ", by.length ? h("s", {}, text) : text, by.length ? ` ✗ ${by.join(", ")}` : null];
    return moves.button(entry, content, w(ctx, "choose_label", { n, text }), by.length ? "choice wrong" : "choice");
  });
  return h("fieldset", { class: "choices move-group" }, h("legend", {}, w(ctx, "g_choose", { number })), buttons);
}

function steps(frame, before) {
  remember(frame.events);
  const view = frame.view;
  let sortedBids = null;
  // Before the reveal the chips still lie face down: those steps draw the view before it.
  let shown = frame.events.some((event) => event.kind === "reveal") && before ? before : view;
  const out = [];
  for (const event of frame.events) {
    const d = event.data;
    if (event.kind === "reveal") {
      shown = view;
      sortedBids = d.bids;
      if (before) out.push({ view, marks: { flip: true }, say: event.text, ms: 700 });
      out.push({ view, marks: { sorted: true, sortedBids }, say: event.text, ms: 900 });
    } else if (event.kind === "pay") {
      out.push({ view, marks: { sortedBids, paid: { seat: d.seat, paid: d.paid } }, say: event.text, ms: 550 });
    } else if (event.kind === "solved") {
      const solved = { seat: d.seat, number: d.number, gained: d.gained };
      out.push({ view: shown, marks: { sortedBids, solved }, say: event.text, ms: 900, hold: true });
    } else if (SAID.includes(event.kind)) {
      out.push({ view: shown, marks: { sortedBids }, say: event.text, ms: 600, hold: event.kind === "unsolved" });
    }
  }
  return out.length ? out : [{ view }];
}

/** Events shown as a step of their own (the sentence, the view after them). */
const SAID = ["bid", "pass", "card", "hint", "hint_auto", "answer", "dont_know", "choice", "unsolved", "bonus", "verdict"];

const magicNumbers = {
  felt(view, ctx) {
    remember(ctx.state && ctx.state.events);
    const top = view.draw_pile_top;
    const solving = solvingPanel(view, ctx);
    return h(
      "div",
      { class: `mn-felt${solving ? " has-solving" : ""}` },
      h("p", { class: "mn-round quiet" }, w(ctx, "round", { n: view.round, of: view.rounds })),
      solving,
      h("div", { class: "mn-display", role: "group", "aria-label": w(ctx, "display") }, view.display.map((_, p) => displayCard(view, ctx, p))),
      h(
        "p",
        { class: "mn-pile quiet" },
        w(ctx, "pile", { n: view.draw_pile_size }),
        top ? [` · ${w(ctx, "pile_top")}: `, numberCard(ctx, view, top, { kind: "small" })] : null,
      ),
    );
  },

  hand(view, ctx) {
    if (view.seat === null || view.phase !== "bid") return null;
    const mine = view.my_chips.map((value) => chip(ctx, view.seat, value, "mine"));
    return h("div", { class: "mn-hand" }, h("span", { class: "row-caption" }, w(ctx, "your_chips")), h("ul", { class: "mn-chips plain" }, mine));
  },

  seat(view, seat, ctx) {
    const marks = ctx.marks || {};
    const bonus = view.bonus[seat];
    const paid = marks.paid && marks.paid.seat === seat ? marks.paid.paid : null;
    const solved = marks.solved && marks.solved.seat === seat ? marks.solved : null;
    let slot = null;
    if (paid !== null) slot = h("span", { class: "mn-delta minus" }, `−${paid}`);
    else if (solved) slot = h("span", { class: "mn-flying" }, h("span", { class: "mn-delta plus" }, `+${solved.gained}`), cardFace({ main: solved.number, kind: "mn small", label: solved.number }));
    const cards = view.collections[seat].length;
    return {
      score: bonus ? `${view.points[seat]} (+${bonus})` : String(view.points[seat]),
      scoreLabel: w(ctx, "points_label", { n: view.points[seat] }),
      hand: null,
      chip: chipOf(view, ctx, seat),
      slot,
      extra: cards || view.chips_left[seat] < 4 ? h("span", { class: "mn-seat-extra" }, w(ctx, "seat_extra", { chips: view.chips_left[seat], cards })) : null,
    };
  },

  steps,

  sheet(view, ctx) {
    return collection(view, ctx);
  },

  ending(view, result, ctx) {
    return collection(view, ctx);
  },

  /** The answer field: typing an answer sends it as the listed answer action's instance.
   *  With answers=choice: one button per meaning offered. */
  form(moves, ctx) {
    if (moves.find({ type: "choose" }).length) return choiceButtons(moves, ctx);
    const template = moves.find({ type: "answer" })[0];
    if (!template) return null;
    moves.used.add(template);
    const view = ctx.state.view;
    const face = view.position !== null ? view.display[view.position] : null;
    const input = h("input", { type: "text", id: "answer-input", name: "answer", autocomplete: "off", required: true });
    const label = h("label", { for: "answer-input" }, w(ctx, "answer_label", { number: face ? face.number : "?" }));
    const submit = h("button", { type: "submit", class: "move primary" }, w(ctx, "answer_button"));
    const form = h("form", { class: "answer-form" }, label, input, submit);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return input.focus();
      moves.send({ ...template.action, text });
    });
    return form;
  },

  moveText(action, ctx) {
    const view = ctx.state.view;
    switch (action.type) {
      case "choose": {
        const face = view.display[view.position];
        const text = inLang(ctx, { de: view.choices[action.index][0], en: view.choices[action.index][1] });
        const params = { n: action.index + 1, text, number: face ? face.number : "?" };
        return { group: w(ctx, "g_choose", params), text: `${params.n}) ${text}`, label: w(ctx, "choose_label", params) };
      }
      case "bid": {
        const face = view.display[action.position];
        const params = { position: action.position + 1, number: face ? face.number : "?", chip: action.chip };
        return { group: w(ctx, "bid_group", params), text: w(ctx, "bid", params), label: w(ctx, "bid_label", params) };
      }
      case "pass":
        return { group: w(ctx, "g_other"), text: w(ctx, view.phase === "bid" ? "pass_bid" : "pass_answer") };
      case "hint":
        return { group: w(ctx, "g_hint"), text: w(ctx, `hint_${action.kind}`) };
      case "confirm":
        return { group: w(ctx, "g_judge"), text: w(ctx, "confirm") };
      case "reject":
        return { group: w(ctx, "g_judge"), text: w(ctx, "reject") };
      default:
        return null;
    }
  },
};

export default magicNumbers;
