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
from spieltisch.games.dicht_dran.cards import CHILI_COLOURS, CHILIS, chili_sum
from spieltisch.games.dicht_dran.words import WORDS

TERM = section(WORDS, "board", "term")

_RICH_COLOURS = {
    "green": "green",
    "orange": "dark_orange",
    "purple": "magenta",
    "red": "red",
    "black": "bright_black",
}


def chili_card(card: int, chilis: tuple[int, ...] = CHILIS) -> Text:
    """A Dicht dran card as its number and one coloured dot per chili (as ``chilis``, the
    game's chili table, says)."""
    count = chilis[card]
    style = _RICH_COLOURS[CHILI_COLOURS[count]]
    return Text.assemble((f"{card}", "bold"), (" " + "●" * count, style))


def _cards(cards: tuple[int, ...] | list[int], chilis: tuple[int, ...]) -> Text:
    return Text("  ").join(chili_card(card, chilis) for card in cards) if cards else Text("–")


def render_dicht_dran(game: Game[Any, Any, Any], view: Any, lang: str) -> RenderableType:
    """The circle with target and gap (none once the game is over), the players with their
    points from the passes played out, the piles, and your hand."""
    words = in_lang(TERM, lang)
    over = view.game_over
    parts: list[RenderableType] = [Text(_heading(view, words), style="bold"), _circle(view)]
    parts.append(
        Text(words["piles"].format(draw=view.draw_pile_size, discard=len(view.discard_pile)))
    )
    parts.append(_players(view, words, lang))
    if view.seat is not None:
        parts.append(Text.assemble((words["your_hand"], "bold"), _cards(view.hand, view.chilis)))
        if view.my_card is not None:
            parts.append(Text(words["my_card"] + str(view.my_card)))
    stage = words["over"] if over else words["title"].format(n=view.pass_number, of=view.passes)
    return Panel(Group(*parts), title=f"{game.spec.name(lang)} · {stage}", title_align="left")


def _heading(view: Any, words: dict[str, str]) -> str:
    if view.game_over:
        return words["over"]
    low, high = view.gap
    return words["heading"].format(target=view.target, low=low, high=high)


def _circle(view: Any) -> Text:
    """The six circle cards; while the game goes on the target is boxed and its neighbours
    underlined."""
    circle = Text("  ")
    target = None if view.game_over else view.target_position
    neighbours = set() if target is None else {(target - 1) % 6, (target + 1) % 6}
    for position, card in enumerate(view.circle):
        if position == target:
            piece = Text.assemble("[", chili_card(card, view.chilis), "]", style="reverse")
        elif position in neighbours:
            piece = Text.assemble(chili_card(card, view.chilis), style="underline")
        else:
            piece = chili_card(card, view.chilis)
        circle.append_text(piece)
        circle.append("   ")
    return circle


def _players(view: Any, words: dict[str, str], lang: str) -> Table:
    """Each player's hand, won cards and their chilis, and points: those of the passes played
    out while the game goes on (the pass being played counts when it ends), every pass's and
    their sum once it is over."""
    players = Table(box=None, pad_edge=False)
    by_passes = view.game_over and len(view.pass_scores) > 1
    total = "col_by_pass" if by_passes else "col_sum" if view.game_over else "col_past"
    for column in ("col_player", "col_hand", "col_won", "col_chilis", total):
        players.add_column(words[column])
    players.add_column("")
    for seat in range(view.players):
        name = t(lang, "player", n=seat + 1) + (f" ({t(lang, 'you')})" if seat == view.seat else "")
        points = str(view.totals[seat])
        if by_passes:
            by_pass = ", ".join(str(scores[seat]) for scores in view.pass_scores)
            points = f"{by_pass} → {points}"
        players.add_row(
            name,
            str(view.hand_sizes[seat]),
            str(len(view.collections[seat])),
            str(chili_sum(view.collections[seat], view.chilis)),
            points,
            words["laid"] if view.committed[seat] else "",
        )
    return players
