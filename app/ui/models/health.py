"""The app's overall state, computed once per snapshot and said the same everywhere.

The tray icon's badge, its tooltip, the tray menu's header and the window's status bar all show
`health(snapshot)`: a badge saying something needs attention while a sentence says "all reachable"
cannot happen, because the state and the sentence come from the same counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject

from app.core.servers.progress import ConnectionProgress, connection_progress
from app.ui.icons import Dot
from app.ui.models.snapshot import ServerRow, Snapshot, TrayState

translate = QCoreApplication.translate


class HealthCounts(QObject):
    """The sentences with a count, through `self.tr`: before 6.12, pyside6-lupdate finds the plural
    form of a free `translate()` call only when its count is a literal."""

    def unreachable(self, count: int) -> str:
        return self.tr("%n shared folder(s) cannot be reached", None, count)

    def failing(self, count: int) -> str:
        return self.tr("%n server(s) cannot connect", None, count)

    def waiting(self, count: int) -> str:
        return self.tr("%n server(s) waiting for your consent", None, count)

    def shared(self, count: int) -> str:
        return self.tr("%n folder(s) shared, all reachable", None, count)


@dataclass(frozen=True)
class Health:
    state: TrayState
    shared: int
    """Folders turned on and permitted by the policy (the ones servers are told about)."""
    unreachable: int
    failing: int
    """Servers that could not connect and are retrying or gave up."""
    waiting: int
    """Servers waiting for the user's consent."""
    connecting: ConnectionProgress | None = None
    """While a hub is still connecting its servers: how many are connected of how many."""

    @property
    def sentence(self) -> str:
        if self.state is TrayState.PAUSED:
            return translate("Health", "Sharing is paused: every server sees an empty list.")
        counts = HealthCounts()
        problems = []
        if self.unreachable:
            problems.append(counts.unreachable(self.unreachable))
        if self.failing:
            problems.append(counts.failing(self.failing))
        if self.waiting:
            problems.append(counts.waiting(self.waiting))
        if problems:
            return translate("Health", " · ").join(problems)
        if self.connecting is not None:
            return translate("Health", "Connecting to servers: %1 of %2 connected").replace(
                "%1", str(self.connecting.connected)).replace("%2", str(self.connecting.total))
        return counts.shared(self.shared)

    @property
    def tooltip(self) -> str:
        return translate("Health", "Rootkeeper: %1").replace("%1", self.sentence)


_last: list[tuple[Snapshot, Health]] = []
"""The last snapshot asked about and its health: the tray and the window both ask of every snapshot."""


def health(snapshot: Snapshot) -> Health:
    if _last and _last[0][0] is snapshot:
        return _last[0][1]
    found = _health(snapshot)
    _last[:] = [(snapshot, found)]
    return found


def _health(snapshot: Snapshot) -> Health:
    unreachable = len(snapshot.attention_roots)
    failing = sum(1 for server in snapshot.servers if server.failing and not server.awaiting_consent)
    waiting = sum(1 for server in snapshot.servers if server.awaiting_consent)
    if snapshot.paused:
        state = TrayState.PAUSED
    elif unreachable or failing or waiting:
        state = TrayState.ATTENTION
    else:
        state = TrayState.OK
    shared = snapshot.turned_on_count
    progress = connection_progress(row.status.state if row.status else "stopped" for row in snapshot.servers)
    return Health(state, shared, unreachable, failing, waiting, progress)


def server_dot(row: ServerRow) -> Dot:
    """A server's status colour, the same in the tray menu and the servers table."""
    if row.status is None or row.status.state == "stopped":
        return Dot.OFF
    if row.status.state == "connected":
        return Dot.WARNING if row.awaiting_consent else Dot.OK
    if row.failing:
        return Dot.ERROR
    return Dot.BUSY
