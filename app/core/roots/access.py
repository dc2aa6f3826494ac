"""Is a root really reachable right now, as seen by this process?

`check_now` is the check itself (`app.core.roots.checks`, re-exported here). `AccessChecker` runs
checks on a small pool of threads with a per-path deadline, so a dead network mount cannot hang the
caller; long-running processes own one checker, and `check` / `check_many` are one-shot uses for
short-lived ones such as the CLI.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Iterable

from app.core.paths import printable
from app.core.roots.checks import (
    _HAS_FD_LINKS,
    DEFAULT_TIMEOUT,
    AccessResult,
    AccessStatus,
    CheckFunction,
    CheckItem,
    HeldParent,
    _default_check,
    _quick_folder,
    check_now,
    readable,
    resolution_check,
)

__all__ = [
    "DEFAULT_TIMEOUT", "AccessChecker", "AccessResult", "AccessStatus", "CheckFunction", "CheckItem", "CheckRound",
    "check", "check_many", "check_now", "resolution_check",
]

SLOW_CHECK = 0.05
"""A check running this long (seconds) brings in another worker, up to the pool's size, for the checks behind it.

On a local disk one worker is fastest (threads only contend for the interpreter); a slow or dead
mount gets the whole pool within this delay, and a hung check its replacement at its deadline.
"""


class _Batch:
    """One round of checks (a `check_many` call): how many of its jobs are still unanswered, and the event its
    caller waits on."""

    __slots__ = ("done", "remaining")

    def __init__(self) -> None:
        self.remaining = 1  # its caller's own share until it stops adding checks: the batch cannot end before
        self.done = threading.Event()

    def answered(self) -> None:
        """One of its checks (or its caller's share) answered; called with the checker's lock held."""
        self.remaining -= 1
        if self.remaining == 0:
            self.done.set()


class _Job:
    """One path's check: queued, then started by a worker (its deadline runs from then), then answered."""

    __slots__ = ("abandoned", "batches", "entered", "expect_file", "path", "result", "started", "submitted")

    def __init__(self, path: str, expect_file: bool, entered: str | None, submitted: int) -> None:
        self.path = path
        self.submitted = submitted
        """The `check_many` call that last asked for it: a folder proven before that call is not trusted for it."""
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
        self, *, timeout: float = DEFAULT_TIMEOUT, workers: int = 4, check: CheckFunction = _default_check,
        remember_mounts: bool = True,
    ) -> None:
        self.timeout = timeout
        self._remember_mounts = remember_mounts
        """Whether a folder found a mount point is watched for turning into the bare folder under it; a
        checker used once (`check_many`) has nothing to compare with, and skips the mount-point tests."""
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
        self._submissions = 0  # rounds (`check_many` calls) begun so far (see `HeldParent`)

    def check(self, path: str, *, expect_file: bool = False, entered: str | None = None) -> AccessResult:
        return self.check_many([CheckItem(path, path, expect_file, entered)])[path]

    def check_many(self, items: Iterable[CheckItem | tuple[str, str, bool]]) -> dict[str, AccessResult]:
        """Check every `CheckItem` (or `(key, path, expect_file)`); blocks until each has answered or overrun."""
        checks = self.round()
        checks.add(items)
        return checks.wait()

    def round(self) -> CheckRound:
        """A `check_many` call in parts: its checks queued a slice at a time, answered together."""
        with self._lock:
            self._submissions += 1
        return CheckRound(self)

    def close(self) -> None:
        """Let the workers exit and answer what is queued; a worker stuck in a check leaves when its call returns."""
        with self._lock:
            self._closed = True
            while self._queue:
                job = self._queue.popleft()
                self._finish(job, _not_checked(job.path))
            self._work_ready.notify_all()

    # -- inside ------------------------------------------------------------------------------------

    def _queue_checks(self, checks: list[CheckItem], batch: _Batch) -> list[tuple[str, _Job]]:
        with self._lock:
            return [(check.key, self._submit(check.path, check.expect_file, check.entered, batch)) for check in checks]

    def _wait(self, batch: _Batch, jobs: list[tuple[str, _Job]]) -> dict[str, AccessResult]:
        with self._lock:
            batch.answered()  # the caller's share: it adds no more checks
            # The workers start now, not on the first slice: checking while the caller's thread still
            # queues would have the two contend for the interpreter, each slowing the other.
            if self._queue and not self._closed:
                if self._healthy == 0:
                    self._spawn()  # one worker to begin with; `_tend` adds more while checks are slow
                elif self._idle:
                    # Woken once per round, not once per job: a notify is a Python-level call on the
                    # condition, and 100,000 of them cost more than the checks' bookkeeping.
                    self._work_ready.notify(min(self._idle, len(self._queue)))
        while not batch.done.wait(self._until_next_deadline()):
            self._tend()
        return {key: self._answer(job) for key, job in jobs}

    def _submit(self, path: str, expect_file: bool, entered: str | None, batch: _Batch) -> _Job:
        """Queue a check of `path` for `batch` (or join the one queued or running); called with `_lock` held."""
        job = self._jobs.get((path, entered))
        if job is None or job.expect_file != expect_file:
            job = _Job(path, expect_file, entered, self._submissions)
            if self._closed:
                job.result = _not_checked(path)
                return job
            self._jobs[(path, entered)] = job
            self._queue.append(job)
        elif job.abandoned:  # the same stuck call: answered at once, no second call piled up behind it
            stuck = _Job(path, expect_file, entered, self._submissions)
            stuck.result = AccessResult(AccessStatus.OFFLINE, f"{printable(path)} is still not answering.")
            return stuck
        job.submitted = self._submissions  # a queued check joined by a later call proves its folder anew
        job.batches.append(batch)
        batch.remaining += 1
        return job

    @staticmethod
    def _answer(job: _Job) -> AccessResult:
        assert job.result is not None  # its batch is done: every job in it was answered
        return job.result

    def _until_next_deadline(self) -> float:
        """Until the oldest running check overruns, or turns slow while more workers could help."""
        with self._lock:
            started = [job.started for job in self._running if job.started is not None]
            could_add = bool(self._queue) and self._healthy < self._workers
        if not started:  # nothing picked up yet: look again soon, a first check may turn slow meanwhile
            return min(SLOW_CHECK, self.timeout) if could_add else self.timeout
        oldest = min(started)
        wake = oldest + (min(SLOW_CHECK, self.timeout) if could_add else self.timeout)
        return max(0.0, wake - time.monotonic())

    def _tend(self) -> None:
        """Add a worker while a check is slow and others wait; abandon each check past its deadline."""
        now = time.monotonic()
        with self._lock:
            slow = any(job.started is not None and now >= job.started + SLOW_CHECK for job in self._running)
            if slow and self._queue and self._healthy < self._workers and not self._closed:
                self._spawn()
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
            batch.answered()

    def _spawn(self) -> None:
        self._healthy += 1
        threading.Thread(target=self._work, name="rootkeeper-access-check", daemon=True).start()

    def _work(self) -> None:
        held = HeldParent()
        try:
            self._take_jobs(held)
        finally:
            held.close()

    def _take_jobs(self, held: HeldParent) -> None:
        done: tuple[_Job, AccessResult | None, bool | None] | None = None
        while True:
            with self._lock:
                if done is not None:  # the last answer is given under the same lock hold that takes the next job
                    job, found, mounted = done
                    result = self._mount_aware(job.path, found, mounted)
                    if job.abandoned:  # answered `offline` meanwhile; a replacement took this worker's place
                        if self._jobs.get((job.path, job.entered)) is job:
                            del self._jobs[(job.path, job.entered)]
                        return
                    self._running.discard(job)
                    if not self._queue:
                        held.close()  # before the answer: a caller finds no folder of its round held open
                    self._finish(job, result)
                if not self._queue and self._healthy > 1 and not self._closed:
                    # The queue is drained: the workers a slow check brought in leave, so the next
                    # round starts with one again (on a local disk, extra threads only contend for
                    # the interpreter, with each other and with the GUI's thread).
                    self._healthy -= 1
                    return
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
            done = (job, *self._run(job, held))

    def _run(self, job: _Job, held: HeldParent) -> tuple[AccessResult | None, bool | None]:
        """The check's result (None: a healthy folder) and whether the folder is a mount point (None: not asked)."""
        remember = self._remember_mounts
        if self._quick and not job.expect_file and job.entered in (None, job.path):
            quick = _quick_folder(job.path, mount_test=remember, held=held, since=job.submitted,
                                  now=self._submissions)
            if quick is not None:
                return None, quick if remember else None
        try:
            result = resolution_check(job.path, job.entered) or self._check(job.path, job.expect_file)
        except Exception as exc:  # a bug must not kill the worker or hang its caller
            logging.getLogger(__name__).exception("Checking %s failed", printable(job.path))
            return AccessResult(AccessStatus.UNREADABLE, f"{printable(job.path)} could not be checked: {exc}."), None
        if job.expect_file or not result.ok or not remember:
            return result, None
        try:
            mounted = os.path.ismount(job.path)
        except OSError:
            mounted = False
        return result, mounted

    def _mount_aware(self, path: str, result: AccessResult | None, mounted: bool | None) -> AccessResult:
        """`result`, or `offline` for a folder that was a mount point and is not one now; called with `_lock` held."""
        if mounted:
            self._mount_points.add(path)
        elif mounted is not None and path in self._mount_points:
            return AccessResult(AccessStatus.OFFLINE, f"{printable(path)} is a drive that is not mounted now.")
        return result or AccessResult(AccessStatus.OK, readable(printable(path)))


