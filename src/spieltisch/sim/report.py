"""The balance report: one HTML page with PNG plots, made from a simulation summary.

The page states what produced it (game, rules version, options, bots, seeds, number of
games, workers, date), the win share of every seat with its 95 % Wilson interval against
the fair share, the distributions of game length and scores, and for a comparison the
variants side by side with their paired differences, intervals, p-values and a verdict in
words. The plots are PNG files next to ``index.html``, linked relatively, so the folder can
be moved or mailed as it is. matplotlib draws them with its Agg backend (no display).
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from spieltisch import __version__
from spieltisch.sim.stats import ALPHA

JSONDict = dict[str, Any]

#: The files of a report besides index.html.
PLOTS = ("win_share.png", "lengths.png", "scores.png")
COMPARE_PLOT = "differences.png"


def write_report(summary: JSONDict, out: Path, command: str) -> Path:
    """Write ``out/index.html`` and its plots for ``summary``; return the page's path."""
    import matplotlib

    matplotlib.use("Agg")
    out.mkdir(parents=True, exist_ok=True)
    variants: list[JSONDict] = summary.get("variants", [summary])
    labels = variant_labels(summary)
    _plot_win_share(variants, labels, out / "win_share.png")
    _plot_lengths(variants, labels, out / "lengths.png")
    _plot_scores(variants, labels, out / "scores.png")
    if "differences" in summary:
        _plot_differences(summary, out / COMPARE_PLOT)
    page = out / "index.html"
    page.write_text(render_page(summary, command), encoding="utf-8")
    return page


def variant_labels(summary: JSONDict) -> list[str]:
    """The name of each variant in legends and tables: ``KEY=VALUE`` for a comparison, none
    for a single rule set."""
    if "compare" not in summary:
        return [""]
    key = summary["compare"]["key"]
    return [f"{key}={value}" for value in summary["compare"]["values"]]


# -- plots -----------------------------------------------------------------------------------


def _named(label: str, text: str) -> str:
    """A legend entry: ``text``, after the variant's name if it has one."""
    return f"{label} ({text})" if label else text


def _figure(width: float = 7.0, height: float = 4.0) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _plot_win_share(variants: list[JSONDict], labels: list[str], path: Path) -> None:
    figure = _figure()
    axes = figure.add_subplot()
    players = variants[0]["players"]
    width = 0.8 / len(variants)
    for k, (variant, label) in enumerate(zip(variants, labels, strict=True)):
        xs = [seat + 1 + (k - (len(variants) - 1) / 2) * width for seat in range(players)]
        shares = variant["win_share"]
        low = [share - ci[0] for share, ci in zip(shares, variant["win_share_ci95"], strict=True)]
        high = [ci[1] - share for share, ci in zip(shares, variant["win_share_ci95"], strict=True)]
        axes.bar(xs, shares, width=width, label=label or "win share", yerr=[low, high], capsize=4)
    axes.axhline(variants[0]["fair_share"], color="black", linestyle="--", label="fair share")
    axes.set_xticks(range(1, players + 1))
    axes.set_xlabel("seat")
    axes.set_ylabel("share of games won (95 % interval)")
    axes.set_title("Win share by seat")
    axes.legend()
    figure.savefig(path)


def _edges(pair_lists: Sequence[Sequence[Sequence[float]]], most: int = 40) -> list[float]:
    """Bin edges over all ``(value, count)`` pairs: whole-number wide, at most ``most``."""
    values = [pair[0] for pairs in pair_lists for pair in pairs]
    low, high = math.floor(min(values)), math.floor(max(values)) + 1
    width = max(1, math.ceil((high - low) / most))
    return [low - 0.5 + width * k for k in range(math.ceil((high - low) / width) + 1)]


def _histogram(
    axes: Any, pairs: Sequence[Sequence[float]], games: int, edges: list[float], label: str
) -> None:
    """Draw the share of games per bin from ``(value, count)`` pairs."""
    values = [pair[0] for pair in pairs]
    shares = [pair[1] / games for pair in pairs]
    axes.hist(values, bins=edges, weights=shares, histtype="step", linewidth=1.5, label=label)


def length_unit(variant: JSONDict) -> tuple[str, str, str]:
    """The unit the game's length is counted in, with the summary's keys of its
    distribution and mean: rounds or turns where the rules count them, else actions."""
    unit = variant.get("length_unit")
    if unit and "unit_counts" in variant:
        return unit, "unit_counts", "mean_units"
    return "actions", "length_counts", "mean_length"


