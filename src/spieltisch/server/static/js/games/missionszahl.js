// Missionszahl at the table: the mission card with its number and arrow in the middle, the
// past mission cards with their arrows' owners in seat colours, each seat's played card in
// front of it, its collection beside it, and your hand along the bottom edge.
// A reveal plays step by step from the frame's events: the cards flip, the symbol actions
// run one after another with a pointer on the acting seat (the mission number ticks, even
// numbers grey out, passed cards move on), the closest card glows, the arrow turns to the
// winner, swaps are shown, and the cards go to the collections. A card's colour is also
// its letter and a pattern, never colour alone. Everything shown comes from the view, the
// card faces (ctx.faces) and the events' data: the page works out no rule.
import { h } from "../dom.js";
import { boardWord } from "../i18n.js";

// The board's words come from the game's catalog (GET /api/games/missionszahl/words).
const w = (ctx, key, params) => boardWord("missionszahl", ctx.lang, key, params);

const MARKS = { pass_cw: "↻", new_mission: "✦", evens_out: "⊘", plus_minus_3: "±", draw_and_give: "⇢" };

function face(ctx, id) {
  return ctx.faces.cards[String(id)];
}

const ids = new WeakMap();
/** The card id of a card's name ("R17"), from the faces. */
function idOf(ctx, name) {
  let table = ids.get(ctx.faces);
  if (!table) {
    table = new Map(Object.entries(ctx.faces.cards).map(([id, card]) => [card.name, Number(id)]));
    ids.set(ctx.faces, table);
  }
  return table.get(name);
}

function names(ctx) {
  return ctx.faces.names[ctx.lang] || ctx.faces.names.en;
}

function marksOf(ctx) {
  return ctx.marks || {};
}

