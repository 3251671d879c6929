// "Deine Tische": the seats this browser holds (table, token, seat, game), kept in
// localStorage `spieltisch.tables`, newest first. The token is the seat's key: it never
// leaves this browser except to this server.

const KEY = "spieltisch.tables";
const KEPT = 40; // the oldest seats beyond this fall off the list

/** Every remembered seat, newest first: [{table, token, seat, game, created}]. */
export function yourTables() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((entry) => entry && entry.table && entry.token) : [];
  } catch {
    return [];
  }
}

function store(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEPT)));
  } catch {
    /* private mode or full: the list lasts for this page only */
  }
}

/**
 * Remembers the seat of `token` at `table` (a table page opened with a seat link calls this
 * too). A seat already known keeps its place and the time it was first seen.
 */
export function rememberTable({ table, token, seat = null, game = null }) {
  if (!table || !token) return;
  const list = yourTables();
  const known = list.find((entry) => entry.table === table && entry.token === token);
  if (known) {
    Object.assign(known, { seat: seat ?? known.seat, game: game ?? known.game });
    return store(list);
  }
  store([{ table, token, seat, game, created: Date.now() }, ...list]);
}

/** Forgets every seat of `table` in this browser (the table itself goes on). */
export function forgetTable(table) {
  store(yourTables().filter((entry) => entry.table !== table));
}
