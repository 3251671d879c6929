"""Who sits at a table: the seats' names and the bots' strength levels.

A person names their own seat (or the person opening the table names the seats they fill);
a bot gets a friendly first name, chosen from the table's seed so that it stays the same
for the whole table, and never one another seat at the table already has. Names at a table
are distinct (compared without case): a person keeps the name they choose and a bot holding
it takes another friendly name; a person choosing another person's name gets a number
("Mia 2").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from spieltisch.core.chance import derive_seed
from spieltisch.core.descriptor import LEVELS
from spieltisch.games import descriptor

#: How long (seconds) the seat to act may have no connection before a bot plays for it.
AWAY_AFTER = 90.0
#: How long an unfinished table nobody asks for, connects to or acts at stays in memory
#: (``serve --archive-after``); it stays stored and is loaded again when asked for.
ARCHIVE_AFTER = 3600.0

#: The longest name a person may choose, in characters.
NAME_MOST = 24

#: First names for bots: short, common in German and English and read the same in both.
BOT_NAMES: tuple[str, ...] = (
    "Lotte",
    "Emil",
    "Mia",
    "Ben",
    "Anna",
    "Paul",
    "Lena",
    "Max",
    "Ida",
    "Felix",
    "Clara",
    "Jonas",
    "Nora",
    "Leo",
    "Greta",
    "Theo",
    "Hanna",
    "Oskar",
    "Marie",
    "Finn",
    "Ella",
    "Tom",
    "Lisa",
    "Jan",
)

BOT_PREFIX = "bot:"


def clean_name(name: object) -> str | None:
    """A person's chosen name, trimmed, if it is one: 1 to :data:`NAME_MOST` printable
    characters; ``None`` otherwise."""
    text = name.strip() if isinstance(name, str) else ""
    if not 1 <= len(text) <= NAME_MOST or not text.isprintable():
        return None
    return text


def bot_names(seed: int, seats: Sequence[str], taken: Sequence[str]) -> list[str]:
    """A friendly name for each bot seat of ``seats`` ("" for the others), drawn from the
    table's ``seed``: the same table always names its bots alike, and no bot gets a name
    another seat has (``taken``, compared without case)."""
    used = {name.casefold() for name in taken if name}
    free = [name for name in BOT_NAMES if name.casefold() not in used]
    random.Random(derive_seed(seed, "names")).shuffle(free)
    picks = iter(free)
    return [next(picks, "Bot") if kind.startswith(BOT_PREFIX) else "" for kind in seats]


def distinct_names(seed: int, seats: Sequence[str], names: Sequence[str], seat: int) -> list[str]:
    """``names`` (one per seat of ``seats``) after the person at ``seat`` chose
    ``names[seat]``, made distinct: if another person has that name, the chooser's gets the
    lowest free number ("Mia 2"); a bot that has it takes the first friendly name, in the
    table's ``seed`` order, that no seat has."""
    new = list(names)
    chosen = new[seat]
    if not chosen:
        return new
    people = {
        name.casefold()
        for s, name in enumerate(new)
        if s != seat and name and not seats[s].startswith(BOT_PREFIX)
    }
    if chosen.casefold() in people:
        number = 2
        while True:
            tail = f" {number}"
            candidate = chosen[: NAME_MOST - len(tail)].rstrip() + tail
            if candidate.casefold() not in people:
                break
            number += 1
        new[seat] = chosen = candidate
    for s, kind in enumerate(seats):
        if s != seat and kind.startswith(BOT_PREFIX) and new[s].casefold() == chosen.casefold():
            used = {name.casefold() for name in new if name}
            free = [name for name in BOT_NAMES if name.casefold() not in used]
            random.Random(derive_seed(seed, "names")).shuffle(free)
            new[s] = free[0] if free else f"Bot {s + 1}"
    return new


def level_of(kind: str) -> str | None:
    """The strength level of a seat kind ``bot:easy`` … (``None``: a person or a raw spec)."""
    level = kind.removeprefix(BOT_PREFIX)
    return level if kind.startswith(BOT_PREFIX) and level in LEVELS else None


def bot_spec(game_id: str, kind: str) -> str | None:
    """The bot spec a seat kind plays with: a level's spec from the game's descriptor, a
    raw spec as given; ``None`` for a person."""
    if not kind.startswith(BOT_PREFIX):
        return None
    level = level_of(kind)
    if level is not None:
        return descriptor(game_id).levels[level]
    return kind.removeprefix(BOT_PREFIX)


__all__ = [
    "BOT_NAMES",
    "NAME_MOST",
    "bot_names",
    "bot_spec",
    "clean_name",
    "distinct_names",
    "level_of",
]
