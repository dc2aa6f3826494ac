"""Logging configured once per process, and the last-resort handlers that log what nothing else caught.

Long-running processes (`run --headless`, the GUI, the bridge) log to a rotating file in the state
folder, `logs/rootkeeper.log`, private to the user whatever the umask. Short commands log to stderr
only, one line per record and never a traceback: the user gets a sentence, not a stack.

Nothing here logs a secret: records carry what the code put in them, and the code never puts header
or environment values in a log message; a URL's password, which libraries log with the URL, is
masked by a filter on every handler (`hide_secrets`).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType

from app.core.system.fileio import private_dir
from app.core.text import UserError

LOG_FILE = "rootkeeper.log"
LEVEL_VARIABLE = "ROOTKEEPER_LOG_LEVEL"
LEVELS = ("debug", "info", "warning", "error", "critical")
MAX_BYTES = 1_000_000
BACKUPS = 3
_HANDLER_NAME = "rootkeeper"
_FORMAT = "%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"

CrashListener = Callable[[str], None]
_listeners: list[CrashListener] = []


class LogLevelError(UserError):
    def __init__(self, value: str) -> None:
        super().__init__("log.bad_level", value=value, levels=", ".join(LEVELS))


def resolve_level(option: str | None, environ: Mapping[str, str] = os.environ) -> int | None:
    """The level asked for by `--log-level`, else by ROOTKEEPER_LOG_LEVEL; None for the default."""
    value = option or environ.get(LEVEL_VARIABLE) or None
    if value is None:
        return None
    if value.strip().lower() not in LEVELS:
        raise LogLevelError(value)
    return logging.getLevelNamesMapping()[value.strip().upper()]


def _printable(text: str) -> str:
    return "".join(ch if ch.isprintable() else "?" for ch in text)


class _Printable(logging.Formatter):
    """The full record, lines and traceback, with no control character reaching a terminal."""

    def format(self, record: logging.LogRecord) -> str:
        return "\n".join(_printable(line) for line in super().format(record).splitlines())


class _OneLine(logging.Formatter):
    """`rootkeeper: message` and nothing more: tracebacks belong in the log file, not in a terminal."""

    def format(self, record: logging.LogRecord) -> str:
        text = (record.getMessage().splitlines() or [record.levelname])[0]
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f" ({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''})"
        return f"rootkeeper: {_printable(text)}"


def hide_secrets(record: logging.LogRecord) -> bool:
    """A handler filter: a URL's password (a library logging the URL it requests) never reaches a log."""
    from app.core.servers.secrets import hide_passwords

    text = record.getMessage()
    hidden = hide_passwords(text)
    if hidden != text:
        record.msg, record.args = hidden, None
    return True


def log_path(state_dir: Path) -> Path:
    return state_dir / "logs" / LOG_FILE


def configure_logging(level: int | None, state_dir: Path | None, *, to_file: bool) -> Path | None:
    """Configure the root logger once; `to_file` for long-running processes. Returns the log file, if any."""
    root = logging.getLogger()
    for old in list(root.handlers):
        if old.get_name() == _HANDLER_NAME:  # configured again (tests, a frozen app's re-entry): replace
            root.removeHandler(old)
            old.close()
    handler: logging.Handler | None = None
    path = None
    problem = None
    if to_file and state_dir is not None:
        path = log_path(state_dir)
        try:
            handler = _file_handler(path)
        except OSError as exc:  # a read-only or broken state folder must not stop the hub: log to stderr
            problem = f"Cannot write the log file {path} ({exc.strerror or exc}); logging to the terminal instead."
            path = None
    if handler is not None:
        root.setLevel(level if level is not None else logging.INFO)
    else:
        handler = logging.StreamHandler(sys.stderr)
        # Asking for debug on a short command is asking for the details, tracebacks included.
        handler.setFormatter(_Printable(_FORMAT) if level == logging.DEBUG else _OneLine())
        root.setLevel(level if level is not None else logging.WARNING)
    handler.set_name(_HANDLER_NAME)
    handler.addFilter(hide_secrets)
    root.addHandler(handler)
    if problem is not None:
        logging.getLogger(__name__).warning("%s", problem)
    return path


def _file_handler(path: Path) -> logging.Handler:
    # Each folder made on its own (`parents=True` would create them with the umask's mode).
    private_dir(path.parent.parent)
    private_dir(path.parent)
    os.close(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600))  # unwritable: said now, not at a record
    return _LogFile(path)


class _LogFile(logging.Handler):
    """The private rotating log file (`app.core.system.logfile`), opened at the first record it takes.

    The rotating handler comes with `logging.handlers`, which imports `socket`, `pickle` and `queue`
    for its other handlers: 5-15 ms that the tray app's start need not pay before anything is on screen.
    """

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.baseFilename = str(path)
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self._file is None:
            from app.core.system.logfile import PrivateRotatingFileHandler

            self._file = PrivateRotatingFileHandler(self.baseFilename, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                    encoding="utf-8")
            self._file.setFormatter(logging.Formatter(_FORMAT))
        self._file.emit(record)  # this handler's lock is held; the file's own failures stay the file's

    def flush(self) -> None:
        if self._file is not None:
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


def current_log_file() -> Path | None:
    """The file `configure_logging` sends records to, when it was configured for a long-running process."""
    for handler in logging.getLogger().handlers:
        if handler.get_name() == _HANDLER_NAME and isinstance(handler, _LogFile):
            return Path(handler.baseFilename)
    return None


# -- what nothing else caught ---------------------------------------------------------------------

crash_log = logging.getLogger("rootkeeper.crash")


def add_crash_listener(listener: CrashListener) -> None:
    """Call `listener(where)` after an uncaught exception is logged (the GUI shows one sentence)."""
    _listeners.append(listener)


def remove_crash_listener(listener: CrashListener) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def report_crash(where: str, exc: BaseException | None, message: str | None = None) -> None:
    """Log an uncaught exception with its traceback, then tell the listeners."""
    info = (type(exc), exc, exc.__traceback__) if exc is not None else None
    crash_log.error("Uncaught exception in %s%s", where, f": {message}" if message else "", exc_info=info)
    for listener in list(_listeners):
        try:
            listener(where)
        except Exception:  # a broken listener must not hide the crash it reports
            crash_log.exception("The crash listener failed")


def _excepthook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, exc, tb)
        return
    report_crash("the main thread", exc.with_traceback(tb))


def _thread_excepthook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None or issubclass(args.exc_type, SystemExit):
        return
    name = args.thread.name if args.thread is not None else "a thread"
    report_crash(f"thread {name}", args.exc_value)


def install_excepthooks() -> None:
    """Uncaught exceptions on any thread are logged with their traceback instead of printed and lost."""
    sys.excepthook = _excepthook
    threading.excepthook = _thread_excepthook
