"""Screenshots of the browser table for docs/ui.md: every game in the middle of a game, during
a reveal and at its end, and the start page, on a desktop (1280 px) and a phone (360 px), in
German.

Run from the repository root (needs the test extra: Playwright, Pillow; and /usr/bin/chromium):

    .venv/bin/python scripts/gallery.py

It starts ``spieltisch serve`` on a free port with a fresh database, opens each table from
the start page as a person named Mia would (tile, seats, bots by level, the seed and short
settings in "Erweitert"), plays it with the visible controls while the bots play the other
seats, and writes docs/ui/*.png (palette PNGs, a few dozen kB each) and the "Gallery"
section of docs/ui.md. The phone follows the same seat link as the desktop.
"""

from __future__ import annotations

import argparse
import io
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from tests.e2e.visible import (  # noqa: E402
    FAST,
    OFFER,
    offer,
    play_moves,
    play_to_end,
    tiles,
)

CHROMIUM = "/usr/bin/chromium"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
HEADING = "## Gallery"

#: Lets the gallery stretch the page's waits (``window.galleryStretch``: a factor for every
#: timer of 200 ms or more, the sequencer's steps and holds): a reveal's steps then last a
#: few seconds, long enough to catch the same step on the desktop and the phone.
SLOW = """(() => {
  const plain = window.setTimeout.bind(window);
  window.setTimeout = (fn, ms, ...rest) =>
    plain(fn, window.galleryStretch && ms >= 200 ? ms * window.galleryStretch : ms, ...rest);
})();"""


@dataclass(frozen=True)
class Scene:
    """How one game is shown: its tile, the bots at its other seats, the short settings
    (option id → value), the seed, and how many of Mia's moves lead to the middle."""

    game: str
    title: str
    bots: list[str]
    options: dict[str, str] = field(default_factory=dict)
    seed: int = 7
    moves: int = 3
    #: What shows this game's reveal in progress on the board (CSS selectors, the most
    #: telling first): the reveal shot waits, move after move, until one is on the board
    #: while the page plays a sequence.
    reveal: tuple[str, ...] = ()


SCENES = [
    Scene(
        "dicht-dran",
        "Dicht dran",
        ["Bot · leicht", "Bot · mittel", "Bot · stark"],
        {"passes": "1"},
        reveal=(".dd-slot.closest", ".dd-slot.revealed"),
    ),
    Scene(
        "cento",
        "Cento",
        ["Bot · leicht", "Bot · mittel"],
        {"rebuilds": "0"},
        moves=4,
        # a chain of at least two cards, the newest sliding in with its matched property
        reveal=(".cento-link + .cento-link.slide-in", ".cento-link.slide-in"),
    ),
    Scene(
        "missionszahl",
        "Missionszahl",
        ["Bot · leicht", "Bot · mittel"],
        {},
        reveal=(".mz-slot.acting", ".mz-slot.played.closest", ".mz-slot.played.flip"),
    ),
    Scene(
        "triggs",
        "Triggs",
        ["Bot · leicht", "Bot · mittel"],
        {"round_limit": "10"},
        moves=6,
        # the extra cross jumping to its row (a chain), else a box being crossed
        reveal=(
            ".triggs-sheet .box.jump",
            ".triggs-sheet .sheet-row.flash",
            ".triggs-sheet .box.new",
        ),
    ),
    Scene(
        "magic-numbers",
        "Magic Numbers",
        ["Bot · leicht", "Bot · mittel"],
        {"rounds": "1"},
        reveal=(".mn-chip.sorted", ".mn-chip.flip"),
    ),
]
MOMENTS = {"mid": "in the middle", "reveal": "during a reveal", "end": "at the end"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "ui", help="PNG folder")
    parser.add_argument("--doc", type=Path, default=ROOT / "docs" / "ui.md")
    parser.add_argument("--url", help="a running server to use instead of starting one")
    parser.add_argument("--games", default=",".join(s.game for s in SCENES), help="ids, comma")
    args = parser.parse_args()
    wanted = args.games.split(",")
    unknown = set(wanted) - {s.game for s in SCENES}
    if unknown:
        print(f"unknown game(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with serving(args.url) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox"]
        )
        shots = Shots(args.out)
        desktop, phone = contexts(browser)
        start_page(url, desktop, phone, shots)
        for scene in SCENES:
            if scene.game in wanted:
                play_scene(url, scene, desktop, phone, shots)
        your_tables(url, desktop, phone, shots)
        browser.close()
    write_section(args.doc, args.out, shots.taken)
    total = sum(path.stat().st_size for path in args.out.glob("*.png"))
    print(
        f"{len(shots.taken)} screenshots in {args.out} ({total / 1e6:.1f} MB); {args.doc} updated"
    )
    return 0