class CheckRound:
    """One round of checks, queued in slices (`add`) and answered together (`wait`).

    A caller on an event loop queues each slice in a turn of its own and waits on a thread: the
    queueing is Python work, and done on another thread it would hold the interpreter against the
    loop's own turns (a repaint makes thousands of short calls into Python, each waiting its turn).
    The round's checks start when its caller waits (a worker already busy may take some earlier).
    """

    def __init__(self, checker: AccessChecker) -> None:
        self._checker = checker
        self._batch = _Batch()
        self._jobs: list[tuple[str, _Job]] = []

    def add(self, items: Iterable[CheckItem | tuple[str, str, bool]]) -> None:
        """Queue `items` (`CheckItem`s or `(key, path, expect_file)`); never blocks on a check."""
        checks = [item if type(item) is CheckItem else CheckItem(*item) for item in items]
        self._jobs.extend(self._checker._queue_checks(checks, self._batch))

    def wait(self) -> dict[str, AccessResult]:
        """Every check's result, by key; blocks until each has answered or overrun."""
        return self._checker._wait(self._batch, self._jobs)


def _not_checked(path: str) -> AccessResult:
    return AccessResult(AccessStatus.OFFLINE, f"{printable(path)} was not checked: checking stopped.")


def check(path: str, *, expect_file: bool = False, timeout: float = DEFAULT_TIMEOUT) -> AccessResult:
    """One path checked once, bounded by `timeout` seconds; a check that does not finish means `offline`."""
    return check_many([(path, path, expect_file)], timeout=timeout)[path]


def check_many(
    items: Iterable[CheckItem | tuple[str, str, bool]], *, timeout: float = DEFAULT_TIMEOUT, workers: int = 4
) -> dict[str, AccessResult]:
    """Check several roots once on a few threads; `items` are `CheckItem`s or (key, path, expect_file)."""
    checker = AccessChecker(timeout=timeout, workers=workers, remember_mounts=False)
    try:
        return checker.check_many(items)
    finally:
        checker.close()
