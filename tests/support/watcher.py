"""The roots watcher under test: built with every fallback interval set to hours, and started with a recorder.

With no poll due for hours, whatever a test sees arrived through an event from the operating system.
The store and folders it watches are the `store` and `folders` fixtures (tests/conftest.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from app.core.roots.access import AccessChecker
from app.core.store.store import Store
from app.engine.watcher.watcher import RootsWatcher, WatchEvent

HOURS = 3 * 3600.0


class Recorder:
    """The events a watcher sends, as they come, and the list it shows each server."""

    def __init__(self, watcher: RootsWatcher) -> None:
        self.events: list[WatchEvent] = []
        self.watcher = watcher
        watcher.subscribe(self.events.append)

    def uris(self, server: str = "all") -> list[str]:
        return [shared.uri for shared in self.watcher.visible(server)]


def make_watcher(store: Store, **options: float | AccessChecker) -> RootsWatcher:
    """A watcher over `store` whose fallback intervals are hours, unless `options` say otherwise."""
    settings: dict[str, float | AccessChecker] = {
        "fallback_recheck": HOURS, "failing_recheck": HOURS, "store_fallback_poll": HOURS
    }
    settings.update(options)
    return RootsWatcher(store, **settings)  # type: ignore[arg-type]


@contextlib.asynccontextmanager
async def started(watcher: RootsWatcher) -> AsyncIterator[Recorder]:
    """`watcher` started, recorded from before its start, and stopped at the end of the block."""
    recorder = Recorder(watcher)
    await watcher.start()
    try:
        yield recorder
    finally:
        await watcher.stop()
