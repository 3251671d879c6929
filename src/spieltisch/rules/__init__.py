"""The rules of every game as implemented, in German and English (one Markdown file each)."""

from __future__ import annotations

from importlib import resources

#: Where the English half of a rules document begins; the German half comes first.
ENGLISH = "<!-- lang: en -->"


def rules_text(game_id: str, lang: str) -> str:
    """The rules of ``game_id`` in ``lang`` (``de`` or ``en``) as Markdown. The caller checks
    that ``game_id`` is a game: the id names a file."""
    text = resources.files(__name__).joinpath(f"{game_id}.md").read_text("utf-8")
    german, _, english = text.partition(ENGLISH)
    return (german if lang == "de" else english).strip()
