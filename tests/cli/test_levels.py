"""Bot strength levels: the words people type in either language, and each level beating
the one below it (easy against medium here, cheaply; hard against medium in
benchmarks/bench_levels.py, which takes a second a move)."""

from __future__ import annotations

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.ismcts import win_shares
from spieltisch.cli.levels import level_specs
from spieltisch.cli.main import main
from spieltisch.core.chance import derive_seed
from spieltisch.core.descriptor import LEVELS, level_of_word
from spieltisch.core.errors import BotSpecError
from spieltisch.core.match import play_match
from spieltisch.games import REGISTRY, descriptor, make_game
from spieltisch.sim.tournament import tournament


@pytest.mark.parametrize(
    ("word", "level"),
    [
        ("leicht", "easy"),
        ("Mittel", "medium"),
        (" stark ", "hard"),
        ("easy", "easy"),
        ("HARD", "hard"),
        ("heuristic", None),
        ("gut", None),
    ],
)
def test_level_words_of_both_languages_name_a_level(word: str, level: str | None) -> None:
    assert level_of_word(word) == level


@pytest.mark.parametrize("game_id", [g for g in REGISTRY if g != "cento"])
def test_every_game_has_three_levels_medium_its_heuristic_hard_its_strongest_preset(
    game_id: str,
) -> None:
    levels = descriptor(game_id).levels
    assert tuple(levels) == LEVELS
    assert levels["easy"] == "random"
    assert levels["medium"] == "heuristic"
    assert levels["hard"] == descriptor(game_id).presets[-1].spec
    assert level_specs(["leicht", "medium", "stark"], game_id) == list(levels.values())


def test_centos_hard_is_its_heuristic_and_medium_the_heuristic_that_looks_no_further() -> None:
    """Cento's search is no stronger than its heuristic, so the heuristic is "hard" and
    "medium" the heuristic without its look at the next turn (docs/bots.md)."""
    levels = descriptor("cento").levels
    assert levels == {
        "easy": "random",
        "medium": "heuristic:go_out=0:potential=0",
        "hard": "heuristic",
    }
    assert level_specs(["leicht", "mittel", "stark"], "cento") == list(levels.values())


def cento_seat_share(spec: str, deal: int, players: int = 4) -> float:
    """The win share of deal ``deal``'s seat ``deal % players`` when ``spec`` plays it and
    the level "hard" every other seat."""
    game = make_game("cento")
    seat = deal % players
    hard = descriptor("cento").levels["hard"]
    bots = [
        make_bot(spec if s == seat else hard, game, derive_seed(5, "bot", deal, s))
        for s in range(players)
    ]
    result = play_match(game, bots, derive_seed(5, "deal", deal)).transcript.result
    assert result is not None
    return win_shares(result.ranking)[seat]


def test_centos_hard_beats_its_medium_on_the_same_deals() -> None:
    """Paired: each of 120 deals played once with medium and once with hard in the same
    seat, the other three seats hard. Hard wins clearly more of them (docs/performance.md:
    +0.09 a deal over thousands of deals)."""
    levels = descriptor("cento").levels
    deals = range(120)
    medium = sum(cento_seat_share(levels["medium"], deal) for deal in deals)
    hard = sum(cento_seat_share(levels["hard"], deal) for deal in deals)
    assert hard - medium >= 0.02 * len(deals), (hard, medium)


def test_raw_specs_still_work_beside_level_words() -> None:
    assert level_specs(["ismcts:sims=50", "easy"], "cento") == ["ismcts:sims=50", "random"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "unbekannte Spielstärke 'gut'; erlaubt sind leicht, mittel, stark oder"),
        ("en", "unknown bot level 'gut'; allowed are easy, medium, hard or a bot spec"),
    ],
)
def test_an_unknown_level_word_is_one_line_in_the_users_language_listing_the_levels(
    capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    argv = ["tournament", "cento", "--players", "2", "--games", "2", "--bots", "leicht,gut"]
    assert main([*argv, "--lang", lang]) == 2
    error = capsys.readouterr().err
    assert expected in error
    assert error.count("\n") == 1


def test_a_misspelt_level_is_refused_not_taken_for_a_bot() -> None:
    with pytest.raises(BotSpecError, match="unknown bot level 'mittelmaessig'"):
        level_specs(["mittelmaessig"], "triggs")


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_medium_beats_easy_in_a_small_fixed_seed_tournament(game_id: str) -> None:
    """The smallest table, one medium bot against easy ones, seats rotated, twice round:
    medium wins a larger share of its games than easy. (More games and four seats:
    docs/performance.md, "Strength levels".)"""
    game = make_game(game_id)
    levels = descriptor(game_id).levels
    players = game.spec.min_seats
    lineup = [levels["medium"]] + [levels["easy"]] * (players - 1)
    summary = tournament(game, players, 2 * players, 11, lineup)
    share = {bot["bot"]: bot["win_share"] for bot in summary["bots"]}
    assert share[levels["medium"]] > share[levels["easy"]]
