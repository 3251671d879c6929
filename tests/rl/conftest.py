"""The RL interface tests need the ``rl`` extra (PettingZoo, Gymnasium), which the ``test``
extra installs."""

from __future__ import annotations

from spieltisch.games import descriptors, make_game

#: Every registered game with every player count it allows.
CASES = [
    (entry.id, players)
    for entry in descriptors()
    for players in make_game(entry.id).spec.seat_counts
]
