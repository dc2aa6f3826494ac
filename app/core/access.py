"""Is a root really reachable right now, as seen by this process?

`check_now` is the check itself. `AccessChecker` runs checks on a small pool of threads with a
per-path deadline, so a dead network mount cannot hang the caller; long-running processes own one
checker, and `check` / `check_many` are one-shot uses for short-lived ones such as the CLI.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import NamedTuple

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
    MOVED = "moved"
    """The path no longer resolves to the folder it was added as: it, or a folder above it, was swapped."""


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


CheckFunction = Callable[[str, bool], AccessResult]
"""`(path, expect_file) -> AccessResult`; `check_now` unless a test stands in for a dead mount."""


def _default_check(path: str, expect_file: bool) -> AccessResult:
    return _check_target(path, expect_file)  # the checker runs `resolution_check` itself, first


_FAST_OPEN = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
_FD_LINKS = "/proc/self/fd"
_HAS_FD_LINKS = os.path.isdir(_FD_LINKS) and hasattr(os, "O_DIRECTORY")


def _quick_folder(path: str) -> bool | None:
    """A healthy folder proven in one open and four calls on it: whether it is a mount point; None: do the full check.

    Opening for reading proves read permission, `stat(".")` through it search permission, the
    kernel's name for the open folder proves it still resolves to `path` (no swapped symbolic
    link on the way), and `".."` gives the mount-point test. Anything unusual, an error included,
    returns None so the full check classifies it with its exact wording. At 10,000 roots this
    costs a quarter of `realpath` + stat + listing + `ismount` done separately.
    """
    try:
        fd = os.open(path, _FAST_OPEN)
    except OSError:
        return None
    try:
        here = os.stat(".", dir_fd=fd)
        above = os.stat("..", dir_fd=fd)
        if os.readlink(f"{_FD_LINKS}/{fd}") != path:
            return None
        with os.scandir(fd) as entries:
            next(iter(entries), None)
    except OSError:
        return None
    finally:
        os.close(fd)
    return here.st_dev != above.st_dev or here.st_ino == above.st_ino


class _Batch:
    """One `check_many` call: how many of its jobs are still unanswered, and the event its caller waits on."""

    __slots__ = ("done", "remaining")

    def __init__(self) -> None:
        self.remaining = 0
        self.done = threading.Event()


class _Job:
    """One path's check: queued, then started by a worker (its deadline runs from then), then answered."""

    __slots__ = ("abandoned", "batches", "entered", "expect_file", "path", "result", "started")

    def __init__(self, path: str, expect_file: bool, entered: str | None) -> None:
        self.path = path
        self.expect_file = expect_file
        self.entered = entered
        self.started: float | None = None
        self.result: AccessResult | None = None
        self.abandoned = False
        self.batches: list[_Batch] = []


