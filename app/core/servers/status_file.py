"""The file a running hub publishes its servers' connection status in, and reading it back as written.

Written by `app.core.servers.status.StatusBoard`; read without pydantic by `app.core.store.plain` (`servers list`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.core.system.processes import process_alive

STATUS_FILE = "servers-status.json"
UNPUBLISHED = frozenset({"roots_fetch_count", "retry_in", "session_fetches"})
"""A hub's own bookkeeping, left out of the published rows."""
SHARED_LIST = "last_roots_fetch_list"
"""In the file, a row's index into the document's `lists` in place of its `last_roots_fetch`."""
DATE_FIELDS = ("last_roots_fetch_at", "settled_at")


def read_published(path: Path) -> tuple[dict[str, dict[str, Any]], bool]:
    """The last published rows as written, and whether the process that published them still runs."""
    try:
        document = json.loads(path.read_text("ascii"))
        servers = document["servers"]
        pid = int(document["pid"])
    except (OSError, ValueError, KeyError, TypeError):
        return {}, False
    if not isinstance(servers, dict):
        return {}, False
    lists = document.get("lists")
    for row in servers.values():
        if isinstance(row, dict) and SHARED_LIST in row:
            index = row.pop(SHARED_LIST)
            if isinstance(lists, list) and isinstance(index, int) and 0 <= index < len(lists):
                row["last_roots_fetch"] = lists[index]
    started = document.get("process_started")
    return servers, process_alive(pid, started if isinstance(started, str) else None)
