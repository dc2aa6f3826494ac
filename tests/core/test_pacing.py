"""How many servers a hub starts at once, and how retries spread out."""

from __future__ import annotations

import random

from app.core.pacing import JITTER, MIN_START_SLOTS, SLOTS_PER_CPU, jittered, start_slots


def test_start_slots_grow_with_the_cpus_and_never_fall_below_the_minimum() -> None:
    assert start_slots(None) == start_slots(1) == max(MIN_START_SLOTS, SLOTS_PER_CPU)
    assert start_slots(2) == 2 * SLOTS_PER_CPU
    assert start_slots(16) == 16 * SLOTS_PER_CPU


def test_a_jittered_delay_stays_within_its_share_of_the_delay_and_varies() -> None:
    draw = random.Random(7)
    delays = [jittered(2.0, draw) for _ in range(200)]
    assert all(2.0 * (1 - JITTER) <= delay <= 2.0 for delay in delays)
    assert len(set(delays)) == len(delays)
