"""Coded errors: one catalog in German and English, raised by the real raise sites, and the
English text of each is the error's message (``str(error)``) unchanged."""

from __future__ import annotations

import argparse
import json
import pickle
import string
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from spieltisch.bots import bot_specs_for, make_bot, parse_spec
from spieltisch.bots.search.config import SearchConfig
from spieltisch.cli.levels import level_specs
from spieltisch.cli.main import build_parser, parse_options
from spieltisch.cli.serve import (
    add_parser,
    check_db,
    checked_bot_limits,
    checked_limits,
    cmd_serve,
    limits_store,
    proxies,
    public_url,
)
from spieltisch.cli.sim_commands import parse_compare, run_simulation
from spieltisch.core.error_words import ERROR_WORDS
from spieltisch.core.errors import OptionError, SpieltischError, TranscriptError
from spieltisch.core.match import play_match
from spieltisch.core.transcript import Result, Transcript, replay
from spieltisch.games import REGISTRY, make_game
from spieltisch.games.magic_numbers.deck import load_deck, standard_path
from spieltisch.server.botplay import check_server_spec
from spieltisch.sim.runner import check_reachable, simulate, variant_options
from spieltisch.sim.tournament import tournament
from spieltisch.sim.tune import parse_objective, parse_param, tune


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_the_same_codes_and_placeholders() -> None:
    assert ERROR_WORDS["de"].keys() == ERROR_WORDS["en"].keys()
    for code, english in ERROR_WORDS["en"].items():
        assert fields(ERROR_WORDS["de"][code]) == fields(english), code
        assert "place" not in fields(english), code  # place is the file an error is in


def dicht_dran() -> Any:
    return make_game("dicht-dran")


def finished(game: Any = None) -> Transcript:
    game = game or dicht_dran()
    agents = [make_bot("random", game, seat) for seat in range(3)]
    return play_match(game, agents, seed=1).transcript


def with_actions(actions: list[tuple[int, dict[str, Any]]]) -> Transcript:
    return replace(finished(), actions=actions, result=None)


def load_text(tmp: Path, text: str) -> None:
    path = tmp / "game.json"
    path.write_text(text, encoding="utf-8")
    Transcript.load(path)


def run_sim(tmp: Path, **given: Any) -> None:
    args = {"game": "dicht-dran", "players": 3, "games": 2, "seed": 0, "bots": "random"}
    args |= {"workers": 1, "compare": None, "ray": None} | given
    run_simulation(argparse.Namespace(**args), {}, None, quiet=True)  # type: ignore[arg-type]


def tune_dicht_dran(*params: str, trials: int = 1) -> None:
    parsed = [parse_param(text) for text in params]
    tune("dicht-dran", 3, parsed, "ties", trials=trials, games=1, bots=["random"])


def transcript_with(**fields: Any) -> None:
    Transcript.from_json({**finished().to_json(), **fields})


def heuristic_of_a_game_without_one(spec: str) -> None:
    make_bot(spec, SimpleNamespace(spec=SimpleNamespace(id="toy")), 0)  # type: ignore[arg-type]


def small_deck(tmp: Path) -> str:
    """A deck file of four cards: one round's worth."""
    data = standard_data()
    path = tmp / "small.json"
    path.write_text(json.dumps({**data, "cards": data["cards"][:4]}), encoding="utf-8")
    return str(path)


def standard_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(standard_path().read_text(encoding="utf-8"))
    return data


def deck_with(tmp: Path, data: object) -> None:
    path = tmp / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    load_deck(path)


def deck_changed(tmp: Path, **fields: Any) -> None:
    deck_with(tmp, {**standard_data(), **fields})


def theme_changed(tmp: Path, **fields: Any) -> None:
    data = standard_data()
    data["themes"][0] = {**data["themes"][0], **fields}
    deck_with(tmp, data)


def card_changed(tmp: Path, *drop: str, **fields: Any) -> None:
    data = standard_data()
    card = {key: value for key, value in data["cards"][0].items() if key not in drop}
    data["cards"][0] = {**card, **fields}
    deck_with(tmp, data)


def twice(tmp: Path, part: str) -> None:
    data = standard_data()
    data[part][1] = {**data[part][1], "id": data[part][0]["id"]}
    deck_with(tmp, data)


def first_action(transcript: Transcript) -> dict[str, Any]:
    return transcript.actions[0][1]


