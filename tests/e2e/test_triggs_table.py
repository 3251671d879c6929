"""Triggs at the browser table: a turn plays as steps on the board — the pile a card came
from, each crossed box, a full row flashing and its extra cross jumping in — drawn by the
game module from the frames the server sends (no rule worked out in the page)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server
from tests.e2e.helpers import move_once
from tests.e2e.table_steps import collect_frames, frame_with, kinds, render_steps, seen_on_board
from tests.e2e.test_tables import invite, seat_token

#: Which grid shows a mark: the seat of a mini-grid, or "mine" for the big sheet.
PROBE = """(box) => {
  const owner = (el) => {
    const place = el.closest(".harness-seat");
    return place ? Number(place.dataset.seat) : "mine";
  };
  return {
    fresh: [...box.querySelectorAll(".box.new")].map(owner),
    flash: [...box.querySelectorAll(".sheet-row.flash")].map((row) => [owner(row),
      row.getAttribute("aria-label")]),
    jump: [...box.querySelectorAll(".box.jump")].map((b) => [owner(b),
      b.closest(".sheet-row").getAttribute("aria-label")]),
    pile: [...box.querySelectorAll(".triggs-pile.drawn-from .pile-name")].map((e) => e.textContent),
    drawn: [...box.querySelectorAll(".triggs-drawn .card")].map((c) => [owner(c),
      c.classList.contains("back"), (c.querySelector(".card-main") || {}).textContent || ""]),
  };
}"""

PILE_WORDS = {"left": "links", "middle": "Mitte", "right": "rechts"}


def open_triggs(server: Server, page: Any, seed: int = 5) -> dict[str, Any]:
    created = server.open_table("triggs", ["human", "bot:heuristic", "bot:heuristic"], seed=seed)
    page.goto(invite(created) + "&lang=de")
    page.wait_for_function("() => document.body.dataset.game === 'triggs'")
    return created


def test_a_chain_of_crosses_plays_box_by_box(server: Server, page: Any, artifacts: Path) -> None:
    created = open_triggs(server, page)
    token = seat_token(created, 0)
    frames, _ = collect_frames(
        server, created["table"], token, lambda fs: {"row_full", "extra"} <= set(kinds(fs))
    )
    full, before = frame_with(frames, "row_full")
    events = {event["kind"]: event for event in full["events"]}
    seat, row = events["row_full"]["data"]["seat"], events["row_full"]["data"]["row"]
    where = "mine" if seat == 0 else seat
    steps = render_steps(page, "triggs", full, before, 0, 3, PROBE)
    said = [step["say"] for step in steps]
    crossed = said.index(events["form"]["text"])
    flashed = said.index(events["row_full"]["text"])
    assert crossed < flashed, said  # the cross comes first, then its row flashes
    assert where in steps[crossed]["seen"]["fresh"]
    assert steps[flashed]["seen"]["flash"][0][0] == where
    assert steps[flashed]["seen"]["flash"][0][1].startswith(f"{row}:")
    assert steps[crossed]["seen"]["flash"] == []

    extra, before = frame_with(frames, "extra")
    data = next(e for e in extra["events"] if e["kind"] == "extra")["data"]
    steps = render_steps(page, "triggs", extra, before, 0, 3, PROBE)
    jumped = [step["seen"]["jump"] for step in steps if step["seen"]["jump"]]
    where = "mine" if data["seat"] == 0 else data["seat"]
    assert jumped
    assert jumped[0][0][0] == where
    assert jumped[0][0][1].startswith(f"{data['row']}:")


def test_a_draw_shows_its_pile_and_a_face_down_card_as_a_back(server: Server, page: Any) -> None:
    created = open_triggs(server, page, seed=6)
    token = seat_token(created, 0)

    def hidden_draw_by_another(frames: list[dict[str, Any]]) -> bool:
        return any(
            e["kind"] == "draw" and e["data"]["seat"] != 0 and e["data"]["card"] is None
            for f in frames
            for e in f["events"]
        )

    frames, _ = collect_frames(server, created["table"], token, hidden_draw_by_another)
    for i, frame in enumerate(frames[1:], 1):
        for event in frame["events"]:
            if event["kind"] != "draw" or event["data"]["seat"] == 0:
                continue
            steps = render_steps(page, "triggs", frame, frames[i - 1], 0, 3, PROBE)
            seen = next(s["seen"] for s in steps if s["say"] == event["text"])
            assert seen["pile"][0].startswith(PILE_WORDS[event["data"]["pile"]])
            [(owner, back, number)] = seen["drawn"]
            assert owner == event["data"]["seat"]
            if event["data"]["card"] is None:
                assert back
                assert number == ""
            else:
                assert not back
                assert number == str(event["data"]["card"])


def test_your_sheet_is_large_and_the_others_are_mini_grids(
    server: Server, browser: Any, artifacts: Path
) -> None:
    created = server.open_table("triggs", ["human", "bot:heuristic", "bot:heuristic"], seed=5)
    for width, height in ((1280, 900), (360, 740)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(invite(created) + "&lang=en")
        page.wait_for_selector(".triggs-sheet.big")
        assert page.get_by_role("group", name="Your score sheet").count() == 1
        assert page.locator(".triggs-sheet.mini").count() == 2
        labels = page.locator(".triggs-sheet.mini").evaluate_all(
            "(sheets) => sheets.map((s) => s.getAttribute('aria-label'))"
        )
        assert all(label.endswith("'s score sheet") for label in labels), labels
        big = page.locator(".triggs-sheet.big .box").first.bounding_box()
        mini = page.locator(".triggs-sheet.mini .box").first.bounding_box()
        assert big["width"] >= 3 * mini["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(artifacts / f"triggs-table-{width}.png"), full_page=True)
        context.close()


def test_the_table_itself_plays_a_cross_as_a_step(server: Server, page: Any) -> None:
    """On the live page (not drawn by the test): a bot's crossed box pops in on its seat."""
    open_triggs(server, page)
    assert seen_on_board(page, ".seat .triggs-sheet.mini .box.new", move_once)
