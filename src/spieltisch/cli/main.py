"""The ``spieltisch`` command: list games, print rules, play, simulate, replay, serve.

Bad input (unknown game, wrong player count, bad option, malformed or illegal transcript)
is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
import textwrap
from collections.abc import Sequence
from contextlib import nullcontext
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.markdown import Markdown
from rich.progress import Progress
from rich.table import Table

from spieltisch import __version__
from spieltisch.bots import bot_specs_for, make_bot
from spieltisch.cli.console import make_console
from spieltisch.cli.help_texts import help_text
from spieltisch.cli.i18n import LANGS, default_lang, t
from spieltisch.cli.levels import level_specs
from spieltisch.cli.render import render
from spieltisch.cli.replay import KeySource, frames, print_all, step_through, terminal_keys
from spieltisch.cli.serve import add_parser as add_serve_parser
from spieltisch.cli.serve import cmd_serve
from spieltisch.cli.sim_commands import (
    add_run_arguments,
    add_tune_arguments,
    cmd_report,
    cmd_simulate,
    cmd_tune,
)
from spieltisch.cli.terminal import EventPrinter, Interrupted, Quit, TerminalPlayer
from spieltisch.core.chance import derive_seed
from spieltisch.core.errors import SeatCountError, SpieltischError, TranscriptError
from spieltisch.core.game import Event, Game
from spieltisch.core.match import Agent, new_transcript, play_match
from spieltisch.core.transcript import Transcript, replay
from spieltisch.games import REGISTRY, game_class, game_for, make_game
from spieltisch.sim.runner import default_workers
from spieltisch.sim.tournament import tournament

EXIT_USAGE = 2
#: The widest the rules are set: longer lines are hard to read.
RULES_WIDTH = 100


class UsageError(SpieltischError):
    """Bad command-line arguments."""


#: argparse's own refusals (Python's English wording), each with its error code.
_ARGPARSE_ERRORS = (
    ("usage_required", re.compile(r"the following arguments are required: (?P<names>.*)")),
    ("usage_unrecognized", re.compile(r"unrecognized arguments: (?P<names>.*)")),
    ("usage_int", re.compile(r"argument (?P<name>\S+): invalid int value: (?P<value>'.*')")),
    (
        "usage_choice",
        re.compile(
            r"argument (?P<name>\S+): invalid choice: (?P<value>'.*') "
            r"\(choose from (?P<choices>.*)\)"
        ),
    ),
    ("usage_one_value", re.compile(r"argument (?P<name>\S+): expected one argument")),
)


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        for code, pattern in _ARGPARSE_ERRORS:
            found = pattern.fullmatch(message)
            if found:
                raise UsageError(code=code, prog=self.prog, **found.groupdict())
        raise UsageError(f"{message} (see '{self.prog} --help')")


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Examples kept as written; help lines not broken inside a game id (magic-numbers)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The command's arguments, their help in ``lang`` (default: the environment's)."""
    lang = lang or default_lang()

    def h(key: str, **values: object) -> str:
        return help_text(lang, key, **values)

    games = ", ".join(REGISTRY)
    parser = _Parser(
        prog="spieltisch",
        description=textwrap.fill(h("description"), 78),
        epilog=h("epilog", games=games),
        formatter_class=_HelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"spieltisch {__version__}", help=h("version")
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str) -> argparse.ArgumentParser:
        examples = "\n".join("  " + line for line in h(f"ex.{name}").splitlines())
        made: argparse.ArgumentParser = sub.add_parser(
            name,
            help=h(f"cmd.{name}"),
            description=h(f"cmd.{name}")[0].upper() + h(f"cmd.{name}")[1:] + ".",
            epilog=f"{h('examples')}:\n{examples}",
            formatter_class=_HelpFormatter,
        )
        return made

    command("games")

    rules = command("rules")
    rules.add_argument("game", help=h("game", games=games))
    rules.add_argument("--lang", choices=LANGS, default=None, help=h("lang"))

    play = command("play")
    play.add_argument("game", nargs="?", help=h("game.play", games=games))
    play.add_argument("--players", type=int, help=h("play.players"))
    play.add_argument("--seat", type=int, default=1, help=h("play.seat"))
    play.add_argument("--bots", default="random", help=h("bots", default="random"))
    play.add_argument("--seed", type=int, help=h("play.seed"))
    play.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help=h("option")
    )
    play.add_argument("--deck", metavar="FILE", help=h("deck"))
    play.add_argument("--lang", choices=LANGS, default=None, help=h("lang"))
    play.add_argument("--save", type=Path, metavar="FILE", help=h("play.save"))
    play.add_argument("--resume", type=Path, metavar="FILE", help=h("play.resume"))

    sim = command("simulate")
    add_run_arguments(sim, h)
    sim.add_argument("--transcripts", type=Path, metavar="DIR", help=h("sim.transcripts"))
    sim.add_argument("--json", action="store_true", help=h("json"))

    report = command("report")
    add_run_arguments(report, h)
    report.add_argument("--out", type=Path, required=True, metavar="DIR", help=h("report.out"))

    add_tune_arguments(command("tune"), h)

    tour = command("tournament")
    tour.add_argument("game", help=h("game", games=games))
    tour.add_argument("--bots", required=True, help=h("tour.bots"))
    tour.add_argument("--players", type=int, required=True, help=h("players.required"))
    tour.add_argument("--games", type=int, required=True, help=h("tour.games"))
    tour.add_argument("--seed", type=int, default=0, help=h("seed", default=0))
    tour.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help=h("option")
    )
    tour.add_argument("--workers", type=int, help=h("workers"))
    tour.add_argument("--transcripts", type=Path, metavar="DIR", help=h("tour.transcripts"))
    tour.add_argument("--json", action="store_true", help=h("json"))
    tour.add_argument("--lang", choices=LANGS, default=None, help=h("lang.errors"))

    rep = command("replay")
    rep.add_argument("file", type=Path, help=h("replay.file"))
    rep.add_argument("--all", action="store_true", help=h("replay.all"))
    rep.add_argument("--seat", type=int, metavar="N", help=h("replay.seat"))
    rep.add_argument("--verify", action="store_true", help=h("replay.verify"))
    rep.add_argument("--lang", choices=LANGS, default=None, help=h("lang.errors"))

    add_serve_parser(command("serve"), h)
    return parser


