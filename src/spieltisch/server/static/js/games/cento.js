// Cento: the open card with its digits, this turn's chain, any obligation, the piles, the
// players' card counts and your hand (a card you may lay is a button; a free card offers
// the numbers it may stand for). Which kind of number a card is (Monozahl, Schnapszahl, the
// 100, a free card) and its digits come from the game's card faces (ctx.faces).
import { h } from "../dom.js";
import { cardFace, cardRow, faceParts } from "../cards.js";
import { boardWord } from "../i18n.js";
import { face, facts, playersTable } from "./common.js";

// The board's words come from the game's catalog (GET /api/games/cento/words).
const w = (ctx, key, params) => boardWord("cento", ctx.lang, key, params);

/** Whether `card`, as the view names it, is a free card. */
function isFree(ctx, card) {
  return face(ctx, card).kind === "free";
}

/** The card's kind as a CSS class: free, hundred, mono, repdigit, or none. */
function kindOf(ctx, card) {
  return face(ctx, card).kind || "";
}

function cardWords(ctx, card) {
  if (isFree(ctx, card)) return w(ctx, "free_card");
  const kind = face(ctx, card).kind;
  const extra = kind === "mono" || kind === "repdigit" ? `, ${w(ctx, kind)}` : "";
  return w(ctx, "card", { n: card }) + extra;
}

function mainText(ctx, card) {
  return isFree(ctx, card) ? w(ctx, "free") : String(card);
}

export function centoCard(ctx, card, { kind = "" } = {}) {
  return cardFace({ main: mainText(ctx, card), kind: `cento ${kindOf(ctx, card)} ${kind}`, label: cardWords(ctx, card) });
}

function digitsHelp(ctx, value) {
  const { ones, tens, digit_sum: sum } = face(ctx, value);
  return w(ctx, "digits", { ones, tens: tens === null ? w(ctx, "no_tens") : tens, sum });
}

function openCard(view, ctx) {
  const value = view.open_value;
  const card =
    isFree(ctx, view.open_card)
      ? cardFace({
          main: String(value),
          note: w(ctx, "free"),
          kind: "cento free big",
          label: `${w(ctx, "open")}: ${w(ctx, "free_as", { n: value })}`,
        })
      : cardFace({
          main: String(value),
          kind: `cento ${kindOf(ctx, value)} big`,
          label: `${w(ctx, "open")}: ${cardWords(ctx, value)}`,
        });
  const wild = face(ctx, value).kind === "hundred" && view.hundred_mode === "wild";
  const help = wild ? w(ctx, "wild") : digitsHelp(ctx, value);
  return h(
    "div",
    { class: "open-card" },
    h("div", { class: "row-caption" }, w(ctx, "open")),
    card,
    h("p", { class: "quiet" }, help),
  );
}

function status(view, ctx) {
  const lines = [];
  const player = ctx.name(view.to_move);
  if (view.game_over) {
    lines.push(view.winner !== null ? w(ctx, "winner", { player: ctx.name(view.winner) }) : w(ctx, "exhausted"));
  } else if (view.phase === "obliged") lines.push(w(ctx, "obliged", { player }));
  else if (view.phase === "run") lines.push(w(ctx, "run", { digit: view.run_digit }));
  return lines.map((line) => h("p", { class: "facts" }, h("strong", {}, line)));
}

function hand(view, ctx) {
  if (view.seat === null) return null;
  const moves = ctx.moves;
  let choosing = false;
  const cards = view.hand.map((card) => {
    const entry = moves && !isFree(ctx, card) ? moves.find({ type: "lay", card })[0] : null;
    if (!entry) return centoCard(ctx, card);
    choosing = true;
    return moves.button(entry, faceParts({ main: mainText(ctx, card) }), w(ctx, "lay", { n: card }), `card cento ${kindOf(ctx, card)}`);
  });
  return cardRow(w(ctx, choosing ? "choose" : "your_hand"), cards, { id: "hand", kind: "hand" });
}

export default {
  board(view, ctx) {
    return h(
      "div",
      { class: "board cento" },
      facts(w(ctx, "variant", { n: view.variant })),
      openCard(view, ctx),
      status(view, ctx),
      view.turn_values.length
        ? cardRow(w(ctx, "this_turn"), view.turn_values.map((v) => centoCard(ctx, v, { kind: "small" })))
        : null,
      view.drawn !== null
        ? cardRow(w(ctx, "drawn"), [centoCard(ctx, view.drawn, { kind: "small" })])
        : null,
      facts(
        w(ctx, "piles", {
          draw: view.draw_pile_size,
          discard: view.discard_pile.length,
          done: view.rebuilds,
          left: view.rebuilds_left,
        }),
      ),
      view.pile_bottom?.length
        ? cardRow(w(ctx, "bottom"), view.pile_bottom.map((v) => centoCard(ctx, v, { kind: "small" })))
        : null,
      playersTable(ctx, w(ctx, "players"), [[w(ctx, "cards"), (s) => String(view.hand_sizes[s])]], {
        acting: ctx.acting,
      }),
      hand(view, ctx),
    );
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
