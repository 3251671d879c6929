"""``GET /api/games``: what can be played, with which options and which bots."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from spieltisch.core.descriptor import LEVEL_WORDS
from spieltisch.core.errors import UnknownGameError
from spieltisch.core.options import OptionSpec
from spieltisch.games import REGISTRY, descriptor, game_class
from spieltisch.server.botplay import PRESETS, presets_for
from spieltisch.server.routes import errors
from spieltisch.server.schemas import FacesOut, GamesOut, Lang, RulesOut
from spieltisch.server.service import ServiceError

router = APIRouter(tags=["games"])


def option_info(option: OptionSpec) -> dict[str, Any]:
    default = option.default
    info: dict[str, Any] = {
        "name": option.name,
        "default": default,
        "help_de": option.help_de,
        "help_en": option.help_en,
    }
    if isinstance(default, bool):
        info["type"] = "bool"
    elif isinstance(default, int):
        info.update(type="int", min=option.minimum, max=option.maximum)
    elif option.pattern is None:
        info.update(type="choice", choices=list(option.choices))
    else:
        info["type"] = "text"
    return info


def bot_info(preset: tuple[str, str, str]) -> dict[str, str]:
    spec, name_de, name_en = preset
    return {"spec": spec, "name_de": name_de, "name_en": name_en}


def level_info(game_id: str) -> list[dict[str, str]]:
    """The game's bot strength levels, weakest first: id (for ``bot:<id>``), words, spec."""
    return [
        {
            "id": level,
            "spec": spec,
            "name_de": LEVEL_WORDS["de"][level],
            "name_en": LEVEL_WORDS["en"][level],
        }
        for level, spec in descriptor(game_id).levels.items()
    ]


def games_info() -> dict[str, Any]:
    games = [
        {
            "id": game_id,
            "name_de": cls.spec.name_de,
            "name_en": cls.spec.name_en,
            "rules_version": cls.spec.rules_version,
            "min_players": cls.spec.min_seats,
            "max_players": cls.spec.max_seats,
            "options": [option_info(o) for o in cls.spec.options if not o.path],
            "bots": [bot_info(preset) for preset in presets_for(game_id)],
            "browser_module": descriptor(game_id).browser_module,
            "levels": level_info(game_id),
        }
        for game_id, cls in REGISTRY.items()
    ]
    bots = [bot_info(preset) for preset in PRESETS]
    return {"games": games, "bots": bots}


@router.get("/api/games", response_model=GamesOut)
async def list_games() -> dict[str, Any]:
    """Every game with its player range, rule options and bot presets (the general ones
    and the game's strongest search), and the general bot presets.

    Any valid bot spec works at a table (``ismcts:sims=500``), within the server's limits
    (ISMCTS at most 10 s or 20,000 simulations per move); the presets are suggestions.
    """
    return games_info()


@cache
def faces_of(game_id: str) -> dict[str, Any]:
    """The game's card faces, built once from its own card tables (they never change)."""
    try:
        cls = game_class(game_id)
    except UnknownGameError as error:
        raise ServiceError(404, error) from None
    return {"game": game_id, **cls.card_faces()}


@router.get("/api/games/{game_id}/faces", response_model=FacesOut, responses=errors(404))
async def game_faces(game_id: str) -> dict[str, Any]:
    """What is printed on each card of the game (chilis, colours, symbols, the kind of
    number), from the game's card tables: the browser draws cards from this and the views,
    and holds no game facts of its own. The same for every table, so it reveals nothing."""
    return faces_of(game_id)


class WordsOut(BaseModel):
    game: str
    words: dict[str, dict[str, str]] = Field(description="{lang: {word id: text}}")


@router.get("/api/games/{game_id}/words", response_model=WordsOut, responses=errors(404))
async def game_words(game_id: str) -> dict[str, Any]:
    """Every text the faces show about the game (move labels, event sentences, the board's
    words), in every language, keyed by word id, from the game's own catalog: the browser
    looks its words up here and keeps none of its own."""
    try:
        words = descriptor(game_id).words
    except UnknownGameError as error:
        raise ServiceError(404, error) from None
    return {"game": game_id, "words": words}


@router.get("/api/games/{game_id}/rules", response_model=RulesOut, responses=errors(404, 422))
async def game_rules(
    game_id: str, lang: Annotated[Lang, Query(description="de or en")] = "en"
) -> dict[str, str]:
    """The game's rules as implemented (Markdown), in German or English: the same text as
    ``spieltisch rules GAME``, with every assumption and option."""
    try:
        game_class(game_id)
    except UnknownGameError as error:
        raise ServiceError(404, error) from None
    text = resources.files("spieltisch.rules").joinpath(f"{game_id}.md").read_text("utf-8")
    german, _, english = text.partition("<!-- lang: en -->")
    return {
        "game": game_id,
        "lang": lang,
        "markdown": (german if lang == "de" else english).strip(),
    }
