"""Tasks started in the background and held until they end, each failure logged under the task's name.

The event loop keeps only weak references to tasks, so a task nobody holds can be collected midway.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Iterator
from typing import Any

log = logging.getLogger(__name__)


class Chores:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self, work: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work, name=name)
        self.hold(task)
        return task

    def hold(self, task: asyncio.Task[None]) -> None:
        """Hold a task started elsewhere until it ends, and log what kills it."""
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def __iter__(self) -> Iterator[asyncio.Task[None]]:
        return iter(list(self._tasks))

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and (error := task.exception()) is not None:
            log.error("Background task %s failed", task.get_name(), exc_info=error)
