"""Playing through the page as a person does: wait for the offered moves, pick one."""

from __future__ import annotations

from typing import Any

#: True once the page shows moves to make (and no request is under way) or the result. While
#: the page plays what happened step by step, it clicks "Weiter" as an impatient person would.
READY = """() => {
  const body = document.body;
  if (body.dataset.over === "true") return true;
  if (body.dataset.busy) return false;
  const skip = document.getElementById("skip");
  if (body.dataset.playing === "true") {
    if (skip && !skip.hidden) skip.click();
    return false;
  }
  return Boolean(document.querySelector("#main button.move:not([disabled])"));
}"""

#: Every control and every picture-like element without an accessible name.
UNNAMED = """() => {
  const nameOf = (el) => {
    const label = el.getAttribute("aria-label");
    if (label && label.trim()) return label.trim();
    const by = el.getAttribute("aria-labelledby");
    const text = (id) => document.getElementById(id)?.textContent || "";
    if (by) return by.split(/\\s+/).map(text).join(" ").trim();
    const labels = el.labels ? [...el.labels] : [];
    if (labels.length) return labels.map((l) => l.textContent).join(" ").trim();
    if (el.matches("button, a")) return el.textContent.trim();
    return el.getAttribute("title") || "";
  };
  const all = "button, a[href], input, select, textarea, [role=img], [role=group]";
  return [...document.querySelectorAll(all)]
    .filter((el) => !el.closest("[hidden]") && !nameOf(el))
    .map((el) => el.outerHTML.slice(0, 120));
}"""

#: The numbers shown on every card in the page (face-up cards only; backs show none).
CARD_NUMBERS = """() => [...document.querySelectorAll(".card:not(.back) .card-main")]
  .map((el) => el.textContent.trim())"""


def move_once(
    page: Any, answer: str = "keine Ahnung", pick: str = "first", timeout: float = 30_000
) -> str | None:
    """Make one move as offered: the ``pick`` ("first" or "last") of the offered moves, or
    typing ``answer`` where an answer is asked for. Returns the move's accessible name, or
    ``None`` once the game is over."""
    page.wait_for_function(READY, timeout=timeout)
    if page.evaluate("document.body.dataset.over") == "true":
        return None
    field = page.locator("#answer-input")
    if field.count():
        field.fill(answer)
        field.press("Enter")
        name = f"answer {answer}"
    else:
        buttons = page.locator("#main button.move:not([disabled])")
        button = buttons.first if pick == "first" else buttons.last
        name = button.get_attribute("aria-label") or button.inner_text()
        button.click()
    page.wait_for_function("() => !document.body.dataset.busy", timeout=timeout)
    return name


def wait_until_shown(page: Any, timeout: float = 30_000) -> None:
    """Wait until the page has played every step it was sent (clicking "Weiter" on the way)."""
    page.wait_for_function(
        """() => {
          if (document.body.dataset.playing !== "true") return true;
          document.getElementById("skip").click();
          return false;
        }""",
        timeout=timeout,
    )


def play_to_end(
    page: Any, max_moves: int = 1500, answer: str = "keine Ahnung", pick: str = "first"
) -> list[str]:
    """Play the seat of ``page`` to the end of the game; returns the moves made."""
    made: list[str] = []
    for _ in range(max_moves):
        name = move_once(page, answer, pick)
        if name is None:
            return made
        made.append(name)
    raise AssertionError(f"the game did not end within {max_moves} moves")


def unnamed_controls(page: Any) -> list[str]:
    found: list[str] = page.evaluate(UNNAMED)
    return found


def card_numbers(page: Any) -> list[str]:
    found: list[str] = page.evaluate(CARD_NUMBERS)
    return found
