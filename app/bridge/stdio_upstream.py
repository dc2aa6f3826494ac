"""The server behind the bridge as a child process speaking newline-delimited JSON-RPC on its stdio.

The child runs in its own process group so that stopping it also stops whatever it started (an
`npx` wrapper and its node child, say): no orphans (`app.engine.process_group`, as the hub's). On Linux
the kernel also kills it when the bridge dies, however it dies, so a server that ignores the end of its
stdin cannot outlive its host's session. Its stderr goes to its own log file.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TextIO

from app.bridge.framing import MAX_MESSAGE_BYTES, LineWriter, read_message
from app.core.confine.wrap import served_command
from app.core.model import StdioTarget
from app.core.text import UserError, sentence
from app.engine import process_group
from app.engine.server_log import open_server_log

log = logging.getLogger(__name__)

EXIT_WAIT_SECONDS = 3.0


class UpstreamError(UserError):
    """The server could not be started or reached; one sentence of the catalogue for the log and the host."""


class ConfinementUnavailable(UpstreamError):
    """The server is set to run confined and this system cannot confine it: it was not started."""


class StdioUpstream:
    def __init__(
        self, command: str, args: list[str], *, env: dict[str, str], cwd: str | None, stderr_log: Path
    ) -> None:
        self.label = command
        self._command = command
        self._args = args
        self._shown = served_command(command, args)
        """The server's own program (not the confining launcher's interpreter), for sentences."""
        self._env = env
        self._cwd = cwd
        self._stderr_log = stderr_log
        self._process: asyncio.subprocess.Process | None = None
        self._writer: LineWriter | None = None
        self._log: TextIO | None = None
        self.log_path: Path | None = None
        """The file its stderr goes to (None before it started, or when no log can be written)."""

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    async def start(self) -> None:
        # Its stderr is relayed into a size-rotated private log (the null device when none can be written).
        target = StdioTarget(command=self._command, args=self._args)
        self._log, self.log_path = open_server_log(self._stderr_log, target, "bridge")
        log_file = self._log
        try:
            self._process = await process_group.spawn(
                self._command,
                self._args,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=log_file.fileno(),
                env=self._env,
                cwd=self._cwd,
                limit=MAX_MESSAGE_BYTES,
                die_with_parent=True,
            )
        except process_group.ConfinementRefused as exc:
            raise ConfinementUnavailable(exc.code, **exc.args_map) from exc
        except FileNotFoundError as exc:
            raise UpstreamError("bridge.command_not_found", command=repr(self._shown)) from exc
        except PermissionError as exc:
            raise UpstreamError("bridge.command_denied", command=repr(self._shown)) from exc
        except OSError as exc:
            reason = exc.strerror or exc
            raise UpstreamError("bridge.command_failed", command=repr(self._shown), reason=reason) from exc
        finally:
            if self._process is None:
                log_file.close()
        assert self._process.stdin is not None
        self._writer = LineWriter(self._process.stdin)
        log.info("started %s (pid %d)", self._command, self._process.pid)

    async def send(self, raw: bytes) -> bool:
        return self._writer is not None and await self._writer.send(raw)

    async def receive(self) -> bytes | None:
        assert self._process is not None and self._process.stdout is not None
        raw = await read_message(self._process.stdout)
        if raw is None:
            # Its output ended: give it a moment to exit, so the host is told why.
            await process_group.exited_within(self._process, EXIT_WAIT_SECONDS)
        return raw

    def exit_detail(self) -> str:
        code = self._process.returncode if self._process else None
        if code is None:
            return sentence("bridge.output_closed")
        if code < 0:
            return sentence("bridge.signalled", signal=-code)
        return sentence("bridge.exited", code=code)

    def interrupt(self, signum: int) -> None:
        """Pass a signal the host sent the bridge (Ctrl+C, SIGTERM) on to the server's whole group, as the host
        meant it: the server ends as fast as it would alone, and `close` finds it gone."""
        if self._process is not None and self._process.returncode is None:
            process_group.signal_group(self._process, signum)

    async def close(self) -> None:
        """Close its stdin, then SIGTERM, then SIGKILL its whole process group, each after a grace period."""
        process = self._process
        if process is None:
            return
        try:
            await self._stop(process)
        finally:
            if self._log is not None:
                self._log.close()  # after the server stopped: what it wrote last is in the log

    async def _stop(self, process: asyncio.subprocess.Process) -> None:
        if self._writer is not None:
            self._writer.close()
        await process_group.stop(process)
        log.info("stopped the server (%s)", self.exit_detail())
