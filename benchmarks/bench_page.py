"""How fast the browser pages open: the start page and every game's table, in Chromium.

Starts ``spieltisch serve`` on a free port, opens a table of each game with one named person
and heuristic bots, and loads each page ``--rounds`` times in a fresh browser context (no
cache). For each page it reports the median time from the start of the navigation until the
page shows what it is for: the start page's game tiles, the table's first drawn state
(``body[data-seq]``, set once the felt, the seats and the hand are drawn). The peer, in the
same run and the same browser, is the server's plainest page: the rules page's static HTML
until its heading is parsed, so the ratio says what a page's own work costs over loading any
page from this server.

Usage::

    python benchmarks/bench_page.py [--rounds N] [--chromium PATH] [--json]
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from spieltisch.games import REGISTRY


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "spieltisch.cli.main", "serve", "--port", str(port)]
    command += ["--db", str(db), "--tables-per-minute", "0"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def table_url(base: str, game_id: str) -> str:
    """A fresh table of ``game_id``: one person (named, so no name dialog) and bots."""
    spec = REGISTRY[game_id]().spec
    players = max(spec.min_seats, min(3, spec.max_seats))
    seats = ["human"] + ["bot:medium"] * (players - 1)
    created = post(
        f"{base}/api/tables",
        {
            "game": game_id,
            "players": players,
            "seats": seats,
            "names": ["Mia"] + [None] * (players - 1),
        },
    )
    token = created["seats"][0]["token"]
    return f"{base}/table.html?table={created['table']}&token={token}&lang=de"


def timed(browser: Any, url: str, ready: str) -> float:
    """Milliseconds from the navigation's start until ``ready`` (a CSS selector) is in the
    page, noted by the page itself (a mutation observer), so the browser's driver adds
    nothing."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("localStorage.setItem('spieltisch.name', 'Mia')")
    context.add_init_script(
        f"""new MutationObserver((_, observer) => {{
          if (document.querySelector({json.dumps(ready)})) {{
            window.__ready = performance.now();
            observer.disconnect();
          }}
        }}).observe(document, {{subtree: true, childList: true, attributes: true}});"""
    )
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => window.__ready !== undefined", timeout=30_000)
    elapsed: float = page.evaluate("() => window.__ready")
    context.close()
    return elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    from playwright.sync_api import sync_playwright

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    work = Path(subprocess.check_output(["mktemp", "-d"], text=True).strip())
    server = start_server(port, work / "bench.db")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=args.chromium, args=["--no-sandbox", "--disable-dev-shm-usage"]
            )
            pages = {"peer: rules page": (f"{base}/rules.html?game=cento&lang=de", "#page-title")}
            pages["start page"] = (f"{base}/?lang=de", ".tile .tile-card")
            for game_id in sorted(REGISTRY):
                pages[f"table: {game_id}"] = ("", "body[data-seq]")
            times: dict[str, list[float]] = {name: [] for name in pages}
            for _ in range(args.rounds):  # interleaved, so a busy moment hits every page
                for name, (url, ready) in pages.items():
                    if name.startswith("table: "):
                        url = table_url(base, name.removeprefix("table: "))
                    times[name].append(timed(browser, url, ready))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    peer = statistics.median(times["peer: rules page"])
    rows = [
        {
            "page": name,
            "median_ms": round(statistics.median(ms), 1),
            "ratio": round(statistics.median(ms) / peer, 2),
        }
        for name, ms in times.items()
    ]
    if args.json:
        print(json.dumps({"rounds": args.rounds, "pages": rows}, indent=1))
        return
    print(f"{'page':28} {'median ms':>10} {'× peer':>8}   ({args.rounds} loads each, no cache)")
    for row in rows:
        print(f"{row['page']:28} {row['median_ms']:>10.1f} {row['ratio']:>8.2f}")


if __name__ == "__main__":
    main()
