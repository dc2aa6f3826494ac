"""Taking the hub lock from a headless hub: ask it to stop, then retry the lock with backoff until a deadline."""

from __future__ import annotations

import asyncio

from app.core.system.hublock import TAKEOVER_TIMEOUT, HubLock


async def take_over(lock: HubLock, timeout: float = TAKEOVER_TIMEOUT) -> bool:
    """Take `lock`, asking a headless hub of this user to stop first; False when it cannot be had.

    After SIGTERM (see `HubLock.ask_headless_to_stop`) the lock is retried without blocking, with
    backoff, until `timeout`.
    """
    asked = lock.ask_headless_to_stop()
    if asked is not None:
        return asked
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    delay = 0.01
    while not lock.try_acquire():
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(min(delay, max(0.0, deadline - loop.time())))
        delay = min(delay * 2, 0.5)
    return True
