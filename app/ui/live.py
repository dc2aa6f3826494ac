"""The hub's events as one Qt signal carrying a fresh `Snapshot`.

The hub calls its listeners synchronously from its own coroutines, often several times in a row
(store, access, servers); refreshing on a short timer folds such a burst into one snapshot, so the
views repaint once and never inside the hub's code.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from app.mcp.hub import Hub, HubEvent
from app.ui.snapshot import Snapshot

COALESCE_MS = 30


class LiveState(QObject):
    snapshotChanged = Signal(object)

    def __init__(self, hub: Hub, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._hub = hub
        self.current = Snapshot()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COALESCE_MS)
        self._timer.timeout.connect(self.refresh)
        hub.subscribe(self._on_hub_event)

    def _on_hub_event(self, _event: HubEvent) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def refresh(self) -> None:
        self.show(Snapshot.of(self._hub))

    def show(self, snapshot: Snapshot) -> None:
        self.current = snapshot
        self.snapshotChanged.emit(snapshot)
