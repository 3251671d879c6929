"""A newcomer at the start page: names themself, opens a table of each title and plays it to
the end with the visible controls only; an invitation seats a second person by name; the
start page leads back to a running table; the set-up's checks and its rules link."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.e2e.conftest import Server
from tests.e2e.visible import (
    FAST,
    missing_table_piece,
    name_in_dialog,
    play_moves,
    play_to_end,
    tiles,
)

#: Each title's tile (the start of its German name), the seats to choose and the short
#: settings set in the "Erweitert" fold, so that a whole game stays short.
TITLES: dict[str, tuple[str, int, dict[str, str]]] = {
    "dicht-dran": ("Dicht dran", 3, {"passes": "1"}),
    "cento": ("Cento", 2, {"rebuilds": "0"}),
    "missionszahl": ("Missionszahl", 2, {}),
    "triggs": ("Triggs", 2, {"round_limit": "10"}),
    "magic-numbers": ("Magic Numbers", 2, {"rounds": "1"}),
}


@pytest.fixture
def person(browser: Any) -> Iterator[Any]:
    """A newcomer's browser: German, nothing remembered, bots at the fast speed."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    context.add_init_script(FAST)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def seat_of(url: str) -> tuple[str, str]:
    """The table and the token of a seat link."""
    query = parse_qs(urlparse(url).query)
    return query["table"][0], query["token"][0]


def choose(page: Any, game: str, players: int, bots: str = "Bot · leicht") -> None:
    """On the start page: the game's tile, the number of seats, every other seat a bot."""
    title = TITLES[game][0]
    tiles(page).get_by_role("button", name=re.compile(f"^{re.escape(title)}")).click()
    page.get_by_label(f"{players} Plätze", exact=True).check()
    for n in range(2, players + 1):
        page.get_by_label(f"Platz {n}", exact=True).select_option(label=bots)


def short_settings(page: Any, options: dict[str, str]) -> None:
    if not options:
        return
    page.get_by_text("Erweitert", exact=True).click()
    for name, value in options.items():
        page.locator(f"#option-{name}").fill(value)


@pytest.mark.parametrize("game", list(TITLES))
def test_a_newcomer_names_themself_and_plays_a_whole_game(
    game: str, server: Server, person: Any, artifacts: Path
) -> None:
    page = person
    page.goto(server.url + "/?lang=de")
    assert page.get_by_text("Noch keine.").is_visible()  # no tables yet in this browser
    _, players, options = TITLES[game]
    choose(page, game, players)
    short_settings(page, options)
    page.get_by_role("button", name="Tisch eröffnen").click()
    name_in_dialog(page, "Mia")  # asked once, before the first table
    page.wait_for_url(re.compile(r"/table\.html\?table="))
    table, token = seat_of(page.url)
    state = server.state(table, token)
    assert state["seats"][0]["name"] == "Mia"
    assert all(seat["level"] == "easy" for seat in state["seats"][1:])
    assert page.evaluate("localStorage.getItem('spieltisch.name')") == "Mia"
    play_moves(page, 2)
    page.screenshot(path=str(artifacts / f"newcomer-{game}-playing.png"))
    play_to_end(page, pick="last" if game == "magic-numbers" else "first")
    assert page.locator("#result").is_visible()
    assert server.state(table, token)["over"] is True
    page.screenshot(path=str(artifacts / f"newcomer-{game}-end.png"))


def test_an_invitation_seats_a_second_person_by_name(
    server: Server, browser: Any, artifacts: Path
) -> None:
    reason = missing_table_piece()
    if reason:
        pytest.skip(reason)
    host = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    host.add_init_script(FAST + "localStorage.setItem('spieltisch.name', 'Mia');")
    page = host.new_page()
    page.goto(server.url + "/?lang=de")
    choose(page, "dicht-dran", 3)
    page.get_by_label("Platz 2", exact=True).select_option(label="Mensch (Einladung)")
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.get_by_role("heading", name="Lade die anderen ein").wait_for()
    qr = page.get_by_role("img", name="QR-Code für Platz 2")
    qr.wait_for()
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=qr.element_handle())
    link = page.get_by_label("Einladung für Platz 2").input_value()
    page.screenshot(path=str(artifacts / "invitation.png"), full_page=True)
    page.get_by_role("link", name="Zu deinem Platz").click()
    page.wait_for_url(re.compile(r"/table\.html\?table="))
    table, host_token = seat_of(page.url)

    guest = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE")
    guest.add_init_script(FAST)
    invited = guest.new_page()
    invited.goto(link)
    name_in_dialog(invited, "Jonas")
    invited.wait_for_url(re.compile(r"/table\.html\?table="))
    assert server.state(table, host_token)["seats"][1]["name"] == "Jonas"
    page.get_by_text("Jonas").first.wait_for(timeout=15_000)  # the host's table says so
    invited.get_by_text("Mia").first.wait_for(timeout=15_000)
    invited.screenshot(path=str(artifacts / "invited-phone.png"))
    guest.close()
    host.close()


