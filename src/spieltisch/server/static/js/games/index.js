// Each game's board and move words, by game id. A game without a module is shown generically.
import cento from "./cento.js";
import dichtDran from "./dicht-dran.js";
import magicNumbers from "./magic-numbers.js";
import missionszahl from "./missionszahl.js";
import triggs from "./triggs.js";
import { h } from "../dom.js";

const GENERIC = {
  board(view) {
    return h("pre", { class: "board generic" }, JSON.stringify(view, null, 1));
  },
  moveText() {
    return null;
  },
};

export const GAMES = {
  "dicht-dran": dichtDran,
  cento,
  missionszahl,
  triggs,
  "magic-numbers": magicNumbers,
};

export function gameModule(id) {
  return GAMES[id] || GENERIC;
}
