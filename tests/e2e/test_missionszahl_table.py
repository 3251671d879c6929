"""Missionszahl at the browser table: after you lay your card every played card is turned
over in front of its seat (outside the log), and a reveal's steps appear in the order the
game carried them out: the flip, each symbol action with the pointer on the acting seat
(the mission number ticking), the closest card, then the cards going to the collections."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server
from tests.e2e.helpers import READY
from tests.e2e.test_tables import invite, seat_token

SEATS = ["human", "bot:random", "bot:random"]
#: The events whose seat carries out a symbol action (the pointer is on it).
SYMBOL_KINDS = ("first", "pass_cw", "new_mission", "evens_out", "drawn", "give", "shift")

#: Records every distinct look of the table while the page plays its steps.
RECORDER = """() => {
  window.__mzSteps = [];
  const look = () => {
    if (!document.querySelector(".mz-slot")) return;
    const parts = [];
    if (document.querySelector(".mz-slot.flip")) parts.push("flip");
    const acting = document.querySelector(".mz-slot.acting");
    if (acting) parts.push(`acting:${acting.dataset.seat}`);
    const closest = document.querySelector(".mz-slot.closest");
    if (closest) parts.push(`closest:${closest.dataset.seat}`);
    if (document.querySelector(".mz-slot.banked")) parts.push("banked");
    parts.push(`n:${document.querySelector(".mz-number-value")?.textContent}`);
    const seen = parts.join(" ");
    if (window.__mzSteps[window.__mzSteps.length - 1] !== seen) window.__mzSteps.push(seen);
  };
  const watch = { subtree: true, childList: true, attributes: true };
  new MutationObserver(look).observe(document, watch);
}"""


#: The card face in front of each seat as the reveal turns them over (outside the log).
SLOTS = """() => Object.fromEntries([...document.querySelectorAll(".mz-slot.flip")]
  .filter((slot) => !slot.closest("#log, .log-area, [role=log]"))
  .map((slot) => [slot.dataset.seat, slot.querySelector("[data-card]").dataset.card]))"""


def open_table(server: Server, page: Any, seed: int) -> dict[str, Any]:
    created = server.open_table("missionszahl", SEATS, {}, seed=seed)
    page.add_init_script(f"({RECORDER})()")
    page.goto(invite(created) + "&lang=de")
    page.wait_for_selector("#hand button.move:not([disabled])")
    return created


def rounds_of(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events of each reveal, from the reveal to the cards going to the collections."""
    found: list[list[dict[str, Any]]] = []
    for event in events:
        if event["kind"] == "reveal":
            found.append([])
        if found and (not found[-1] or found[-1][-1]["kind"] != "bank"):
            found[-1].append(event)
    return [r for r in found if r and r[-1]["kind"] == "bank"]


def chunks(steps: list[str]) -> list[list[str]]:
    """The recorded looks split at each flip: one list per reveal."""
    found: list[list[str]] = []
    for step in steps:
        if step.startswith("flip"):
            found.append([])
        if found:
            found[-1].append(step)
    return found


def without_repeats(items: list[Any]) -> list[Any]:
    return [item for i, item in enumerate(items) if i == 0 or items[i - 1] != item]


def play_one_move(page: Any) -> None:
    page.wait_for_function(READY, timeout=30_000)
    page.locator("#main button.move:not([disabled])").first.click()
    page.wait_for_function("() => !document.body.dataset.busy")


def test_after_you_lay_your_card_every_card_turns_over_in_front_of_its_seat(
    server: Server, page: Any, artifacts: Path
) -> None:
    created = open_table(server, page, seed=5)
    for seat in (1, 2):
        slot = page.locator(f'.mz-slot[data-seat="{seat}"]')
        assert slot.locator(".mz-back").count() == 1
        assert slot.locator("[data-card]").count() == 0
    page.locator("#hand button.move:not([disabled])").first.click()
    page.wait_for_selector(".mz-slot.flip [data-card]", timeout=10_000)
    shown = page.evaluate(SLOTS)
    page.screenshot(path=str(artifacts / "missionszahl-reveal-flip.png"))
    state = server.state(created["table"], seat_token(created, 0))
    reveal = next(e for e in state["events"] if e["kind"] == "reveal")
    assert shown == {str(seat): card for seat, card in enumerate(reveal["data"]["cards"])}


def test_the_steps_of_a_reveal_appear_in_the_order_of_the_game(
    server: Server, page: Any, artifacts: Path
) -> None:
    created = open_table(server, page, seed=7)
    token = seat_token(created, 0)
    checked = 0
    for _ in range(60):
        state = server.state(created["table"], token)
        rounds = rounds_of(state["events"])
        if any(e["kind"] in SYMBOL_KINDS for r in rounds for e in r) or state["over"]:
            break
        play_one_move(page)
    done = f"() => Number(document.body.dataset.seq) >= {state['last_seq']}"
    page.wait_for_function(done + ' && document.body.dataset.playing !== "true"', timeout=30_000)
    seen = chunks(page.evaluate("window.__mzSteps"))
    assert len(seen) >= len(rounds) > 0
    for events, looks in zip(rounds, seen, strict=False):
        symbols = without_repeats([e["data"]["seat"] for e in events if e["kind"] in SYMBOL_KINDS])
        pointed = without_repeats(
            [int(part[7:]) for look in looks for part in look.split() if part.startswith("acting:")]
        )
        assert pointed == symbols, (events, looks)
        places = {
            kind: next((i for i, look in enumerate(looks) if kind in look), None)
            for kind in ("acting", "closest", "banked")
        }
        win = next((e for e in events if e["kind"] == "win"), None)
        if win is not None:
            closest = next(look for look in looks if "closest" in look)
            assert f"closest:{win['data']['seat']}" in closest
            assert places["closest"] is not None
            assert places["banked"] is not None
            assert places["closest"] < places["banked"]
            if places["acting"] is not None:
                assert places["acting"] < places["closest"]
        numbers = without_repeats([look.split("n:")[1] for look in looks])
        shifts = [str(e["data"]["target"]) for e in events if e["kind"] == "shift"]
        assert all(n in numbers for n in shifts)  # the mission number ticks to each change
        checked += bool(symbols)
    assert checked, "no reveal with a symbol action was played"
    page.screenshot(path=str(artifacts / "missionszahl-after-symbols.png"))