@contextmanager
def serving(running: str | None = None) -> Iterator[str]:
    """``spieltisch serve`` on a free port with a fresh database, for the ``with`` block (or
    the ``running`` server's address)."""
    if running:
        yield running.rstrip("/")
        return
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder, open(Path(folder) / "serve.log", "wb") as log:
        command = [sys.executable, "-m", "spieltisch.cli.main", "serve", "--port", str(port)]
        db = str(Path(folder) / "tables.sqlite3")
        command += ["--tables-per-minute", "0"]
        process = subprocess.Popen([*command, "--db", db], stdout=log, stderr=subprocess.STDOUT)
        try:
            yield wait_until_up(f"http://127.0.0.1:{port}", process)
        finally:
            process.terminate()
            process.wait(timeout=10)


def wait_until_up(url: str, process: subprocess.Popen[bytes]) -> str:
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2).close()
            return url
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.2)
    raise SystemExit("spieltisch serve did not start")


def contexts(browser: Any) -> tuple[Any, Any]:
    """Mia's desktop and Mia's phone: German, her name known, bots at the fast speed."""
    made = []
    for viewport, mobile in ((DESKTOP, False), (PHONE, True)):
        context = browser.new_context(
            viewport=viewport, locale="de-DE", is_mobile=mobile, has_touch=mobile
        )
        context.add_init_script(FAST + "localStorage.setItem('spieltisch.name', 'Mia');" + SLOW)
        made.append(context)
    return made[0], made[1]


class Shots:
    """Screenshots as small palette PNGs; remembers which were taken."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.taken: list[str] = []

    def take(self, page: Any, name: str, full: bool = False) -> None:
        from PIL import Image

        raw = page.screenshot(full_page=full, animations="disabled")
        image = Image.open(io.BytesIO(raw)).convert("RGB")
        small = image.quantize(
            colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
        small.save(self.folder / f"{name}.png", optimize=True)
        self.taken.append(name)


def start_page(url: str, desktop: Any, phone: Any, shots: Shots) -> None:
    """The start page before any table: the tiles, one game's set-up open."""
    for context, size in ((desktop, "desktop"), (phone, "phone")):
        page = context.new_page()
        page.goto(url + "/?lang=de")
        tiles(page).get_by_role("button", name=re.compile("^Dicht dran")).click()
        page.wait_for_timeout(600)
        page.evaluate("window.scrollTo(0, 0)")
        shots.take(page, f"start-{size}", full=True)
        page.close()


def open_from_start(url: str, page: Any, scene: Scene) -> str:
    """Opens ``scene``'s table on the start page as a person would; returns the seat link."""
    page.goto(url + "/?lang=de")
    tiles(page).get_by_role("button", name=re.compile(f"^{re.escape(scene.title)}")).click()
    page.get_by_label(f"{len(scene.bots) + 1} Plätze", exact=True).check()
    for n, bot in enumerate(scene.bots, start=2):
        page.get_by_label(f"Platz {n}", exact=True).select_option(label=bot)
    page.get_by_text("Erweitert", exact=True).click()
    page.locator("#seed").fill(str(scene.seed))
    for name, value in scene.options.items():
        page.locator(f"#option-{name}").fill(value)
    page.get_by_role("button", name="Tisch eröffnen").click()
    page.wait_for_url(re.compile(r"/table\.html\?table="))
    link: str = page.url
    return link


