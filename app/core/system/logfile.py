"""The log file's handler: the standard library's rotating handler, private, and quiet about a disk that will
not take a record.

Apart from `app.core.system.logsetup` so that a short command (which logs to stderr only) never loads
`logging.handlers` (and the `socket`, `pickle` and `queue` it imports).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from logging.handlers import RotatingFileHandler
from typing import Any


class PrivateRotatingFileHandler(RotatingFileHandler):
    """`RotatingFileHandler` (`name.1` is the newest of `backupCount` old files) whose every file, the first
    and each one after a rollover, is created 0600.

    A record that cannot be written (a full disk) is dropped, and the first of a spell of failures
    is reported once (`report_failure`), instead of a traceback on stderr for each record.
    """

    failing = False

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
        super().emit(record)  # its failures land in `handleError`
        if not self._failed_now:
            self.failing = False

    def close(self) -> None:
        with contextlib.suppress(OSError):  # what a full disk would not take is lost either way
            super().close()

    def _open(self) -> Any:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
        return open(fd, self.mode, encoding=self.encoding, errors=self.errors)
