"""Spieltisch for learning programs: PettingZoo (:mod:`.pettingzoo`), Gymnasium
(:mod:`.gymnasium`) and OpenSpiel (:mod:`.openspiel`) interfaces to every game.

Importing this package registers the Gymnasium environments ``spieltisch/<game id>-v1``
(``gymnasium.make("spieltisch/dicht-dran-v1", players=4, opponents="heuristic")``). The
interfaces need the ``rl`` extra: ``pip install 'spieltisch[rl]'``.
"""

from __future__ import annotations

# Imported under other names: ``spieltisch.rl.gymnasium`` and ``spieltisch.rl.pettingzoo``
# are this package's modules.
try:
    import gymnasium as _gymnasium
    import pettingzoo as _pettingzoo  # noqa: F401  (checked here: every interface fails alike)
except ImportError as missing:  # pragma: no cover - the test extra installs them
    raise ImportError(
        f"spieltisch.rl needs the rl extra ({missing.name} is missing): "
        "pip install 'spieltisch[rl]'"
    ) from missing

from spieltisch.games import descriptors

#: The Gymnasium id of every registered game.
GYM_IDS: dict[str, str] = {entry.id: f"spieltisch/{entry.id}-v1" for entry in descriptors()}

for _game, _env_id in GYM_IDS.items():
    if _env_id not in _gymnasium.registry:
        _gymnasium.register(
            id=_env_id,
            entry_point="spieltisch.rl.gymnasium:SpieltischEnv",
            kwargs={"game": _game},
            disable_env_checker=False,
        )

__all__ = ["GYM_IDS"]
