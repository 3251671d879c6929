"""Rule options: their declaration, defaults and validation.

Options arrive as JSON values (from transcripts and the server) or as text (from the
command line); :meth:`OptionSpec.parse` accepts both and names the allowed values on error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spieltisch.core.errors import OptionError

OptionValue = bool | int | str

_TRUE = {"true", "yes", "on", "1", "ja"}
_FALSE = {"false", "no", "off", "0", "nein"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option: its name, type, default, allowed values and a description in de/en."""

    name: str
    default: OptionValue
    help_de: str
    help_en: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    #: For free-form text options: the regular expression a value must match in full, and
    #: how to say that in an error message, in English and German.
    pattern: str | None = None
    pattern_text: str = ""
    pattern_text_de: str = ""
    #: For free-form text options: an allowed value other than the default, to try (the
    #: conformance suite plays with it).
    example: str | None = None
    #: The value (other than the default) names a file. Simulations give worker processes
    #: and Ray tasks its absolute path, since they do not run in the caller's folder; the
    #: table server accepts only the default, so no client makes it read a file.
    path: bool = False

    @property
    def allowed(self) -> str:
        """The allowed values in words, for error messages and help."""
        if isinstance(self.default, bool):
            return "true or false"
        if isinstance(self.default, int):
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.pattern is not None:
            return self.pattern_text
        return "one of " + ", ".join(self.choices)

    def parse(self, game_id: str, raw: object) -> OptionValue:
        """The option's value from JSON or text; :class:`OptionError` if it is not allowed."""
        value = self._coerce(raw)
        if value is None:
            raise self._refusal(game_id, raw)
        return value

    def _refusal(self, game_id: str, raw: object) -> OptionError:
        """The error for a value that is not allowed, coded by the kind of option."""
        if not isinstance(raw, str | int | float | bool | None):  # a list or object from JSON
            return OptionError(
                f"option {self.name!r} of {game_id} must be {self.allowed}, got {raw!r}"
            )
        name, game, value = self.name, game_id, raw
        if isinstance(self.default, bool):
            return OptionError(code="option_bool", name=name, game=game, value=value)
        if isinstance(self.default, int):
            low, high = self.minimum, self.maximum
            return OptionError(
                code="option_number", name=name, game=game, value=value, minimum=low, maximum=high
            )
        if self.pattern is not None:
            allowed = {"en": self.pattern_text, "de": self.pattern_text_de or self.pattern_text}
            return OptionError(
                code="option_pattern", name=name, game=game, value=value, allowed=allowed
            )
        choices = ", ".join(self.choices)
        return OptionError(code="option_choice", name=name, game=game, value=value, choices=choices)

    def _coerce(self, raw: object) -> OptionValue | None:
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
                return raw.strip().lower() in _TRUE
            return None
        if isinstance(self.default, int):
            if isinstance(raw, bool):
                return None
            if isinstance(raw, str):
                try:
                    raw = int(raw.strip())
                except ValueError:
                    return None
            if not isinstance(raw, int):
                return None
            assert self.minimum is not None
            assert self.maximum is not None
            return raw if self.minimum <= raw <= self.maximum else None
        if isinstance(raw, str) and self.pattern is not None:
            return raw.strip() if re.fullmatch(self.pattern, raw.strip()) else None
        if isinstance(raw, str) and raw in self.choices:
            return raw
        return None


def validate_options(
    game_id: str, specs: Sequence[OptionSpec], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """All options of a game with defaults filled in; unknown names or bad values raise."""
    by_name = {spec.name: spec for spec in specs}
    for name in given:
        if name not in by_name:
            known = ", ".join(by_name) or "none"
            raise OptionError(code="unknown_option", game=game_id, name=name, known=known)
    return {
        spec.name: spec.parse(game_id, given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }
