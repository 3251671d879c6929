// Opening tables: the request, the invitations (links and QR codes) from the answer, and the
// set-up kept in this browser for "play again".
import { postJSON } from "./api.js";
import { h } from "./dom.js";
import { sw } from "./startwords.js";

/**
 * Opens a table: `config` is {game, players, options, seats: ["human", "bot:medium", …],
 * names?: [string|null], seed?}. Resolves with {table, game, humans: [{seat, token, url,
 * invite}], spectator}: `url` on this host, `invite` the server's full link (for sharing).
 */
export async function createTable(config) {
  const answer = await postJSON("/api/tables", config);
  const humans = answer.seats
    .filter((seat) => seat.kind === "human")
    .map((seat) => ({
      seat: seat.seat,
      token: seat.token,
      url: localUrl(seat.invite_url),
      invite: seat.invite_url,
    }));
  return { table: answer.table, game: answer.game, humans, spectator: localUrl(answer.spectator_url) };
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

/** `url` with `?lang=`: for going there in this browser, in this page's language. */
export function withLang(url, lang) {
  const full = new URL(url, location.href);
  full.searchParams.set("lang", lang);
  return full.pathname + full.search;
}

/** The QR code of a seat link, drawn by the server (`GET /api/qr.svg`). */
export function qrImage(link, label) {
  return h("img", {
    class: "qr",
    src: `/api/qr.svg?url=${encodeURIComponent(link)}`,
    alt: label,
    width: 168,
    height: 168,
  });
}

/**
 * The invitations of a new table: for every person's seat but `mySeat`, its link as a QR
 * code (to scan in the same room), as text with a copy (and, where the device can, share)
 * button; then the way to your own seat and the spectator link.
 */
export function inviteList(created, lang, mySeat = null) {
  const others = created.humans.filter((seat) => seat.seat !== mySeat);
  const mine = created.humans.find((seat) => seat.seat === mySeat);
  const items = others.map((seat) => inviteCard(seat, lang));
  return h(
    "section",
    { class: "invites", id: "invites-section", "aria-labelledby": "invites-heading" },
    h("h2", { id: "invites-heading", tabindex: "-1" }, sw(lang, "invites")),
    h("p", {}, sw(lang, "invite_text")),
    h("ul", { class: "invite-cards plain" }, items),
    h(
      "p",
      { class: "invite-after" },
      mine ? h("a", { href: withLang(mine.url, lang), class: "button primary", id: "to-my-seat" }, sw(lang, "to_my_seat")) : null,
      " ",
      h("a", { href: withLang(created.spectator, lang), class: "spectate-link" }, sw(lang, "spectate")),
    ),
  );
}

function inviteCard(seat, lang) {
  const n = seat.seat + 1;
  const link = seat.invite || new URL(seat.url, location.href).href;
  const field = h("input", {
    type: "text",
    readonly: true,
    value: link,
    id: `invite-${seat.seat}`,
    class: "invite-url",
    "aria-label": sw(lang, "invite_for", { n }),
  });
  const copy = h(
    "button",
    { type: "button", class: "copy", "aria-label": sw(lang, "copy_label", { n }) },
    sw(lang, "copy"),
  );
  copy.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      document.execCommand && document.execCommand("copy");
    }
    copy.textContent = sw(lang, "copied");
  });
  const share = navigator.share
    ? h("button", { type: "button", class: "share" }, sw(lang, "share"))
    : null;
  share?.addEventListener("click", () => navigator.share({ url: link }).catch(() => {}));
  return h(
    "li",
    { class: "invite-card" },
    h("h3", {}, sw(lang, "invite_for", { n })),
    qrImage(link, sw(lang, "qr_label", { n })),
    h("div", { class: "invite-link" }, field, h("span", { class: "buttons" }, copy, share)),
  );
}
