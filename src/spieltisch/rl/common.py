"""What the RL interfaces (PettingZoo, Gymnasium, OpenSpiel) share: how a game is made for
learning programs, the agents' names, the action mask and the rewards.

Rewards (the same in every interface): nothing until the game ends; then each seat gets its
win share minus the average share: ``1/k − 1/n`` for a ``k``-way shared first place among
``n`` players (by the game's ranking, its tie-breaks included) and ``−1/n`` for every other
seat. The rewards of a game sum to 0 (zero-sum,
as OpenSpiel expects), a sole win is worth ``1 − 1/n``, and a seat learns to win rather than
to pile up points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from spieltisch.core.errors import OptionError, SeatCountError
from spieltisch.core.game import Game, Seat
from spieltisch.games import make_game

#: A PettingZoo agent is ``player_<seat>``.
AGENT_PREFIX = "player_"

#: Options the RL interfaces set for a game unless told otherwise: Magic Numbers answers by
#: choosing among four offered meanings (its free-text answers cannot be picked from a mask)
#: and the program judges them.
RL_DEFAULTS: dict[str, dict[str, Any]] = {
    "magic-numbers": {"answers": "choice", "judge": "auto"},
}


def make_rl_game(game_id: str, options: Mapping[str, Any] | None = None) -> Game[Any, Any, Any]:
    """The game ``game_id`` with ``options`` for learning programs: every decision is one of
    ``game.num_distinct_actions`` integer actions (:data:`RL_DEFAULTS`). Raises
    :class:`OptionError` for options that need a person (typed answers, a quizmaster)."""
    chosen = {**RL_DEFAULTS.get(game_id, {}), **(options or {})}
    game = make_game(game_id, chosen)
    for key, needed in RL_DEFAULTS.get(game_id, {}).items():
        if game.options[key] != needed:
            raise OptionError(
                f"{game_id}: the RL interfaces need {key}={needed} "
                f"(got {key}={game.options[key]}); every decision must be one of the listed actions"
            )
    return game


def seat_count(game: Game[Any, Any, Any], players: int | None) -> int:
    """``players`` checked against the game's seat range; ``None``: the fewest it allows."""
    count = game.spec.min_seats if players is None else players
    if type(count) is not int:
        raise SeatCountError(
            code="seat_count",
            game=game.spec.id,
            low=game.spec.min_seats,
            high=game.spec.max_seats,
            players=str(count),
        )
    game.spec.check_seats(count)
    return count


def agent_name(seat: Seat) -> str:
    """The agent that plays ``seat``: ``player_0`` for the first seat."""
    return f"{AGENT_PREFIX}{seat}"


def seat_of(agent: str) -> Seat:
    """The seat ``agent`` plays."""
    return int(agent.removeprefix(AGENT_PREFIX))


def agent_names(players: int) -> list[str]:
    """Every agent of a game for ``players`` seats, in seat order."""
    return [agent_name(seat) for seat in range(players)]


def action_codes(game: Game[Any, Any, Any]) -> dict[Any, int]:
    """Every listed action of ``game`` with its integer id (``game.encode``), for masks."""
    return {action: game.encode(action) for action in game.action_table}


def action_ids(game: Game[Any, Any, Any]) -> dict[int, int]:
    """The integer id of every listed action of ``game`` by the action object's identity
    (``id``). A game's legal actions are nearly always the very objects of its
    ``action_table``, which its class keeps alive, so an id found here is that object's;
    looking it up saves hashing the action (a frozen dataclass hashes its fields in Python
    at every call). Other objects are looked up by value (:func:`action_mask`)."""
    return {id(action): code for action, code in action_codes(game).items()}


def legal_ids(
    game: Game[Any, Any, Any],
    legal: Sequence[Any],
    codes: dict[Any, int] | None = None,
    ids: dict[int, int] | None = None,
) -> list[int]:
    """The integer ids of the actions ``legal`` (in their order): found by the action
    objects' identities in ``ids`` (:func:`action_ids`) where they are the game's own, else by
    value in ``codes`` (:func:`action_codes`), else by the game's codec."""
    if ids is not None:
        try:
            return list(map(ids.__getitem__, map(id, legal)))
        except KeyError:  # not all of them the game's own objects
            pass
    if codes is not None:
        return [codes[action] for action in legal]
    return [game.encode(action) for action in legal]


def action_mask(
    game: Game[Any, Any, Any],
    state: Any,
    seat: Seat,
    codes: dict[Any, int] | None = None,
    legal: Sequence[Any] | None = None,
    ids: dict[int, int] | None = None,
) -> npt.NDArray[np.int8]:
    """1 at the integer id of every action ``seat`` may take now (all 0 if it need not act);
    ``codes`` (:func:`action_codes`) and ``ids`` (:func:`action_ids`) save asking the codec
    for each, ``legal`` saves asking the game again for the seat's legal actions."""
    if legal is None:
        legal = game.legal_actions(state, seat)
    return mask_of(game.num_distinct_actions, legal_ids(game, legal, codes, ids))


def mask_of(actions: int, numbers: Sequence[int]) -> npt.NDArray[np.int8]:
    """A mask of ``actions`` entries, 1 at the ids ``numbers``."""
    mask = np.zeros(actions, dtype=np.int8)
    if numbers:
        mask[np.fromiter(numbers, np.intp, len(numbers))] = 1
    return mask


def win_shares(ranking: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's share of the win: ``1/k`` for each of the ``k`` seats in first place."""
    winners = ranking.count(1)
    return tuple(1.0 / winners if place == 1 else 0.0 for place in ranking)


def final_rewards(game: Game[Any, Any, Any], state: Any) -> tuple[float, ...]:
    """Each seat's reward for a finished game: its win share (by the game's own ranking,
    tie-breaks included) minus ``1/players``, so that the rewards sum to 0."""
    shares = win_shares(game.ranking(state))
    mean = 1.0 / len(shares)
    return tuple(share - mean for share in shares)
