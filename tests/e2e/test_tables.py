"""A person at the browser table: each game to its end, the start page, two people at one
table, a reload in the middle, the keyboard alone, and the replay viewer."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.helpers import (
    READY,
    card_numbers,
    move_once,
    play_to_end,
    unnamed_controls,
    wait_until_shown,
)

#: Short games: few players, few passes/rounds, fast bots.
GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "dicht-dran": (["human", "bot:random", "bot:heuristic"], {"passes": 1}),
    "cento": (["human", "bot:random"], {"rebuilds": 0}),
    "missionszahl": (["human", "bot:random"], {}),
    "triggs": (["human", "bot:random"], {"round_limit": 10}),
    "magic-numbers": (["human", "bot:random"], {"rounds": 1, "judge": "quizmaster"}),
}


def invite(created: dict[str, Any], seat: int = 0) -> str:
    url: str = next(s["invite_url"] for s in created["seats"] if s["seat"] == seat)
    return url


def seat_token(created: dict[str, Any], seat: int) -> str:
    token: str = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    return token


def assert_result_shown(page: Any, players: int) -> None:
    result = page.locator("#result")
    assert result.is_visible()
    ranking = result.locator(".result-table tbody tr")  # the game's own scoring may follow
    assert ranking.count() == players
    assert page.get_by_role("button", name=re.compile("Noch einmal spielen")).is_visible()
    assert page.get_by_role("link", name="Wiederholung ansehen").is_visible()
    assert page.get_by_role("link", name="Transkript herunterladen").is_visible()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_person_plays_a_whole_game_against_bots(
    game: str, server: Server, page: Any, artifacts: Path
) -> None:
    seats, options = GAMES[game]
    created = server.open_table(game, seats, options, seed=3)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("websocket", lambda socket: requests.append(socket.url))
    page.goto(invite(created) + "&lang=de")
    page.wait_for_selector("#board .board")
    assert unnamed_controls(page) == []
    if game == "magic-numbers":  # bid high: then answer
        made = [bid_high(page) for _ in range(3)]
    else:
        made = [move_once(page) for _ in range(3)]
    assert unnamed_controls(page) == []
    page.screenshot(path=str(artifacts / f"{game}-playing.png"), full_page=True)
    if game == "magic-numbers":
        for _ in range(1500):
            if (name := bid_high(page)) is None:
                break
            made.append(name)
    else:
        made += play_to_end(page)
    assert_result_shown(page, len(seats))
    final = server.state(created["table"], seat_token(created, 0))
    assert final["over"] is True
    page.screenshot(path=str(artifacts / f"{game}-end.png"), full_page=True)
    assert_only_own_seat_fetched(requests, created)
    if game == "magic-numbers":
        assert any(name.startswith("answer ") for name in made if name)


def bid_high(page: Any) -> str | None:
    """Magic Numbers: the highest chip on the last card while bidding, else the first move."""
    page.wait_for_function(READY)
    chips = page.locator("button.mn-bid-chip:not([disabled])")
    if page.evaluate("document.body.dataset.over") != "true" and chips.count():
        name: str | None = chips.last.get_attribute("aria-label")
        chips.last.click()
        page.wait_for_function("() => !document.body.dataset.busy")
        return name
    return move_once(page)


def assert_only_own_seat_fetched(requests: list[str], created: dict[str, Any]) -> None:
    """The page asked the server about its own seat only (and the game list, the table's card
    faces and the game's files): it cannot show what it never received."""
    token = seat_token(created, 0)
    table = created["table"]
    for url in requests:
        path = url.split("//", 1)[1].split("/", 1)[1]
        if path.startswith(
            ("api/games", f"api/tables/{table}/actions", f"api/tables/{table}/faces")
        ):
            continue
        if path.startswith((f"api/tables/{table}?", f"ws/tables/{table}?")):
            assert f"token={token}" in path, url
            continue
        assert not path.startswith(("api/", "ws/")), url
        assert re.fullmatch(r"(\?.*|[\w./-]+\.(html|css|js)(\?.*)?)", path), url


def test_the_quizmaster_confirms_or_rejects(server: Server, page: Any) -> None:
    """With judge=quizmaster the person judges the bot's answer: Right or Wrong buttons."""
    created = server.open_table(
        "magic-numbers", ["human", "bot:random"], {"rounds": 2, "judge": "quizmaster"}, seed=5
    )
    page.goto(invite(created) + "&lang=de")
    verdicts = 0
    for _ in range(400):
        if page.evaluate("document.body.dataset.over") == "true":
            break
        page.wait_for_function(
            "() => document.body.dataset.over === 'true' || "
            "document.querySelector('#main button.move:not([disabled])')"
        )
        judge = page.get_by_role("group", name="Als Quizmaster entscheiden")
        if judge.count():
            assert page.locator(".quiz").count() > 0  # the meaning, for the quizmaster only
            judge.get_by_role("button", name="Falsch").click()
            page.wait_for_function("() => !document.body.dataset.busy")
            verdicts += 1
        elif move_once(page) is None:
            break
    assert verdicts > 0, "the person never judged an answer"


def test_two_people_play_dicht_dran_against_each_other(
    server: Server, browser: Any, artifacts: Path
) -> None:
    created = server.open_table("dicht-dran", ["human", "human", "bot:random"], {"passes": 1})
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1000, "height": 900})
        page = context.new_page()
        page.goto(invite(created, seat) + "&lang=en")
        page.wait_for_selector("#board .board")
        pages.append(page)
    checked_leak = False
    deadline = time.monotonic() + 240
    while not all(p.evaluate("document.body.dataset.over") == "true" for p in pages):
        assert time.monotonic() < deadline, "the two-person game did not end"
        for seat, page in enumerate(pages):
            if (
                page.evaluate("document.body.dataset.busy")
                or page.evaluate("document.body.dataset.over") == "true"
            ):
                continue
            button = page.locator("#main button.move:not([disabled])")
            if button.count():
                button.first.click()
                page.wait_for_function("() => !document.body.dataset.busy")
                if not checked_leak and seat == 1:
                    assert_no_hidden_cards(server, created, pages[0], 0, other=1)
                    pages[0].screenshot(path=str(artifacts / "dicht-dran-two-people.png"))
                    checked_leak = True
        pages[0].wait_for_timeout(30)
    for page in pages:
        assert page.locator("#result").is_visible()
        page.context.close()
    assert checked_leak


