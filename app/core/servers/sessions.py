"""Live bridge sessions: one private status file per running bridge, read by `rootkeeper sessions` (and the tray).

`state_home()/sessions/<pid>.json` holds the host's clientInfo, the server, the era, each roots
fetch and the last list given (`roots_given`, null until the first: the window counts the server
as holding those folders while the session lives). A bridge writes it (`app.bridge.status`),
replaced atomically on every change and removed when the bridge exits; a file whose process is
gone (a bridge that was killed, its pid perhaps reused since: `process_started` tells) is ignored by readers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.core.system.processes import process_alive

SESSIONS_DIR = "sessions"


def live_sessions(state_dir: Path) -> list[dict[str, Any]]:
    """Every running bridge's status, oldest first; files of bridges that are gone are ignored."""
    sessions = []
    for path in sorted((state_dir / SESSIONS_DIR).glob("*.json")):
        try:
            document = json.loads(path.read_text("ascii"))
            pid = int(document["pid"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        started = document.get("process_started") if isinstance(document, dict) else None
        if isinstance(document, dict) and process_alive(pid, started if isinstance(started, str) else None):
            sessions.append(document)
    return sorted(sessions, key=lambda doc: str(doc.get("started_at")))
