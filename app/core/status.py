"""The hub's live per-server status, published to a file so `servers list` in another process can show it."""

from __future__ import annotations

import contextlib
import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.core.fileio import atomic_write

STATUS_FILE = "servers-status.json"


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by someone else
        return True
    return True


class StatusBoard:
    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / STATUS_FILE

    def publish(self, servers: dict[str, dict[str, Any]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        document = {"pid": os.getpid(), "updated_at": datetime.now(UTC).isoformat(), "servers": servers}
        atomic_write(self.path, json.dumps(document, ensure_ascii=True).encode("ascii"))

    def clear(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def read(self) -> tuple[dict[str, dict[str, Any]], bool]:
        """The last published statuses, and whether the process that published them still runs."""
        try:
            document = json.loads(self.path.read_text("ascii"))
            servers = document["servers"]
            pid = int(document["pid"])
        except (OSError, ValueError, KeyError, TypeError):
            return {}, False
        if not isinstance(servers, dict):
            return {}, False
        return servers, _process_alive(pid)
