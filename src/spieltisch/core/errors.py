"""Errors that Spieltisch reports to people and programs.

Every error is a :class:`ValueError` subclass whose message is one line saying what was
wrong and what is allowed, so the command line and the server can show it as it is.

An error a person can meet carries a stable ``code`` (a short snake_case id) and its
``params`` (plain JSON values): the catalog :mod:`spieltisch.core.error_words` words it in
German and English (:meth:`SpieltischError.text`), and the server hands the code on so
that a browser can word it too. ``str(error)`` is always the English message.
"""

from __future__ import annotations

from typing import Any, Self

from spieltisch.core.error_words import error_template

#: A parameter of an error: a plain JSON value.
Param = str | int | float | bool | None | list[Any] | dict[str, Any]


def _in_lang(params: dict[str, Param], lang: str) -> dict[str, Param]:
    """The params to fill a template in ``lang`` with: a param that is a text in both
    languages (``{"de": ..., "en": ...}``) in ``lang``; ``place`` is no template's."""
    return {
        key: value[lang] if isinstance(value, dict) and lang in value else value
        for key, value in params.items()
        if key != "place"
    }


def _rebuild(
    cls: type[SpieltischError], message: str, code: str | None, params: dict[str, Param]
) -> SpieltischError:
    error = cls(message)
    error.code = code
    error.params = params
    return error


class SpieltischError(ValueError):
    """Base of all errors caused by bad input (never by a bug in Spieltisch).

    ``SpieltischError("message")`` is an error without a code (shown as it is in every
    language); ``SpieltischError(code="...", **params)`` takes its English message from
    the catalog. A param may be a text in both languages, ``{"de": ..., "en": ...}``.
    """

    code: str | None
    params: dict[str, Param]

    def __init__(self, message: str | None = None, *, code: str | None = None, **params: Param):
        if message is None:
            template = error_template("en", code or "")
            if template is None:
                raise KeyError(f"no English text for the error code {code!r}")
            message = template.format(**_in_lang(params, "en"))
        super().__init__(message)
        self.code = code
        self.params = params

    @classmethod
    def of(cls, code: str, params: dict[str, Param]) -> Self:
        """The error ``code`` with ``params`` gathered in a dict."""
        return cls(code=code, **params)  # type: ignore[arg-type]  # no param is named code

    def text(self, lang: str) -> str:
        """The message in ``lang``; the English one where the catalog lacks the code."""
        template = error_template(lang, self.code) if self.code else None
        if template is None:
            return str(self)
        text = template.format(**_in_lang(self.params, lang))
        place = self.params.get("place")
        return f"{place}: {text}" if place is not None else text

    def within(self, place: str) -> SpieltischError:
        """The same error found in ``place`` (a file), which its messages name first."""
        error = _rebuild(type(self), f"{place}: {self}", self.code, self.params)
        if self.code is not None:
            error.params = {**self.params, "place": place}
        return error

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), str(self), self.code, self.params))


class UnknownGameError(SpieltischError):
    """A game id that is not in the registry."""


class SeatCountError(SpieltischError):
    """A number of players outside the game's seat range."""


class OptionError(SpieltischError):
    """A rule option that does not exist or has a value that is not allowed."""


class ActionParseError(SpieltischError):
    """Text or JSON that is not an action of the game."""


class IllegalActionError(SpieltischError):
    """An action that is not in ``legal_actions`` for that seat now; the state is unchanged."""


class DeckError(SpieltischError):
    """An explicit deck order that is not a complete, duplicate-free deck of the game."""


def deck_order_error(words: dict[str, dict[str, str]], entries: int, **details: Param) -> DeckError:
    """The error for an explicit deck order of ``entries`` entries that is not the game's
    deck: what the deck must be is the game's own word (``error.deck_order`` in its catalog
    ``words``, filled with ``details``), the rest the error catalog's ``deck_order``."""
    deck: dict[str, Any] = {
        lang: texts["error.deck_order"].format(**details) for lang, texts in words.items()
    }
    return DeckError.of("deck_order", {"deck": deck, "entries": entries, **details})


class TranscriptError(SpieltischError):
    """A transcript file that is malformed, from another rules version, or does not replay."""


class BotSpecError(SpieltischError):
    """A bot name or bot parameter that does not exist."""
