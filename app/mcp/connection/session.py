"""One session with a server: the transport it runs on, the requests run inside it, and what ends it.

A session ends when the server's side of the transport ends (a stdio server exits), when the
HTTP watch sees the session lost (a 404 to the session id, a request that cannot reach the
server, a liveness ping that fails), or when the connection is asked to stop. Stopping is a
normal exit rather than a cancellation, so the SDK still sends DELETE for an HTTP session.

Liveness over HTTP: while the server's GET stream is open, its end (and the SDK's attempt to
reopen it) is what notices a server that went away, so nothing is sent. With no stream open (a
session-less server, the 2026-07-28 era, a server that refuses GET), a `ping` goes out every
`liveness_interval` seconds; an unanswered ping ends the session, so the status stops saying
"connected" within about one interval of the server going away.
"""

from __future__ import annotations

import asyncio
import logging
import math
import sys
import time
import warnings
from collections.abc import Awaitable, Callable
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

import anyio
import anyio.abc

from app.core.confine.wrap import launcher_argv, served_command
from app.core.model import HttpTarget, ServerEntry
from app.core.servers.log_cause import error_line
from app.core.servers.param_headers import ToolHeaders
from app.core.servers.secrets import masked_url, reveal
from app.core.servers.starting import start_note
from app.core.text import message
from app.engine.first_call import ANSWER_BOUND, FirstCallHold, Release
from app.engine.server_log import open_server_log
from app.mcp.errors import (
    Failure,
    FailureContext,
    ServerUnavailableError,
    read_log_tail,
)

if TYPE_CHECKING:
    from mcp.client import Transport
    from mcp.client.client import Client

    from app.mcp.http_transport import HttpWatch
    from app.mcp.transport import WatchedTransport

T = TypeVar("T")
logger = logging.getLogger(__name__)

LIST_CHANGED = "notifications/roots/list_changed"
Mode = Literal["auto", "legacy", "2026-07-28"]

GET_STREAM_WAIT = 2.0
"""Most a legacy HTTP `initialized` waits for the session's GET stream to open (see `ServerStreamGate`)."""
LIVENESS_INTERVAL = 30.0
"""Seconds between pings on an HTTP session that holds no stream open."""
HEALTHY_AFTER = 60.0
"""A session that stayed up this long (seconds) resets the backoff and ends a crash loop (`failed_sessions`)."""


@dataclass
class Attempt:
    """What one connection attempt knows beyond the exception it may end with."""

    context: FailureContext
    watch: WatchedTransport
    http: HttpWatch | None = None
    tools: ToolHeaders | None = None
    """Over HTTP: the `x-mcp-header` parameters of the tools listed in this session."""
    log_path: Path | None = None
    log_offset: int = 0
    connected_at: float | None = None
    exits: list[int] = field(default_factory=list)
    """How its process ended (stdio; set once it did, by `stdio_transport`)."""
    flush_log: Callable[[], None] | None = None
    """Moves what the server wrote to stderr so far into its log, before the log's last line is read."""

    def failure_context(self) -> FailureContext:
        if self.flush_log is not None:
            self.flush_log()
        lines = read_log_tail(self.log_path, self.log_offset) if self.log_path else []
        return replace(
            self.context,
            http_error=self.http.last_error if self.http else None,
            # Before the session was up, the exception itself names the cause better.
            session_lost=self.http.lost if self.http and self.connected_at is not None else None,
            saw_non_jsonrpc=self.watch.saw_non_jsonrpc,
            too_large=self.watch.too_large,
            log_tail=lines[-1].strip() if lines else None,
            log_cause=error_line(lines),
            exit_status=self.exits[-1] if self.exits else None,
        )


@dataclass
class Outcome:
    failure: Failure
    connected_for: float | None = None
    """Seconds the session was up; None when it never connected."""
    timed_out: bool = False
    """The connect deadline passed before the handshake was done."""

    @property
    def stayed_up(self) -> bool:
        """Up `HEALTHY_AFTER` or longer: the backoff starts over, and a crash loop has ended."""
        return self.connected_for is not None and self.connected_for >= HEALTHY_AFTER


