"""Game descriptors: each game's package declares one, the registry holds them, and the
optional abilities of ``Game`` have defaults."""

from __future__ import annotations

import importlib
import random

import pytest

from spieltisch.core.descriptor import (
    GENERAL_PRESETS,
    STRONG_SEARCH,
    GameDescriptor,
    presets_with,
    resolve,
)
from spieltisch.games import REGISTRY, descriptor, descriptors, make_game


def test_each_game_is_registered_from_its_own_package() -> None:
    for entry in descriptors():
        package = importlib.import_module(entry.game.__module__.rsplit(".", 1)[0])
        assert package.DESCRIPTOR is entry
        assert REGISTRY[entry.id] is entry.game
        assert descriptor(entry.id) is entry


def test_presets_go_from_the_weakest_to_the_game_s_strongest_search() -> None:
    presets = presets_with(STRONG_SEARCH + ":top=2")
    assert presets[:-1] == GENERAL_PRESETS
    assert presets[-1].spec == STRONG_SEARCH + ":top=2"
    assert presets[-1].name("de") == "Suche mit Heuristik (1 s, am stärksten)"
    assert GameDescriptor(REGISTRY["triggs"]).presets == presets_with()


def test_bot_factories_are_named_by_path_and_resolved_on_use() -> None:
    from spieltisch.bots.cento_belief import make

    assert resolve("spieltisch.bots.cento_belief:make") is make
    for entry in descriptors():
        for path in (entry.heuristic, entry.belief):
            if path is not None:
                assert callable(resolve(path))


def test_a_game_without_a_draw_pile_nobody_knows_cannot_shuffle_one() -> None:
    game = make_game("triggs")
    assert not game.shuffles_draw_pile
    state = game.new_state(2, 1)
    with pytest.raises(NotImplementedError, match="triggs has no draw pile that nobody knows"):
        game.shuffle_draw_pile(state, random.Random(1))
    with pytest.raises(NotImplementedError):
        game.reseed_chance(state, 1)
    shufflers = [entry.id for entry in descriptors() if entry.game.shuffles_draw_pile]
    assert shufflers == ["dicht-dran", "cento", "missionszahl"]
