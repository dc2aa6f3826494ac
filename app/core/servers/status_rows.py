"""The servers' connection status as a running hub published it, read without pydantic (`servers list`).

The hub writes each `ConnectionStatus` (`app.core.servers.status`) as its `row()`; reading a row back checks it
against the model's generated schema (`app.core.store.schema.STATUS_SCHEMA`), so the row shown is what
`ConnectionStatus.model_validate(row).row()` gives. A row only the model can judge is left to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.servers.status_file import DATE_FIELDS, STATUS_FILE, UNPUBLISHED, read_published
from app.core.store.encoding import date_time_text
from app.core.store.plain import plain_status


def published_rows(state_dir: Path) -> tuple[dict[str, dict[str, Any]], bool]:
    """Each server's status as `ConnectionStatus.row()` gives it (a row the model refuses is left out)."""
    rows, running = read_published(state_dir / STATUS_FILE)
    shown: dict[str, dict[str, Any]] = {}
    for name, row in rows.items():
        status = plain_status(row)
        if status is None:
            from app.core.servers.status import model_row  # what only the model can say

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
