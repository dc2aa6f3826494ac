"""A stdio server's log file: its stderr, appended across attempts, rotated once it grows large."""

from __future__ import annotations

import logging
import os
import shlex
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from app.core.model import StdioTarget

logger = logging.getLogger(__name__)

LOG_ROTATE_BYTES = 1 << 20


def open_server_log(path: Path, target: StdioTarget, mode: str) -> tuple[TextIO, Path | None]:
    """Open the server's log for appending, with a line saying what is being started.

    Returns the file and its path, or the null device and None when the log cannot be written
    (a server must not stay down because its log cannot be written). The caller closes the file.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if path.exists() and path.stat().st_size > LOG_ROTATE_BYTES:
            path.replace(path.with_name(path.name + ".1"))
        descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        log = os.fdopen(descriptor, "a", encoding="utf-8")
    except OSError as error:
        logger.warning("Cannot write %s (%s); the server's stderr is discarded", path, error)
        return open(os.devnull, "w", encoding="utf-8"), None
    started = datetime.now(UTC).astimezone().isoformat(timespec="seconds")
    log.write(f"--- {started} Rootkeeper starts: {shlex.join([target.command, *target.args])} ({mode} mode)\n")
    log.flush()  # the child appends through its own descriptor, after this line
    return log, path
