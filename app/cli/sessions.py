"""What `servers list` says about bridge sessions: who uses each server, and why a consent still waits.

A bridge for a server nobody has approved declares roots but gives its server an empty list; the
tray app, when it runs, asks the user. Without the tray nobody is asked, so `servers list` says
which host's bridge is waiting and the command that decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core.system.hublock import HubLock
from app.core.system.processes import process_alive

if TYPE_CHECKING:
    from app.core.store.plain import PlainServer

GUI_LOCK = "gui.lock"
"""The tray app's single-instance lock (its first line is the holder's pid, while it holds it)."""


def sessions_by_server(state_dir: Path) -> dict[str, list[dict[str, Any]]]:
    """The live bridge sessions (stale files skipped), oldest first, by server name."""
    from app.core.servers.sessions import live_sessions  # stdlib and core only: no SDK on the way

    grouped: dict[str, list[dict[str, Any]]] = {}
    for session in live_sessions(state_dir):
        grouped.setdefault(str(session.get("server")), []).append(session)
    return grouped


def tray_running(state_dir: Path) -> bool:
    """Whether a tray app for this home is running (it holds the hub, or at least its single-instance lock)."""
    owner = HubLock(state_dir, "gui").owner()
    if owner is not None and owner.kind == "gui" and process_alive(owner.pid):
        return process_alive(owner.pid, owner.started)  # its pid runs: the tray only if it is the very process
    try:
        first_line = (state_dir / GUI_LOCK).read_text("utf-8", "replace").splitlines()[0]
        return process_alive(int(first_line))
    except (OSError, IndexError, ValueError):
        return False


def host_of(session: dict[str, Any]) -> str:
    from app.cli.bridge import shown_value

    host = session.get("host")
    return shown_value(host.get("name") if isinstance(host, dict) else None) or "an unnamed host"


def _clock(stamp: object) -> str:
    try:
        return datetime.fromisoformat(str(stamp)).astimezone().strftime("%H:%M")
    except ValueError:
        return "an unknown time"


def consent_wait(server: PlainServer, sessions: Sequence[dict[str, Any]], tray: bool) -> str | None:
    """Why `server` still waits for consent, in one sentence; None when it does not wait."""
    if server.consent == "given":
        return None
    decide = f"run `rootkeeper servers share {server.name} all|none|ROOT,...`"
    if tray:
        return f"waiting for consent: the tray app asks you about it; or {decide}"
    if not sessions:
        return f"waiting for consent: no tray app is running to ask you; {decide}"
    first = sessions[0]
    others = len(sessions) - 1
    more = f" (and {others} more session{'s' if others != 1 else ''})" if others else ""
    return (f"waiting for consent: a bridge started by {host_of(first)} asked at {_clock(first.get('started_at'))}"
            f"{more} and no tray app is running to ask you; {decide}")
