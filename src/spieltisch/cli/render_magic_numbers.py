"""Drawing a Magic Numbers view in the terminal with Rich. It reads the view only and holds
no rules."""

from __future__ import annotations

from typing import Any

from rich.color import Color, ColorParseError
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spieltisch.cli.i18n import t
from spieltisch.core.game import Game
from spieltisch.core.words import in_lang, section
from spieltisch.games.magic_numbers.words import WORDS

#: Deck colours that Rich names differently.
_RICH_COLOURS = {
    "brown": "dark_orange3",
    "orange": "orange1",
    "purple": "magenta",
    "grey": "grey62",
}

_WORDS = section(WORDS, "board", "term")


def _style(colour: str) -> str:
    name = _RICH_COLOURS.get(colour, colour)
    try:
        Color.parse(name)
    except ColorParseError:
        return "bold"
    return f"bold {name}"


def _deck_text(lang: str, de: str, en: str) -> str:
    """The deck's own text (a theme, a hint, a meaning) in ``lang``, from its German and
    English fields."""
    return in_lang({"de": de, "en": en}, lang)


def _theme(view: Any, theme_id: str) -> Any:
    return next(theme for theme in view.themes if theme.id == theme_id)


def _face(view: Any, face: Any, lang: str) -> Text:
    theme = _theme(view, face.theme)
    return Text.assemble(
        (face.number, _style(theme.colour)), f" ({_deck_text(lang, theme.de, theme.en)})"
    )


def _player(seat: int, view: Any, lang: str) -> str:
    return t(lang, "player", n=seat + 1) + (f" ({t(lang, 'you')})" if seat == view.seat else "")


def _display(view: Any, lang: str, words: dict[str, str]) -> RenderableType:
    if all(face is None for face in view.display):
        return Text(f"{words['display']}: –", style="bold")
    table = Table(box=None, pad_edge=False)
    table.add_column("")
    table.add_column("")
    table.add_column("")
    for position, face in enumerate(view.display):
        if face is None:
            continue
        chips = Text(" ").join(
            Text(f"{seat + 1}:{'■' if chip is None else chip}")
            for seat, chip in view.bids[position]
        )
        marker = "▶ " if position == view.position else "  "
        table.add_row(f"{marker}{words['card']} {position + 1}", _face(view, face, lang), chips)
    return Group(Text(words["display"], style="bold"), table)


def _players(view: Any, lang: str, words: dict[str, str]) -> Table:
    table = Table(box=None, pad_edge=False)
    for column in ("player", "points", "chips", "cards"):
        table.add_column(words[column])
    table.add_column("")
    for seat in range(view.players):
        notes = []
        if seat == view.start_player:
            notes.append(words["start"])
        if seat == view.quizmaster:
            notes.append(words["quizmaster"])
        if seat in view.to_act:
            notes.insert(0, "◀")
        table.add_row(
            _player(seat, view, lang),
            f"{view.points[seat]} (+{view.bonus[seat]})"
            if view.bonus[seat]
            else str(view.points[seat]),
            str(view.chips_left[seat]),
            str(len(view.collections[seat])),
            ", ".join(notes),
        )
    return table