def assert_no_hidden_cards(
    server: Server, created: dict[str, Any], page: Any, seat: int, other: int
) -> None:
    """The page of ``seat`` shows no card of ``other``'s hand, nor anywhere else in its DOM."""
    for _ in range(20):  # compare the page with the server at the same moment of the game
        state = server.state(created["table"], seat_token(created, seat))
        page.wait_for_function(f"() => Number(document.body.dataset.seq) >= {state['last_seq']}")
        shown = {int(n) for n in card_numbers(page)}
        theirs = server.state(created["table"], seat_token(created, other))
        if theirs["last_seq"] == state["last_seq"]:
            break
    mine, theirs = state["view"], theirs["view"]
    hidden = set(theirs["hand"]) | ({theirs["my_card"]} if theirs["my_card"] else set())
    assert not shown & hidden
    public = set(mine["circle"]) | set(mine["discard_pile"]) | set(mine["hand"])
    public |= {card for cards in mine["collections"] for card in cards}
    public |= {mine["my_card"]} if mine["my_card"] else set()
    assert shown <= public
    html = page.content()
    for card in hidden:
        assert f"card {card}," not in html
        assert f'"{card}"' not in html


def test_a_reload_in_the_middle_continues_the_game(server: Server, page: Any) -> None:
    created = server.open_table("dicht-dran", ["human", "bot:random", "bot:random"], {"passes": 1})
    page.goto(invite(created) + "&lang=de")
    for _ in range(3):
        move_once(page)
    page.wait_for_function("() => !document.body.dataset.busy")
    wait_until_shown(page)  # the hand of the final view, not of a step still playing
    before_hand = page.locator("#hand .cards").inner_text()
    before_log = page.locator("#log li").count()
    page.reload()
    page.wait_for_selector("#board .board")
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length >= {before_log}")
    assert page.locator("#hand .cards").inner_text() == before_hand
    play_to_end(page)
    assert_result_shown(page, 3)


def test_a_move_with_the_keyboard_alone(server: Server, page: Any) -> None:
    created = server.open_table("dicht-dran", ["human", "bot:random", "bot:random"], seed=11)
    page.goto(invite(created) + "&lang=de")
    page.wait_for_selector("#main button.move")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('button.move')"):
            break
    else:
        raise AssertionError("Tab never reached a move")

    def my_commits() -> int:
        events = server.state(created["table"], seat_token(created, 0))["events"]
        return sum(1 for e in events if e["kind"] == "commit" and e["data"]["seat"] == 0)

    assert my_commits() == 0
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.body.dataset.busy")
    assert my_commits() == 1


