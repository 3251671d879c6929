"""Errors that Spieltisch reports to people and programs.

Every error is a :class:`ValueError` subclass whose message is one line saying what was
wrong and what is allowed, so the command line and the server can show it as it is.
"""


class SpieltischError(ValueError):
    """Base of all errors caused by bad input (never by a bug in Spieltisch)."""


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


class TranscriptError(SpieltischError):
    """A transcript file that is malformed, from another rules version, or does not replay."""


class BotSpecError(SpieltischError):
    """A bot name or bot parameter that does not exist."""
