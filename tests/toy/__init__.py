"""The toy game and its descriptor: what a new game writes to plug into every face.

Registering it is one line, ``register(DESCRIPTOR)`` (in ``spieltisch.games`` for a real
game); the tests register it for a while with ``registered(DESCRIPTOR)``.
"""

from spieltisch.core.descriptor import GameDescriptor
from tests.toy.game import ToyTricks

DESCRIPTOR = GameDescriptor(ToyTricks, heuristic="tests.toy.bot:make")
