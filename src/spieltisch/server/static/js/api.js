// Talking to the Spieltisch server: JSON over HTTP, state pushes over a WebSocket.

/** GET or POST JSON; rejects with the server's one-line error for a 4xx/5xx answer. */
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
    const error = new Error((data && (data.error || data.detail)) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

export const getJSON = (url) => request("GET", url);

/** The address of the rules page (`rules.html`) for `game` in `lang`. */
export function rulesUrl(game, lang) {
  return `/rules.html?game=${encodeURIComponent(game)}&lang=${lang}`;
}
export const postJSON = (url, body) => request("POST", url, body);

/** The table id from the address: ?table=<id> (the server's invite links), /table/<id>. */
export function tableIdFromLocation() {
  const match = location.pathname.match(/\/tables?\/([^/?#]+)/);
  if (match) return decodeURIComponent(match[1]);
  const params = new URLSearchParams(location.search);
  return params.get("table") || params.get("id");
}

/**
 * Keeps a seat's state current: a WebSocket push when the server offers one, otherwise
 * polling. `onState` gets every new seat state; `onTrouble` is told when the line drops.
 */
export class StateFeed {
  constructor(tableId, token, lang, onState, onTrouble) {
    Object.assign(this, { tableId, token, lang, onState, onTrouble });
    this.lastSeq = -1;
    this.socket = null;
    this.pollTimer = null;
    this.closed = false;
    this.failures = 0;
  }

  stateUrl() {
    const params = new URLSearchParams({ lang: this.lang });
    if (this.token) params.set("token", this.token);
    return `/api/tables/${encodeURIComponent(this.tableId)}?${params}`;
  }

  async fetchNow() {
    const state = await getJSON(this.stateUrl());
    this.accept(state);
    return state;
  }

  accept(state) {
    if (typeof state.last_seq === "number") this.lastSeq = Math.max(this.lastSeq, state.last_seq);
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
    socket.addEventListener("message", (message) => {
      let data;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      if (data.type === "state") this.accept(data);
      else if (data.type === "error") this.onTrouble(false, data.error);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.closed) return;
      this.socket = null;
      this.failures += 1;
      if (!opened && this.failures >= 2) return this.poll(); // no WebSocket here: poll instead
      this.onTrouble(true);
      setTimeout(() => this.reconnect(), Math.min(5000, 500 * this.failures));
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
    if (state && state.view) this.accept(state);
    return state;
  }
}
