"""Each game's word catalog: the same words in every language, and every word a face asks for
is in it (the terminal's renderers and the browser's game modules keep no texts of their own)."""

from __future__ import annotations

import io
import random
import re
from importlib import import_module, resources
from pathlib import Path
from string import Formatter

import pytest
from rich.console import Console

from spieltisch.cli.render import render
from spieltisch.core.game import Event
from spieltisch.core.words import Catalog, catalog, in_lang, section
from spieltisch.games import REGISTRY, descriptor, make_game

GAMES = sorted(REGISTRY)
CLI = Path(__file__).parents[2] / "src" / "spieltisch" / "cli"
JS = resources.files("spieltisch.server") / "static" / "js" / "games"


def words_of(game_id: str) -> Catalog:
    return descriptor(game_id).words


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_language_has_the_same_words_with_the_same_blanks(game_id: str) -> None:
    words = words_of(game_id)
    assert {"de", "en"} <= set(words)
    english = words["en"]
    for lang, texts in words.items():
        assert set(texts) == set(english), lang
        for key, text in texts.items():
            assert placeholders(text) == placeholders(english[key]), (lang, key)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_word_id_names_its_section(game_id: str) -> None:
    sections = {key.partition(".")[0] for key in words_of(game_id)["en"]}
    assert {"event", "board", "term", "web"} <= sections
    assert sections <= {"label", "event", "noun", "symbol", "board", "term", "web", "error"}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_word_both_boards_show_is_kept_once(game_id: str) -> None:
    words = words_of(game_id)
    board, term, web = (section(words, name)["en"] for name in ("board", "term", "web"))
    assert not set(board) & set(term)
    assert not set(board) & set(web)
    for key in set(term) & set(web):
        assert any(
            section(words, "term")[lang][key] != section(words, "web")[lang][key] for lang in words
        ), key


def _first_arguments(source: str) -> set[str]:
    """The word ids a module asks ``w(ctx, ...)`` for in plain quotes (a computed id, such
    as a view's phase, is checked by drawing views)."""
    found = set()
    for argument in re.findall(r"\bw\(ctx, ([^,)]+)", source):
        found |= set(re.findall(r'"(\w+)"', argument))
    return found


JS_MODULES = sorted(
    path.name for path in JS.iterdir() if path.name not in ("index.js", "common.js")
)


@pytest.mark.parametrize("name", JS_MODULES)
def test_the_browser_module_keeps_no_words_and_finds_each_it_asks_for(name: str) -> None:
    source = (JS / name).read_text(encoding="utf-8")
    assert "const WORDS" not in source
    assert 'lang === "de"' not in source
    match = re.search(r'boardWord\("([\w-]+)", ctx.lang, key, params\)', source)
    assert match is not None
    asked = _first_arguments(source)
    assert asked
    web = section(words_of(match.group(1)), "board", "web")
    for lang, texts in web.items():
        assert asked <= set(texts), (lang, asked - set(texts))


RENDERERS = sorted(path.name for path in CLI.glob("render_*.py"))


@pytest.mark.parametrize("name", RENDERERS)
def test_the_terminal_renderer_keeps_no_words_and_finds_each_it_asks_for(name: str) -> None:
    source = (CLI / name).read_text(encoding="utf-8")
    assert '== "de"' not in source
    assert "== 'de'" not in source
    match = re.search(r"from spieltisch\.games\.(\w+)\.words import WORDS", source)
    assert match is not None
    game_words: Catalog = import_module(f"spieltisch.games.{match.group(1)}.words").WORDS
    asked = set(re.findall(r"words\[\"(\w+)\"\]", source))
    assert asked
    term = section(game_words, "board", "term")
    for lang, texts in term.items():
        assert asked <= set(texts), (lang, asked - set(texts))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_view_is_drawn_and_every_move_labelled_in_every_language(game_id: str) -> None:
    """A random game of every game, drawn in the terminal for a seat and a spectator at
    every few steps, every legal move labelled and every event described, in each of the
    catalog's languages."""
    game = make_game(game_id)
    langs = sorted(words_of(game_id))
    rng = random.Random(4)
    events: list[Event] = []
    state = game.new_state(game.spec.max_seats, 4, log=events)
    console = Console(file=io.StringIO(), width=100)
    step = 0
    while not game.is_terminal(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        for lang in langs:
            assert all(game.label(action, lang) for action in legal)
            if step % 11 == 0:
                console.print(render(game, game.view(state, seat), lang))
                console.print(render(game, game.view(state, None), lang))
        events += game.play(state, seat, rng.choice(legal))
        step += 1
    for lang in langs:
        console.print(render(game, game.view(state, 0), lang))
        assert all("{" not in game.describe(event, lang) for event in events)


def test_a_catalog_is_its_sections_under_their_names() -> None:
    words = catalog(event={"de": {"win": "Sieg"}, "en": {"win": "win"}}, web={"de": {}, "en": {}})
    assert words == {"de": {"event.win": "Sieg"}, "en": {"event.win": "win"}}
    assert section(words, "event") == {"de": {"win": "Sieg"}, "en": {"win": "win"}}
    assert in_lang(words, "fr") == words["en"]
    two = catalog(board={"en": {"row": "row"}}, term={"en": {"sum": "Σ"}}, web={"en": {"x": "x"}})
    assert section(two, "board", "term") == {"en": {"row": "row", "sum": "Σ"}}
