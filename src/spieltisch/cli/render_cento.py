"""Drawing a Cento view in the terminal with Rich. It reads the view only and holds no rules."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spieltisch.cli.i18n import t
from spieltisch.core.game import Game
from spieltisch.core.words import in_lang, section
from spieltisch.games.cento.cards import (
    FREE,
    HUNDRED,
    digit_sum,
    is_mono,
    is_repdigit,
    ones_digit,
    tens_digit,
)
from spieltisch.games.cento.words import WORDS

_WORDS = section(WORDS, "board", "term")


def card_text(card: int, lang: str) -> Text:
    """A card as its number; Monozahlen, Schnapszahlen, the 100 and free cards stand out."""
    if card == FREE:
        return Text(in_lang(_WORDS, lang)["free"], style="bold green")
    style = "bold"
    if is_mono(card):
        style = "bold cyan"
    elif is_repdigit(card):
        style = "bold magenta"
    elif card == HUNDRED:
        style = "bold yellow"
    return Text(str(card), style=style)


def _row(cards: tuple[int, ...], lang: str, sep: str = "  ") -> Text:
    return Text(sep).join(card_text(card, lang) for card in cards) if cards else Text("–")


def _open_card(view: Any, words: dict[str, str], lang: str) -> Text:
    value = view.open_value
    line = Text(words["open"], style="bold")
    if view.open_card == FREE:
        line.append(words["free_as"].format(value=value), style="bold green")
    else:
        line.append_text(card_text(value, lang))
    if value == HUNDRED and view.hundred_mode == "wild":
        line.append(f"   ({words['wild']})")
    else:
        tens = tens_digit(value)
        helper = words["digits"].format(
            ones=ones_digit(value),
            tens=words["no_tens"] if tens is None else tens,
            sum=digit_sum(value),
        )
        line.append(f"   ({helper})", style="dim")
    return line


def _status(view: Any, words: dict[str, str], lang: str) -> list[RenderableType]:
    parts: list[RenderableType] = []
    if view.turn_values:
        parts.append(Text(words["this_turn"]).append_text(_row(view.turn_values, lang, " » ")))
    player = t(lang, "player", n=view.to_move + 1)
    if view.game_over:
        key = "winner" if view.winner is not None else "exhausted"
        winner = t(lang, "player", n=(view.winner or 0) + 1)
        parts.append(Text(words[key].format(player=winner), style="bold"))
    elif view.phase == "obliged":
        parts.append(Text(words["obliged"].format(player=player), style="yellow"))
    elif view.phase == "run":
        parts.append(Text(words["run"].format(digit=view.run_digit), style="magenta"))
    if view.drawn is not None:
        parts.append(Text(words["drawn"]).append_text(card_text(view.drawn, lang)))
    return parts


def _players(view: Any, words: dict[str, str], lang: str) -> Table:
    table = Table(box=None, pad_edge=False)
    table.add_column(t(lang, "player", n="").strip())
    table.add_column(words["cards"], justify="right")
    table.add_column("")
    for seat in range(view.players):
        name = t(lang, "player", n=seat + 1) + (f" ({t(lang, 'you')})" if seat == view.seat else "")
        mark = words["to_move"] if seat == view.to_move and not view.game_over else ""
        table.add_row(name, str(view.hand_sizes[seat]), mark)
    return table


def render_cento(game: Game[Any, Any, Any], view: Any, lang: str) -> RenderableType:
    """The open card with its digits, this turn's chain, any obligation or Schnapszahl run,
    the piles, the players' card counts and your hand."""
    words = in_lang(_WORDS, lang)
    piles = words["piles"].format(
        draw=view.draw_pile_size,
        discard=len(view.discard_pile),
        done=view.rebuilds,
        left=view.rebuilds_left,
    )
    parts: list[RenderableType] = [
        _open_card(view, words, lang),
        *_status(view, words, lang),
        Text(piles),
        *(
            [Text(words["bottom"]).append_text(_row(view.pile_bottom, lang))]
            if view.pile_bottom
            else []
        ),
        _players(view, words, lang),
    ]
    if view.seat is not None:
        parts.append(Text(words["hand"], style="bold").append_text(_row(view.hand, lang)))
    title = f"{game.spec.name(lang)} · {words['variant'].format(n=view.variant)}"
    return Panel(Group(*parts), title=title, title_align="left")
