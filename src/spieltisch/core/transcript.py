"""Transcripts: the save file, the replay, the bug report and the golden test in one.

A transcript names the game, its rules version and options, the number of players, the
seed (and optionally an explicit deck order, top card first), every action with its seat,
and the result. Replaying it through :func:`replay` checks every action against
``legal_actions`` and recomputes the result. The format is documented in
``docs/transcripts.md``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spieltisch.core.errors import SpieltischError, TranscriptError
from spieltisch.core.game import JSON, Event, Game, Seat

FORMAT = "spieltisch-transcript"
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: each seat's score and place (1 = first, shared on ties)."""

    scores: tuple[float, ...]
    ranking: tuple[int, ...]

    def to_json(self) -> dict[str, JSON]:
        return {"scores": list(self.scores), "ranking": list(self.ranking)}


@dataclass(slots=True)
class Transcript:
    """Everything needed to reproduce a game exactly."""

    game: str
    rules_version: str
    options: dict[str, Any]
    players: int
    seed: int
    deck: list[Any] | None = None
    actions: list[tuple[Seat, dict[str, JSON]]] = field(default_factory=list)
    result: Result | None = None
    agents: list[str] | None = None
    #: the language the game was played in, kept for resuming it (informative)
    lang: str | None = None

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
        }
        if self.deck is not None:
            data["deck"] = self.deck
        if self.agents is not None:
            data["agents"] = self.agents
        if self.lang is not None:
            data["lang"] = self.lang
        data["actions"] = [{"seat": seat, "action": action} for seat, action in self.actions]
        data["result"] = self.result.to_json() if self.result is not None else None
        return data

    def dumps(self) -> str:
        """The transcript as JSON text, one action per line for readable diffs."""
        data = self.to_json()
        actions = data.pop("actions")
        result = data.pop("result")
        head = json.dumps(data, ensure_ascii=False)[:-1]
        lines = ",\n    ".join(json.dumps(a, ensure_ascii=False) for a in actions)
        body = f',\n  "actions": [\n    {lines}\n  ]' if actions else ',\n  "actions": []'
        return f'{head}{body},\n  "result": {json.dumps(result)}\n}}\n'

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def from_json(cls, data: object) -> Transcript:
        """Parse and check the fields; :class:`TranscriptError` names the first bad one."""
        if not isinstance(data, dict):
            raise TranscriptError(code="transcript_not_object")
        if data.get("format") != FORMAT:
            raise TranscriptError(code="transcript_format", format=FORMAT)
        if data.get("format_version") != FORMAT_VERSION:
            raise TranscriptError(
                code="transcript_version",
                version=data.get("format_version"),
                supported=FORMAT_VERSION,
            )
        actions = _field(data, "actions", list)
        parsed_actions: list[tuple[Seat, dict[str, JSON]]] = []
        for step, entry in enumerate(actions, start=1):
            if (
                not isinstance(entry, dict)
                or type(entry.get("seat")) is not int
                or not isinstance(entry.get("action"), dict)
            ):
                raise TranscriptError(code="transcript_action", step=step)
            parsed_actions.append((entry["seat"], entry["action"]))
        result = data.get("result")
        return cls(
            game=_field(data, "game", str),
            rules_version=_field(data, "rules_version", str),
            options=_field(data, "options", dict),
            players=_field(data, "players", int),
            seed=_field(data, "seed", int),
            deck=_optional(data, "deck", list),
            actions=parsed_actions,
            result=_result(result) if result is not None else None,
            agents=_optional(data, "agents", list),
            lang=_optional(data, "lang", str),
        )

    @classmethod
    def loads(cls, text: str) -> Transcript:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise TranscriptError(
                code="transcript_json", reason=error.msg, line=error.lineno, column=error.colno
            ) from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: Path) -> Transcript:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise TranscriptError(
                code="transcript_unreadable", path=str(path), reason=str(error)
            ) from None
        try:
            return cls.loads(text)
        except TranscriptError as error:
            raise error.within(str(path)) from None


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TranscriptError(code=f"transcript_field_{_KIND_NAMES[kind]}", name=name)
    return value