#: Each code and a call of a real raise site that raises it.
RAISES: dict[str, Callable[[Path], object]] = {
    "unknown_game": lambda _: make_game("nope"),
    "seat_count": lambda _: dicht_dran().spec.check_seats(9),
    "unknown_option": lambda _: make_game("dicht-dran", {"foo": "1"}),
    "option_bool": lambda _: make_game("dicht-dran", {"anchors_can_be_target": "maybe"}),
    "option_number": lambda _: make_game("dicht-dran", {"passes": "99"}),
    "option_choice": lambda _: make_game("cento", {"hundred_mode": "both"}),
    "option_pattern": lambda _: make_game("triggs", {"score_sheet": "x"}),
    "option_deck_small": lambda _: make_game("missionszahl", {"colours": 2, "highest": 14}),
    "option_syntax": lambda _: parse_options(["x"]),
    "usage_required": lambda _: build_parser("en").parse_args(["simulate", "cento"]),
    "usage_unrecognized": lambda _: build_parser("en").parse_args(["games", "--bogus"]),
    "usage_int": lambda _: build_parser("en").parse_args(["play", "cento", "--players", "x"]),
    "usage_choice": lambda _: build_parser("en").parse_args(["frobnicate"]),
    "usage_one_value": lambda _: build_parser("en").parse_args(["play", "cento", "--players"]),
    "bot_unknown": lambda _: parse_spec("nobot"),
    "bot_level_unknown": lambda _: level_specs(["superb"], "cento"),
    "bot_parameter": lambda _: parse_spec("random:foo=1"),
    "bot_count": lambda _: bot_specs_for(["random", "random"], 3),
    "heuristic_missing": lambda _: heuristic_of_a_game_without_one("heuristic"),
    "heuristic_parameter": lambda _: make_bot("heuristic:foo=1", dicht_dran(), 0),
    "heuristic_number": lambda _: make_bot("heuristic:draw=x", dicht_dran(), 0),
    "search_choice": lambda _: SearchConfig.from_spec({"root": "x"}),
    "search_number": lambda _: SearchConfig.from_spec({"sims": "0"}),
    "search_sims_or_time": lambda _: SearchConfig.from_spec({"sims": "5", "time": "1"}),
    "search_cut_horizon": lambda _: SearchConfig.from_spec({"cut": "round"}),
    "search_halving_only": lambda _: SearchConfig.from_spec({"top": "3"}),
    "search_batch_halving": lambda _: SearchConfig.from_spec({"root": "halving", "batch": "2"}),
    "search_ucb_unused": lambda _: SearchConfig.from_spec(
        {"root": "halving", "tree": "root", "c": "2"}
    ),
    "search_facedown_model": lambda _: SearchConfig.from_spec({"facedown": "model"}),
    "search_no_belief": lambda _: make_bot("ismcts:deals=belief", dicht_dran(), 0),
    "search_no_model": lambda _: heuristic_of_a_game_without_one("ismcts:rollout=heuristic"),
    "server_search_time": lambda _: check_server_spec("ismcts:time=60", dicht_dran()),
    "server_search_sims": lambda _: check_server_spec("ismcts:sims=9000000", dicht_dran()),
    "transcript_not_object": lambda _: Transcript.loads("[]"),
    "transcript_format": lambda _: Transcript.loads("{}"),
    "transcript_version": lambda _: transcript_with(format_version=99),
    "transcript_action": lambda _: transcript_with(actions=[1]),
    "transcript_json": lambda _: Transcript.loads("{"),
    "transcript_unreadable": lambda tmp: Transcript.load(tmp / "missing.json"),
    "transcript_field_number": lambda _: transcript_with(seed="x"),
    "transcript_field_string": lambda _: transcript_with(game=1),
    "transcript_field_list": lambda _: transcript_with(actions={}),
    "transcript_field_object": lambda _: transcript_with(options=[]),
    "transcript_result": lambda _: transcript_with(result=[]),
    "transcript_result_lists": lambda _: transcript_with(result={}),
    "transcript_rules_version": lambda _: replay(
        dicht_dran(), replace(finished(), rules_version="0")
    ),
    "transcript_over": lambda _: replay(
        dicht_dran(), replace(finished(), actions=[*finished().actions, (0, {})])
    ),
    "transcript_not_acting": lambda _: replay(
        dicht_dran(), with_actions([(5, first_action(finished()))])
    ),
    "transcript_not_legal": lambda _: replay(
        dicht_dran(), with_actions([(0, {"type": "play", "card": 1})])
    ),
    "transcript_step": lambda _: replay(dicht_dran(), with_actions([(0, {"type": "nonsense"})])),
    "transcript_unfinished": lambda _: replay(dicht_dran(), replace(finished(), actions=[])),
    "transcript_result_differs": lambda _: replay(
        dicht_dran(), replace(finished(), result=Result((0, 0, 0), (1, 1, 1)))
    ),
    "transcript_no_result": lambda _: (_ for _ in ()).throw(
        TranscriptError(code="transcript_no_result")
    ),
    "deck_missing": lambda tmp: load_deck(tmp / "missing.json"),
    "deck_unreadable": lambda tmp: load_deck(tmp),
    "deck_json": lambda tmp: (tmp / "deck.json").write_text("{") and load_deck(tmp / "deck.json"),
    "deck_not_object": lambda tmp: deck_with(tmp, []),
    "deck_format": lambda tmp: deck_changed(tmp, format="x"),
    "deck_format_version": lambda tmp: deck_changed(tmp, format_version=99),
    "deck_name": lambda tmp: deck_changed(tmp, name="x"),
    "deck_themes": lambda tmp: deck_changed(tmp, themes=[]),
    "deck_theme_fields": lambda tmp: theme_changed(tmp, extra="x"),
    "deck_theme_text": lambda tmp: theme_changed(tmp, de=""),
    "deck_theme_id": lambda tmp: theme_changed(tmp, id="Not An Id"),
    "deck_theme_twice": lambda tmp: twice(tmp, "themes"),
    "deck_cards": lambda tmp: deck_changed(tmp, cards=[]),
    "deck_card_object": lambda tmp: deck_changed(tmp, cards=[1]),
    "deck_card_missing": lambda tmp: card_changed(tmp, "source"),
    "deck_card_extra": lambda tmp: card_changed(tmp, extra=1),
    "deck_card_id": lambda tmp: card_changed(tmp, id="Not An Id"),
    "deck_card_twice": lambda tmp: twice(tmp, "cards"),
    "deck_card_number": lambda tmp: card_changed(tmp, number="eight"),
    "deck_card_theme": lambda tmp: card_changed(tmp, theme="nowhere"),
    "deck_card_text": lambda tmp: card_changed(tmp, meaning="x"),
    "deck_card_source": lambda tmp: card_changed(tmp, source=""),
    "deck_card_points": lambda tmp: card_changed(tmp, points=[1, 2, 3, 4]),
    "deck_card_answers": lambda tmp: card_changed(tmp, answers=[]),
    "deck_card_answer_list": lambda tmp: card_changed(tmp, answers={"de": [], "en": []}),
    "deck_rounds": lambda tmp: make_game("magic-numbers", {"deck": small_deck(tmp), "rounds": 2}),
    "deck_order": lambda _: make_game("cento").new_state(2, 0, deck=[]),
    "serve_db": lambda _: check_db("mysql://somewhere/tables"),
    "serve_limits_store": lambda _: limits_store(serve_args("--limits-store", "mysql://x/y")),
    "serve_port": lambda _: cmd_serve(argparse.Namespace(port=0)),
    "serve_away": lambda _: cmd_serve(argparse.Namespace(port=8000, away_after=0.0, db=":memory:")),
    "serve_move_seconds": lambda _: checked_bot_limits(
        argparse.Namespace(bot_move_seconds=0.0, all_bot_tables="on")
    ),
    "serve_all_bot_tables": lambda _: checked_bot_limits(
        argparse.Namespace(bot_move_seconds=5.0, all_bot_tables="some")
    ),
    "serve_lab_jobs": lambda _: cmd_serve(serve_args("--lab-jobs", "0")),
    "serve_archive": lambda _: cmd_serve(serve_args("--archive-after", "0")),
    "serve_lease": lambda _: cmd_serve(serve_args("--bot-lease", "0")),
    "serve_public_url": lambda _: public_url("spiel.example"),
    "serve_limit": lambda _: checked_limits(serve_args("--header-timeout", "0")),
    "serve_proxies": lambda _: proxies(serve_args("--trusted-proxies", "x")),
    "serve_proxy_header": lambda _: proxies(serve_args("--trusted-proxy-header", "a b")),
    "serve_proxies_missing": lambda _: proxies(serve_args("--trusted-proxy-header", "X-Real-IP")),
    "heuristic_knowledge": lambda _: make_bot(
        "heuristic:knowledge=0", make_game("magic-numbers"), 0
    ),
    "sim_games": lambda tmp: run_sim(tmp, games=0),
    "sim_workers": lambda tmp: run_sim(tmp, workers=0),
    "sim_games_count": lambda _: simulate(dicht_dran(), 3, 0, 0, ["random"] * 3),
    "sim_workers_count": lambda _: simulate(dicht_dran(), 3, 1, 0, ["random"] * 3, workers=0),
    "sim_skill": lambda tmp: run_sim(tmp, skill=0),
    "sim_compare_syntax": lambda _: parse_compare("x"),
    "sim_compare_twice": lambda tmp: run_simulation(
        argparse.Namespace(
            game="dicht-dran",
            players=3,
            games=1,
            seed=0,
            bots="random",
            workers=1,
            compare="passes=1,2",
            ray=None,
        ),
        {"passes": "1"},
        None,  # type: ignore[arg-type]
        quiet=True,
    ),
    "sim_compare_values": lambda _: variant_options(dicht_dran(), "passes", ["1"]),
    "sim_compare_same": lambda _: variant_options(dicht_dran(), "passes", ["1", "01"]),
    "sim_transcripts_file": lambda tmp: (
        (tmp / "f").write_text("")
        or tournament(dicht_dran(), 3, 3, 0, ["random"] * 3, transcripts=tmp / "f")
    ),
    "tune_param_syntax": lambda _: parse_param("passes"),
    "tune_param_order": lambda _: parse_param("passes=3..1"),
    "tune_param_twice": lambda _: tune_dicht_dran("passes=1..2", "passes=2..3"),
    "tune_param_not_number": lambda _: tune_dicht_dran("anchors_can_be_target=1..2"),
    "tune_param_range": lambda _: tune_dicht_dran("passes=0..2"),
    "tune_no_param": lambda _: tune_dicht_dran(),
    "tune_objective": lambda _: parse_objective("fun"),
    "tune_objective_target": lambda _: parse_objective("length=long"),
    "tune_count": lambda _: tune_dicht_dran("passes=1..2", trials=0),
    "tournament_bot_count": lambda _: tournament(dicht_dran(), 3, 3, 0, ["random"]),
    "tournament_games": lambda _: tournament(dicht_dran(), 3, 2, 0, ["random"] * 3),
    "ray_missing": lambda _: (_ for _ in ()).throw(SpieltischError(code="ray_missing")),
    "ray_address": lambda _: check_reachable("no port"),
}


