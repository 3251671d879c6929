"""Drawing views in the terminal with Rich. Renderers read views only; they hold no rules.

A game's renderer is found by its module's name (:func:`renderer_for`); a game without
one is shown as its view's fields.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table

from spieltisch.core.game import Game, View

Renderer = Callable[[Game[Any, Any, Any], Any, str], RenderableType]


def render_generic(game: Game[Any, Any, Any], view: View, lang: str) -> RenderableType:
    """Any game's view as a list of its fields."""
    table = Table(box=None, show_header=False)
    for key, value in view.to_json().items():
        table.add_row(key, str(value))
    return Panel(table, title=game.spec.name(lang), title_align="left")


@cache
def renderer_for(game_id: str) -> Renderer:
    """The renderer of the game ``game_id``: ``render_<id>`` in ``spieltisch.cli.render_<id>``
    (with ``_`` for ``-``), or :func:`render_generic` for a game without such a module."""
    name = "render_" + game_id.replace("-", "_")
    try:
        module = importlib.import_module(f"spieltisch.cli.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"spieltisch.cli.{name}":
            raise
        return render_generic
    renderer: Renderer = getattr(module, name)
    return renderer


def render(game: Game[Any, Any, Any], view: View, lang: str) -> RenderableType:
    """The view drawn by its game's renderer."""
    return renderer_for(game.spec.id)(game, view, lang)
