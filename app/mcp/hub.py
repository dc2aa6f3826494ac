"""The hub: every configured server connected at once, and each told when its own list changes.

The store file is the source of truth. The hub polls its stamp (one `stat`) to notice edits from
any process, re-checks access off the event loop on a timer, and keeps, per server, the list that
server may see right now. Answering `roots/list` is a lookup of that list; nothing is checked on the
hot path. A change is pushed to a legacy-era server as one `notifications/roots/list_changed`, only
when its own list changed, and not again until it has listed (so a burst costs one notification).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from app.core import access
from app.core.access import AccessResult
from app.core.locations import log_dir as default_log_dir
from app.core.locations import state_home
from app.core.model import ServerEntry, StoreData
from app.core.sharing import SharedRoot, visible_roots
from app.core.status import ConnectionStatus, StatusBoard
from app.core.store import Stamp, Store

if TYPE_CHECKING:
    from app.mcp.connection import ServerConnection

log = logging.getLogger(__name__)

HubEvent = Literal["store", "access", "servers"]
Listener = Callable[[HubEvent], None]


@dataclass
class _Link:
    """A server's connection and what the hub believes that server knows."""

    entry: ServerEntry
    connection: ServerConnection
    visible: list[SharedRoot] = field(default_factory=list)
    known: list[SharedRoot] = field(default_factory=list)
    awaiting_relist: bool = False
    notifications: int = 0


def _connection_key(entry: ServerEntry) -> tuple[Any, ...]:
    # What forces a reconnect: how to reach the server, and whether the capability is declared.
    # Sharing subsets and consent only change the list, which a notification carries.
    return (entry.target.model_dump_json(), entry.declares_roots, entry.legacy_only)


