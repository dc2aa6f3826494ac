"""The app's overall state, computed once per snapshot and said the same everywhere.

The tray icon's badge, its tooltip, the tray menu's header and the window's status bar all show
`health(snapshot)`: a badge saying something needs attention while a sentence says "all reachable"
cannot happen, because the state and the sentence come from the same counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject

from app.core.servers.condition import Condition, Tone
from app.core.servers.progress import ConnectionProgress, connection_progress
from app.ui.icons import Dot
from app.ui.models.snapshot import ServerRow, Snapshot, TrayState
from app.ui.render import render

translate = QCoreApplication.translate


class HealthCounts(QObject):
    """The sentences with a count, through `self.tr`: before 6.12, pyside6-lupdate finds the plural
    form of a free `translate()` call only when its count is a literal."""

    def unreachable(self, count: int) -> str:
        return self.tr("%n shared folder(s) cannot be reached", None, count)

    def in_condition(self, word: str, count: int) -> str:
        """Servers in one condition, by its word ("Reconnecting: 2 servers"), as the table and the tray say it."""
        return self.tr("%1: %n server(s)", None, count).replace("%1", word)

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
    attention: int = 0
    """Of the failing servers, those not retried any more: they wait for the user (`Condition.NEEDS_ATTENTION`)."""

    @property
    def sentence(self) -> str:
        if self.state is TrayState.PAUSED:
            return translate("Health", "Sharing is paused: every server sees an empty list.")
        counts = HealthCounts()
        problems = []
        if self.unreachable:
            problems.append(counts.unreachable(self.unreachable))
        retrying = self.failing - self.attention
        for condition, count in ((Condition.NEEDS_ATTENTION, self.attention), (Condition.RECONNECTING, retrying)):
            if count:
                problems.append(counts.in_condition(render(condition.word()), count))
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
    failing_rows = [server for server in snapshot.servers if server.failing and not server.awaiting_consent]
    failing = len(failing_rows)
    attention = sum(1 for server in failing_rows if server.condition is Condition.NEEDS_ATTENTION)
    waiting = sum(1 for server in snapshot.servers if server.awaiting_consent)
    if snapshot.paused:
        state = TrayState.PAUSED
    elif unreachable or failing or waiting:
        state = TrayState.ATTENTION
    else:
        state = TrayState.OK
    shared = snapshot.turned_on_count
    progress = connection_progress(row.status.state if row.status else "stopped" for row in snapshot.servers)
    return Health(state, shared, unreachable, failing, waiting, progress, attention)


def server_dot(row: ServerRow) -> Dot:
    """A server's status colour, the same in the tray menu and the servers table: its condition's tone."""
    if row.condition is Condition.CONNECTED and row.awaiting_consent:
        return Dot.WARNING
    return TONE_DOTS[row.condition.tone]


TONE_DOTS = {Tone.OK: Dot.OK, Tone.BUSY: Dot.BUSY, Tone.ERROR: Dot.ERROR, Tone.OFF: Dot.OFF}
