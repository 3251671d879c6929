"""A laptop screen holds the whole table: at 1280 × 800 your hand (in Triggs with your score
sheet) is in view as the table opens, without scrolling, for every game (Dicht dran with five
players), and the page loads only its own game's module; and Triggs' moves lie on the things
they act on (piles, hand cards, sheet rows), not in a wall of buttons in the status bar."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.helpers import READY
from tests.e2e.test_tables import invite, seat_token
from tests.e2e.visible import FAST, offer, play_once

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}

#: Each game at its fullest common set-up: Dicht dran with five players.
GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "dicht-dran": (["human"] + ["bot:heuristic"] * 4, {"passes": 1}),
    "cento": (["human", "bot:heuristic", "bot:heuristic"], {"rebuilds": 0}),
    "missionszahl": (["human", "bot:heuristic", "bot:heuristic"], {}),
    "triggs": (["human", "bot:heuristic", "bot:heuristic"], {"round_limit": 10}),
    "magic-numbers": (["human", "bot:heuristic", "bot:heuristic"], {"rounds": 1}),
}

BOX = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
          scrollY: window.scrollY, height: window.innerHeight, width: window.innerWidth};
}"""


@pytest.fixture
def laptop(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=LAPTOP, locale="de-DE")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_hand_is_in_view_on_a_laptop_screen(
    server: Server, laptop: Any, artifacts: Path, game: str
) -> None:
    seats, options = GAMES[game]
    created = server.open_table(game, seats, options, seed=7)
    page = laptop
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(invite(created) + "&lang=de")
    page.wait_for_function(READY, timeout=30_000)
    page.locator("#hand-area").wait_for()
    # the page loads its own game's module only (and the shared helpers beside it)
    modules = {url.split("/js/games/")[1].split("?")[0] for url in requests if "/js/games/" in url}
    assert f"{game}.js" in modules
    assert modules <= {"index.js", "common.js", f"{game}.js"}, modules
    page.screenshot(path=str(artifacts / f"laptop-{game}.png"))
    parts = ["#hand-area"] + ([".triggs-sheet.big"] if game == "triggs" else [])
    for selector in parts:
        box = page.evaluate(BOX, selector)
        assert box["scrollY"] == 0, f"{game}: the page scrolled on opening"
        where = f"{game}: {selector} lies at {box['top']:.0f}–{box['bottom']:.0f}px"
        assert box["top"] >= 0, where
        assert box["bottom"] <= box["height"], f"{where}, the screen is {box['height']}px high"
        assert box["left"] >= 0, f"{game}: {selector} sideways"
        assert box["right"] <= box["width"], f"{game}: {selector} sideways"
    # the hand's cards (Magic Numbers: chips) themselves, not only their panel
    last = page.locator("#hand-area :is(.card, button, li)").last.bounding_box()
    assert last["y"] + last["height"] <= LAPTOP["height"]


def open_triggs(server: Server, page: Any, lang: str) -> dict[str, Any]:
    """Seed 7 deals seat 0 the hand 1, 2, 3, 7, 7: one value held twice."""
    created = server.open_table(
        "triggs", ["human", "bot:heuristic", "bot:heuristic"], {"round_limit": 10}, seed=7
    )
    page.goto(invite(created) + f"&lang={lang}")
    page.wait_for_function(READY, timeout=30_000)
    return created


