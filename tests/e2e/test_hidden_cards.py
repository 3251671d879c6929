"""No hidden card in the page, for every game: seat A plays in the browser, seat B over
HTTP from the test; again and again, every card drawn on A's page is compared with A's own
view, and none of B's private cards (hand, face-down card, bid chips, unused chips) that A
cannot see is in any card's face, text or accessible name."""

from __future__ import annotations

import re
import time
from collections import Counter
from typing import Any

import pytest

from spieltisch.games.missionszahl.cards import COLOUR, LETTERS, VALUE
from tests.e2e.conftest import Server
from tests.e2e.helpers import READY, move_once, wait_until_shown
from tests.e2e.test_tables import invite, seat_token

#: Two people (A at seat 0, B at seat 1), bots where the game needs more seats; short games.
TABLES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "dicht-dran": (["human", "human", "bot:random"], {"passes": 1}),
    "cento": (["human", "human"], {"rebuilds": 0}),
    "missionszahl": (["human", "human"], {}),
    "triggs": (["human", "human"], {"round_limit": 10}),
    "magic-numbers": (["human", "human"], {"rounds": 1}),
}
MOVES = 40  # moves of A and B together: enough for commits, bids and reveals

#: Every element that stands for a card or a chip, as the page draws it.
CARD_ELEMENTS = """() => [...document.querySelectorAll(".card, .chip[data-seat]")].map((el) => {
  const chip = el.classList.contains("chip");
  const main = chip ? el.querySelector("[aria-hidden]") : el.querySelector(".card-main");
  const said = [el.getAttribute("aria-label"), el.getAttribute("title"), el.getAttribute("alt"),
    ...[...el.querySelectorAll(".visually-hidden, [aria-label], [title], img[alt]")].map(
      (inner) => inner.getAttribute("aria-label") || inner.getAttribute("title") ||
        inner.getAttribute("alt") || inner.textContent)];
  return {
    chip,
    back: el.classList.contains("back") || el.classList.contains("hidden-chip"),
    main: main ? main.textContent.trim() : "",
    corner: (el.querySelector(".card-corner")?.textContent || "").trim(),
    said: said.filter(Boolean).join(" | "),
    data: Object.values(el.dataset).join(" | "),
  };
})"""


def flat(*groups: Any) -> list[Any]:
    """The cards in ``groups`` (cards, lists of cards, lists of lists), ``None`` left out."""
    cards: list[Any] = []
    for group in groups:
        if isinstance(group, list):
            cards += flat(*group)
        elif group is not None:
            cards.append(group)
    return cards


def mz_key(card: int) -> str:
    """A Missionszahl card as its face shows it: value and colour letter."""
    return f"{VALUE[card]} {LETTERS[COLOUR[card]]}"


def faces_of(node: Any) -> list[str]:
    """Every Magic Numbers card face (``{"number": …}``) anywhere in a view."""
    if isinstance(node, dict):
        found = [str(node["number"])] if "number" in node and "theme" in node else []
        return found + [f for value in node.values() for f in faces_of(value)]
    if isinstance(node, list):
        return [f for value in node for f in faces_of(value)]
    return []


def visible(game: str, view: dict[str, Any]) -> Counter[str]:
    """What a seat's view lets its page draw face up, as the faces read ("17", "18 G")."""
    if game == "dicht-dran":
        cards = flat(view["circle"], view["discard_pile"], view["hand"], view["collections"])
        cards += flat(view["my_card"], view["last_pass_hands"])
        return Counter(str(card) for card in cards)
    if game == "cento":
        cards = flat(view["open_value"], view["discard_pile"], view["hand"])
        cards += flat(view["turn_values"], view["drawn"], view["pile_bottom"])
        return Counter(str(card) for card in cards)
    if game == "missionszahl":
        cards = flat(view["missions"], view["hand"], view["my_card"], view["played"])
        cards += flat(view["draw_pile"], view["known_hands"], view["collections"], view["drawn"])
        return Counter(mz_key(card) for card in cards)
    if game == "triggs":
        cards = flat(view["hand"], view["known"], view["open_tops"], view["discard_pile"])
        return Counter(str(card) for card in flat(cards, view["box"]))
    chips = [
        f"{seat + 1}: {chip}" for bids in view["bids"] for seat, chip in bids if chip is not None
    ]
    chips += [f"{view['seat'] + 1}: {chip}" for chip in view["my_chips"]]
    return Counter(faces_of(view)) + Counter(chips)


