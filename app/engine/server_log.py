"""A stdio server's log file: its stderr, appended across attempts, rotated by size while it runs.

The server does not write the file itself: its stderr is a pipe the hub drains on its event loop
into a rotating, private log (`LOG_ROTATE_BYTES` per file, `LOG_BACKUPS` older ones kept). So a
server that runs for weeks cannot grow its log without bound, and a log that cannot be written (a
full disk) costs the server nothing: its stderr is still read, and what cannot be written is
dropped. A log that cannot even be opened (a read-only state folder) sends the stderr to the null
device. Either way the server starts, and the hub says why once in its own log.
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import os
import shlex
import sys
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TextIO, cast

from app.core.confine.wrap import started_confined
from app.core.model import StdioTarget
from app.core.system.fileio import private_dir
from app.core.system.logfile import PrivateRotatingFileHandler

logger = logging.getLogger(__name__)

LOG_ROTATE_BYTES = 1 << 20
LOG_BACKUPS = 2
READ_CHUNK = 1 << 16
_unwritable: set[Path] = set()
"""Logs found unwritable, so each is reported once."""
DRAIN_BOUND = 1 << 22
"""Most bytes one drain reads: a grandchild that keeps the pipe open and floods it must not pin the loop."""


class _ServerLogFile(PrivateRotatingFileHandler):
    """The rotating file, written as raw text; what cannot be written is dropped, said once per spell."""

    terminator = ""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=LOG_ROTATE_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        self.setFormatter(logging.Formatter("%(message)s"))

    def write_text(self, text: str) -> None:
        if text:
            self.handle(logging.LogRecord("server", logging.INFO, "", 0, text, None, None))

    def report_failure(self, error: BaseException | None) -> None:
        reason = getattr(error, "strerror", None) or error
        logger.warning("Cannot write %s (%s); the server's stderr is dropped until the log can be written again",
                       self.baseFilename, reason)


class ServerLog:
    """The server's stderr: a pipe whose other end the event loop drains into the rotating file."""

    def __init__(self, file: _ServerLogFile, loop: asyncio.AbstractEventLoop) -> None:
        self._file = file
        self._loop = loop
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._read_end, self._write_end = os.pipe()
        os.set_blocking(self._read_end, False)
        loop.add_reader(self._read_end, self._pump)
        self._closed = False

    @property
    def path(self) -> Path:
        return Path(self._file.baseFilename)

    def fileno(self) -> int:
        """The pipe's write end, which the server gets as its stderr."""
        return self._write_end

    def write(self, text: str) -> int:
        self._file.write_text(text)
        return len(text)

    def flush(self) -> None:
        """Everything the server has written so far, into the file (before reading its last line)."""
        self._pump(DRAIN_BOUND)

    def tell(self) -> int:
        stream = self._file.stream
        try:
            return stream.tell() if stream is not None else 0
        except (OSError, ValueError):
            return 0

    def _pump(self, bound: int = READ_CHUNK * 16) -> None:
        if self._closed:
            return
        read = 0
        while read < bound:
            try:
                chunk = os.read(self._read_end, READ_CHUNK)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:  # every writer is gone
                self._loop.remove_reader(self._read_end)
                return
            read += len(chunk)
            self._file.write_text(self._decoder.decode(chunk))

    def close(self) -> None:
        if self._closed:
            return
        os.close(self._write_end)  # the server has been stopped; what it left in the pipe still counts
        self._pump(DRAIN_BOUND)
        self._closed = True
        self._loop.remove_reader(self._read_end)
        os.close(self._read_end)
        self._file.write_text(self._decoder.decode(b"", final=True))
        self._file.close()

    def __enter__(self) -> ServerLog:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def open_server_log(path: Path, target: StdioTarget, mode: str) -> tuple[TextIO, Path | None]:
    """Open the server's log for appending, with a line saying what is being started.

    Returns the log (whose `fileno()` the server gets as its stderr) and its path, or the null
    device and None when the log cannot be opened (a server must not stay down because its log
    cannot be written). The caller closes the log once the server has stopped.
    """
    try:
        private_dir(path.parent)
        file = _ServerLogFile(path)
    except OSError as error:
        if path not in _unwritable:  # said once, not on every reconnect
            logger.warning("Cannot write %s (%s); the server's stderr is discarded", path, error.strerror or error)
        _unwritable.add(path)
        return open(os.devnull, "w", encoding="utf-8"), None
    _unwritable.discard(path)
    started = datetime.now(UTC).astimezone().isoformat(timespec="seconds")
    file.write_text(f"--- {started} Rootkeeper starts: {shlex.join([target.command, *target.args])} ({mode} mode)\n")
    confined = started_confined(target.command, target.args)
    if confined is not None:  # what it may touch, or why it is not started at all
        file.write_text(f"--- {confined.text}\n")
    try:
        loop = asyncio.get_running_loop()
        if sys.platform == "win32":  # pragma: no cover - the Proactor loop cannot watch a pipe this way
            raise RuntimeError("no reader on this platform")
    except RuntimeError:
        file.close()
        descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        return os.fdopen(descriptor, "a", encoding="utf-8"), path
    # Used as a TextIO by the transport, which needs only write, flush and fileno of it.
    return cast(TextIO, ServerLog(file, loop)), path