def _solving(view: Any, lang: str, words: dict[str, str]) -> list[RenderableType]:
    if view.position is None:
        return []
    face = view.display[view.position]
    theme = _theme(view, face.theme)
    order = ", ".join(str(seat + 1) for seat in view.order)
    lines: list[RenderableType] = [
        Text(
            words["solving"].format(
                position=view.position + 1,
                number=face.number,
                theme=_deck_text(lang, theme.de, theme.en),
                order=order,
            ),
            style="bold",
        )
    ]
    for kind, de, en in view.hint_texts:
        lines.append(Text(words["hint"].format(kind=words[kind], text=_deck_text(lang, de, en))))
    if view.choices:
        lines += _choices(view, face.number, lang, words)
    elif view.answers:
        given = "; ".join(f"{seat + 1}: „{text}“" for seat, text in view.answers)
        lines.append(Text(words["wrong"].format(answers=given)))
    if view.pending is not None:
        player = _player(view.order[view.answerer], view, lang)
        lines.append(Text(words["pending"].format(player=player, text=view.pending)))
    if view.quiz is not None:
        quiz = view.quiz
        meaning = _deck_text(lang, quiz.meaning_de, quiz.meaning_en)
        accepted = " · ".join((*quiz.answers_de, *quiz.answers_en))
        lines.append(Text(words["quiz"].format(meaning=meaning), style="italic magenta"))
        lines.append(Text(words["accepted"].format(answers=accepted), style="magenta"))
        if view.judge_says is not None:
            verdict = words["right"] if view.judge_says else words["wrong_word"]
            lines.append(Text(words["judge_says"].format(verdict=verdict), style="magenta"))
    return lines


def _choices(view: Any, number: str, lang: str, words: dict[str, str]) -> list[RenderableType]:
    """The meanings offered (``answers=choice``), numbered as they are typed; a choice
    found wrong is struck through, with who chose it."""
    lines: list[RenderableType] = [Text(words["choices"].format(number=number))]
    for index, (de, en) in enumerate(view.choices, 1):
        chosen_by = [str(seat + 1) for seat, text in view.answers if text == str(index)]
        line = Text(f"  {index}) ", style="bold")
        if chosen_by:
            line.append(_deck_text(lang, de, en), style="dim strike")
            line.append(f"  ✗ {', '.join(chosen_by)}", style="red")
        else:
            line.append(_deck_text(lang, de, en))
        lines.append(line)
    return lines


def _finished(view: Any, lang: str, words: dict[str, str]) -> list[RenderableType]:
    lines: list[RenderableType] = []

    def cards(opened: Any) -> str:
        return "; ".join(
            f"{card.number} {_deck_text(lang, card.meaning_de, card.meaning_en)}" for card in opened
        )

    for seat, opened in enumerate(view.collections):
        if opened:
            player = _player(seat, view, lang)
            lines.append(Text(words["collected"].format(player=player, cards=cards(opened))))
    if view.unsolved:
        lines.append(Text(words["unsolved"].format(cards=cards(view.unsolved)), style="dim"))
    return lines


def _situation(view: Any, lang: str, words: dict[str, str]) -> str:
    if view.game_over:
        return words["over"]
    player = _player(view.to_act[0], view, lang)
    key = {"bid": "bid", "answer": "answer", "hint": "hint_choice", "confirm": "confirm"}
    if view.phase == "answer" and view.choices:
        return words["choose"].format(player=player, n=len(view.choices))
    return words[key[view.phase]].format(player=player)


def render_magic_numbers(game: Game[Any, Any, Any], view: Any, lang: str) -> RenderableType:
    """The display with its chips, the draw pile, the players, the card being solved with
    its hints and answers, the collected cards, and what to type now."""
    words = in_lang(_WORDS, lang)
    if view.draw_pile_top is not None:
        top = _face(view, view.draw_pile_top, lang)
        pile = Text.assemble(words["pile"].format(size=view.draw_pile_size, top=""), top)
    else:
        pile = Text(words["pile_empty"])
    pile.append(" · " + words["box"].format(size=view.box_size), style="dim")
    parts: list[RenderableType] = [_display(view, lang, words), pile, _players(view, lang, words)]
    parts += _solving(view, lang, words)
    if view.seat is not None and view.phase == "bid":
        chips = ", ".join(map(str, view.my_chips)) or "–"
        parts.append(Text(words["mine"].format(chips=chips), style="bold"))
    parts += _finished(view, lang, words)
    parts.append(Text(_situation(view, lang, words), style="italic"))
    judge = words["judge_" + view.judge]
    title = (
        f"{game.spec.name(lang)} · {words['round'].format(round=view.round, rounds=view.rounds)}"
    )
    return Panel(Group(*parts), title=f"{title} · {judge}", title_align="left")
