"""The browser UI's static files: packaged, self-contained (no CDN, no build step), and the
card faces they draw match the games' card tables."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from tests.ui.faces import FACES_JS, faces_js

STATIC = Path(str(resources.files("spieltisch.server").joinpath("static")))
PAGES = ("index.html", "table.html", "replay.html")


def test_the_pages_ship_inside_the_package() -> None:
    for page in (*PAGES, "app.css", "js/table.js", "js/start.js", "js/replay.js"):
        assert (STATIC / page).is_file(), page


def test_the_card_faces_are_the_games_own() -> None:
    assert FACES_JS.read_text(encoding="utf-8") == faces_js(), "run: python -m tests.ui.faces"


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
            if url.startswith(("#", "data:")) or url == "/":
                continue
            assert url.startswith("/"), f"{page} loads {url} from elsewhere"
            assert (STATIC / url.lstrip("/")).is_file(), f"{page}: {url}"


def test_no_script_or_style_reaches_for_another_host() -> None:
    for path in STATIC.rglob("*"):
        if path.suffix not in {".js", ".css", ".html"}:
            continue
        text = path.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")
        assert not re.search(r"https?://", text), f"{path.name} names another host"