class AccessChecker:
    """Checks paths on a small fixed pool of worker threads, each check bounded by its own deadline.

    A check's deadline starts when a worker picks it up, never while it waits in the queue, so a
    long queue or another path's hang cannot make a path look offline. A check that overruns is
    abandoned: that path answers `offline` until its stuck call returns, and a fresh worker takes
    the abandoned one's place, so hung paths never starve the others. A folder that was a mount
    point when it was last reachable and is now the bare folder under it counts as `offline`: an
    unmounted drive must not be shared as the empty folder it leaves behind.

    The cost per path is a queue entry, not a thread or an event: a caller sleeps until its whole
    batch is answered, waking only when a running check's deadline passes (at most the pool's size
    of checks run at once, so that scan is short).
    """

    def __init__(
        self, *, timeout: float = DEFAULT_TIMEOUT, workers: int = 4, check: CheckFunction = _default_check
    ) -> None:
        self.timeout = timeout
        self._workers = workers
        self._check = check
        self._quick = check is _default_check and _HAS_FD_LINKS
        self._lock = threading.Lock()
        self._work_ready = threading.Condition(self._lock)  # workers wait here for a job
        self._queue: deque[_Job] = deque()
        self._running: set[_Job] = set()  # started, not answered, not abandoned
        self._jobs: dict[tuple[str, str | None], _Job] = {}  # queued or running: one check per path at a time
        self._healthy = 0  # workers not stuck in an abandoned check
        self._idle = 0
        self._closed = False
        self._mount_points: set[str] = set()

    def check(self, path: str, *, expect_file: bool = False, entered: str | None = None) -> AccessResult:
        return self.check_many([CheckItem(path, path, expect_file, entered)])[path]

    def check_many(self, items: Iterable[CheckItem | tuple[str, str, bool]]) -> dict[str, AccessResult]:
        """Check every `CheckItem` (or `(key, path, expect_file)`); blocks until each has answered or overrun."""
        checks = [CheckItem(*item) for item in items]
        batch = _Batch()
        with self._lock:
            jobs = [(item.key, self._submit(item.path, item.expect_file, item.entered, batch)) for item in checks]
            if batch.remaining == 0:
                batch.done.set()
        while not batch.done.wait(self._until_next_deadline()):
            self._abandon_overdue()
        return {key: self._answer(job) for key, job in jobs}

    def close(self) -> None:
        """Let the workers exit and answer what is queued; a worker stuck in a check leaves when its call returns."""
        with self._lock:
            self._closed = True
            while self._queue:
                job = self._queue.popleft()
                self._finish(job, _not_checked(job.path))
            self._work_ready.notify_all()

    # -- inside ------------------------------------------------------------------------------------

    def _submit(self, path: str, expect_file: bool, entered: str | None, batch: _Batch) -> _Job:
        """Queue a check of `path` for `batch` (or join the one queued or running); called with `_lock` held."""
        job = self._jobs.get((path, entered))
        if job is None or job.expect_file != expect_file:
            job = _Job(path, expect_file, entered)
            if self._closed:
                job.result = _not_checked(path)
                return job
            self._jobs[(path, entered)] = job
            self._queue.append(job)
            if self._idle:
                self._work_ready.notify()
            elif self._healthy < self._workers:
                self._spawn()
        elif job.abandoned:  # the same stuck call: answered at once, no second call piled up behind it
            stuck = _Job(path, expect_file, entered)
            stuck.result = AccessResult(AccessStatus.OFFLINE, f"{printable(path)} is still not answering.")
            return stuck
        job.batches.append(batch)
        batch.remaining += 1
        return job

    @staticmethod
    def _answer(job: _Job) -> AccessResult:
        assert job.result is not None  # its batch is done: every job in it was answered
        return job.result

    def _until_next_deadline(self) -> float:
        with self._lock:
            started = [job.started for job in self._running if job.started is not None]
        if not started:
            return self.timeout
        return max(0.0, min(started) + self.timeout - time.monotonic())

    def _abandon_overdue(self) -> None:
        now = time.monotonic()
        with self._lock:
            for job in [job for job in self._running if job.started is not None and now >= job.started + self.timeout]:
                self._running.discard(job)
                job.abandoned = True
                self._healthy -= 1  # its worker is stuck: replace it so the pool keeps its size
                if self._queue and not self._closed:
                    self._spawn()
                self._finish(job, AccessResult(
                    AccessStatus.OFFLINE, f"{printable(job.path)} did not answer within {self.timeout:g} s."
                ), forget=False)  # kept in `_jobs` while stuck: the same path asked again answers at once

    def _finish(self, job: _Job, result: AccessResult, *, forget: bool = True) -> None:
        """Answer `job` for every batch waiting on it; called with `_lock` held."""
        job.result = result
        if forget and self._jobs.get((job.path, job.entered)) is job:
            del self._jobs[(job.path, job.entered)]
        batches, job.batches = job.batches, []
        for batch in batches:
            batch.remaining -= 1
            if batch.remaining == 0:
                batch.done.set()

    def _spawn(self) -> None:
        self._healthy += 1
        threading.Thread(target=self._work, name="rootkeeper-access-check", daemon=True).start()

    def _work(self) -> None:
        while True:
            with self._lock:
                while not self._queue and not self._closed:
                    self._idle += 1
                    self._work_ready.wait()
                    self._idle -= 1
                if self._closed:
                    self._healthy -= 1
                    return
                job = self._queue.popleft()
                job.started = time.monotonic()
                self._running.add(job)
            result = self._run(job)
            with self._lock:
                if job.abandoned:  # answered `offline` meanwhile; a replacement took this worker's place
                    if self._jobs.get((job.path, job.entered)) is job:
                        del self._jobs[(job.path, job.entered)]
                    return
                self._running.discard(job)
                self._finish(job, result)

    def _run(self, job: _Job) -> AccessResult:
        if self._quick and not job.expect_file and job.entered in (None, job.path):
            quick = _quick_folder(job.path)
            if quick is not None:
                return self._mount_aware(job.path, ok_mounted=quick)
        try:
            result = resolution_check(job.path, job.entered) or self._check(job.path, job.expect_file)
        except Exception as exc:  # a bug must not kill the worker or hang its caller
            logging.getLogger(__name__).exception("Checking %s failed", printable(job.path))
            return AccessResult(AccessStatus.UNREADABLE, f"{printable(job.path)} could not be checked: {exc}.")
        if job.expect_file or not result.ok:
            return result
        try:
            mounted = os.path.ismount(job.path)
        except OSError:
            mounted = False
        return self._mount_aware(job.path, ok_mounted=mounted, result=result)

    def _mount_aware(self, path: str, *, ok_mounted: bool, result: AccessResult | None = None) -> AccessResult:
        with self._lock:
            if ok_mounted:
                self._mount_points.add(path)
            elif path in self._mount_points:
                return AccessResult(AccessStatus.OFFLINE, f"{printable(path)} is a drive that is not mounted now.")
        return result or AccessResult(AccessStatus.OK, f"{printable(path)} is readable.")


def _not_checked(path: str) -> AccessResult:
    return AccessResult(AccessStatus.OFFLINE, f"{printable(path)} was not checked: checking stopped.")


def check(path: str, *, expect_file: bool = False, timeout: float = DEFAULT_TIMEOUT) -> AccessResult:
    """One path checked once, bounded by `timeout` seconds; a check that does not finish means `offline`."""
    return check_many([(path, path, expect_file)], timeout=timeout)[path]


def check_many(
    items: Iterable[CheckItem | tuple[str, str, bool]], *, timeout: float = DEFAULT_TIMEOUT, workers: int = 4
) -> dict[str, AccessResult]:
    """Check several roots once on a few threads; `items` are `CheckItem`s or (key, path, expect_file)."""
    checker = AccessChecker(timeout=timeout, workers=workers)
    try:
        return checker.check_many(items)
    finally:
        checker.close()
