"""The table page's frame, as a player meets it: the seats around the felt with their names,
the status bar's sentence, what happened played step by step (holds, "Weiter", no moves while
it plays, less motion when asked), the speed setting, the phone layout, refusals in German,
the end screen with "Noch einmal", the name asked by an invitation and the bot takeover.

Where a test needs what the server gives a seat (names, levels, `away`, `again`, error codes),
it changes the seat state on its way to the page (``SeatStates``): the page polls instead of
using the WebSocket, and each state passes through the test. The server endpoints the page
calls are the real ones where the server has them; a stand-in answers where it does not yet
(``stand_in``), so the page's side of the contract is tested either way.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.conftest import PEOPLE, Server
from tests.e2e.helpers import READY, move_once, play_to_end, unnamed_controls, wait_until_shown

#: A wrapper around the Dicht dran module whose every frame is one held step with its own
#: sentence: the shell's queue, holds and skipping, whatever the game module does.
HELD_STEPS = """
  steps(frame, before, ctx) {
    return [{ view: frame.view, say: "STEP " + frame.step, hold: true, ms: 300 }];
  },
"""

#: What each seat shows, as a game module says it: the shell draws it on the seat.
SEAT_SHOWS = """
  seat(view, seat, ctx) {
    const back = document.createElement("span");
    back.className = "card back";
    back.setAttribute("role", "img");
    back.setAttribute("aria-label", "Karte gelegt");
    const score = String(10 + seat);
    return { score, scoreLabel: `${score} Punkte`, hand: view.hand_sizes[seat],
             chip: "hat gelegt", slot: back };
  },
