// Pieces several game boards share: the players' table and small helpers.
import { h } from "../dom.js";
import { t } from "../i18n.js";

/**
 * A table with one row per seat. `columns` is a list of [heading, (seat) => cell content];
 * the seat whose turn it is gets a visible and spoken mark.
 */
export function playersTable(ctx, caption, columns, { acting = [] } = {}) {
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, t(ctx.lang, "player", { n: "" }).trim()),
    columns.map(([heading]) => h("th", { scope: "col" }, heading)),
  );
  const rows = [];
  for (let seat = 0; seat < ctx.players; seat++) {
    const turn = acting.includes(seat);
    rows.push(
      h(
        "tr",
        { class: [seat === ctx.seat ? "me" : "", turn ? "acting" : ""].join(" ").trim() || null },
        h(
          "th",
          { scope: "row" },
          turn
            ? h(
                "span",
                { class: "turn-mark" },
                h("span", { "aria-hidden": "true" }, "▶ "),
                h("span", { class: "visually-hidden" }, `${turnWord(ctx.lang)}: `),
              )
            : null,
          ctx.name(seat),
        ),
        columns.map(([, cell]) => h("td", {}, cell(seat))),
      ),
    );
  }
  return scrolling(
    h("table", { class: "players" }, h("caption", {}, caption), h("thead", {}, head), h("tbody", {}, rows)),
  );
}

/** A wide table scrolls inside its own box on a narrow screen (the table stays a table). */
export function scrolling(table) {
  return h("div", { class: "table-wrap" }, table);
}

function turnWord(lang) {
  return t(lang, "to_act");
}

/** A heading and a line of key facts ("Zielkarte 48 · Lücke 1–98"). */
export function facts(...items) {
  return h(
    "p",
    { class: "facts" },
    items.filter(Boolean).flatMap((item, i) => (i ? [h("span", { class: "sep", "aria-hidden": "true" }, " · "), item] : [item])),
  );
}

export function section(title, ...children) {
  return h("section", { class: "board-part" }, h("h3", {}, title), children);
}

/**
 * What `card` (as the views name it) shows, from the faces the server publishes for the
 * game (`GET /api/games/{id}/faces`): for example {chilis, colour} in Dicht dran.
 */
export function face(ctx, card) {
  return ctx.faces.cards[String(card)];
}
