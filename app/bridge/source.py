"""Where the bridge gets "the list this server may see now": the `RootsSource` protocol over the roots watcher.

The bridge codes against `RootsSource` only. `WatcherRootsSource` implements it over the shared
`RootsWatcher` (the one component that watches the store and checks access), so a bridge sees another
process's edit, and a shared folder that goes away or comes back, the same way the hub does.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable
from typing import Protocol

from app.core.model import ServerEntry, StoreData
from app.core.roots.sharing import SharedRoot, withheld
from app.core.servers.binding import AsksRoots, learned
from app.core.servers.starting import started_entry
from app.core.store.store import Store
from app.core.text import Message
from app.engine.watcher.watcher import RootsWatcher, WatchEvent

log = logging.getLogger(__name__)

Unsubscribe = Callable[[], None]

RECHECK_ENV = "ROOTKEEPER_BRIDGE_RECHECK_SECONDS"
DEFAULT_RECHECK_SECONDS = 60.0


class RootsSource(Protocol):
    """The bridge's view of the store: one server's entry and list, and a signal when either changes."""

    def entry(self) -> ServerEntry | None: ...

    def current(self) -> list[SharedRoot]: ...

    def withheld(self) -> Message | None: ...

    def learned(self, seen: AsksRoots) -> None: ...

    def learned_keeps(self) -> None: ...

    def learned_legacy_only(self) -> None: ...

    def subscribe(self, callback: Callable[[], None]) -> Unsubscribe: ...


def recheck_interval() -> float:
    try:
        value = float(os.environ.get(RECHECK_ENV, ""))
    except ValueError:
        return DEFAULT_RECHECK_SECONDS
    return value if value > 0 else DEFAULT_RECHECK_SECONDS


class WatcherRootsSource:
    """`RootsSource` over a `RootsWatcher` of the store: tells subscribers when this server's entry or list changes."""

    def __init__(self, store: Store, server_name: str, *, recheck_seconds: float | None = None) -> None:
        interval = recheck_seconds or recheck_interval()
        self._watcher = RootsWatcher(store, fallback_recheck=interval, failing_recheck=min(interval, 15.0))
        self._name = server_name
        self._callbacks: list[Callable[[], None]] = []
        self._entry_key: str | None = None
        self._folders_key: str | None = None
        self._unsubscribe: Unsubscribe | None = None
        self._keeps = False
        """Seen in this session serving a folder after an empty list (`learned_keeps`), before the store says so."""

    # -- RootsSource ------------------------------------------------------------------------------

    def entry(self) -> ServerEntry | None:
        return self._watcher.data.server(self._name)

    def current(self) -> list[SharedRoot]:
        return list(self._watcher.visible(self._name))

    def withheld(self) -> Message | None:
        """Why the server is kept from serving now (`app.core.roots.sharing.withheld`), or None."""
        entry = self.entry()
        if entry is None:
            return None
        if self._keeps and not entry.keeps_after_empty:  # learned here; the store's copy is being written
            entry = entry.model_copy(update={"keeps_after_empty": True})
        return withheld(self._watcher.data, entry, self._watcher.visible(self._name))

    def started(self, entry: ServerEntry) -> tuple[ServerEntry, list[str] | None]:
        """`entry` as it is started now (`app.core.servers.starting`), and the folders filled into its command
        line (None: it takes none)."""
        return started_entry(self._watcher.data, self._watcher.access, entry, self._watcher.policy)

    def _started_key(self) -> str | None:
        """How the server would be started now: its placeholders' folders and its ruleset change it."""
        entry = self.entry()
        return None if entry is None else self.started(entry)[0].target.model_dump_json()

    def learned(self, seen: AsksRoots) -> None:
        """Remember what the server was seen doing with its folders (`app.core.servers.binding`), once it is news."""
        entry = self.entry()
        if entry is None or learned(entry.asks_roots, seen) == entry.asks_roots:
            return

        def edit(found: ServerEntry) -> None:
            found.asks_roots = learned(found.asks_roots, seen)

        self._remember(edit)

    def learned_keeps(self) -> None:
        """Remember that the server still served a folder after being answered an empty list
        (`app.core.servers.binding.serves_withdrawn`): from now on an empty list withholds it."""
        self._keeps = True
        entry = self.entry()
        if entry is None or entry.keeps_after_empty:
            return
        log.info("%s still served a folder after its list became empty; it is withheld while the list is empty",
                 self._name)

        def edit(found: ServerEntry) -> None:
            found.keeps_after_empty = True

        self._remember(edit)

    def learned_legacy_only(self) -> None:
        """Remember that the server broke on the era probe and works in the handshake era (`ServerEntry.legacy_only`,
        `app.core.servers.era`): the probe is not sent to it again, by a bridge, the hub or `call`."""
        entry = self.entry()
        if entry is None or entry.legacy_only:
            return
        log.info("%s broke on the era probe; it is spoken to in the handshake era from now on", self._name)

        def edit(found: ServerEntry) -> None:
            found.legacy_only = True

        self._remember(edit)

    def _remember(self, change: Callable[[ServerEntry], None]) -> None:
        """Write what was learned about the server to the store, on a thread: the store's lock and its durable
        write never hold up the messages."""
        name, store = self._name, self._watcher.store

        def edit(data: StoreData) -> None:
            found = data.server(name)
            if found is not None:
                change(found)

        def write() -> None:
            try:
                store.update(edit)
            except Exception as exc:  # only the record is lost
                log.warning("could not remember what %s did with its folders: %s", name, exc)

        threading.Thread(target=write, name="bridge-remember", daemon=False).start()

    def subscribe(self, callback: Callable[[], None]) -> Unsubscribe:
        self._callbacks.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._callbacks.remove(callback)

        return unsubscribe

    # -- life -------------------------------------------------------------------------------------

    async def start(self) -> None:
        self._unsubscribe = self._watcher.subscribe(self._on_event)
        await self._watcher.start()
        self._entry_key = _entry_key(self.entry())
        self._folders_key = self._started_key()

    async def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        await self._watcher.stop()

    def _on_event(self, event: WatchEvent) -> None:
        key = _entry_key(self.entry())
        # The folders can change while the list does not (a new root equal to one of the server's own).
        folders = self._started_key()
        if self._name not in event.servers and key == self._entry_key and folders == self._folders_key:
            return
        self._entry_key, self._folders_key = key, folders
        log.info("the list for %s is now %d root(s)", self._name, len(self._watcher.visible(self._name)))
        for callback in list(self._callbacks):
            try:
                callback()
            except Exception:  # one subscriber's bug must not stop the others
                log.exception("a roots subscriber failed")


def _entry_key(entry: ServerEntry | None) -> str | None:
    return entry.model_dump_json(exclude={"added_at"}) if entry is not None else None
