"""The roots watcher: the one component that watches the store and checks access.

It owns the current `StoreData` and the access results, and keeps, per configured server, the list
that server may see (`sharing.visible_lists`, the one rule). Subscribers hear "the list server X may
see changed" as a `WatchEvent`; nobody else computes visibility.

Changes are seen as the operating system reports them, not by polling: the store's folder is
watched for another process's edit (each write is an atomic rename, so the stamp tells whether
anything really changed), each root's parent folder for the root being deleted, renamed or
re-permissioned, and the mount table for drives coming and going. An event re-checks only the
roots it concerns. A slow periodic re-check, failing roots more often, is the fallback for what no
event reports (network mounts, a folder further up renamed); otherwise the watcher never wakes up.

`RootsWatcher.load_once(store)` is the one-shot use (`rootkeeper call`): load, check, no watching.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from app.core.model import Root, StoreData
from app.core.policy import Policy
from app.core.roots.access import DEFAULT_TIMEOUT, AccessChecker, AccessResult, CheckItem
from app.core.roots.sharing import SharedRoot, SharedRootCache, visible_lists
from app.core.store.store import Stamp, Store
from app.core.system.collection_hold import collections_held
from app.engine.chores import Chores
from app.engine.watcher.changes import edited_in_place
from app.engine.watcher.events import OsEventHandling
from app.engine.watcher.fallback import FallbackRechecks
from app.engine.watcher.index import RootIndex
from app.engine.watcher.os_events import FolderEvents, MountTable, preload_folder_events
from app.engine.watcher.policy import PolicyWatch
from app.engine.watcher.results import RESULTS_PER_TURN, settle_long_lived, take_results, warm_shared, warmed_lists

log = logging.getLogger(__name__)

WatchKind = Literal["store", "access"]

STAGED: Stamp = (-2, -2, -2)
"""The stamp of a state taken before its file was written: no file has it, so the next reload reads the file."""

INLINE_LOAD_BYTES = 64 * 1024
"""A store up to this size is loaded on the event loop (well under a millisecond), a larger one on a thread."""


@dataclass(frozen=True)
class WatchEvent:
    """`kind` says what moved; `servers` are the servers whose visible list changed (maybe none)."""

    kind: WatchKind
    servers: frozenset[str]


WatchCallback = Callable[[WatchEvent], None]


class RootsWatcher(FallbackRechecks, OsEventHandling):
    def __init__(
        self,
        store: Store,
        *,
        check_timeout: float = DEFAULT_TIMEOUT,
        fallback_recheck: float = 60.0,
        failing_recheck: float = 15.0,
        store_fallback_poll: float = 5.0,
        checker: AccessChecker | None = None,
    ) -> None:
        self.store = store
        store.remember_writes()  # this process's own edits are read back as a copy, not parsed again
        self.fallback_recheck = fallback_recheck
        self.failing_recheck = failing_recheck
        self.store_fallback_poll = store_fallback_poll
        self._checker = checker or AccessChecker(timeout=check_timeout)
        self._data = StoreData()
        self._access: dict[str, AccessResult] = {}
        self._visible: dict[str, list[SharedRoot]] = {}
        self._shared = SharedRootCache()
        self._whole = False
        """Whether the held state was applied in full (then an edit in place can be applied alone)."""
        self._policy = PolicyWatch()
        self._roots = RootIndex()
        self._stamp: Stamp | None = None
        self._staged: StoreData | None = None
        """This process's edit taken before its file is written (`stage`)."""
        self._requested: dict[str, int] = {}  # root id -> number of the latest check asked for it
        self._applied: dict[str, int] = {}  # root id -> number of the check whose result is shown
        self._counter = 0
        self._subscribers: list[WatchCallback] = []
        self._tasks = Chores()
        self._reload_wanted = False
        self._reloading: asyncio.Task[None] | None = None
        self._wake_timer = asyncio.Event()
        self._folders: FolderEvents | None = None
        self._mounts: MountTable | None = None
        self._unwatched: set[str] = set()
        self._running = False
        self.refused_reads = 0
        """How often a changed store file was refused and the last good state kept (tests wait on it)."""

    # -- what subscribers read ---------------------------------------------------------------------

    @property
    def data(self) -> StoreData:
        return self._data

    @property
    def access(self) -> Mapping[str, AccessResult]:
        return self._access

    @property
    def policy(self) -> Policy:
        return self._policy.policy

    def visible(self, server_name: str) -> list[SharedRoot]:
        """The list `server_name` may see now (precomputed; do not modify it)."""
        return self._visible.get(server_name, [])

    def subscribe(self, callback: WatchCallback) -> Callable[[], None]:
        """Call `callback(event)` on every change; returns the function that unsubscribes it."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def reload_now(self) -> None:
        """Read the store again now (after this process edited it), without waiting for the OS event.

        A small store is applied before this returns (no task in between); a large one on a thread.
        """
        if self._staged is not None:  # this process's write is under way: `committed` looks again
            self._reload_wanted = True
            return
        if self._reloading is None or self._reloading.done():
            stamp = self.store.stamp()
            if stamp is not None and 0 <= stamp[2] <= INLINE_LOAD_BYTES:
                self._reload_wanted = False
                self._reload_inline(stamp)
                return
        self._request_reload()

    def stage(self, state: StoreData) -> None:
        """Take this process's edit before its file is written (`app.engine.store_edit`), so servers are told
        without waiting for the write's fsyncs; until `committed` or `abandoned`, the file is not read."""
        if self._running:
            self._staged = state
            self._take(STAGED, state)

    def committed(self, state: StoreData, stamp: Stamp | None) -> None:
        """`state` is on disk as `stamp` (taken under the store's lock, so it is that very file): taken
        without reading the file back, unless the file has changed again since."""
        if self._staged is state:
            self._staged = None
            if self._data is state:
                self._stamp = stamp
        elif self._running and self._staged is None and self._data is not state and self.store.stamp() == stamp:
            self._take(stamp, state)
        if self._data is not state or self._reload_wanted:
            self.reload_now()

    def abandoned(self, state: StoreData) -> None:
        """Writing `state` failed: the file as it is applies again."""
        if self._staged is state:
            self._staged = None
        self.reload_now()

    def recheck_now(self) -> None:
        """Re-check every root now."""
        self._tasks.start(self._check(self._data.roots), "rootkeeper-recheck")

    # -- lifecycle ---------------------------------------------------------------------------------

    @classmethod
    async def load_once(cls, store: Store, *, check_timeout: float = DEFAULT_TIMEOUT) -> RootsWatcher:
        """Load the store and check every root once, with no watching: `visible(name)` is then ready."""
        watcher = cls(store, check_timeout=check_timeout)
        try:
            await watcher._load_and_check()
        finally:
            watcher._checker.close()
        return watcher

    async def start(self, *, loaded: Callable[[StoreData], None] | None = None) -> None:
        """Load, check every root, then watch; `loaded(data)` is called between the load and the checks."""
        self._running = True
        await self._load_and_check(loaded)
        await asyncio.to_thread(preload_folder_events)
        self._folders = FolderEvents(self._on_paths)
        if MountTable.available():
            self._mounts = MountTable(self._on_mounts)
            try:
                self._mounts.start()
            except OSError:
                log.warning("The mount table cannot be watched; the periodic re-check covers mounts")
                self._mounts = None
        self._sync_watches()
        self._tasks.start(self._fallback_timer(), "rootkeeper-fallback-recheck")

    async def stop(self) -> None:
        self._running = False
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._folders is not None:
            self._folders.close()
        if self._mounts is not None:
            await asyncio.to_thread(self._mounts.close)
        self._checker.close()

    async def _load_and_check(self, loaded: Callable[[StoreData], None] | None = None) -> None:
        try:
            await asyncio.to_thread(self.store.home.mkdir, parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            log.warning("Cannot create the settings folder to watch it: %s", exc)
        self._stamp = self.store.stamp()
        with collections_held():
            self._data = await asyncio.to_thread(self.store.load_shared)
            if loaded is not None:
                loaded(self._data)
            self._index()
            await self._check(self._data.roots, publish=False)
            warmed = await warm_shared(self._shared, self._data, self._access, self._policy.policy)
            self._refresh_visible(warmed_lists(warmed, self._data, self._access, self._policy.policy))
            self._whole = True
            settle_long_lived(len(self._data.roots))  # before collection resumes: it would walk all of them once

    # -- the store ---------------------------------------------------------------------------------

    def _request_reload(self) -> None:
        # One reload at a time; events arriving meanwhile fold into one more pass afterwards.
        self._reload_wanted = True
        if self._reloading is None or self._reloading.done():
            self._reloading = self._tasks.start(self._reload_while_wanted(), "rootkeeper-reload-store")

    async def _reload_while_wanted(self) -> None:
        while self._reload_wanted and self._staged is None:
            self._reload_wanted = False
            stamp = self.store.stamp()
            if stamp == self._stamp:
                continue
            # A small store is read here: the hop to a thread and back costs more than parsing a few KiB.
            # (Only a damaged file takes the store's lock, which a writer holds for one write at most.)
            if stamp is not None and 0 <= stamp[2] <= INLINE_LOAD_BYTES:
                self._reload_inline(stamp)
                continue
            with collections_held():
                try:
                    data = await asyncio.to_thread(self._read_store)
                except Exception as exc:
                    self._refused(stamp, exc)
                else:
                    self._take(stamp, data)

    def _reload_inline(self, stamp: Stamp) -> None:
        if stamp == self._stamp:
            return
        try:
            data = self._read_store()
        except Exception as exc:
            self._refused(stamp, exc)
        else:
            self._take(stamp, data)

    def _refused(self, stamp: Stamp | None, exc: Exception) -> None:
        # A refused store (newer version, unreadable) keeps the last good state.
        log.warning("Keeping the last good settings: %s", exc)
        self._stamp = stamp
        self.refused_reads += 1

    def _take(self, stamp: Stamp | None, data: StoreData) -> None:
        self._stamp = stamp
        if data is self._data:  # a staged edit read back
            return
        try:
            self._apply(data)
        except Exception:
            log.exception("Applying the settings failed; the next change applies them again")
            self._stamp = None

    def _read_store(self) -> StoreData:
        # Shared: the watcher never changes the state it holds, so this process's own write costs no
        # copy, and each root an edit left alone is the very object held (see `_apply`).
        return self.store.load_shared(self._data)

    def _apply(self, data: StoreData) -> None:
        edited = edited_in_place(self._data.roots, data.roots) if self._whole else None
        self._whole = False  # until this apply is done: one that fails midway leaves the next to do it all
        if edited is not None:
            self._apply_edited(data, edited)
        else:
            self._apply_all(data)
        self._whole = True

    def _apply_edited(self, data: StoreData, edited: list[Root]) -> None:
        """Every root kept its id and path: only the edited ones (a flag, a name) need looking at, and
        the folders watched stay as they are."""
        fresh = [root for root in edited if root.id not in self._requested]
        for root in fresh:
            self._access.pop(root.id, None)
        self._data = data
        self._roots.replace(edited)
        self._roots.note_results((root.id for root in edited), self._access)  # enabling one changes `failing`
        self._publish("store", self._refresh_visible())
        if fresh:
            self._tasks.start(self._check(fresh), "rootkeeper-check-new-roots")

    def _apply_all(self, data: StoreData) -> None:
        known = {root.id: root.path for root in self._data.roots}
        # New roots, moved roots, and any never asked for (an earlier apply may have failed midway).
        fresh = [root for root in data.roots if known.get(root.id) != root.path or root.id not in self._requested]
        present = {root.id for root in data.roots}
        for root in fresh:
            # A new root (or one whose path changed) is unknown until its first check: never offline.
            self._access.pop(root.id, None)
        self._access = {rid: result for rid, result in self._access.items() if rid in present}
        self._requested = {rid: n for rid, n in self._requested.items() if rid in present}
        self._applied = {rid: n for rid, n in self._applied.items() if rid in present}
        self._data = data
        self._index()
        self._roots.refresh_failing(self._access)
        self._publish("store", self._refresh_visible())
        if fresh:
            self._tasks.start(self._check(fresh), "rootkeeper-check-new-roots")
        self._sync_watches()

    # -- access ------------------------------------------------------------------------------------

    async def _check(self, roots: Iterable[Root], *, publish: bool = True) -> None:
        asked: list[tuple[Root, int]] = []
        for root in roots:
            self._counter += 1
            self._requested[root.id] = self._counter
            asked.append((root, self._counter))
        if not asked:
            return
        # Queued here, a slice per turn, and only waited for on a thread: on a thread, this Python
        # work would hold the interpreter against the GUI's repaints that share this loop's thread.
        checks = self._checker.round()
        for start in range(0, len(asked), RESULTS_PER_TURN):
            if start:
                await asyncio.sleep(0)
            checks.add([CheckItem(root.id, root.path, root.is_file, root.entered_path)
                        for root, _number in asked[start:start + RESULTS_PER_TURN]])
        results = await asyncio.to_thread(checks.wait)
        changed = await take_results(
            asked, results, current=lambda: self._roots.by_id, access=lambda: self._access,
            applied=lambda: self._applied, noted=lambda ids: self._roots.note_results(ids, self._access))
        if publish:
            self._publish("access", self._refresh_visible() if changed else frozenset())
            self._sync_watches()  # a root that came back, or whose parent did, can be watched again
            if changed:
                self._wake_timer.set()  # failing roots are re-checked on their own, shorter interval

    def _index(self) -> None:
        self._roots.rebuild(self._data.roots)

    # -- publishing --------------------------------------------------------------------------------

    def _refresh_visible(self, fresh: dict[str, list[SharedRoot]] | None = None) -> frozenset[str]:
        """Recompute every server's list (or take `fresh`, made for this very state); return those that changed."""
        if fresh is None:
            fresh = visible_lists(self._data, self._access, cache=self._shared, policy=self._policy.policy)
        old = self._visible
        changed = {name for name in fresh.keys() | old.keys() if fresh.get(name) != old.get(name)}
        # An unchanged list stays the same object: each server's roots answer is built once per change.
        self._visible = {name: old[name] if name not in changed and name in old else shown
                         for name, shown in fresh.items()}
        return frozenset(changed)

    def _policy_changed(self) -> None:
        if self._policy.reload():
            self._publish("store", self._refresh_visible())

    def _publish(self, kind: WatchKind, servers: frozenset[str]) -> None:
        if not self._running:
            return
        event = WatchEvent(kind, servers)
        for callback in list(self._subscribers):
            try:
                callback(event)
            except Exception:
                log.exception("A roots watcher subscriber failed")
