"""The ``simulate`` and ``report`` commands: many games between bots, for game designers."""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from spieltisch.bots import bot_specs_for
from spieltisch.cli.i18n import LANGS, WORDS, default_lang, t
from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import JSON, Game
from spieltisch.games import REGISTRY, make_game
from spieltisch.sim.metrics import label
from spieltisch.sim.report import favoured_seats, p_text
from spieltisch.sim.runner import default_workers, simulate


class SimUsageError(SpieltischError):
    """Bad arguments to ``simulate`` or ``report``."""


def add_run_arguments(parser: argparse.ArgumentParser, h: Callable[..., str]) -> None:
    """The arguments ``simulate`` and ``report`` share: what to play and where; ``h`` gives
    the help text of a key (:mod:`spieltisch.cli.help_texts`)."""
    parser.add_argument("game", help=h("game", games=", ".join(REGISTRY)))
    parser.add_argument("--players", type=int, required=True, help=h("players.required"))
    parser.add_argument("--games", type=int, required=True, help=h("games.count"))
    parser.add_argument("--seed", type=int, default=0, help=h("seed", default=0))
    parser.add_argument("--bots", default="random", help=h("sim.bots"))
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help=h("option")
    )
    parser.add_argument("--deck", metavar="FILE", help=h("deck"))
    parser.add_argument("--compare", metavar="KEY=V1,V2,...", help=h("sim.compare"))
    parser.add_argument("--workers", type=int, help=h("workers"))
    parser.add_argument("--ray", nargs="?", const="", metavar="ADDRESS", help=h("sim.ray"))
    parser.add_argument("--lang", choices=LANGS, default=None, help=h("lang.errors"))
    parser.add_argument("--skill", type=int, metavar="N", help=h("sim.skill"))
    parser.add_argument("--skill-bot", metavar="SPEC", help=h("sim.skill_bot"))


def parse_compare(text: str | None) -> tuple[str, list[str]] | None:
    """``KEY=V1,V2,...`` as the key and its values."""
    if text is None:
        return None
    key, sep, rest = text.partition("=")
    values = [value.strip() for value in rest.split(",")]
    if not sep or not key.strip() or len(values) < 2 or not all(values):
        raise SimUsageError(code="sim_compare_syntax", text=text)
    return key.strip(), values


def run_simulation(
    args: argparse.Namespace,
    options: dict[str, str],
    err: Console,
    quiet: bool,
    transcripts: Path | None = None,
) -> tuple[Game[Any, Any, Any], list[str], dict[str, JSON]]:
    """Check the arguments, play the games with a progress bar, return the summary."""
    game = make_game(args.game, options)
    game.spec.check_seats(args.players)
    if args.games < 1:
        raise SimUsageError(code="sim_games", games=args.games)
    workers = default_workers() if args.workers is None else args.workers
    if workers < 1:
        raise SimUsageError(code="sim_workers", workers=workers)
    skill, skill_bot = getattr(args, "skill", None), getattr(args, "skill_bot", None)
    if skill is not None and skill < 1:
        raise SimUsageError(code="sim_skill", games=skill)
    if skill_bot is not None:
        bot_specs_for([skill_bot], args.players)
    compare = parse_compare(args.compare)
    if compare is not None and compare[0] in options:
        raise SimUsageError(code="sim_compare_twice", key=compare[0])
    bots = bot_specs_for(args.bots.split(","), args.players)
    total = args.games * (len(compare[1]) if compare else 1)
    with Progress(console=err, disable=quiet or not err.is_terminal, transient=True) as progress:
        task = progress.add_task(game.spec.id, total=total)
        scale = total // args.games

        def update(done: int) -> None:
            progress.update(task, completed=done * scale)

        summary = simulate(
            game,
            args.players,
            args.games,
            args.seed,
            bots,
            transcripts,
            progress=update,
            workers=workers,
            ray_address=args.ray,
            compare=compare,
            skill=skill,
            skill_bot=skill_bot,
        )
    return game, bots, summary


def cmd_simulate(
    args: argparse.Namespace, options: dict[str, str], out: Console, err: Console
) -> int:
    _, bots, summary = run_simulation(args, options, err, args.json, args.transcripts)
    if args.json:
        print(json.dumps(summary))
        return 0
    lang = args.lang or default_lang()
    for variant in summary.get("variants", [summary]):
        print_summary(out, variant, bots, summary.get("compare"), lang)
    for difference in summary.get("differences", []):
        key, unit = summary["compare"]["key"], summary["length_unit"]
        print_difference(out, key, difference, unit, lang)
    out.print(t(lang, "sim_rate", rate=summary["timing"]["games_per_second"]))
    return 0


