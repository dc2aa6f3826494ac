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
from typing import NamedTuple

SLOTS_PER_CPU = 4
"""Servers starting at once per CPU. Measured with 50 Python SDK servers on 2 CPUs: 4 slots took 1.5× as long
as 50 spawned at once, 6 to 16 slots about as long (a start also waits on its files, its pipes and the hub)."""
MIN_START_SLOTS = 4
START_SLOT_HOLD = 5.0
"""Seconds one starting server may keep its slot: a server that hangs at start holds up the rest only this long
(it still has its whole connect deadline, counted from its own start). Not while the CPUs are saturated: see
`starved_between`."""
STARVED = 0.9
"""The share of CPU time busy over a hold from which a start still running is taken as slow, not hung."""
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


class CpuTimes(NamedTuple):
    """The machine's CPU time so far, in clock ticks (hundredths of a second where psutil counts): busy, and in all."""

    busy: int
    total: int


PROC_STAT = "/proc/stat"


def cpu_times(path: str | None = None) -> CpuTimes | None:
    """Read from Linux's /proc/stat (or `path`), elsewhere from psutil; None where that is not known."""
    if path is None:
        if not os.path.exists(PROC_STAT):
            return _psutil_cpu_times()
        path = PROC_STAT
    try:
        with open(path, "rb") as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    try:
        user, nice, system, idle, iowait, irq, softirq, steal = (int(value) for value in fields[1:9])
    except ValueError:  # not the line of a kernel this reads (Linux 2.6.11 and later)
        return None
    if fields[0] != b"cpu":
        return None
    # Waiting on a disk or the network is idle: a server hanging on either is hung, not starved.
    busy = user + nice + system + irq + softirq + steal
    return CpuTimes(busy, busy + idle + iowait)


def _psutil_cpu_times() -> CpuTimes | None:
    """The same from psutil (macOS, Windows), counted the same way: waiting on a disk is idle."""
    try:
        import psutil

        times = psutil.cpu_times()
    except Exception:  # psutil missing, or a platform it does not cover
        return None
    total = sum(times) - getattr(times, "guest", 0.0) - getattr(times, "guest_nice", 0.0)  # Linux: inside user
    idle = times.idle + getattr(times, "iowait", 0.0)
    return CpuTimes(round((total - idle) * 100), round(total * 100))


def starved_between(then: CpuTimes | None, now: CpuTimes | None) -> bool:
    """Whether the CPUs were saturated from `then` to `now`, so a server still starting is slow, not hung.

    Fifty servers on a slow machine all outlasted the hold: each slot given back let another server
    start, the starts slowed each other past their connect deadlines, and every one was started again.
    Unknown (None) is not starved: the slot is given back as it always was.
    """
    if then is None or now is None or now.total <= then.total:
        return False
    return (now.busy - then.busy) / (now.total - then.total) >= STARVED


def jittered(delay: float, draw: random.Random | None = None) -> float:
    """`delay` shortened by a random part of up to `JITTER` of it."""
    fraction = (draw or _draw).random()
    return delay * (1 - JITTER * fraction)


_draw = random.Random()
