"""Drawing a Triggs view in the terminal: score sheets, piles, hand, and where the turn stands.
Reads the view only."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spieltisch.cli.i18n import t
from spieltisch.core.game import Game
from spieltisch.core.words import in_lang, section
from spieltisch.games.triggs.words import WORDS

_WORDS = section(WORDS, "board", "term")


def _boxes(crossed: int, boxes: int) -> Text:
    return Text.assemble(("■" * crossed, "bold green"), ("□" * (boxes - crossed), "dim"))


def render_triggs(game: Game[Any, Any, Any], view: Any, lang: str) -> RenderableType:
    """Every player's score sheet side by side, the three piles, your hand."""
    words = in_lang(_WORDS, lang)
    sheets = Table(box=None, pad_edge=False)
    sheets.add_column(words["row"], justify="right")
    for seat in range(view.players):
        you = f" ({t(lang, 'you')})" if seat == view.seat else ""
        sheets.add_column(t(lang, "player", n=seat + 1) + you)
    for row, boxes in enumerate(view.sheet, start=1):
        removed = " ✗" if row in view.removed_values else ""
        cells = [_boxes(view.crosses[s][row - 1], boxes) for s in range(view.players)]
        sheets.add_row(f"{row}{removed}", *cells)
    totals = [f"{sum(c)}/{sum(view.sheet)}" for c in view.crosses]
    sheets.add_row("Σ", *totals)

    left, right = (str(top) if top is not None else "–" for top in view.open_tops)
    sizes = view.pile_sizes
    piles = words["piles"].format(
        left=left,
        left_size=sizes[0],
        middle_size=sizes[1],
        right=right,
        right_size=sizes[2],
        discard=len(view.discard_pile),
    )
    hands = ", ".join(
        f"{t(lang, 'player', n=s + 1)}: {view.hand_sizes[s]}"
        + (f" ({', '.join(map(str, view.known[s]))})" if view.known[s] and s != view.seat else "")
        for s in range(view.players)
    )
    doing = words[view.phase].format(
        draws=view.draws_left, value=view.announced, formed=view.formed
    )
    parts: list[RenderableType] = [
        sheets,
        Text(piles),
        Text(words["hand_sizes"] + hands),
        Text(f"{t(lang, 'player', n=view.turn + 1)} {doing}", style="bold"),
    ]
    if view.seat is not None:
        parts.append(
            Text.assemble((words["your_hand"], "bold"), " ".join(map(str, view.hand)) or "–")
        )
    return Panel(Group(*parts), title=game.spec.name(lang), title_align="left")
