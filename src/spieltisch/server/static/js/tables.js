// Opening tables: the request, the invitation links from the answer, and the set-up kept
// in this browser for "play again".
import { postJSON } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Opens a table: `config` is {game, players, options, seats: ["human", "bot:heuristic", …], seed?}.
 * Resolves with {table, humans: [{seat, token, url}], spectator}.
 */
export async function createTable(config) {
  const answer = await postJSON("/api/tables", config);
  const humans = answer.seats
    .filter((seat) => seat.kind === "human")
    .map((seat) => ({ seat: seat.seat, token: seat.token, url: localUrl(seat.invite_url) }));
  return { table: answer.table, humans, spectator: localUrl(answer.spectator_url) };
}

/** A server-given address as one on this host (the server may name its own host). */
function localUrl(url) {
  const full = new URL(url, location.href);
  return full.pathname + full.search;
}

export function rememberConfig(created, config) {
  try {
    localStorage.setItem(`spieltisch.table.${created.table}`, JSON.stringify(config));
  } catch {
    /* private mode: play again falls back to the start page */
  }
}

export function savedConfig(tableId) {
  try {
    return JSON.parse(localStorage.getItem(`spieltisch.table.${tableId}`) || "null");
  } catch {
    return null;
  }
}

/** The invitation links of a new table: one per person's seat, each with a copy button. */
export function inviteList(created, lang, mySeat = null) {
  const items = created.humans.map((seat) => {
    const absolute = new URL(withLang(seat.url, lang), location.href).href;
    const field = h("input", {
      type: "text",
      readonly: true,
      value: absolute,
      id: `invite-${seat.seat}`,
      class: "invite-url",
    });
    const label = h("label", { for: field.id }, t(lang, "seat_n", { n: seat.seat + 1 }));
    const copy = h("button", { type: "button", class: "copy" }, t(lang, "copy", { n: seat.seat + 1 }));
    copy.addEventListener("click", async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(absolute);
      } catch {
        document.execCommand && document.execCommand("copy");
      }
      copy.textContent = t(lang, "copied");
    });
    const open = h(
      "a",
      { href: withLang(seat.url, lang), class: "button open-seat" },
      t(lang, "open_seat", { n: seat.seat + 1 }) + (seat.seat === mySeat ? ` (${t(lang, "you")})` : ""),
    );
    return h("li", {}, label, " ", field, " ", copy, " ", open);
  });
  return h(
    "section",
    { class: "invites", "aria-labelledby": "invites-heading" },
    h("h2", { id: "invites-heading", tabindex: "-1" }, t(lang, "invites")),
    h("p", {}, t(lang, "invite_text")),
    h("ul", { class: "plain" }, items),
    h("p", {}, h("a", { href: withLang(created.spectator, lang) }, t(lang, "spectate"))),
  );
}

function withLang(url, lang) {
  const full = new URL(url, location.href);
  full.searchParams.set("lang", lang);
  return full.pathname + full.search;
}