def test_a_spectator_sees_card_backs_and_no_hand(server: Server, page: Any) -> None:
    created = server.open_table("dicht-dran", ["human", "bot:random", "bot:random"], seed=4)
    page.goto(created["spectator_url"] + "&lang=de")
    page.wait_for_selector("#board .board")
    page.wait_for_function("() => document.querySelectorAll('.card.back').length === 2")
    assert page.get_by_role("img", name="verdeckte Karte").count() == 2
    assert page.locator("#hand").count() == 0
    assert page.locator("#main button.move").count() == 0
    assert page.locator("#status").inner_text().startswith("Du schaust zu.")


#: Each hand card's accessible name and classes, in hand order.
HAND_CARDS = """() => [...document.querySelectorAll("#hand .cards > .card")]
  .map((el) => ({ label: el.getAttribute("aria-label"), classes: el.className.split(" ") }))"""


@pytest.mark.parametrize("game", ["dicht-dran", "cento", "missionszahl"])
def test_the_cards_show_what_the_server_says_is_printed_on_them(
    game: str, server: Server, page: Any
) -> None:
    """Chilis, kinds of number, colours and symbols on the page are the published card faces
    (``GET /api/games/{id}/faces``), and the gap ends and won chilis are the view's."""
    seats, options = GAMES[game]
    created = server.open_table(game, seats, options, seed=8)
    faces = server.request("GET", f"/api/games/{game}/faces")
    page.goto(invite(created) + "&lang=en")
    page.wait_for_selector("#main button.move")
    view = server.state(created["table"], seat_token(created, 0))["view"]
    shown = page.evaluate(HAND_CARDS)
    assert len(shown) == len(view["hand"]) > 0
    for card, element in zip(view["hand"], shown, strict=True):
        face = faces["cards"][str(card)]
        if game == "dicht-dran":
            chilis = f"{face['chilis']} chili" + ("s" if face["chilis"] > 1 else "")
            assert element["label"].endswith(chilis), element
            assert f"chili-{face['colour']}" in element["classes"]
        elif game == "cento":
            assert (face["kind"] or "cento") in element["classes"], element
        else:
            names = faces["names"]["en"]
            words = f"{names['colours'][face['colour']]} {face['value']}"
            if face["symbol"]:
                words += f", {names['symbols'][face['symbol']]}"
            assert words in element["label"], element
    if game == "dicht-dran":
        gap_ends = page.locator(".dd-ring .dd-gap-end .card-main").all_inner_texts()
        assert sorted(map(int, gap_ends)) == sorted(view["gap"])
        assert page.locator(".dd-ring .dd-target .card-main").inner_text() == str(view["target"])
        for seat, won in enumerate(view["won_chilis"]):
            badge = page.locator(f'.seat[data-seat="{seat}"] .score')
            assert badge.get_attribute("aria-label") == f"{won} chilis won this pass"
    if game == "cento":
        face = faces["cards"][str(view["open_value"])]
        tens = "–" if face["tens"] is None else str(face["tens"])
        shown_props = page.locator(".cento-open .cento-prop strong").all_inner_texts()
        assert shown_props == [str(face["ones"]), tens, str(face["digit_sum"])]