"""


def invite(created: dict[str, Any], seat: int = 0) -> str:
    url: str = next(s["invite_url"] for s in created["seats"] if s["seat"] == seat)
    return url


def token_of(created: dict[str, Any], seat: int) -> str:
    token: str = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    return token


def has_endpoint(server: Server, method: str, path: str) -> bool:
    """Whether the server answers ``method path`` with anything but 404/405 (the people
    helper's endpoints may not have landed in this branch yet)."""
    try:
        server.request(method, path, {} if method != "GET" else None)
    except urllib.error.HTTPError as error:
        return error.code not in (404, 405)
    return True


class SeatStates:
    """Every seat state on its way to the page, changed by ``change(state)``; the page polls
    (no WebSocket), so each state it draws passed through here."""

    def __init__(self, page: Any, table: str) -> None:
        self.change: Callable[[dict[str, Any]], None] = lambda state: None
        page.add_init_script("delete window.WebSocket")
        page.route(re.compile(rf"/api/tables/{table}(\?|/actions)"), self.handle)

    def handle(self, route: Any) -> None:
        try:
            response = route.fetch()
            state = response.json()
            if isinstance(state, dict) and "seats" in state:
                self.change(state)
            route.fulfill(response=response, body=json.dumps(state))
        except PlaywrightError:  # the page closed while a poll was under way
            return


def stand_in(page: Any, pattern: str, body: Any, status: int = 200) -> list[str]:
    """Answers requests matching ``pattern`` with ``body``; returns the list of the request
    bodies seen."""
    seen: list[str] = []

    def answer(route: Any) -> None:
        seen.append(route.request.post_data or "")
        route.fulfill(status=status, content_type="application/json", body=json.dumps(body))

    page.route(re.compile(pattern), answer)
    return seen


def wrap_module(page: Any, methods: str) -> None:
    """Serve Dicht dran's module with ``methods`` (JavaScript object members) added."""
    wrapper = (
        'import base from "/js/games/dicht-dran.js?base";\n'
        f"export default {{\n  ...base,\n{methods}}};\n"
    )

    def serve(route: Any) -> None:
        if route.request.url.endswith("?base"):
            route.continue_()
        else:
            route.fulfill(content_type="text/javascript", body=wrapper)

    page.route(re.compile(r"/js/games/dicht-dran\.js(\?base)?$"), serve)


def held_steps(page: Any) -> None:
    """Every frame of Dicht dran one held step (see HELD_STEPS)."""
    wrap_module(page, HELD_STEPS)


SEATS_3 = ["human", "bot:random", "bot:random"]


def test_the_seats_sit_around_the_felt_in_play_order_with_their_names(
    server: Server, page: Any, artifacts: Path
) -> None:
    created = server.open_table("dicht-dran", ["human", "bot:random", "bot:random", "bot:random"])
    states = SeatStates(page, created["table"])
    wrap_module(page, SEAT_SHOWS)
    names = ["Anna", "Lotte", "Emil", "Ida"]

    def named(state: dict[str, Any]) -> None:
        for info, name in zip(state["seats"], names, strict=True):
            info["name"] = name
            if info["kind"] == "bot":
                info["level"] = "hard"
                info["bot"] = "ismcts:time=1:rollout=heuristic"

    states.change = named
    page.goto(invite(created) + "&lang=de")
    page.wait_for_selector("#board .board")
    felt = page.locator("#felt")
    assert felt.locator(".side-bottom .seat").get_attribute("aria-label") == "Anna"
    assert felt.locator(".side-bottom .seat-name").inner_text() == "Anna (du)"
    # Clockwise from you along the far side of the table: left to right, the ends lower.
    across = page.evaluate(
        "[...document.querySelectorAll('#felt .side-top > .seat')]"
        ".map((seat) => [seat.getAttribute('aria-label'), seat.getBoundingClientRect().top])"
    )
    assert [name for name, _ in across] == ["Lotte", "Emil", "Ida"]
    assert across[0][1] > across[1][1] < across[2][1]
    lotte = felt.get_by_role("group", name="Lotte", exact=True)
    assert lotte.locator(".seat-name").inner_text() == "Lotte"
    assert lotte.locator(".level").inner_text() == "stark"
    assert lotte.get_by_role("img", name="Bot").count() == 1
    # What the game module says the seat shows: badges, chip, the card in its slot.
    view = server.state(created["table"], token_of(created, 0))["view"]
    assert lotte.get_by_role("img", name="11 Punkte").inner_text() == "11"
    hand = f"{view['hand_sizes'][1]} Karten auf der Hand"
    assert lotte.get_by_role("img", name=hand).inner_text() == str(view["hand_sizes"][1])
    assert lotte.locator(".seat-chip").inner_text() == "hat gelegt"
    slot = lotte.get_by_role("group", name="vor Lotte")
    assert slot.get_by_role("img", name="Karte gelegt").count() == 1
    assert "ismcts" not in page.locator("body").inner_text()
    assert page.locator("#felt .seat.acting").first.get_attribute("aria-label") == "Anna"
    colours = page.evaluate(
        "[...document.querySelectorAll('#felt .seat .dot')]"
        ".map((dot) => getComputedStyle(dot).backgroundColor)"
    )
    assert len(set(colours)) == 4, colours
    assert unnamed_controls(page) == []
    page.screenshot(path=str(artifacts / "frame-seats-desktop.png"))


def test_the_status_bar_says_what_happens_now(server: Server, browser: Any) -> None:
    created = server.open_table("cento", ["human", "human"], {"rebuilds": 0}, seed=4)
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="de-DE")
        page = context.new_page()
        page.goto(invite(created, seat) + "&lang=de")
        page.wait_for_selector("#board .board")
        pages.append(page)
    state = server.state(created["table"], token_of(created, 0))
    me, other = (0, 1) if state["to_act"] == [0] else (1, 0)
    assert pages[me].locator("#status").inner_text() == "Du bist dran."
    assert pages[other].locator("#status").inner_text() == f"Warten auf {PEOPLE[me]} …"
    assert pages[other].locator("#main button.move").count() == 0
    # A move that is not a card sits right in the status bar.
    assert pages[me].locator("#status-bar button.move").count() > 0
    for page in pages:
        page.context.close()


