// Each game's board and move words, from the module js/games/<id>.js of every game whose
// descriptor says it has one (`browser_module` in GET /api/games). Any other game is shown
// generically. The modules are loaded before the page's own code runs.
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

async function loadModules() {
  let info = { games: [] };
  try {
    info = await gamesInfo();
  } catch {
    return {}; // the server is unreachable: every game is shown generically
  }
  const loaded = await Promise.all(
    info.games
      .filter((game) => game.browser_module)
      .map(async (game) => [game.id, (await import(`./${game.id}.js`)).default]),
  );
  return Object.fromEntries(loaded);
}

/** Game id → its module, for the games that have one. */
export const GAMES = await loadModules();

export function gameModule(id) {
  return GAMES[id] || GENERIC;
}
