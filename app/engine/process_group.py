"""A server process in a group of its own: spawned in a new session, stopped with everything it started.

The hub and `call` (`app.mcp.connection.stdio`) and the bridge (`app.bridge.stdio_upstream`) start
and stop their stdio servers here, so that every server ends the same way:

1. its stdin is closed, and it gets `STOP_GRACE` seconds to exit by itself;
2. SIGTERM to its whole group (even when it exited: it may have left children running there), then
   up to `STOP_GRACE` seconds for the whole group to end;
3. SIGKILL to the group, then up to `STOP_GRACE` seconds for the whole group to end.

"The whole group ended" means the server itself exited (and was reaped) and no member of its group
still runs. A member that died but was not reaped yet (an orphan whose new parent reaps it late) is a
zombie: it runs nothing, and counts as ended. Where there are no process groups (Windows) the server
alone is terminated, then killed.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import errno
import logging
import os
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from app.core.confine.launch import refusal
from app.core.confine.wrap import launcher_argv, program_missing, served_command
from app.core.system.processes import proc_stat
from app.core.text import UserError

log = logging.getLogger(__name__)

STOP_GRACE = 2.0
"""Seconds a server gets at each step of a stop: to exit once its stdin closed, for its group to end after
SIGTERM, and after SIGKILL."""
POLL = 0.005
"""Seconds between two looks at a process or group that is ending: short, since whoever stops a server (a host
ending its bridge, the user quitting) waits for it; a look is one `returncode` read or a few `/proc` reads."""
PR_SET_PDEATHSIG = 1

Stream = int | IO[Any] | None


class ConfinementRefused(UserError):
    """A confined server was not started: this system cannot confine it (one sentence of the catalogue)."""


async def spawn(
    command: str,
    args: Sequence[str],
    *,
    stdin: Stream,
    stdout: Stream,
    stderr: Stream,
    env: Mapping[str, str] | None,
    cwd: str | os.PathLike[str] | None,
    limit: int,
    die_with_parent: bool = False,
) -> asyncio.subprocess.Process:
    """Start `command` in a new session, so its process group holds whatever it starts and `stop` reaches it all.

    With `die_with_parent` (Linux) the kernel kills it when this process dies, however it dies. A confined
    server (started through `app.core.confine.launch`) is not started at all where the kernel cannot confine it:
    `ConfinementRefused` says why (the launcher would refuse too, into the server's log).
    """
    confining = launcher_argv(command, args)
    if confining is not None and (refused := refusal(confining)) is not None:
        raise ConfinementRefused(refused.code, **refused.args)
    if confining is not None:
        program = served_command(command, args)
        path_variable = (env if env is not None else os.environ).get("PATH", os.defpath)
        if program_missing(program, path_variable, os.fspath(cwd) if cwd is not None else None):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), program)
    return await asyncio.create_subprocess_exec(
        command,
        *args,
        stdin=stdin,
        stdout=stdout,
        stderr=stderr,
        env=env,
        cwd=cwd,
        start_new_session=True,
        limit=limit,
        preexec_fn=_die_with_parent() if die_with_parent else None,
    )


async def stop(process: asyncio.subprocess.Process, *, grace: float = STOP_GRACE) -> bool:
    """Close its stdin, wait, then end its whole group: SIGTERM, wait, SIGKILL, wait. True once the group ended."""
    if process.stdin is not None:
        with contextlib.suppress(ConnectionError, RuntimeError, OSError):
            process.stdin.close()
    await exited_within(process, grace)
    group = _Group(process)
    for force in (False, True):
        group.end(force=force)  # even when the server exited: it may have left children in its group
        if await group.ended_within(grace):
            return True
    log.warning("Server process %d is still alive after SIGKILL; abandoning it", process.pid)
    return False


def signal_group(process: asyncio.subprocess.Process, signum: int) -> None:
    """Send `signum` to the server's whole group (where there are no groups, to the server alone)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signum)
        else:  # pragma: no cover - Windows
            process.send_signal(signum)


async def exited_within(process: asyncio.subprocess.Process, seconds: float) -> bool:
    """Whether the process exited in time; polls `returncode`, since `wait()` may also wait for its pipes."""
    try:
        async with asyncio.timeout(seconds):
            while process.returncode is None:
                await asyncio.sleep(POLL)
    except TimeoutError:
        return False
    return True


class _Group:
    """The process group a spawned server leads, as seen while it is being stopped."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self._process = process
        self._running: set[int] = set()
        """Members last seen running (Linux): looked at one by one before the whole of /proc is read again."""

    def end(self, *, force: bool) -> None:
        """SIGTERM (SIGKILL with `force`) to the whole group; without groups, to the server alone."""
        if not hasattr(os, "killpg"):  # pragma: no cover - Windows
            if self._process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    (self._process.kill if force else self._process.terminate)()
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, signal.SIGKILL if force else signal.SIGTERM)

    async def ended_within(self, seconds: float) -> bool:
        try:
            async with asyncio.timeout(seconds):
                while not self.ended():
                    await asyncio.sleep(POLL)
        except TimeoutError:
            return False
        return True

    def ended(self) -> bool:
        if self._process.returncode is None:
            return False
        if not hasattr(os, "killpg"):  # pragma: no cover - Windows: the server is all there is
            return True
        pgid = self._process.pid
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            pass  # a member we may not signal: not proof that it is gone
        # Something of the group is left, perhaps only zombies nobody reaped yet: see which (Linux).
        self._running = {pid for pid in self._running if _runs_in_group(pid, pgid)}
        if self._running:
            return False
        members = _running_members(pgid)
        if members is None:
            return False  # the system does not say: the group is there until the kernel says it is not
        self._running = members
        return not members


def _runs_in_group(pid: int | str, pgid: int) -> bool:
    fields = proc_stat(pid)
    return fields is not None and len(fields) > 2 and fields[0] not in (b"Z", b"X") and fields[2] == b"%d" % pgid


def _running_members(pgid: int) -> set[int] | None:
    """The members of group `pgid` that are not zombies; None where /proc cannot say."""
    if not os.path.isdir("/proc/self"):
        return None
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    return {int(entry) for entry in entries if entry.isdigit() and _runs_in_group(entry, pgid)}


def _die_with_parent() -> Callable[[], None] | None:
    """Linux: the kernel kills the server when its parent dies, however it dies (SIGKILL included),
    so a server that ignores the end of its stdin cannot outlive the process that started it."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    prctl, parent = libc.prctl, os.getpid()

    def in_child() -> None:  # between fork and exec: no allocation-heavy work, no locks
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before the request took effect
            os.kill(os.getpid(), signal.SIGKILL)

    return in_child
