"""The shapes of the API's requests and answers, for validation and the OpenAPI document."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Lang = Literal["de", "en"]
LANGS = ("de", "en")
#: The most frames a seat state holds; a client further behind gets the latest one only.
FRAMES_KEPT = 32


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateTable(_Strict):
    game: str = Field(description="a game id from GET /api/games", examples=["dicht-dran"])
    players: int = Field(description="number of players, within the game's seat range")
    options: dict[str, Any] = Field(
        default_factory=dict, description="rule options by name (see GET /api/games)"
    )
    seats: list[str] = Field(
        description="one per player: 'human', a bot level 'bot:easy', 'bot:medium', 'bot:hard' "
        "or a raw bot spec 'bot:<spec>' (bot:heuristic, bot:ismcts:time=1)",
        examples=[["human", "human", "bot:medium", "bot:hard"]],
    )
    names: list[str | None] | None = Field(
        default=None,
        description="optional, one per player: a person's chosen name (1-24 printable "
        "characters) for the seats the creator fills, null to ask later (a bot seat: null "
        "gives it a friendly name)",
        examples=[["Anna", None, None, None]],
    )
    seed: int | None = Field(
        default=None,
        description="shuffle seed, for tests and replays: whoever knows it knows every card",
    )


class ActionRequest(_Strict):
    token: str = Field(description="the acting seat's secret token")
    action: dict[str, Any] = Field(description="the action's JSON form, from legal_actions")
    step: int | None = Field(
        default=None,
        description="optional: the 'step' of the state the client acted on; the action is "
        "refused as stale if a step since changed what this seat may do (other seats "
        "committing in the same simultaneous round do not)",
    )


class Error(BaseModel):
    error: str = Field(description="one line: what was wrong and what is allowed")
    code: str | None = Field(
        None, description="for a refused game, option, bot, transcript: a stable error code"
    )
    params: dict[str, Any] | None = Field(None, description="the values the message names")


class SeatCreated(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = Field(description="the bot spec of a bot seat")
    level: Literal["easy", "medium", "hard"] | None = Field(description="a bot seat's level")
    name: str = Field(description="the seat's name ('' for a person not yet named)")
    token: str | None = Field(description="the secret token of a human seat (shown only once)")
    invite_url: str | None = Field(description="the link for the person at this seat")


class TableCreated(BaseModel):
    table: str
    game: str
    players: int
    seats: list[SeatCreated]
    spectator_url: str


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = Field(description="the bot's spec, for experts (never show it to players)")
    level: Literal["easy", "medium", "hard"] | None = Field(
        description="the bot's strength level; null for a person or a raw spec"
    )
    name: str = Field(
        description="the person's chosen name, a bot's friendly first name (stable within "
        "the table), or '' for a person who has not named themself yet"
    )
    connected: bool = Field(description="whether a person has this seat open right now")
    away: bool = Field(description="whether a bot plays for this seat's absent person now")


class TableNote(BaseModel):
    """A line the table itself tells (not the game): a person away or back."""

    n: int = Field(description="its number at this table, from 1")
    kind: Literal["away", "back"]
    seat: int
    seq: int = Field(description="the number of the game's last event before it")
    step: int = Field(description="the number of actions played before it")
    text: str = Field(description="the line in lang, worded for the reader")


class AgainLink(BaseModel):
    table: str = Field(description="the new table's id")
    url: str = Field(
        description="this seat's link at the new table (spectators: the spectator "
        "link), relative to the server"
    )


class NameRequest(_Strict):
    name: str = Field(description="1-24 printable characters (trimmed)")


class NameOut(BaseModel):
    seat: int
    name: str


class ReplaySeat(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    level: Literal["easy", "medium", "hard"] | None
    name: str


class LegalAction(BaseModel):
    action: dict[str, Any] = Field(description="the JSON form to send back")
    text: str = Field(description="the action's text form")
    label: str = Field(description="the shortest text a person can type for it, in lang")


class EventOut(BaseModel):
    seq: int = Field(description="the event's number at this table, from 1")
    kind: str
    data: dict[str, Any]
    text: str = Field(description="the event in words, in lang")
    told_better: bool = Field(
        False,
        description="the next event tells this reader the same and more: a log leaves this out",
    )


class ResultOut(BaseModel):
    scores: list[float]
    ranking: list[int] = Field(description="each seat's place, 1 = first, shared on ties")


class Frame(BaseModel):
    """One step as one seat saw it."""

    step: int = Field(description="the step's number: 0 the deal, then each action from 1")
    seat: int | None = Field(description="the seat that acted; null for the deal")
    events: list[EventOut] = Field(description="the events of this step this seat may see")
    view: dict[str, Any] = Field(description="this seat's view after this step")


class SeatState(BaseModel):
    """What one seat (or a spectator) is shown: its own view, never the state."""

    table: str
    game: str
    players: int
    seat: int | None = Field(description="null for a spectator")
    seats: list[SeatInfo]
    view: dict[str, Any] = Field(description="the game's view for this seat (view.to_json())")
    to_act: list[int] = Field(description="the seats that must act now")
    legal_actions: list[LegalAction] = Field(description="this seat's legal actions now")
    events: list[EventOut] = Field(description="events this seat may see, after 'since'")
    over: bool
    result: ResultOut | None
    last_seq: int = Field(description="the number of the table's latest event")
    step: int = Field(description="the number of actions played so far")
    bot_error: str | None = Field(
        description="why the bots stopped (a bot failed several times); null while they play"
    )
    bot_error_code: Literal["bots_stuck"] | None = Field(
        description="'bots_stuck' while bot_error is set (worded by GET /api/errors/words)"
    )
    frames: list[Frame] = Field(
        description="each step after 'since' (the deal, then every action), in order; the last "
        f"one's view is 'view'. More than {FRAMES_KEPT} such steps: the latest frame only"
    )
    frames_skipped: int = Field(
        description="how many steps after 'since' have no frame: 0, or all but the latest "
        f"when more than {FRAMES_KEPT} are"
    )
    table_log: list[TableNote] = Field(
        description="every line the table itself told so far (a person away, back), in order; "
        "'seq' places each among the game's events"
    )
    again: AgainLink | None = Field(
        description="once someone asked to play again: the new table and this seat's link there"
    )


class OptionInfo(BaseModel):
    name: str
    type: Literal["bool", "int", "choice", "text"]
    default: bool | int | str
    min: int | None = None
    max: int | None = None
    choices: list[str] | None = None
    help_de: str
    help_en: str


class BotInfo(BaseModel):
    spec: str = Field(description="use as 'bot:<spec>' in seats")
    name_de: str
    name_en: str


class LevelInfo(BaseModel):
    id: Literal["easy", "medium", "hard"]
    spec: str = Field(description="the bot the level plays with (for experts)")
    name_de: str
    name_en: str


class GameInfo(BaseModel):
    id: str
    name_de: str
    name_en: str
    rules_version: str
    min_players: int
    max_players: int
    options: list[OptionInfo]
    bots: list[BotInfo] = Field(description="the bot presets for this game, strongest last")
    browser_module: bool = Field(
        description="the browser table draws this game with js/games/<id>.js (else generically)"
    )
    levels: list[LevelInfo] = Field(
        description="the bot strength levels, weakest first: seat 'bot:<id>'"
    )


class GamesOut(BaseModel):
    games: list[GameInfo]
    bots: list[BotInfo]


class RulesOut(BaseModel):
    game: str
    lang: Lang
    markdown: str = Field(description="the rules as implemented, as Markdown")


class FacesOut(BaseModel):
    game: str
    cards: dict[str, dict[str, Any]] = Field(
        description="each card, by its JSON form in the views as a string, with what is printed "
        "on it: Dicht dran chilis and colour; Cento kind and digits; Missionszahl name, colour, "
        "value and symbol (empty for games whose cards show only their number)"
    )
    names: dict[str, dict[str, Any]] = Field(
        description="by language (de, en): the words for what the cards show (Missionszahl: "
        "colours and symbols)"
    )


class ReplayStep(Frame):
    """One step as a spectator saw it, with the action."""

    action: dict[str, Any] | None
    text: str | None
    label: str | None


class ReplayOut(BaseModel):
    game: str
    players: int
    seats: list[ReplaySeat]
    faces: FacesOut = Field(description="what each card shows in this game (its rule options)")
    steps: list[ReplayStep]
    result: ResultOut | None
