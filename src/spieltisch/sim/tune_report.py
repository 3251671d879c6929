"""The page of a tuning run: its optimisation history, the parameters' importances, every
trial with its interval, the re-check of the best few, and the winner's full balance report
(:mod:`spieltisch.sim.report`, in ``best/``). PNG plots by matplotlib's Agg backend, linked
relatively, so the folder can be moved as it is."""

from __future__ import annotations

import html
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from spieltisch import __version__
from spieltisch.sim.report import _figure, page_head, write_report


def _e(value: object) -> str:
    return html.escape(str(value))


def value_text(value: object) -> str:
    """An option's value as it is written on the command line (``true``, not ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def options_text(options: Mapping[str, Any]) -> str:
    """``key=value, …``."""
    return ", ".join(f"{key}={value_text(value)}" for key, value in options.items())


def write_tune_page(result: Mapping[str, Any], out: Path, command: str = "") -> Path:
    """Write ``out/index.html``, ``history.png``, ``importances.png`` and ``best/``."""
    import matplotlib

    matplotlib.use("Agg")
    out.mkdir(parents=True, exist_ok=True)
    _plot_history(result, out / "history.png")
    _plot_importances(result, out / "importances.png")
    best = result.get("best") or {}
    if "summary" in best:  # the re-check's games, played where the run played
        summary = {**best["summary"], "timing": result.get("timing", {})}
        write_report(summary, out / "best", command)
    page = out / "index.html"
    page.write_text(render_tune_page(result, command), encoding="utf-8")
    return page


def _plot_history(result: Mapping[str, Any], path: Path) -> None:
    figure = _figure()
    axes = figure.add_subplot()
    trials = [trial for trial in result["trials"] if trial["objective"] is not None]
    numbers = [trial["number"] for trial in trials]
    values = [trial["objective"] for trial in trials]
    low = [trial["objective"] - trial["low"] for trial in trials]
    high = [trial["high"] - trial["objective"] for trial in trials]
    axes.errorbar(numbers, values, yerr=[low, high], fmt="o", capsize=3, label="trial (95 %)")
    best_so_far: list[float] = []
    for value in values:
        best_so_far.append(min(value, best_so_far[-1]) if best_so_far else value)
    if numbers:  # the last step drawn half a trial wide, so that a last drop shows
        xs, ys = [*numbers, numbers[-1] + 0.5], [*best_so_far, best_so_far[-1]]
        axes.step(xs, ys, where="post", color="black", label="best so far")
    axes.set_xlabel("trial")
    axes.set_ylabel(f"objective: {result['objective']} (smaller is better)")
    axes.set_title("Optimisation history")
    if trials:
        axes.legend()
    figure.savefig(path)


def _plot_importances(result: Mapping[str, Any], path: Path) -> None:
    figure = _figure(7.0, 1.0 + 0.5 * max(1, len(result["importances"])))
    axes = figure.add_subplot()
    names = list(result["importances"])[::-1]
    axes.barh(names, [result["importances"][name] for name in names])
    axes.set_xlim(0, 1)
    axes.set_xlabel("importance (share of the objective's variation)")
    axes.set_title("Parameter importances")
    figure.savefig(path)


def render_tune_page(result: Mapping[str, Any], command: str) -> str:
    """The page's HTML."""
    title = f"Spieltisch tuning run: {result['game']}, {result['players']} players"
    params = "; ".join(
        f"{p['key']} = {p['low']}..{p['high']}"
        if "low" in p
        else f"{p['key']} = " + " | ".join(p["values"])
        for p in result["params"]
    )
    best = result.get("best")
    recheck = result["recheck"]
    timing = result.get("timing", {})
    facts = [
        ("game", result["game"]),
        ("players", result["players"]),
        ("searched", params),
        ("fixed options", options_text(result["fixed_options"]) or "none"),
        ("objective (minimised)", result["objective"]),
        ("bots (seat 1 first)", ", ".join(result["bots"])),
        ("trials", trials_text(result)),
        (
            "games per trial",
            f"{result['games']}, the same seeds in every trial (seed {result['seed']})",
        ),
        (
            "re-check",
            f"the best {len(recheck['trials'])} with {recheck['games']} games each, "
            f"on fresh seeds ({recheck['seed']})",
        ),
        ("workers", f"{timing.get('workers', 1)} ({timing.get('backend', '')})"),
        ("seconds", timing.get("seconds", "")),
        ("date", datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")),
        ("spieltisch", __version__),
        ("command", command),
    ]
    parts = [
        *page_head(title),
        '<table id="facts">',
        *(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in facts),
        "</table>",
    ]
    if best:
        checked = (
            f"re-checked with {best['games']} games" if best.get("rechecked") else "trial value"
        )
        parts += [
            '<h2>Best variant</h2><p id="best">',
            f"{_e(options_text(best['options']))}: objective {best['objective']:.4g} "
            f"(95 % interval {best['low']:.4g} to {best['high']:.4g}; {_e(checked)}, "
            f"trial {best['trial']}).",
            "</p>",
        ]
        if "summary" in best:
            parts.append('<p><a href="best/index.html">The best variant\'s full report</a></p>')
        parts.append(_metric_table(best.get("metrics", {})))
    elif result["trials"]:
        parts.append('<p id="best">No trial was feasible: the game refused every option set.</p>')
    else:
        parts.append('<p id="best">No trial finished.</p>')
    parts += [
        "<h2>Optimisation history</h2>",
        '<img src="history.png" alt="objective of every trial with its 95 % interval">',
        "<h2>Parameter importances</h2>",
        '<img src="importances.png" alt="importance of each parameter">',
        _importance_table(result["importances"]),
        "<h2>Re-check of the best trials</h2>",
        _trial_table(recheck["trials"], "recheck", "trial"),
        "<h2>Every trial</h2>",
        _trial_table(result["trials"], "trials", "number"),
        "<h2>Method</h2><p>Optuna's TPE sampler, seeded with the run's seed, proposes "
        "option sets; every trial plays the same games (common random numbers), so trials "
        "differ by their rules, not their deals. The best trial of a noisy search tends to "
        "be a lucky one, so the best few are played again with more games on fresh seeds "
        "and the winner is the best of that re-check. An interval of a distance from a "
        "target is the distance over the metric's 95 % interval; for seat balance it runs "
        "from the largest lower to the largest upper bound over the seats. Importances are "
        "Optuna's (PED-ANOVA).</p>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def trials_text(result: Mapping[str, Any]) -> str:
    """How many trials were played of how many asked, and why fewer or which failed."""
    trials = result["trials"]
    text = f"{len(trials)} of {result['trials_asked']}"
    notes = []
    if result.get("infeasible"):
        notes.append(f"{result['infeasible']} infeasible (the game refused the option set)")
    if len(trials) < result["trials_asked"] and len(trials) == result.get("space"):
        notes.append("every option set of the search space tried")
    elif result.get("exhausted"):
        notes.append("the sampler kept proposing option sets already tried")
    elif result.get("stopped"):
        notes.append("stopped early")
    return text + (f" ({'; '.join(notes)})" if notes else "")


def _metric_table(metrics: Mapping[str, Any]) -> str:
    rows = ['<table id="metrics"><tr><th>metric</th><th>value</th><th>95 % interval</th></tr>']
    for name, entry in metrics.items():
        rows.append(
            f'<tr data-metric="{_e(name)}"><td>{_e(entry["label_en"])}</td>'
            f"<td>{entry['value']:.4g} {_e(unit_text(entry['unit']))}</td>"
            f"<td>{entry['low']:.4g} to {entry['high']:.4g}</td></tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)


def unit_text(unit: str) -> str:
    """A metric's unit after its value; a share needs none."""
    return "" if unit == "share" else unit


def _importance_table(importances: Mapping[str, float]) -> str:
    if not importances:
        return "<p>Too few different trials to tell the parameters' importances.</p>"
    rows = ['<table id="importances"><tr><th>parameter</th><th>importance</th></tr>']
    rows += [f"<tr><td>{_e(k)}</td><td>{v:.3f}</td></tr>" for k, v in importances.items()]
    rows.append("</table>")
    return "\n".join(rows)


def _trial_table(trials: list[Mapping[str, Any]], table_id: str, number: str) -> str:
    rows = [
        f'<table id="{table_id}"><tr><th>trial</th><th>options</th><th>objective</th>'
        "<th>95 % interval</th></tr>"
    ]
    for trial in trials:
        if trial["objective"] is None:  # the game refused the option set
            refusal = trial.get("infeasible", {}).get("error", "")
            rows.append(
                f'<tr class="infeasible"><td>{trial[number]}</td>'
                f"<td>{_e(options_text(trial['options']))}</td>"
                f'<td colspan="2">infeasible: {_e(refusal)}</td></tr>'
            )
            continue
        rows.append(
            f"<tr><td>{trial[number]}</td><td>{_e(options_text(trial['options']))}</td>"
            f"<td>{trial['objective']:.4g}</td>"
            f"<td>{trial['low']:.4g} to {trial['high']:.4g}</td></tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)