const SEAT_FALLBACK = ["#c2185b", "#1565c0", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f"];

function colourOf(ctx, seat) {
  return ctx.colour ? ctx.colour(seat) : `var(--seat-${seat}, ${SEAT_FALLBACK[seat]})`;
}

function cardWords(ctx, id) {
  const card = face(ctx, id);
  const colour = names(ctx).colours[card.colour];
  const symbol = card.symbol ? `, ${names(ctx).symbols[card.symbol]}` : "";
  return w(ctx, "card", { colour, n: card.value }) + symbol;
}

function cardParts(ctx, id) {
  const card = face(ctx, id);
  return [
    h("span", { class: "mz-band", "aria-hidden": "true" }),
    h("span", { class: "card-corner mz-letter", "aria-hidden": "true" }, card.colour),
    h("span", { class: "card-main mz-num", "aria-hidden": "true" }, String(card.value)),
    card.symbol
      ? h("span", { class: "mz-symbol", "aria-hidden": "true" }, h("span", { class: "mz-glyph" }, MARKS[card.symbol]), h("span", { class: "mz-symbol-name" }, names(ctx).symbols[card.symbol]))
      : null,
  ];
}

function cardClass(ctx, id) {
  return `card mz-card mz-${face(ctx, id).colour}`;
}

/** A Missionszahl card face: number, colour letter and pattern, symbol with its name. */
export function missionCard(ctx, id, { kind = "", label = null } = {}) {
  return h(
    "span",
    { class: `${cardClass(ctx, id)} ${kind}`.trim(), role: "img", "aria-label": label || cardWords(ctx, id), dataset: { card: face(ctx, id).name } },
    cardParts(ctx, id),
  );
}

function cardBack(ctx) {
  return h("span", { class: "card back mz-card mz-back", role: "img", "aria-label": w(ctx, "face_down") }, h("span", { class: "mz-back-pattern", "aria-hidden": "true" }));
}

// -- the felt ------------------------------------------------------------------------------

function current(view, ctx) {
  const marks = marksOf(ctx);
  const mission = marks.mission ?? view.missions[view.missions.length - 1];
  const target = marks.target ?? view.target;
  const number = face(ctx, mission).value;
  const arrow = marks.arrow !== undefined ? marks.arrow : view.arrows[view.arrows.length - 1];
  return { mission, target, number, arrow };
}

/** The arrow of the current mission card, turned toward its owner's seat (seats sit
 * clockwise around the table with your own at the bottom), with the owner's name. */
function arrowOf(view, ctx, owner) {
  if (owner === null || owner === undefined) {
    return h("div", { class: "mz-arrow none" }, h("span", { class: "mz-arrow-glyph", "aria-hidden": "true" }, "↑"), h("span", {}, w(ctx, "arrow_nobody")));
  }
  const me = view.seat ?? 0;
  const turn = 180 + ((owner - me + view.players) % view.players) * (360 / view.players);
  return h(
    "div",
    { class: "mz-arrow owned", dataset: { owner: String(owner) }, style: `--owner:${colourOf(ctx, owner)}` },
    h("span", { class: "mz-arrow-glyph", "aria-hidden": "true", style: `transform:rotate(${turn}deg)` }, "↑"),
    h("span", {}, w(ctx, "arrow", { who: ctx.name(owner) })),
  );
}

function missionArea(view, ctx) {
  // Once the game is over every mission card lies in the row of past cards with its owner:
  // the last one is not shown a second time as the current card.
  if (view.game_over) return null;
  const marks = marksOf(ctx);
  const { mission, target, number, arrow } = current(view, ctx);
  const changed = target !== number;
  return h(
    "div",
    { class: `mz-mission${marks.ticked ? " ticked" : ""}` },
    missionCard(ctx, mission, { kind: "mz-big current", label: w(ctx, "mission_card", { card: cardWords(ctx, mission) }) }),
    h(
      "div",
      { class: "mz-number" },
      h("div", { class: "mz-number-caption" }, w(ctx, "mission_caption")),
      h("div", { class: "mz-number-value", "aria-live": "off" }, String(target)),
      changed ? h("div", { class: "mz-number-from" }, w(ctx, "changed_from", { n: number })) : null,
      view.game_over ? null : arrowOf(view, ctx, arrow),
    ),
  );
}

/** The earlier mission cards, each with its arrow's owner in the seat's colour. */
function pastMissions(view, ctx) {
  const count = view.game_over ? view.missions.length : view.missions.length - 1;
  if (count <= 0) return null;
  const cards = view.missions.slice(0, count).map((id, i) => {
    const owner = view.arrows[i];
    const who = owner === null ? w(ctx, "nobody") : ctx.name(owner);
    return h(
      "li",
      { class: "mz-past" },
      missionCard(ctx, id, { kind: "mz-small", label: `${cardWords(ctx, id)}, ${w(ctx, "arrow", { who })}` }),
      h(
        "span",
        { class: `mz-owner${owner === null ? " nobody" : ""}`, style: owner === null ? null : `--owner:${colourOf(ctx, owner)}`, "aria-hidden": "true" },
        owner === null ? "–" : initials(ctx, owner),
      ),
    );
  });
  return h("div", { class: "mz-past-row" }, h("div", { class: "mz-caption" }, w(ctx, "missions")), h("ul", { class: "mz-past-list" }, cards));
}

/** A seat's short mark beside its colour: the name's initials ("L", "AM", "S2"), and the
 * seat's number as well where two seats would read alike. */
function initials(ctx, seat) {
  const short = (s) => {
    const words = ctx.name(s).trim().split(/\s+/).filter(Boolean);
    const first = [...(words[0] || "?")][0].toUpperCase();
    return words.length > 1 ? first + [...words[words.length - 1]][0].toUpperCase() : first;
  };
  const mine = short(seat);
  const clash = Array.from({ length: ctx.players }, (_, s) => s).some((s) => s !== seat && short(s) === mine);
  return clash ? `${mine}${seat + 1}` : mine;
}

function pile(view, ctx) {
  const marks = marksOf(ctx);
  const drawn = marks.drawn !== undefined ? marks.drawn : view.drawn;
  return h(
    "div",
    { class: "mz-pile" },
    h("span", { class: "mz-pile-count" }, w(ctx, "pile", { n: view.draw_pile.length })),
    drawn !== null && drawn !== undefined
      ? h("span", { class: "mz-drawn" }, w(ctx, "drawn"), " ", missionCard(ctx, drawn, { kind: "mz-small" }))
      : null,
  );
}

function legend(ctx) {
  const symbols = names(ctx).symbols;
  return h(
    "details",
    { class: "mz-legend" },
    h("summary", {}, w(ctx, "legend")),
    h("ul", {}, Object.entries(MARKS).map(([symbol, mark]) => h("li", {}, h("span", { class: "mz-glyph", "aria-hidden": "true" }, mark), " ", symbols[symbol], " – ", w(ctx, `help_${symbol}`)))),
  );
}

function felt(view, ctx) {
  return h(
    "div",
    { class: "mz-felt" },
    h("div", { class: "mz-round" }, w(ctx, "round", { n: view.round, of: view.rounds })),
    missionArea(view, ctx),
    pile(view, ctx),
    pastMissions(view, ctx),
    legend(ctx),
  );
}

// -- the seats -----------------------------------------------------------------------------

function slot(view, seat, ctx) {
  const marks = marksOf(ctx);
  const played = marks.played ? marks.played[seat] : view.played[seat];
  const out = marks.out ? marks.out.includes(seat) : view.out[seat];
  if (played !== null && played !== undefined) {
    const kinds = ["played"];
    let note = null;
    if (marks.flip) kinds.push("flip");
    if (marks.moved) kinds.push("moved");
    if (marks.swapped && marks.swapped.includes(seat)) kinds.push("swapped");
    if (marks.banked) {
      kinds.push("banked");
      note = w(ctx, "to_collection");
    }
    const closest = marks.closest !== undefined ? marks.closest : view.winner;
    if (out) {
      kinds.push("out");
      note = w(ctx, "out_mark");
    } else if (closest === seat && closest !== null) {
      kinds.push("closest");
      note = w(ctx, "closest_mark");
    }
    if (marks.pointer === seat) kinds.push("acting");
    const pending = marks.pending ? marks.pending.includes(seat) : view.pending[seat];
    const label = `${cardWords(ctx, played)}${note ? ` – ${note}` : ""}`;
    return h(
      "div",
      { class: `mz-slot ${kinds.join(" ")}`, dataset: { seat: String(seat) } },
      marks.pointer === seat ? h("span", { class: "mz-pointer", "aria-hidden": "true" }, "▼") : null,
      missionCard(ctx, played, { label }),
      note ? h("span", { class: "mz-slot-note" }, note) : pending && !marks.banked ? h("span", { class: "mz-slot-note pending" }, w(ctx, "pending")) : null,
    );
  }
  if (view.seat === seat && view.my_card !== null) {
    return h("div", { class: "mz-slot mine", dataset: { seat: String(seat) } }, missionCard(ctx, view.my_card, { kind: "face-down-mine", label: w(ctx, "my_card_label", { card: cardWords(ctx, view.my_card) }) }), h("span", { class: "mz-slot-note" }, w(ctx, "face_down_note")));
  }
  if (view.committed[seat]) return h("div", { class: "mz-slot laid", dataset: { seat: String(seat) } }, cardBack(ctx));
  return h("div", { class: "mz-slot empty", dataset: { seat: String(seat) } }, h("span", { class: "mz-card mz-empty", "aria-hidden": "true" }));
}

const PHASE_CHIPS = { shift: "chip_shift", give: "chip_give", swap: "chip_swap", exchange: "chip_exchange", trade: "chip_exchange" };

function chip(view, seat, ctx) {
  const marks = marksOf(ctx);
  if (view.game_over) return null;
  if (marks.pointer === seat) return w(ctx, "chip_symbol");
  if (Object.keys(marks).length) return marks.closest === seat ? w(ctx, "chip_won") : null;
  if (view.phase === "commit") {
    if (view.committed[seat]) return w(ctx, "chip_laid");
    return view.to_act.includes(seat) ? w(ctx, "chip_laying") : null;
  }
  if (view.to_act.includes(seat) && PHASE_CHIPS[view.phase]) return w(ctx, PHASE_CHIPS[view.phase]);
  if (view.out[seat]) return w(ctx, "out_mark");
  if (view.winner === seat) return w(ctx, "chip_won");
  return null;
}

/** The collection beside the seat: how many cards of each colour (letter and pattern). */
function collection(view, seat, ctx) {
  const cards = view.collections[seat];
  if (!cards.length) return null;
  const counts = {};
  for (const id of cards) counts[face(ctx, id).colour] = (counts[face(ctx, id).colour] || 0) + 1;
  const colours = names(ctx).colours;
  const parts = Object.entries(counts).map(([letter, n]) => h("span", { class: `mz-pip mz-${letter}` }, h("span", { class: "mz-band", "aria-hidden": "true" }), `${letter} ${n}`));
  const said = Object.entries(counts).map(([letter, n]) => `${n} ${colours[letter]}`).join(", ");
  return h("div", { class: "mz-collection", role: "img", "aria-label": w(ctx, "collection_label", { n: cards.length, colours: said }) }, parts);
}

function seat(view, seatNo, ctx) {
  return {
    score: w(ctx, "badge", { n: view.scores[seatNo] }),
    scoreLabel: w(ctx, "badge_label", { n: view.scores[seatNo] }),
    hand: view.hand_sizes[seatNo],
    chip: chip(view, seatNo, ctx),
    slot: view.game_over ? null : slot(view, seatNo, ctx),
    extra: collection(view, seatNo, ctx),
  };
}

// -- your hand -----------------------------------------------------------------------------

function hand(view, ctx) {
  if (view.seat === null) return null;
  const moves = ctx.moves;
  let caption = "your_hand";
  const cards = view.hand.map((id) => {
    const name = face(ctx, id).name;
    const play = moves ? moves.find({ type: "play", card: name })[0] : null;
    const trade = moves ? moves.find({ type: "trade", card: name })[0] : null;
    const entry = play || trade;
    if (!entry) return missionCard(ctx, id, { kind: "in-hand" });
    caption = play ? "choose_commit" : "choose_trade";
    const label = w(ctx, play ? "play" : "trade", { card: cardWords(ctx, id) });
    return moves.button(entry, cardParts(ctx, id), label, `${cardClass(ctx, id)} in-hand`);
  });
  const known = view.known_hands
    .map((cardsKnown, other) =>
      cardsKnown.length && other !== view.seat
        ? h("div", { class: "mz-known" }, w(ctx, "known", { who: ctx.name(other) }), " ", cardsKnown.map((id) => missionCard(ctx, id, { kind: "mz-tiny" })))
        : null,
    )
    .filter(Boolean);
  return h(
    "div",
    { class: "mz-hand", id: "hand", role: "group", "aria-labelledby": "mz-hand-label" },
    h("div", { class: "mz-hand-caption", id: "mz-hand-label" }, w(ctx, caption)),
    h("div", { class: "cards mz-hand-cards" }, cards.length ? cards : h("span", { class: "mz-none" }, "–")),
    known,
  );
}

// -- a round, step by step -----------------------------------------------------------------

/** The table as it stood before the frame: what the steps change one after another. */
function tableBefore(before) {
  const committing = before.phase === "commit";
  return {
    played: committing ? null : Object.fromEntries(before.played.map((id, seat) => [seat, id])),
    out: before.out.map((gone, seat) => (gone ? seat : null)).filter((seat) => seat !== null),
    pending: before.pending.map((open, seat) => (open ? seat : null)).filter((seat) => seat !== null),
    target: before.target,
    mission: before.missions[before.missions.length - 1],
    arrow: before.arrows[before.arrows.length - 1],
    drawn: before.drawn,
    closest: before.winner ?? undefined,
  };
}

/** What each event changes on the table, and how long it is shown (ms at normal pace). */
const STEP = {
  reveal: (t, data, ctx) => {
    t.played = Object.fromEntries(data.cards.map((name, seat) => [seat, idOf(ctx, name)]));
    t.pending = data.cards.map((name, seat) => (face(ctx, idOf(ctx, name)).symbol ? seat : null)).filter((seat) => seat !== null);
    return { flip: true, ms: 900 };
  },
  first: (t, data) => ({ pointer: data.seat, ms: 900 }),
  tie_draw: () => ({ ms: 900 }),
  pass_cw: (t, data, ctx) => {
    t.played = Object.fromEntries(data.cards.map((name, seat) => [seat, idOf(ctx, name)]));
    return { pointer: data.seat, moved: true, ms: 1100 };
  },
  new_mission: (t, data, ctx) => {
    t.mission = idOf(ctx, data.mission);
    t.target = data.number;
    return { pointer: data.seat, ticked: true, ms: 1000 };
  },
  evens_out: (t, data) => {
    t.out = [...new Set([...t.out, ...data.seats])];
    return { pointer: data.seat, ms: 1100 };
  },
  cancelled: (t, data) => {
    t.pending = t.pending.filter((seat) => seat !== data.seat);
    return { ms: 700 };
  },
  drawn: (t, data, ctx) => {
    t.drawn = idOf(ctx, data.card);
    return { pointer: data.seat, ms: 900 };
  },
  give: (t, data, ctx) => {
    t.played = { ...t.played, [data.to]: idOf(ctx, data.card) };
    t.drawn = null;
    return { pointer: data.seat, swapped: [data.to], ms: 1000 };
  },
  shift: (t, data) => {
    t.target = data.target;
    return { pointer: data.seat, ticked: true, ms: 1000 };
  },
  win: (t, data) => {
    t.closest = data.seat;
    return { ms: 1100 };
  },
  arrow: (t, data) => {
    t.arrow = data.seat;
    return { ms: 1000 };
  },
  no_winner: () => ({ ms: 900 }),
  swap: (t, data, ctx) => {
    t.played = { ...t.played, [data.seat]: idOf(ctx, data.took), [data.other]: idOf(ctx, data.gave) };
    return { swapped: [data.seat, data.other], ms: 1100 };
  },
  no_swap: () => ({ ms: 600 }),
  no_exchange: () => ({ ms: 600 }),
  exchange_pile: () => ({ ms: 700 }),
  exchange_blind: () => ({ ms: 700 }),
  traded_pile: () => ({ ms: 700 }),
  traded_blind: () => ({ ms: 700 }),
  bank: () => ({ banked: true, hold: true, ms: 900 }),
};

/**
 * One frame as steps: from the reveal on, one step per event (the symbol actions in the
 * order the game carried them out, then the winner, the arrow, the swap and exchange,
 * the collections); a frame that only lays a card, or starts a round, is its view.
 */
function steps(frame, before, ctx) {
  const events = frame.events.filter((event) => STEP[event.kind]);
  if (!before || !events.length) {
    const last = frame.events[frame.events.length - 1];
    return [{ view: frame.view, say: last ? last.text : null }];
  }
  const t = tableBefore(before);
  const list = [];
  // once revealed, your laid card lies in front of you, no longer in your hand
  const reveal = events.find((event) => event.kind === "reveal");
  const mine = reveal && before.seat !== null ? idOf(ctx, reveal.data.cards[before.seat]) : undefined;
  const shownBefore = { ...before, hand: before.hand.filter((id) => id !== mine) };
  let pending = t.pending;
  for (const event of events) {
    const step = STEP[event.kind](t, event.data, ctx);
    if (event.kind === "evens_out" || event.kind === "cancelled") pending = t.pending;
    const { ms, hold, ...shown } = step;
    list.push({
      view: shownBefore,
      marks: { played: t.played, out: t.out, pending: shown.pointer !== undefined ? pending.filter((seat) => seat !== shown.pointer) : pending, target: t.target, mission: t.mission, arrow: t.arrow, drawn: t.drawn, closest: t.closest, ...shown },
      say: event.text,
      ms,
      hold: Boolean(hold),
    });
    if (shown.pointer !== undefined) pending = pending.filter((seat) => seat !== shown.pointer);
    t.pending = pending;
  }
  if (list.length && !list.some((step) => step.hold)) list[list.length - 1].hold = frame.view.phase === "commit" || frame.view.game_over;
  const next = frame.events.filter((event) => event.kind === "mission").pop();
  list.push({ view: frame.view, say: next ? next.text : null, ms: 500 });
  return list;
}

// -- scores ----------------------------------------------------------------------------------

function collectionCards(ctx, cards, voided = []) {
  const sorted = [...cards].sort((a, b) => a - b);
  return sorted.map((id) => {
    const gone = voided.includes(face(ctx, id).name);
    return missionCard(ctx, id, { kind: `mz-tiny${gone ? " void" : ""}`, label: gone ? `${cardWords(ctx, id)} – ${w(ctx, "void")}` : null });
  });
}

function sheet(view, ctx) {
  const rows = Array.from({ length: view.players }, (_, seat) =>
    h("tr", {}, h("th", { scope: "row" }, ctx.name(seat)), h("td", { class: "mz-sheet-cards" }, collectionCards(ctx, view.collections[seat])), h("td", {}, String(view.scores[seat]))),
  );
  return h(
    "table",
    { class: "mz-sheet" },
    h("caption", {}, w(ctx, "sheet")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, w(ctx, "players")), h("th", { scope: "col" }, w(ctx, "collection")), h("th", { scope: "col" }, w(ctx, "points")))),
    h("tbody", {}, rows),
  );
}

