"""Drawing Dicht dran views in the terminal with Rich. The renderer reads views only."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spieltisch.cli.i18n import t
from spieltisch.core.game import Game
from spieltisch.core.words import in_lang, section
from spieltisch.games.dicht_dran.cards import CHILI_COLOURS, chili_sum, chilis
from spieltisch.games.dicht_dran.words import WORDS

TERM = section(WORDS, "board", "term")

_RICH_COLOURS = {"green": "green", "orange": "dark_orange", "purple": "magenta"}


def chili_card(card: int) -> Text:
    """A Dicht dran card as its number and one coloured dot per chili."""
    count = chilis(card)
    style = _RICH_COLOURS[CHILI_COLOURS[count]]
    return Text.assemble((f"{card}", "bold"), (" " + "●" * count, style))


def _cards(cards: tuple[int, ...] | list[int]) -> Text:
    return Text("  ").join(chili_card(card) for card in cards) if cards else Text("–")


def render_dicht_dran(game: Game[Any, Any, Any], view: Any, lang: str) -> RenderableType:
    """The circle with target and gap, the players, the piles, and your hand."""
    words = in_lang(TERM, lang)
    circle = Text("  ")
    neighbours = {(view.target_position - 1) % 6, (view.target_position + 1) % 6}
    for position, card in enumerate(view.circle):
        if position == view.target_position:
            piece = Text.assemble("[", chili_card(card), "]", style="reverse")
        elif position in neighbours:
            piece = Text.assemble(chili_card(card), style="underline")
        else:
            piece = chili_card(card)
        circle.append_text(piece)
        circle.append("   ")
    low, high = view.gap
    heading = words["heading"].format(target=view.target, low=low, high=high)
    piles = words["piles"].format(draw=view.draw_pile_size, discard=len(view.discard_pile))
    players = Table(box=None, pad_edge=False)
    for column in ("col_player", "col_hand", "col_won", "col_chilis", "col_total"):
        players.add_column(words[column])
    players.add_column("")
    for seat in range(view.players):
        name = t(lang, "player", n=seat + 1) + (f" ({t(lang, 'you')})" if seat == view.seat else "")
        laid = words["laid"] if view.committed[seat] else ""
        players.add_row(
            name,
            str(view.hand_sizes[seat]),
            str(len(view.collections[seat])),
            str(chili_sum(view.collections[seat])),
            str(view.totals[seat]),
            laid,
        )
    parts: list[RenderableType] = [Text(heading, style="bold"), circle, Text(piles), players]
    if view.seat is not None:
        parts.append(Text.assemble((words["your_hand"], "bold"), _cards(view.hand)))
        if view.my_card is not None:
            parts.append(Text(words["my_card"] + str(view.my_card)))
    title = f"{game.spec.name(lang)} · {words['title'].format(n=view.pass_number, of=view.passes)}"
    return Panel(Group(*parts), title=title, title_align="left")
