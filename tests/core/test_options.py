"""Rule options: defaults, text and JSON values, and errors that name what is allowed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spieltisch.core.errors import OptionError
from spieltisch.core.options import OptionSpec, validate_options

SPECS = (
    OptionSpec("rounds", 3, "Runden", "rounds", minimum=1, maximum=9),
    OptionSpec("wild", True, "wild", "wild"),
    OptionSpec("mode", "wild", "Modus", "mode", choices=("wild", "number")),
    OptionSpec("sheet", "2,3", "Zettel", "sheet", pattern=r"\d(,\d)*", pattern_text="digits"),
)


def test_defaults_fill_in_what_is_not_given() -> None:
    assert validate_options("g", SPECS, {}) == {
        "rounds": 3,
        "wild": True,
        "mode": "wild",
        "sheet": "2,3",
    }


@given(st.integers(1, 9))
def test_whole_numbers_in_range_are_accepted_as_json_or_text(value: int) -> None:
    assert validate_options("g", SPECS, {"rounds": value})["rounds"] == value
    assert validate_options("g", SPECS, {"rounds": f" {value} "})["rounds"] == value


@given(st.one_of(st.integers().filter(lambda v: not 1 <= v <= 9), st.booleans(), st.floats()))
def test_other_numbers_are_refused(value: object) -> None:
    with pytest.raises(OptionError, match="'rounds' of g must be a whole number from 1 to 9"):
        validate_options("g", SPECS, {"rounds": value})


@pytest.mark.parametrize(
    ("text", "value"), [("true", True), ("No", False), ("ja", True), ("0", False)]
)
def test_yes_no_words(text: str, value: bool) -> None:
    assert validate_options("g", SPECS, {"wild": text})["wild"] is value


def test_choices_and_unknown_names() -> None:
    assert validate_options("g", SPECS, {"mode": "number"})["mode"] == "number"
    with pytest.raises(OptionError, match="one of wild, number"):
        validate_options("g", SPECS, {"mode": "Wild"})
    with pytest.raises(
        OptionError, match="g has no option 'speed'; its options are: rounds, wild, mode"
    ):
        validate_options("g", SPECS, {"speed": 1})


def test_free_text_must_match_its_pattern() -> None:
    assert validate_options("g", SPECS, {"sheet": " 4,5,6 "})["sheet"] == "4,5,6"
    with pytest.raises(OptionError, match="'sheet' of g must be digits, got '4;5'"):
        validate_options("g", SPECS, {"sheet": "4;5"})
