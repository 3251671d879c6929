"""The search decides exactly as before its settings became one checked record and it was
split into parts: its choices over every setting, against a fingerprint recorded before."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from spieltisch.bots import IsmctsBot, make_bot
from spieltisch.core.game import Game
from spieltisch.games import REGISTRY, make_game

#: Every setting at least once (a small budget each).
SPECS = (
    "ismcts:sims=12",
    "ismcts:sims=12:c=1.3:score=0",
    "ismcts:sims=16:batch=4",
    "ismcts:sims=16:horizon=6:cut=round",
    "ismcts:sims=8:tree=root:rollout=heuristic",
    "ismcts:sims=12:rollout=heuristic:opponents=heuristic:bias=0.5:horizon=12",
    "ismcts:sims=12:opponents=heuristic:bias=0.3:batch=3:horizon=12",
    "ismcts:sims=24:root=halving:horizon=8",
    "ismcts:sims=16:rollout=heuristic:opponents=heuristic:root=halving:tree=root:horizon=12",
    "ismcts:sims=20:rollout=heuristic:root=halving:tree=root:top=4:horizon=12:cut=round",
    "ismcts:sims=20:rollout=heuristic:root=halving:tree=root:top=5:switch=1:horizon=12",
    "ismcts:sims=20:rollout=heuristic:opponents=heuristic:root=halving:switch=0.5:horizon=12",
    "ismcts:sims=16:rollout=heuristic:root=halving:tree=root:facedown=model:horizon=12",
    "ismcts:sims=12:rollout=heuristic:opponents=heuristic:facedown=model:horizon=12",
    "ismcts:sims=12:rollout=heuristic:deals=belief:horizon=12",
    "ismcts:sims=16:rollout=heuristic:root=halving:tree=root:deals=belief:horizon=12",
)
#: Games whose heuristic ranks moves (``top=``) and games with a belief (``deals=belief``).
RANKING = ("dicht-dran", "cento", "triggs", "missionszahl")
BELIEVING = ("cento", "missionszahl")
FINGERPRINT = "01a09b4a44846a5d"


def positions(game: Game[Any, Any, Any], count: int) -> Iterator[tuple[Any, Any]]:
    """Decisions with a choice from a game of heuristic bots (the last seat to act of
    those committing at once, so that others have laid face down before it)."""
    state = game.new_state(4, 3)
    bots = [make_bot("heuristic", game, 30 + seat) for seat in range(4)]
    step = found = 0
    while not game.is_terminal(state) and found < count:
        seat = game.to_act(state)[-1]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        step += 1
        if len(legal) > 1 and step % 3 == 0:
            found += 1
            yield view, legal
        game.apply(state, seat, bots[seat].act(view, legal))


def test_the_search_chooses_as_it_did() -> None:
    digest = hashlib.sha256()
    for game_id in REGISTRY:
        game = make_game(game_id)
        for spec in SPECS:
            if ("top=" in spec and game_id not in RANKING) or (
                "deals=belief" in spec and game_id not in BELIEVING
            ):
                continue
            for number, (view, legal) in enumerate(positions(game, 1)):
                bot = make_bot(spec, game, 100 + number)
                assert isinstance(bot, IsmctsBot)
                action = bot.act(view, legal)
                digest.update(repr((game_id, spec, action, bot.last_simulations)).encode())
    assert digest.hexdigest()[:16] == FINGERPRINT, digest.hexdigest()[:16]