def print_summary(
    out: Console,
    summary: dict[str, Any],
    bots: list[str],
    compare: dict[str, Any] | None,
    lang: str = "en",
) -> None:
    rule = f", {compare['key']}={summary['value']}" if compare else ""
    title = t(
        lang,
        "sim_title",
        game=summary["game"],
        rule=rule,
        games=summary["games"],
        players=summary["players"],
        seed=summary["seed"],
    )
    columns = ("col_seat", "col_bot", "col_wins", "col_share", "col_ci", "col_score")
    table = Table(*(t(lang, column) for column in columns), title=title)
    for seat in range(summary["players"]):
        low, high = summary["win_share_ci95"][seat]
        table.add_row(
            str(seat + 1),
            bots[seat],
            str(summary["wins"][seat]),
            f"{summary['win_share'][seat]:.3f}",
            f"{low:.3f}–{high:.3f}",
            f"{summary['mean_scores'][seat]:.2f}",
        )
    out.print(table)
    for line in summary_lines(summary, lang):
        out.print(line, highlight=False)


def unit_word(lang: str, unit: str | None) -> str:
    """The name of a game's unit of length (rounds, turns; actions without one)."""
    return t(lang, f"unit_{unit or 'actions'}")


def balance_verdict(summary: dict[str, Any], lang: str) -> str:
    """In words: which seats win more or less than the fair share, at 5 % (the report's test)."""
    found = [
        t(
            lang,
            "balance_more" if more else "balance_less",
            seat=seat + 1,
            share=share,
            fair=summary["fair_share"],
            p=p_text(p),
        )
        for seat, more, share, p in favoured_seats(summary)
    ]
    if not found:
        return t(lang, "balance_none")
    return t(lang, "balance_found", found="; ".join(found))


def summary_lines(summary: dict[str, Any], lang: str = "en") -> list[str]:
    """What a designer reads under the table: the rules played, whether a seat is favoured
    (the report's test), why the wins may add up to more than the games, how long a game is."""
    options = ", ".join(f"{key}={value}" for key, value in summary["options"].items())
    lines = [
        t(lang, "sim_options", options=options or t(lang, "sim_no_options")),
        t(lang, "sim_balance", verdict=balance_verdict(summary, lang)),
    ]
    extra = summary["shared_wins"]
    if extra:
        lines.append(
            t(
                lang,
                "sim_shared",
                wins=summary["games"] + extra,
                games=summary["games"],
                fair=summary["fair_share"],
                even=1 / summary["players"],
            )
        )
    unit = summary["length_unit"]
    if unit is None:
        lines.append(t(lang, "sim_length", mean=summary["mean_length"]))
    else:
        low, high = summary["unit_counts"][0][0], summary["unit_counts"][-1][0]
        lines.append(
            t(
                lang,
                "sim_length_units",
                mean=summary["mean_units"],
                unit=unit_word(lang, unit),
                low=low,
                high=high,
                actions=summary["mean_length"],
            )
        )
    return lines + metric_lines(summary.get("metrics", {}), lang)


def metric_lines(metrics: dict[str, Any], lang: str = "en") -> list[str]:
    """The designers' metrics (:mod:`spieltisch.sim.metrics`), one line each."""
    if not metrics:
        return []
    lines = [t(lang, "sim_metrics")]
    for entry in metrics.values():
        unit = entry["unit"]
        digits = 3 if unit == "share" else 2
        word = t(lang, f"unit_{unit}") if f"unit_{unit}" in WORDS[lang] else unit
        lines.append(
            t(
                lang,
                "sim_metric",
                label=label(entry, lang),
                value=f"{entry['value']:.{digits}f}",
                unit=f"{word} " if word else "",
                low=f"{entry['low']:.{digits}f}",
                high=f"{entry['high']:.{digits}f}",
                n=entry["n"],
            )
        )
    return lines


def print_difference(
    out: Console, key: str, difference: dict[str, Any], unit: str | None = None, lang: str = "en"
) -> None:
    """A later variant's game length against the first one's, in the game's own unit."""
    length = difference["length"] if unit is None else difference["units"]
    verdict = t(lang, "significant" if length["significant"] else "not_significant")
    out.print(
        t(
            lang,
            "sim_difference",
            option=key,
            value=difference["value"],
            against=difference["against"],
            mean=length["mean"],
            unit=unit_word(lang, unit),
            low=length["ci95"][0],
            high=length["ci95"][1],
            p=length["p"],
            verdict=verdict,
        ),
        highlight=False,
    )


def cmd_report(
    args: argparse.Namespace, options: dict[str, str], out: Console, err: Console
) -> int:
    from spieltisch.sim.report import write_report

    _, _, summary = run_simulation(args, options, err, quiet=False)
    page = write_report(summary, args.out, shlex.join(["spieltisch", *args.argv]))
    out.print(t(args.lang or default_lang(), "report_written", page=page))
    return 0


