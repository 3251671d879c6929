"""The balance report: the files exist, the links are relative, and the page states the
numbers of the simulation it was made from."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from spieltisch.cli.main import main

PNG = b"\x89PNG\r\n\x1a\n"


class Page(HTMLParser):
    """Collects the facts table (by id), the tables' cells, image links and paragraphs."""

    def __init__(self) -> None:
        super().__init__()
        self.facts: dict[str, str] = {}
        self.images: list[str] = []
        self.tables: list[tuple[dict[str, str | None], list[list[str]]]] = []
        self.verdicts: list[str] = []
        self.seat_verdicts: list[str] = []
        self._verdict_kind: str | None = ""
        self.title = ""
        self._fact: str | None = None
        self._cell: list[str] | None = None
        self._verdict: list[str] | None = None
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "td" and found.get("id"):
            self._fact = found["id"]
        if tag == "img":
            self.images.append(found["src"] or "")
        if tag == "table":
            self.tables.append((found, []))
        if tag == "tr" and self.tables:
            self.tables[-1][1].append([])
        if tag in ("td", "th"):
            self._cell = []
        if tag == "p" and found.get("class") in ("verdict", "seat-verdict"):
            self._verdict = []
            self._verdict_kind = found["class"]
        if tag == "title":
            self._in_title = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            text = "".join(self._cell).strip()
            if self._fact is not None:
                self.facts[self._fact] = text
                self._fact = None
            if self.tables and self.tables[-1][1]:
                self.tables[-1][1][-1].append(text)
            self._cell = None
        if tag == "p" and self._verdict is not None:
            kind = self.seat_verdicts if self._verdict_kind == "seat-verdict" else self.verdicts
            kind.append("".join(self._verdict))
            self._verdict = None
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._verdict is not None:
            self._verdict.append(data)
        if self._in_title:
            self.title += data


