// Magic Numbers: the four cards on display with their bid chips (face down until revealed),
// the card being solved with its hints and the answers given, a text field for your answer
// (or, with answers=choice, a button for each meaning offered), the quizmaster's view and
// verdict buttons, points, and what each player collected.
import { h } from "../dom.js";
import { cardFace, cardRow } from "../cards.js";
import { boardWord } from "../i18n.js";
import { facts, playersTable, section } from "./common.js";

// The board's words come from the game's catalog (GET /api/games/magic-numbers/words).
const w = (ctx, key, params) => boardWord("magic-numbers", ctx.lang, key, params);

/** The deck's theme `id` (every card's theme is one of the view's themes). */
function theme(view, id) {
  return view.themes.find((item) => item.id === id);
}

/** The deck's own text in the page's language, from its fields by language ({de, en}). */
function inLang(ctx, texts) {
  return texts[ctx.lang] ?? texts.en;
}

function themeName(ctx, view, id) {
  return inLang(ctx, theme(view, id));
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
    lines.push(h("ul", { class: "hints" }, view.hint_texts.map(([kind, de, en]) => h("li", {}, w(ctx, "hint", { kind: w(ctx, kind), text: inLang(ctx, { de, en }) })))));
  if (view.choices.length && !choosing(view)) lines.push(choiceList(view, ctx, face));
  else if (view.answers.length && !view.choices.length)
    lines.push(h("p", {}, `${w(ctx, "wrong")}: `, view.answers.map(([s, text]) => `${ctx.name(s)}: „${text}“`).join("; ")));
  if (view.pending !== null && view.answerer !== null)
    lines.push(h("p", { class: "pending" }, w(ctx, "pending", { who: ctx.name(view.order[view.answerer] ?? view.answerer), text: view.pending })));
  if (view.quiz) {
    const quiz = view.quiz;
    lines.push(h("p", { class: "quiz" }, w(ctx, "quiz", { meaning: inLang(ctx, { de: quiz.meaning_de, en: quiz.meaning_en }) })));
    lines.push(h("p", { class: "quiz" }, w(ctx, "accepted", { answers: [...quiz.answers_de, ...quiz.answers_en].join(" · ") })));
    if (view.judge_says !== null)
      lines.push(h("p", { class: "quiz" }, w(ctx, "judge_says", { verdict: w(ctx, view.judge_says ? "right" : "wrong_word") })));
  }
  return h("section", { class: "solving board-part", "aria-live": "polite" }, lines);
}

/** Whether this seat is to choose among the meanings offered (answers=choice). */
function choosing(view) {
  return view.phase === "answer" && view.seat !== null && view.to_act.includes(view.seat);
}

/** Who chose the meaning numbered `n` (1–4) and found it wrong. */
function wrongBy(view, ctx, n) {
  return view.answers.filter(([, text]) => text === String(n)).map(([s]) => ctx.name(s));
}

/** The meanings offered, numbered, a wrong one struck through with who chose it. */
function choiceList(view, ctx, face) {
  return h(
    "div",
    {},
    h("p", {}, h("strong", {}, w(ctx, "choices", { number: face.number }))),
    h(
      "ol",
      { class: "choices" },
      view.choices.map(([de, en], i) => {
        const by = wrongBy(view, ctx, i + 1);
        const text = inLang(ctx, { de, en });
        return h("li", {}, by.length ? [h("s", {}, text), ` ✗ ${by.join(", ")}`] : text);
      }),
    ),
  );
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
  const meaning = (card) => `${card.number}: ${inLang(ctx, { de: card.meaning_de, en: card.meaning_en })}`;
  const parts = view.collections
    .map((cards, seat) => (cards.length ? section(w(ctx, "collected", { who: ctx.name(seat) }), h("ul", {}, cards.map((c) => h("li", {}, meaning(c))))) : null))
    .filter(Boolean);
  if (view.unsolved.length) parts.push(section(w(ctx, "unsolved"), h("ul", {}, view.unsolved.map((c) => h("li", {}, meaning(c))))));
  return parts;
}

/** The choice buttons: each shows its number and meaning, the whole width of the moves. */
function choiceButtons(moves, ctx) {
  const view = ctx.state.view;
  const face = view.position !== null ? view.display[view.position] : null;
  const number = face ? face.number : "?";
  const buttons = moves.find({ type: "choose" }).map((entry) => {
    const n = entry.action.index + 1;
    const [de, en] = view.choices[entry.action.index];
    const text = inLang(ctx, { de, en });
    const by = wrongBy(view, ctx, n);
    const content = [h("span", { class: "choice-n" }, `${n}`), " ", by.length ? h("s", {}, text) : text, by.length ? ` ✗ ${by.join(", ")}` : null];
    return moves.button(entry, content, w(ctx, "choose_label", { n, text }), by.length ? "choice wrong" : "choice");
  });
  return h("fieldset", { class: "choices move-group" }, h("legend", {}, w(ctx, "g_choose", { number })), buttons);
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

  /** The answer field: typing an answer sends it as the listed answer action's instance.
   *  With answers=choice: one button per meaning offered, a wrong one struck through. */
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
