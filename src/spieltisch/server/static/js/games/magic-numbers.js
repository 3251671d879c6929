// Magic Numbers: the four cards on display with their bid chips (face down until revealed),
// the card being solved with its hints and the answers given, a text field for your answer,
// the quizmaster's view and verdict buttons, points, and what each player collected.
import { h } from "../dom.js";
import { cardFace, cardRow } from "../cards.js";
import { tw } from "../i18n.js";
import { facts, playersTable, section } from "./common.js";

const WORDS = {
  de: {
    round: "Runde {n} von {of}",
    judge_auto: "Das Programm beurteilt die Antworten.",
    judge_quizmaster: "Der Quizmaster beurteilt die Antworten.",
    display: "Auslage",
    card_n: "Karte {n}",
    face: "Karte {position}: {number}, {theme}",
    chip_hidden: "Chip von {who}, verdeckt",
    chip: "Chip {chip} von {who}",
    pile: "Nachziehstapel: {n} Karten",
    pile_top: "oben",
    box: "In der Schachtel: {n}",
    players: "Spieler",
    points: "Punkte",
    chips: "Chips",
    cards: "Karten",
    role: "",
    start: "Startspieler",
    quizmaster: "Quizmaster",
    solving: "Gelöst wird Karte {position}: {number} ({theme})",
    order: "Reihenfolge: {order}",
    hint: "Hinweis {kind}: {text}",
    theme: "Thema",
    unit: "Einheit",
    wrong: "Falsche Antworten",
    pending: "{who} antwortet „{text}“ – der Quizmaster entscheidet.",
    quiz: "Nur für dich als Quizmaster – Bedeutung: {meaning}",
    accepted: "Gelten als richtig: {answers}",
    judge_says: "Das Programm hielte die Antwort für {verdict}.",
    right: "richtig",
    wrong_word: "falsch",
    my_chips: "Deine Chips: {chips}",
    collected: "Gesammelt von {who}",
    unsolved: "Ungelöst ausgeschieden",
    answer_label: "Deine Antwort: Was bedeutet die {number}?",
    answer_button: "Antworten",
    g_bid: "Bieten",
    bid_group: "Karte {position} ({number}): Chip legen",
    bid: "Chip {chip}",
    bid_label: "Chip {chip} auf Karte {position} ({number}) legen",
    pass_bid: "Passen",
    pass_answer: "Weiß ich nicht",
    g_hint: "Ersten Hinweis wählen",
    hint_theme: "Thema",
    hint_unit: "Einheit",
    g_judge: "Als Quizmaster entscheiden",
    confirm: "Richtig",
    reject: "Falsch",
    g_other: "Zug",
  },
  en: {
    round: "round {n} of {of}",
    judge_auto: "The program judges the answers.",
    judge_quizmaster: "The quizmaster judges the answers.",
    display: "Display",
    card_n: "card {n}",
    face: "card {position}: {number}, {theme}",
    chip_hidden: "chip of {who}, face down",
    chip: "chip {chip} of {who}",
    pile: "Draw pile: {n} cards",
    pile_top: "on top",
    box: "In the box: {n}",
    players: "Players",
    points: "points",
    chips: "chips",
    cards: "cards",
    role: "",
    start: "start player",
    quizmaster: "quizmaster",
    solving: "Being solved: card {position}, {number} ({theme})",
    order: "Order: {order}",
    hint: "{kind} hint: {text}",
    theme: "Theme",
    unit: "Unit",
    wrong: "Wrong answers",
    pending: "{who} answers “{text}” – the quizmaster decides.",
    quiz: "For your eyes as quizmaster only – meaning: {meaning}",
    accepted: "Accepted answers: {answers}",
    judge_says: "The program would call the answer {verdict}.",
    right: "right",
    wrong_word: "wrong",
    my_chips: "Your chips: {chips}",
    collected: "Collected by {who}",
    unsolved: "Left the game unsolved",
    answer_label: "Your answer: what does {number} stand for?",
    answer_button: "Answer",
    g_bid: "Bid",
    bid_group: "Card {position} ({number}): lay a chip",
    bid: "chip {chip}",
    bid_label: "lay chip {chip} on card {position} ({number})",
    pass_bid: "Pass",
    pass_answer: "I don't know",
    g_hint: "Choose the first hint",
    hint_theme: "Theme",
    hint_unit: "Unit",
    g_judge: "Decide as quizmaster",
    confirm: "Right",
    reject: "Wrong",
    g_other: "Move",
  },
};

const w = (ctx, key, params) => tw(WORDS, ctx.lang, key, params);

/** The deck's theme `id` (every card's theme is one of the view's themes). */
function theme(view, id) {
  return view.themes.find((item) => item.id === id);
}

function themeName(ctx, view, id) {
  const item = theme(view, id);
  return ctx.lang === "de" ? item.de : item.en;
}

function faceCard(ctx, view, face, { position = null, kind = "" } = {}) {
  const name = themeName(ctx, view, face.theme);
  const label = position !== null ? w(ctx, "face", { position: position + 1, number: face.number, theme: name }) : `${face.number}, ${name}`;
  return cardFace({ main: face.number, note: name, kind: `mn theme-${theme(view, face.theme).colour} ${kind}`, label });
}