def private(game: str, view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Seat B's private cards from its own view: as faces read and as its words name them
    in English (``card 17``, ``green 18``, ``chip 3 of …``)."""
    seat = view["seat"]
    if game == "dicht-dran":
        cards = flat(view["hand"], view["my_card"])
    elif game == "cento":
        cards = flat(view["hand"], view["drawn"])
    elif game == "triggs":
        cards = list(view["hand"])
    elif game == "missionszahl":
        cards = flat(view["hand"], view["my_card"])
        colours = {"R": "red", "G": "green", "B": "blue", "O": "orange"}
        names = [f"{colours[LETTERS[COLOUR[c]]]} {VALUE[c]}" for c in cards]
        return [mz_key(card) for card in cards], names
    else:
        laid = [chip for bids in view["bids"] for s, chip in bids if s == seat and chip is not None]
        chips = laid + list(view["my_chips"])
        names = [f"chip {chip} of player {seat + 1}" for chip in chips]
        return [f"{seat + 1}: {chip}" for chip in chips], names
    return [str(card) for card in cards], [f"card {card}" for card in cards]


def face_down(game: str, view: dict[str, Any]) -> bool:
    """Whether seat B has a card or a chip lying face down now."""
    if game in ("dicht-dran", "missionszahl"):
        return view["my_card"] is not None
    if game == "magic-numbers":
        return view["phase"] == "bid" and any(
            s == view["seat"] and chip is not None for bids in view["bids"] for s, chip in bids
        )
    return False


def same_moment(server: Server, table: str, tokens: tuple[str, str], page: Any) -> Any:
    """A's and B's states and A's card elements, all at one event number of the table."""
    for _ in range(50):
        mine = server.state(table, tokens[0])
        page.wait_for_function(f"() => Number(document.body.dataset.seq) >= {mine['last_seq']}")
        wait_until_shown(page)  # the final view, after any steps still playing
        shown = page.evaluate(CARD_ELEMENTS)
        theirs = server.state(table, tokens[1])
        again = server.state(table, tokens[0])
        seqs = {mine["last_seq"], theirs["last_seq"], again["last_seq"]}
        if len(seqs) == 1 and page.evaluate("Number(document.body.dataset.seq)") in seqs:
            return mine, theirs, shown
        time.sleep(0.05)
    raise AssertionError("the table never stood still long enough to compare")


def key_of(game: str, element: dict[str, str]) -> str:
    if element["chip"]:  # a chip shows its value; its seat is the element's data-seat
        return f"{int(element['data']) + 1}: {element['main']}"
    if game == "missionszahl":
        return f"{element['main']} {element['corner'][:1]}"
    return element["main"]


def check_page(game: str, mine: dict[str, Any], theirs: dict[str, Any], shown: Any) -> None:
    """A's page draws face up only what A's view holds, and nothing of B's that A cannot see."""
    allowed = visible(game, mine["view"])
    faces = Counter(key_of(game, e) for e in shown if not e["back"])
    if game == "cento":  # a free card reads "free" (in the hand) and as its value (open)
        faces = Counter({k: n for k, n in faces.items() if k.isdigit()})
    assert not faces - allowed, f"cards on A's page that A's view does not hold: {faces - allowed}"
    keys, names = private(game, theirs["view"])
    hidden = [key for key in keys if key not in allowed]
    hidden_names = [name for key, name in zip(keys, names, strict=True) if key not in allowed]
    for element in shown:
        words = f"{element['said']} | {element['data']}".lower()
        for name in hidden_names:
            assert not re.search(rf"\b{re.escape(name)}\b", words), (name, element)
        if element["back"]:
            # a pile's size and the owner of a chip are public; nothing else is said in numbers
            said = re.sub(r"\b(\d+ cards|player \d+)\b", "", element["said"], flags=re.I)
            assert not re.search(r"\d", said), element
            assert element["main"] in ("", "?"), element
        else:
            assert key_of(game, element) not in hidden, element


#: Plants a card (or chip) on the page, as a page that leaked would draw it.
PLANT = """([main, corner, chip, label]) => {
  const el = document.createElement("span");
  el.className = chip ? "chip planted" : "card planted";
  el.setAttribute("aria-label", label);
  el.innerHTML = chip ? "<span aria-hidden='true'></span>"
    : "<span class='card-main'></span><span class='card-corner'></span>";
  const [seat, value] = chip ? main.split(": ") : [null, main];
  if (chip) el.dataset.seat = String(Number(seat) - 1);
  el.firstChild.textContent = value;
  if (!chip) el.lastChild.textContent = corner;
  document.querySelector("#board").append(el);
}"""


def assert_the_check_sees_a_planted_card(
    game: str, mine: dict[str, Any], theirs: dict[str, Any], page: Any
) -> None:
    """The check is not blind: one of B's private cards planted on A's page is found."""
    keys, names = private(game, theirs["view"])
    allowed = visible(game, mine["view"])
    hidden = [(key, name) for key, name in zip(keys, names, strict=True) if key not in allowed]
    assert hidden, f"B holds nothing private now: {theirs['view']}"
    key, name = hidden[0]
    main, _, corner = key.partition(" ") if game == "missionszahl" else (key, "", "")
    page.evaluate(PLANT, [main, corner, game == "magic-numbers", name])
    with pytest.raises(AssertionError):
        check_page(game, mine, theirs, page.evaluate(CARD_ELEMENTS))
    page.evaluate("document.querySelector('.planted')?.remove()")  # a redraw may have gone first


@pytest.mark.parametrize("game", list(TABLES))
def test_no_card_of_the_other_person_reaches_the_page(
    game: str, server: Server, browser: Any
) -> None:
    seats, options = TABLES[game]
    created = server.open_table(game, seats, options, seed=7)
    table = created["table"]
    tokens = (seat_token(created, 0), seat_token(created, 1))
    context = browser.new_context(viewport={"width": 1000, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.goto(invite(created, 0) + "&lang=en")
    page.wait_for_selector("#board .board")
    checks = commits_seen = 0
    pick_b = -1 if game == "magic-numbers" else 0  # bid, rather than pass
    for _ in range(MOVES):
        b_state = server.state(table, tokens[1])
        if b_state["over"]:
            break
        if b_state["legal_actions"]:
            action = b_state["legal_actions"][pick_b]["action"]
            server.request(
                "POST", f"/api/tables/{table}/actions", {"token": tokens[1], "action": action}
            )
        else:
            page.wait_for_function(READY, timeout=30_000)
            if page.locator("#main button.move:not([disabled]), #answer-input").count():
                move_once(page, pick="last" if game == "magic-numbers" else "first")
            else:
                time.sleep(0.1)  # a bot is thinking
        mine, theirs, shown = same_moment(server, table, tokens, page)
        check_page(game, mine, theirs, shown)
        if not checks:
            assert_the_check_sees_a_planted_card(game, mine, theirs, page)
        checks += 1
        commits_seen += face_down(game, theirs["view"])
    context.close()
    assert checks >= 10
    if game in ("dicht-dran", "missionszahl", "magic-numbers"):
        assert commits_seen, "B never had a card or chip face down while A's page was checked"