def test_a_sequence_plays_holds_and_is_skipped_and_moves_wait_for_it(
    server: Server, page: Any, artifacts: Path
) -> None:
    held_steps(page)
    created = server.open_table("dicht-dran", SEATS_3, {"passes": 1}, seed=5)
    actions: list[str] = []
    page.on("request", lambda r: actions.append(r.url) if "/actions" in r.url else None)
    page.add_init_script("localStorage.setItem('spieltisch.speed', 'slow')")
    page.goto(invite(created) + "&lang=de")
    page.locator("#hand button.move").first.wait_for()
    page.locator("#hand button.move").first.click()
    page.wait_for_function("() => document.body.classList.contains('holding')")
    held = page.locator("#status").inner_text()
    assert re.fullmatch(r"STEP \d+", held), held
    skip = page.get_by_role("button", name="Weiter (überspringt die Pause)")
    assert skip.is_visible()
    # While it plays there are no moves, and Enter cannot play a card of a round not shown.
    assert page.locator("#main button.move").count() == 0
    page.screenshot(path=str(artifacts / "frame-hold-desktop.png"))
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.getElementById('status').textContent !== {held!r}")
    assert len(actions) == 1
    wait_until_shown(page)
    assert page.locator("#main button.move").count() > 0
    assert not skip.is_visible()
    assert page.locator("#status").inner_text().startswith("Du bist dran.")


def test_the_log_fills_as_the_steps_are_shown(server: Server, page: Any) -> None:
    held_steps(page)
    created = server.open_table("dicht-dran", SEATS_3, {"passes": 1}, seed=5)
    page.goto(invite(created) + "&lang=de")
    page.locator("#hand button.move").first.wait_for()
    before = page.locator("#log li").count()
    page.locator("#hand button.move").first.click()
    page.wait_for_function("() => document.body.classList.contains('holding')")
    during = page.locator("#log li").count()
    wait_until_shown(page)
    after = page.locator("#log li").count()
    assert before < during < after
    assert page.locator("#log[role=log]").count() == 1


def test_less_motion_shows_the_same_steps_without_movement(server: Server, browser: Any) -> None:
    context = browser.new_context(reduced_motion="reduce", locale="de-DE")
    page = context.new_page()
    held_steps(page)
    created = server.open_table("dicht-dran", SEATS_3, {"passes": 1}, seed=5)
    page.goto(invite(created) + "&lang=de")
    page.locator("#hand button.move").first.wait_for()
    assert page.evaluate("document.body.dataset.motion") == "reduced"
    page.locator("#hand button.move").first.click()
    page.wait_for_function("() => document.body.classList.contains('holding')")
    assert re.fullmatch(r"STEP \d+", page.locator("#status").inner_text())
    acting = page.locator("#felt .seat.acting .plate").first
    assert acting.evaluate("(el) => getComputedStyle(el).animationName") == "none"
    context.close()