def test_the_triggs_sheet_totals_are_the_views(server: Server, page: Any) -> None:
    """The boxes crossed per player (the score) and per sheet come from the view."""
    created = server.open_table("triggs", ["bot:random"] * 2, {"round_limit": 10}, seed=5)
    deadline = time.monotonic() + 60
    while not (state := server.state(created["table"]))["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    view = state["view"]
    assert any(view["crossed"]), "a game with no cross shows nothing"
    page.goto(created["spectator_url"] + "&lang=en")
    page.wait_for_selector("#board .board")
    totals = page.locator("table.sheets tbody tr").last.locator("td").all_inner_texts()
    assert totals == [f"{n}/{view['sheet_boxes']}" for n in view["crossed"]]
    assert view["sheet_boxes"] == sum(view["sheet"])


def test_the_phone_sized_table_needs_no_sideways_scrolling(
    server: Server, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    for game, (seats, options) in GAMES.items():
        created = server.open_table(game, seats, options)
        page.goto(invite(created) + "&lang=de")
        page.wait_for_selector("#board .board")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 1, f"{game} is {width}px wide on a 390px screen"
        if game == "dicht-dran":
            page.screenshot(path=str(artifacts / "dicht-dran-phone.png"), full_page=True)
    context.close()


def test_the_replay_viewer_steps_through_a_finished_game(
    server: Server, page: Any, artifacts: Path
) -> None:
    created = server.open_table("dicht-dran", ["bot:random"] * 3, {"passes": 1}, seed=2)
    deadline = time.monotonic() + 60
    while not server.state(created["table"])["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page.goto(f"{server.url}/replay.html?table={created['table']}&lang=de")
    page.wait_for_selector("#board .board")
    assert page.locator("#step-text").inner_text().startswith("Schritt 0 von")
    page.get_by_role("button", name="Weiter").click()
    assert page.evaluate("document.body.dataset.step") == "1"
    page.get_by_role("button", name="Zurück").click()
    assert page.evaluate("document.body.dataset.step") == "0"
    page.keyboard.press("End")
    assert page.locator("#result").is_visible()
    last = int(page.evaluate("document.body.dataset.step"))
    assert last > 10
    page.screenshot(path=str(artifacts / "replay-end.png"), full_page=True)
    page.keyboard.press("ArrowLeft")
    assert int(page.evaluate("document.body.dataset.step")) == last - 1
    assert unnamed_controls(page) == []


def test_the_language_can_be_switched_at_the_table(server: Server, page: Any) -> None:
    created = server.open_table("missionszahl", ["human", "bot:random"], seed=6)
    page.goto(invite(created) + "&lang=de")
    page.wait_for_selector("#board .board")
    assert page.locator("#status").inner_text().startswith("Du bist dran.")  # + the game's prompt
    page.get_by_label("Sprache").select_option("en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_selector("#board .board")
    assert page.locator("#status").inner_text().startswith("Your turn.")
    assert page.get_by_role("group", name=re.compile("^Your hand")).count() == 1
    assert "Round 1" in page.locator("#log").inner_text()


def test_the_replay_viewer_opens_a_transcript_file(
    server: Server, page: Any, tmp_path: Path
) -> None:
    created = server.open_table("triggs", ["bot:random", "bot:random"], {"round_limit": 10})
    deadline = time.monotonic() + 60
    while not server.state(created["table"])["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    transcript = server.request("GET", f"/api/tables/{created['table']}/transcript")
    path = tmp_path / "triggs.json"
    path.write_text(json.dumps(transcript), encoding="utf-8")
    page.goto(f"{server.url}/replay.html?lang=en")
    page.get_by_label("Open a transcript file (JSON)").set_input_files(str(path))
    page.wait_for_selector("#board .board.triggs")
    page.get_by_label("Step", exact=True).press("End")
    assert page.locator("#result").is_visible()


def test_the_rules_open_from_the_table_in_its_language(
    server: Server, page: Any, artifacts: Path
) -> None:
    created = server.open_table("cento", ["human", "bot:random"], {"rebuilds": 0})
    page.goto(invite(created) + "&lang=en")
    page.wait_for_selector("#board .board")
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Rules of Cento – The Number Game (opens a new tab)").click()
    rules = opened.value
    rules.wait_for_selector("#rules h2")
    assert rules.url.endswith("/rules.html?game=cento&lang=en")
    assert rules.locator("#page-title").inner_text() == "Rules: Cento – The Number Game"
    assert rules.get_by_role("heading", name="Set-up").count() == 1
    assert rules.locator("#rules table").count() > 0  # Markdown tables are real tables
    assert unnamed_controls(rules) == []
    rules.screenshot(path=str(artifacts / "rules.png"))
    rules.close()
    assert page.evaluate("document.body.dataset.over") == "false"  # the table stays open


def test_a_cento_card_put_under_the_pile_at_the_start_is_shown_to_everybody(
    server: Server, page: Any
) -> None:
    """Seed 2 turns up the 100 first, which goes under the draw pile in view of all: the
    table says so, under the piles."""
    created = server.open_table(
        "cento", ["human", "bot:random", "bot:random", "bot:random"], {}, seed=2
    )
    page.goto(invite(created) + "&lang=en")
    page.wait_for_selector("#board .board")
    row = page.get_by_role("group", name="Under the draw pile (seen by all)")
    assert row.is_visible()
    assert row.locator(".cards").inner_text().split() == ["100"]