def help_lang(argv: Sequence[str]) -> str | None:
    """The language a ``--lang`` in ``argv`` asks for, so that ``--help`` speaks it too."""
    for i, arg in enumerate(argv):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        if value in LANGS:
            return value
    return None


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``KEY=VALUE`` pairs; the game validates the values."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(code="option_syntax", pair=pair)
        options[key.strip()] = value.strip()
    return options


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """The ``--option`` pairs, with ``--deck FILE`` standing for ``deck=FILE``."""
    options = parse_options(args.option)
    if args.deck is not None:
        options["deck"] = args.deck
    return options


def cmd_games(args: argparse.Namespace, out: Console) -> int:
    table = Table("id", "name", "players", "rules version")
    for game_id, cls in REGISTRY.items():
        spec = cls.spec
        names = dict.fromkeys((spec.name_de, spec.name_en))  # each distinct name once
        seats = f"{spec.min_seats}–{spec.max_seats}"
        table.add_row(game_id, " / ".join(names), seats, spec.rules_version)
    out.print(table)
    return 0


def rules_text(game_id: str, lang: str) -> str:
    """The rules of ``game_id`` in ``lang``, from the packaged rules document."""
    game_class(game_id)
    text = resources.files("spieltisch.rules").joinpath(f"{game_id}.md").read_text("utf-8")
    marker = "<!-- lang: en -->"
    german, _, english = text.partition(marker)
    return (german if lang == "de" else english).strip()


def cmd_rules(args: argparse.Namespace, out: Console) -> int:
    text = rules_text(args.game, args.lang or default_lang())
    out.print(Markdown(text), width=min(out.width, RULES_WIDTH))
    return 0


def default_players(game: Game[Any, Any, Any]) -> int:
    spec = game.spec
    return min(max(4, spec.min_seats), spec.max_seats)