def test_the_speed_setting_is_remembered(server: Server, page: Any) -> None:
    created = server.open_table("dicht-dran", SEATS_3, {"passes": 1})
    page.goto(invite(created) + "&lang=de")
    page.wait_for_selector("#board .board")
    speed = page.get_by_label("Tempo")
    assert speed.input_value() == "normal"
    assert [o.strip() for o in speed.locator("option").all_inner_texts()] == [
        "schnell",
        "normal",
        "langsam",
    ]
    speed.select_option(label="langsam")
    page.reload()
    page.wait_for_selector("#board .board")
    assert page.get_by_label("Tempo").input_value() == "slow"


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("dicht-dran", ["human", "bot:random", "bot:random", "bot:random", "bot:random"], {}),
        ("cento", ["human"] + ["bot:random"] * 5, {}),
        ("missionszahl", ["human", "bot:random", "bot:random"], {}),
        ("triggs", ["human", "bot:random", "bot:random"], {}),
        ("magic-numbers", ["human", "bot:random", "bot:random"], {}),
    ],
)
def test_the_table_fits_a_360_px_phone(
    game: str,
    seats: list[str],
    options: dict[str, Any],
    server: Server,
    browser: Any,
    artifacts: Path,
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    created = server.open_table(game, seats, options, seed=3)
    page.goto(invite(created) + "&lang=de")
    page.wait_for_selector("#board .board")
    move_once(page)
    wait_until_shown(page)
    # measured once the bots have played and the page waits for this seat again (no redraws)
    page.wait_for_function(READY, timeout=30_000)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{game} is {width}px wide on a 360px screen"
    # The seats are a strip on top of the felt; the status bar and the moves are below it.
    strip = page.locator(".seat-strip").bounding_box()
    status = page.locator("#status-bar").bounding_box()
    assert strip is not None
    assert status is not None
    assert page.locator(".seat-strip .seat").count() == len(seats)
    assert strip["y"] < page.locator("#board").bounding_box()["y"]
    # The log is a drawer: closed until asked for.
    assert not page.locator("#log").is_visible()
    page.get_by_role("button", name="Verlauf").click()
    page.locator("#log").wait_for(state="visible")
    page.screenshot(path=str(artifacts / f"frame-{game}-phone-log.png"))
    page.get_by_role("button", name="Schließen").click()
    page.screenshot(path=str(artifacts / f"frame-{game}-phone.png"), full_page=True)
    context.close()


def test_a_refusal_is_shown_in_german(server: Server, page: Any) -> None:
    created = server.open_table("dicht-dran", SEATS_3, {"passes": 1}, seed=5)
    # The page sends a card that is not in the hand (as a stale page would).
    page.route(
        re.compile(r"/actions"),
        lambda route: route.continue_(
            post_data=json.dumps(
                {**json.loads(route.request.post_data), "action": {"type": "play", "card": 999}}
            )
        ),
    )
    words_served = has_endpoint(server, "GET", "/api/errors/words")
    probe = _refusal(server, created)
    if not probe.get("code"):  # the server does not code its refusals yet: a stand-in does
        probe = {"error": "play 999 is not legal", "code": "illegal_action", "params": {}}
        stand_in(page, r"/actions", probe, status=422)
    if words_served and probe["code"] in server.request("GET", "/api/errors/words").get("de", {}):
        words = server.request("GET", "/api/errors/words")
    else:
        words = {"de": {probe["code"]: "Diesen Zug gibt es gerade nicht."}, "en": {}}
        stand_in(page, r"/api/errors/words$", words)
    page.goto(invite(created) + "&lang=de")
    page.locator("#hand button.move").first.click()
    alert = page.get_by_role("alert")
    alert.wait_for()
    expected = words["de"][probe["code"]]
    params = probe.get("params", {})
    expected = re.sub(r"\{(\w+)\}", lambda m: str(params.get(m[1], m[0])), expected)
    assert alert.inner_text() == f"Fehler: {expected}"
    assert probe["error"] not in alert.inner_text()


def _refusal(server: Server, created: dict[str, Any]) -> dict[str, Any]:
    """The server's answer to a card not in the hand."""
    body = {"token": token_of(created, 0), "action": {"type": "play", "card": 999}}
    try:
        server.request("POST", f"/api/tables/{created['table']}/actions", body)
    except urllib.error.HTTPError as error:
        answer: dict[str, Any] = json.loads(error.read())
        return answer
    raise AssertionError("the server took a card that is not in the hand")


def test_the_end_screen_ranks_by_name_and_plays_again(
    server: Server, page: Any, artifacts: Path
) -> None:
    created = server.open_table("dicht-dran", SEATS_3, {"passes": 1}, seed=7)
    states = SeatStates(page, created["table"])
    names = ["Anna", "Lotte", "Emil"]
    again = server.open_table("dicht-dran", SEATS_3, {"passes": 1}, seed=8)
    again_url = invite(again).replace("/?", "/table.html?")

    def named(state: dict[str, Any]) -> None:
        for info, name in zip(state["seats"], names, strict=True):
            info["name"] = name

    states.change = named
    if not has_endpoint(server, "POST", f"/api/tables/{created['table']}/again"):
        stand_in(page, r"/again\?token=", {"table": again["table"], "url": again_url})
    page.goto(invite(created) + "&lang=de")
    play_to_end(page)
    result = page.locator("#result")
    result.wait_for()
    ranked = result.locator(".result-table tbody th").all_inner_texts()
    assert sorted(n.replace(" (du)", "") for n in ranked) == sorted(names)
    assert "Anna (du)" in ranked
    assert page.get_by_role("link", name="Wiederholung ansehen").is_visible()
    assert page.get_by_role("link", name="Transkript herunterladen").is_visible()
    page.screenshot(path=str(artifacts / "frame-end-desktop.png"), full_page=True)
    page.get_by_role("button", name="Noch einmal spielen").click()
    page.wait_for_url(re.compile(r"table=(?!" + created["table"] + ")"))
    page.wait_for_selector("#board .board")
    assert page.evaluate("document.body.dataset.over") == "false"


def test_another_players_new_table_is_offered_on_the_end_screen(server: Server, page: Any) -> None:
    created = server.open_table("dicht-dran", SEATS_3, {"passes": 1}, seed=7)
    states = SeatStates(page, created["table"])
    again = {"table": "NEXT", "url": "/table.html?table=NEXT&token=abc"}
    states.change = lambda state: state.update({"again": again}) if state["over"] else None
    page.goto(invite(created) + "&lang=de")
    play_to_end(page)
    link = page.get_by_role("link", name="Zum neuen Tisch")
    link.wait_for()
    assert link.get_attribute("href") == "/table.html?table=NEXT&token=abc&lang=de"


def test_an_invitation_asks_the_newcomers_name(server: Server, page: Any) -> None:
    created = server.open_table("dicht-dran", SEATS_3, {"passes": 1})
    table = created["table"]
    states = SeatStates(page, table)
    chosen: dict[str, str] = {}

    def unnamed(state: dict[str, Any]) -> None:
        state["seats"][0]["name"] = chosen.get("name", "")

    states.change = unnamed
    path = f"/api/tables/{table}/name?token={token_of(created, 0)}x"
    if not has_endpoint(server, "PUT", path):
        seen = stand_in(page, r"/name\?token=", {"ok": True})
    else:
        seen = []
    page.goto(invite(created) + "&lang=de")
    dialog = page.get_by_role("dialog", name="Wie heißt du?")
    dialog.wait_for()
    dialog.get_by_label("Dein Name").fill("Anna")
    chosen["name"] = "Anna"
    dialog.get_by_role("button", name="Passt").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function(
        "() => document.querySelector('#felt .seat.me .seat-name').textContent === 'Anna (du)'"
    )
    assert page.evaluate("localStorage.getItem('spieltisch.name')") == "Anna"
    if seen:
        assert json.loads(seen[0]) == {"name": "Anna"}
    else:
        assert server.state(table, token_of(created, 0))["seats"][0]["name"] == "Anna"


def test_the_takeover_banner_gives_the_seat_back(server: Server, page: Any) -> None:
    created = server.open_table("dicht-dran", SEATS_3, {"passes": 1})
    table = created["table"]
    states = SeatStates(page, table)
    away = {"now": True}
    states.change = lambda state: state["seats"][0].update({"away": away["now"]})
    back: list[str] = []

    def take_back(route: Any) -> None:
        back.append(route.request.url)
        away["now"] = False
        if has_endpoint(server, "POST", f"/api/tables/{table}/back?token={token_of(created, 0)}"):
            route.continue_()
        else:
            route.fulfill(content_type="application/json", body="{}")

    page.route(re.compile(r"/back\?token="), take_back)
    page.goto(invite(created) + "&lang=de")
    banner = page.locator("#takeover")
    banner.wait_for()
    assert "Ein Bot spielt für dich." in banner.inner_text()
    mine = page.locator("#felt .seat.me .seat-chip")
    assert mine.inner_text() == "weg – ein Bot spielt"
    page.get_by_role("button", name="Platz zurücknehmen").click()
    banner.wait_for(state="hidden")
    assert back
    assert back[0].endswith(f"/api/tables/{table}/back?token={token_of(created, 0)}")


def test_the_replay_plays_a_step_as_the_table_does(server: Server, page: Any) -> None:
    """Stepping forward in the replay viewer plays the step through the same queue: the
    game's steps with their sentences; going back draws at once."""
    held_steps(page)
    created = server.open_table("dicht-dran", ["bot:random"] * 3, {"passes": 1}, seed=2)
    deadline = time.monotonic() + 60
    while not server.state(created["table"])["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page.goto(f"{server.url}/replay.html?table={created['table']}&lang=de")
    page.wait_for_selector("#board .board")
    assert page.locator("#felt .seat").count() == 3
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('step-action').textContent === 'STEP 1'")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.body.dataset.step") == "0"
    assert page.locator("#step-action").inner_text() != "STEP 1"
