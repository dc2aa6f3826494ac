"""What changed between two snapshots that is worth a desktop notification.

Only transitions count: a folder that became unreachable or reachable again, a server that broke
after it had worked (once per outage: not each death of a crash loop).
A state that merely persists (a folder still missing, a server still retrying) never repeats a
notification, and the very first snapshot only sets the baseline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from app.core.roots.access import AccessStatus
from app.ui import text
from app.ui.models.snapshot import Snapshot

OK = AccessStatus.OK


class Change(StrEnum):
    FOLDER_LOST = "folder_lost"
    FOLDER_BACK = "folder_back"
    SERVER_FAILED = "server_failed"


@dataclass(frozen=True)
class Transition:
    change: Change
    name: str
    detail: str


@dataclass
class TransitionTracker:
    _reachable: dict[str, bool] = field(default_factory=dict)
    _failed_servers: set[str] = field(default_factory=set)
    _started: bool = False

    def update(self, snapshot: Snapshot) -> list[Transition]:
        found: list[Transition] = []
        # Built in one comprehension and compared as a whole (in C): a round of checks of 10,000
        # folders usually changes none of them, and this runs on the GUI thread with every snapshot.
        reachable = {root.id: access.status is OK for root, access, _seen, _holding in snapshot.roots
                     if access is not None and root.enabled}
        if self._started and reachable != self._reachable:
            earlier = self._reachable
            for root, access, _seen, _holding in snapshot.roots:
                now = reachable.get(root.id)
                before = earlier.get(root.id)
                if access is not None and now is not None and before is not None and before != now:
                    change = Change.FOLDER_BACK if now else Change.FOLDER_LOST
                    found.append(Transition(change, root.name, text.access_detail(access, root.path)))
        self._reachable = reachable

        for server in snapshot.servers:
            if server.status is None:
                continue
            if server.status.state == "connected":
                self._failed_servers.discard(server.name)
            elif server.failing and server.name not in self._failed_servers:
                # Reported once per outage, as the status counts them (`ConnectionStatus.broke`): the
                # deaths of a crash loop, and a server that has not worked since the app started
                # (failing at the last start too), are not news: the badge and the servers tab say so.
                self._failed_servers.add(server.name)
                if self._started and server.status.broke:
                    found.append(Transition(Change.SERVER_FAILED, server.name, text.server_error(server.status) or ""))
        self._failed_servers &= {server.name for server in snapshot.servers}
        self._started = True
        return found