/** The end events seen, by table: a later state carries only the events after them. */
const ends = new Map();

/** The end event (it carries each seat's colour bonus and the cards that count nothing). */
function endEvent(ctx) {
  const state = ctx.state || {};
  const all = [...(state.events || []), ...(state.frames || []).flatMap((frame) => frame.events)];
  const found = all.filter((event) => event.kind === "game_end").pop();
  if (found) ends.set(state.table, found);
  return ends.get(state.table) || null;
}

/** The end screen's own scoring: per seat the collection by colour, the colour bonus, the
 * cards removed because a mission card with their number points elsewhere, and the sum. */
function ending(view, result, ctx) {
  const end = endEvent(ctx);
  if (!end || !end.data.bonus) return sheet(view, ctx);
  const rows = Array.from({ length: view.players }, (_, seat) => {
    const voided = end.data.void[seat];
    return h(
      "li",
      { class: "mz-ending-row", dataset: { seat: String(seat) } },
      h(
        "div",
        { class: "mz-ending-head" },
        h("strong", {}, ctx.name(seat)),
        h("span", {}, w(ctx, "ending_bonus", { n: end.data.bonus[seat] })),
        h("span", {}, voided.length ? w(ctx, "ending_removed", { cards: voided.join(", ") }) : w(ctx, "ending_none_removed")),
        h("strong", {}, w(ctx, "badge", { n: end.data.scores[seat] })),
      ),
      h("div", { class: "mz-ending-cards", role: "group", "aria-label": w(ctx, "collection") }, collectionCards(ctx, view.collections[seat], voided)),
    );
  });
  return h("div", { class: "mz-ending" }, h("h3", {}, w(ctx, "ending")), h("ul", { class: "mz-ending-list" }, rows));
}

function moveText(action, ctx) {
  switch (action.type) {
    case "shift": {
      const text = action.delta > 0 ? `+${action.delta}` : `−${-action.delta}`;
      return { group: w(ctx, "g_shift"), text, label: w(ctx, "shift_label", { delta: text }) };
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
      const id = idOf(ctx, action.card);
      return { group: w(ctx, "your_hand"), text: cardWords(ctx, id) };
    }
    default:
      return null;
  }
}

const PROMPTS = { commit: "prompt_commit", shift: "prompt_shift", give: "prompt_give", swap: "prompt_swap", exchange: "prompt_exchange", trade: "prompt_trade" };

/** The status bar's words when it is your turn: what this phase asks of you. */
function prompt(view, ctx) {
  return PROMPTS[view.phase] ? w(ctx, PROMPTS[view.phase]) : null;
}

export default { felt, hand, seat, moveText, steps, sheet, ending, prompt };
