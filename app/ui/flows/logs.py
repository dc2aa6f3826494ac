"""Reading the end of a server's log file (run off the event loop: logs can sit on a slow disk)."""

from __future__ import annotations

from pathlib import Path

TAIL_BYTES = 256 * 1024


def read_tail(path: Path, limit: int = TAIL_BYTES) -> str | None:
    """The last `limit` bytes of `path` as text starting at a whole line, or None when there is no log."""
    try:
        with path.open("rb") as file:
            size = file.seek(0, 2)
            file.seek(max(0, size - limit))
            chunk = file.read()
    except FileNotFoundError:
        return None
    if size > limit:
        chunk = chunk.partition(b"\n")[2]
    return chunk.decode("utf-8", "replace") or None
