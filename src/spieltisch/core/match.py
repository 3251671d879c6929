"""The match loop: seats ask their agents for actions, the engine checks and applies them.

Agents (bots, a person at the terminal, a remote client) receive the seat's view and its
legal actions, never the state. An agent that answers with an action outside those legal
actions stops the match with :class:`IllegalActionError`: nothing is ever substituted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from spieltisch.core.errors import IllegalActionError
from spieltisch.core.game import Event, Game, Seat, View
from spieltisch.core.transcript import Transcript, result_of, start


class Agent(Protocol):
    """Whoever decides for a seat. ``wants_view`` is false for agents that ignore the view
    (the random bot), which spares the engine building it."""

    name: str
    wants_view: bool

    def act(self, view: View | None, legal: Sequence[Any]) -> Any:
        """One of ``legal``, chosen knowing only ``view``."""
        ...


Observer = Callable[[list[Event]], None]


@dataclass(slots=True)
class Match:
    """A game played out: its final state and its transcript."""

    state: Any
    transcript: Transcript


def new_transcript(
    game: Game[Any, Any, Any],
    players: int,
    seed: int,
    deck: Sequence[Any] | None = None,
    agents: Sequence[Agent] | None = None,
) -> Transcript:
    """An empty transcript for a game about to start."""
    return Transcript(
        game=game.spec.id,
        rules_version=game.spec.rules_version,
        options=dict(game.options),
        players=players,
        seed=seed,
        deck=list(deck) if deck is not None else None,
        agents=[agent.name for agent in agents] if agents is not None else None,
    )


def next_action(game: Game[Any, Any, Any], state: Any, agents: Sequence[Agent]) -> tuple[Seat, Any]:
    """The seat that acts next and the action its agent chose, from that seat's view and
    legal actions; an action outside them raises :class:`IllegalActionError` naming the
    agent (nothing is ever substituted)."""
    seat = game.to_act(state)[0]
    agent = agents[seat]
    legal = game.legal_actions(state, seat)
    action = agent.act(game.view(state, seat) if agent.wants_view else None, legal)
    try:
        game.check_legal(state, seat, action, legal)
    except IllegalActionError as error:
        raise IllegalActionError(f"{agent.name} at seat {seat}: {error}") from None
    return seat, action


def play_match(
    game: Game[Any, Any, Any],
    agents: Sequence[Agent],
    seed: int,
    deck: Sequence[Any] | None = None,
    observer: Observer | None = None,
    transcript: Transcript | None = None,
) -> Match:
    """Play a whole game, one agent per seat, and record it.

    ``observer`` (a display, a log) receives each batch of events (it filters them by
    visibility); without one no events are built. A ``transcript`` with recorded actions
    is continued: its actions are replayed first (checked), then the agents play on.
    """
    if transcript is None:
        transcript = new_transcript(game, len(agents), seed, deck, agents)
    log: list[Event] | None = [] if observer is not None else None
    state = start(game, transcript, log)
    for seat, data in transcript.actions:
        game.play(state, seat, game.action_from_json(data))
    if observer is not None and log is not None:
        observer(log)
    actions = transcript.actions
    while not game.is_terminal(state):
        seat, action = next_action(game, state, agents)
        actions.append((seat, action.to_json()))
        if observer is None:
            game.apply(state, seat, action)
        else:
            events: list[Event] = []
            game.apply(state, seat, action, events)
            observer(events)
    transcript.result = result_of(game, state)
    return Match(state, transcript)


__all__ = ["Agent", "Match", "Observer", "Seat", "new_transcript", "next_action", "play_match"]
