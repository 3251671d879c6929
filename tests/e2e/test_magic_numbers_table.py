"""Magic Numbers at the browser table: chips lie face down in seat colours until the reveal,
then turn over and stand sorted by value (equal values keep their order) as the reveal
event lists them, and the points paid show on the seats; a card being solved shows its
number large, who answers next, the hints as badges and the point corner in play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server
from tests.e2e.table_steps import collect_frames, frame_with, kinds, render_steps, seen_on_board
from tests.e2e.test_tables import bid_high as bid_high_on_page
from tests.e2e.test_tables import invite, seat_token

PROBE = """(box) => ({
  cards: [...box.querySelectorAll(".mn-slot")].map((slot) =>
    [...slot.querySelectorAll(".mn-chip")].map((chip) => ({
      seat: Number(chip.dataset.seat),
      text: chip.textContent,
      down: chip.classList.contains("hidden-chip"),
      flip: chip.classList.contains("flip"),
      label: chip.getAttribute("aria-label"),
    }))),
  paid: [...box.querySelectorAll(".harness-seat")].map((s) =>
    [Number(s.dataset.seat), (s.querySelector(".mn-delta") || {}).textContent || ""]),
  lit: [...box.querySelectorAll(".mn-corner.lit")].map((e) => e.textContent),
  hints: [...box.querySelectorAll(".mn-hint")].map((e) => e.textContent),
  big: (box.querySelector(".mn-big-number") || {}).textContent || "",
  next: (box.querySelector(".mn-order li.next") || {}).textContent || "",
  flying: [...box.querySelectorAll(".harness-seat")].filter((s) => s.querySelector(".mn-flying"))
    .map((s) => Number(s.dataset.seat)),
})"""


NAMES = ["Ada", "Bo", "Cleo"]  # the seats' names in table_steps' drawing


def bid_high(state: dict[str, Any]) -> dict[str, Any]:
    """Bid the highest chip where possible (to be asked), answer "keine Ahnung"."""
    actions: list[dict[str, Any]] = [entry["action"] for entry in state["legal_actions"]]
    bids = [a for a in actions if a["type"] == "bid"]
    if bids:
        return max(bids, key=lambda a: a["chip"])
    answer = next((a for a in actions if a["type"] == "answer"), None)
    if answer:
        return {**answer, "text": "keine Ahnung"}
    return actions[0]


def open_table(server: Server, page: Any, seed: int) -> tuple[dict[str, Any], str]:
    created = server.open_table(
        "magic-numbers", ["human", "bot:heuristic", "bot:heuristic"], {"rounds": 1}, seed=seed
    )
    page.goto(invite(created) + "&lang=de")
    page.wait_for_function("() => document.body.dataset.game === 'magic-numbers'")
    return created, seat_token(created, 0)


def test_the_chips_turn_over_and_sort_by_value(server: Server, page: Any) -> None:
    created, token = open_table(server, page, seed=4)
    frames, _ = collect_frames(
        server, created["table"], token, lambda fs: "reveal" in kinds(fs), act=bid_high
    )
    # while bidding, another seat's chip lies face down and says no number
    bid, before = next(
        (f, frames[i - 1])
        for i, f in enumerate(frames)
        if i and any(e["kind"] == "bid" and e["data"]["seat"] != 0 for e in f["events"])
    )
    steps = render_steps(page, "magic-numbers", bid, before, 0, 3, PROBE)
    theirs = [c for card in steps[-1]["seen"]["cards"] for c in card if c["seat"] != 0]
    assert theirs
    assert all(c["down"] and c["text"] == "" for c in theirs)
    assert not any(ch.isdigit() for c in theirs for ch in c["label"])

    reveal, before = frame_with(frames, "reveal")
    event = next(e for e in reveal["events"] if e["kind"] == "reveal")
    steps = render_steps(page, "magic-numbers", reveal, before, 0, 3, PROBE)
    said = [s["say"] for s in steps]
    assert said.index(event["text"]) > 0  # the last pass comes first, chips still down
    assert all(c["down"] for card in steps[0]["seen"]["cards"] for c in card if c["seat"])
    flip = next(i for i, s in enumerate(steps) if s["marks"].get("flip"))
    flipped = steps[flip]["seen"]["cards"]
    laid = reveal["view"]["bids"]
    assert [[(c["seat"], int(c["text"])) for c in card] for card in flipped] == [
        [tuple(b) for b in row] for row in laid
    ]
    assert all(c["flip"] and not c["down"] for card in flipped for c in card)
    sort = steps[flip + 1]["seen"]["cards"]
    shown = [[(c["seat"], int(c["text"])) for c in card] for card in sort]
    assert shown == [[tuple(b) for b in row] for row in event["data"]["bids"]]
    for row, placed in zip(shown, laid, strict=True):
        values = [v for _, v in row]
        assert values == sorted(values, reverse=True)
        for value in set(values):  # equal values keep the order they were laid in
            assert [s for s, v in row if v == value] == [s for s, v in placed if v == value]
    pays = [e["data"] for e in reveal["events"] if e["kind"] == "pay"]
    assert pays
    for pay in pays:
        step = next(s for s in steps if s["marks"].get("paid", {}).get("seat") == pay["seat"])
        assert [pay["seat"], f"−{pay['paid']}"] in step["seen"]["paid"]


def test_a_card_being_solved_shows_hints_and_the_corner_in_play(
    server: Server, page: Any, artifacts: Path
) -> None:
    created, token = open_table(server, page, seed=4)
    frames, _ = collect_frames(
        server,
        created["table"],
        token,
        lambda fs: {"hint", "solved"} <= set(kinds(fs)),
        act=bid_high,
        timeout=180,
    )
    card, before = frame_with(frames, "card")
    steps = render_steps(page, "magic-numbers", card, before, 0, 3, PROBE)
    data = next(e for e in card["events"] if e["kind"] == "card")["data"]
    seen = steps[-1]["seen"]
    assert seen["big"] == data["number"]
    assert seen["lit"] == ["ohne Hinweis"]
    assert seen["next"] == NAMES[data["order"][0]]

    hint, before = frame_with(frames, "hint")
    steps = render_steps(page, "magic-numbers", hint, before, 0, 3, PROBE)
    given = next(e for e in hint["events"] if e["kind"] == "hint")["data"]
    seen = steps[-1]["seen"]
    assert seen["lit"] == [{"theme": "Thema", "unit": "Einheit"}[given["kind"]]]
    assert any(given["text_hint_de"] in badge for badge in seen["hints"])

    solved, before = frame_with(frames, "solved")
    steps = render_steps(page, "magic-numbers", solved, before, 0, 3, PROBE)
    who = next(e for e in solved["events"] if e["kind"] == "solved")["data"]["seat"]
    flying = [s for s in steps if s["seen"]["flying"]]
    assert flying
    assert flying[0]["seen"]["flying"] == [who]
    assert flying[0]["hold"]


def test_the_table_itself_turns_the_chips_over(server: Server, page: Any) -> None:
    """On the live page (not drawn by the test): the chips turn over at the reveal."""
    open_table(server, page, seed=4)
    assert seen_on_board(page, "#board .mn-chip.up.flip", bid_high_on_page)
