"""The live bridge sessions, followed as they come and go, for the tray app (asyncio, no Qt).

Every running bridge keeps `state_home()/sessions/<pid>.json` up to date (see `bridge.status`).
`SessionsWatch` watches that folder with the same `FolderEvents` the roots watcher uses (inotify on
Linux), so a bridge starting, answering a roots fetch or ending is seen at once and an idle tray
never wakes up for it. A bridge killed outright leaves its file behind: readers skip files whose
process is gone, and on Linux each listed bridge's process is watched through a pidfd, so its
death is an event too rather than something found by polling.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import select
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.core.servers.sessions import SESSIONS_DIR, live_sessions
from app.core.system.fileio import private_dir
from app.engine.watcher.os_events import FolderEvents

log = logging.getLogger(__name__)

SessionsListener = Callable[[], None]


class SessionsWatch:
    """The current live sessions (`sessions`), and a call to each listener whenever they change."""

    def __init__(self, state_dir: Path, *, portable: bool | None = None) -> None:
        self.folder = state_dir / SESSIONS_DIR
        self._state_dir = state_dir
        self._portable = portable
        self.sessions: tuple[dict[str, Any], ...] = ()
        self._listeners: list[SessionsListener] = []
        self._events: FolderEvents | None = None
        self._exits: ProcessExits | None = None

    def subscribe(self, listener: SessionsListener) -> Callable[[], None]:
        self._listeners.append(listener)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(listener)

        return unsubscribe

    def for_server(self, name: str) -> list[dict[str, Any]]:
        return [session for session in self.sessions if session.get("server") == name]

    async def start(self) -> None:
        """Read the sessions and start watching; a folder that cannot be watched leaves the list as read."""
        try:
            private_dir(self.folder)
        except OSError as exc:
            log.warning("cannot create the sessions folder %s: %s", self.folder, exc)
        self._events = FolderEvents(self._on_paths, portable=self._portable)
        if self._events.watch([str(self.folder)]):
            log.warning("cannot watch the sessions folder %s; bridge sessions are shown as first read", self.folder)
        if ProcessExits.available():  # elsewhere a killed bridge's file is skipped at the next folder event
            self._exits = ProcessExits(self._exited)
        self.reread()

    def stop(self) -> None:
        if self._events is not None:
            self._events.close()
            self._events = None
        if self._exits is not None:
            self._exits.close()
            self._exits = None

    def _on_paths(self, _paths: set[str] | None) -> None:
        self.reread()

    def _exited(self, pid: int) -> None:
        if self._exits is not None:
            # Ended, even if still a zombie its host has not reaped (which a signal-0 probe calls alive).
            self._exits.ended.add(pid)
        self.reread()

    def reread(self) -> None:
        try:
            sessions = tuple(live_sessions(self._state_dir))
        except OSError as exc:  # the folder itself went away or became unreadable
            log.warning("cannot read the sessions folder %s: %s", self.folder, exc)
            sessions = ()
        if self._exits is not None:
            listed = {_pid(session) for session in sessions} - {0}
            self._exits.ended &= listed  # a pid no file names any more may come back as a new bridge
            sessions = tuple(session for session in sessions if _pid(session) not in self._exits.ended)
            self._exits.follow(listed - self._exits.ended)
        if sessions == self.sessions:
            return
        self.sessions = sessions
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # one listener's bug must not keep the others uninformed
                log.exception("a sessions listener failed")


class ProcessExits:
    """Calls `on_exit(pid)` on the loop when a followed process ends, from a thread blocked in `poll()` on pidfds.

    A thread rather than `loop.add_reader`: under qasync, adding and removing a reader per short-lived
    process (from within the loop's own callbacks) is not safe, and one blocked thread costs nothing idle.
    """

    def __init__(self, on_exit: Callable[[int], None]) -> None:
        self._loop = asyncio.get_running_loop()
        self._on_exit = on_exit
        self.ended: set[int] = set()
        """Processes reported ended (kept by the loop's side): never followed again while their file stays."""
        self._lock = threading.Lock()
        self._fds: dict[int, int] = {}
        """pid -> pidfd, shared with the thread under the lock."""
        self._wake_read, self._wake_write = os.pipe()
        os.set_blocking(self._wake_write, False)
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="rootkeeper-session-exits", daemon=True)
        self._thread.start()

    @staticmethod
    def available() -> bool:
        return hasattr(os, "pidfd_open")

    def follow(self, pids: set[int]) -> None:
        """Follow exactly `pids` (processes already gone are skipped: their files are ignored anyway)."""
        with self._lock:
            for pid in set(self._fds) - pids:
                os.close(self._fds.pop(pid))
            for pid in pids - set(self._fds):
                try:
                    self._fds[pid] = os.pidfd_open(pid)
                except OSError:
                    continue
        self._wake()

    def _wake(self) -> None:
        with contextlib.suppress(BlockingIOError):  # a full pipe already wakes the thread
            os.write(self._wake_write, b"x")

    def _run(self) -> None:
        try:
            while True:
                poller = select.poll()
                poller.register(self._wake_read, select.POLLIN)
                with self._lock:
                    by_fd = {fd: pid for pid, fd in self._fds.items()}
                for fd in by_fd:
                    poller.register(fd, select.POLLIN)
                ready = {fd for fd, _mask in poller.poll()}  # no timeout: an exit or a new list wakes it
                if self._wake_read in ready:
                    os.read(self._wake_read, 4096)
                    if self._closed:
                        return
                ended = [pid for fd, pid in by_fd.items() if fd in ready]
                with self._lock:
                    for pid in ended:
                        if pid in self._fds:
                            os.close(self._fds.pop(pid))
                for pid in ended:
                    self._loop.call_soon_threadsafe(self._on_exit, pid)
        except Exception:
            log.exception("following bridge processes failed; a killed bridge leaves the list at the next change")

    def close(self) -> None:
        self._closed = True
        self._wake()
        self._thread.join(timeout=5)
        with self._lock:
            for fd in self._fds.values():
                os.close(fd)
            self._fds.clear()
        os.close(self._wake_read)
        os.close(self._wake_write)


def _pid(session: dict[str, Any]) -> int:
    try:
        return int(session.get("pid") or 0)
    except (TypeError, ValueError):
        return 0
