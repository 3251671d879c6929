"""Cento at the browser table: the free card opens a small chooser offering exactly the
values the server allows, and a choice plays; a turn's chain slides in card by card, each
with the property it matched (from the lay events); an obligation shows on the obliged
seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server
from tests.e2e.helpers import move_once
from tests.e2e.table_steps import collect_frames, kinds, render_steps, seen_on_board
from tests.e2e.test_tables import invite, seat_token

PROPERTY_WORDS = {"ones": "Einer", "tens": "Zehner", "sum": "Quersumme"}

PROBE = """(box) => ({
  lit: [...box.querySelectorAll(".cento-open .cento-prop.lit .prop-name")]
    .map((e) => e.textContent),
  links: [...box.querySelectorAll(".cento-chain .cento-link")].map((link) => [
    link.querySelector(".card-main").textContent,
    (link.querySelector(".cento-matched") || {}).textContent || "",
    link.classList.contains("slide-in")]),
  slots: [...box.querySelectorAll(".harness-seat")].map((s) => [Number(s.dataset.seat),
    (s.querySelector(".cento-slot .card-main") || {}).textContent || "",
    (s.querySelector(".cento-banner") || {}).textContent || ""]),
})"""


def words(matched: list[str]) -> str:
    return ", ".join(PROPERTY_WORDS[p] for p in matched)


def test_the_free_card_offers_only_the_legal_values_and_plays(
    server: Server, browser: Any, artifacts: Path
) -> None:
    # seed 3: seat 0 starts with a free card in hand and may lay it at once
    created = server.open_table("cento", ["human", "bot:heuristic", "bot:heuristic"], seed=3)
    token = seat_token(created, 0)
    legal = server.state(created["table"], token)["legal_actions"]
    allowed = sorted(e["action"]["value"] for e in legal if e["action"].get("card") == "free")
    assert 0 < len(allowed) < 99
    for width, height in ((360, 740), (1280, 900)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(invite(created) + "&lang=de")
        toggle = page.get_by_role("button", name="Freie Karte: Wert wählen")
        toggle.wait_for()
        assert page.locator("button.free-value").count() == 0  # no wall of value buttons
        toggle.click()
        chooser = page.get_by_role("group", name="Freie Karte legen als …")
        chooser.wait_for()
        shown = sorted(int(t) for t in chooser.locator("button").all_inner_texts())
        assert shown == allowed
        assert toggle.get_attribute("aria-expanded") == "true"
        box = chooser.bounding_box()
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(artifacts / f"cento-free-chooser-{width}.png"), full_page=True)
        if width == 360:
            page.keyboard.press("Escape")
            assert chooser.is_hidden()
            context.close()
            continue
        value = allowed[len(allowed) // 2]
        chooser.get_by_role("button", name=f"freie Karte als {value} legen").click()
        page.wait_for_function("() => !document.body.dataset.busy")
        view = server.state(created["table"], token)["view"]
        assert view["turn_values"][:1] == [value] or view["open_value"] == value
        context.close()


def test_a_chain_slides_in_card_by_card_with_what_each_matched(server: Server, page: Any) -> None:
    created = server.open_table("cento", ["human", "bot:heuristic", "bot:heuristic"], seed=4)
    page.goto(invite(created) + "&lang=de")
    page.wait_for_function("() => document.body.dataset.game === 'cento'")

    def two_matched_lays_in_a_turn(frames: list[dict[str, Any]]) -> bool:
        return any(len(f["view"]["turn_values"]) >= 2 for f in frames if lays(f))

    frames, _ = collect_frames(
        server, created["table"], seat_token(created, 0), two_matched_lays_in_a_turn
    )
    end = next(i for i, f in enumerate(frames) if lays(f) and len(f["view"]["turn_values"]) >= 2)
    start = end - 1
    while start > 0 and not lays(frames[start]):
        start -= 1
    for i in range(start, end + 1):  # the turn's frames in order, as the page receives them
        steps = render_steps(page, "cento", frames[i], frames[i - 1], 0, 3, PROBE)
        for event in lays(frames[i]):
            step = next(s for s in steps if s["say"] == event["text"])
            data, seen = event["data"], step["seen"]
            assert seen["lit"] == [PROPERTY_WORDS[p] for p in data["matched"]]
            *_, (card, matched, sliding) = seen["links"]
            assert card == str(data["value"])
            assert sliding
            assert matched == words(data["matched"])
    # the last step shows the whole chain, each card with its own match
    laid = [e["data"] for f in frames[start : end + 1] for e in lays(f)]
    chain = seen["links"][-len(laid) :]
    assert [c[0] for c in chain] == [str(d["value"]) for d in laid]
    assert [c[1] for c in chain] == [words(d["matched"]) for d in laid]


def test_an_obligation_is_a_banner_on_the_obliged_seat(server: Server, page: Any) -> None:
    created = server.open_table("cento", ["human", "bot:heuristic", "bot:heuristic"], seed=4)
    page.goto(invite(created) + "&lang=de")
    page.wait_for_function("() => document.body.dataset.game === 'cento'")

    def obliged(frames: list[dict[str, Any]]) -> bool:
        return any(
            e["kind"] == "turn" and e["data"]["obliged"] for f in frames for e in f["events"]
        )

    frames, _ = collect_frames(server, created["table"], seat_token(created, 0), obliged)
    i = next(
        i
        for i, f in enumerate(frames)
        if any(e["kind"] == "turn" and e["data"]["obliged"] for e in f["events"])
    )
    seat = next(e["data"]["seat"] for e in frames[i]["events"] if e["kind"] == "turn")
    steps = render_steps(page, "cento", frames[i], frames[i - 1], 0, 3, PROBE)
    banners = {s: banner for s, _, banner in steps[-1]["seen"]["slots"] if banner}
    assert banners == {seat: "muss eine Monozahl legen oder drei Karten nehmen"}, kinds(frames[-5:])


def lays(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in frame["events"] if e["kind"] == "lay"]


def test_the_table_itself_slides_a_laid_card_into_the_chain(server: Server, page: Any) -> None:
    """On the live page (not drawn by the test): a laid card slides in with its match."""
    created = server.open_table("cento", ["human", "bot:heuristic", "bot:heuristic"], seed=4)
    page.goto(invite(created) + "&lang=de")
    page.wait_for_function("() => document.body.dataset.game === 'cento'")
    assert seen_on_board(page, "#board .cento-link.slide-in", move_once)