class Hub:
    def __init__(
        self,
        store: Store,
        *,
        state_dir: Path | None = None,
        poll_interval: float = 0.25,
        check_interval: float = 15.0,
        retry_interval: float = 3.0,
        check_timeout: float = access.DEFAULT_TIMEOUT,
        debounce: float = 0.05,
        connect_timeout: float = 15.0,
    ) -> None:
        self.store = store
        self.state_dir = state_dir or state_home()
        self.log_dir = self.state_dir / "logs" if state_dir else default_log_dir()
        self.poll_interval = poll_interval
        self.check_interval = check_interval
        self.retry_interval = retry_interval
        self.check_timeout = check_timeout
        self.debounce = debounce
        self.connect_timeout = connect_timeout
        self.data = StoreData()
        self.access: dict[str, AccessResult] = {}
        self.board = StatusBoard(self.state_dir)
        self._stamp: Stamp | None = None
        self._links: dict[str, _Link] = {}
        self._listeners: list[Listener] = []
        self._tasks: list[asyncio.Task[None]] = []
        self._push_task: asyncio.Task[None] | None = None
        self._publish_task: asyncio.Task[None] | None = None
        self._chores: set[asyncio.Task[None]] = set()
        self._recheck = asyncio.Event()
        self._reload = asyncio.Event()
        self._running = False
        self._dirty = False

    # -- public ----------------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def server_status(self, name: str) -> ConnectionStatus | None:
        link = self._links.get(name)
        return link.connection.status if link else None

    def connection(self, name: str) -> ServerConnection | None:
        link = self._links.get(name)
        return link.connection if link else None

    def visible_for(self, name: str) -> list[SharedRoot]:
        link = self._links.get(name)
        return list(link.visible) if link else []

    def notifications_sent(self, name: str) -> int:
        link = self._links.get(name)
        return link.notifications if link else 0

    def recheck_now(self) -> None:
        self._recheck.set()

    def reload_now(self) -> None:
        """Pick up a store change made by this process without waiting for the next poll."""
        self._reload.set()

    async def start(self) -> None:
        self._running = True
        self.log_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._stamp = self.store.stamp()
        self.data = await asyncio.to_thread(self.store.load)
        await self._check_access(self.data)
        self._refresh_visible()
        self._reconcile_servers()
        self._tasks = [
            asyncio.create_task(self._watch_store(), name="rootkeeper-watch-store"),
            asyncio.create_task(self._monitor_access(), name="rootkeeper-monitor-access"),
        ]
        self._emit("store")

    async def stop(self) -> None:
        self._running = False
        pending = [task for task in (*self._tasks, self._push_task, self._publish_task) if task is not None]
        for task in pending:
            task.cancel()
        pending += list(self._chores)  # stops of removed servers and store write-backs: let them finish
        for task in pending:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        links, self._links = list(self._links.values()), {}
        await asyncio.gather(*(link.connection.stop() for link in links), return_exceptions=True)
        self.board.clear()

    # -- store ------------------------------------------------------------------------------------

    async def _watch_store(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._reload.wait(), self.poll_interval)
            self._reload.clear()
            stamp = self.store.stamp()
            if stamp == self._stamp:
                continue
            stamp = await self._settled(stamp)
            try:
                data = await asyncio.to_thread(self.store.load)
            except Exception as exc:  # a refused store (newer version, unreadable) keeps the last good state
                log.warning("Keeping the last good settings: %s", exc)
                self._stamp = stamp
                continue
            self._stamp = stamp
            await self._apply(data)

    async def _settled(self, stamp: Stamp | None) -> Stamp | None:
        """Wait until the store stops changing for one debounce period: a burst of edits is one change."""
        for _ in range(20):
            await asyncio.sleep(self.debounce)
            latest = self.store.stamp()
            if latest == stamp:
                break
            stamp = latest
        return stamp

    async def _apply(self, data: StoreData) -> None:
        known = {root.id: root.path for root in self.data.roots}
        fresh = [root for root in data.roots if known.get(root.id) != root.path]
        self.data = data
        if fresh:
            await self._check_access(data, only={root.id for root in fresh})
        present = {root.id for root in data.roots}
        self.access = {rid: result for rid, result in self.access.items() if rid in present}
        self._reconcile_servers()
        self._refresh_visible()
        self._emit("store")

    # -- access -----------------------------------------------------------------------------------

    async def _check_access(self, data: StoreData, only: set[str] | None = None) -> bool:
        items = [(r.id, r.path, r.is_file) for r in data.roots if only is None or r.id in only]
        if not items:
            return False
        results = await asyncio.to_thread(access.check_many, items, timeout=self.check_timeout)
        changed = any(
            self.access.get(rid) is None or self.access[rid].status != result.status for rid, result in results.items()
        )
        self.access.update(results)
        return changed

    async def _monitor_access(self) -> None:
        while True:
            failing = any(
                root.enabled and not (result.ok if (result := self.access.get(root.id)) else False)
                for root in self.data.roots
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._recheck.wait(), self.retry_interval if failing else self.check_interval)
            self._recheck.clear()
            if await self._check_access(self.data):
                self._refresh_visible()
            self._emit("access")

    # -- servers ----------------------------------------------------------------------------------

    def _reconcile_servers(self) -> None:
        wanted = {entry.name: entry for entry in self.data.servers}
        for name in list(self._links):
            entry = wanted.get(name)
            link = self._links[name]
            if entry is None or _connection_key(entry) != _connection_key(link.entry):
                del self._links[name]
                self._background(link.connection.stop(), f"rootkeeper-stop-{name}")
            else:
                link.entry = entry
        for name, entry in wanted.items():
            if name not in self._links:
                self._links[name] = self._connect(entry)
        self._emit("servers")

    def _connect(self, entry: ServerEntry) -> _Link:
        from app.mcp.connection import ServerConnection  # the SDK loads only once a server exists

        name = entry.name
        link: _Link

        def provide() -> list[tuple[str, str]]:
            link.known = link.visible
            link.awaiting_relist = False
            return [(root.uri, root.name) for root in link.visible]

        connection = ServerConnection(
            entry,
            provide,
            self.log_dir,
            connect_timeout=self.connect_timeout,
            on_status=lambda _status: self._status_changed(name),
            on_legacy_only=lambda: self._remember_legacy_only(name),
        )
        visible = visible_roots(self.data, entry, self.access)
        link = _Link(entry=entry, connection=connection, visible=visible, known=visible)
        connection.start()
        return link

    def _remember_legacy_only(self, name: str) -> None:
        def edit(data: StoreData) -> None:
            entry = data.server(name)
            if entry is not None:
                entry.legacy_only = True

        async def write() -> None:
            try:
                await asyncio.to_thread(self.store.update, edit)
            except Exception as exc:
                log.warning("Could not remember that %s is legacy-only: %s", name, exc)

        # The running connection already works in legacy mode; the key must not force a reconnect.
        link = self._links.get(name)
        if link is not None:
            link.entry = link.entry.model_copy(update={"legacy_only": True})
        self._background(write(), f"rootkeeper-remember-{name}")

    def _status_changed(self, name: str) -> None:
        link = self._links.get(name)
        if link is not None and link.connection.status.state != "connected":
            # A new session starts from scratch: it lists when it wants and is told of later changes.
            link.awaiting_relist = False
            link.known = link.visible
        self._emit("servers")
        if self._publish_task is None or self._publish_task.done():
            self._publish_task = asyncio.create_task(self._publish_soon())

    async def _publish_soon(self) -> None:
        await asyncio.sleep(0.1)
        rows = {name: link.connection.status.row() for name, link in self._links.items()}
        await asyncio.to_thread(self.board.publish, rows)

    # -- pushing changes --------------------------------------------------------------------------

    def _refresh_visible(self) -> None:
        for link in self._links.values():
            link.visible = visible_roots(self.data, link.entry, self.access)
        self._dirty = True
        if self._push_task is None or self._push_task.done():
            self._push_task = asyncio.create_task(self._push_soon())

    async def _push_soon(self) -> None:
        while self._dirty:
            self._dirty = False
            await asyncio.sleep(self.debounce)  # a burst of edits becomes one change
            await self._push()

    async def _push(self) -> None:
        for link in list(self._links.values()):
            status = link.connection.status
            if status.state != "connected" or status.era != "legacy" or not link.entry.declares_roots:
                continue
            if link.awaiting_relist or link.visible == link.known:
                continue
            link.awaiting_relist = True
            link.known = link.visible
            link.notifications += 1
            try:
                await link.connection.notify_roots_changed()
            except Exception as exc:  # the connection reports its own failure through its status
                log.info("Could not notify %s: %s", link.entry.name, exc)

    def _background(self, work: Coroutine[Any, Any, None], name: str) -> None:
        # The loop keeps only weak references to tasks: hold them until they finish.
        task = asyncio.create_task(work, name=name)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    def _emit(self, event: HubEvent) -> None:
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:
                log.exception("A hub listener failed")

