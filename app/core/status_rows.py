"""The servers' connection status as a running hub published it, read without pydantic (`servers list`).

The hub writes each `ConnectionStatus` (`app.core.status`) as its `row()`; reading a row back checks it
against the model's generated schema (`app.core.store_schema.STATUS_SCHEMA`), so the row shown is what
`ConnectionStatus.model_validate(row).row()` gives. A row only the model can judge is left to it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from app.core.plain_store import plain_status
from app.core.store_encoding import date_time_text

STATUS_FILE = "servers-status.json"
UNPUBLISHED = frozenset({"roots_fetch_count", "retry_in", "session_fetches"})
"""A hub's own bookkeeping, left out of the published rows."""
SHARED_LIST = "last_roots_fetch_list"
"""In the file, a row's index into the document's `lists` in place of its `last_roots_fetch`."""
DATE_FIELDS = ("last_roots_fetch_at", "settled_at")


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by someone else
        return True
    return True


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
    return servers, process_alive(pid)


def published_rows(state_dir: Path) -> tuple[dict[str, dict[str, Any]], bool]:
    """Each server's status as `ConnectionStatus.row()` gives it (a row the model refuses is left out)."""
    rows, running = read_published(state_dir / STATUS_FILE)
    shown: dict[str, dict[str, Any]] = {}
    for name, row in rows.items():
        status = plain_status(row)
        if status is None:
            from app.core.status import model_row  # what only the model can say

            found = model_row(row)
            if found is not None:
                shown[str(name)] = found
            continue
        shown[str(name)] = _published(status)
    return shown, running


def unknown_row() -> dict[str, Any]:
    """`ConnectionStatus().row()`: the row of a server no hub has reported on."""
    status = plain_status({})
    assert status is not None, "every status field has a default"
    return _published(status)


def _published(status: dict[str, Any]) -> dict[str, Any]:
    for field in DATE_FIELDS:
        if status[field] is not None:
            status[field] = date_time_text(status[field])
    return {key: value for key, value in status.items() if key not in UNPUBLISHED}
