// Talking to the Spieltisch server: JSON over HTTP, state pushes over a WebSocket.

/**
 * GET or POST JSON; rejects with the server's one-line error (`{"error": …}`) for a 4xx/5xx
 * answer, or with the status line when the answer is not the server's JSON (a crash, a proxy).
 */
export async function request(method, url, body = undefined) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = new Error((data && data.error) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.code = (data && data.code) || null; // stable, for the page to word in its language
    error.params = (data && data.params) || {};
    throw error;
  }
  return data;
}

export const getJSON = (url) => request("GET", url);

let errorWords = null; // the promise of GET /api/errors/words

/**
 * A refusal in the page's language: the server's error code worded by `GET /api/errors/words`
 * (`{lang: {code: text with {param} placeholders}}`), else the server's English line.
 */
export async function errorText(error, lang) {
  if (errorWords === null) {
    errorWords = getJSON("/api/errors/words").catch(() => ({}));
  }
  const words = await errorWords;
  const text = error.code && words[lang] && words[lang][error.code];
  if (!text) return error.message;
  const params = error.params || {};
  // Python-style placeholders: {name}, {name!r} (quoted) and {name:…} (as it is).
  return text.replace(/\{(\w+)(![rs])?(:[^}]*)?\}/g, (whole, name, conversion) => {
    if (!(name in params)) return whole;
    let value = params[name];
    // a detail given in both languages ({"de": …, "en": …}): the page's own
    if (value && typeof value === "object" && !Array.isArray(value)) value = value[lang] ?? value.en;
    const shown = Array.isArray(value) ? value.join(", ") : String(value);
    return conversion === "!r" ? `'${shown}'` : shown;
  });
}

/** The address of the rules page (`rules.html`) for `game` in `lang`. */
export function rulesUrl(game, lang) {
  return `/rules.html?game=${encodeURIComponent(game)}&lang=${lang}`;
}
export const postJSON = (url, body) => request("POST", url, body);

let games = null; // the promise of GET /api/games

/** Every game the server knows (`GET /api/games`), fetched once per page. */
export function gamesInfo() {
  if (games === null) {
    games = getJSON("/api/games");
    games.catch(() => (games = null)); // a failed fetch is tried again next time
  }
  return games;
}

const faces = new Map(); // game id → the promise of its card faces

/**
 * What is printed on each card of `game` (`GET /api/games/{game}/faces`), fetched once per
 * page: the boards take chilis, colours, symbols and kinds of number from it, never from
 * tables of their own.
 */
export function cardFaces(game) {
  if (!faces.has(game)) {
    const loading = getJSON(`/api/games/${encodeURIComponent(game)}/faces`);
    loading.catch(() => faces.delete(game)); // a failed fetch is tried again next time
    faces.set(game, loading);
  }
  return faces.get(game);
}

/**
 * What each card shows at table `table` (`GET /api/tables/{table}/faces`): the printed faces
 * under the table's rule options (a Dicht dran table's own chilis, a Missionszahl table's
 * symbols). The table page draws its cards from this.
 */
export function tableFaces(table) {
  return getJSON(`/api/tables/${encodeURIComponent(table)}/faces`);
}

/** The table id from the address: `?table=<id>`, as the server's invitation links have it. */
export function tableIdFromLocation() {
  return new URLSearchParams(location.search).get("table");
}

/**
 * Keeps a seat's state current: a WebSocket push when the server offers one, otherwise
 * polling. `onState` gets every new seat state; `onTrouble` is told when the line drops.
 * A state's `frames` (each step as this seat saw it: `{step, seat, events, view}`) are
 * narrowed to the steps this feed has not passed on before, in order.
 */
/** WebSocket close codes: the table is gone (no such table, deleted); too many sockets. */
const GONE = [4404, 4410];
const TOO_MANY = 4429;

export class StateFeed {
  constructor(tableId, token, lang, onState, onTrouble) {
    Object.assign(this, { tableId, token, lang, onState, onTrouble });
    this.lastSeq = -1;
    this.lastStep = -1;
    this.socket = null;
    this.pollTimer = null;
    this.closed = false;
    this.failures = 0;
  }

  stateUrl() {
    // Only what is new: the page keeps every event it was sent.
    const params = new URLSearchParams({ lang: this.lang, since: String(Math.max(0, this.lastSeq)) });
    if (this.token) params.set("token", this.token);
    return `/api/tables/${encodeURIComponent(this.tableId)}?${params}`;
  }

  async fetchNow() {
    const state = await getJSON(this.stateUrl());
    this.accept(state);
    return state;
  }

  accept(state) {
    this.lastSeq = Math.max(this.lastSeq, state.last_seq);
    state.frames = (state.frames || []).filter((frame) => frame.step > this.lastStep);
    this.lastStep = Math.max(this.lastStep, state.step);
    this.onState(state);
  }

  start() {
    this.connect();
  }

  connect() {
    if (this.closed || typeof WebSocket === "undefined") return this.poll();
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const params = new URLSearchParams({ lang: this.lang, since: String(Math.max(0, this.lastSeq)) });
    if (this.token) params.set("token", this.token);
    let opened = false;
    const socket = new WebSocket(
      `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}?${params}`,
    );
    this.socket = socket;
    socket.addEventListener("open", () => {
      opened = true;
      this.failures = 0;
      this.onTrouble(false);
    });
    let told = null; // the last refusal, in the page's language
    socket.addEventListener("message", async (message) => {
      const data = JSON.parse(message.data); // a state or an error, always JSON
      if (data.type === "state") return this.accept(data);
      const error = { message: data.error, code: data.code, params: data.params };
      told = await errorText(error, this.lang);
      this.onTrouble(false, told);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket || this.closed) return;
      this.socket = null;
      if (GONE.includes(event.code)) {
        // The table is gone (deleted, or never was): say so and stop asking.
        this.closed = true;
        return this.onTrouble(true, told);
      }
      this.failures += 1;
      if (!opened && this.failures >= 2) return this.poll(); // no WebSocket here: poll instead
      this.onTrouble(true, event.code === TOO_MANY ? told : undefined);
      const wait = event.code === TOO_MANY ? 30000 : Math.min(5000, 500 * this.failures);
      setTimeout(() => this.reconnect(), wait);
    });
  }

  async reconnect() {
    try {
      await this.fetchNow();
    } catch {
      /* the next attempt will tell */
    }
    this.connect();
  }

  poll() {
    if (this.pollTimer || this.closed) return;
    this.pollTimer = setInterval(async () => {
      try {
        await this.fetchNow();
        this.onTrouble(false);
      } catch {
        this.onTrouble(true);
      }
    }, 1000);
  }

  /** Sends an action; resolves with the new state (or rejects with the server's error). */
  async act(action) {
    const url = `/api/tables/${encodeURIComponent(this.tableId)}/actions?lang=${this.lang}`;
    const state = await postJSON(url, { token: this.token, action });
    this.accept(state);
    return state;
  }
}