def test_triggs_moves_lie_on_the_piles_the_cards_and_the_sheet(
    server: Server, laptop: Any, artifacts: Path
) -> None:
    page = laptop
    created = open_triggs(server, page, "de")
    state = server.state(created["table"], seat_token(created, 0))
    legal = [entry["action"] for entry in state["legal_actions"]]
    hand = state["view"]["hand"]
    assert {a["type"] for a in legal} == {"draw", "discard", "announce"}
    # the status bar keeps its sentence and no move of the turn's choice
    assert page.locator("#status-moves button").count() == 0
    # draw: the piles are the buttons
    draws = [a for a in legal if a["type"] == "draw"]
    piles = page.locator(".triggs-felt button.move.pile-move")
    assert piles.count() == len(draws)
    assert all(
        "ziehen" in (name or "")
        for name in piles.evaluate_all("(els) => els.map((el) => el.getAttribute('aria-label'))")
    )
    # announce: every legal row of your sheet is a named button, and only those
    announces = sorted(a["value"] for a in legal if a["type"] == "announce")
    rows = page.locator(".triggs-sheet.big button.move.sheet-row")
    names = rows.evaluate_all("(els) => els.map((el) => el.getAttribute('aria-label'))")
    assert len(names) == len(announces)
    assert [name.split(" – ")[0] for name in names] == [f"Ich kreuze {v}en an" for v in announces]
    # discard: a card held once is the move; a value held twice opens a chooser of how many
    discards = [a for a in legal if a["type"] == "discard"]
    single = {a["value"] for a in discards if hand.count(a["value"]) == 1}
    singles = page.locator("#hand button.move.card")
    assert sorted(
        singles.evaluate_all("(els) => els.map((el) => el.getAttribute('aria-label'))")
    ) == sorted(f"1× die {v} abwerfen" for v in single)
    assert "Abwerfen" in page.locator("#hand .row-caption").inner_text()
    pair = next(v for v in hand if hand.count(v) > 1)
    toggle = page.locator(f'.discard-toggle[aria-controls="discard-{pair}"]').first
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.focus()
    page.keyboard.press("Enter")
    chooser = page.get_by_role("group", name="Abwerfen (Aktion B)", exact=True)
    counts = chooser.get_by_role("button")
    expected = sorted(a["count"] for a in discards if a["value"] == pair)
    assert counts.count() == len(expected)
    assert [counts.nth(i).get_attribute("aria-label") for i in range(counts.count())] == [
        f"{n}× die {pair} abwerfen" for n in expected
    ]
    assert page.evaluate("document.activeElement.classList.contains('discard-count')")
    page.screenshot(path=str(artifacts / "triggs-discard-chooser.png"))
    page.keyboard.press("Escape")
    assert chooser.count() == 0 or not chooser.is_visible()
    assert toggle.get_attribute("aria-expanded") == "false"
    # every offered move is one of the server's legal actions, each offered once
    offered = page.locator("#main button.move").count() + len(expected)
    assert offered == len(legal)
    # announcing a row on the sheet sends it: the turn goes on with forming that number
    rows.first.click()
    page.wait_for_function(
        "() => !document.body.dataset.busy && document.querySelector('#status-moves button.move')",
        timeout=30_000,
    )
    after = server.state(created["table"], seat_token(created, 0))
    assert after["view"]["phase"] == "forming"
    assert after["view"]["announced"] == announces[0]


def test_triggs_moves_are_named_in_english(server: Server, laptop: Any) -> None:
    page = laptop
    open_triggs(server, page, "en")
    assert page.get_by_role("button", name="I cross off 1s", exact=False).count() == 1
    assert page.get_by_role("button", name="discard 1× 2").count() == 1
    assert page.get_by_role("button", name="7: Discard (action B)").count() == 2


def test_magic_numbers_while_a_card_is_solved_fits_a_laptop_screen(
    server: Server, browser: Any, artifacts: Path
) -> None:
    """The card being solved, the answer box, the four number cards with their chips and your
    own seat are all in view at 1280 × 800 without scrolling."""
    context = browser.new_context(viewport=LAPTOP, locale="de-DE")
    context.add_init_script(FAST)
    page = context.new_page()
    created = server.open_table("magic-numbers", ["human", "bot:random"], {"rounds": 1}, seed=7)
    page.goto(invite(created) + "&lang=de")
    for _ in range(40):
        offer(page)
        if page.locator(".mn-solving").count() and page.locator("#answer-input").count():
            break
        play_once(page)
    else:
        pytest.fail("no card came to be solved by this seat")
    page.screenshot(path=str(artifacts / "laptop-magic-numbers-solving.png"))
    for selector in ("#answer-input", ".mn-big", ".mn-display", ".seat.me"):
        box = page.evaluate(BOX, selector)
        assert box["scrollY"] == 0, "the page scrolled"
        assert box["top"] >= 0, f"{selector} above the screen"
        assert box["bottom"] <= LAPTOP["height"], f"{selector} ends at {box['bottom']:.0f}px"
    chips = page.locator(".mn-display .mn-chip").last.bounding_box()
    assert chips["y"] + chips["height"] <= LAPTOP["height"]
    context.close()


