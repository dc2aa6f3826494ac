"""Whether a process a file names (a lock's holder, a bridge session, a hub's published status) still runs.

Rootkeeper's processes write their pid into files other processes read; the process may be gone and
its pid given to another since. So each writer also records its start time where the OS tells it
(`process_started`), and `process_alive` takes a pid whose process started at another time for a
reused pid: not alive. Where no start time was recorded (an older file) only the pid is checked.

"Alive" means a process that runs as this user: a pid held by another user's process is not one of
ours (reused), and a zombie (exited, not reaped yet) runs nothing.

Linux reads `/proc` (microseconds, and no import: psutil would add 1.4 MiB to each process that asks);
elsewhere psutil tells the same (macOS, Windows: there `os.kill(pid, 0)` is no probe at all but a
Ctrl+C sent to a console process group).
"""

from __future__ import annotations

import os
import sys


def process_started(pid: int) -> str | None:
    """An OS token for when `pid` started (None where the OS does not say), to tell a reused pid apart.

    Linux: field 22 of /proc/PID/stat (clock ticks since boot); elsewhere psutil's creation time.
    """
    if _has_proc():
        fields = proc_stat(pid)
        return fields[19].decode("ascii") if fields is not None and len(fields) > 19 else None
    return _psutil_started(pid)


def process_alive(pid: int, started: str | None = None) -> bool:
    """Whether `pid` is a running process of this user, and, when `started` is given and the OS tells start
    times, the very process that started then (not a later one given the same pid)."""
    if pid <= 0:  # 0 and negative numbers name process groups for `kill`, never one process
        return False
    if _has_proc():
        return _proc_alive(pid, started)
    return _psutil_alive(pid, started)


# -- Linux ----------------------------------------------------------------------------------------


def _has_proc() -> bool:
    return sys.platform.startswith("linux") and os.path.exists("/proc/self/stat")


def proc_stat(pid: int | str) -> list[bytes] | None:
    """Linux: the fields of /proc/PID/stat after the command name (state, ppid, pgrp, …; `fields[0]` is field 3);
    None when there is no such process, or no /proc."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces and parentheses; fields after it are plain.
    return text.rpartition(b")")[2].split()


def _proc_alive(pid: int, started: str | None) -> bool:
    fields = proc_stat(pid)
    if fields is None or len(fields) < 20 or fields[0] in (b"Z", b"X"):
        return False
    if started is not None and fields[19].decode("ascii") != started:
        return False
    try:
        return os.stat(f"/proc/{pid}").st_uid == os.geteuid()
    except OSError:
        return False


# -- elsewhere: psutil ------------------------------------------------------------------------------


def _psutil_started(pid: int) -> str | None:
    if pid <= 0:
        return None
    try:
        import psutil

        return _token(psutil.Process(pid).create_time())
    except Exception:  # no such process, not ours to look at, or psutil missing
        return None


def _psutil_alive(pid: int, started: str | None) -> bool:
    try:
        import psutil
    except ImportError:  # pragma: no cover - a dependency; without it only a POSIX signal can tell
        return _signal_alive(pid)
    try:
        process = psutil.Process(pid)
        if process.status() in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD):
            return False
        if hasattr(os, "geteuid") and process.uids().effective != os.geteuid():
            return False
        return started is None or _token(process.create_time()) == started
    except (psutil.NoSuchProcess, psutil.AccessDenied):  # gone, or another user's
        return False


def _token(created: float) -> str:
    return f"{created:.6f}"


def _signal_alive(pid: int) -> bool:  # pragma: no cover - POSIX without psutil
    if sys.platform == "win32":
        return False
    try:
        os.kill(pid, 0)
    except OSError:  # gone, or another user's (not one of ours)
        return False
    return True