def open_attempt(
    entry: ServerEntry,
    resources: ExitStack,
    mode: str,
    log_path: Path,
    *,
    connect_timeout: float,
    gate_bound: float,
    max_message_bytes: int | None = None,
) -> Attempt:
    """Build this attempt's transport (for stdio, with the server's log file as its stderr)."""
    from app.mcp.transport import WatchedTransport

    target = reveal(entry.target)  # the real secret values, fetched at the last moment
    refuse_roots = not entry.declares_roots
    if isinstance(target, HttpTarget):
        from app.mcp.http_transport import HttpWatch, http_transport

        http = HttpWatch()
        tools = ToolHeaders()
        inner = http_transport(target.url, dict(target.headers), http, gate_bound=gate_bound, tools=tools)
        context = FailureContext("http", connect_timeout, url=masked_url(target.url))
        return Attempt(context, WatchedTransport(inner, refuse_roots=refuse_roots), http=http, tools=tools)
    from mcp.client.stdio import StdioServerParameters

    from app.mcp.connection.stdio import MAX_MESSAGE_BYTES, stdio_transport

    log, written = open_server_log(log_path, target, mode)
    resources.enter_context(log)
    exits: list[int] = []
    note = start_note(entry.name)
    if note is not None:
        log.write(f"--- {note.text}\n")
    parameters = StdioServerParameters(
        command=target.command, args=list(target.args), env=dict(target.env) or None, cwd=target.cwd
    )
    if sys.platform == "win32":  # the SDK's job object ends the tree there
        from mcp.client.stdio import stdio_client

        inner: Transport = stdio_client(parameters, errlog=log)
    else:
        inner = stdio_transport(parameters, log, max_message_bytes=max_message_bytes or MAX_MESSAGE_BYTES,
                                exited=exits.append)
    watch = WatchedTransport(inner, refuse_roots=refuse_roots, log_path=written)
    confined = launcher_argv(target.command, target.args) is not None
    context = FailureContext("stdio", connect_timeout, command=served_command(target.command, target.args),
                             cwd=target.cwd, confined=confined)
    return Attempt(context, watch, log_path=written, log_offset=log.tell(), exits=exits, flush_log=log.flush)


