"""The ``spieltisch`` command: list games, print rules, play, simulate, replay, serve.

Bad input (unknown game, wrong player count, bad option, malformed or illegal transcript)
is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.markdown import Markdown
from rich.progress import Progress
from rich.table import Table

from spieltisch import __version__
from spieltisch.bots import bot_specs_for, make_bot
from spieltisch.cli.i18n import LANGS, default_lang, t
from spieltisch.cli.render import render
from spieltisch.cli.serve import add_parser as add_serve_parser
from spieltisch.cli.serve import cmd_serve
from spieltisch.cli.sim_commands import add_run_arguments, cmd_report, cmd_simulate
from spieltisch.cli.terminal import EventPrinter, Interrupted, Quit, TerminalPlayer
from spieltisch.core.chance import derive_seed
from spieltisch.core.errors import SeatCountError, SpieltischError
from spieltisch.core.game import Event, Game
from spieltisch.core.match import Agent, new_transcript, play_match
from spieltisch.core.transcript import Transcript, check_result, replay, replay_steps
from spieltisch.games import REGISTRY, game_class, game_for, make_game
from spieltisch.sim.runner import default_workers
from spieltisch.sim.tournament import tournament

EXIT_USAGE = 2


class UsageError(SpieltischError):
    """Bad command-line arguments."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="spieltisch", description="A digital table for German number card games.")
    parser.add_argument("--version", action="version", version=f"spieltisch {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sub.add_parser("games", help="list the games and their player counts")

    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game")
    rules.add_argument("--lang", choices=LANGS, default=None)

    play = sub.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("game", nargs="?")
    play.add_argument("--players", type=int, help="number of players (default: 4 if allowed)")
    play.add_argument("--seat", type=int, default=1, help="your seat, 1 to the number of players")
    play.add_argument("--bots", default="random", help="bot spec for all other seats, or one each")
    play.add_argument("--seed", type=int, help="shuffle seed (default: a random one)")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--deck", metavar="FILE", help="your own card deck (--option deck=FILE)")
    play.add_argument("--lang", choices=LANGS, default=None)
    play.add_argument("--save", type=Path, help="where to save the transcript")
    play.add_argument("--resume", type=Path, metavar="FILE", help="continue a saved game")

    sim = sub.add_parser("simulate", help="play many games between bots and summarise them")
    add_run_arguments(sim)
    sim.add_argument("--transcripts", type=Path, metavar="DIR")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    report = sub.add_parser("report", help="simulate and write an HTML report with plots")
    add_run_arguments(report)
    report.add_argument("--out", type=Path, required=True, metavar="DIR")

    tour = sub.add_parser("tournament", help="bots against each other, seats rotated, rated")
    tour.add_argument("game")
    tour.add_argument("--bots", required=True, help="one bot spec per seat, comma-separated")
    tour.add_argument("--players", type=int, required=True)
    tour.add_argument("--games", type=int, required=True, help="a multiple of --players")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    tour.add_argument(
        "--workers",
        type=int,
        help="processes to play in (default: every core; 1: this one); the results are the same",
    )
    tour.add_argument(
        "--transcripts", type=Path, metavar="DIR", help="save every game, replayable, in DIR"
    )
    tour.add_argument("--json", action="store_true", help="print one JSON object")

    rep = sub.add_parser("replay", help="show or verify a saved game")
    rep.add_argument("file", type=Path)
    rep.add_argument("--verify", action="store_true", help="only check legality and the result")
    rep.add_argument("--lang", choices=LANGS, default=None)

    add_serve_parser(sub)
    return parser


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``KEY=VALUE`` pairs; the game validates the values."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--option takes KEY=VALUE, got {pair!r}")
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
    out.print(Markdown(text) if out.is_terminal else text)
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
        bot_names = args.bots.split(",")
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
            args.bots.split(","),
            progress=lambda done: progress.update(task, completed=done),
            workers=default_workers() if args.workers is None else args.workers,
            transcripts=args.transcripts,
        )
    if args.json:
        print(json.dumps(summary))
        return 0
    title = f"{game.spec.id}: {args.games} games, {args.players} players, seed {args.seed}"
    table = Table("bot", "seats", "win share", "95% CI", "mean score", "rating", title=title)
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
    out.print(f"fair share: {1 / args.players:.3f} · {summary['timing']['seconds']} s")
    return 0


def cmd_replay(args: argparse.Namespace, out: Console) -> int:
    lang = args.lang or default_lang()
    transcript = Transcript.load(args.file)
    game = game_for(transcript)
    if args.verify:
        state = replay(game, transcript, verify=True)
        if transcript.result is None or not game.is_terminal(state):
            raise SpieltischError("the transcript does not record a finished game")
        out.print(t(lang, "verified", steps=len(transcript.actions)))
        return 0
    state = None
    for step, seat, action, events, after in replay_steps(game, transcript):
        state = after
        if seat is not None:
            player = t(lang, "player", n=seat + 1)
            out.print(f"[bold]{t(lang, 'step', step=step)}[/bold] · {player}: {action}")
        for event in events:
            out.print("  " + game.describe(event, lang), highlight=False)
    check_result(game, state, transcript)
    out.print(render(game, game.view(state, None), lang))
    print_result(out, transcript, lang)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    out = Console()
    err = Console(stderr=True)
    try:
        args = build_parser().parse_args(argv)
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
        if args.command == "tournament":
            return cmd_tournament(args, out, err)
        if args.command == "serve":
            return cmd_serve(args)
        return cmd_replay(args, out)
    except SpieltischError as error:
        print(f"spieltisch: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        print(f"spieltisch: error: {error.strerror or error}: {error.filename}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("spieltisch: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
