"""Full garbage collections on a clock, for a server that runs for days.

Python frees most objects at once, but objects in reference cycles (a closed connection,
its tasks and protocol, an exception and its frames) only in a collection, and objects
that lived through two young collections only in a full one. The interpreter runs a full
collection when the objects promoted since the last one exceed a quarter of those kept, so
under a burst of connections (a flood, many clients leaving at once) the garbage of one
burst waits until the next burst, and the next burst takes fresh memory beside it. Each
burst then leaves the process a little bigger: 2 MB a round in ``bench_abuse.py``.

A full collection on a clock frees that garbage between bursts, so the next one reuses its
memory. It stops the event loop while it walks every object (a few hundred ms for a million
objects), so it is paced by its own cost: never more than a set share of the time.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

from spieltisch.server.defaults import FULL_COLLECTION_SECONDS, FULL_COLLECTION_SHARE

log = logging.getLogger("spieltisch.server")


def pause_after(took: float, every: float, share: float = FULL_COLLECTION_SHARE) -> float:
    """Seconds to wait after a full collection that took ``took`` s: ``every`` s, or longer
    when collections would otherwise take more than ``share`` of the time."""
    return max(every, took / share)


async def collect_garbage(
    every: float = FULL_COLLECTION_SECONDS, share: float = FULL_COLLECTION_SHARE
) -> None:
    """Run a full collection every ``every`` seconds, or less often when it is slow (see
    :func:`pause_after`), until cancelled."""
    wait = every
    while True:
        await asyncio.sleep(wait)
        began = time.perf_counter()
        found = gc.collect()
        took = time.perf_counter() - began
        wait = pause_after(took, every, share)
        log.debug("full collection: %d objects freed in %.0f ms", found, took * 1000)
