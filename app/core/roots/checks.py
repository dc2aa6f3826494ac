"""The access checks themselves, one path at a time and with no deadline: `app.core.roots.access` runs them.

Import these names from `app.core.roots.access`, which re-exports them beside the checker that bounds
each check in time.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import NamedTuple

from app.core.paths import printable
from app.core.text import one_argument, sentence

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
    MOVED = "moved"
    """The path no longer resolves to the folder it was added as: it, or a folder above it, was swapped."""


readable = one_argument("access.ok")
missing = one_argument("access.missing")
not_a_folder = one_argument("access.not_a_folder")
not_a_file = one_argument("access.not_a_file")
not_allowed = one_argument("access.permission_denied")


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
        return AccessResult(AccessStatus.MISSING, missing(shown))
    if code in (errno.EACCES, errno.EPERM):
        return AccessResult(AccessStatus.PERMISSION_DENIED, not_allowed(shown))
    if code == errno.ELOOP:
        return AccessResult(AccessStatus.LOOP, sentence("path.loop", path=shown))
    if code == errno.ENOTDIR:
        return AccessResult(AccessStatus.MISSING, f"A part of {shown} is now a file, not a folder.")
    if code in _OFFLINE_ERRNOS:
        return AccessResult(AccessStatus.OFFLINE, f"{shown} is on a drive or network share that is not connected.")
    reason = exc.strerror or type(exc).__name__
    return AccessResult(AccessStatus.UNREADABLE, f"{shown} cannot be read: {reason}.")


class CheckItem(NamedTuple):
    """One root to check: `path` is the canonical target it was added as; `entered` what the user gave."""

    key: str
    path: str
    expect_file: bool = False
    entered: str | None = None


def resolution_check(path: str, entered: str | None = None) -> AccessResult | None:
    """`moved` when `path` (or `entered`) no longer resolves to `path` itself, else None.

    A folder replaced by a symbolic link, or a folder above it swapped, would otherwise hand the
    server a URI that now names something else (`/`, `~/.ssh`). A path that is gone is left to
    the existence check.
    """
    for given in (path, entered) if entered is not None and entered != path else (path,):
        try:
            now = os.path.realpath(given, strict=True)
        except OSError:
            continue
        if now != path:
            return AccessResult(
                AccessStatus.MOVED,
                f"{printable(given)} now leads to {printable(now)}, not to the folder it was shared as.",
            )
    return None


def check_now(path: str, *, expect_file: bool = False, entered: str | None = None) -> AccessResult:
    """The check itself, without a deadline: still the same target, exists, right kind, readable and traversable."""
    moved = resolution_check(path, entered)
    return moved if moved is not None else _check_target(path, expect_file)


def _check_target(path: str, expect_file: bool) -> AccessResult:
    shown = printable(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        return _classify(exc, shown)
    is_dir = stat.S_ISDIR(info.st_mode)
    if expect_file:
        if is_dir:
            return AccessResult(AccessStatus.NOT_A_FILE, not_a_file(shown))
        return _check_file(path, info, shown)
    if not is_dir:
        return AccessResult(AccessStatus.NOT_A_DIRECTORY, not_a_folder(shown))
    try:
        # Listing proves read permission; stat through "." proves search (traverse) permission.
        with os.scandir(path) as entries:
            next(iter(entries), None)
        os.stat(os.path.join(path, "."))
    except OSError as exc:
        return _classify(exc, shown)
    return AccessResult(AccessStatus.OK, readable(shown))


def _check_file(path: str, info: os.stat_result, shown: str) -> AccessResult:
    if not stat.S_ISREG(info.st_mode):
        # Opening a FIFO or device to prove readability could block or have side effects.
        return AccessResult(AccessStatus.UNREADABLE, f"{shown} is not a regular file.")
    try:
        with open(path, "rb") as handle:
            handle.read(1)
    except OSError as exc:
        return _classify(exc, shown)
    return AccessResult(AccessStatus.OK, readable(shown))


CheckFunction = Callable[[str, bool], AccessResult]
"""`(path, expect_file) -> AccessResult`; `check_now` unless a test stands in for a dead mount."""


def _default_check(path: str, expect_file: bool) -> AccessResult:
    return _check_target(path, expect_file)  # the checker runs `resolution_check` itself, first


_FAST_OPEN = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
_PARENT_OPEN = getattr(os, "O_PATH", os.O_RDONLY) | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_FD_LINKS = "/proc/self/fd"
_HAS_FD_LINKS = os.path.isdir(_FD_LINKS) and hasattr(os, "O_DIRECTORY") and hasattr(os, "O_NOFOLLOW")


class HeldParent:
    """The folder above the last one checked, kept open by one worker for the next check under the same folder.

    Its fd was proven to resolve to its path (the kernel's name for it) when it was opened, so a
    folder opened from it by its bare name, without following a symbolic link, resolves to
    `parent/name` with no `readlink` of its own, and the walk from `/` is not repeated: at 10,000
    roots that is a quarter of the checks' system time. Its own `stat` is what `".."` of each
    folder so opened gives (the kernel goes up from a mounted folder to the folder it is mounted
    on, which is this one), so the mount-point test costs no call of its own either. It is reused
    only by checks submitted before it was proven (`since`): a check asked for after a rename event
    never trusts a folder opened before it. One worker owns it and closes it as soon as its queue
    is drained, so no drive stays busy (unmountable) between rounds.
    """

    __slots__ = ("_stat", "fd", "path", "proven")

    def __init__(self) -> None:
        self.path: str | None = None
        self.fd = -1
        self.proven = -1
        self._stat: os.stat_result | None = None

    def fd_for(self, parent: str, since: int, now: int) -> int | None:
        """An fd on `parent` proven at or after submission `since` (`now` is the latest); None: check in full."""
        if self.path == parent and self.proven >= since:
            return self.fd
        self.close()
        try:
            fd = os.open(parent, _PARENT_OPEN)
        except OSError:
            return None
        try:
            proven = os.readlink(f"{_FD_LINKS}/{fd}") == parent
        except OSError:
            proven = False
        if not proven:
            os.close(fd)
            return None
        self.path, self.fd, self.proven, self._stat = parent, fd, now, None
        return fd

    def stat(self) -> os.stat_result:
        """The held folder's own stat, taken on first use (a checker without the mount-point test never asks)."""
        if self._stat is None:
            self._stat = os.fstat(self.fd)
        return self._stat

    def close(self) -> None:
        if self.path is not None:
            self.path = None
            self._stat = None
            os.close(self.fd)


def _open_proven(path: str, held: HeldParent | None, since: int, now: int) -> tuple[int, HeldParent | None] | None:
    """`path` opened as a folder and proven to resolve to itself, and the held folder it was opened from (its
    `".."`) if any; None: check in full."""
    parent, _, name = path.rpartition("/")
    if held is not None and name not in ("", ".", ".."):
        parent_fd = held.fd_for(parent or "/", since, now)
        if parent_fd is not None:
            return os.open(name, _FAST_OPEN | os.O_NOFOLLOW, dir_fd=parent_fd), held
    fd = os.open(path, _FAST_OPEN)
    try:
        if os.readlink(f"{_FD_LINKS}/{fd}") == path:
            return fd, None
    except OSError:
        pass
    os.close(fd)
    return None


def _quick_folder(path: str, *, mount_test: bool = True, held: HeldParent | None = None, since: int = 0,
                  now: int = 0) -> bool | None:
    """A healthy folder proven in one open and a few calls on it: whether it is a mount point; None: do the full check.

    Opening for reading proves read permission (the kernel checks it at `open`, as it does for the
    listing the full check makes, so the quick check does not list: that was half its time),
    `stat(".")` through it search permission, the kernel's name for the open folder (or for the
    `held` folder above it) proves it still resolves to `path` (no swapped symbolic link on the
    way), and `".."` (the `held` folder's own stat when the folder was opened from it) gives the
    mount-point test (skipped, answering False, without `mount_test`). Anything unusual, an error
    included, returns None so the full check classifies it with its exact wording. Open, stat and
    close cost about 6 us a folder here; the listing alone cost 6 us more, a stat of `..` 2.5 us.
    """
    try:
        opened = _open_proven(path, held, since, now)
    except OSError:
        return None
    if opened is None:
        return None
    fd, opened_from = opened
    try:
        here = os.stat(".", dir_fd=fd)
        if not mount_test:
            return False
        above = opened_from.stat() if opened_from is not None else os.stat("..", dir_fd=fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    return here.st_dev != above.st_dev or here.st_ino == above.st_ino
