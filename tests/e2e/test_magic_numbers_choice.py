"""Magic Numbers with multiple choice at the browser table: the meanings offered are four
buttons, on a desktop and on a 360 px phone, and clicking one answers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server
from tests.e2e.helpers import unnamed_controls
from tests.e2e.test_tables import bid_high, invite

CHOICES = "fieldset.choices"


def reach_the_choices(page: Any) -> None:
    """Bid high on every card until the person is asked to choose."""
    for _ in range(60):
        page.wait_for_function(
            "() => document.body.dataset.over === 'true' || "
            "document.querySelector('#main button.move:not([disabled])')"
        )
        if page.locator(CHOICES).count():
            return
        assert bid_high(page) is not None, "the game ended without a choice"
    raise AssertionError("the person was never asked to choose")


def test_a_person_chooses_a_meaning(server: Server, browser: Any, artifacts: Path) -> None:
    created = server.open_table(
        "magic-numbers", ["human", "bot:heuristic"], {"rounds": 1, "answers": "choice"}, seed=4
    )
    for name, size in (("desktop", (1200, 900)), ("phone", (360, 780))):
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, locale="de-DE"
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))  # noqa: B023
        page.goto(invite(created) + "&lang=de")
        page.wait_for_selector("#board .board")
        reach_the_choices(page)
        group = page.get_by_role("group", name=re.compile(r"Deine Antwort: Was bedeutet die"))
        buttons = group.locator("button.move.choice")
        assert buttons.count() == 4
        assert unnamed_controls(page) == []
        assert page.get_by_role("button", name="Weiß ich nicht").count() == 1
        group.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"magic-numbers-choice-{name}.png"), full_page=True)
        if name == "phone":
            widths = buttons.evaluate_all("(bs) => bs.map((b) => b.getBoundingClientRect().right)")
            assert max(widths) <= 360  # no button runs off a phone's screen
            label = buttons.first.get_attribute("aria-label")
            assert label.startswith("Antwort 1: ")
            buttons.first.click()
            page.wait_for_function("() => !document.body.dataset.busy")
            page.wait_for_function(  # the log (a closed drawer on a phone) tells the choice
                "() => /(Anna wählt|Du wählst) „/.test(document.getElementById('log')"
                ".textContent)"
            )
            page.screenshot(path=str(artifacts / "magic-numbers-chosen-phone.png"), full_page=True)
        context.close()
        assert not errors, errors
