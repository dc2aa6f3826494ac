"""The log file's handler: rotating, private, and quiet about a disk that will not take a record.

Apart from `app.core.system.logsetup` so that a short command (which logs to stderr only) never loads it.
It rotates by itself rather than through `logging.handlers`, which imports `socket`, `pickle` and
`queue` for its other handlers: 5 ms of the tray app's start, before anything is on screen.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from typing import Any


class PrivateRotatingFileHandler(logging.FileHandler):
    """A log rotated by size, as `logging.handlers.RotatingFileHandler` does (`name.1` is the newest of
    `backupCount` old files), whose every file (the first and each one after a rollover) is created 0600.

    A record that cannot be written (a full disk) is dropped, and the first of a spell of failures
    is reported once (`report_failure`), instead of a traceback on stderr for each record.
    """

    failing = False

    def __init__(self, filename: str | os.PathLike[str], maxBytes: int = 0, backupCount: int = 0,
                 encoding: str | None = None) -> None:
        self.maxBytes = maxBytes
        self.backupCount = backupCount
        super().__init__(filename, mode="a", encoding=encoding)

    def report_failure(self, error: BaseException | None) -> None:
        reason = getattr(error, "strerror", None) or error
        with contextlib.suppress(Exception):  # stderr itself may be gone
            print(f"rootkeeper: Cannot write the log file {self.baseFilename} ({reason}); log records are "
                  "dropped until it can be written again.", file=sys.stderr, flush=True)

    def handleError(self, record: logging.LogRecord) -> None:
        self._failed_now = True
        if not self.failing:
            self.failing = True
            self.report_failure(sys.exc_info()[1])

    def emit(self, record: logging.LogRecord) -> None:
        self._failed_now = False
        try:
            if self._full_with(record):
                self._roll_over()
            super().emit(record)
        except Exception:
            self.handleError(record)
        if not self._failed_now:
            self.failing = False

    def _full_with(self, record: logging.LogRecord) -> bool:
        if self.maxBytes <= 0 or (os.path.exists(self.baseFilename) and not os.path.isfile(self.baseFilename)):
            return False  # no size limit, or not a regular file (a FIFO, /dev/null): nothing to rotate
        if self.stream is None:
            self.stream = self._open()
        self.stream.seek(0, os.SEEK_END)
        return bool(self.stream.tell() + len(self.format(record) + self.terminator) >= self.maxBytes)

    def _roll_over(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None
        if self.backupCount > 0:
            for number in range(self.backupCount - 1, 0, -1):
                older, oldest = f"{self.baseFilename}.{number}", f"{self.baseFilename}.{number + 1}"
                if os.path.exists(older):
                    os.replace(older, oldest)
            os.replace(self.baseFilename, f"{self.baseFilename}.1")
        self.stream = self._open()

    def close(self) -> None:
        with contextlib.suppress(OSError):  # what a full disk would not take is lost either way
            super().close()

    def _open(self) -> Any:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
        return open(fd, self.mode, encoding=self.encoding, errors=self.errors)
