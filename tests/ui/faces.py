"""The printed card faces the browser draws, taken from the games' card tables.

The web pages cannot import Python, so ``static/js/faces.js`` holds a copy of what is printed
on the cards (chilis, colours, symbols). ``test_static.py`` checks that the copy is current;
``python -m tests.ui.faces`` rewrites it after a card table changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spieltisch.games.dicht_dran.cards import CHILI_COLOURS, CHILIS
from spieltisch.games.missionszahl.cards import ALL_CARDS, COLOUR, LETTERS, NAME, SYMBOL, VALUE
from spieltisch.games.missionszahl.words import SYMBOL_NAMES

FACES_JS = Path(__file__).parents[2] / "src/spieltisch/server/static/js/faces.js"
HEADER = (
    "// The printed faces of the cards, copied from the games' card tables by\n"
    "// `python -m tests.ui.faces` (tests/ui/test_static.py checks that it is current).\n"
    "// What a card shows is public; no game state is here.\n"
)


def symbol_value(card: int) -> str | None:
    symbol = SYMBOL[card]
    return None if symbol is None else symbol.value


def faces() -> dict[str, Any]:
    """Everything the pages need to draw a card face."""
    return {
        "dicht_dran": {
            "chilis": list(CHILIS),
            "colours": {str(count): colour for count, colour in CHILI_COLOURS.items()},
        },
        "missionszahl": {
            "cards": [
                {
                    "name": NAME[card],
                    "colour": LETTERS[COLOUR[card]],
                    "value": VALUE[card],
                    "symbol": symbol_value(card),
                }
                for card in ALL_CARDS
            ],
            "symbols": {
                lang: {symbol.value: name for symbol, name in names.items()}
                for lang, names in SYMBOL_NAMES.items()
            },
        },
    }


def faces_js() -> str:
    """The text of ``faces.js``."""
    return HEADER + "export const FACES = " + json.dumps(faces(), ensure_ascii=False) + ";\n"


if __name__ == "__main__":
    FACES_JS.write_text(faces_js(), encoding="utf-8")
