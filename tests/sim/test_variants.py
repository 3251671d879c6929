"""Two arbitrary rule variants on the same seeds: what tells them apart, the same paired
differences as ``simulate --compare`` for one option, and refusals."""

from __future__ import annotations

import pytest

from spieltisch.core.errors import SpieltischError
from spieltisch.games import make_game
from spieltisch.sim.runner import simulate
from spieltisch.sim.variants import simulate_variants, variant_names


def test_variant_names_name_the_one_option_that_differs() -> None:
    key, values = variant_names([{"a": 1, "b": True}, {"a": 2, "b": True}])
    assert (key, values) == ("a", ["1", "2"])


def test_variant_names_list_every_option_that_differs() -> None:
    key, values = variant_names([{"a": 1, "b": True, "c": "x"}, {"a": 2, "b": False, "c": "x"}])
    assert key == "rules"
    assert values == ["a=1; b=True", "a=2; b=False"]


def test_several_options_at_once_are_paired_game_by_game() -> None:
    first = {"variant": 3, "free_cards": 4}
    second = {"variant": 3, "free_cards": 2, "rebuilds": 0}
    result = simulate_variants("cento", 3, 30, 7, ["random"] * 3, [first, second])
    assert result["compare"]["key"] == "rules"
    assert len(result["variants"]) == 2
    assert len(result["differences"]) == 1
    # each variant alone is what simulate gives for its rules on the same seeds
    for variant, options in zip(result["variants"], (first, second), strict=True):
        alone = simulate(make_game("cento", options), 3, 30, 7, ["random"] * 3)
        assert variant["wins"] == alone["wins"]
        assert variant["length_counts"] == alone["length_counts"]
    difference = result["differences"][0]["length"]
    expected = result["variants"][1]["mean_length"] - result["variants"][0]["mean_length"]
    assert difference["mean"] == pytest.approx(expected, abs=1e-5)


@pytest.mark.parametrize(
    ("variants", "code"),
    [
        ([{"passes": 2}], "sim_compare_values"),
        ([{"passes": 2}, {}], "sim_compare_same"),
        ([{"passes": 2}, {"passes": 99}], None),
    ],
)
def test_refusals(variants: list[dict[str, object]], code: str | None) -> None:
    with pytest.raises(SpieltischError) as caught:
        simulate_variants("dicht-dran", 4, 5, 0, ["random"] * 4, variants)
    if code is not None:
        assert caught.value.code == code
