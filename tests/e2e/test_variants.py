"""A table with rule options shows its own cards: a Dicht dran table opened from the start
page's "Erweitert" fold with another chili spread shows those chilis on its circle and in the
hand; a Missionszahl table with fewer symbols shows only those."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.games.dicht_dran.cards import CHILIS, chili_table
from spieltisch.games.missionszahl.state import setup
from tests.e2e.conftest import Server
from tests.e2e.test_newcomer import choose, seat_of
from tests.e2e.test_tables import invite
from tests.e2e.visible import FAST, name_in_dialog

#: Every Dicht dran card on the page: its number and the chili pictures drawn on it.
DD_CARDS = """(selector) => [...document.querySelectorAll(selector)].map((card) => ({
  n: Number(card.querySelector('.card-main').textContent),
  icons: card.querySelectorAll('.dd-chilis .chili').length,
  label: card.getAttribute('aria-label') || '',
  classes: card.className,
}))"""


@pytest.fixture
def person(browser: Any) -> Iterator[Any]:
    """A German browser that has a name already, bots at the fast speed."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE")
    context.add_init_script(FAST)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_dicht_dran_table_shows_its_own_chilis(
    server: Server, person: Any, artifacts: Path
) -> None:
    page = person
    page.goto(server.url + "/?lang=de")
    choose(page, "dicht-dran", 3)
    page.get_by_text("Erweitert", exact=True).click()
    assert page.locator("#option-chili_pattern").is_visible()  # the new options are offered
    assert page.locator("#option-most_chilis").is_visible()
    page.locator("#option-chili_pattern").select_option("edges")
    page.locator("#option-most_chilis").fill("5")
    page.get_by_role("button", name="Tisch eröffnen").click()
    name_in_dialog(page, "Mia")
    page.wait_for_url(re.compile(r"/table\.html\?table="))
    table, token = seat_of(page.url)
    view = server.state(table, token)["view"]
    assert (view["chili_pattern"], view["most_chilis"]) == ("edges", 5)
    page.wait_for_selector("#main button.move")
    chilis = chili_table("edges", 5)
    ring = page.evaluate(DD_CARDS, ".dd-ring .dd-card")
    assert len(ring) == 6
    assert {card["n"] for card in ring} >= {1, 100}  # the anchors: 5 chilis here, 3 printed
    hand = page.evaluate(DD_CARDS, "#hand .dd-card")
    assert len(hand) == len(view["hand"]) > 0
    for card in ring + hand:
        n = card["n"]
        assert card["icons"] == chilis[n], card
        assert f"{chilis[n]} Knallschote" in card["label"], card
    assert any(chilis[card["n"]] != CHILIS[card["n"]] for card in ring + hand)
    shown = {card["n"]: card for card in ring}
    assert "chili-black" in shown[1]["classes"]
    assert "chili-black" in shown[100]["classes"]
    page.screenshot(path=str(artifacts / "variant-dicht-dran-edges-5.png"))


def test_a_missionszahl_table_with_fewer_symbols_shows_only_those(
    server: Server, person: Any, artifacts: Path
) -> None:
    symbols = "0,4,4,0,4"  # no "pass on", no "±3"
    created = server.open_table(
        "missionszahl", ["human", "bot:random", "bot:random"], {"symbols": symbols}, seed=4
    )
    page = person
    page.goto(invite(created) + "&lang=en")
    page.wait_for_selector("#main button.move")
    view = server.state(created["table"], created["seats"][0]["token"])["view"]
    expected = setup(symbols=symbols).symbol
    faces = server.request("GET", "/api/games/missionszahl/faces")
    names = faces["names"]["en"]
    labels = page.locator("#hand .card").evaluate_all(
        "(cards) => cards.map((card) => card.getAttribute('aria-label') || '')"
    )
    assert len(labels) == len(view["hand"]) > 0
    printed_symbols = 0
    for card, label in zip(view["hand"], labels, strict=True):
        symbol = expected[card]
        printed = faces["cards"][str(card)]["symbol"]
        printed_symbols += printed is not None
        if symbol is None:
            assert not any(name in label for name in names["symbols"].values()), label
        else:
            assert names["symbols"][symbol.value] in label, label
    assert printed_symbols > 0, "no hand card had a symbol in the printed deck: choose a seed"
    glyphs = page.locator("#hand .mz-symbol-name").all_inner_texts()
    for gone in ("pass_cw", "plus_minus_3"):
        if gone in names["symbols"]:
            assert names["symbols"][gone] not in glyphs
    page.screenshot(path=str(artifacts / "variant-missionszahl-symbols.png"))
