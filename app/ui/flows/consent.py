"""When to ask for consent: the first time a server nobody has decided about is in use.

In use means the hub connected it, or an AI host started a bridge for it (a bridge session is
live). Prompts come one at a time: a second server waiting is asked about once the first prompt
is answered. "Decide later" is remembered in the GUI settings, across restarts, for that server
and target (the servers tab keeps a button to decide, and the tray shows that something waits);
the decision itself is stored per server in the store, where every bridge for that server sees it
at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from app.ui.flows.flows import Flows
from app.ui.models.snapshot import ServerRow, Snapshot
from app.ui.slots import asyncSlot


def in_use(server: ServerRow) -> bool:
    connected = server.status is not None and server.status.state == "connected"
    return connected or bool(server.sessions)


class ConsentPrompter(QObject):
    def __init__(self, flows: Flows, dialog_parent: Callable[[], QWidget | None], parent: QObject | None = None):
        super().__init__(parent)
        self._flows = flows
        self._dialog_parent = dialog_parent
        self._asked: set[str] = set()
        self._waiting: deque[str] = deque()
        self._prompting = False
        flows.live.snapshotChanged.connect(self._on_snapshot)

    @property
    def asking(self) -> bool:
        """Whether a prompt is coming or open: decided on each snapshot as it is shown (tests read it then)."""
        return self._prompting

    def _on_snapshot(self, snapshot: Snapshot) -> None:
        for server in snapshot.servers:
            if server.awaiting_consent and in_use(server) and server.name not in self._asked:
                self._asked.add(server.name)
                if not self._flows.consent_deferred(server.entry):
                    self._waiting.append(server.name)
        if self._waiting and not self._prompting:
            self._prompting = True
            self._prompt_waiting()

    @asyncSlot()
    async def _prompt_waiting(self) -> None:
        try:
            while self._waiting:
                await self._flows.consent_closed()  # one the user opened from the tray or the servers tab
                name = self._waiting.popleft()
                row = self._flows.live.current.server(name)
                if row is not None and row.awaiting_consent:  # decided meanwhile (CLI, another prompt): skip
                    await self._flows.ask_consent(self._dialog_parent(), name)
        finally:
            self._prompting = False
