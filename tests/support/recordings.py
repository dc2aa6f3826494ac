"""What the recording test servers in `tests/servers` wrote: one JSON object a line, read back as they go."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def read_events(path: Path) -> list[dict[str, Any]]:
    """The JSON lines a recording test server wrote so far (none when the file does not exist yet)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def recorded(record: Path) -> list[list[str]]:
    """Every roots list a legacy recorder saw, oldest first."""
    return [event["uris"] for event in read_events(record) if event.get("event") == "listed"]


def received_lines(record: Path) -> list[str]:
    """The raw lines `bridge_raw` received."""
    return [item["raw"] for item in read_events(record) if "raw" in item]


def server_pid(record: Path) -> int:
    """The pid `bridge_raw` said it runs as."""
    return next(item["pid"] for item in read_events(record) if "pid" in item)