def test_the_start_page_leads_back_to_a_running_table(
    server: Server, person: Any, artifacts: Path
) -> None:
    page = person
    page.add_init_script("localStorage.setItem('spieltisch.name', 'Mia');")
    page.goto(server.url + "/?lang=de")
    choose(page, "missionszahl", 2)
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.wait_for_url(re.compile(r"/table\.html\?table="))
    first = page.url
    table, _ = seat_of(first)
    play_moves(page, 1)
    page.goto(server.url + "/?lang=de")
    yours = page.get_by_role("region", name="Deine Tische")
    entry = yours.locator(f"li[data-table='{table}']")
    entry.get_by_text(re.compile("läuft")).wait_for()
    assert "Missionszahl" in entry.inner_text()
    page.screenshot(path=str(artifacts / "start-your-tables.png"), full_page=True)
    entry.get_by_role("link", name="Weiterspielen").click()
    page.wait_for_url(re.compile(r"/table\.html\?table="))
    assert seat_of(page.url) == seat_of(first)
    assert play_moves(page, 1)  # the game goes on where it was
    page.goto(server.url + "/?lang=de")
    page.get_by_role("button", name=re.compile("aus der Liste entfernen")).click()
    assert page.locator(f"li[data-table='{table}']").count() == 0
    assert page.get_by_text("Noch keine.").is_visible()


def test_a_rule_option_out_of_range_is_named_at_its_field(server: Server, person: Any) -> None:
    page = person
    page.goto(server.url + "/?lang=de")
    tiles(page).get_by_role("button", name=re.compile("^Triggs")).click()
    assert not page.locator("#option-round_limit").is_visible()  # raw options: folded away
    page.get_by_text("Erweitert", exact=True).click()
    page.locator("#option-round_limit").fill("5")  # below the spec's minimum of 10
    page.get_by_role("button", name="Tisch eröffnen").click()
    assert "10–1000" in page.locator("#option-round_limit-error").inner_text()
    assert page.locator("#option-round_limit").get_attribute("aria-invalid") == "true"
    assert urlparse(page.url).path == "/"
    assert page.locator("dialog[open]").count() == 0  # nothing asked before the form is right


def test_the_start_page_links_the_rules_of_the_chosen_game(server: Server, person: Any) -> None:
    page = person
    page.goto(server.url + "/?lang=de")
    tiles(page).get_by_role("button", name=re.compile("^Triggs")).click()
    page.get_by_role("link", name="Spielregeln: Triggs").click()
    page.wait_for_selector("#rules h2")
    assert page.url.endswith("/rules.html?game=triggs&lang=de")
    assert "Regeln" in page.locator("#rules h2").first.inner_text()


def test_a_name_is_asked_once_and_changed_from_the_header(server: Server, person: Any) -> None:
    page = person
    page.goto(server.url + "/?lang=de")
    page.get_by_role("button", name="Name wählen").click()
    dialog = page.get_by_role("dialog", name="Wie heißt du?")
    field = dialog.get_by_label("Dein Name")
    field.fill("   ")
    field.press("Enter")
    assert dialog.is_visible()
    assert "1–24 Zeichen" in dialog.locator("#name-error").inner_text()
    field.fill("  Mia  ")
    field.press("Enter")
    page.get_by_role("button", name="Name ändern: Mia").wait_for()
    page.reload()
    page.get_by_role("button", name="Name ändern: Mia").click()
    page.get_by_role("dialog").get_by_role("button", name="Abbrechen").click()
    assert page.evaluate("localStorage.getItem('spieltisch.name')") == "Mia"
