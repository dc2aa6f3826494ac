"""When to ask for consent: the first time a server nobody has decided about is connected.

"Decide later" is respected for the rest of the session (the servers tab keeps a button to decide,
and the tray shows that something waits); the decision itself is stored per server in the store.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from app.ui.flows import Flows
from app.ui.slots import asyncSlot
from app.ui.snapshot import Snapshot


class ConsentPrompter(QObject):
    def __init__(self, flows: Flows, dialog_parent: Callable[[], QWidget | None], parent: QObject | None = None):
        super().__init__(parent)
        self._flows = flows
        self._dialog_parent = dialog_parent
        self._asked: set[str] = set()
        flows.live.snapshotChanged.connect(self._on_snapshot)

    def _on_snapshot(self, snapshot: Snapshot) -> None:
        for server in snapshot.servers:
            connected = server.status is not None and server.status.state == "connected"
            if server.awaiting_consent and connected and server.name not in self._asked:
                self._asked.add(server.name)
                self._prompt(server.name)

    @asyncSlot(str)
    async def _prompt(self, name: str) -> None:
        await self._flows.ask_consent(self._dialog_parent(), name)
