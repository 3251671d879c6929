"""Drawing Dicht dran views in the terminal with Rich. The renderer reads views only."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spieltisch.cli.i18n import t
from spieltisch.core.game import Game
from spieltisch.games.dicht_dran.cards import CHILI_COLOURS, chili_sum, chilis

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
    de = lang == "de"
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
    heading = (
        f"Zielkarte {view.target} · Lücke {low}–{high}"
        if de
        else f"Target {view.target} · gap {low}–{high}"
    )
    piles = (
        f"Zugstapel {view.draw_pile_size} · Ablagestapel {len(view.discard_pile)}"
        if de
        else f"Draw pile {view.draw_pile_size} · discard pile {len(view.discard_pile)}"
    )
    players = Table(box=None, pad_edge=False)
    for column in (
        ("Spieler", "Player"),
        ("Hand", "Hand"),
        ("gewonnen", "won"),
        ("Schoten", "chilis"),
        ("gesamt", "total"),
        ("", ""),
    ):
        players.add_column(column[0] if de else column[1])
    for seat in range(view.players):
        name = t(lang, "player", n=seat + 1) + (f" ({t(lang, 'you')})" if seat == view.seat else "")
        laid = ("liegt verdeckt" if de else "face down") if view.committed[seat] else ""
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
        label = "Deine Hand: " if de else "Your hand: "
        parts.append(Text.assemble((label, "bold"), _cards(view.hand)))
        if view.my_card is not None:
            parts.append(
                Text(("Verdeckt gelegt: " if de else "Laid face down: ") + str(view.my_card))
            )
    title = (
        f"{game.spec.name(lang)} · {'Durchgang' if de else 'pass'} {view.pass_number}/{view.passes}"
    )
    return Panel(Group(*parts), title=title, title_align="left")
