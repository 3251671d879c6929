"""Shared by the Triggs, Cento and Magic Numbers table tests: a game's frames as a seat
receives them from the server, and a game module's steps for one frame drawn in the page
(felt, seats and hand, with each step's marks) so a test can read what each step shows."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tests.e2e.conftest import Server

Frame = dict[str, Any]


def collect_frames(
    server: Server,
    table: str,
    token: str,
    done: Callable[[list[Frame]], bool],
    act: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None,
    timeout: float = 120,
) -> tuple[list[Frame], dict[str, Any]]:
    """The frames the seat of ``token`` receives, in order, until ``done(frames)``: the seat
    plays ``act(state)`` (default: its first legal action) whenever it is to act."""
    frames: list[Frame] = []
    state = server.state(table, token)
    frames += state["frames"]
    deadline = time.monotonic() + timeout
    while not done(frames):
        assert time.monotonic() < deadline, f"not seen within {timeout} s: {kinds(frames)[-30:]}"
        assert not state["over"], f"the game ended first: {kinds(frames)[-30:]}"
        if state["legal_actions"]:
            action = act(state) if act else state["legal_actions"][0]["action"]
            path = f"/api/tables/{table}/actions?lang=de"
            state = server.request("POST", path, {"token": token, "action": action})
        else:
            time.sleep(0.1)
            state = server.request(
                "GET", f"/api/tables/{table}?token={token}&lang=de&since={state['last_seq']}"
            )
        frames += state["frames"]
    return frames, state


def kinds(frames: list[Frame]) -> list[str]:
    return [event["kind"] for frame in frames for event in frame["events"]]


def frame_with(frames: list[Frame], kind: str) -> tuple[Frame, Frame]:
    """The first frame holding an event of ``kind``, and the frame before it."""
    for i, frame in enumerate(frames):
        if i and any(event["kind"] == kind for event in frame["events"]):
            return frame, frames[i - 1]
    raise AssertionError(f"no {kind} event among {kinds(frames)}")


#: Draws the game module's steps of one frame, one after another, into a box on the page
#: (the seats named Ada, Bo, Cleo …) and returns, per step, what `probe` (a function of the
#: box) reads from it.
RENDER_STEPS = """async ([game, frame, before, seat, players, probe]) => {
  const module = (await import(`/js/games/${game}.js`)).default;
  const i18n = await import("/js/i18n.js");
  await i18n.loadGameWords(game);
  const faces = await (await fetch(`/api/games/${game}/faces`)).json();
  const lang = document.documentElement.lang || "de";
  const read = new Function("box", `return (${probe})(box);`);
  const state = { game, seat, players, view: frame.view, events: frame.events, frames: [frame],
                  legal_actions: [], to_act: [] };
  const box = document.createElement("div");
  box.id = "steps-harness";
  document.body.append(box);
  const out = [];
  for (const step of module.steps(frame, before.view, { lang, seat, players, faces, state })) {
    const ctx = {
      lang, seat, players, acting: [], moves: null, state, faces, marks: step.marks || {},
      view: step.view,
      name: (s) => ["Ada", "Bo", "Cleo", "Dan", "Eva", "Finn"][s],
      isMe: (s) => s === seat,
      colour: (s) => `var(--seat-${s})`,
      w: (key, params) => i18n.boardWord(game, lang, key, params),
      t: (key, params) => i18n.t(lang, key, params),
    };
    box.replaceChildren(module.felt(step.view, ctx));
    for (let s = 0; s < players; s++) {
      const shown = module.seat(step.view, s, ctx);
      const place = document.createElement("div");
      place.className = "harness-seat";
      place.dataset.seat = String(s);
      place.append(...[shown.slot, shown.extra, shown.banner].filter(Boolean));
      box.append(place);
    }
    const hand = module.hand(step.view, ctx);
    if (hand) box.append(hand);
    const said = { say: step.say || "", hold: Boolean(step.hold), marks: step.marks || {} };
    out.push({ ...said, seen: read(box) });
  }
  box.remove();
  return out;
}"""


def render_steps(
    page: Any, game: str, frame: Frame, before: Frame, seat: int, players: int, probe: str
) -> list[dict[str, Any]]:
    """What each step of ``frame`` shows, as ``probe`` (JS, ``(box) => …``) reads it."""
    found: list[dict[str, Any]] = page.evaluate(
        RENDER_STEPS, [game, frame, before, seat, players, probe]
    )
    return found


#: Starts recording whether an element matching a selector ever appears on the live page.
WATCH = """(selector) => {
  window.__seen = false;
  new MutationObserver(() => {
    if (!window.__seen && document.querySelector(selector)) window.__seen = true;
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def seen_on_board(page: Any, selector: str, pick: Callable[[Any], Any], moves: int = 60) -> bool:
    """Plays the page's seat with ``pick(page)`` until the table itself (the shell playing the
    frames as steps) has shown an element matching ``selector``."""
    page.evaluate(WATCH, selector)
    for _ in range(moves):
        if page.evaluate("window.__seen"):
            return True
        if pick(page) is None:
            break
    return bool(page.evaluate("window.__seen"))