def _plot_lengths(variants: list[JSONDict], labels: list[str], path: Path) -> None:
    figure = _figure()
    axes = figure.add_subplot()
    unit, counts, mean_key = length_unit(variants[0])
    edges = _edges([variant[counts] for variant in variants])
    for variant, label in zip(variants, labels, strict=True):
        mean = variant[mean_key]
        _histogram(
            axes, variant[counts], variant["games"], edges, _named(label, f"mean {mean:.1f}")
        )
    _whole_ticks(axes.xaxis)
    axes.set_xlabel(f"{unit} per game")
    axes.set_ylabel("share of games")
    axes.set_title("Game length")
    axes.legend()
    figure.savefig(path)


def _plot_scores(variants: list[JSONDict], labels: list[str], path: Path) -> None:
    players = variants[0]["players"]
    figure = _figure(7.0, 2.2 * players)
    every = [pairs for variant in variants for pairs in variant["score_counts"]]
    edges = _edges(every)
    whole = all(float(pair[0]).is_integer() for pairs in every for pair in pairs)
    first = None
    for seat in range(players):
        # every seat on the same scale: the first seat's axes are shared by the others
        axes = figure.add_subplot(players, 1, seat + 1, sharex=first, sharey=first)
        first = first or axes
        for variant, label in zip(variants, labels, strict=True):
            mean = variant["mean_scores"][seat]
            pairs = variant["score_counts"][seat]
            _histogram(axes, pairs, variant["games"], edges, _named(label, f"mean {mean:.2f}"))
        if whole:
            _whole_ticks(axes.xaxis)
        axes.set_ylabel(f"seat {seat + 1}\nshare of games")
        axes.legend(fontsize="small")
    figure.axes[0].set_title("Final score of each seat (same scale for every seat)")
    figure.axes[-1].set_xlabel("final score")
    figure.savefig(path)


def _whole_ticks(axis: Any) -> None:
    """Ticks on whole numbers only: a score or a count of rounds has no fractions."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def _plot_differences(summary: JSONDict, path: Path) -> None:
    differences: list[JSONDict] = summary["differences"]
    players = summary["players"]
    figure = _figure(7.0, 3.0 * len(differences))
    key = summary["compare"]["key"]
    for row, difference in enumerate(differences):
        axes = figure.add_subplot(len(differences), 1, row + 1)
        seats = range(1, players + 1)
        means = [d["mean"] for d in difference["win_share"]]
        low = [d["mean"] - d["ci95"][0] for d in difference["win_share"]]
        high = [d["ci95"][1] - d["mean"] for d in difference["win_share"]]
        axes.errorbar(list(seats), means, yerr=[low, high], fmt="o", capsize=4)
        axes.axhline(0, color="black", linewidth=0.8)
        axes.set_xticks(list(seats))
        axes.set_xlabel("seat")
        axes.set_ylabel("win share difference")
        axes.set_title(
            f"{key}={difference['value']} minus {key}={difference['against']} (95 % intervals)"
        )
    figure.savefig(path)


# -- the page --------------------------------------------------------------------------------


def _e(value: object) -> str:
    return html.escape(str(value))


def _fact(key: str, label: str, value: object) -> str:
    return f"<tr><th>{_e(label)}</th><td id={_e(key)!r}>{_e(value)}</td></tr>"


def p_text(p: float) -> str:
    """A p-value in a sentence: "= 0.0123", or "< 0.0001"."""
    cell = p_cell(p)
    return cell if cell.startswith("<") else f"= {cell}"


def p_cell(p: float) -> str:
    """A p-value in a table cell: three digits, or "< 0.0001"."""
    return "< 0.0001" if p < 1e-4 else f"{p:.3g}"


def favoured_seats(variant: JSONDict) -> list[tuple[int, bool, float, float]]:
    """The seats whose win share differs from the fair share at 5 %: each as (seat, whether it
    wins more often, its win share, the p-value)."""
    return [
        (seat, share > variant["fair_share"], share, p)
        for seat, (share, p) in enumerate(zip(variant["win_share"], variant["seat_p"], strict=True))
        if p < ALPHA
    ]


def seat_verdict(variant: JSONDict) -> str:
    """In words: which seats win more or less than the fair share, at 5 %."""
    fair = variant["fair_share"]
    found = [
        f"seat {seat + 1} wins {'more' if more else 'less'} often than the fair share "
        f"({share:.3f} against {fair:.3f}, p {p_text(p)})"
        for seat, more, share, p in favoured_seats(variant)
    ]
    if not found:
        return "No seat's win share differs from the fair share (significant at 5 %: none)."
    return "Significant at 5 %: " + "; ".join(found) + "."


def verdict(difference: JSONDict) -> str:
    """The plain-language reading of one paired difference."""
    low, high = difference["ci95"]
    if difference["significant"]:
        return (
            f"significant at 5 % (p {p_text(difference['p'])}; the 95 % interval "
            f"{low:+.4g} to {high:+.4g} leaves out 0)"
        )
    return (
        f"not significant at 5 % (p {p_text(difference['p'])}; the 95 % interval "
        f"{low:+.4g} to {high:+.4g} contains 0)"
    )


def seeds_in_words(summary: JSONDict) -> str:
    """How the games were shuffled, without the code's names."""
    return (
        f"games 1 to {summary['games']}, each shuffled from seed {summary['seed']} "
        "and its own number"
    )


