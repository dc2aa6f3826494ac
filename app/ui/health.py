"""The app's overall state, computed once per snapshot and said the same everywhere.

The tray icon's badge, its tooltip, the tray menu's header and the window's status bar all show
`health(snapshot)`: a badge saying something needs attention while a sentence says "all reachable"
cannot happen, because the state and the sentence come from the same counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from app.ui.snapshot import Snapshot, TrayState

translate = QCoreApplication.translate


@dataclass(frozen=True)
class Health:
    state: TrayState
    shared: int
    """Folders turned on (the ones servers are told about)."""
    unreachable: int
    failing: int
    """Servers that could not connect and are retrying or gave up."""
    waiting: int
    """Servers waiting for the user's consent."""

    @property
    def sentence(self) -> str:
        if self.state is TrayState.PAUSED:
            return translate("Health", "Sharing is paused: every server sees an empty list.")
        problems = []
        if self.unreachable:
            problems.append(translate("Health", "%n shared folder(s) cannot be reached", None, self.unreachable))
        if self.failing:
            problems.append(translate("Health", "%n server(s) cannot connect", None, self.failing))
        if self.waiting:
            problems.append(translate("Health", "%n server(s) waiting for your consent", None, self.waiting))
        if problems:
            return translate("Health", " · ").join(problems)
        return translate("Health", "%n folder(s) shared, all reachable", None, self.shared)

    @property
    def tooltip(self) -> str:
        return translate("Health", "Rootkeeper: %1").replace("%1", self.sentence)


def health(snapshot: Snapshot) -> Health:
    unreachable = len(snapshot.attention_roots)
    failing = sum(1 for server in snapshot.servers if server.failing and not server.awaiting_consent)
    waiting = sum(1 for server in snapshot.servers if server.awaiting_consent)
    if snapshot.paused:
        state = TrayState.PAUSED
    elif unreachable or failing or waiting:
        state = TrayState.ATTENTION
    else:
        state = TrayState.OK
    shared = sum(1 for row in snapshot.roots if row.root.enabled)
    return Health(state, shared, unreachable, failing, waiting)
