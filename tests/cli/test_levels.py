"""Bot strength levels: the words people type in either language, and each level beating
the one below it (easy against medium here, cheaply; hard against medium in
benchmarks/bench_levels.py, which takes a second a move)."""

from __future__ import annotations

import pytest

from spieltisch.cli.levels import level_specs
from spieltisch.cli.main import main
from spieltisch.core.descriptor import LEVELS, level_of_word
from spieltisch.core.errors import BotSpecError
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


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_game_has_three_levels_medium_its_heuristic_hard_its_strongest_preset(
    game_id: str,
) -> None:
    levels = descriptor(game_id).levels
    assert tuple(levels) == LEVELS
    assert levels["easy"] == "random"
    assert levels["medium"] == "heuristic"
    assert levels["hard"] == descriptor(game_id).presets[-1].spec
    assert level_specs(["leicht", "medium", "stark"], game_id) == list(levels.values())


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
