"""How fast a hub starts its servers and retries them: how many start at once, and how retries spread out.

Starting a stdio server is mostly CPU (an interpreter or a runtime loading its libraries). Fifty
started at once on two cores each take as long as all fifty together, so every one of them runs
into its connect deadline; a few at a time, each starts in about its own time and the whole set is
done no later. Retries are spread over a random part of their delay, so servers that failed
together (all were started together) do not come back together.
"""

from __future__ import annotations

import os
import random

SLOTS_PER_CPU = 4
"""Servers starting at once per CPU. Measured with 50 Python SDK servers on 2 CPUs: 4 slots took 1.5× as long
as 50 spawned at once, 6 to 16 slots about as long (a start also waits on its files, its pipes and the hub)."""
MIN_START_SLOTS = 4
START_SLOT_HOLD = 5.0
"""Seconds one starting server may keep its slot: a server that hangs at start holds up the rest only this long
(it still has its whole connect deadline, counted from its own start)."""
JITTER = 0.5
"""A retry waits between (1 - JITTER) and all of its delay."""


def start_slots(cpu_count: int | None) -> int:
    """How many stdio servers a hub starts at once on a machine with `cpu_count` CPUs (None: unknown)."""
    return max(MIN_START_SLOTS, SLOTS_PER_CPU * (cpu_count or 1))


def usable_cpus() -> int | None:
    """The CPUs this process may run on (fewer than the machine has in a container or under `taskset`)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every platform
        return os.cpu_count()


def jittered(delay: float, draw: random.Random | None = None) -> float:
    """`delay` shortened by a random part of up to `JITTER` of it."""
    fraction = (draw or _draw).random()
    return delay * (1 - JITTER * fraction)


_draw = random.Random()
