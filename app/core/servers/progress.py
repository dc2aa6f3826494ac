"""How far a hub's connecting has come, in a module of its own: the tray shows it before pydantic loads."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class ConnectionProgress(NamedTuple):
    """How far a hub's connecting has come: shown while any server is still connecting."""

    connected: int
    total: int

    def text(self) -> str:
        return f"{self.connected} of {self.total} connected"


def connection_progress(states: Iterable[str]) -> ConnectionProgress | None:
    """`connected` of `total` servers while at least one is `connecting` (a hub starting); otherwise None.

    `states` are the servers' connection states (`ConnectionStatus.state`, or what `servers list`
    shows for a server not reported yet); every state but `connected` counts as not connected.
    """
    counted = list(states)
    if "connecting" not in counted:
        return None
    return ConnectionProgress(sum(1 for state in counted if state == "connected"), len(counted))
