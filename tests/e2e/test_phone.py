"""Phone first: at 360 × 740 nothing scrolls sideways, on the start page (every game's set-up,
the "Erweitert" fold, the name dialog, the invitations, "Deine Tische") or at any game's
table (on arrival and in the middle of the game)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.e2e.conftest import Server
from tests.e2e.test_tables import invite, seat_token
from tests.e2e.visible import (
    FAST,
    OVERFLOW,
    missing_table_piece,
    offer,
    play_moves,
    play_once,
    tiles,
)

PHONE = {"width": 360, "height": 740}

#: Each game with fast bots and short settings (opened over the API, raw bot specs).
GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "dicht-dran": (["human", "bot:random", "bot:random", "bot:random"], {"passes": 1}),
    "cento": (["human", "bot:random", "bot:random"], {"rebuilds": 0}),
    "missionszahl": (["human", "bot:random", "bot:random"], {}),
    "triggs": (["human", "bot:random", "bot:random"], {"round_limit": 10}),
    "magic-numbers": (["human", "bot:random", "bot:random"], {"rounds": 1}),
}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport=PHONE, locale="de-DE", is_mobile=True, has_touch=True, device_scale_factor=2
    )
    context.add_init_script(FAST)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def assert_fits(page: Any, where: str) -> None:
    extra = page.evaluate(OVERFLOW, PHONE["width"])
    assert extra <= 0, f"{where}: the page is {extra}px wider than the 360px screen"


def test_the_start_page_fits_a_phone(server: Server, phone: Any, artifacts: Path) -> None:
    page = phone
    page.goto(server.url + "/?lang=de")
    page.locator(".tile").first.wait_for()
    assert_fits(page, "the tiles")
    page.screenshot(path=str(artifacts / "start-phone.png"), full_page=True)
    for tile in page.locator(".tile").all():
        tile.click()
        assert_fits(page, f"the set-up of {tile.get_attribute('id')}")
    page.get_by_text("Erweitert", exact=True).click()
    page.locator("#seed").wait_for()
    assert_fits(page, "the Erweitert fold")
    page.screenshot(path=str(artifacts / "start-phone-advanced.png"), full_page=True)
    page.get_by_role("button", name="Name wählen").click()
    page.get_by_role("dialog").get_by_label("Dein Name").wait_for()
    assert_fits(page, "the name dialog")
    box = page.get_by_role("dialog").bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= PHONE["width"]


def test_your_tables_fit_a_phone(server: Server, phone: Any, artifacts: Path) -> None:
    """Three remembered seats are listed newest first, each with its state, on a phone."""
    entries = []
    for number, game in enumerate(["dicht-dran", "cento", "triggs"]):
        seats, options = GAMES[game]
        created = server.open_table(game, seats, options, seed=5)
        token = next(s["token"] for s in created["seats"] if s["seat"] == 0)
        when = 1_700_000_000_000 + number
        entries.append(
            {"table": created["table"], "token": token, "seat": 0, "game": game, "created": when}
        )
    entries.reverse()  # newest first, as the page keeps them
    page = phone
    stored = json.dumps(json.dumps(entries))
    page.add_init_script(f"localStorage.setItem('spieltisch.tables', {stored});")
    page.goto(server.url + "/?lang=de")
    items = page.get_by_role("region", name="Deine Tische").locator("li.your-table")
    items.first.get_by_text(re.compile("läuft|beendet")).wait_for()
    assert items.count() == 3
    shown = [item.get_attribute("data-table") for item in items.all()]
    assert shown == [entry["table"] for entry in entries]
    assert "Triggs" in items.first.inner_text()
    assert re.search("Du bist dran|ist dran|sind dran", items.first.inner_text())
    assert_fits(page, "Deine Tische")
    page.screenshot(path=str(artifacts / "start-phone-your-tables.png"), full_page=True)


def test_the_invitations_fit_a_phone(server: Server, phone: Any, artifacts: Path) -> None:
    page = phone
    page.add_init_script("localStorage.setItem('spieltisch.name', 'Mia');")
    page.goto(server.url + "/?lang=de")
    tiles(page).get_by_role("button", name=re.compile("^Cento")).click()
    page.get_by_label("4 Plätze", exact=True).check()
    for n in (2, 3):
        page.get_by_label(f"Platz {n}", exact=True).select_option(label="Mensch (Einladung)")
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.get_by_role("img", name="QR-Code für Platz 3").wait_for()
    assert_fits(page, "the invitations")
    page.screenshot(path=str(artifacts / "invitations-phone.png"), full_page=True)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_table_fits_a_phone(game: str, server: Server, phone: Any, artifacts: Path) -> None:
    reason = missing_table_piece()
    if reason:
        pytest.skip(reason)
    seats, options = GAMES[game]
    created = server.open_table(game, seats, options, seed=4)
    link = next(s["invite_url"] for s in created["seats"] if s["seat"] == 0)
    page = phone
    page.add_init_script("localStorage.setItem('spieltisch.name', 'Mia');")  # no name dialog
    page.goto(link + "&lang=de")
    offer(page)
    assert_fits(page, f"{game} on arrival")
    assert parse_qs(urlparse(page.url).query)["table"] == [created["table"]]
    play_moves(page, 4, pick="last" if game == "magic-numbers" else "first")
    assert_fits(page, f"{game} in the middle of the game")
    page.screenshot(path=str(artifacts / f"{game}-phone-360.png"))


#: From now on, the first time ``selector`` shows on the page (while ``playing`` if asked),
#: records the boxes of what it matches and of the status bar in ``window.__boxes``.
RECORD_BOXES = """([selector, playing]) => {
  window.__boxes = null;
  const look = () => {
    if (window.__boxes) return;
    if (playing && document.body.dataset.playing !== "true") return;
    const found = [...document.querySelectorAll(selector)]
      .filter((el) => el.getClientRects().length);
    if (!found.length) return;
    const box = (el) => el.getBoundingClientRect().toJSON();
    window.__boxes = { found: found.map(box), bar: box(document.getElementById("status-bar")),
                       text: document.getElementById("status").textContent,
                       more: !document.getElementById("status-more").hidden };
  };
  new MutationObserver(look)
    .observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def play_until_recorded(page: Any, pick: str, moves: int = 80) -> dict[str, Any] | None:
    for _ in range(moves):
        boxes = page.evaluate("window.__boxes")
        if boxes:
            return dict(boxes)
        if play_once(page, pick=pick) is None:
            break
    found = page.evaluate("window.__boxes")
    return dict(found) if found else None


def open_on_phone(server: Server, page: Any, game: str, seed: int, lang: str = "de") -> None:
    seats, options = GAMES[game]
    created = server.open_table(game, seats, options, seed=seed)
    link = next(s["invite_url"] for s in created["seats"] if s["seat"] == 0)
    page.add_init_script("localStorage.setItem('spieltisch.name', 'Mia');")
    page.goto(link + f"&lang={lang}")
    offer(page)


def test_the_chips_turned_over_stay_in_view_above_a_short_status_bar(
    server: Server, phone: Any, artifacts: Path
) -> None:
    """Magic Numbers at 360 × 740: while the chips turn over, the docked status bar stays at
    most two lines high (its long sentence is in the log, and a tap or the button beside it
    shows it whole) and every
    chip turned over lies on the screen above it."""
    page = phone
    open_on_phone(server, page, "magic-numbers", seed=4)
    page.evaluate(RECORD_BOXES, ["#board .mn-chip.flip", True])
    boxes = play_until_recorded(page, pick="last")
    assert boxes, "the chips were never turned over on the board"
    bar = boxes["bar"]
    assert bar["height"] <= 70, f"the status bar is {bar['height']:.0f}px high: {boxes['text']}"
    assert bar["bottom"] <= PHONE["height"]
    for chip in boxes["found"]:
        assert chip["top"] >= 0, chip
        assert chip["bottom"] <= bar["top"], f"a chip at {chip} lies under the bar at {bar['top']}"
    # the whole sentence: in the log, and shown in the bar on a tap
    said = boxes["text"]
    assert said.startswith("Die Chips werden aufgedeckt")
    assert boxes["more"], "the cut-off reveal sentence has no button to open it"
    page.get_by_role("button", name="Verlauf").click()
    assert page.locator("#log li").filter(has_text=said).count() >= 1


#: Puts ``text`` into the status bar as the table would, and lets the page fit it anew.
SAY = """(text) => {
  document.getElementById("status").textContent = text;
  window.dispatchEvent(new Event("resize"));
}"""

#: Whether the status sentence is cut off (its lines reach beyond the bar's two).
CUT = "(s) => s.scrollHeight > s.clientHeight + 1"

#: (language, a sentence that fits in two lines at 360 px, a long one, the button's name)
STATUS_WORDS = {
    "de": (
        "Du bist am Zug.",
        "Die Chips werden aufgedeckt und der Größe nach sortiert: " * 4,
        "Ganzen Satz zeigen",
    ),
    "en": (
        "Your turn.",
        "The chips are turned over and sorted by value: " * 4,
        "Show the whole sentence",
    ),
}


@pytest.mark.parametrize("lang", list(STATUS_WORDS))
def test_a_cut_off_status_sentence_opens_from_the_keyboard_too(
    lang: str, server: Server, phone: Any, artifacts: Path
) -> None:
    """At 360 px the status sentence shows two lines; when it is longer, a narrow button beside
    it (reached with Tab, named in the page's language, ``aria-expanded``) opens it whole with
    Enter and closes it with Space; when it fits there is no button and the sentence has the
    bar's whole width; a tap on the sentence still opens and closes it."""
    page = phone
    open_on_phone(server, page, "magic-numbers", seed=4, lang=lang)
    short, long, name = STATUS_WORDS[lang]
    more = page.get_by_role("button", name=name)
    status = page.locator("#status")
    page.evaluate(SAY, short)
    assert more.count() == 0, "a button for a sentence that fits"
    room = status.bounding_box()["width"]
    page.evaluate(SAY, long)
    assert more.is_visible()
    assert more.get_attribute("aria-controls") == "status"
    assert more.get_attribute("aria-expanded") == "false"
    assert status.get_attribute("role") == "status"  # still the live region
    assert status.evaluate(CUT)
    # the button takes little of the sentence's width, and nothing scrolls sideways
    assert more.bounding_box()["width"] <= 40
    assert status.bounding_box()["width"] >= room - 45, f"{status.bounding_box()} vs {room}"
    assert_fits(page, "the status bar with its button")
    page.screenshot(path=str(artifacts / f"status-cut-phone-{lang}.png"))
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "status-more":
            break
    else:
        raise AssertionError("Tab never reached the status bar's button")
    page.keyboard.press("Enter")
    assert more.get_attribute("aria-expanded") == "true"
    assert not status.evaluate(CUT), "the whole sentence is not shown"
    assert status.inner_text().strip() == long.strip()
    assert_fits(page, "the opened status bar")
    page.screenshot(path=str(artifacts / f"status-opened-phone-{lang}.png"))
    page.keyboard.press("Space")
    assert more.get_attribute("aria-expanded") == "false"
    assert status.evaluate(CUT)
    status.click()  # the tap on the sentence works as before
    assert more.get_attribute("aria-expanded") == "true"
    assert not status.evaluate(CUT)
    status.click()
    assert more.get_attribute("aria-expanded") == "false"
    # a new sentence that fits: the button goes, and a tap opens nothing
    page.evaluate(SAY, short)
    assert more.count() == 0
    status.click()
    assert more.count() == 0
    assert page.locator("#status-bar.open").count() == 0


def test_a_status_sentence_on_a_desktop_is_never_cut_and_has_no_button(
    server: Server, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    context.add_init_script(FAST)
    page = context.new_page()
    try:
        open_on_phone(server, page, "magic-numbers", seed=4)
        page.evaluate(SAY, STATUS_WORDS["de"][1])
        assert not page.locator("#status").evaluate(CUT)
        assert page.locator("#status-more").is_hidden()
        page.locator("#status").click()
        assert page.locator("#status-more").is_hidden()
        page.screenshot(path=str(artifacts / "status-long-desktop.png"))
    finally:
        context.close()


def test_the_cento_obligation_is_a_full_width_short_banner(
    server: Server, phone: Any, artifacts: Path
) -> None:
    """Cento at 360 × 740: the obligation banner spans the width of the felt in one or two
    lines, not a narrow tall box on the obliged seat."""
    page = phone
    open_on_phone(server, page, "cento", seed=4)
    page.evaluate(RECORD_BOXES, [".cento-banner", False])
    boxes = play_until_recorded(page, pick="first", moves=200)
    assert boxes, "no seat was obliged to lay a Monozahl"
    page.screenshot(path=str(artifacts / "cento-obliged-phone.png"))
    banner = boxes["found"][0]
    assert banner["width"] >= 0.85 * PHONE["width"], f"the banner is {banner['width']:.0f}px wide"
    assert banner["height"] <= 50, f"the banner is {banner['height']:.0f}px high"
    assert banner["left"] >= 0
    assert banner["right"] <= PHONE["width"]


#: (language, the obligation on your own seat, on Ben's) as the page shows them at 360 px
OBLIGED_WORDS = {
    "de": (
        "Du musst eine Monozahl legen oder drei Karten nehmen",
        "Ben: muss eine Monozahl legen oder drei Karten nehmen",
    ),
    "en": (
        "You must lay a Monozahl or take three cards",
        "Ben: must lay a Monozahl or take three cards",
    ),
}


def obliging(state: dict[str, Any]) -> dict[str, Any]:
    """A Cento move that soon obliges the next player and keeps the game going: end the turn
    on a Monozahl, take three cards for an obligation, lay a Monozahl, else draw."""
    actions: list[dict[str, Any]] = [entry["action"] for entry in state["legal_actions"]]

    def value(action: dict[str, Any]) -> int:
        return int(action["value"] if action["card"] == "free" else action["card"])

    laid = state["view"]["turn_values"]
    ends = [a for a in actions if a["type"] == "end" and laid and laid[-1] <= 9]
    takes = [a for a in actions if a["type"] == "take"]
    monos = [a for a in actions if a["type"] == "lay" and value(a) <= 9]
    draws = [a for a in actions if a["type"] == "draw"]
    return (ends or takes or monos or draws or actions)[0]


@pytest.mark.parametrize("lang", list(OBLIGED_WORDS))
def test_a_cento_obligation_speaks_to_you_and_names_the_others(
    lang: str, server: Server, phone: Any, artifacts: Path
) -> None:
    """Cento with Anna (this page), Ben and Cleo: when Ben must lay a Monozahl, the banner
    under the seats names him; when Anna must, it speaks to her, without her name, on a phone
    and on a desktop alike."""
    created = server.open_table("cento", ["human"] * 3, seed=4)
    table = created["table"]
    tokens = [seat_token(created, seat) for seat in range(3)]
    page = phone
    mine, theirs = OBLIGED_WORDS[lang]
    seen: dict[int, str] = {}
    for _ in range(600):
        state = server.state(table, tokens[0])
        assert not state["over"], f"the game ended first; seen: {seen}"
        view = state["view"]
        obliged = view["to_move"] if view["phase"] == "obliged" else None
        if obliged in (0, 1) and obliged not in seen:
            page.goto(invite(created) + f"&lang={lang}")
            banner = page.locator(f".seat-banner[data-seat='{obliged}']")
            banner.wait_for()
            assert page.locator(".seat-banner").count() == 1
            seen[obliged] = banner.inner_text().strip()
            who = "you" if obliged == 0 else "other"
            assert_fits(page, f"the obligation banner ({who})")
            page.screenshot(path=str(artifacts / f"cento-obliged-{who}-phone-{lang}.png"))
            if obliged == 0:  # on a desktop the banner sits in your seat, without a name too
                page.set_viewport_size({"width": 1280, "height": 900})
                on_seat = page.locator(".seat.me .cento-banner")
                on_seat.wait_for()
                assert on_seat.inner_text().strip() == mine
                page.screenshot(path=str(artifacts / f"cento-obliged-you-desktop-{lang}.png"))
                page.set_viewport_size(PHONE)
            if len(seen) == 2:
                break
        for token in tokens:  # the person to act lays Monozahlen (which oblige the next)
            mover = server.state(table, token)
            if mover["legal_actions"]:
                path = f"/api/tables/{table}/actions?lang=de"
                action = obliging(mover)
                server.request("POST", path, {"token": token, "action": action})
                break
        else:
            time.sleep(0.05)
    assert seen == {0: mine, 1: theirs}


@pytest.mark.parametrize("game", list(GAMES))
def test_play_again_is_in_view_at_the_end_of_the_game(
    game: str, server: Server, phone: Any, artifacts: Path
) -> None:
    """At 360 × 740, as the game ends, "Noch einmal spielen" is on the screen without
    scrolling (above the score explanation)."""
    page = phone
    open_on_phone(server, page, game, seed=4)
    for _ in range(1500):
        if play_once(page, pick="last" if game == "magic-numbers" else "first") is None:
            break
    again = page.get_by_role("button", name="Noch einmal spielen")
    again.wait_for()
    page.screenshot(path=str(artifacts / f"{game}-end-phone-360.png"))
    box = again.bounding_box()
    assert box["y"] >= 0, f"{game}: the button lies above the screen at {box['y']:.0f}px"
    assert box["y"] + box["height"] <= PHONE["height"], f"{game}: the button is at {box['y']:.0f}px"