def set_speed(page: Any, speed: str) -> None:
    """The table's speed setting, where the page has one (on a phone it sits in a fold: set
    there as the fold's select would)."""
    select = page.locator("#speed")
    if not select.count():
        return
    if select.is_visible():
        select.select_option(speed)
    else:
        select.evaluate(
            "(el, speed) => { el.value = speed; el.dispatchEvent(new Event('change')); }", speed
        )


def settle(page: Any) -> None:
    """Until the page has played what it was sent (no sequence running)."""
    page.wait_for_function("() => document.body.dataset.playing !== 'true'", timeout=60_000)
    page.wait_for_timeout(300)


def play_scene(url: str, scene: Scene, desktop: Any, phone: Any, shots: Shots) -> None:
    print(f"{scene.game} …", flush=True)
    page = desktop.new_page()
    link = open_from_start(url, page, scene)
    mirror = phone.new_page()
    mirror.goto(link.replace("/table.html?", "/?"))  # as an invitation: the phone remembers it
    pick = "last" if scene.game == "magic-numbers" else "first"
    play_moves(page, scene.moves, pick=pick)
    offer(page)
    settle(mirror)
    page.evaluate("window.scrollTo(0, 0)")
    shots.take(page, f"{scene.game}-mid-desktop")
    shots.take(mirror, f"{scene.game}-mid-phone")
    reveal(page, mirror, scene, shots, pick)
    play_to_end(page, pick=pick)
    settle(mirror)
    mirror.wait_for_function("() => document.body.dataset.over === 'true'", timeout=60_000)
    page.wait_for_timeout(400)
    page.evaluate("window.scrollTo(0, 0)")
    shots.take(page, f"{scene.game}-end-desktop")
    shots.take(mirror, f"{scene.game}-end-phone")
    page.close()
    mirror.close()


#: Whether the page plays a sequence with ``selector`` on its board now.
SHOWING = """(selector) => document.body.dataset.playing === "true"
  && [...document.querySelectorAll(selector)].some((el) => el.getClientRects().length > 0)"""

#: What the page does now: "shown" (``selector`` on the board during a sequence), "over",
#: "move" (it offers a visible move or answer) or null.
STATE = (
    "(selector) => {\n"
    f"  if (({SHOWING})(selector)) return 'shown';\n"
    f"  const offered = ({OFFER})();\n"
    "  return offered === 'answer' ? 'move' : offered;\n"
    "}"
)


def reveal(page: Any, mirror: Any, scene: Scene, shots: Shots, pick: str) -> None:
    """Mia's moves at the slow speed until the page plays a reveal (one of the scene's
    ``reveal`` selectors, the most telling first: after a few moves any will do); both pages
    are caught in the middle of it."""
    for each in (page, mirror):
        set_speed(each, "slow")
        each.evaluate("window.galleryStretch = 4")
    found = None
    for tries in range(40):
        wanted = scene.reveal if tries >= 12 else scene.reveal[:1]
        selector = ", ".join(wanted)
        if one_move(page, selector, pick) == "shown":
            found = selector
            break
    if found is None:
        raise SystemExit(f"{scene.game}: no reveal ({', '.join(scene.reveal)}) in 40 moves")
    page.evaluate("window.scrollTo(0, 0)")
    shots.take(page, f"{scene.game}-reveal-desktop")
    mirror.wait_for_function(SHOWING, arg=found, timeout=15_000)
    shots.take(mirror, f"{scene.game}-reveal-phone")
    for each in (page, mirror):
        each.evaluate("window.galleryStretch = 0")
        set_speed(each, "fast")