@pytest.mark.parametrize("players", [4, 5])
def test_dicht_dran_ring_and_hand_both_in_view_on_a_phone(
    server: Server, browser: Any, artifacts: Path, players: int
) -> None:
    """At 360 × 740, while it is your move, all six cards of the ring lie above the docked
    hand and status bar, and every hand card is on the screen, without scrolling; during the
    reveal the status bar with "Weiter" stays at the bottom of the screen."""
    context = browser.new_context(viewport=PHONE, locale="de-DE", has_touch=True)
    context.add_init_script(FAST)
    page = context.new_page()
    seats = ["human"] + ["bot:heuristic"] * (players - 1)
    created = server.open_table("dicht-dran", seats, {"passes": 1}, seed=7)
    page.goto(invite(created) + "&lang=de")
    page.wait_for_function(READY, timeout=30_000)
    page.locator("#hand-area button.move").first.wait_for()
    page.screenshot(path=str(artifacts / f"phone-dicht-dran-{players}-my-move.png"))
    dock = page.evaluate(BOX, "#hand-area")
    assert dock["scrollY"] == 0
    assert dock["bottom"] <= PHONE["height"]
    ring = page.locator(".dd-ring .dd-card").evaluate_all(
        "(cards) => cards.map((card) => card.getBoundingClientRect().bottom)"
    )
    assert len(ring) == 6
    assert max(ring) <= dock["top"], f"the ring reaches {max(ring):.0f}px, the hand {dock['top']}"
    for box in page.locator("#hand-area .dd-card").evaluate_all(
        "(cards) => cards.map((card) => card.getBoundingClientRect().toJSON())"
    ):
        assert box["bottom"] <= PHONE["height"]
        assert box["right"] <= PHONE["width"]
        assert box["height"] >= 44  # a thumb's target
    # your card laid: while the reveal plays, its sentence and "Weiter" are on the screen
    page.locator("#hand-area button.move").first.click()
    page.wait_for_function(
        "() => document.body.dataset.playing === 'true' && !document.getElementById('skip').hidden",
        timeout=30_000,
    )
    bar = page.evaluate(BOX, "#status-bar")
    assert PHONE["height"] - 200 <= bar["top"] < bar["bottom"] <= PHONE["height"], bar
    skip = page.locator("#skip").bounding_box()
    assert skip["y"] + skip["height"] <= PHONE["height"]
    context.close()


#: The header's game name: whether its own name is cut and what is shown of it.
TITLE = """() => {
  const title = document.querySelector("#game-name .game-title");
  if (!title) return null;
  return {cut: title.scrollWidth > title.clientWidth + 1
            || title.getBoundingClientRect().right > document.querySelector("#game-name")
                 .getBoundingClientRect().right + 1,
          text: title.textContent, whole: document.querySelector("#game-name").title};
}"""


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_game_name_in_the_header_is_never_cut(server: Server, browser: Any, size: str) -> None:
    """The game's own name (Triggs, Magic Numbers …) stands whole in the header on a laptop
    and a phone; only its subtitle yields, and the whole name is the heading's title."""
    viewport = LAPTOP if size == "laptop" else PHONE
    context = browser.new_context(viewport=viewport, locale="de-DE", is_mobile=size == "phone")
    context.add_init_script(FAST)
    page = context.new_page()
    for game, (seats, options) in GAMES.items():
        created = server.open_table(game, seats[:3], options, seed=3)
        page.goto(invite(created) + "&lang=de")
        page.wait_for_function("() => document.querySelector('#game-name .game-title')")
        shown = page.evaluate(TITLE)
        assert not shown["cut"], f"{game} at {size}: {shown}"
        assert shown["whole"].startswith(shown["text"]), shown
        assert " – " not in shown["text"], shown
    context.close()