def cmd_play(args: argparse.Namespace, out: Console) -> int:
    if args.resume is not None:
        _check_resume_flags(args, args.lang or default_lang())
        transcript: Transcript | None = Transcript.load(args.resume)
        assert transcript is not None
        lang = args.lang or transcript.lang or default_lang()
        game, players, seed, seat, bot_names = _resumed(args, transcript)
    else:
        lang = args.lang or default_lang()
        if args.game is None:
            raise UsageError(t(lang, "no_game", games=", ".join(REGISTRY)))
        game = make_game(args.game, game_options(args))
        players = args.players if args.players is not None else default_players(game)
        game.spec.check_seats(players)
        seed = args.seed if args.seed is not None else secrets.randbits(32)
        seat = args.seat - 1
        bot_names = level_specs(args.bots.split(","), game.spec.id)
        transcript = None
    if not 0 <= seat < players:
        raise SeatCountError(t(lang, "bad_seat", players=players, seat=seat + 1))
    specs = iter(bot_specs_for(bot_names, players - 1))
    agents: list[Agent] = []
    for s in range(players):
        if s == seat:
            agents.append(TerminalPlayer(game, s, out, lang))
        else:
            agents.append(make_bot(next(specs), game, derive_seed(seed, "bot", s)))
    resumed = transcript is not None and bool(transcript.actions)
    if transcript is None:
        transcript = new_transcript(game, players, seed, agents=agents)
    transcript.lang = lang
    path = (
        args.save or args.resume or Path("spieltisch-transcripts") / f"{game.spec.id}-{seed}.json"
    )
    transcript.save(path)  # fails now, not after the game, if the place is not writable
    printer = EventPrinter(game, seat, out, lang)
    opening = [resumed]  # a resumed game shows the board as it stands, not its opening

    def show_and_save(events: list[Event]) -> None:
        if opening[0]:
            opening[0] = False
        else:
            printer(events)
        transcript.save(path)  # after every action: a crash loses nothing

    if resumed:
        out.print(t(lang, "resumed", steps=len(transcript.actions)))
    else:
        out.print(t(lang, "seed", seed=seed))
    try:
        match = play_match(game, agents, seed, observer=show_and_save, transcript=transcript)
    except (Quit, KeyboardInterrupt) as stop:
        if isinstance(stop, KeyboardInterrupt):
            out.print()  # the ^C the terminal echoed keeps its own line
        transcript.save(path)
        out.print(t(lang, "aborted"), t(lang, "saved", path=path), soft_wrap=True)
        out.print(t(lang, "resume", path=path), soft_wrap=True)
        return 130 if isinstance(stop, (Interrupted, KeyboardInterrupt)) else 0
    transcript.save(path)
    out.print(render(game, game.view(match.state, seat), lang))
    print_result(out, match.transcript, lang, seat)
    out.print(t(lang, "saved", path=path), soft_wrap=True)
    return 0


def _check_resume_flags(args: argparse.Namespace, lang: str) -> None:
    """Refuse the settings that a saved game decides itself."""
    given = [
        flag
        for flag, value in (
            (t(lang, "the_game"), args.game),
            ("--players", args.players),
            ("--seed", args.seed),
            ("--option", args.option),
            ("--deck", args.deck),
        )
        if value
    ]
    if given:
        raise UsageError(t(lang, "resume_given", given=", ".join(given)))


def _resumed(
    args: argparse.Namespace, transcript: Transcript
) -> tuple[Game[Any, Any, Any], int, int, int, list[str]]:
    """The game, players, seed, the person's seat and the bots of a saved game."""
    game = game_for(transcript)
    names = transcript.agents or []
    seat = names.index("human") if "human" in names else args.seat - 1
    bot_names = [n for i, n in enumerate(names) if i != seat] or [args.bots]
    return game, transcript.players, transcript.seed, seat, bot_names


def print_result(out: Console, transcript: Transcript, lang: str, you: int | None = None) -> None:
    result = transcript.result
    if result is None:
        out.print(t(lang, "unfinished"))
        return
    table = Table(t(lang, "place"), "", t(lang, "score"), title=t(lang, "result"))
    for seat in sorted(range(transcript.players), key=lambda s: result.ranking[s]):
        name = t(lang, "player", n=seat + 1) + (f" ({t(lang, 'you')})" if seat == you else "")
        table.add_row(str(result.ranking[seat]), name, f"{result.scores[seat]:g}")
    out.print(table)


