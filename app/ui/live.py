"""The hub's events as one Qt signal carrying a fresh `Snapshot`.

The hub calls its listeners synchronously from its own coroutines, often several times in a row
(store, access, servers); refreshing on a short timer folds such a burst into one snapshot, so the
views repaint once and never inside the hub's code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from app.ui.snapshot import HubView, Snapshot

COALESCE_MS = 30


class LiveSource(HubView, Protocol):
    """What the live state needs from the hub (the real `Hub` satisfies it): the UI never names `app.mcp` types."""

    def subscribe(self, listener: Callable[[str], None]) -> None: ...


class LiveState(QObject):
    snapshotChanged = Signal(object)

    def __init__(self, hub: LiveSource, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._hub = hub
        self.current = Snapshot()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COALESCE_MS)
        self._timer.timeout.connect(self.refresh)
        hub.subscribe(self._on_hub_event)

    def _on_hub_event(self, _event: str) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def refresh(self) -> None:
        self.show(Snapshot.of(self._hub))

    def show(self, snapshot: Snapshot) -> None:
        self.current = snapshot
        self.snapshotChanged.emit(snapshot)
