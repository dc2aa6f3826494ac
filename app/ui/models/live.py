"""The hub's events, and the bridge sessions' changes, as one Qt signal carrying a fresh `Snapshot`.

The hub calls its listeners synchronously from its own coroutines, often several times in a row
(store, access, servers); refreshing on a short timer folds such a burst into one snapshot, so the
views repaint once and never inside the hub's code. Building a snapshot and showing it are two
turns of the event loop: with ten thousand roots each takes a while, and the loop must not wait
for both at once. For the same reason the notifications follow a burst's snapshot on the turn
after the window did (`snapshotSettled`): the window's repaint is turn enough.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from app.ui.models.health import health
from app.ui.models.snapshot import HubView, Snapshot, no_sessions

if TYPE_CHECKING:
    from app.core.history.index import SeenIndex

COALESCE_MS = 30


class LiveSource(HubView, Protocol):
    """What the live state needs from the hub (the real `Hub` satisfies it): the UI never names `app.mcp` types."""

    def subscribe(self, listener: Callable[[str], None]) -> None: ...


class SessionsSource(Protocol):
    """The live bridge sessions (the real `SessionsWatch` satisfies it)."""

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]: ...

    def for_server(self, name: str) -> Iterable[Mapping[str, Any]]: ...


class LiveState(QObject):
    snapshotChanged = Signal(object)
    snapshotSettled = Signal(object)
    """The snapshot `snapshotChanged` carried, for what may lag the window by a turn (notifications):
    a turn later when it came from a burst of events, at once when it was shown on purpose (`show`)."""
    sourcesChanged = Signal()
    """The hub or the bridge sessions reported a change (once per coalesced burst): the history may have grown."""

    def __init__(
        self, hub: LiveSource | None = None, parent: QObject | None = None, *, sessions: SessionsSource | None = None
    ) -> None:
        super().__init__(parent)
        self._hub: LiveSource | None = None
        self._sessions: SessionsSource | None = None
        self.current = Snapshot()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COALESCE_MS)
        self._timer.timeout.connect(self._refresh_burst)
        self._builds = 0
        self._built: Snapshot | None = None
        """Built, to be shown on the loop's next turn (`_show_built`)."""
        self._show_timer = QTimer(self)
        self._show_timer.setSingleShot(True)
        self._show_timer.setInterval(0)
        self._show_timer.timeout.connect(self._show_built)
        self._settle_timer = QTimer(self)
        self._settle_timer.setSingleShot(True)
        self._settle_timer.setInterval(0)
        self._settle_timer.timeout.connect(self._settle)
        self._roots_stale = True
        """Whether an event since the last snapshot may have changed the roots or their access results."""
        self._sources_moved = False
        self.history: SeenIndex | None = None
        """Who was given which folders (set once the history was read; see `app.ui.pages.history_feed`)."""
        if hub is not None:
            self.attach(hub, sessions)

    def attach(self, hub: LiveSource, sessions: SessionsSource | None = None) -> None:
        """Follow `hub` from now on; until then (the tray shown at start) the snapshot is empty."""
        self._hub = hub
        self._sessions = sessions
        hub.subscribe(self._on_hub_event)
        if sessions is not None:
            sessions.subscribe(self._on_sessions)

    def _on_hub_event(self, event: str) -> None:
        if event != "servers":  # a connection's status (the usual burst with many servers) leaves the roots be
            self._roots_stale = True
        self._sources_moved = True
        self._soon()

    def _on_sessions(self) -> None:
        self._sources_moved = True
        self._soon()

    def history_read(self, history: SeenIndex) -> None:
        """The history index has new records: a fresh snapshot (rows change only where audiences did)."""
        self.history = history
        self._soon()

    def _soon(self) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def refresh(self) -> None:
        """A fresh snapshot of everything, shown at once."""
        self._roots_stale = True
        self._refresh_burst(show_now=True)

    async def refresh_in_turns(self) -> None:
        """A fresh snapshot of everything, built and then shown in turns of the loop of their own.

        It goes the way of a burst of hub events (built on the coalescing timer, shown on the turn
        after), so it never shares a turn with a burst's own build or showing.
        """
        import asyncio  # not at the top: the tray is shown (with this module) before asyncio is imported

        wanted = self._builds + 1
        shown = asyncio.get_running_loop().create_future()

        def on_shown(_snapshot: object) -> None:
            if self._builds >= wanted and not shown.done():
                shown.set_result(None)

        self.snapshotChanged.connect(on_shown)
        try:
            self._roots_stale = True
            self._soon()
            await shown
        finally:
            self.snapshotChanged.disconnect(on_shown)

    def _refresh_burst(self, *, show_now: bool = False) -> None:
        if self._hub is None:
            return
        # Built from the current snapshot: what did not change keeps its row objects (see app.ui.models.snapshot).
        sessions_of = no_sessions if self._sessions is None else self._sessions.for_server
        hub = self._hub
        snapshot = Snapshot.build(hub.data, hub.access, hub.server_status, hub.visible_for, sessions_of,
                                  previous=self.current, roots_changed=self._roots_stale,
                                  policy=getattr(hub, "policy", None), history=self.history)
        self._roots_stale = False
        self._builds += 1
        # Asked for by the tray, the status bar and the health summary when shown: worked out here (every
        # row walked), on the build's turn, so the showing turn (every view, then the repaint) has less to do.
        health(snapshot)
        if show_now:
            self.show(snapshot)
        else:
            self._built = snapshot
            self._show_timer.start()
        if self._sources_moved:
            self._sources_moved = False
            self.sourcesChanged.emit()

    def _show_built(self) -> None:
        if self._built is not None:
            self.show(self._built, settle_later=True)

    def show(self, snapshot: Snapshot, *, settle_later: bool = False) -> None:
        self._built = None  # whatever was built before this is older
        self._show_timer.stop()
        self.current = snapshot
        self.snapshotChanged.emit(snapshot)
        if settle_later:
            self._settle_timer.start()
        else:
            self._settle()

    def _settle(self) -> None:
        self._settle_timer.stop()
        self.snapshotSettled.emit(self.current)
