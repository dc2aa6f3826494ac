"""The one way tests wait: poll a predicate until it holds, or fail saying what never came.

Tests never assert on how long something took; the timeout is a hang guard, sized for a loaded machine.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

WAIT = 30.0
"""Bound for anything that should happen within a second or two; only a hang gets near it."""

LONG_WAIT = 90.0
"""The hang guard of the connection tests, where many SDK servers start at once on a loaded machine."""

POLL = 0.02


def _timed_out(what: str, timeout: float) -> AssertionError:
    return AssertionError(f"timed out after {timeout:g} s waiting for {what}")


async def eventually(predicate: Callable[[], T], what: str, timeout: float = WAIT) -> T:
    """Poll `predicate()` (with the loop running) until it is truthy, and return that value."""
    deadline = time.monotonic() + timeout
    while not (value := predicate()):
        if time.monotonic() > deadline:
            raise _timed_out(what, timeout)
        await asyncio.sleep(POLL)
    return value


def eventually_sync(predicate: Callable[[], T], what: str, timeout: float = WAIT) -> T:
    """`eventually` for tests without an event loop: blocks this thread while polling."""
    deadline = time.monotonic() + timeout
    while not (value := predicate()):
        if time.monotonic() > deadline:
            raise _timed_out(what, timeout)
        time.sleep(POLL)
    return value