def one_move(page: Any, selector: str, pick: str) -> str | None:
    """Mia's next move (or none, when a reveal shows already); then waits until the page
    shows ``selector`` during a sequence ("shown"), offers Mia a move or the game is over."""
    state = page.wait_for_function(STATE, arg=selector, timeout=60_000).json_value()
    if state != "move":
        return str(state)
    field = page.locator("#answer-input")
    if field.count() and field.is_visible():
        field.fill("keine Ahnung")
        field.press("Enter")
    else:
        buttons = page.locator("#main button.move:not([disabled])").locator("visible=true")
        (buttons.last if pick == "last" else buttons.first).click()
    page.wait_for_function("() => !document.body.dataset.busy", timeout=30_000)
    page.wait_for_function(
        f"(selector) => document.body.dataset.playing === 'true' || ({STATE})(selector)",
        arg=selector,
        timeout=60_000,
    )
    return str(page.wait_for_function(STATE, arg=selector, timeout=60_000).json_value())


def your_tables(url: str, desktop: Any, phone: Any, shots: Shots) -> None:
    """ "Deine Tische" after the games, with one more table still running."""
    page = desktop.new_page()
    open_from_start(url, page, SCENES[0])
    play_moves(page, 1)
    page.goto(url + "/?lang=de")
    page.locator(".your-table .your-status").first.wait_for()
    page.wait_for_timeout(800)
    shots.take(page, "start-your-tables-desktop", full=True)
    page.close()
    other = phone.new_page()
    other.goto(url + "/?lang=de")
    other.wait_for_timeout(800)
    shots.take(other, "start-your-tables-phone")
    other.close()


def write_section(doc: Path, folder: Path, taken: list[str]) -> None:
    """Replaces the "Gallery" section of ``doc`` (to the next "## " heading or the end)."""
    rel = folder.relative_to(doc.parent) if folder.is_relative_to(doc.parent) else folder
    lines = [
        HEADING,
        "",
        "Made by `scripts/gallery.py` (`.venv/bin/python scripts/gallery.py` starts its own",
        "server and rewrites `docs/ui/*.png` and this section, in about eight minutes): German,",
        "desktop 1280 px and phone 360 px wide, the phone following the same seat as the desktop.",
        "Mia plays one seat with the visible controls; the bots play the others. A reveal shot",
        "is taken while the page plays that game's reveal (the same step on both screens).",
        "",
    ]
    start = [name for name in taken if name.startswith("start")]
    if start:
        lines += ["### The start page", ""]
        lines += [f"![{name}]({rel}/{name}.png)" for name in start]
        lines.append("")
    for scene in SCENES:
        names = [
            f"{scene.game}-{moment}"
            for moment in MOMENTS
            # a game left out with --games keeps the shots it has
            if f"{scene.game}-{moment}-desktop" in taken
            or (folder / f"{scene.game}-{moment}-desktop.png").exists()
        ]
        if not names:
            continue
        lines += [f"### {scene.title}", "", "| | desktop | phone |", "|---|---|---|"]
        for name in names:
            moment = MOMENTS[name.rsplit("-", 1)[1]]
            cells = [
                f"![{scene.title} {moment}, {size}]({rel}/{name}-{size}.png)"
                for size in ("desktop", "phone")
            ]
            lines.append(f"| {moment} | {cells[0]} | {cells[1]} |")
        lines.append("")
    text = doc.read_text("utf-8") if doc.exists() else ""
    section = "\n".join(lines).rstrip() + "\n"
    match = re.search(rf"^{re.escape(HEADING)}\s*$.*?(?=^## |\Z)", text, flags=re.M | re.S)
    if match:
        text = (
            text[: match.start()]
            + section
            + ("\n" if match.end() < len(text) else "")
            + text[match.end() :]
        )
    else:
        text = text.rstrip() + "\n\n" + section
    doc.write_text(text, "utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
