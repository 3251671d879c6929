// The moves a seat may make: exactly the server's legal actions, each a real <button>.
// A game's board may turn some of them into its own buttons (a hand card that can be played);
// the rest are listed by group in the "your moves" section.
import { h } from "./dom.js";

export class Moves {
  constructor(entries, send) {
    this.entries = entries; // [{action, text, label}]
    this.send = send;
    this.used = new Set();
  }

  /** The legal entries whose action matches every key of `pattern`, e.g. {type: "play", card: 46}. */
  find(pattern) {
    return this.entries.filter((entry) =>
      Object.entries(pattern).every(([key, value]) => sameValue(entry.action[key], value)),
    );
  }

  /** A button that makes the move `entry`; `content` is what it shows, `label` its accessible name. */
  button(entry, content, label, kind = "") {
    this.used.add(entry);
    const button = h(
      "button",
      { type: "button", class: `move ${kind}`.trim(), "aria-label": label || null },
      content,
    );
    button.addEventListener("click", () => this.send(entry.action));
    return button;
  }

  /** The entries no board button has taken yet. */
  rest() {
    return this.entries.filter((entry) => !this.used.has(entry));
  }
}

function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