def make_report(
    capsys: pytest.CaptureFixture[str], out: Path, *extra: str
) -> tuple[Page, dict[str, Any]]:
    argv = ["dicht-dran", "--players", "3", "--games", "60", "--seed", "4", *extra]
    assert main(["report", *argv, "--out", str(out)]) == 0
    assert "report written" in capsys.readouterr().out
    assert main(["simulate", *argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    page = Page()
    page.feed((out / "index.html").read_text(encoding="utf-8"))
    for image in page.images:
        assert "/" not in image  # next to index.html, linked relatively
        assert (out / image).read_bytes().startswith(PNG)
    return page, summary


def p_value(cell: str) -> float:
    return 0.0 if cell == "< 0.0001" else float(cell)


def seat_rows(page: Page, variant: str) -> list[list[str]]:
    for attrs, rows in page.tables:
        if attrs.get("class") == "seats" and attrs.get("data-variant") == variant:
            return rows[1:]
    raise AssertionError(f"no seat table for {variant}")


def test_report_states_what_produced_it_and_the_win_shares(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page, summary = make_report(capsys, tmp_path, "--bots", "heuristic,random,random")
    assert sorted(page.images) == ["lengths.png", "scores.png", "win_share.png"]
    assert "dicht-dran" in page.title
    assert page.facts["games"] == "60"
    assert page.facts["seed"] == "4"
    assert page.facts["players"] == "3"
    assert page.facts["bots"] == "heuristic, random, random"
    assert page.facts["rules-version"] == "1"
    assert page.facts["options"] == (
        "passes=2, anchors_can_be_target=True, hand_size=8, chili_pattern=cycle, most_chilis=3"
    )
    assert page.facts["game-seeds"] == "games 1 to 60, each shuffled from seed 4 and its own number"
    assert page.facts["command"].startswith("spieltisch report dicht-dran --players 3")
    assert page.facts["workers"].split()[0].isdigit()
    rows = seat_rows(page, "")
    assert [int(row[2]) for row in rows] == summary["wins"]
    assert [float(row[3]) for row in rows] == pytest.approx(summary["win_share"], abs=1e-4)
    for row, (low, high) in zip(rows, summary["win_share_ci95"], strict=True):
        assert row[4] == f"{low:.4f}–{high:.4f}"
    lengths = next(rows for attrs, rows in page.tables if attrs.get("id") == "lengths")
    assert lengths[0][:2] == ["mean rounds", "fewest rounds"]
    assert float(lengths[1][0]) == pytest.approx(summary["mean_units"], abs=1e-3)
    assert float(lengths[1][3]) == pytest.approx(summary["mean_length"], abs=1e-3)
    # the heuristic bot in seat 1 wins far more than its fair share
    assert summary["win_share"][0] > summary["fair_share"]
    assert p_value(rows[0][5]) < 0.05
    assert page.seat_verdicts[0].startswith("Significant at 5 %: seat 1 wins more often")
    text = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "derive_seed" not in text
    assert "all games" not in text


def test_compare_report_shows_variants_differences_and_verdicts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page, summary = make_report(capsys, tmp_path, "--compare", "passes=1,2")
    assert "differences.png" in page.images
    assert page.facts["compare"] == "passes: 1, 2"
    for variant in summary["variants"]:
        rows = seat_rows(page, f"passes={variant['value']}")
        assert [int(row[2]) for row in rows] == variant["wins"]
    table = next(rows for attrs, rows in page.tables if attrs.get("class") == "differences")
    length_row = table[1]
    (difference,) = summary["differences"]
    assert length_row[0] == "game length (actions)"
    assert float(length_row[1]) == pytest.approx(difference["length"]["mean"], abs=1e-4)
    assert length_row[4] == "significant at 5 %"
    assert table[2][0] == "game length (rounds)"
    assert float(table[2][1]) == pytest.approx(difference["units"]["mean"], abs=1e-4)
    assert len(table) == 1 + 2 + 3 + 3  # header, two lengths, three win shares, three scores
    for row, win in zip(table[3:6], difference["win_share"], strict=True):
        words = "significant at 5 %" if win["significant"] else "not significant at 5 %"
        assert row[4] == words
    (verdict,) = page.verdicts
    assert len(page.seat_verdicts) == 2
    assert page.seat_verdicts[0].startswith("passes=1: ")
    assert verdict.startswith("With passes=2 games are ")
    assert "actions longer on average: significant at 5 %" in verdict


def test_the_plots_share_one_scale_and_whole_number_ticks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every seat's score histogram on the same axes' scale, ticks on whole scores only,
    the length counted in rounds, and no label that names the code."""
    from matplotlib.figure import Figure

    from spieltisch.games import make_game
    from spieltisch.sim import report
    from spieltisch.sim.runner import simulate

    summary = simulate(make_game("dicht-dran"), 4, 40, 3, ["random"] * 4)
    figures: dict[str, Figure] = {}

    def keep(figure: Figure, path: Path, **_: object) -> None:
        figures[Path(path).name] = figure

    monkeypatch.setattr(Figure, "savefig", keep)
    report.write_report(summary, tmp_path, "spieltisch report …")
    seats = figures["scores.png"].axes
    assert len(seats) == 4
    assert len({axes.get_xlim() for axes in seats}) == 1
    assert len({axes.get_ylim() for axes in seats}) == 1
    for axes in seats:
        ticks = [tick for tick in axes.get_xticks() if axes.get_xlim()[0] <= tick]
        assert all(float(tick).is_integer() for tick in ticks)
        legend = axes.get_legend()
        assert legend is not None
        labels = [text.get_text() for text in legend.get_texts()]
        assert all(label.startswith("mean ") for label in labels)
    lengths = figures["lengths.png"].axes[0]
    assert lengths.get_xlabel() == "rounds per game"
    assert all(float(tick).is_integer() for tick in lengths.get_xticks())
    words = [
        text.get_text()
        for figure in figures.values()
        for axes in figure.axes
        for text in [axes.title, axes.xaxis.label, axes.yaxis.label]
    ]
    assert not any("all games" in word or "derive_seed" in word for word in words)
