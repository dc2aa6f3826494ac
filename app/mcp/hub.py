"""The hub: every configured server connected at once, and each told when its own list changes.

The roots watcher (`app.engine.watcher.watcher`) owns the store's data, the access results and each server's
visible list, and says whose list changed; the hub keeps the connections, answers `roots/list`
from the watcher's precomputed list, pushes `notifications/roots/list_changed` and publishes the
status file. A change is pushed to a legacy-era server as one notification, only when its own list
changed, and not again until it has listed (so a burst costs one notification); the rule, retries
included, is `app.engine.relist`'s, shared with the bridge.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from app.core.history.recorder import HistoryRecorder, era_of
from app.core.model import ServerEntry, StoreData
from app.core.policy import Policy
from app.core.roots.access import DEFAULT_TIMEOUT, AccessResult
from app.core.roots.sharing import SharedRoot, withheld
from app.core.servers.binding import AsksRoots, learned
from app.core.servers.condition import GIVE_UP_AFTER
from app.core.servers.pacing import start_slots, usable_cpus
from app.core.servers.progress import ConnectionProgress, connection_progress
from app.core.servers.starting import depends_on_folders, started_entry
from app.core.servers.status import ConnectionStatus, StatusBoard
from app.core.store.store import Store
from app.core.system.fileio import private_dir
from app.core.system.locations import log_dir as default_log_dir
from app.core.system.locations import state_home
from app.engine.chores import Chores
from app.engine.relist import RELIST_BOUND, RelistTracker
from app.engine.store_edit import edit_store
from app.engine.watcher.watcher import RootsWatcher, WatchEvent
from app.mcp.connection.gate import StartGate
from app.mcp.sdk import load_sdk

if TYPE_CHECKING:
    from app.mcp.connection.connection import ServerConnection
    from app.mcp.connection.roots import RootsAnswer, RootsAnswers

log = logging.getLogger(__name__)

HubEvent = Literal["store", "access", "servers"]
Listener = Callable[[HubEvent], None]
T = TypeVar("T")

RELIST_WAIT = 0.05
"""Most seconds an edit's durable write waits for the servers told of it to list again: writing beside them
would compete with them (and with this loop) for the CPU, and only delays their new list."""

SDK_BESIDE_CHECKS_BELOW = 2000
"""Below this many roots the SDK is imported on a thread while the roots are checked (those checks mostly
wait on the file system); from it on, the first round is the interpreter's own work, which a thread
importing beside it would only slow down, so the SDK is imported after it, while the servers start."""


@dataclass
class _Link:
    """A server's connection and what the hub believes that server knows."""

    entry: ServerEntry
    connection: ServerConnection
    relist: RelistTracker = field(default_factory=RelistTracker)
    """What the server was given (its last fetch, or for a new session the list it will fetch), and its telling."""
    key: tuple[Any, ...] = ()
    """The connection key it was started with (`_connection_key` of the expanded entry)."""


def _connection_key(entry: ServerEntry) -> tuple[Any, ...]:
    # What forces a reconnect: how to reach the server (its command line as expanded with its
    # folders, so a server taking roots as arguments restarts when they change), and whether the
    # capability is declared. Sharing subsets and consent only change the list, which a
    # notification carries.
    return (entry.target.model_dump_json(), entry.declares_roots, entry.legacy_only, entry.era)