class LiveSession:
    """An open session: callers' requests run in its task group, and `wait_gone` says when it ended.

    With `holding` (`app.engine.first_call.holds`), callers' requests wait on `hold` until the
    server has fetched its roots (`hold_until_fetched`), or is not waited for any longer.
    """

    def __init__(self, client: Client, attempt: Attempt, calls: anyio.abc.TaskGroup, *, holding: bool = False) -> None:
        self.client = client
        self.attempt = attempt
        self._calls = calls
        self.stop_requested = anyio.Event()
        self.hold = FirstCallHold(attempt.watch.fetches, attempt.log_path, holding=holding)

    async def hold_until_fetched(self) -> Release:
        """Ping, and release the hold once the rule says (`app.engine.first_call`); why it was released."""
        released = await self.hold.settle(lambda: self.run(answer_cheaply, ANSWER_BOUND))
        logger.debug("The first requests were released: %s", released)
        return released

    async def run(self, work: Callable[[Client], Awaitable[T]], timeout: float) -> T:
        """Run `work(client)` in the session's task group and wait at most `timeout` seconds for it.

        The deadline binds the caller exactly: on expiry the work is cancelled and left to finish
        its cleanup in the session's task group (the SDK spends up to 5 s telling the server a
        request was abandoned), and the end of the session cancels whatever still runs there.
        """
        outcome: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        scope = anyio.CancelScope()
        try:
            self._calls.start_soon(_settle, work, self.client, outcome, scope)
        except RuntimeError as error:  # the task group closed meanwhile
            raise ServerUnavailableError(message("mcp.not_connected")) from error
        try:
            async with asyncio.timeout(timeout):
                return await asyncio.shield(outcome)
        finally:
            if not outcome.done():
                outcome.cancel()
                scope.cancel()

    async def settle(self, timeout: float, then: Callable[[], None]) -> None:
        """Call `then()` once the server answers a request after any roots it asked for (see `settle_barrier`).

        A crash loop's sessions never get this far: they end with the session's task group first.
        """
        try:
            await self.run(settle_barrier, timeout)
        except Exception as error:  # it ended, or did not answer: it did not show it works
            logger.debug("The session did not settle: %r", error)
            return
        then()

    async def notify_list_changed(self, timeout: float) -> bool:
        """Send `notifications/roots/list_changed`; True only when it really went out.

        Over HTTP that means the server accepted the POST (2xx): the SDK drops a 404 or any other
        error answer to a notification silently, so the HTTP watch is asked. On stdio the SDK
        drops a notification to a closed pipe silently too, so a closed transport means False.
        """
        from mcp.shared.exceptions import MCPDeprecationWarning

        http = self.attempt.http
        accepted = http.expect_notification(LIST_CHANGED) if http is not None else None

        async def send(client: Client) -> bool:
            with warnings.catch_warnings():
                # Roots are deprecated from 2026-07-28 on, and a legacy server is exactly where they
                # are still meant to be used. The SDK warns when the method is called, so the filter
                # is lifted before anything is awaited and cannot leak into other tasks.
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                sending = client.session.send_roots_list_changed()
            await sending
            if accepted is not None:
                return await accepted()
            return not self.attempt.watch.closed

        try:
            if http is None:  # a hand-off to the stdio writer: awaited here, without a task of the session's
                async with asyncio.timeout(timeout):
                    sent = await send(self.client)
            else:
                sent = await self.run(send, timeout)
        except Exception as error:
            logger.info("Could not send list_changed: %r", error)
            sent = False
        if not sent and http is not None:
            http.forget(LIST_CHANGED)
        return sent

    async def wait_gone(self, liveness_interval: float, ping_timeout: float) -> None:
        """Return when the server's side ended, the HTTP session was lost, or a stop was asked for."""
        async with anyio.create_task_group() as waiters:

            async def until(event: Callable[[], Awaitable[None]]) -> None:
                await event()
                waiters.cancel_scope.cancel()

            waiters.start_soon(until, self.attempt.watch.wait_closed)
            waiters.start_soon(until, self.stop_requested.wait)
            if self.attempt.http is not None:
                waiters.start_soon(until, self.attempt.http.lost_event().wait)
                if math.isfinite(liveness_interval):
                    waiters.start_soon(self._check_liveness, self.attempt.http, liveness_interval, ping_timeout)

    async def _check_liveness(self, http: HttpWatch, interval: float, timeout: float) -> None:
        while True:
            await anyio.sleep(interval)
            if http.streams_open:
                continue
            try:
                with anyio.fail_after(timeout):
                    await answer_cheaply(self.client)
            except Exception:
                where = self.attempt.context.url or "the server"
                http.lose(message("mcp.unreachable", where=where))


async def roots_barrier(client: Client) -> int:
    """Ping, then wait until every `roots/list` the server wrote before its answer is answered.

    Stdio and a single HTTP stream keep the server's order, so once the ping answer is read, any
    roots request the server sent on `initialized` has been read too. Returns how many came.
    """
    watch = client_transport(client)
    await answer_cheaply(client)
    await watch.roots_settled()
    return watch.roots_requests


async def settle_barrier(client: Client) -> None:
    """Return once the server answered a request after any roots it asked for on connecting.

    A server that dies as soon as it has its roots (a crash loop) never gets this far.
    """
    await roots_barrier(client)
    await answer_cheaply(client)


def client_transport(client: Client) -> WatchedTransport:
    from app.mcp.transport import WatchedTransport

    transport = client.server
    assert isinstance(transport, WatchedTransport), "every client here runs on a WatchedTransport"
    return transport


async def answer_cheaply(client: Client) -> None:
    """The cheapest request the session's era has: `ping` in the handshake era, `server/discover` after it."""
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    version = client.protocol_version
    if version in MODERN_PROTOCOL_VERSIONS:
        await client.session.send_discover(version)
    else:
        await client.session.send_ping()  # the session's own method: the Client's warns about 2026-07-28


async def _settle(
    work: Callable[[Client], Awaitable[T]], client: Client, outcome: asyncio.Future[T], scope: anyio.CancelScope
) -> None:
    """Run one request for `LiveSession.run` and hand its result or error over."""
    try:
        with scope:
            result = await work(client)
            if not outcome.done():
                outcome.set_result(result)
    except Exception as error:
        if not outcome.done():
            outcome.set_exception(error)
    finally:
        if not outcome.done():  # cancelled by the end of the session
            outcome.set_exception(ServerUnavailableError(message("mcp.closed_before_answer")))


def connected_for(attempt: Attempt) -> float | None:
    return None if attempt.connected_at is None else time.monotonic() - attempt.connected_at
