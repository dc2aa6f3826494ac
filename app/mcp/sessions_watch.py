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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.mcp.bridge.status import SESSIONS_DIR, live_sessions
from app.mcp.watcher_os import FolderEvents

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
        self._exits: dict[int, int] = {}
        """Bridge pid -> a pidfd that becomes readable when that process ends."""

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
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            log.warning("cannot create the sessions folder %s: %s", self.folder, exc)
        self._events = FolderEvents(self._on_paths, portable=self._portable)
        if self._events.watch([str(self.folder)]):
            log.warning("cannot watch the sessions folder %s; bridge sessions are shown as first read", self.folder)
        self.reread()

    def stop(self) -> None:
        if self._events is not None:
            self._events.close()
            self._events = None
        for pid in list(self._exits):
            self._forget_exit(pid)

    def _on_paths(self, _paths: set[str] | None) -> None:
        self.reread()

    def reread(self) -> None:
        try:
            sessions = tuple(live_sessions(self._state_dir))
        except OSError as exc:  # the folder itself went away or became unreadable
            log.warning("cannot read the sessions folder %s: %s", self.folder, exc)
            sessions = ()
        self._follow_exits({_pid(session) for session in sessions} - {0})
        if sessions == self.sessions:
            return
        self.sessions = sessions
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # one listener's bug must not keep the others uninformed
                log.exception("a sessions listener failed")

    def _follow_exits(self, pids: set[int]) -> None:
        if not hasattr(os, "pidfd_open"):  # not Linux: a dead bridge's file is skipped at the next folder event
            return
        for pid in set(self._exits) - pids:
            self._forget_exit(pid)
        if self._events is None:
            return
        loop = asyncio.get_running_loop()
        for pid in pids - set(self._exits):
            try:
                fd = os.pidfd_open(pid)
            except OSError:  # already gone (or not ours to watch): the next read skips it
                continue
            self._exits[pid] = fd
            loop.add_reader(fd, self._exited, pid)

    def _exited(self, pid: int) -> None:
        self._forget_exit(pid)
        self.reread()

    def _forget_exit(self, pid: int) -> None:
        fd = self._exits.pop(pid, None)
        if fd is None:
            return
        with contextlib.suppress(RuntimeError, ValueError, OSError):
            asyncio.get_running_loop().remove_reader(fd)
        os.close(fd)


def _pid(session: dict[str, Any]) -> int:
    try:
        return int(session.get("pid") or 0)
    except (TypeError, ValueError):
        return 0
