// Each game's board and move words, from the module js/games/<id>.js of a game whose
// descriptor says it has one (`browser_module` in GET /api/games). A page loads only the
// module of the game it shows (`loadGameModule`), once it knows the game; any other game is
// shown generically.
import { gamesInfo } from "../api.js";
import { h } from "../dom.js";

const GENERIC = {
  board(view) {
    return h("pre", { class: "board generic" }, JSON.stringify(view, null, 1));
  },
  moveText() {
    return null;
  },
};

const loaded = new Map(); // game id → its module (or GENERIC)

/** Loads the module of game `id` (once); resolves with it, or the generic one. */
export async function loadGameModule(id) {
  if (loaded.has(id)) return loaded.get(id);
  let module = GENERIC;
  try {
    const info = await gamesInfo();
    const game = info.games.find((item) => item.id === id);
    if (game && game.browser_module) module = (await import(`./${game.id}.js`)).default;
  } catch {
    /* the server is unreachable or the module failed: the game is shown generically */
  }
  loaded.set(id, module);
  return module;
}

/** The module of game `id` once loaded (see loadGameModule), else the generic one. */
export function gameModule(id) {
  return loaded.get(id) || GENERIC;
}