def page_head(title: str) -> list[str]:
    """The start of a report page (a self-contained HTML file) up to its heading."""
    return [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{_e(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
        "padding:.2em .6em;text-align:left}td{overflow-wrap:anywhere}"
        "th{hyphens:auto}img{max-width:100%}</style>",
        "</head><body>",
        f"<h1>{_e(title)}</h1>",
    ]


def render_page(summary: JSONDict, command: str) -> str:
    """The report's HTML."""
    variants: list[JSONDict] = summary.get("variants", [summary])
    labels = variant_labels(summary)
    timing = summary.get("timing", {})
    title = f"Spieltisch balance report: {summary['game']}, {summary['players']} players"
    options = ", ".join(f"{k}={v}" for k, v in summary["options"].items()) or "none"
    facts = [
        _fact("game", "game", summary["game"]),
        _fact("rules-version", "rules version", summary["rules_version"]),
        _fact("options", "options (of the first variant)", options),
        _fact("players", "players", summary["players"]),
        _fact("bots", "bots (seat 1 first)", ", ".join(summary["bots"])),
        _fact("games", "games (per variant)", summary["games"]),
        _fact("seed", "seed", summary["seed"]),
        _fact("game-seeds", "deals", seeds_in_words(summary)),
        _fact("workers", "workers", f"{timing.get('workers', 1)} ({timing.get('backend', '')})"),
        _fact("date", "date", datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")),
        _fact("version", "spieltisch", __version__),
        _fact("command", "command", command),
    ]
    if "compare" in summary:
        values = ", ".join(summary["compare"]["values"])
        facts.insert(3, _fact("compare", "compared", f"{summary['compare']['key']}: {values}"))
    parts = [
        *page_head(title),
        '<h2>What produced this report</h2><table id="facts">',
        *facts,
        "</table>",
        "<p>Every game is shuffled from its own seed, made from the run's seed and the "
        "game's number, and every bot's coin from the same and its seat. So the same command "
        "gives the same numbers, and any single game can be saved and replayed "
        "(<code>spieltisch simulate … --transcripts DIR</code>).</p>",
        "<h2>Win share by seat</h2>",
        '<img src="win_share.png" alt="win share by seat with 95 % intervals">',
    ]
    for variant, label in zip(variants, labels, strict=True):
        parts.append(_seat_table(variant, label))
        prefix = f"{label}: " if label else ""
        parts.append(f'<p class="seat-verdict">{_e(prefix + seat_verdict(variant))}</p>')
    parts += [
        "<p>A first place shared by several seats counts for each of them, so the shares can "
        "add up to more than 1; the fair share is their mean. The interval is the 95 % Wilson "
        "score interval; the p-value tests a seat's share against the fair share "
        "(one-sample z-test).</p>",
        "<h2>Game length</h2>",
        '<img src="lengths.png" alt="histogram of game lengths">',
        _length_table(variants, labels),
        "<h2>Scores</h2>",
        '<img src="scores.png" alt="score distribution of each seat">',
        "<h2>Metrics</h2>",
        metric_table(variants, labels),
        "<p>Length in the game's own unit; minutes from an assumed time per round or turn "
        "(docs/simulation.md); comebacks count the games whose sole leader at half-time "
        "(when the game's progress first reached half its final value) did not win; score "
        "spread is the highest final score minus the lowest, the margin the best minus the "
        "second best. Intervals are 95 % (Wilson for shares, normal for means).</p>",
    ]
    if "differences" in summary:
        parts += _difference_section(summary)
    parts += [
        "<h2>Method</h2><p>Win shares get 95 % Wilson score intervals. Variants of a "
        "comparison play the same seeds, so every game gives a paired difference; the mean "
        "difference gets a 95 % normal interval and a two-sided p-value (paired z-test; for "
        "first places this is McNemar's test in normal form). A result is called significant "
        f"at 5 % when p &lt; {ALPHA}. Several tests are shown at once and none is corrected "
        "for that: with many seats and variants, one of them may cross the line by chance.</p>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _seat_table(variant: JSONDict, label: str) -> str:
    rows = [
        f'<table class="seats" data-variant="{_e(label)}">',
        f"<caption>{_e(_named(label, str(variant['games']) + ' games'))}</caption>",
        "<tr><th>seat</th><th>bot</th><th>wins</th><th>win share</th><th>95 % interval</th>"
        "<th>p against fair share</th><th>mean score</th><th>score sd</th></tr>",
    ]
    for seat in range(variant["players"]):
        low, high = variant["win_share_ci95"][seat]
        rows.append(
            f"<tr><td>{seat + 1}</td><td>{_e(variant['bots'][seat])}</td>"
            f"<td>{variant['wins'][seat]}</td><td>{variant['win_share'][seat]:.4f}</td>"
            f"<td>{low:.4f}–{high:.4f}</td><td>{p_cell(variant['seat_p'][seat])}</td>"
            f"<td>{variant['mean_scores'][seat]:.3f}</td><td>{variant['score_sd'][seat]:.3f}</td>"
            "</tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)


def metric_table(variants: Sequence[JSONDict], labels: Sequence[str]) -> str:
    """Every metric (:mod:`spieltisch.sim.metrics`) of every variant with its interval."""
    head = "<th>variant</th>" if labels[0] else ""
    rows = [
        f'<table id="metrics"><tr>{head}<th>metric</th><th>value</th><th>unit</th>'
        "<th>95 % interval</th><th>games</th></tr>"
    ]
    for variant, label in zip(variants, labels, strict=True):
        for name, entry in variant.get("metrics", {}).items():
            cell = f"<td>{_e(label)}</td>" if label else ""
            rows.append(
                f'<tr data-metric="{_e(name)}">{cell}<td>{_e(entry["label_en"])}</td>'
                f"<td>{entry['value']:.4g}</td><td>{_e(entry['unit'])}</td>"
                f"<td>{entry['low']:.4g} to {entry['high']:.4g}</td><td>{entry['n']}</td></tr>"
            )
    rows.append("</table>")
    return "\n".join(rows)


def _length_table(variants: Sequence[JSONDict], labels: Sequence[str]) -> str:
    """Mean, spread and range of the length in actions, and in rounds or turns where the
    rules count them."""
    unit, counts, mean_key = length_unit(variants[0])
    in_units = unit != "actions"
    head = "<th>variant</th>" if labels[0] else ""
    if in_units:
        head += f"<th>mean {unit}</th><th>fewest {unit}</th><th>most {unit}</th>"
    head += "<th>mean actions</th><th>sd</th><th>fewest actions</th><th>most actions</th>"
    rows = [f'<table id="lengths"><tr>{head}</tr>']
    for variant, label in zip(variants, labels, strict=True):
        cells = f"<td>{_e(label)}</td>" if label else ""
        if in_units:
            cells += (
                f"<td>{variant[mean_key]:.3f}</td><td>{variant[counts][0][0]}</td>"
                f"<td>{variant[counts][-1][0]}</td>"
            )
        rows.append(
            f"<tr>{cells}<td>{variant['mean_length']:.3f}</td>"
            f"<td>{variant['length_sd']:.3f}</td><td>{variant['min_length']}</td>"
            f"<td>{variant['max_length']}</td></tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)


def _difference_section(summary: JSONDict) -> list[str]:
    key = summary["compare"]["key"]
    parts = [
        "<h2>Differences between the variants</h2>",
        f'<img src="{COMPARE_PLOT}" alt="differences in win share by seat with 95 % intervals">',
    ]
    for difference in summary["differences"]:
        name = f"{key}={difference['value']} against {key}={difference['against']}"
        length = difference["length"]
        parts += [
            f"<h3>{_e(name)}</h3>",
            f'<table class="differences" data-value="{_e(difference["value"])}">',
            "<tr><th>quantity</th><th>mean difference</th><th>95 % interval</th>"
            "<th>p</th><th>verdict</th></tr>",
            _difference_row("game length (actions)", length),
        ]
        unit = summary.get("length_unit")
        if unit and "units" in difference:
            parts.append(_difference_row(f"game length ({unit})", difference["units"]))
        for seat, win in enumerate(difference["win_share"]):
            parts.append(_difference_row(f"win share, seat {seat + 1}", win))
        for seat, score in enumerate(difference["mean_scores"]):
            parts.append(_difference_row(f"mean score, seat {seat + 1}", score))
        parts.append("</table>")
        longer = "longer" if length["mean"] > 0 else "shorter"
        parts.append(
            f'<p class="verdict">With {_e(key)}={_e(difference["value"])} games are '
            f"{abs(length['mean']):.2f} actions {longer} on average: {_e(verdict(length))}.</p>"
        )
    return parts


def _difference_row(label: str, difference: JSONDict) -> str:
    low, high = difference["ci95"]
    words = "significant at 5 %" if difference["significant"] else "not significant at 5 %"
    return (
        f"<tr><td>{_e(label)}</td><td>{difference['mean']:+.4f}</td>"
        f"<td>{low:+.4f} to {high:+.4f}</td><td>{p_cell(difference['p'])}</td>"
        f"<td>{words}</td></tr>"
    )
