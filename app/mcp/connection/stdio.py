"""A stdio server as Rootkeeper runs it: its own process group, bounded messages, one log line per bad line.

The SDK's `stdio_client` offers no hook for three things a hostile or sloppy server needs:

- it signals the server's process group only when the server outlives closing its stdin, so a
  grandchild of a server that exits politely keeps running; here the whole group is always
  ended (SIGTERM, then SIGKILL after a grace period: `app.engine.process_group`, as the bridge);
- it joins stdout chunks into one string until a newline comes, so one endless line costs
  quadratic CPU and unbounded memory; here a line is read into a buffer bounded by
  `MAX_MESSAGE_BYTES`, and a longer one ends the connection with `MessageTooLarge`;
- it logs a full traceback to the process's stderr for every line that is not JSON-RPC; here it
  is one line in the server's own log.

The rest follows the SDK: newline-delimited JSON-RPC, the SDK's inherited environment, the same
shutdown order (close stdin, wait, then signal). POSIX only; Windows keeps the SDK's transport
(a job object there already ends the tree).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import subprocess
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, TextIO

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

from app.engine import process_group
from app.mcp.transport import MessageTooLarge

if TYPE_CHECKING:
    from mcp.client._transport import TransportStreams
    from mcp.client.stdio import StdioServerParameters
    from mcp.shared.message import SessionMessage

logger = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 64 * 1024 * 1024
"""The longest line a server may write to the hub; the reader buffers at most about twice this."""
FLUSH_GRACE = 0.5
EXIT_WAIT = 1.0
"""Seconds a server whose output ended gets to exit before the connection reports it closed, not how it ended."""
GARBAGE_SHOWN = 120
"""Characters of a bad line quoted in the server's log."""


@asynccontextmanager
async def stdio_transport(
    server: StdioServerParameters,
    errlog: TextIO,
    *,
    max_message_bytes: int = MAX_MESSAGE_BYTES,
    exited: Callable[[int], None] | None = None,
) -> AsyncIterator[TransportStreams]:
    """Spawn `server` in a new process group and speak newline-delimited JSON-RPC with it; `exited` is told how
    the server ended when its output ends because it did (before the session sees the end)."""
    from mcp.client.stdio import get_default_environment
    from mcp.shared.message import SessionMessage

    process = await process_group.spawn(
        server.command,
        server.args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=_stderr_target(errlog),
        env=get_default_environment() | (server.env or {}),
        cwd=server.cwd,
        limit=max_message_bytes,
    )
    to_session, from_server = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    to_server, from_session = anyio.create_memory_object_stream[SessionMessage](0)
    writer_done = anyio.Event()

    async with anyio.create_task_group() as pipes:
        pipes.start_soon(_read, process, to_session, errlog, max_message_bytes, exited)
        pipes.start_soon(_write, process, from_session, to_session, writer_done)
        try:
            yield from_server, to_server
        finally:
            with anyio.CancelScope(shield=True):  # every wait below is bounded
                to_server.close()
                with anyio.move_on_after(FLUSH_GRACE):
                    await writer_done.wait()
                pipes.cancel_scope.cancel()
                await stop_process_group(process)
                from_server.close()


async def stop_process_group(process: asyncio.subprocess.Process) -> None:
    """End the server and its whole group (`process_group.stop`), reading its stdout meanwhile."""
    draining = asyncio.ensure_future(_drain(process))  # a server blocked on a full stdout cannot see EOF
    try:
        await process_group.stop(process)
    finally:
        draining.cancel()
        with contextlib.suppress(BaseException):
            await draining
        transport = getattr(process, "_transport", None)
        if transport is not None:  # a survivor holding the pipes open must not keep it (and a warning) alive
            transport.close()


async def _read(
    process: asyncio.subprocess.Process,
    to_session: MemoryObjectSendStream[SessionMessage | Exception],
    errlog: TextIO,
    limit: int,
    exited: Callable[[int], None] | None = None,
) -> None:
    assert process.stdout is not None
    async with to_session:
        while True:
            try:
                line = await process.stdout.readline()
            except ValueError:  # the line outgrew the reader's limit; the buffer was dropped
                _note(errlog, f"Rootkeeper: the server wrote a message over {limit} bytes; dropping it")
                with contextlib.suppress(anyio.ClosedResourceError, anyio.BrokenResourceError):
                    await to_session.send(MessageTooLarge(limit))
                return
            except (ConnectionError, OSError):
                return
            if not line:
                # Its output ended: give it a moment to exit, so the failure can say how it ended.
                if exited is not None and await process_group.exited_within(process, EXIT_WAIT):
                    assert process.returncode is not None
                    exited(process.returncode)
                return
            item = _parse(line.rstrip(b"\r\n"), errlog)
            if item is None:
                continue
            try:
                await to_session.send(item)
            except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                return


async def _write(
    process: asyncio.subprocess.Process,
    from_session: MemoryObjectReceiveStream[SessionMessage],
    to_session: MemoryObjectSendStream[SessionMessage | Exception],
    done: anyio.Event,
) -> None:
    assert process.stdin is not None
    try:
        async with from_session:
            async for outgoing in from_session:
                data = outgoing.message.model_dump_json(by_alias=True, exclude_unset=True)
                process.stdin.write(data.encode("utf-8", "surrogatepass") + b"\n")
                await process.stdin.drain()
    except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
        await to_session.aclose()  # the session must see the end instead of waiting forever
    finally:
        done.set()


def _stderr_target(errlog: TextIO) -> int:
    try:
        return errlog.fileno()
    except (OSError, ValueError, AttributeError):
        return subprocess.DEVNULL


def _parse(line: bytes, errlog: TextIO) -> SessionMessage | Exception | None:
    """One line as a message; a line that is not JSON-RPC becomes one line in the server's log (no traceback)."""
    import mcp_types
    from mcp.shared.message import SessionMessage

    if not line.strip():
        return None
    try:
        return SessionMessage(mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False))
    except ValueError as error:
        shown = line[:GARBAGE_SHOWN].decode("utf-8", "replace")
        shown = "".join(char if char.isprintable() else "?" for char in shown)
        more = "…" if len(line) > GARBAGE_SHOWN else ""
        _note(errlog, f"Rootkeeper: the server wrote a line that is not JSON-RPC: {shown}{more}")
        return error


def _note(errlog: TextIO, line: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        errlog.write(line + "\n")
        errlog.flush()


async def _drain(process: asyncio.subprocess.Process) -> None:
    if process.stdout is None:
        return
    with contextlib.suppress(ConnectionError, OSError, ValueError):
        while await process.stdout.read(1 << 16):
            pass