def serve_args(*args: str) -> argparse.Namespace:
    """``spieltisch serve``'s options as parsed from ``args``."""
    parser = argparse.ArgumentParser()
    add_parser(parser, lambda key, **_: key)
    return parser.parse_args(list(args))


def test_every_code_is_raised_by_a_listed_raise_site() -> None:
    assert RAISES.keys() == ERROR_WORDS["en"].keys()


@pytest.mark.parametrize("code", sorted(RAISES))
def test_each_raise_site_gives_its_code_and_its_english_text_is_its_message(
    code: str, tmp_path: Path
) -> None:
    with pytest.raises(SpieltischError) as caught:
        RAISES[code](tmp_path)
    error = caught.value
    assert error.code == code
    assert error.text("en") == str(error)
    german = error.text("de")
    assert german != str(error)
    json.dumps(error.params)  # plain JSON values


def test_an_error_in_a_file_names_the_file_in_both_languages(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError) as caught:
        load_text(tmp_path, "[]")
    error = caught.value
    assert str(error) == f"{tmp_path / 'game.json'}: a transcript is a JSON object"
    assert error.text("en") == str(error)
    assert error.text("de") == f"{tmp_path / 'game.json'}: ein Protokoll ist ein JSON-Objekt"


def test_an_error_without_a_code_or_language_is_its_message() -> None:
    assert SpieltischError("plain words").text("de") == "plain words"
    error = OptionError(code="unknown_option", game="g", name="x", known="a, b")
    assert error.text("fr") == str(error) == "g has no option 'x'; its options are: a, b"


def test_a_coded_error_keeps_its_code_across_processes() -> None:
    error = OptionError(code="unknown_option", game="g", name="x", known="a")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is OptionError
    assert (str(copy), copy.code, copy.params) == (str(error), error.code, error.params)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_wrong_deck_order_says_in_the_games_words_what_its_deck_is(game_id: str) -> None:
    with pytest.raises(SpieltischError) as caught:
        make_game(game_id).new_state(3, 0, deck=["nope"])
    error = caught.value
    assert error.code == "deck_order"
    assert error.text("en") == str(error)
    assert str(error).endswith(", top card first; got 1 entries")
    assert error.text("de").endswith(", oberste Karte zuerst; erhalten: 1 Einträge")
    assert error.text("de").startswith("ein")
