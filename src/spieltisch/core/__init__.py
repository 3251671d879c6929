"""The engine core: the game API, options, errors, chance, transcripts and the match loop."""

from spieltisch.core.errors import (
    ActionParseError,
    BotSpecError,
    DeckError,
    IllegalActionError,
    OptionError,
    SeatCountError,
    SpieltischError,
    TranscriptError,
    UnknownGameError,
)
from spieltisch.core.game import Event, Game, GameSpec, Seat, View
from spieltisch.core.options import OptionSpec

__all__ = [
    "ActionParseError",
    "BotSpecError",
    "DeckError",
    "Event",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "OptionError",
    "OptionSpec",
    "Seat",
    "SeatCountError",
    "SpieltischError",
    "TranscriptError",
    "UnknownGameError",
    "View",
]