function chips(view, ctx, position) {
  return h(
    "ul",
    { class: "chips plain" },
    view.bids[position].map(([seat, chip]) => {
      const who = ctx.name(seat);
      return h(
        "li",
        { class: chip === null ? "chip hidden-chip" : "chip" },
        chip === null ? h("span", { "aria-hidden": "true" }, `${seat + 1}: ■`) : h("span", { "aria-hidden": "true" }, `${seat + 1}: ${chip}`),
        h("span", { class: "visually-hidden" }, chip === null ? w(ctx, "chip_hidden", { who }) : w(ctx, "chip", { chip, who })),
      );
    }),
  );
}

function display(view, ctx) {
  const items = view.display.map((face, position) =>
    face
      ? h(
          "div",
          { class: `display-slot ${position === view.position ? "solving" : ""}`.trim() },
          faceCard(ctx, view, face, { position }),
          h("div", { class: "slot-name", "aria-hidden": "true" }, w(ctx, "card_n", { n: position + 1 })),
          chips(view, ctx, position),
        )
      : null,
  );
  return cardRow(w(ctx, "display"), items.filter(Boolean), { kind: "display" });
}

function solving(view, ctx) {
  if (view.position === null) return null;
  const face = view.display[view.position];
  if (!face) return null;
  const lines = [
    h("p", { class: "facts" }, h("strong", {}, w(ctx, "solving", { position: view.position + 1, number: face.number, theme: themeName(ctx, view, face.theme) }))),
    h("p", {}, w(ctx, "order", { order: view.order.map((s) => ctx.name(s)).join(", ") })),
  ];
  if (view.hint_texts.length)
    lines.push(h("ul", { class: "hints" }, view.hint_texts.map(([kind, de, en]) => h("li", {}, w(ctx, "hint", { kind: w(ctx, kind), text: ctx.lang === "de" ? de : en })))));
  if (view.answers.length)
    lines.push(h("p", {}, `${w(ctx, "wrong")}: `, view.answers.map(([s, text]) => `${ctx.name(s)}: „${text}“`).join("; ")));
  if (view.pending !== null && view.answerer !== null)
    lines.push(h("p", { class: "pending" }, w(ctx, "pending", { who: ctx.name(view.order[view.answerer] ?? view.answerer), text: view.pending })));
  if (view.quiz) {
    const quiz = view.quiz;
    lines.push(h("p", { class: "quiz" }, w(ctx, "quiz", { meaning: ctx.lang === "de" ? quiz.meaning_de : quiz.meaning_en })));
    lines.push(h("p", { class: "quiz" }, w(ctx, "accepted", { answers: [...quiz.answers_de, ...quiz.answers_en].join(" · ") })));
    if (view.judge_says !== null)
      lines.push(h("p", { class: "quiz" }, w(ctx, "judge_says", { verdict: w(ctx, view.judge_says ? "right" : "wrong_word") })));
  }
  return h("section", { class: "solving board-part", "aria-live": "polite" }, lines);
}

function players(view, ctx) {
  return playersTable(
    ctx,
    w(ctx, "players"),
    [
      [w(ctx, "points"), (s) => (view.bonus[s] ? `${view.points[s]} (+${view.bonus[s]})` : String(view.points[s]))],
      [w(ctx, "chips"), (s) => String(view.chips_left[s])],
      [w(ctx, "cards"), (s) => String(view.collections[s].length)],
      [w(ctx, "role"), (s) => [s === view.start_player && w(ctx, "start"), s === view.quizmaster && w(ctx, "quizmaster")].filter(Boolean).join(", ")],
    ],
    { acting: ctx.acting },
  );
}

function opened(view, ctx) {
  const meaning = (card) => `${card.number}: ${ctx.lang === "de" ? card.meaning_de : card.meaning_en}`;
  const parts = view.collections
    .map((cards, seat) => (cards.length ? section(w(ctx, "collected", { who: ctx.name(seat) }), h("ul", {}, cards.map((c) => h("li", {}, meaning(c))))) : null))
    .filter(Boolean);
  if (view.unsolved.length) parts.push(section(w(ctx, "unsolved"), h("ul", {}, view.unsolved.map((c) => h("li", {}, meaning(c))))));
  return parts;
}

export default {
  board(view, ctx) {
    const top = view.draw_pile_top;
    return h(
      "div",
      { class: "board magic-numbers" },
      facts(w(ctx, "round", { n: view.round, of: view.rounds }), w(ctx, `judge_${view.judge}`)),
      display(view, ctx),
      solving(view, ctx),
      players(view, ctx),
      h(
        "p",
        { class: "facts" },
        w(ctx, "pile", { n: view.draw_pile_size }),
        top ? [` · ${w(ctx, "pile_top")}: `, faceCard(ctx, view, top, { kind: "small" })] : null,
        ` · ${w(ctx, "box", { n: view.box_size })}`,
      ),
      view.seat !== null && view.phase === "bid"
        ? h("p", { class: "facts" }, w(ctx, "my_chips", { chips: view.my_chips.join(", ") || "–" }))
        : null,
      opened(view, ctx),
    );
  },

  /** The answer field: typing an answer sends it as the listed answer action's instance. */
  form(moves, ctx) {
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
