"""One hub per home: the lock every process that connects servers holds while it runs.

The lock is an `flock` (Windows: `msvcrt.locking`) on `hub.lock` in the state folder, so the kernel
releases it when its holder dies, however it dies; the file holds the holder's pid, kind and
start time (as JSON), so a second process can say who holds it and the GUI can ask a headless hub
to make way. The file descriptor is not inherited by servers the hub starts (Python opens it
non-inheritable), so only the hub itself can hold the lock.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from app.core.messages import UserError

LOCK_FILE = "hub.lock"
HubKind = Literal["headless", "gui"]
TAKEOVER_TIMEOUT = 30.0
"""How long the GUI waits for a headless hub it asked to stop (it stops every server first)."""


@dataclass(frozen=True)
class HubOwner:
    pid: int
    kind: str
    started: str | None = None
    """The process's start time as the OS counts it (Linux: /proc/PID/stat field 22), against pid reuse."""


class HubLockHeld(UserError):
    """Another process runs the hub for this home."""

    def __init__(self, owner: HubOwner | None) -> None:
        if owner is not None and owner.kind == "gui":
            super().__init__("hub.held.gui", "The Rootkeeper tray app already keeps the servers connected "
                             f"(process {owner.pid}); quit it first.", pid=str(owner.pid))
        elif owner is not None:
            super().__init__("hub.held.headless", "A headless Rootkeeper hub already keeps the servers connected "
                             f"(process {owner.pid}); stop it first.", pid=str(owner.pid))
        else:
            super().__init__("hub.held", "Another Rootkeeper process already keeps the servers connected; "
                             "stop it first.")
        self.owner = owner


class HubLockUnusable(UserError):
    """The lock file cannot be created or opened (a read-only or foreign state folder)."""

    def __init__(self, path: Path, exc: OSError) -> None:
        reason = exc.strerror or str(exc)
        super().__init__("hub.lock_unusable", f"Cannot open the hub lock {path} ({reason}); check the state "
                         "folder's permissions.", path=str(path), reason=reason)


def process_started(pid: int) -> str | None:
    """An OS token for when `pid` started (None where the OS does not say), to tell a reused pid apart."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text("ascii", "replace")
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces; fields after it are plain.
    fields = stat.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else None


class HubLock:
    def __init__(self, state_dir: Path, kind: HubKind) -> None:
        self.path = state_dir / LOCK_FILE
        self.kind = kind
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def try_acquire(self) -> bool:
        """Take the lock without waiting; True when this process now holds it. Raises `HubLockUnusable`."""
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise HubLockUnusable(self.path, exc) from exc
        try:
            if not _try_lock(fd):
                os.close(fd)
                return False
            if hasattr(os, "fchmod"):  # an older file keeps its mode through O_CREAT
                os.fchmod(fd, 0o600)
            owner = {"pid": os.getpid(), "kind": self.kind, "started": process_started(os.getpid())}
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, json.dumps(owner).encode("ascii"))
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return True

    def acquire(self) -> None:
        """Take the lock or refuse in one sentence naming who holds it."""
        if not self.try_acquire():
            raise HubLockHeld(self.owner())

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)  # a reader between now and the next holder sees "nobody", not a stale pid
            _unlock(fd)
        finally:
            os.close(fd)

    def owner(self) -> HubOwner | None:
        """Who holds the lock, as its holder wrote it; None when unreadable or empty."""
        try:
            document = json.loads(self.path.read_text("ascii"))
            return HubOwner(int(document["pid"]), str(document["kind"]), document.get("started"))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    async def take_over(self, timeout: float = TAKEOVER_TIMEOUT) -> bool:
        """Take the lock, asking a headless hub of this user to stop first; False when it cannot be had.

        Only a holder that is a headless hub, runs as this user and is the very process that wrote
        the lock file (same start time) is sent SIGTERM; then the lock is retried without blocking,
        with backoff, until `timeout`.
        """
        if self.try_acquire():
            return True
        owner = self.owner()
        if owner is None or owner.kind != "headless" or not _is_our_process(owner):
            return False
        try:
            os.kill(owner.pid, signal.SIGTERM)
        except OSError:
            return self.try_acquire()
        import asyncio  # here, not above: a short command reads the lock without loading asyncio

        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        delay = 0.01
        while not self.try_acquire():
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(min(delay, max(0.0, deadline - loop.time())))
            delay = min(delay * 2, 0.5)
        return True


def _is_our_process(owner: HubOwner) -> bool:
    if owner.pid <= 0 or owner.pid == os.getpid() or not hasattr(signal, "SIGTERM") or sys.platform == "win32":
        return False
    proc = Path(f"/proc/{owner.pid}")
    if proc.exists():
        try:
            if proc.stat().st_uid != os.getuid():
                return False
        except OSError:
            return False
        return owner.started is not None and process_started(owner.pid) == owner.started
    try:
        os.kill(owner.pid, 0)  # no /proc (macOS): a signal we may send is a process of this user
    except OSError:
        return False
    return True


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
