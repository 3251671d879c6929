"""Dicht dran at the browser table: the circle is a ring (the 1 and the 100 opposite, the
target pushed toward the middle, the gap marked), and after you lay your card the others'
cards are turned over in front of their seats, outside the log, with the round's outcome."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.test_tables import invite, seat_token
from tests.e2e.visible import FAST, offer, play_moves

SEATS = ["human", "bot:random", "bot:heuristic"]
DISCARDS = ("gap_discard", "discard_draw")

#: The centre of each ring card, by the card's number, and the ring's own centre.
RING = """() => {
  const centre = (el) => {
    const box = el.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  const ring = document.querySelector(".dd-ring");
  const cards = [...ring.querySelectorAll(".dd-pos")].map((pos) => ({
    position: Number(pos.dataset.position),
    card: Number(pos.querySelector("[data-card]").dataset.card),
    target: pos.classList.contains("is-target"),
    gapEnd: Boolean(pos.querySelector(".dd-gap-end")),
    at: centre(pos.querySelector("[data-card]")),
  }));
  return {centre: centre(ring), cards, arc: Boolean(ring.querySelector(".dd-gap-arc")),
          gap: document.querySelector(".dd-felt .dd-gap-text")?.textContent || ""};
}"""


#: True once the game's style sheet is in force (the ring's cards sit on the ring).
STYLED = """() => {
  const pos = document.querySelector(".dd-pos");
  return pos && getComputedStyle(pos).position === "absolute";
}"""


#: The card face in front of each seat (outside the log), by seat.
SLOTS = """() => Object.fromEntries([...document.querySelectorAll(".dd-slot.revealed")]
  .filter((slot) => !slot.closest("#log, .log-area, [role=log]"))
  .map((slot) => [slot.dataset.seat, slot.querySelector("[data-card]").dataset.card]))"""


#: Every pair of the felt's labels and cards that overlap (the gap's words, the target's
#: "Ziel", the ring's cards), as [one, other] by their text.
OVERLAPS = """() => {
  const felt = document.querySelector(".dd-felt");
  const seen = (el) => el.getClientRects().length > 0;
  const items = [...felt.querySelectorAll(".dd-gap-text, .dd-note, .dd-ring .dd-card")]
    .filter(seen).map((el) => ({el, box: el.getBoundingClientRect(),
      name: el.classList.contains("dd-card") ? `card ${el.dataset.card}` : el.textContent}));
  const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const found = [];
  for (const [i, a] of items.entries()) {
    for (const b of items.slice(i + 1)) {
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue; // a card's own "Ziel"
      if (a.el.classList.contains("dd-card") && b.el.classList.contains("dd-card")) continue;
      if (hit(a.box, b.box)) found.push([a.name, b.name]);
    }
  }
  return found;
}"""


def distance(a: list[float], b: list[float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def open_table(server: Server, page: Any, seed: int = 4) -> dict[str, Any]:
    created = server.open_table("dicht-dran", SEATS, {"passes": 1}, seed=seed)
    page.goto(invite(created) + "&lang=de")
    page.wait_for_selector("#hand button.move:not([disabled])")
    page.wait_for_function(STYLED)
    return created


def test_the_circle_is_a_ring_with_1_and_100_opposite_and_the_gap_marked(
    server: Server, page: Any, artifacts: Path
) -> None:
    open_table(server, page)
    ring = page.evaluate(RING)
    wide = page.evaluate("document.querySelector('.dd-ring').getBoundingClientRect().width")
    cards = {card["card"]: card for card in ring["cards"]}
    assert len(ring["cards"]) == 6
    one, hundred = cards[1], cards[100]
    assert (hundred["position"] - one["position"]) % 6 == 3
    middle = [(one["at"][i] + hundred["at"][i]) / 2 for i in (0, 1)]
    assert distance(middle, ring["centre"]) < 6  # opposite each other across the centre
    target = next(card for card in ring["cards"] if card["target"])
    others = [distance(c["at"], ring["centre"]) for c in ring["cards"] if not c["target"]]
    assert distance(target["at"], ring["centre"]) < 0.7 * min(others)  # pushed in
    ends = sorted(c["position"] for c in ring["cards"] if c["gapEnd"])
    assert ends == sorted([(target["position"] + 1) % 6, (target["position"] - 1) % 6])
    low, high = sorted(cards_at(ring, ends))
    assert ring["arc"]
    assert ring["gap"] == f"Lücke {low}–{high}"
    page.set_viewport_size({"width": 360, "height": 740})
    small = page.evaluate(RING)
    assert len(small["cards"]) == 6
    ring_width = page.evaluate("document.querySelector('.dd-ring').getBoundingClientRect().width")
    assert ring_width < min(wide, 360)  # the ring shrinks: still six cards on a ring
    assert small["cards"][0]["at"] != small["cards"][3]["at"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts / "dicht-dran-ring-360.png"))


def cards_at(ring: dict[str, Any], positions: list[int]) -> list[int]:
    return [c["card"] for c in ring["cards"] if c["position"] in positions]


def slot_text(page: Any, seat: int) -> str:
    text: str = page.locator(f'.dd-slot[data-seat="{seat}"]').inner_text()
    return text


def test_after_you_lay_your_card_the_others_cards_turn_over_in_front_of_their_seats(
    server: Server, page: Any, artifacts: Path
) -> None:
    created = open_table(server, page)
    table = created["table"]
    for seat in (1, 2):  # the bots have laid: backs, and nothing of their faces
        slot = page.locator(f'.dd-slot[data-seat="{seat}"]')
        assert slot.locator(".dd-back").count() == 1
        assert slot.locator("[data-card]").count() == 0
        assert not re.search(r"\d", slot_text(page, seat))
    page.locator("#hand button.move:not([disabled])").first.click()
    page.wait_for_selector('.dd-slot[data-seat="1"].revealed [data-card]', timeout=10_000)
    shown = page.evaluate(SLOTS)
    page.screenshot(path=str(artifacts / "dicht-dran-reveal-flip.png"))
    state = server.state(table, seat_token(created, 0))
    reveal = [e for e in state["events"] if e["kind"] == "reveal"][-1]
    win = [e for e in state["events"] if e["kind"] == "win"][-1]
    # each card in front of the seat that laid it, outside the log
    assert shown == {str(seat): str(card) for seat, card in enumerate(reveal["data"]["cards"])}
    closest = page.locator(".dd-slot.closest")
    closest.wait_for(timeout=10_000)
    assert closest.get_attribute("data-seat") == str(win["data"]["seat"])
    label = closest.locator(".dd-slot-note").inner_text()
    card, gap = win["data"]["card"], win["data"]["distance"]
    expected = "gleich dicht" if win["data"]["tie"] else f"am dichtesten: {card} – Abstand {gap}"
    assert expected in label
    page.screenshot(path=str(artifacts / "dicht-dran-reveal-closest.png"))
    page.locator(".dd-slot.won").wait_for(timeout=10_000)
    assert page.locator(".dd-slot.won [data-card]").get_attribute("data-card") == str(
        win["data"]["target"]
    )
    after = state["events"][state["events"].index(reveal) :]
    fates = {e["data"]["seat"]: e["kind"] for e in after if e["kind"] in DISCARDS}
    page.wait_for_function("() => document.querySelector('.dd-slot.draws, .dd-slot.in-gap')")
    for seat, kind in fates.items():
        note = page.locator(f'.dd-slot[data-seat="{seat}"] .dd-slot-note')
        if kind == "gap_discard":
            assert note.inner_text() == "in der Lücke"
        elif kind == "discard_draw":
            assert re.fullmatch(r"zieht \d", note.inner_text())
    page.screenshot(path=str(artifacts / "dicht-dran-reveal-draws.png"))
    # then the next target moves in and the hand is playable again
    page.wait_for_selector("#hand button.move:not([disabled])", timeout=15_000)
    assert page.locator(".dd-slot.revealed").count() == 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_gap_label_never_lies_on_the_target_or_a_card(
    server: Server, browser: Any, players: int, artifacts: Path
) -> None:
    """Phone and desktop, every player count: round after round (the target moves around
    the ring), the gap's words touch neither the target's "Ziel" mark nor any ring card."""
    seats = ["human"] + ["bot:random"] * (players - 1)
    for viewport, mobile in (
        ({"width": 360, "height": 740}, True),
        ({"width": 1280, "height": 800}, False),
    ):
        context = browser.new_context(
            viewport=viewport, locale="de-DE", is_mobile=mobile, has_touch=mobile
        )
        context.add_init_script(FAST)
        page = context.new_page()
        created = server.open_table("dicht-dran", seats, {"passes": 1}, seed=players)
        page.goto(invite(created) + "&lang=de")
        targets = set()
        for _ in range(5):
            if offer(page) == "over":
                break
            page.wait_for_function(STYLED)
            targets.add(page.evaluate("document.querySelector('.dd-ring').dataset.target"))
            where = f"{players} players, {viewport['width']} px, target at {sorted(targets)}"
            assert page.evaluate(OVERLAPS) == [], where
            assert page.locator(".dd-felt .dd-gap-text").is_visible(), where
            play_moves(page, 1)
        assert len(targets) >= 2
        page.screenshot(path=str(artifacts / f"dicht-dran-gap-{players}-{viewport['width']}.png"))
        context.close()
