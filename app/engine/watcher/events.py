"""What the roots watcher does with the operating system's events (see `app.engine.watcher.watcher`): a changed
folder entry re-checks only the roots under it, the store's own folder reloads the store, and the
watches follow the roots' parents (or the nearest folder above a missing one)."""

from __future__ import annotations

from collections.abc import Iterable

from app.core.model import Root
from app.core.store.store import Store
from app.engine.chores import Chores
from app.engine.watcher.index import RootIndex, parent_of
from app.engine.watcher.os_events import FolderEvents
from app.engine.watcher.policy import PolicyWatch


class OsEventHandling:
    """The part of `RootsWatcher` that the folder and mount events call."""

    store: Store
    _policy: PolicyWatch
    _roots: RootIndex
    _folders: FolderEvents | None
    _unwatched: set[str]
    _tasks: Chores

    def _request_reload(self) -> None:
        raise NotImplementedError

    def recheck_now(self) -> None:
        raise NotImplementedError

    def _policy_changed(self) -> None:
        raise NotImplementedError

    async def _check(self, roots: Iterable[Root], *, publish: bool = True) -> None:
        raise NotImplementedError

    def _on_paths(self, paths: set[str] | None) -> None:
        if paths is None:  # events were lost: assume anything changed
            self._request_reload()
            self.recheck_now()
            return
        if str(self.store.path) in paths or str(self.store.home) in paths:
            self._request_reload()
        if self._policy.concerns(paths):
            self._policy_changed()
            self._sync_watches()  # its folder may have just appeared
        self._check_under(paths, "rootkeeper-check-changed-roots")

    def _on_mounts(self, mount_points: set[str]) -> None:
        self._check_under(mount_points, "rootkeeper-check-mounts")
        self._sync_watches()  # a folder inside a drive can only be watched while it is mounted

    def _sync_watches(self) -> None:
        if self._folders is None:
            return
        wanted = {str(self.store.home), *self._policy.watched(), *self._roots.by_parent}
        unwatched: set[str] = set()
        while failed := self._folders.watch(wanted, contents=self._policy.folders) - unwatched:
            # A missing parent: watch the nearest folder above that exists, where it will reappear.
            unwatched |= failed
            wanted = (wanted - failed) | {parent_of(folder) for folder in failed if parent_of(folder) != folder}
        self._unwatched = unwatched

    def _check_under(self, folders: set[str], task_name: str) -> None:
        """Re-check every root in or under any of `folders` (each once)."""
        affected = {root.id: root for folder in folders for root in self._roots.roots_under(folder)}
        if affected:
            self._tasks.start(self._check(affected.values()), task_name)
