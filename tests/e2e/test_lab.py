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


def test_a_rule_search_shows_its_trials(desk: Any, server: Server, artifacts: Path) -> None:
    if importlib.util.find_spec("spieltisch.sim.tune") is None:
        pytest.skip("spieltisch.sim.tune is not in this installation (the tune helper's work)")
    set_up(desk, server, 40)
    desk.click("#tune-summary")
    desk.fill("#lab-params", "passes=1..3")
    desk.fill("#lab-trials", "4")
    desk.click("#tune-run")
    desk.wait_for_selector("#trials tbody tr", timeout=120_000)
    desk.wait_for_selector("#best", timeout=300_000)
    assert desk.locator("#trials tbody tr").count() == 4
    assert desk.locator("#trials tr.best").count() == 1
    desk.screenshot(path=str(artifacts / "lab-tune-desktop.png"), full_page=True)