def add_tune_arguments(parser: argparse.ArgumentParser, h: Callable[..., str]) -> None:
    """The arguments of ``tune``: what to search, for what goal, and where to play."""
    from spieltisch.sim.tune import RECHECK

    parser.add_argument("game", help=h("game", games=", ".join(REGISTRY)))
    parser.add_argument("--players", type=int, required=True, help=h("players.required"))
    parser.add_argument(
        "--param",
        action="append",
        required=True,
        metavar="KEY=LOW..HIGH|V1,V2,...",
        help=h("tune.param"),
    )
    parser.add_argument("--objective", required=True, help=h("tune.objective"))
    parser.add_argument("--trials", type=int, required=True, help=h("tune.trials"))
    parser.add_argument("--games", type=int, required=True, help=h("tune.games"))
    parser.add_argument("--bots", default="random", help=h("sim.bots"))
    parser.add_argument("--seed", type=int, default=0, help=h("seed", default=0))
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help=h("option")
    )
    parser.add_argument("--deck", metavar="FILE", help=h("deck"))
    parser.add_argument(
        "--recheck", type=int, default=RECHECK, help=h("tune.recheck", default=RECHECK)
    )
    parser.add_argument("--recheck-games", type=int, metavar="G", help=h("tune.recheck_games"))
    parser.add_argument("--workers", type=int, help=h("workers"))
    parser.add_argument("--ray", nargs="?", const="", metavar="ADDRESS", help=h("sim.ray"))
    parser.add_argument("--json", action="store_true", help=h("json"))
    parser.add_argument("--out", type=Path, metavar="DIR", help=h("tune.out"))
    parser.add_argument("--lang", choices=LANGS, default=None, help=h("lang.errors"))


def cmd_tune(args: argparse.Namespace, options: dict[str, str], out: Console, err: Console) -> int:
    """``spieltisch tune``: search rule options with Optuna, print or save the result."""
    from spieltisch.sim.tune import parse_param, tune, write_tune_report

    lang = args.lang or default_lang()
    params = [parse_param(text) for text in args.param]
    workers = default_workers() if args.workers is None else args.workers
    if workers < 1:
        raise SimUsageError(code="sim_workers", workers=workers)
    quiet = args.json or not err.is_terminal
    with Progress(console=err, disable=quiet, transient=True) as progress:
        task = progress.add_task(args.game, total=args.trials)

        def arrived(trial: dict[str, JSON]) -> None:
            progress.advance(task)

        result = tune(
            args.game,
            args.players,
            params,
            args.objective,
            trials=args.trials,
            games=args.games,
            bots=args.bots.split(","),
            seed=args.seed,
            workers=workers,
            ray_address=args.ray,
            on_trial=arrived,
            options=options,
            recheck=args.recheck,
            recheck_games=args.recheck_games,
        )
    if args.out is not None:
        page = write_tune_report(result, args.out, shlex.join(["spieltisch", *args.argv]))
    if args.json:
        print(json.dumps(result))
        return 0
    print_tune(out, result, lang)
    if args.out is not None:
        out.print(t(lang, "tune_written", page=page), soft_wrap=True)
    return 0


def print_tune(out: Console, result: dict[str, Any], lang: str) -> None:
    """Every trial with its interval, then the re-checked winner and its metrics."""
    title = t(
        lang,
        "tune_title",
        game=result["game"],
        players=result["players"],
        trials=len(result["trials"]),
        games=result["games"],
        objective=result["objective"],
        seed=result["seed"],
    )
    columns = ("tune_col_trial", "tune_col_options", "tune_col_objective", "col_ci")
    table = Table(*(t(lang, column) for column in columns), title=title)
    for trial in result["trials"]:
        options = ", ".join(f"{k}={v}" for k, v in trial["options"].items())
        if trial["objective"] is None:  # the game refused the option set
            table.add_row(str(trial["number"]), options, t(lang, "tune_infeasible"), "")
            continue
        table.add_row(
            str(trial["number"]),
            options,
            f"{trial['objective']:.4g}",
            f"{trial['low']:.4g}–{trial['high']:.4g}",
        )
    out.print(table)
    best = result["best"]
    if best is None:
        if result["trials"]:
            out.print(t(lang, "tune_none_feasible"), highlight=False, soft_wrap=True)
        return
    out.print(
        t(
            lang,
            "tune_best",
            games=best.get("games", result["games"]),
            options=", ".join(f"{k}={v}" for k, v in best["options"].items()),
            value=best["objective"],
            low=best["low"],
            high=best["high"],
        ),
        highlight=False,
        soft_wrap=True,
    )
    for line in metric_lines(best["metrics"], lang):
        out.print(line, highlight=False)