def cmd_tournament(args: argparse.Namespace, out: Console, err: Console) -> int:
    game = make_game(args.game, parse_options(args.option))
    show_progress = err.is_terminal and not args.json
    with Progress(console=err, disable=not show_progress, transient=True) as progress:
        task = progress.add_task(game.spec.id, total=args.games)
        summary = tournament(
            game,
            args.players,
            args.games,
            args.seed,
            level_specs(args.bots.split(","), game.spec.id),
            progress=lambda done: progress.update(task, completed=done),
            workers=default_workers() if args.workers is None else args.workers,
            transcripts=args.transcripts,
        )
    if args.json:
        print(json.dumps(summary))
        return 0
    lang = args.lang or default_lang()
    title = t(
        lang,
        "sim_title",
        game=game.spec.id,
        rule="",
        games=args.games,
        players=args.players,
        seed=args.seed,
    )
    columns = ("col_bot", "col_seats", "col_share", "col_ci", "col_score", "col_rating")
    table = Table(*(t(lang, column) for column in columns), title=title)
    for bot in summary["bots"]:
        low, high = bot["win_share_ci95"]
        rating = bot["rating"]
        table.add_row(
            bot["bot"],
            str(bot["seats_played"]),
            f"{bot['win_share']:.3f}",
            f"{low:.3f}–{high:.3f}",
            f"{bot['mean_score']:.2f}",
            f"{rating['mu']:.1f} ± {rating['sigma']:.1f}",
        )
    out.print(table)
    share, seconds = 1 / args.players, summary["timing"]["seconds"]
    out.print(t(lang, "fair_share", share=share, seconds=seconds))
    return 0


def cmd_replay(args: argparse.Namespace, out: Console, keys: KeySource | None = None) -> int:
    """Verify a saved game, print it, or step through it on key presses (``keys``: where
    the presses come from; the terminal's keyboard by default)."""
    lang = args.lang or default_lang()
    transcript = Transcript.load(args.file)
    game = game_for(transcript)
    if args.verify:
        state = replay(game, transcript, verify=True)
        if transcript.result is None or not game.is_terminal(state):
            raise TranscriptError(code="transcript_no_result")
        out.print(t(lang, "verified", steps=len(transcript.actions)))
        return 0
    viewer = None if args.seat is None else args.seat - 1
    if viewer is not None and not 0 <= viewer < transcript.players:
        raise UsageError(t(lang, "seat_range", players=transcript.players, seat=args.seat))
    shown = frames(game, transcript, viewer, lang)
    interactive = keys is not None or (sys.stdin.isatty() and out.is_terminal)
    if args.all or not interactive:
        print_all(out, game, shown, viewer, lang)
    else:
        with nullcontext(keys) if keys is not None else terminal_keys() as pressed:
            if not step_through(out, game, shown, viewer, lang, pressed):
                return 0
    print_result(out, transcript, lang, viewer)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    out = make_console()
    err = make_console(stderr=True)
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser(help_lang(arguments)).parse_args(arguments)
        args.argv = list(sys.argv[1:] if argv is None else argv)
        if args.command == "games":
            return cmd_games(args, out)
        if args.command == "rules":
            return cmd_rules(args, out)
        if args.command == "play":
            return cmd_play(args, out)
        if args.command == "simulate":
            return cmd_simulate(args, game_options(args), out, err)
        if args.command == "report":
            return cmd_report(args, game_options(args), out, err)
        if args.command == "tune":
            return cmd_tune(args, game_options(args), out, err)
        if args.command == "tournament":
            return cmd_tournament(args, out, err)
        if args.command == "serve":
            return cmd_serve(args)
        return cmd_replay(args, out)
    except SpieltischError as error:
        lang = help_lang(arguments) or default_lang()
        print(t(lang, "error", message=error.text(lang)), file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        print(f"spieltisch: error: {error.strerror or error}: {error.filename}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("spieltisch: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