def _optional(data: dict[str, Any], name: str, kind: type) -> Any:
    return _field(data, name, kind) if data.get(name) is not None else None


def _result(data: object) -> Result:
    if not isinstance(data, dict):
        raise TranscriptError(code="transcript_result")
    scores = data.get("scores")
    ranking = data.get("ranking")
    if not isinstance(scores, list) or not isinstance(ranking, list):
        raise TranscriptError(code="transcript_result_lists")
    return Result(tuple(scores), tuple(ranking))


#: The kind of a field's value, as its error code ends.
_KIND_NAMES = {int: "number", str: "string", list: "list", dict: "object"}


def result_of(game: Game[Any, Any, Any], state: object) -> Result:
    """The result of a finished game."""
    return Result(tuple(game.scores(state)), tuple(game.ranking(state)))


def start(game: Game[Any, Any, Any], transcript: Transcript, log: list[Event] | None = None) -> Any:
    """The initial state a transcript describes (its seed and deck, if any)."""
    if transcript.rules_version != game.spec.rules_version:
        raise TranscriptError(
            code="transcript_rules_version",
            recorded=transcript.rules_version,
            game=game.spec.id,
            plays=game.spec.rules_version,
        )
    return game.new_state(transcript.players, transcript.seed, transcript.deck, log)


Step = tuple[int, Seat | None, Any, list[Event], Any]


def replay_steps(game: Game[Any, Any, Any], transcript: Transcript) -> Iterator[Step]:
    """Yield ``(step, seat, action, events, state)`` for every recorded action, checked.

    Step 0 carries the deal's events with no seat or action. Raises
    :class:`TranscriptError` naming the step, the seat, the action and what was legal.
    """
    log: list[Event] = []
    state = start(game, transcript, log)
    yield 0, None, None, log, state
    for step, (seat, data) in enumerate(transcript.actions, start=1):
        if game.is_terminal(state):
            raise TranscriptError(code="transcript_over", step=step)
        player = seat + 1  # counted from 1, as on every screen
        try:
            action = game.action_from_json(data)
            acting = game.to_act(state)
            legal = game.legal_actions(state, seat) if seat in acting else []
            if not legal:
                waiting = ", ".join(str(s + 1) for s in acting)
                raise TranscriptError(
                    code="transcript_not_acting", waiting=waiting, step=step, player=player
                )
            if game.legality_key(action) not in legal:
                allowed = ", ".join(map(str, legal))
                raise TranscriptError(
                    code="transcript_not_legal",
                    action=str(action),
                    legal=allowed,
                    step=step,
                    player=player,
                )
            events = game.play(state, seat, action)
        except TranscriptError:
            raise
        except SpieltischError as error:
            raise TranscriptError(
                code="transcript_step", error=str(error), step=step, player=player
            ) from None
        yield step, seat, action, events, state


def replay(game: Game[Any, Any, Any], transcript: Transcript, verify: bool = True) -> Any:
    """The state after every recorded action; with ``verify``, the recorded result (if any)
    must equal the recomputed one."""
    state = None
    for step in replay_steps(game, transcript):
        state = step[-1]
    if verify:
        check_result(game, state, transcript)
    return state


def check_result(game: Game[Any, Any, Any], state: Any, transcript: Transcript) -> None:
    """Raise :class:`TranscriptError` unless the transcript's result (if it records one) is
    the result of ``state``, the state its actions lead to."""
    if transcript.result is None:
        return
    if not game.is_terminal(state):
        raise TranscriptError(code="transcript_unfinished")
    recomputed = result_of(game, state)
    if _normal(recomputed) != _normal(transcript.result):
        raise TranscriptError(
            code="transcript_result_differs",
            recorded=transcript.result.to_json(),
            replayed=recomputed.to_json(),
        )


def _normal(result: Result) -> tuple[list[float], list[int]]:
    return [float(s) for s in result.scores], list(result.ranking)
