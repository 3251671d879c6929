// A tiny element builder: h("button", {class: "move", onclick}, "text", child, …).
// Attributes whose value is null, undefined or false are left out; "on…" attributes are
// event listeners; children may be strings, numbers, nodes, arrays or null.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replace the children of `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}
