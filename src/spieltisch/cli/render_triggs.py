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

_PHASE = {
    "de": {
        "turn": "wählt Aktion A (ziehen), B (abwerfen) oder C (ankreuzen)",
        "drawing": "zieht noch {draws} Karte",
        "forming": "kreuzt {value}en an ({formed} gelegt)",
        "extra": "macht ein Extrakreuz",
        "over": "Spielende",
    },
    "en": {
        "turn": "chooses action A (draw), B (discard) or C (cross off)",
        "drawing": "draws {draws} more card",
        "forming": "crosses off {value}s ({formed} laid)",
        "extra": "places an extra cross",
        "over": "game over",
    },
}


def _boxes(crossed: int, boxes: int) -> Text:
    return Text.assemble(("■" * crossed, "bold green"), ("□" * (boxes - crossed), "dim"))


def render_triggs(game: Game[Any, Any, Any], view: Any, lang: str) -> RenderableType:
    """Every player's score sheet side by side, the three piles, your hand."""
    de = lang == "de"
    sheets = Table(box=None, pad_edge=False)
    sheets.add_column("Reihe" if de else "row", justify="right")
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
    piles = (
        f"links [{left}] ({sizes[0]})   Mitte verdeckt ({sizes[1]})   rechts [{right}] "
        f"({sizes[2]})   Ablage {len(view.discard_pile)}"
        if de
        else f"left [{left}] ({sizes[0]})   middle face down ({sizes[1]})   right [{right}] "
        f"({sizes[2]})   discard {len(view.discard_pile)}"
    )
    hands = ", ".join(
        f"{t(lang, 'player', n=s + 1)}: {view.hand_sizes[s]}"
        + (f" ({', '.join(map(str, view.known[s]))})" if view.known[s] and s != view.seat else "")
        for s in range(view.players)
    )
    words = _PHASE[lang if lang in _PHASE else "en"]
    doing = words[view.phase].format(
        draws=view.draws_left, value=view.announced, formed=view.formed
    )
    parts: list[RenderableType] = [
        sheets,
        Text(piles),
        Text(("Handkarten: " if de else "Hand sizes: ") + hands),
        Text(f"{t(lang, 'player', n=view.turn + 1)} {doing}", style="bold"),
    ]
    if view.seat is not None:
        label = "Deine Hand: " if de else "Your hand: "
        parts.append(Text.assemble((label, "bold"), " ".join(map(str, view.hand)) or "–"))
    return Panel(Group(*parts), title=game.spec.name(lang), title_align="left")
