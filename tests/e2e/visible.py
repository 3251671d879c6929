"""Playing a table the way a person does: only controls that can be seen, one at a time,
when the page offers them (not while a sequence plays). Used by the cross-game tests and by
``scripts/gallery.py``; also whether the table page has what those tests need yet."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

#: What the page offers now: "over", "answer" (a visible answer box), "move" (a visible,
#: enabled move button) or null (a request under way, a sequence playing, nothing to do).
OFFER = """() => {
  const body = document.body;
  if (body.dataset.over === "true") return "over";
  if (body.dataset.busy || body.dataset.playing === "true") return null;
  if (document.querySelector("dialog[open]")) return null; // a question comes first
  const seen = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden" && !el.closest("[hidden], dialog:not([open])");
  const field = document.querySelector("#answer-input");
  if (field && !field.disabled && seen(field)) return "answer";
  const moves = [...document.querySelectorAll("#main button.move:not([disabled])")].filter(seen);
  return moves.length ? "move" : null;
}"""

#: How much wider than ``width`` the page is (0 or less: nothing scrolls sideways). Not
#: against innerWidth: a phone's layout viewport grows to fit what overflows.
OVERFLOW = """(width) => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
  - width"""

#: Before any page of a context loads: bots' moves and reveals at the fast speed.
FAST = "localStorage.setItem('spieltisch.speed', 'fast');"


def offer(page: Any, timeout: float = 60_000) -> str:
    """Waits until the page offers something (or the game is over); says what."""
    handle = page.wait_for_function(OFFER, timeout=timeout)
    found: str = handle.json_value()
    return found


def play_once(page: Any, answer: str = "keine Ahnung", pick: str = "first") -> str | None:
    """One move through a visible control: typing ``answer`` where an answer is asked for,
    else clicking the ``pick`` ("first" or "last") visible move. Returns what was done, or
    None once the game is over."""
    what = offer(page)
    if what == "over":
        return None
    if what == "answer":
        field = page.locator("#answer-input")
        field.fill(answer)
        field.press("Enter")
        done = f"answer {answer}"
    else:
        buttons = page.locator("#main button.move:not([disabled])").locator("visible=true")
        button = buttons.first if pick == "first" else buttons.last
        done = button.get_attribute("aria-label") or button.inner_text()
        button.click()
    page.wait_for_function("() => !document.body.dataset.busy", timeout=30_000)
    return done


def play_moves(page: Any, count: int, pick: str = "first") -> list[str]:
    """Up to ``count`` moves (fewer if the game ends)."""
    made: list[str] = []
    for _ in range(count):
        done = play_once(page, pick=pick)
        if done is None:
            break
        made.append(done)
    return made


def play_to_end(page: Any, max_moves: int = 800, pick: str = "first") -> list[str]:
    made: list[str] = []
    for _ in range(max_moves):
        done = play_once(page, pick=pick)
        if done is None:
            return made
        made.append(done)
    raise AssertionError(f"the game did not end within {max_moves} moves")


def name_in_dialog(page: Any, name: str) -> None:
    """Answers the open name dialog ("Wie heißt du?") with ``name``."""
    field = page.locator("dialog[open] #name-input")
    field.wait_for(timeout=15_000)
    field.fill(name)
    field.press("Enter")
    page.wait_for_function("() => !document.querySelector('dialog[open]')", timeout=15_000)


# ---- the pieces of issue 26 built by the other helpers --------------------------------


def _static(path: str) -> str:
    return resources.files("spieltisch.server").joinpath("static", path).read_text("utf-8")


def missing_table_piece() -> str | None:
    """Why the table page cannot seat an invited newcomer by name yet (None: it can)."""
    table = _static("js/table.js")
    if not re.search(r"/name\?token=|nameSeat|claimSeat", table):
        return "waits for the shell helper's table page (wp-shell): it names no invited seat"
    if "spieltisch.speed" not in table + _static_or_empty("js/sequencer.js"):
        return "waits for the shell helper's table page (wp-shell): it has no speed setting"
    return None


def _static_or_empty(path: str) -> str:
    try:
        return _static(path)
    except FileNotFoundError:
        return ""


def tiles(page: Any) -> Any:
    """The start page's "Neuer Tisch" region (its game tiles and the set-up)."""
    return page.get_by_role("region", name="Neuer Tisch")
