"""How many servers a hub starts at once, and how retries spread out."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from app.core.servers.pacing import (
    JITTER,
    MIN_START_SLOTS,
    SLOTS_PER_CPU,
    CpuTimes,
    _psutil_cpu_times,
    cpu_times,
    jittered,
    start_slots,
    starved_between,
)


def test_start_slots_grow_with_the_cpus_and_never_fall_below_the_minimum() -> None:
    assert start_slots(None) == start_slots(1) == max(MIN_START_SLOTS, SLOTS_PER_CPU)
    assert start_slots(2) == 2 * SLOTS_PER_CPU
    assert start_slots(16) == 16 * SLOTS_PER_CPU


def test_a_jittered_delay_stays_within_its_share_of_the_delay_and_varies() -> None:
    draw = random.Random(7)
    delays = [jittered(2.0, draw) for _ in range(200)]
    assert all(2.0 * (1 - JITTER) <= delay <= 2.0 for delay in delays)
    assert len(set(delays)) == len(delays)


def test_a_start_is_starved_only_when_the_cpus_were_busy_nearly_all_the_time() -> None:
    then = CpuTimes(busy=1000, total=2000)
    assert starved_between(then, CpuTimes(busy=1000 + 95, total=2000 + 100))
    assert not starved_between(then, CpuTimes(busy=1000 + 50, total=2000 + 100))
    assert not starved_between(then, then)  # no time passed: nothing known
    assert not starved_between(None, then) and not starved_between(then, None)


@pytest.mark.parametrize("read", [cpu_times, _psutil_cpu_times], ids=["here", "psutil"])
def test_the_machines_cpu_times_are_read_and_grow(read: Callable[[], CpuTimes | None]) -> None:
    """Read from /proc/stat on Linux, from psutil elsewhere (macOS, Windows); psutil is tried here too."""
    first = read()
    assert first is not None and 0 < first.busy < first.total
    sum(range(2_000_000))  # some busy time of this process's own
    later = read()
    assert later is not None and later.busy > first.busy and later.total > first.total


def test_cpu_times_count_waiting_on_a_disk_as_idle_and_refuse_a_line_they_do_not_know(tmp_path: Path) -> None:
    stat = tmp_path / "stat"
    stat.write_text("cpu  100 1 20 500 70 2 3 4 0 0\ncpu0 50 0 10 250 35 1 1 2 0 0\n")
    assert cpu_times(str(stat)) == CpuTimes(busy=100 + 1 + 20 + 2 + 3 + 4, total=100 + 1 + 20 + 500 + 70 + 2 + 3 + 4)
    for text in ("cpu  100 1 20 500\n", "intr 1 2 3 4 5 6 7 8 9\n", "", "cpu  a b c d e f g h\n"):
        stat.write_text(text)
        assert cpu_times(str(stat)) is None, text
    assert cpu_times(str(tmp_path / "missing")) is None
