"""One live MCP connection per configured server, kept up by a single owner task.

The owner task enters and leaves the SDK `Client` itself (anyio requires the task that enters
a client's task groups to exit them), reconnects with capped exponential backoff, and publishes a
`ConnectionStatus` after every change. Tool calls and `list_changed` notifications are handed to a
task group the owner runs inside the open client, and the caller waits for the result with its own
deadline. The SDK would accept requests from any task on the loop, but this way the caller's
deadline is exact (the SDK's cleanup of an abandoned request may take seconds and runs on in the
owner's group), and a teardown cancels every request still running instead of leaving it to a
closed client.

The era (legacy handshake or 2026-07-28) is the SDK's `mode="auto"` verdict, except that a stdio
server which breaks on the `server/discover` probe is retried at once in `mode="legacy"`, and
the caller is told so it can remember the server as legacy-only.

The SDK is imported lazily (it costs ~0.5 s), so importing this module stays cheap.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import shlex
import time
import warnings
from collections.abc import Awaitable, Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TextIO, TypeVar

import anyio
import anyio.abc

from app import __version__
from app.core.model import HttpTarget, ServerEntry, StdioTarget
from app.core.status import ConnectionStatus, Era
from app.mcp.errors import (
    Failure,
    FailureContext,
    ServerUnavailableError,
    ToolCallError,
    describe_disconnect,
    describe_failure,
    leaf_errors,
    read_log_tail,
)

if TYPE_CHECKING:
    from mcp.client.client import Client
    from mcp.client.session import ClientRequestContext
    from mcp_types import ErrorData, ListRootsResult

    from app.mcp.transport import HttpErrorRecorder, WatchedTransport

logger = logging.getLogger(__name__)

RootsProvider = Callable[[], list[tuple[str, str]]]
T = TypeVar("T")

BACKOFF_INITIAL = 0.5
BACKOFF_CAP = 30.0
HEALTHY_AFTER = 60.0
"""A connection that stayed up this long (seconds) resets the backoff to its initial delay."""
STOP_GRACE = 10.0
"""Bound on `stop()`: the SDK's own stdio shutdown is shielded and bounded at about 6.5 s
(0.5 s flush, 2 s after closing stdin, 2 s after SIGTERM, 2 s to reap)."""
STATUS_COALESCE = 0.1
"""Roots fetches update the status at most this often (seconds), however fast a server asks."""
LOG_ROTATE_BYTES = 1 << 20


@dataclass
class _Attempt:
    """What one connection attempt knows beyond the exception it may end with."""

    context: FailureContext
    watch: WatchedTransport
    http_errors: HttpErrorRecorder | None = None
    log_path: Path | None = None
    log_offset: int = 0
    connected_at: float | None = None

    def failure_context(self) -> FailureContext:
        return replace(
            self.context,
            http_error=self.http_errors.last_error if self.http_errors else None,
            saw_non_jsonrpc=self.watch.saw_non_jsonrpc,
            log_tail=read_log_tail(self.log_path, self.log_offset) if self.log_path else None,
        )


@dataclass
class _Outcome:
    failure: Failure
    connected_for: float | None = None
    """Seconds the session was up; None when it never connected."""


class ServerConnection:
    """Keeps one configured server connected and informed about its roots.

    `roots_provider()` returns the `(uri, name)` pairs this server may see right now; it is called
    on every roots request, so it must be cheap and must not block. Call `start()` from a running
    event loop; `await stop()` ends the connection and leaves no child process behind.
    """

    def __init__(
        self,
        entry: ServerEntry,
        roots_provider: RootsProvider,
        log_dir: Path,
        *,
        connect_timeout: float = 15,
        call_timeout: float = 30,
        on_status: Callable[[ConnectionStatus], None] | None = None,
        on_legacy_only: Callable[[], None] | None = None,
        backoff_initial: float = BACKOFF_INITIAL,
        backoff_cap: float = BACKOFF_CAP,
    ) -> None:
        self._entry = entry
        self._roots_provider = roots_provider
        self._log_dir = log_dir
        self._connect_timeout = connect_timeout
        self._call_timeout = call_timeout
        self._on_status = on_status
        self._on_legacy_only = on_legacy_only
        self._backoff_initial = backoff_initial
        self._backoff_cap = backoff_cap
        self._legacy_only = entry.legacy_only
        self._status = ConnectionStatus()
        self._task: asyncio.Task[None] | None = None
        self._stop_scope: anyio.CancelScope | None = None
        self._stopping = False
        self._client: Client | None = None
        self._calls: anyio.abc.TaskGroup | None = None
        self._attempt: _Attempt | None = None
        self._changed: asyncio.Event | None = None
        self._coalesced: asyncio.TimerHandle | None = None

    @property
    def entry(self) -> ServerEntry:
        return self._entry

    @property
    def status(self) -> ConnectionStatus:
        return self._status

    @property
    def log_path(self) -> Path:
        """Where a stdio server's stderr goes (appended across attempts)."""
        return self._log_dir / f"{self._entry.name}.log"

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Begin connecting in the background; a no-op while already running."""
        if self._task is not None and not self._task.done():
            return
        self._stopping = False
        self._task = asyncio.get_running_loop().create_task(self._own(), name=f"mcp-server:{self._entry.name}")
        self._publish(state="connecting", retry_in=None)

    async def stop(self) -> None:
        """Disconnect and end the owner task, within `STOP_GRACE` seconds even if the server hangs."""
        self._stopping = True
        task, self._task = self._task, None
        if task is not None and not task.done():
            if self._stop_scope is not None:
                # An anyio cancel, not task.cancel(): the SDK shields its process shutdown from it.
                self._stop_scope.cancel()
            else:
                task.cancel()
            done, _ = await asyncio.wait({task}, timeout=STOP_GRACE)
            if not done:
                logger.warning("Server %s did not stop within %g s; abandoning it", self._entry.name, STOP_GRACE)
                task.cancel()
                await asyncio.wait({task}, timeout=1)
        if task is not None and task.done() and not task.cancelled() and (error := task.exception()):
            logger.error("The connection task for %s ended with an error", self._entry.name, exc_info=error)
        self._publish(state="stopped", retry_in=None)

    async def wait_for_status(
        self, predicate: Callable[[ConnectionStatus], bool], timeout: float | None = None
    ) -> ConnectionStatus:
        """Return the first status (the current one included) for which `predicate` holds.

        Raises TimeoutError when `timeout` seconds pass first.
        """
        async with asyncio.timeout(timeout):
            while not predicate(self._status):
                if self._changed is None:
                    self._changed = asyncio.Event()
                await self._changed.wait()
        return self._status

    async def wait_connected(self, timeout: float | None = None) -> ConnectionStatus:
        """Wait for the next attempt to connect; raise ServerUnavailableError if it fails first.

        Raises TimeoutError when `timeout` seconds pass first.
        """
        attempted = self._status.state == "connecting"

        def settled(status: ConnectionStatus) -> bool:
            nonlocal attempted
            attempted = attempted or status.state == "connecting"
            return status.state in ("connected", "failed", "stopped") or (attempted and status.state == "backoff")

        status = await self.wait_for_status(settled, timeout)
        if status.state != "connected":
            raise ServerUnavailableError(status.last_error or f"The server is {status.state}.")
        return status

    # -- requests from the rest of the app ----------------------------------------------------

    async def call_tool(self, name: str, args: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Call a tool and return its result as JSON-able data (a tool-level `isError` included).

        Waits for a connection still being made, all within `call_timeout`. Raises
        ServerUnavailableError when the server is not connected, ToolCallError when the call fails.
        """
        started = time.monotonic()
        if self._status.state == "connecting":
            try:
                await self.wait_connected(self._call_timeout)
            except TimeoutError as error:
                raise ServerUnavailableError(f"The server did not connect within {self._call_timeout:g} s.") from error
        arguments = dict(args or {})
        remaining = self._call_timeout - (time.monotonic() - started)
        attempt = self._attempt
        try:
            result = await self._in_owner(lambda client: client.call_tool(name, arguments), remaining)
        except TimeoutError as error:
            raise ToolCallError(f"The server did not answer within {self._call_timeout:g} s.") from error
        except ServerUnavailableError:
            raise
        except Exception as error:
            assert attempt is not None  # _in_owner ran the call, so a session was open
            raise ToolCallError(describe_failure(error, attempt.failure_context()).sentence) from error
        dumped: dict[str, Any] = result.model_dump(mode="json", by_alias=True, exclude_none=True)
        return dumped

    async def notify_roots_changed(self) -> bool:
        """Send `notifications/roots/list_changed` on a legacy-era connection; True when sent.

        A no-op (False) on a modern-era connection, where the server sees the current list whenever
        it asks, when roots are not shared, and when not connected. Deciding whether the list really
        changed is the caller's business.
        """
        if self._client is None or self._status.era != "legacy" or not self._entry.declares_roots:
            return False
        from mcp.shared.exceptions import MCPDeprecationWarning

        def send(client: Client) -> Awaitable[None]:
            with warnings.catch_warnings():
                # Roots are deprecated from 2026-07-28 on, and a legacy server is exactly where they
                # are still meant to be used. The SDK warns when the method is called, so the filter
                # is lifted before anything is awaited and cannot leak into other tasks.
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                return client.session.send_roots_list_changed()

        try:
            await self._in_owner(send, self._call_timeout)
        except Exception as error:
            logger.info("Could not tell %s that its roots changed: %r", self._entry.name, error)
            return False
        return True

    async def _in_owner(self, work: Callable[[Client], Awaitable[T]], timeout: float) -> T:
        """Run `work(client)` in the owner's task group and wait at most `timeout` seconds for it.

        The deadline binds the caller exactly: on expiry the work is cancelled and left to finish
        its cleanup in the owner's task group (the SDK spends up to 5 s telling the server a request
        was abandoned), and a teardown cancels whatever is still running there.
        """
        calls, client = self._calls, self._client
        if calls is None or client is None:
            raise ServerUnavailableError(self._status.last_error or "The server is not connected.")
        outcome: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        scope = anyio.CancelScope()
        try:
            calls.start_soon(_settle, work, client, outcome, scope)
        except RuntimeError as error:  # the task group closed since the check above
            raise ServerUnavailableError(self._status.last_error or "The server is not connected.") from error
        try:
            async with asyncio.timeout(timeout):
                return await asyncio.shield(outcome)
        finally:
            if not outcome.done():
                outcome.cancel()
                scope.cancel()

    # -- the owner task -----------------------------------------------------------------------

    async def _own(self) -> None:
        delay = self._backoff_initial
        try:
            with anyio.CancelScope() as self._stop_scope:
                while not self._stopping:
                    try:
                        outcome = await self._connect_once()
                    except Exception as error:  # a bug or an environment fault outside the protocol
                        logger.exception("Connecting to %s failed unexpectedly", self._entry.name)
                        outcome = _Outcome(Failure(f"Unexpected error: {type(error).__name__}: {error}."))
                    if outcome.failure.permanent:
                        self._publish(state="failed", last_error=outcome.failure.sentence, retry_in=None)
                        return
                    if outcome.connected_for is not None and outcome.connected_for >= HEALTHY_AFTER:
                        delay = self._backoff_initial
                    self._publish(state="backoff", last_error=outcome.failure.sentence, retry_in=delay)
                    await anyio.sleep(delay)
                    delay = min(delay * 2, self._backoff_cap)
        except BaseException as error:
            if not self._stopping:
                raise
            # Whatever the teardown of a stopping connection raises is of no interest to anyone.
            logger.debug("%s raised while stopping: %r", self._entry.name, error)
        finally:
            self._stop_scope = None
            self._calls = self._client = self._attempt = None

    async def _connect_once(self) -> _Outcome:
        if self._legacy_only:
            return await self._run_session("legacy")
        outcome = await self._run_session("auto")
        failure = outcome.failure
        probe_may_be_at_fault = (
            isinstance(self._entry.target, StdioTarget)
            and outcome.connected_for is None
            and not (failure.spawn_failed or failure.permanent)
        )
        if probe_may_be_at_fault and not self._stopping:
            logger.info("%s failed in auto mode (%s); retrying with the legacy handshake", self._entry.name, failure)
            return await self._run_session("legacy", probe_fallback=True)
        return outcome

    async def _run_session(self, mode: Literal["auto", "legacy"], *, probe_fallback: bool = False) -> _Outcome:
        """Connect, stay connected until the server goes away, and say how it ended."""
        from mcp.client.client import Client
        from mcp_types import Implementation

        self._publish(state="connecting", era=None, protocol_version=None, retry_in=None)
        error: BaseException | None = None
        with ExitStack() as resources:
            attempt = self._open_attempt(resources, mode)
            client = Client(
                attempt.watch,
                mode=mode,
                list_roots_callback=self._answer_roots if self._entry.declares_roots else None,
                client_info=Implementation(name="rootkeeper", version=__version__),
                cache=None,
            )
            try:
                with anyio.CancelScope(deadline=anyio.current_time() + self._connect_timeout) as deadline:
                    async with client:
                        # The scope must enclose the client's whole life (its task groups are
                        # entered inside it), so the deadline is lifted instead of left.
                        deadline.deadline = math.inf
                        await self._serve(client, attempt, probe_fallback=probe_fallback)
            except BaseException as caught:
                if self._stopping or not _real_errors(caught):
                    raise
                error = caught
            finally:
                self._calls = self._client = self._attempt = None
            context = attempt.failure_context()
            if error is None and attempt.connected_at is not None:
                failure = describe_disconnect(context)
            else:
                failure = describe_failure(error, context)  # None: the connect deadline passed
        connected_for = None if attempt.connected_at is None else time.monotonic() - attempt.connected_at
        return _Outcome(failure, connected_for)

    async def _serve(self, client: Client, attempt: _Attempt, *, probe_fallback: bool) -> None:
        """Publish the connection and run callers' requests until the server's side closes."""
        from mcp_types.version import MODERN_PROTOCOL_VERSIONS

        attempt.connected_at = time.monotonic()
        version = client.protocol_version
        era: Era = "modern" if version in MODERN_PROTOCOL_VERSIONS else "legacy"
        async with anyio.create_task_group() as calls:
            self._calls, self._client, self._attempt = calls, client, attempt
            self._publish(state="connected", era=era, protocol_version=version, last_error=None, retry_in=None)
            if probe_fallback:
                self._remember_legacy_only()
            await attempt.watch.wait_closed()
            self._calls = self._client = None
            calls.cancel_scope.cancel()

    def _open_attempt(self, resources: ExitStack, mode: str) -> _Attempt:
        """Build this attempt's transport (for stdio, with the server's log file as its stderr)."""
        from app.mcp.transport import HttpErrorRecorder, WatchedTransport, http_transport

        target = self._entry.target
        refuse_roots = not self._entry.declares_roots
        if isinstance(target, HttpTarget):
            recorder = HttpErrorRecorder()
            inner = http_transport(target.url, dict(target.headers), recorder)
            context = FailureContext("http", self._connect_timeout, url=target.url)
            return _Attempt(context, WatchedTransport(inner, refuse_roots=refuse_roots), http_errors=recorder)
        from mcp.client.stdio import StdioServerParameters, stdio_client

        log, log_path = self._open_log(target, mode)
        resources.enter_context(log)
        parameters = StdioServerParameters(
            command=target.command, args=list(target.args), env=dict(target.env) or None, cwd=target.cwd
        )
        watch = WatchedTransport(stdio_client(parameters, errlog=log), refuse_roots=refuse_roots)
        context = FailureContext("stdio", self._connect_timeout, command=target.command, cwd=target.cwd)
        return _Attempt(context, watch, log_path=log_path, log_offset=log.tell())

    def _open_log(self, target: StdioTarget, mode: str) -> tuple[TextIO, Path | None]:
        """Open the server's log for appending, with a line saying what is being started.

        Returns the file and its path, or the null device and None when the log cannot be written.
        """
        path = self.log_path
        try:
            self._log_dir.mkdir(parents=True, exist_ok=True)
            if path.exists() and path.stat().st_size > LOG_ROTATE_BYTES:
                path.replace(path.with_name(path.name + ".1"))
            log = path.open("a", encoding="utf-8")
        except OSError as error:
            # A server must not stay down because its log cannot be written.
            logger.warning("Cannot write %s (%s); the server's stderr is discarded", path, error)
            return open(os.devnull, "w", encoding="utf-8"), None  # closed by the caller's ExitStack
        started = datetime.now(UTC).astimezone().isoformat(timespec="seconds")
        log.write(f"--- {started} Rootkeeper starts: {shlex.join([target.command, *target.args])} ({mode} mode)\n")
        log.flush()  # the child appends through its own descriptor, after this line
        return log, path

    def _remember_legacy_only(self) -> None:
        self._legacy_only = True
        if self._on_legacy_only is not None:
            try:
                self._on_legacy_only()
            except Exception:
                logger.exception("on_legacy_only for %s raised", self._entry.name)

    # -- roots ---------------------------------------------------------------------------------

    async def _answer_roots(self, context: ClientRequestContext) -> ListRootsResult | ErrorData:
        """The SDK's roots callback: a legacy `roots/list` and a modern input-required round alike."""
        from mcp_types import INTERNAL_ERROR, ErrorData, ListRootsResult, Root
        from pydantic import FileUrl

        try:
            # FileUrl refuses any other scheme, so a bad URI fails here rather than at the server.
            roots = [Root(uri=FileUrl(uri), name=name or None) for uri, name in self._roots_provider()]
        except Exception:
            logger.exception("Could not build the roots list for %s", self._entry.name)
            return ErrorData(code=INTERNAL_ERROR, message="Rootkeeper could not build the roots list")
        self._status = self._status.replace(
            last_roots_fetch_at=datetime.now(UTC),
            last_roots_fetch=[str(root.uri) for root in roots],
            roots_fetch_count=self._status.roots_fetch_count + 1,
        )
        self._publish_soon()
        return ListRootsResult(roots=roots)

    # -- status --------------------------------------------------------------------------------

    def _publish(self, **changes: Any) -> None:
        self._status = self._status.replace(**changes)
        self._emit()

    def _publish_soon(self) -> None:
        if self._coalesced is None:
            self._coalesced = asyncio.get_running_loop().call_later(STATUS_COALESCE, self._emit)

    def _emit(self) -> None:
        if self._coalesced is not None:
            self._coalesced.cancel()
            self._coalesced = None
        if self._changed is not None:
            self._changed.set()
            self._changed = None
        if self._on_status is not None:
            try:
                self._on_status(self._status)
            except Exception:
                logger.exception("on_status for %s raised", self._entry.name)


async def _settle(
    work: Callable[[Client], Awaitable[T]], client: Client, outcome: asyncio.Future[T], scope: anyio.CancelScope
) -> None:
    """Run one request for `ServerConnection._in_owner` and hand its result or error over."""
    try:
        with scope:
            result = await work(client)
            if not outcome.done():
                outcome.set_result(result)
    except Exception as error:
        if not outcome.done():
            outcome.set_exception(error)
    finally:
        if not outcome.done():  # cancelled by a teardown
            outcome.set_exception(ServerUnavailableError("The connection closed before the server answered."))


def _real_errors(error: BaseException) -> list[BaseException]:
    return [leaf for leaf in leaf_errors(error) if not isinstance(leaf, asyncio.CancelledError)]
