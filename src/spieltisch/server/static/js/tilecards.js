// The sample card on each game's start tile, drawn in that game's style from its published
// card faces (what is printed on a card comes from the server, never from here). Decorative:
// the tile's text names the game.
import { h } from "./dom.js";

const SAMPLES = {
  "dicht-dran": dichtDran,
  cento,
  missionszahl,
  triggs,
  "magic-numbers": magicNumbers,
};

/** A small card for the tile of `game`, from its `faces` ({cards, names}). */
export function tileCard(game, faces, lang) {
  const draw = SAMPLES[game] || (() => card("tc-plain", "?"));
  return h("span", { class: `tile-card-wrap tile-${game}`, "aria-hidden": "true" }, draw(faces || { cards: {}, names: {} }, lang));
}

function card(kind, main, ...extra) {
  return h("span", { class: `tile-card ${kind}` }, h("span", { class: "tc-main" }, main), extra);
}

/** The rule sheet's example card, 63, with its chilis in their colour. */
function dichtDran(faces) {
  const face = faces.cards["63"] || { chilis: 1, colour: "green" };
  const chilis = Array.from({ length: face.chilis }, chili);
  return card(`tc-dd tc-${face.colour}`, "63", h("span", { class: "tc-corner" }, chilis));
}

const SVG = "http://www.w3.org/2000/svg";

/** A small chili picture, in the card's chili colour. */
function chili() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 12 16");
  svg.setAttribute("class", "tc-chili");
  const body = document.createElementNS(SVG, "path");
  body.setAttribute("d", "M5 4 C9 4 10 8 8.5 11.5 C7.5 14 4.5 15.5 2.5 15 C5.5 12.5 6 8.5 5 4 Z");
  body.setAttribute("fill", "currentColor");
  const stem = document.createElementNS(SVG, "path");
  stem.setAttribute("d", "M5.5 4.5 C5 2.5 6 1 8 1");
  stem.setAttribute("stroke", "currentColor");
  stem.setAttribute("fill", "none");
  stem.setAttribute("stroke-width", "1.5");
  svg.append(body, stem);
  return svg;
}

/** A Schnapszahl with its ones, tens and digit sum, as the table shows the open card. */
function cento(faces) {
  const face = faces.cards["55"] || {};
  return card(
    `tc-cento tc-${face.kind || "plain"}`,
    "55",
    h("span", { class: "tc-digits" }, [face.tens, face.ones, face.digit_sum].filter((n) => n != null).join(" · ")),
  );
}

/** The highest card that carries a symbol, with its colour letter and the symbol's name. */
function missionszahl(faces, lang) {
  const symbolic = Object.values(faces.cards).filter((face) => face.symbol);
  const face = symbolic.sort((a, b) => b.value - a.value)[0] || { colour: "B", value: 17, symbol: null };
  const names = (faces.names && (faces.names[lang] || faces.names.en)) || {};
  const symbol = face.symbol ? names.symbols?.[face.symbol] || "" : "";
  return card(
    `tc-mz tc-mz-${face.colour}`,
    String(face.value),
    h("span", { class: "tc-corner" }, face.colour),
    symbol ? h("span", { class: "tc-note" }, symbol) : null,
  );
}

/** A number card beside a strip of a score sheet's boxes, two of them crossed. */
function triggs() {
  return card("tc-triggs", "7", h("span", { class: "tc-boxes" }, "☒☒☐☐"));
}

/** A number to guess the meaning of, with the bid chips beside it. */
function magicNumbers() {
  return card("tc-mn", "8848", h("span", { class: "tc-chips" }, h("span", {}, "3"), h("span", {}, "2"), h("span", {}, "?")));
}
