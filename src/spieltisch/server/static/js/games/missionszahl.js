// Missionszahl: the mission cards with their arrows, the mission number, everyone's played
// (or face-down) card, scores, what is known of the draw pile, and your hand. A card's
// colour, number and symbol, and the colours' and symbols' names, come from the game's card
// faces (ctx.faces).
import { h } from "../dom.js";
import { cardBack, cardFace, cardRow, faceParts } from "../cards.js";
import { boardWord } from "../i18n.js";
import { face, facts, playersTable } from "./common.js";

const COLOUR_CLASS = { R: "mz-red", G: "mz-green", B: "mz-blue", O: "mz-orange" };
const MARKS = { pass_cw: "↻", new_mission: "✦", evens_out: "⊘", plus_minus_3: "±", draw_and_give: "⇢" };

// The board's words come from the game's catalog (GET /api/games/missionszahl/words).
const w = (ctx, key, params) => boardWord("missionszahl", ctx.lang, key, params);

/** The names of the colours and symbols in the page's language. */
function names(ctx) {
  return ctx.faces.names[ctx.lang];
}

function cardWords(ctx, id) {
  const card = face(ctx, id);
  const colour = names(ctx).colours[card.colour];
  const symbol = card.symbol ? `, ${names(ctx).symbols[card.symbol]}` : "";
  return w(ctx, "card", { colour, n: card.value }) + symbol;
}

function parts(ctx, id) {
  const card = face(ctx, id);
  return faceParts({ main: String(card.value), corner: card.colour + (card.symbol ? ` ${MARKS[card.symbol]}` : "") });
}

function kind(ctx, id) {
  return `mz ${COLOUR_CLASS[face(ctx, id).colour]}`;
}

export function missionCard(ctx, id, { extra = "", label = null } = {}) {
  return h("span", { class: `card ${kind(ctx, id)} ${extra}`.trim(), role: "img", "aria-label": label || cardWords(ctx, id) }, parts(ctx, id));
}

function missions(view, ctx) {
  const cards = view.missions.map((id, i) => {
    const owner = view.arrows[i];
    const who = owner === null ? w(ctx, "nobody") : ctx.name(owner);
    const current = i === view.missions.length - 1 && !view.game_over;
    return h(
      "span",
      { class: "mission" },
      missionCard(ctx, id, { extra: `small ${current ? "target" : ""}`, label: `${cardWords(ctx, id)}, ${w(ctx, "arrow", { who })}` }),
      h("span", { class: "arrow", "aria-hidden": "true" }, `→ ${owner === null ? "–" : owner + 1}`),
    );
  });
  return cardRow(w(ctx, "missions"), cards, { kind: "missions" });
}

function numberLine(view, ctx) {
  if (view.shift) {
    const shift = view.shift > 0 ? `+${view.shift}` : String(view.shift);
    return w(ctx, "shifted", { n: view.mission_number, shift, target: view.target });
  }
  return w(ctx, "mission", { n: view.mission_number });
}

function players(view, ctx) {
  return playersTable(
    ctx,
    w(ctx, "players"),
    [
      [w(ctx, "hand"), (s) => String(view.hand_sizes[s])],
      [
        w(ctx, "played"),
        (s) =>
          view.committed[s]
            ? cardBack(ctx.lang)
            : view.played[s] !== null
              ? missionCard(ctx, view.played[s], { extra: "small" })
              : "",
      ],
      [
        w(ctx, "notes"),
        (s) =>
          [view.pending[s] && w(ctx, "pending"), view.out[s] && w(ctx, "out"), view.winner === s && w(ctx, "winner")]
            .filter(Boolean)
            .join(", "),
      ],
      [w(ctx, "collection"), (s) => String(view.collections[s].length)],
      [w(ctx, "points"), (s) => String(view.scores[s])],
    ],
    { acting: ctx.acting },
  );
}

function drawPile(view, ctx) {
  const known = [];
  view.draw_pile.forEach((id, place) => {
    if (id !== null) known.push(h("span", { class: "known-card" }, `${place + 1}: `, missionCard(ctx, id, { extra: "small" })));
  });
  return [
    facts(w(ctx, "pile", { n: view.draw_pile.length })),
    known.length ? cardRow(w(ctx, "pile_known"), known) : null,
  ];
}

function hand(view, ctx) {
  if (view.seat === null) return null;
  const moves = ctx.moves;
  let caption = "your_hand";
  const cards = view.hand.map((id) => {
    const name = face(ctx, id).name;
    const play = moves ? moves.find({ type: "play", card: name })[0] : null;
    const trade = moves ? moves.find({ type: "trade", card: name })[0] : null;
    const entry = play || trade;
    if (!entry) return missionCard(ctx, id);
    caption = play ? "choose_commit" : "choose_trade";
    const label = w(ctx, play ? "play" : "trade", { card: cardWords(ctx, id) });
    return moves.button(entry, parts(ctx, id), label, `card ${kind(ctx, id)}`);
  });
  return cardRow(w(ctx, caption), cards, { id: "hand", kind: "hand" });
}

function legend(ctx) {
  const symbols = names(ctx).symbols;
  return h(
    "p",
    { class: "quiet legend" },
    `${w(ctx, "legend")}: `,
    Object.entries(MARKS).map(([symbol, mark]) => `${mark} ${symbols[symbol]}`).join(" · "),
  );
}

export default {
  board(view, ctx) {
    const knownHands = view.known_hands
      .map((cards, seat) => (cards.length && seat !== view.seat ? cardRow(w(ctx, "known", { who: ctx.name(seat) }), cards.map((id) => missionCard(ctx, id, { extra: "small" }))) : null))
      .filter(Boolean);
    return h(
      "div",
      { class: "board missionszahl" },
      facts(w(ctx, "round", { n: view.round, of: view.rounds }), h("strong", {}, numberLine(view, ctx))),
      missions(view, ctx),
      players(view, ctx),
      drawPile(view, ctx),
      view.drawn !== null ? cardRow(w(ctx, "drawn"), [missionCard(ctx, view.drawn)]) : null,
      knownHands,
      view.my_card !== null
        ? h("p", { class: "my-card" }, w(ctx, "my_card"), " ", missionCard(ctx, view.my_card, { extra: "small" }))
        : null,
      hand(view, ctx),
      legend(ctx),
    );
  },

  moveText(action, ctx) {
    switch (action.type) {
      case "shift": {
        const text = action.delta > 0 ? `+${action.delta}` : `−${-action.delta}`;
        return { group: w(ctx, "g_shift"), text };
      }
      case "give":
        return { group: w(ctx, "g_give"), text: w(ctx, "give_to", { who: ctx.name(action.seat) }) };
      case "swap":
        return {
          group: w(ctx, "g_swap"),
          text: action.seat === null ? w(ctx, "no_swap") : w(ctx, "swap_with", { who: ctx.name(action.seat) }),
        };
      case "exchange":
        return {
          group: w(ctx, "g_exchange"),
          text:
            action.kind === "none"
              ? w(ctx, "exchange_none")
              : action.kind === "pile"
                ? w(ctx, "exchange_pile")
                : w(ctx, "exchange_blind", { who: ctx.name(action.seat) }),
        };
      case "play":
      case "trade": {
        const id = Object.keys(ctx.faces.cards).find((key) => face(ctx, key).name === action.card);
        return { group: w(ctx, "your_hand"), text: cardWords(ctx, id) };
      }
      default:
        return null;
    }
  },
};
