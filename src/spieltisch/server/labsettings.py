"""The lab's settings: how many jobs run at once and how large they may be. Kept apart from
:mod:`spieltisch.server.jobs` so that ``spieltisch serve --help`` shows the defaults without
importing the server."""

from __future__ import annotations

import os
from dataclasses import dataclass

#: Jobs running at once on the whole server, and for one client address, by default.
DEFAULT_JOBS = max(2, os.cpu_count() or 1)
DEFAULT_PER_CLIENT = 2


@dataclass(frozen=True, slots=True)
class LabLimits:
    """The lab's settings (``spieltisch serve --lab-…``; docs/server.md)."""

    #: Jobs running at once on the whole server (every process together).
    jobs: int = DEFAULT_JOBS
    #: Jobs running at once for one client address.
    per_client: int = DEFAULT_PER_CLIENT
    #: Games a simulation may ask for (per variant).
    max_games: int = 100_000
    #: Trials a tuning run may ask for, and its games in all (trials × games).
    max_trials: int = 200
    max_tune_games: int = 1_000_000
    #: Seconds without a heartbeat after which a running job counts as lost.
    stale: float = 15.0
    #: How often a job lost to a restart is started again before it ends ``interrupted``.
    restarts: int = 2
    #: Play on Ray: "" a local Ray instance, an address a cluster; ``None``: in processes.
    ray_address: str | None = None
