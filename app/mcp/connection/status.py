"""A connection's published status: replaced on every change, coalesced for roots fetches, awaitable."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from app.core.servers.status import ConnectionStatus

logger = logging.getLogger(__name__)

STATUS_COALESCE = 0.1
"""Roots fetches update the status at most this often (seconds), however fast a server asks."""


class StatusPublisher:
    """Holds the current `ConnectionStatus`, tells the listener of each change and wakes waiters."""

    def __init__(self, server_name: str, on_status: Callable[[ConnectionStatus], None] | None) -> None:
        self._server_name = server_name
        self._on_status = on_status
        self.current = ConnectionStatus()
        self._changed: asyncio.Event | None = None
        self._coalesced: asyncio.TimerHandle | None = None

    def publish(self, **changes: Any) -> None:
        self.current = self.current.replace(**changes)
        self._emit()

    def publish_soon(self, **changes: Any) -> None:
        """Change the status now, tell the listener within `STATUS_COALESCE` (one call for a burst)."""
        self.current = self.current.replace(**changes)
        if self._coalesced is None:
            self._coalesced = asyncio.get_running_loop().call_later(STATUS_COALESCE, self._emit)

    async def wait_for(
        self, predicate: Callable[[ConnectionStatus], bool], timeout: float | None = None
    ) -> ConnectionStatus:
        async with asyncio.timeout(timeout):
            while not predicate(self.current):
                if self._changed is None:
                    self._changed = asyncio.Event()
                await self._changed.wait()
        return self.current

    def _emit(self) -> None:
        if self._coalesced is not None:
            self._coalesced.cancel()
            self._coalesced = None
        if self._changed is not None:
            self._changed.set()
            self._changed = None
        if self._on_status is not None:
            try:
                self._on_status(self.current)
            except Exception:
                logger.exception("on_status for %s raised", self._server_name)
