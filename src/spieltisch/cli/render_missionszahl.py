"""Drawing a Missionszahl view in the terminal with Rich. It reads the view only and holds
no rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spieltisch.cli.i18n import t
from spieltisch.core.game import Game
from spieltisch.core.words import in_lang, section
from spieltisch.games.missionszahl.cards import COLOUR, NAME, SYMBOL, Symbol
from spieltisch.games.missionszahl.words import WORDS

#: How many mission cards a row of the table holds (the seed starts a new row after five).
MISSIONS_PER_ROW = 5

_STYLES = ("bold red", "bold green", "bold blue", "bold dark_orange")
_TAGS = {
    Symbol.PASS_CW: "↻",
    Symbol.NEW_MISSION: "✦",
    Symbol.EVENS_OUT: "⊘",
    Symbol.PLUS_MINUS_3: "±",
    Symbol.DRAW_AND_GIVE: "⇢",
}

_WORDS = section(WORDS, "board", "term")
_SYMBOL_WORDS = section(WORDS, "symbol")


def card_text(card: int, symbol: bool = True, symbols: Sequence[Symbol | None] = SYMBOL) -> Text:
    """A card as its name in its colour, with its symbol's mark (as ``symbols``, the game's
    symbol table, says)."""
    text = Text(NAME[card], style=_STYLES[COLOUR[card]])
    mark = symbols[card]
    if symbol and mark is not None:
        text.append(_TAGS[mark], style="bold")
    return text


def _cards(cards: tuple[int, ...], symbols: Sequence[Symbol | None]) -> Text:
    return Text(" ").join(card_text(card, True, symbols) for card in cards) if cards else Text("–")


def _missions(view: Any, lang: str, words: dict[str, str]) -> RenderableType:
    rows = []
    for start in range(0, len(view.missions), MISSIONS_PER_ROW):
        row = Text("  ")
        for index in range(start, min(start + MISSIONS_PER_ROW, len(view.missions))):
            owner = view.arrows[index]
            piece = Text.assemble(
                card_text(view.missions[index], symbol=False),
                f"→{owner + 1 if owner is not None else '–'}",
            )
            if index == len(view.missions) - 1 and not view.game_over:
                piece.stylize("reverse")
            row.append_text(piece)
            row.append("   ")
        rows.append(row)
    return Group(Text(words["missions"]), *rows)


def _players(view: Any, lang: str, words: dict[str, str]) -> Table:
    table = Table(box=None, pad_edge=False)
    for column in ("player", "hand", "played", "notes", "collection", "points"):
        table.add_column(words[f"col_{column}"])
    for seat in range(view.players):
        name = t(lang, "player", n=seat + 1) + (f" ({t(lang, 'you')})" if seat == view.seat else "")
        card = view.played[seat]
        played = card_text(card, True, view.setup.symbol) if card is not None else Text("")
        if view.committed[seat]:
            played = Text(words["laid"], style="dim")
        notes = [
            words[key]
            for key, flag in (
                ("pending", view.pending[seat]),
                ("out", view.out[seat]),
                ("winner", view.winner == seat),
            )
            if flag
        ]
        if seat in view.to_act and view.phase != "commit":
            notes.insert(0, "◀")
        table.add_row(
            name,
            str(view.hand_sizes[seat]),
            played,
            ", ".join(notes),
            str(len(view.collections[seat])),
            str(view.scores[seat]),
        )
    return table


def _situation(view: Any, lang: str, words: dict[str, str]) -> str:
    if view.game_over:
        return words["over"]
    actor = t(lang, "player", n=view.to_act[0] + 1) if view.to_act else ""
    return words[view.phase].format(player=actor)


def render_missionszahl(game: Game[Any, Any, Any], view: Any, lang: str) -> RenderableType:
    """The mission cards with their arrows, the mission number, the players, the draw pile
    and your hand."""
    words = in_lang(_WORDS, lang)
    if view.shift:
        number = words["shifted"].format(
            number=view.mission_number, shift=f"{view.shift:+d}", target=view.target
        )
    else:
        number = words["mission"].format(number=view.mission_number)
    pile = words["pile"].format(size=len(view.draw_pile))
    known = [
        f"{place + 1}:{NAME[card]}" for place, card in enumerate(view.draw_pile) if card is not None
    ]
    if known:
        pile += words["pile_known"].format(cards=", ".join(known))
    parts: list[RenderableType] = [
        _missions(view, lang, words),
        Text(number, style="bold"),
        _players(view, lang, words),
        Text(pile),
    ]
    if view.drawn is not None:
        parts.append(Text.assemble(words["drawn"], card_text(view.drawn, True, view.setup.symbol)))
    for seat, cards in enumerate(view.known_hands):
        if cards:
            player = t(lang, "player", n=seat + 1)
            parts.append(
                Text.assemble(
                    words["known"].format(player=player), _cards(cards, view.setup.symbol)
                )
            )
    if view.seat is not None:
        parts.append(Text.assemble((words["hand"], "bold"), _cards(view.hand, view.setup.symbol)))
        if view.my_card is not None:
            parts.append(
                Text.assemble(words["face_down"], card_text(view.my_card, True, view.setup.symbol))
            )
    parts.append(Text(_situation(view, lang, words), style="italic"))
    symbols = in_lang(_SYMBOL_WORDS, lang)
    legend = " · ".join(f"{tag} = {symbols[s.value]}" for s, tag in _TAGS.items())
    parts.append(Text(legend, style="dim"))
    round_text = words["round"].format(round=view.round, rounds=view.rounds)
    return Panel(Group(*parts), title=f"{game.spec.name(lang)} · {round_text}", title_align="left")