class Hub:
    def __init__(
        self,
        store: Store,
        *,
        state_dir: Path | None = None,
        check_interval: float = 60.0,
        retry_interval: float = 15.0,
        check_timeout: float = DEFAULT_TIMEOUT,
        store_fallback_poll: float = 5.0,
        connect_timeout: float = 15.0,
        starting_at_once: int | None = None,
        backoff_initial: float | None = None,
        give_up_after: int = GIVE_UP_AFTER,
    ) -> None:
        """`check_interval` is the fallback re-check of every root, `retry_interval` that of failing roots;
        `store_fallback_poll` applies only where the store's folder cannot be watched. At most
        `starting_at_once` stdio servers are starting at a time (default: by the CPUs, `app.core.servers.pacing`).
        A failed server is retried after `backoff_initial` seconds (None: the connection's own), doubling up to a
        cap, until its command failed `give_up_after` times in a row the same way (`app.core.servers.condition`)."""
        self.store = store
        self.state_dir = state_dir or state_home()
        self.history = HistoryRecorder(self.state_dir)
        """Every list given to a server, for `rootkeeper history` (written off the event loop)."""
        self.log_dir = self.state_dir / "logs" if state_dir else default_log_dir()
        self.connect_timeout = connect_timeout
        self._retrying: dict[str, Any] = {"give_up_after": give_up_after}
        if backoff_initial is not None:
            self._retrying["backoff_initial"] = backoff_initial
        self.start_gate = StartGate(starting_at_once or start_slots(usable_cpus()))
        """Shared by every connection: fifty servers spawned at once would each take as long as all fifty."""
        self.watcher = RootsWatcher(
            store,
            check_timeout=check_timeout,
            fallback_recheck=check_interval,
            failing_recheck=retry_interval,
            store_fallback_poll=store_fallback_poll,
        )
        self.board = StatusBoard(self.state_dir)
        self._links: dict[str, _Link] = {}
        self._withheld: frozenset[str] = frozenset()
        """Servers not run while their list is empty (see `_withheld_now`)."""
        self._listeners: list[Listener] = []
        self._publish_task: asyncio.Task[None] | None = None
        self._chores = Chores()
        self._unsubscribe: Callable[[], None] | None = None
        self._running = False
        self._connecting = True
        self._answers: RootsAnswers | None = None  # made at the first roots request (the SDK is loaded by then)

    # -- public ----------------------------------------------------------------------------------

    @property
    def data(self) -> StoreData:
        return self.watcher.data

    @property
    def access(self) -> Mapping[str, AccessResult]:
        return self.watcher.access

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def server_status(self, name: str) -> ConnectionStatus | None:
        link = self._links.get(name)
        return link.connection.status if link else None

    def progress(self) -> ConnectionProgress | None:
        """How many servers are connected while any is still connecting (None once none is)."""
        return connection_progress(link.connection.status.state for link in self._links.values())

    def connection(self, name: str) -> ServerConnection | None:
        link = self._links.get(name)
        return link.connection if link else None

    @property
    def policy(self) -> Policy:
        """The administrator's policy in force (re-read by the watcher when its file changes)."""
        return self.watcher.policy

    def visible_for(self, name: str) -> list[SharedRoot]:
        return list(self.watcher.visible(name)) if name in self._links else []

    def notifications_sent(self, name: str) -> int:
        link = self._links.get(name)
        return link.relist.notifications if link else 0

    def recheck_now(self) -> None:
        self.watcher.recheck_now()

    def reload_now(self) -> None:
        """Pick up a store change made by this process without waiting for the file-change event."""
        self.watcher.reload_now()

    async def edit(self, edit: Callable[[StoreData], T], *, on_loop: bool = False) -> T:
        """Edit the store, telling servers before the new file is written (`app.engine.store_edit`). With
        `on_loop`, `edit` promises to look at nothing but the state, and may run on the event loop; the
        file is then written once the servers told have listed again (at most `RELIST_WAIT` later)."""
        return await edit_store(self.watcher, edit, on_loop=on_loop, settle=self._relisted)

    async def _relisted(self) -> None:
        trackers = [link.relist for link in self._links.values()]
        waits = [tracker.listed.wait() for tracker in trackers if tracker.telling and not tracker.listed.is_set()]
        if waits:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(RELIST_WAIT):
                    await asyncio.gather(*waits)

    def reconnect(self, name: str) -> bool:
        """Restart `name`'s connection now (a new process or session); False if it is not connected here."""
        link = self._links.pop(name, None)
        if link is None:
            return False
        self._chores.start(link.connection.stop(), f"rootkeeper-stop-{name}")
        self._links[name] = self._connect(link.entry)
        self._emit("servers")
        return True

    async def start(self, *, connect: bool = True) -> None:
        """Watch the store and the roots; with `connect=False` (another process holds the servers) only watch."""
        self._running = True
        self._connecting = connect
        if connect:
            with contextlib.suppress(OSError):  # no log folder (read-only home): each server's log says so once
                private_dir(self.log_dir)

        def loaded(data: StoreData) -> None:
            # With servers to connect, the SDK (~0.5 s to import) loads on a thread; each connection
            # waits for it before its session (`app.mcp.sdk`), so `start` itself never does.
            if connect and data.servers and len(data.roots) < SDK_BESIDE_CHECKS_BELOW:
                self._chores.start(load_sdk(), "rootkeeper-load-sdk")

        await self.watcher.start(loaded=loaded)
        self._unsubscribe = self.watcher.subscribe(self._on_watch)
        self._reconcile_servers()
        self._emit("store")

    async def stop(self) -> None:
        self._running = False
        if self._unsubscribe is not None:
            self._unsubscribe()
        await self.watcher.stop()
        if self._publish_task is not None:
            self._publish_task.cancel()
        pending = [*(t for t in (self._publish_task,) if t is not None), *self._chores]
        for task in pending:
            if task.get_name().startswith("rootkeeper-tell-"):
                task.cancel()
        for task in pending:  # stops of removed servers and store write-backs: let them finish
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        links, self._links = list(self._links.values()), {}
        await asyncio.gather(*(link.connection.stop() for link in links), return_exceptions=True)
        self.board.clear()
        await asyncio.to_thread(self.history.close)

    # -- what the watcher reports -----------------------------------------------------------------

    def _on_watch(self, event: WatchEvent) -> None:
        if self._answers is not None and event.servers:
            self._answers.retain(self.watcher.visible(name) for name in self._links)  # only current lists' answers
        if event.kind == "store" or self._arguments_changed() or self._withheld_now() != self._withheld:
            self._reconcile_servers()
        self._emit(event.kind)
        self._push(event.servers)

    # -- servers ----------------------------------------------------------------------------------

    def _started(self, entry: ServerEntry) -> ServerEntry:
        """The entry as it is started now: placeholders filled with the folders it may see."""
        return self._expanded(entry)[0]

    def _expanded(self, entry: ServerEntry) -> tuple[ServerEntry, list[str] | None]:
        """The entry as it is started now (placeholders filled, confined), and the folders filled into its command
        line (None: it takes none)."""
        if not depends_on_folders(entry):
            return entry, None
        return started_entry(self.data, self.access, entry, self.watcher.policy)

    def _withheld_now(self) -> frozenset[str]:
        """The servers not run now: they would serve folders while their list is empty (`sharing.withheld`)."""
        return frozenset(entry.name for entry in self.data.servers
                         if withheld(self.data, entry, self.watcher.visible(entry.name)) is not None)

    def withheld(self, name: str) -> bool:
        """Whether `name` is kept from running now, until there is something to share with it again."""
        return name in self._withheld

    def _arguments_changed(self) -> bool:
        """Whether a folder coming or going changed the command line of a server taking roots as arguments, or the
        ruleset of a confined one."""
        return any(
            depends_on_folders(link.entry) and _connection_key(self._started(link.entry)) != link.key
            for link in self._links.values()
        )

    def _reconcile_servers(self) -> None:
        if not self._connecting:
            return
        self._withheld = self._withheld_now()
        wanted = {entry.name: entry for entry in self.data.servers
                  if entry.enabled and entry.name not in self._withheld}
        for name in list(self._links):
            entry = wanted.get(name)
            link = self._links[name]
            if entry is None or _connection_key(self._started(entry)) != link.key:
                del self._links[name]
                self._chores.start(link.connection.stop(), f"rootkeeper-stop-{name}")
            else:
                link.entry = entry
        for name, entry in wanted.items():
            if name not in self._links:
                self._links[name] = self._connect(entry)
        self._emit("servers")

    def _connect(self, entry: ServerEntry) -> _Link:
        from app.mcp.connection.connection import (
            ServerConnection,  # cheap: the SDK itself loads before the first session
        )

        name = entry.name
        link: _Link

        def provide() -> RootsAnswer:
            from app.mcp.connection.roots import RootsAnswers  # loaded: a session is asking

            answers = self._answers = self._answers or RootsAnswers()
            visible = self.watcher.visible(name)
            after_telling = link.relist.listing(visible)
            # A 2026-07-28 server asks within each request that needs the list: it follows every change.
            self._learn(name, "on_change" if after_telling or connection.status.era == "modern" else "at_connect")
            answer = answers.of(visible)  # built once per list change, shared by the servers given that list
            era = era_of(connection.status.protocol_version, connection.status.era)
            self.history.given(name, answer.uris, era=era, via="hub")
            return answer

        started, folders = self._expanded(entry)
        if folders is not None:
            self.history.given_arguments(name, folders, via="hub")
        connection = ServerConnection(
            started,
            provide,
            self.log_dir,
            connect_timeout=self.connect_timeout,
            on_status=lambda _status: self._status_changed(name),
            on_legacy_only=lambda: self._remember_legacy_only(name),
            on_never_asked=lambda: self._learn(name, "never"),
            start_gate=self.start_gate,
            **self._retrying,
        )
        tracker = RelistTracker(self.watcher.visible(name))
        link = _Link(entry=entry, connection=connection, relist=tracker, key=_connection_key(started))
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
            link.key = (*link.key[:2], True, *link.key[3:])  # legacy_only, as the store will say
        self._chores.start(write(), f"rootkeeper-remember-{name}")

    def _status_changed(self, name: str) -> None:
        link = self._links.get(name)
        if link is not None:
            if link.connection.status.state != "connected":
                link.relist.new_session(self.watcher.visible(name))
            else:
                self._push({name})  # the list may have changed while the session was being set up
        self._emit("servers")
        if self._running and (self._publish_task is None or self._publish_task.done()):
            self._publish_task = asyncio.create_task(self._publish_soon(), name="rootkeeper-publish-status")
            self._chores.hold(self._publish_task)

    async def _publish_soon(self) -> None:
        await asyncio.sleep(0.1)  # a burst of status changes (connect, first fetch) is one write
        statuses = {name: link.connection.status for name, link in self._links.items()}
        try:  # statuses are immutable: dumped on the thread, off the loop (a fetched list can be 100,000 URIs)
            await asyncio.to_thread(self.board.publish_statuses, statuses)
        except Exception:
            log.exception("Could not publish the servers' status")

    # -- pushing changes --------------------------------------------------------------------------

    def _needs_telling(self, link: _Link) -> bool:
        status = link.connection.status
        if status.state != "connected" or status.era != "legacy" or not link.entry.declares_roots:
            return False
        return link.relist.changed(self.watcher.visible(link.entry.name))

    def _push(self, names: frozenset[str] | set[str]) -> None:
        """Tell every named server whose list changed, all at once."""
        links = [link for name in names if (link := self._links.get(name)) is not None]
        due = [link for link in links if not link.relist.telling and self._needs_telling(link)]
        for link in due:  # each its own task, started together: no gather in between (a hop per edit)
            link.relist.begin()
            self._chores.start(self._tell(link), f"rootkeeper-tell-{link.entry.name}")

    async def _tell(self, link: _Link) -> None:
        def due() -> bool:
            return self._running and self._links.get(link.entry.name) is link and self._needs_telling(link)

        async def send() -> bool:
            if self._answers is not None:  # the answer is ready before the server asks, not built while it waits
                self._answers.of(self.watcher.visible(link.entry.name))
            return await link.connection.notify_roots_changed()

        await link.relist.tell(due, send, link.entry.name)
        if not await link.relist.relisted_within(RELIST_BOUND) and self._still_awaiting(link):
            # It asks for its folders only when it connects: a new session starts it from the new list.
            log.info("%s did not ask for its folders after being told they changed; reconnecting it", link.entry.name)
            self.reconnect(link.entry.name)

    def _still_awaiting(self, link: _Link) -> bool:
        """Whether `link` is still this hub's live session, told of a change it has not listed since."""
        current = self._running and self._links.get(link.entry.name) is link
        return current and link.relist.awaiting and link.connection.status.state == "connected"

    def _learn(self, name: str, seen: AsksRoots) -> None:
        """Remember what `name` was seen doing with its folders (`core.servers.binding`), once it is news."""
        link = self._links.get(name)
        if link is None or learned(link.entry.asks_roots, seen) == link.entry.asks_roots:
            return
        now = learned(link.entry.asks_roots, seen)
        link.entry = link.entry.model_copy(update={"asks_roots": now})

        def edit(data: StoreData) -> None:
            entry = data.server(name)
            if entry is not None:
                entry.asks_roots = learned(entry.asks_roots, now)

        async def write() -> None:
            try:
                await asyncio.to_thread(self.store.update, edit)
            except Exception as exc:
                log.warning("Could not remember how %s asks for its folders: %s", name, exc)

        self._chores.start(write(), f"rootkeeper-remember-{name}")

    def _emit(self, event: HubEvent) -> None:
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:
                log.exception("A hub listener failed")
