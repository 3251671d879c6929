"""The browser UI's static files: packaged, self-contained (no CDN, no build step), and
holding no game facts of their own (card faces come from the server)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

STATIC = Path(str(resources.files("spieltisch.server").joinpath("static")))
PAGES = ("index.html", "table.html", "replay.html", "lab.html")
#: Links to the server's own pages (routes, not files).
ROUTES = ("/", "/lab")


def test_the_pages_ship_inside_the_package() -> None:
    for page in (*PAGES, "app.css", "js/table.js", "js/start.js", "js/replay.js"):
        assert (STATIC / page).is_file(), page


def test_no_script_keeps_a_copy_of_the_card_tables() -> None:
    """Chilis, card colours, symbols and kinds of number come from ``GET /api/games/{id}/
    faces``: no module holds a card table (a list of a dozen numbers or more) or a rule for a
    kind of number (as ``faces.js`` and Cento's Schnapszahl test once did)."""
    modules = {path.name: path.read_text("utf-8") for path in (STATIC / "js").rglob("*.js")}
    assert "cento.js" in modules
    for name, text in modules.items():
        assert not re.search(r"\[\s*\d+(\s*,\s*\d+){11,}", text), f"{name} holds a number table"
        assert not re.search(r"% ?11\b", text), f"{name} tests for a Schnapszahl"


def test_every_module_import_resolves_to_a_packaged_file() -> None:
    modules = list((STATIC / "js").rglob("*.js"))
    assert len(modules) >= 10
    for module in modules:
        for target in re.findall(r'^import .* from "([^"]+)";', module.read_text(), re.M):
            assert (module.parent / target).resolve().is_file(), f"{module.name}: {target}"


def test_the_pages_load_only_files_from_the_package() -> None:
    for page in PAGES:
        html = (STATIC / page).read_text(encoding="utf-8")
        for url in re.findall(r'(?:src|href)="([^"]+)"', html):
            if url.startswith(("#", "data:")) or url in ROUTES:
                continue
            assert url.startswith("/"), f"{page} loads {url} from elsewhere"
            assert (STATIC / url.lstrip("/")).is_file(), f"{page}: {url}"


def test_no_script_or_style_reaches_for_another_host() -> None:
    for path in STATIC.rglob("*"):
        if path.suffix not in {".js", ".css", ".html"}:
            continue
        text = path.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")
        assert not re.search(r"https?://", text), f"{path.name} names another host"
