"""Is a root really reachable right now, as seen by this process?

Each check runs on a daemon thread and is abandoned after a deadline, so a dead network mount
cannot hang the caller; while an abandoned check is still stuck, later checks of the same path
answer `offline` at once instead of piling up more stuck threads.
"""

from __future__ import annotations

import errno
import os
import queue
import stat
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum

from app.core.paths import printable

DEFAULT_TIMEOUT = 2.0

_OFFLINE_ERRNOS = {
    getattr(errno, name)
    for name in ("ENOTCONN", "ESTALE", "EHOSTDOWN", "EHOSTUNREACH", "ETIMEDOUT", "ENODEV", "ENXIO", "ENOMEDIUM")
    if hasattr(errno, name)
}


class AccessStatus(StrEnum):
    OK = "ok"
    MISSING = "missing"
    NOT_A_DIRECTORY = "not_a_directory"
    NOT_A_FILE = "not_a_file"
    PERMISSION_DENIED = "permission_denied"
    UNREADABLE = "unreadable"
    LOOP = "symlink_loop"
    OFFLINE = "offline"


@dataclass(frozen=True)
class AccessResult:
    status: AccessStatus
    detail: str
    checked_at: datetime = field(default_factory=lambda: datetime.now(UTC))

    @property
    def ok(self) -> bool:
        return self.status is AccessStatus.OK


def _classify(exc: OSError, shown: str) -> AccessResult:
    code = exc.errno
    if code == errno.ENOENT:
        return AccessResult(AccessStatus.MISSING, f"{shown} does not exist (deleted, renamed or unmounted).")
    if code in (errno.EACCES, errno.EPERM):
        return AccessResult(AccessStatus.PERMISSION_DENIED, f"Rootkeeper is not allowed to open {shown}.")
    if code == errno.ELOOP:
        return AccessResult(AccessStatus.LOOP, f"{shown} is part of a symbolic link loop.")
    if code == errno.ENOTDIR:
        return AccessResult(AccessStatus.MISSING, f"A part of {shown} is now a file, not a folder.")
    if code in _OFFLINE_ERRNOS:
        return AccessResult(AccessStatus.OFFLINE, f"{shown} is on a drive or network share that is not connected.")
    reason = exc.strerror or type(exc).__name__
    return AccessResult(AccessStatus.UNREADABLE, f"{shown} cannot be read: {reason}.")


def check_now(path: str, *, expect_file: bool = False) -> AccessResult:
    """The check itself, without a deadline: exists, right kind, readable and (folders) traversable."""
    shown = printable(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        return _classify(exc, shown)
    is_dir = stat.S_ISDIR(info.st_mode)
    if expect_file:
        if is_dir:
            return AccessResult(AccessStatus.NOT_A_FILE, f"{shown} was shared as a file but is now a folder.")
        return _check_file(path, info, shown)
    if not is_dir:
        return AccessResult(AccessStatus.NOT_A_DIRECTORY, f"{shown} is not a folder any more.")
    try:
        # Listing proves read permission; stat through "." proves search (traverse) permission.
        with os.scandir(path) as entries:
            next(iter(entries), None)
        os.stat(os.path.join(path, "."))
    except OSError as exc:
        return _classify(exc, shown)
    return AccessResult(AccessStatus.OK, f"{shown} is readable.")


def _check_file(path: str, info: os.stat_result, shown: str) -> AccessResult:
    if not stat.S_ISREG(info.st_mode):
        # Opening a FIFO or device to prove readability could block or have side effects.
        return AccessResult(AccessStatus.UNREADABLE, f"{shown} is not a regular file.")
    try:
        with open(path, "rb") as handle:
            handle.read(1)
    except OSError as exc:
        return _classify(exc, shown)
    return AccessResult(AccessStatus.OK, f"{shown} is readable.")


_stuck: set[str] = set()
_stuck_lock = threading.Lock()


def check(path: str, *, expect_file: bool = False, timeout: float = DEFAULT_TIMEOUT) -> AccessResult:
    """`check_now` bounded by `timeout` seconds; a check that does not finish means `offline`."""
    shown = printable(path)
    with _stuck_lock:
        if path in _stuck:
            return AccessResult(AccessStatus.OFFLINE, f"{shown} is still not answering.")
    box: list[AccessResult] = []
    done = threading.Event()

    def run() -> None:
        try:
            box.append(check_now(path, expect_file=expect_file))
        finally:
            done.set()
            with _stuck_lock:
                _stuck.discard(path)

    worker = threading.Thread(target=run, name="rootkeeper-access-check", daemon=True)
    with _stuck_lock:
        _stuck.add(path)
    worker.start()
    if not done.wait(timeout):
        return AccessResult(AccessStatus.OFFLINE, f"{shown} did not answer within {timeout:g} s.")
    return box[0]


def check_many(
    items: Iterable[tuple[str, str, bool]], *, timeout: float = DEFAULT_TIMEOUT, workers: int = 4
) -> dict[str, AccessResult]:
    """Check several roots on a few threads; `items` are (key, path, expect_file)."""
    pending: queue.SimpleQueue[tuple[str, str, bool]] = queue.SimpleQueue()
    count = 0
    for item in items:
        pending.put(item)
        count += 1
    results: dict[str, AccessResult] = {}

    def drain() -> None:
        while True:
            try:
                key, path, expect_file = pending.get_nowait()
            except queue.Empty:
                return
            results[key] = check(path, expect_file=expect_file, timeout=timeout)

    threads = [threading.Thread(target=drain, daemon=True) for _ in range(min(workers, count))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
