"""Bots named by strength level on the command line: ``--bots leicht,mittel,stark`` or
``easy,medium,hard`` (the words of either language), or raw bot specs for experts."""

from __future__ import annotations

from collections.abc import Sequence

from spieltisch.bots import BOTS
from spieltisch.core.descriptor import LEVEL_WORDS, LEVELS, level_of_word
from spieltisch.core.errors import BotSpecError
from spieltisch.games import descriptor


def level_specs(words: Sequence[str], game_id: str) -> list[str]:
    """The bot spec of each of ``words``: a level word (in German or English) stands for
    the game's bot of that level (its descriptor's ``levels``), anything else must be a
    bot spec. A word that is neither is refused, naming the levels in both languages'
    words and the bots."""
    levels = descriptor(game_id).levels
    specs = []
    for word in words:
        level = level_of_word(word)
        if level is not None:
            specs.append(levels[level])
            continue
        if word.strip() and word.strip().split(":")[0] not in BOTS:
            raise BotSpecError(
                code="bot_level_unknown",
                name=word.strip(),
                levels={
                    lang: ", ".join(words[level] for level in LEVELS)
                    for lang, words in LEVEL_WORDS.items()
                },
                bots=", ".join(BOTS),
            )
        specs.append(word)
    return specs


__all__ = ["level_specs"]
