"""Where the bridge gets "the list this server may see now": the `RootsSource` protocol and its store adapter.

The bridge codes against `RootsSource` only. `StoreRootsSource` implements it over the store file:
the store's folder is watched with `watchfiles` (inotify, FSEvents, ReadDirectoryChangesW), so an
edit from any process is seen at once, and access is re-checked off the event loop after every
edit and on a slow fallback timer. This is the one module to replace when the shared roots watcher
is used instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from app.core import access
from app.core.access import AccessResult
from app.core.model import ServerEntry, StoreData
from app.core.sharing import SharedRoot, visible_roots
from app.core.store import STORE_FILE, Store, StoreError

log = logging.getLogger(__name__)

Unsubscribe = Callable[[], None]

RECHECK_ENV = "ROOTKEEPER_BRIDGE_RECHECK_SECONDS"
DEFAULT_RECHECK_SECONDS = 15.0


class RootsSource(Protocol):
    """The bridge's view of the store: one server's entry and list, and a signal when either changes."""

    def entry(self) -> ServerEntry | None: ...

    def current(self) -> list[SharedRoot]: ...

    def subscribe(self, callback: Callable[[], None]) -> Unsubscribe: ...


def recheck_interval() -> float:
    try:
        value = float(os.environ.get(RECHECK_ENV, ""))
    except ValueError:
        return DEFAULT_RECHECK_SECONDS
    return value if value > 0 else DEFAULT_RECHECK_SECONDS


class StoreRootsSource:
    """`RootsSource` over the store file, live: watchfiles for edits, a fallback timer for access."""

    def __init__(self, store: Store, server_name: str, *, recheck_seconds: float | None = None) -> None:
        self._store = store
        self._name = server_name
        self._recheck_seconds = recheck_seconds or recheck_interval()
        self._data = StoreData()
        self._access: dict[str, AccessResult] = {}
        self._visible: list[SharedRoot] = []
        self._entry: ServerEntry | None = None
        self._callbacks: list[Callable[[], None]] = []
        self._stop = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._refresh_lock = asyncio.Lock()
        self._watching = asyncio.Event()

    # -- RootsSource ------------------------------------------------------------------------------

    def entry(self) -> ServerEntry | None:
        return self._entry

    def current(self) -> list[SharedRoot]:
        return list(self._visible)

    def subscribe(self, callback: Callable[[], None]) -> Unsubscribe:
        self._callbacks.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._callbacks.remove(callback)

        return unsubscribe

    # -- life -------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Watch first, then read: an edit made while starting is either read or seen by the watch."""
        self._tasks = [
            asyncio.create_task(self._watch_store(), name="bridge-store-watch"),
            asyncio.create_task(self._recheck_periodically(), name="bridge-access-recheck"),
        ]
        await self._watching.wait()
        await self.refresh()

    async def stop(self) -> None:
        self._stop.set()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []

    async def refresh(self) -> None:
        """Reload the store and re-check access; tell subscribers when the entry or the list changed."""
        async with self._refresh_lock:
            try:
                data = await asyncio.to_thread(self._store.load)
            except StoreError as exc:
                log.warning("store unreadable, keeping the last state: %s", exc)
                return
            items = [(root.id, root.path, root.is_file) for root in data.roots]
            results = await asyncio.to_thread(access.check_many, items)
            entry = data.server(self._name)
            visible = visible_roots(data, entry, results) if entry is not None else []
            changed = visible != self._visible or _entry_key(entry) != _entry_key(self._entry)
            self._data, self._access, self._entry, self._visible = data, results, entry, visible
        if changed:
            log.info("the list for %s is now %d root(s)", self._name, len(visible))
            for callback in list(self._callbacks):
                try:
                    callback()
                except Exception:  # one subscriber's bug must not stop the others
                    log.exception("a roots subscriber failed")

    async def _watch_store(self) -> None:
        import watchfiles

        home = self._store.home
        try:
            home.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            log.warning("cannot watch %s: %s", home, exc)
            self._watching.set()
            return

        def is_store(_change: watchfiles.Change, path: str) -> bool:
            return Path(path).name == STORE_FILE

        changes = watchfiles.awatch(
            home, watch_filter=is_store, debounce=50, step=20, stop_event=self._stop, recursive=False
        )
        try:
            pending = asyncio.ensure_future(anext(changes))
            # The generator's first step registers the OS watch before it first waits; asyncio runs
            # that step before this coroutine resumes, so the watch is live once `_watching` is set.
            await asyncio.sleep(0)
            self._watching.set()
            while True:
                await pending
                await self.refresh()
                pending = asyncio.ensure_future(anext(changes))
        except StopAsyncIteration:
            return
        except Exception:
            log.exception("watching the store stopped; only the fallback re-check remains")
        finally:
            self._watching.set()
            await changes.aclose()

    async def _recheck_periodically(self) -> None:
        while not self._stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), timeout=self._recheck_seconds)
            if not self._stop.is_set():
                await self.refresh()


def _entry_key(entry: ServerEntry | None) -> str | None:
    return entry.model_dump_json(exclude={"added_at"}) if entry is not None else None
