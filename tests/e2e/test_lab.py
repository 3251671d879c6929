"""The balance lab in Chromium: run a small simulation, see its plots and metrics, pin it,
compare a changed rule on the same seeds, open the shared link on a phone, cancel a run,
see a refusal in German, and (where the tuner exists) watch a rule search's trials arrive."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.visible import OVERFLOW

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def desk(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP, locale="de-DE")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def set_up(page: Any, server: Server, games: int) -> None:
    page.goto(f"{server.url}/lab")
    page.wait_for_selector("#lab-players")
    page.select_option("#lab-game", "dicht-dran")
    page.fill("#lab-players", "4")
    page.dispatch_event("#lab-players", "change")
    for seat in range(4):
        page.select_option(f"#lab-seat-{seat}", "random")
    page.fill("#lab-games", str(games))


def test_simulate_pin_compare_and_share(
    desk: Any, server: Server, browser: Any, artifacts: Path
) -> None:
    set_up(desk, server, 300)
    desk.fill("#lab-opt-passes", "2")
    desk.focus("#lab-games")
    desk.keyboard.press("Enter")  # the form runs from the keyboard
    desk.wait_for_selector("#seat-table", timeout=60_000)
    assert "Fertig. 300 von 300 Partien" in desk.inner_text("#progress-text")
    assert desk.locator("#seat-table tbody tr").count() == 4
    assert desk.locator("svg.plot").count() == 3  # win share, lengths, scores
    assert desk.locator("svg.plot").first.locator("rect").count() == 4
    assert desk.locator("#metrics, #no-metrics").count() == 1
    assert desk.is_disabled("#compare")
    desk.screenshot(path=str(artifacts / "lab-result-desktop.png"), full_page=True)

    desk.click("#pin")
    assert "passes=2" in desk.inner_text("#pinned-body")
    desk.fill("#lab-opt-passes", "1")
    desk.dispatch_event("#lab-opt-passes", "input")
    assert desk.is_enabled("#compare")
    desk.click("#compare")
    desk.wait_for_selector("#differences", timeout=60_000)
    text = desk.inner_text("#differences")
    assert "Länge (Runden)" in text
    assert "signifikant" in text
    # fewer passes make a game shorter, on the same seeds: a significant difference
    first_row = desk.locator("#differences tbody tr").first
    assert "-" in first_row.locator("td").nth(2).inner_text()
    assert first_row.get_attribute("class") == "significant"
    desk.screenshot(path=str(artifacts / "lab-compare-desktop.png"), full_page=True)

    share = desk.input_value("#share-url")
    assert "/lab?job=" in share
    phone = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    try:
        phone.goto(share)
        phone.wait_for_selector("#differences")
        assert phone.is_hidden("#setup")
        assert "read-only" in phone.inner_text("#intro")
        assert phone.evaluate(OVERFLOW, PHONE["width"]) <= 0
        phone.screenshot(path=str(artifacts / "lab-shared-phone.png"), full_page=True)
        report = phone.get_attribute("#report-link", "href")
        assert report is not None
        assert report.endswith("/report")
    finally:
        phone.context.close()


def test_set_up_on_a_phone_and_a_refusal_in_german(
    browser: Any, server: Server, artifacts: Path
) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(server.url)
        page.wait_for_function(
            "document.querySelector('#lab-link').textContent === 'Balance-Labor'"
        )
        page.click("#lab-link")  # the start page's footer leads to the lab
        page.wait_for_url("**/lab")
        set_up(page, server, 0)
        assert page.evaluate(OVERFLOW, PHONE["width"]) <= 0
        page.click("#tune-summary")
        assert page.evaluate(OVERFLOW, PHONE["width"]) <= 0
        page.screenshot(path=str(artifacts / "lab-setup-phone.png"), full_page=True)
        page.click("#run")
        page.wait_for_selector("#alert:not([hidden])")
        assert "die Zahl der Spiele muss mindestens 1 sein" in page.inner_text("#alert")
    finally:
        context.close()


def test_a_run_shows_progress_and_is_cancelled(desk: Any, server: Server) -> None:
    set_up(desk, server, 100_000)
    desk.click("#run")
    desk.wait_for_function("document.querySelector('#progress').value > 0", timeout=60_000)
    assert desk.is_visible("#cancel")
    desk.click("#cancel")
    desk.wait_for_function(
        "document.querySelector('#progress-text').textContent.startsWith('Abgebrochen')"
    )
    assert desk.is_hidden("#cancel")


def test_a_rule_search_shows_its_trials(
    desk: Any, server: Server, browser: Any, artifacts: Path
) -> None:
    """Missionszahl at four players: three colours of 1..14 or 1..15 are too few cards, so
    those trials are infeasible (shown with the game's reason); the best has four colours."""
    if importlib.util.find_spec("spieltisch.sim.tune") is None:
        pytest.skip("spieltisch.sim.tune is not in this installation (the tune helper's work)")
    desk.goto(f"{server.url}/lab")
    desk.wait_for_selector("#lab-players")
    desk.select_option("#lab-game", "missionszahl")
    desk.fill("#lab-players", "4")
    desk.dispatch_event("#lab-players", "change")
    for seat in range(4):
        desk.select_option(f"#lab-seat-{seat}", "random")
    desk.fill("#lab-games", "20")
    desk.click("#tune-summary")
    desk.fill("#lab-params", "colours=3..4\nhighest=14..15")
    desk.select_option("#lab-objective", "minutes")
    assert desk.is_visible("#lab-target")
    desk.fill("#lab-target", "30")
    desk.fill("#lab-trials", "4")
    desk.click("#tune-run")
    desk.wait_for_selector("#trials tbody tr", timeout=120_000)
    desk.wait_for_selector("#best", timeout=300_000)
    assert "minutes=30" in desk.inner_text("#job-what")
    assert desk.locator("#trials tbody tr").count() == 4
    assert desk.locator("#trials tr.infeasible").count() == 2
    assert "unspielbar: Mit diesen Optionen hat das Deck" in desk.inner_text("#trials")
    assert desk.locator("#trials tr.best").count() == 1
    assert "colours=4" in desk.inner_text("#trials tr.best")
    assert "colours=4" in desk.inner_text("#best")
    desk.screenshot(path=str(artifacts / "lab-tune-desktop.png"), full_page=True)
    phone = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    try:
        phone.goto(desk.input_value("#share-url"))
        phone.wait_for_selector("#trials tr.infeasible")
        assert "infeasible: with these options the missionszahl deck" in phone.inner_text("#trials")
        assert phone.evaluate(OVERFLOW, PHONE["width"]) <= 0
        phone.screenshot(path=str(artifacts / "lab-tune-phone.png"), full_page=True)
    finally:
        phone.context.close()


def test_every_option_of_every_game_has_its_control(
    browser: Any, server: Server, artifacts: Path
) -> None:
    """The set-up offers each option of each game's spec with the input its kind needs: a
    number field with the option's bounds, a choice list, a check box, or a text field."""
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        context = browser.new_context(viewport=viewport, locale="en-US")
        page = context.new_page()
        try:
            page.goto(f"{server.url}/lab")
            page.wait_for_selector("#lab-players")
            games = page.evaluate("fetch('/api/games').then((r) => r.json())")["games"]
            for game in games:
                page.select_option("#lab-game", game["id"])
                for option in game["options"]:
                    control = page.locator(f"#lab-opt-{option['name']}")
                    assert control.count() == 1, (game["id"], option["name"])
                    tag = control.evaluate("(el) => el.tagName + ':' + (el.type || '')")
                    if option["type"] == "int":
                        assert tag == "INPUT:number"
                        assert control.get_attribute("min") == str(option["min"])
                        assert control.get_attribute("max") == str(option["max"])
                    elif option["type"] == "choice":
                        assert tag.startswith("SELECT")
                        values = control.locator("option").evaluate_all(
                            "(all) => all.map((o) => o.value)"
                        )
                        assert values == option["choices"]
                    elif option["type"] == "bool":
                        assert tag == "INPUT:checkbox"
                    else:
                        assert tag == "INPUT:text"
                        assert control.input_value() == option["default"]
                assert page.evaluate(OVERFLOW, viewport["width"]) <= 0, game["id"]
                if game["id"] in ("missionszahl", "magic-numbers"):
                    page.screenshot(
                        path=str(artifacts / f"lab-options-{game['id']}-{name}.png"),
                        full_page=True,
                    )
        finally:
            context.close()


@pytest.mark.parametrize(
    ("locale", "option", "value", "words", "field"),
    [
        (
            "de-DE",
            "chip_costs",
            "1,2",
            "muss vier Kosten von 0 bis 20 für die Chips 3, 2, 1, 0, kommagetrennt sein",
            "#lab-opt-chip_costs",
        ),
        ("en-US", "start_points", "99", "must be a whole number from 0 to 60", None),
        ("en-US", "start_points", "", "must be a whole number from 0 to 60", None),
    ],
)
def test_a_bad_option_is_refused_in_the_page_language_at_its_field(
    browser: Any,
    server: Server,
    locale: str,
    option: str,
    value: str,
    words: str,
    field: str | None,
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/lab")
        page.wait_for_selector("#lab-players")
        page.select_option("#lab-game", "magic-numbers")
        page.fill(f"#lab-opt-{option}", value)
        page.fill("#lab-games", "5")
        page.click("#run")
        page.wait_for_selector("#alert:not([hidden])")
        assert words in page.inner_text("#alert")
        assert "[object Object]" not in page.inner_text("#alert")
        marked = f"#lab-opt-{option}"
        assert page.get_attribute(field or marked, "aria-invalid") == "true"
        assert page.evaluate("document.activeElement.id") == marked[1:]
        assert page.locator("#job").is_hidden()
    finally:
        context.close()


def test_a_refused_combination_is_worded_in_german(desk: Any, server: Server) -> None:
    desk.goto(f"{server.url}/lab")
    desk.wait_for_selector("#lab-players")
    desk.select_option("#lab-game", "missionszahl")
    desk.fill("#lab-opt-colours", "2")
    desk.fill("#lab-opt-highest", "14")
    desk.fill("#lab-games", "5")
    desk.click("#run")
    desk.wait_for_selector("#alert:not([hidden])")
    assert "Mit diesen Optionen hat das Deck von missionszahl 28 Karten" in desk.inner_text(
        "#alert"
    )
