"""One hub per home: the lock every process that connects servers holds while it runs.

The lock is an `flock` (Windows: `msvcrt.locking`) on `hub.lock` in the state folder, so the kernel
releases it when its holder dies, however it dies; the file holds the holder's pid, kind and
start time (as JSON), so a second process can say who holds it and the GUI can ask a headless hub
to make way. The file descriptor is not inherited by servers the hub starts (Python opens it
non-inheritable), so only the hub itself can hold the lock.

A state folder that cannot be written (read-only, full, not ours to write) must not stop the hub,
nor let two hubs run. So each hub also locks a second file, `hub-HASH.lock` in a private runtime
folder (`$XDG_RUNTIME_DIR/rootkeeper`, else `rootkeeper-UID` in the temporary folder) named by a
hash of the resolved state folder; an existing `hub.lock` is locked even when it can only be opened
for reading. A hub needs at least one of the two, and whoever holds either one is the hub: two
processes of one home always meet on the runtime file, and on `hub.lock` where that exists.
The owner record is written where it can be; a full disk leaves it empty ("another process").
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from app.core.system import filelock
from app.core.system.fileio import private_dir
from app.core.system.locations import is_private_folder
from app.core.system.processes import process_alive, process_started
from app.core.text import UserError

LOCK_FILE = "hub.lock"
HubKind = Literal["headless", "gui"]
TAKEOVER_TIMEOUT = 30.0
"""How long the GUI waits for a headless hub it asked to stop (it stops every server first)."""


@dataclass(frozen=True)
class HubOwner:
    pid: int
    kind: str
    started: str | None = None
    """The process's start time as the OS counts it (`processes.process_started`), against pid reuse."""


class HubLockHeld(UserError):
    """Another process runs the hub for this home."""

    def __init__(self, owner: HubOwner | None) -> None:
        if owner is not None and owner.kind == "gui":
            super().__init__("hub.held.gui", pid=str(owner.pid))
        elif owner is not None:
            super().__init__("hub.held.headless", pid=str(owner.pid))
        else:
            super().__init__("hub.held")
        self.owner = owner


class HubLockUnusable(UserError):
    """The lock file cannot be created or opened (a read-only or foreign state folder)."""

    def __init__(self, path: Path, exc: OSError) -> None:
        reason = exc.strerror or str(exc)
        super().__init__("hub.lock_unusable", path=str(path), reason=reason)


def fallback_lock_path(state_dir: Path) -> Path | None:
    """The runtime-folder lock of `state_dir`'s hub; None where no private runtime folder can be had."""
    if sys.platform == "win32":  # pragma: no cover - no private runtime folder to rely on
        return None
    import tempfile

    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isabs(runtime) and is_private_folder(Path(runtime)):
        folder = Path(runtime) / "rootkeeper"
    else:
        folder = Path(tempfile.gettempdir()) / f"rootkeeper-{os.geteuid()}"
    try:
        if not folder.exists():
            private_dir(folder)
    except OSError:
        return None
    if not is_private_folder(folder):  # another local user made it first, or it is a link: not ours
        return None
    key = hashlib.sha256(os.fsencode(state_dir.resolve())).hexdigest()[:16]
    return folder / f"hub-{key}.lock"


def _write_owner(fd: int, kind: str) -> None:
    owner = {"pid": os.getpid(), "kind": kind, "started": process_started(os.getpid())}
    # A read-only descriptor or a full disk leaves the record empty: the lock holds all the same.
    with contextlib.suppress(OSError):
        if hasattr(os, "fchmod"):  # an older file keeps its mode through O_CREAT
            os.fchmod(fd, 0o600)
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, json.dumps(owner).encode("ascii"))


class HubLock:
    def __init__(self, state_dir: Path, kind: HubKind) -> None:
        self.path = state_dir / LOCK_FILE
        self.kind = kind
        self._state_dir = state_dir
        self._fds: list[int] = []

    @property
    def held(self) -> bool:
        return bool(self._fds)

    @property
    def fallback_path(self) -> Path | None:
        return fallback_lock_path(self._state_dir)

    def try_acquire(self) -> bool:
        """Take the lock without waiting; True when this process now holds it. Raises `HubLockUnusable`."""
        if self._fds:
            return True
        primary, problem = filelock.open_lock(self.path)
        fds = [primary] if primary is not None else []
        try:
            fallback = self.fallback_path
            if fallback is not None:
                second, _ = filelock.open_lock(fallback)
                if second is not None:
                    fds.append(second)
            if not fds:
                assert problem is not None
                raise HubLockUnusable(self.path, problem)
            for fd in fds:
                if not filelock.lock_now(fd):
                    _close_all(fds)
                    return False
            for fd in fds:
                _write_owner(fd, self.kind)
        except BaseException:
            _close_all(fds)
            raise
        self._fds = fds
        return True

    def acquire(self) -> None:
        """Take the lock or refuse in one sentence naming who holds it."""
        if not self.try_acquire():
            raise HubLockHeld(self.owner())

    def release(self) -> None:
        fds, self._fds = self._fds, []
        for fd in fds:
            try:
                with contextlib.suppress(OSError):  # a reader until the next holder sees "nobody", not a stale pid
                    os.ftruncate(fd, 0)
                filelock.unlock(fd)
            finally:
                os.close(fd)

    def owner(self) -> HubOwner | None:
        """Who holds the lock, as its holder wrote it; None when unreadable or empty."""
        fallback = self.fallback_path
        for path in (self.path, *([fallback] if fallback is not None else [])):
            try:
                document = json.loads(path.read_text("ascii"))
                return HubOwner(int(document["pid"]), str(document["kind"]), document.get("started"))
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return None

    def ask_headless_to_stop(self) -> bool | None:
        """Take the lock, or ask a headless hub of this user that holds it to stop (see `engine.takeover`).

        True: taken. False: it cannot be had (held by a tray app, another user's process, or a
        process that did not write the lock file). None: the holder was sent SIGTERM; retry the lock.
        Only a holder that is a headless hub, runs as this user and is the very process that wrote
        the lock file (same start time) is sent SIGTERM.
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
        return None


def _close_all(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)


def _is_our_process(owner: HubOwner) -> bool:
    """Whether `owner` is the very process that wrote the lock, running as this user: the one we may signal."""
    if owner.pid == os.getpid() or sys.platform == "win32":
        return False
    if owner.started is None and process_started(owner.pid) is not None:
        return False  # the OS tells start times, and none was written: nothing proves the pid was not reused
    return process_alive(owner.pid, owner.started)
