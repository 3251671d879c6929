// A stand-in for the new table shell until it lands (TABLE-CONTRACT.md): draws a game
// module's felt, seats and hand into the old page's board, so each game stays playable.
// Deleted together with the modules' `board()` once the shell calls felt/seat/hand itself.
import { h } from "../dom.js";

function gameCss(id) {
  const href = `/css/${id}.css`;
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}

/** The module's pieces in one board: a strip of seats, the felt, the hand. */
export function standInBoard(module, id, view, ctx) {
  gameCss(id);
  gameCss("stand-in");
  ctx.marks = ctx.marks || {};
  ctx.colour = ctx.colour || ((seat) => `var(--seat-${seat}, hsl(${seat * 67} 60% 40%))`);
  ctx.isMe = ctx.isMe || ((seat) => seat === ctx.seat);
  ctx.w = ctx.w || (() => "");
  const seats = [];
  for (let seat = 0; seat < ctx.players; seat++) {
    const shown = module.seat(view, seat, ctx);
    seats.push(
      h(
        "li",
        {
          class: `stand-in-seat ${ctx.acting.includes(seat) ? "acting" : ""}`,
          style: `border-color: ${ctx.colour(seat)}`,
        },
        h("strong", {}, ctx.name(seat)),
        " ",
        h("span", { class: "badge", "aria-label": shown.scoreLabel }, shown.score),
        shown.hand !== null ? h("span", { class: "quiet" }, ` · ${shown.hand} 🂠`) : null,
        shown.chip ? h("span", { class: "seat-chip" }, shown.chip) : null,
        shown.slot,
        shown.extra,
      ),
    );
  }
  return h(
    "div",
    { class: `board ${id}` },
    h("ul", { class: "stand-in-seats plain" }, seats),
    module.felt(view, ctx),
    module.hand(view, ctx),
  );
}
