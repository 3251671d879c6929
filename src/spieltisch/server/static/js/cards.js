// Card faces and backs, shared by every game. A card shows a large number; anything that
// colour tells (chilis, card colours, themes) is also said in words in its accessible name.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * A face-up card. `main` is the large number or word, `corner` a small mark (chilis,
 * a symbol), `kind` extra CSS classes, `label` the accessible name (what a screen reader says).
 */
export function cardFace({ main, corner = null, note = null, kind = "", label }) {
  return h(
    "span",
    { class: `card ${kind}`.trim(), role: "img", "aria-label": label },
    faceParts({ main, corner, note }),
  );
}

/** What a card face shows, for a button that looks like the card (it names itself). */
export function faceParts({ main, corner = null, note = null }) {
  return [
    h("span", { class: "card-main", "aria-hidden": "true" }, main),
    corner !== null ? h("span", { class: "card-corner", "aria-hidden": "true" }, corner) : null,
    note !== null ? h("span", { class: "card-note", "aria-hidden": "true" }, note) : null,
  ];
}

/** A card lying face down: only its back is shown, and said, never its face. */
export function cardBack(lang, label = null) {
  const text = label || t(lang, "card_laid");
  return h(
    "span",
    { class: "card back", role: "img", "aria-label": text },
    h("span", { class: "card-note", "aria-hidden": "true" }, text),
  );
}

/** A row of cards (a hand, a pile) with a visible caption that also names the group. */
let rows = 0;

export function cardRow(caption, cards, { id = null, kind = "" } = {}) {
  rows += 1;
  const labelId = `${id || "row"}-label-${rows}`;
  return h(
    "div",
    { class: `card-row ${kind}`.trim(), id, role: "group", "aria-labelledby": labelId },
    h("div", { class: "row-caption", id: labelId }, caption),
    h("div", { class: "cards" }, cards.length ? cards : h("span", { class: "empty" }, "–")),
  );
}
