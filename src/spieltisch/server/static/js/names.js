// The person's name: asked once, remembered in this browser (localStorage `spieltisch.name`),
// changeable from the header; the table page uses it to name an invited seat.
import { request } from "./api.js";
import { h } from "./dom.js";
import { sw } from "./startwords.js";

const KEY = "spieltisch.name";
const LONGEST = 24;

/** The remembered name, or "" when this browser has none yet. */
export function storedName() {
  try {
    return localStorage.getItem(KEY) || "";
  } catch {
    return "";
  }
}

/** Remembers `name` (already checked) for the next visit and the next table. */
export function saveName(name) {
  try {
    localStorage.setItem(KEY, name);
  } catch {
    /* private mode: the name lasts for this page only */
  }
  document.dispatchEvent(new CustomEvent("spieltisch:name", { detail: name }));
}

/** `text` trimmed if it is a name the server accepts (1–24 printable characters), else null. */
export function cleanName(text) {
  const name = String(text || "").trim();
  // eslint-disable-next-line no-control-regex
  if (!name || [...name].length > LONGEST || /[\u0000-\u001f\u007f-\u009f]/.test(name)) return null;
  return name;
}

/**
 * Asks for a name in a small modal dialog, offering `initial`; resolves with the checked,
 * remembered name, or null when the person cancels (Escape or "Abbrechen").
 */
export function askName(lang, { initial = storedName(), cancel = true } = {}) {
  const input = h("input", {
    type: "text",
    id: "name-input",
    name: "name",
    maxlength: LONGEST,
    autocomplete: "nickname",
    required: true,
    "aria-describedby": "name-help name-error",
  });
  input.value = initial;
  const error = h("p", { id: "name-error", class: "error-text", "aria-live": "polite" });
  const ok = h("button", { type: "submit", class: "primary", id: "name-ok", value: "ok" }, sw(lang, "name_ok"));
  const no = cancel
    ? h("button", { type: "button", id: "name-cancel" }, sw(lang, "name_cancel"))
    : null;
  const form = h(
    "form",
    { method: "dialog" },
    h("h2", { id: "name-title" }, sw(lang, "name_title")),
    h("label", { for: "name-input" }, sw(lang, "your_name")),
    input,
    h("p", { id: "name-help", class: "help" }, sw(lang, "name_help")),
    error,
    h("p", { class: "buttons" }, ok, no),
  );
  const dialog = h("dialog", { class: "name-dialog", "aria-labelledby": "name-title" }, form);
  document.body.append(dialog);
  return new Promise((resolve) => {
    let answer = null;
    form.addEventListener("submit", (event) => {
      const name = cleanName(input.value);
      if (name === null) {
        event.preventDefault();
        error.textContent = sw(lang, "name_invalid");
        input.setAttribute("aria-invalid", "true");
        input.focus();
        return;
      }
      answer = name;
    });
    no?.addEventListener("click", () => dialog.close());
    dialog.addEventListener("cancel", (event) => {
      if (!cancel) event.preventDefault();
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (answer !== null) saveName(answer);
      resolve(answer);
    });
    dialog.showModal();
    input.focus();
    input.select();
  });
}

/** The remembered name, or (the first time) the one the person types; null if they cancel. */
export async function ensureName(lang) {
  return storedName() || askName(lang);
}

/**
 * The header's name button: shows the name (or "Name wählen") and opens the dialog to change
 * it; `onChange(name)` is told each new name.
 */
export function nameButton(lang, onChange = () => {}) {
  const button = h("button", { type: "button", id: "name-button", class: "name-button" });
  const show = () => {
    const name = storedName();
    button.replaceChildren(personIcon(), h("span", { class: "name-text" }, name || sw(lang, "name_set")));
    button.setAttribute("aria-label", name ? sw(lang, "name_change", { name }) : sw(lang, "name_set"));
  };
  button.addEventListener("click", async () => {
    const name = await askName(lang);
    if (name !== null) onChange(name);
    button.focus();
  });
  document.addEventListener("spieltisch:name", show);
  show();
  return button;
}

/** A small head-and-shoulders picture (decoration: the button's name says it all). */
function personIcon() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "person-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const head = document.createElementNS(svg.namespaceURI, "circle");
  Object.entries({ cx: 8, cy: 5, r: 3.2, fill: "currentColor" }).forEach(([k, v]) => head.setAttribute(k, v));
  const body = document.createElementNS(svg.namespaceURI, "path");
  body.setAttribute("d", "M1.5 15.5 C1.5 11 4.5 9.5 8 9.5 C11.5 9.5 14.5 11 14.5 15.5 Z");
  body.setAttribute("fill", "currentColor");
  svg.append(head, body);
  return svg;
}

/** Names the seat of `token` at table `tableId` (`PUT /api/tables/{id}/name`); resolves with the name. */
export async function nameSeat(tableId, token, name) {
  const url = `/api/tables/${encodeURIComponent(tableId)}/name?token=${encodeURIComponent(token)}`;
  await request("PUT", url, { name });
  return name;
}

/**
 * For an invite link: when the seat has no name yet (`seatName === ""`), asks the newcomer's
 * name (offering the remembered one) and names the seat. Resolves with the seat's name
 * afterwards ("" if they cancelled).
 */
export async function claimSeat(tableId, token, seatName, lang) {
  if (seatName) return seatName;
  const name = await askName(lang);
  if (name === null) return "";
  return nameSeat(tableId, token, name);
}
