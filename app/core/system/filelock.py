"""The store's cross-process lock: a blocking `flock` with a deadline, so waiting writers get their turn.

Polling with `LOCK_NB` and sleeping loses the lock, again and again, to whoever polls at the moment
it is released: with eight writers some waited out a whole timeout behind holds of milliseconds.
A blocking `flock` is woken by the kernel the moment the lock is released. The deadline is kept
by a helper thread that does the blocking call on a duplicate of the descriptor (same open file,
so the lock is the caller's); a caller that gives up abandons it, and the lock it may still get is
released as soon as the last descriptor closes. No signal (SIGALRM) is used, so this works in any
thread of any process.

The holder writes its pid into the lock file, so a wait that does time out can say who held the
lock and whether the store kept changing meanwhile (busy) or not (stuck).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from app.core.system.fileio import private_dir
from app.core.text import message


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl+C and SIGTERM wait (pending) until the block ends; a thread started inside keeps them blocked for good."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class LockError(Exception):
    """Waiting for the lock failed; one sentence with its code. Raised as `StoreError` by the store."""

    def __init__(self, code: str, /, **args: str) -> None:
        self.message = message(code, **args)
        super().__init__(self.message.text)


def _holder(fd: int) -> str | None:
    with contextlib.suppress(OSError, ValueError):
        text = os.pread(fd, 32, 0).decode("ascii").strip()
        return text if text.isdigit() else None
    return None


def _timed_out(fd: int, path: Path, waited: float, changed: bool) -> LockError:
    seconds = f"{waited:.1f}"
    if changed:
        return LockError("store.lock_busy", path=str(path), seconds=seconds)
    holder = _holder(fd)
    who = f"process {holder}" if holder else "another process"
    return LockError("store.lock_stuck", path=str(path), seconds=seconds, holder=who)


def open_lock(path: Path) -> tuple[int | None, OSError | None]:
    """A descriptor to lock `path` through: read-write (created private), else read-only on an existing
    file; or None and why it cannot be opened at all."""
    try:
        private_dir(path.parent, tighten_existing=False)
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o600), None
    except OSError as exc:
        try:  # flock needs no write access: a read-only folder's existing lock still serves
            return os.open(path, os.O_RDONLY), None
        except OSError:
            return None, exc


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def lock_now(fd: int) -> bool:
        """The bare exclusive lock on `fd` if it is free this instant (no holder noted); False otherwise."""
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    def acquire(fd: int, path: Path, timeout: float, changed_since: Callable[[], bool]) -> None:
        deadline = time.monotonic() + timeout
        delay = 0.001
        while not lock_now(fd):
            if time.monotonic() > deadline:
                raise _timed_out(fd, path, timeout, changed_since())
            time.sleep(delay)
            delay = min(delay * 2, 0.02)

    try_acquire = lock_now
    release = unlock

else:
    import fcntl

    def _mark_holder(fd: int) -> None:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)

    def acquire(fd: int, path: Path, timeout: float, changed_since: Callable[[], bool]) -> None:
        """Take the exclusive lock on `fd` within `timeout` seconds, or raise LockError saying why not."""
        if not try_acquire(fd):
            _wait_blocking(fd, path, timeout, changed_since)
            _mark_holder(fd)

    def lock_now(fd: int) -> bool:
        """The bare exclusive lock on `fd` if it is free this instant (no holder noted); False otherwise."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    def try_acquire(fd: int) -> bool:
        """Take the exclusive lock on `fd` if it is free this instant; False if another holds it."""
        if not lock_now(fd):
            return False
        _mark_holder(fd)
        return True

    def _wait_blocking(fd: int, path: Path, timeout: float, changed_since: Callable[[], bool]) -> None:
        started = time.monotonic()
        wait_fd = os.dup(fd)
        settled = threading.Lock()
        done = threading.Event()
        outcome: dict[str, object] = {}

        def wait() -> None:
            try:
                fcntl.flock(wait_fd, fcntl.LOCK_EX)
                with settled:
                    outcome.setdefault("acquired", True)
            except OSError as exc:
                outcome["error"] = exc
            finally:
                os.close(wait_fd)  # the lock stays with `fd`, or goes once the abandoning caller closes it
                done.set()

        # The kernel may hand a process's Ctrl+C to any thread that does not block it. Taken by this
        # helper, it would leave the main thread's wait below uninterrupted for the whole timeout.
        with interrupts_held():
            threading.Thread(target=wait, name="rootkeeper-store-lock", daemon=True).start()
        try:
            done.wait(timeout)
        finally:
            with settled:
                acquired = outcome.setdefault("acquired", False)
        if "error" in outcome:
            error = outcome["error"]
            assert isinstance(error, OSError)
            raise LockError("store.no_lock", path=str(path), reason=str(error.strerror or error))
        if not acquired:
            raise _timed_out(fd, path, time.monotonic() - started, changed_since())

    def release(fd: int) -> None:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)  # no stale pid: the next timeout must not blame a process that let go
        unlock(fd)
