"""The roots watcher's only periodic wake-up: the bounded fallback re-check (see `app.engine.watcher.watcher`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Iterable

from app.core.model import Root, StoreData
from app.core.store.store import Store
from app.engine.watcher.index import RootIndex, due_in_round
from app.engine.watcher.os_events import FolderEvents, MountTable, is_remote_filesystem

log = logging.getLogger("app.engine.watcher.watcher")


class FallbackRechecks:
    """What no event reports, re-checked now and then: the part of `RootsWatcher` that runs on a timer."""

    store: Store
    fallback_recheck: float
    failing_recheck: float
    store_fallback_poll: float
    _data: StoreData
    _roots: RootIndex
    _unwatched: set[str]
    _folders: FolderEvents | None
    _mounts: MountTable | None
    _wake_timer: asyncio.Event

    def _request_reload(self) -> None:
        raise NotImplementedError

    def _policy_changed(self) -> None:
        raise NotImplementedError

    async def _check(self, roots: Iterable[Root], *, publish: bool = True) -> None:
        raise NotImplementedError

    async def _fallback_timer(self) -> None:
        """The only periodic wake-up: the bounded re-check, failing roots more often than the rest."""
        now = time.monotonic()
        next_full = now + self.fallback_recheck
        next_failing = now + self.failing_recheck
        next_poll = now + self.store_fallback_poll
        rounds = 0
        was_failing = False
        while True:
            try:
                store_watched = str(self.store.home) not in self._unwatched and self._folders is not None
                failing = bool(self._roots.failing)
                if failing and not was_failing:  # a root just started failing: its retries count from now
                    next_failing = time.monotonic() + self.failing_recheck
                was_failing = failing
                due = [next_full, next_failing] if failing else [next_full]
                if not store_watched:
                    due.append(next_poll)
                # Not wait_for: on 3.11 it can swallow a stop's cancellation that lands with a wake-up.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(max(0.0, min(due) - time.monotonic())):
                        await self._wake_timer.wait()
                self._wake_timer.clear()
                now = time.monotonic()
                if now >= next_poll or now >= next_full:
                    next_poll = now + self.store_fallback_poll
                    self._request_reload()  # a stamp comparison: no read unless the file changed
                    self._policy_changed()
                if now >= next_full:
                    next_full = now + self.fallback_recheck
                    next_failing = now + self.failing_recheck
                    rounds += 1
                    await self._check(self._due_in_round(rounds))
                elif failing and now >= next_failing:
                    next_failing = now + self.failing_recheck
                    await self._check(self._roots.failing_roots())
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("The periodic re-check failed; it goes on at the next interval")
                next_full = time.monotonic() + self.fallback_recheck

    def _due_in_round(self, number: int) -> list[Root]:
        remote = [os.sep] if self._mounts is None else [  # no mount table: trust no file system to report
            point for point, fstype in self._mounts.mounts if is_remote_filesystem(fstype)]
        return due_in_round(self._roots, self._data.roots, number, self._unwatched, remote)
