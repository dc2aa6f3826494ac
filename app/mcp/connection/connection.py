"""One live MCP connection per configured server, kept up by a single owner task.

The owner task enters and leaves the SDK `Client` itself (anyio requires the task that enters
a client's task groups to exit them), reconnects with capped, jittered exponential backoff (and stops, for
the user to act, once its command failed alike `give_up_after` times before any handshake), and
publishes a `ConnectionStatus` after every change (its `failed_sessions`: a crash loop is one outage).
Tool calls and `list_changed` notifications run in the open session's task group (`LiveSession.run`),
and the caller waits with its own deadline.

The era: a per-server pin (`ServerEntry.era`), else the SDK's `mode="auto"` verdict, except that a
stdio server which breaks on the `server/discover` probe is retried at once in legacy mode and
remembered as legacy-only (`connection_era`). A hub's stdio servers start a few at a time
(`connection_gate.StartGate`); an attempt's connect deadline starts once it has its slot.
Sessions, roots, logs, stdio: the `connection_*` modules; the SDK is imported lazily (~0.5 s), so this is cheap.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio

from app import __version__
from app.core.model import ServerEntry, StdioTarget
from app.core.servers.condition import GIVE_UP_AFTER, same_failures
from app.core.servers.pacing import jittered
from app.core.servers.status import ConnectionStatus, Era, count_failure
from app.core.text import message
from app.engine.first_call import Release, holds
from app.mcp.connection.era import EraChoice
from app.mcp.connection.session import (
    GET_STREAM_WAIT,
    HEALTHY_AFTER,
    LIVENESS_INTERVAL,
    LiveSession,
    Mode,
    Outcome,
    connected_for,
    open_attempt,
    roots_barrier,
)
from app.mcp.connection.status import StatusPublisher
from app.mcp.errors import (
    Failure,
    ServerUnavailableError,
    ToolCallError,
    describe_disconnect,
    describe_failure,
    failure_outside_protocol,
    real_errors,
)
from app.mcp.sdk import load_sdk

if TYPE_CHECKING:
    from mcp.client.client import Client

    from app.core.servers.param_headers import ToolHeaders
    from app.mcp.connection.gate import StartGate, StartSlot
    from app.mcp.connection.roots import RootsAnswer, RootsAnswerer, RootsFetch
    from app.mcp.connection.session import Attempt

__all__ = ["HEALTHY_AFTER", "STOP_GRACE", "ConnectionStatus", "RootsProvider", "ServerConnection"]

logger = logging.getLogger(__name__)

RootsProvider = Callable[[], "list[tuple[str, str]] | RootsAnswer"]  # a new list when it changed, or its answer

BACKOFF_INITIAL = 0.5
BACKOFF_CAP = 30.0
STOP_GRACE = 10.0
"""Bound on `stop()`; a stdio shutdown is shielded and takes at most about 6.5 s (see `connection_stdio`)."""


class ServerConnection:
    """Keeps one configured server connected and informed about its roots.

    `roots_provider()` returns the `(uri, name)` pairs this server may see right now; it is called
    on every roots request, so it must be cheap and must not block. Call `start()` from a running
    event loop; `await stop()` ends the connection (closing an HTTP session with DELETE) and
    leaves no child process behind.
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
        on_never_asked: Callable[[], None] | None = None,
        backoff_initial: float = BACKOFF_INITIAL,
        backoff_cap: float = BACKOFF_CAP,
        give_up_after: int = GIVE_UP_AFTER,
        liveness_interval: float = LIVENESS_INTERVAL,
        get_stream_wait: float = GET_STREAM_WAIT,
        max_message_bytes: int | None = None,  # a stdio message longer than this drops the server
        start_gate: StartGate | None = None,  # shared by a hub's connections: a stdio spawn waits for a slot
    ) -> None:
        self._entry = entry
        self._roots_provider = roots_provider
        self._log_dir = log_dir
        self._connect_timeout = connect_timeout
        self._call_timeout = call_timeout
        self._backoff_initial = backoff_initial
        self._backoff_cap = backoff_cap
        self._give_up_after = give_up_after
        self._liveness_interval = liveness_interval
        self._get_stream_wait = get_stream_wait
        self._max_message_bytes = max_message_bytes
        self._era = EraChoice(entry, on_legacy_only)
        self._on_never_asked = on_never_asked
        self._gate = start_gate
        self._slot: StartSlot | None = None
        self._board = StatusPublisher(entry.name, on_status)
        self._failure: Failure | None = None
        self._task: asyncio.Task[None] | None = None
        self._stop_scope: anyio.CancelScope | None = None
        self._stopping = False
        self._abandoned = False
        self._live: LiveSession | None = None
        self._answerer: RootsAnswerer | None = None

    @property
    def entry(self) -> ServerEntry:
        return self._entry

    @property
    def status(self) -> ConnectionStatus:
        return self._board.current

    @property
    def last_failure(self) -> Failure | None:
        """Why the last attempt ended (kept after reconnecting: show it only while `status.last_error` is set)."""
        return self._failure

    @property
    def first_call_hold(self) -> Release | None:
        """Why this session's first requests were released (`app.engine.first_call`); None while held or not up."""
        return self._live.hold.released if self._live is not None else None

    @property
    def stopped_in_time(self) -> bool:
        """Whether the last `stop()` saw the connection end within `STOP_GRACE` (False: it had to abandon it)."""
        return not self._abandoned

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
        self._board.publish(state="connecting", retry_in=None)

    async def stop(self) -> None:
        """Disconnect and end the owner task, within `STOP_GRACE` seconds even if the server hangs.

        An open session is left normally (so an HTTP session gets its DELETE); anything else, or a
        session that does not end in time, is cancelled.
        """
        self._stopping = True
        self._abandoned = False
        task, self._task = self._task, None
        if task is not None and not task.done():
            live = self._live
            if live is not None:
                live.stop_requested.set()
                await asyncio.wait({task}, timeout=STOP_GRACE / 2)
            if not task.done():
                if self._stop_scope is not None:
                    # An anyio cancel, not task.cancel(): the SDK shields its process shutdown from it.
                    self._stop_scope.cancel()
                else:
                    task.cancel()
                done, _ = await asyncio.wait({task}, timeout=STOP_GRACE / 2)
                if not done:
                    self._abandoned = True
                    logger.warning("Server %s did not stop in time; abandoning it", self._entry.name)
                    task.cancel()
                    await asyncio.wait({task}, timeout=1)
        if task is not None and task.done() and not task.cancelled() and (error := task.exception()):
            logger.error("The connection task for %s ended with an error", self._entry.name, exc_info=error)
        self._board.publish(state="stopped", retry_in=None)

    async def wait_for_status(
        self, predicate: Callable[[ConnectionStatus], bool], timeout: float | None = None
    ) -> ConnectionStatus:
        """Return the first status (the current one included) for which `predicate` holds.

        Raises TimeoutError when `timeout` seconds pass first.
        """
        return await self._board.wait_for(predicate, timeout)

    async def wait_connected(self, timeout: float | None = None) -> ConnectionStatus:
        """Wait for the next attempt to connect; raise ServerUnavailableError if it fails first.

        Raises TimeoutError when `timeout` seconds pass first.
        """
        attempted = self.status.state == "connecting"

        def settled(status: ConnectionStatus) -> bool:
            nonlocal attempted
            attempted = attempted or status.state == "connecting"
            return status.state in ("connected", "failed", "stopped") or (attempted and status.state == "backoff")

        status = await self.wait_for_status(settled, timeout)
        if status.state != "connected":
            said = self._failure.message if self._failure else message("mcp.state", state=status.state)
            raise ServerUnavailableError(said)
        return status

    # -- requests from the rest of the app ----------------------------------------------------

    async def call_tool(self, name: str, args: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Call a tool and return its result as JSON-able data (a tool-level `isError` included).

        Waits for a connection still being made, and for a new session's server to have fetched its
        roots (`app.engine.first_call`), all within `call_timeout`. Raises
        ServerUnavailableError when the server is not connected, ToolCallError when the call fails.
        """
        from app.mcp.connection.roots import is_our_roots_failure, is_our_roots_refusal

        started = time.monotonic()
        if self.status.state == "connecting":
            try:
                await self.wait_connected(self._call_timeout)
            except TimeoutError as error:
                timeout = f"{self._call_timeout:g}"
                raise ServerUnavailableError(message("mcp.connect_timeout", seconds=timeout)) from error
        arguments = dict(args or {})
        live = self._require_live()
        try:
            async with asyncio.timeout(self._call_timeout - (time.monotonic() - started)):
                await live.hold.wait()
        except TimeoutError as error:
            raise ToolCallError(message("mcp.no_answer", seconds=f"{self._call_timeout:g}")) from error
        remaining = self._call_timeout - (time.monotonic() - started)
        tools = live.attempt.tools
        try:
            if tools is not None and self.status.era == "modern" and not tools.knows(name):
                await live.run(lambda client: _list_until(client, name, tools), remaining)
                remaining = self._call_timeout - (time.monotonic() - started)
            result = await live.run(lambda client: client.call_tool(name, arguments), remaining)
        except TimeoutError as error:
            raise ToolCallError(message("mcp.no_answer", seconds=f"{self._call_timeout:g}")) from error
        except ServerUnavailableError as error:
            lost = live.attempt.http.lost if live.attempt.http else None
            if lost is not None:  # the session ended under the call: say why
                raise ToolCallError(lost) from error
            raise
        except Exception as error:
            if is_our_roots_failure(error):  # our own failure, re-raised by the SDK: not the server's fault
                raise ToolCallError(message("mcp.roots_failed")) from error
            if is_our_roots_refusal(error):  # nothing is shared with it: Rootkeeper's decision, not its error
                raise ToolCallError(message("mcp.roots_refused")) from error
            raise ToolCallError(describe_failure(error, live.attempt.failure_context()).message) from error
        return result.model_dump(mode="json", by_alias=True, exclude_none=True)

    async def notify_roots_changed(self) -> bool:
        """Send `notifications/roots/list_changed` on a legacy-era connection; True only when really sent.

        Over HTTP "sent" means the server accepted the POST (2xx): a 404 (a lost session, which
        also makes the connection re-initialize) or any other failure gives False, so the caller
        can try again. False too on a modern-era connection, where the server sees the current
        list whenever it asks, when roots are not shared, and when not connected.
        """
        live = self._live
        if live is None or self.status.era != "legacy" or not self._entry.declares_roots:
            return False
        return await live.notify_list_changed(self._call_timeout)

    async def roots_settled(self, timeout: float | None = None) -> int:
        """After connecting: `ping`, then wait until every `roots/list` the server sent before answering is answered.

        A server that asks for roots on `initialized` writes that request before it answers a later
        ping (stdio and a single HTTP stream keep order), so once the ping answer is in, the
        transport knows whether a fetch is coming. Returns how many roots requests were seen.
        Raises ServerUnavailableError when not connected, ToolCallError when the ping fails.
        """
        live = self._require_live()
        try:
            return await live.run(roots_barrier, self._call_timeout if timeout is None else timeout)
        except (TimeoutError, ServerUnavailableError):
            raise
        except Exception as error:
            raise ToolCallError(describe_failure(error, live.attempt.failure_context()).message) from error

    def _require_live(self) -> LiveSession:
        if self._live is None:
            raise ServerUnavailableError(self._failure.message if self._failure else message("mcp.not_connected"))
        return self._live

    # -- the owner task -----------------------------------------------------------------------

    async def _own(self) -> None:
        delay = self._backoff_initial
        try:
            with anyio.CancelScope() as self._stop_scope:
                while not self._stopping:
                    try:
                        outcome = await self._connect_once()
                    except Exception as error:  # outside the protocol: a bug, the environment, or our own refusal
                        outcome = Outcome(failure_outside_protocol(error, self._entry.name))
                    if self._stopping:
                        return
                    failure, before = outcome.failure, self._failure
                    self._failure = failure
                    failed = count_failure(self.status, stayed_up=outcome.stayed_up)
                    same = same_failures(self.status.same_failures, code=failure.code,
                                         connected=outcome.connected_for is not None,
                                         same_cause=before is not None and before.message == failure.message)
                    ended = dict(failure.status_fields(), failed_sessions=failed, same_failures=same)
                    if failure.permanent or same >= self._give_up_after:  # retrying cannot help: the user must act
                        self._board.publish(state="failed", **ended, retry_in=None)
                        return
                    # A lost session backs off too: a server forgetting every session must not spin.
                    if outcome.stayed_up:
                        delay = self._backoff_initial
                    wait = jittered(delay)  # servers that failed together must not all come back together
                    self._board.publish(state="backoff", **ended, retry_in=wait)
                    await anyio.sleep(wait)
                    delay = min(delay * 2, self._backoff_cap)
        except BaseException as error:
            if not self._stopping:
                raise
            # Whatever the teardown of a stopping connection raises is of no interest to anyone.
            logger.debug("%s raised while stopping: %r", self._entry.name, error)
        finally:
            self._stop_scope = None
            self._live = None

    async def _connect_once(self) -> Outcome:
        mode, may_fall_back = self._era.next_mode()
        outcome = await self._run_session(mode)
        if may_fall_back and self._era.broke_on_probe(outcome) and not self._stopping:
            logger.info("%s failed in auto mode (%s); retrying with the handshake", self._entry.name, outcome.failure)
            return await self._run_session("legacy", probe_fallback=True)
        return outcome

    async def _run_session(self, mode: Mode, *, probe_fallback: bool = False) -> Outcome:
        """Connect, stay connected until the server goes away, and say how it ended."""
        await load_sdk()  # on a thread, unless the hub already had it loaded: the loop never waits for it
        from mcp_types import Implementation

        from app.mcp.connection.roots import RootkeeperClient, RootsAnswerer

        self._board.publish(state="connecting", era=None, protocol_version=None, retry_in=None, session_fetches=0,
                            settled_at=None)
        error: BaseException | None = None
        with ExitStack() as resources:
            if self._gate is not None and isinstance(self._entry.target, StdioTarget):
                self._slot = await self._gate.enter()  # still "connecting": queued, the deadline not started
                resources.callback(self._slot.leave)
            attempt = open_attempt(
                self._entry,
                resources,
                mode,
                self.log_path,
                connect_timeout=self._connect_timeout,
                gate_bound=self._get_stream_wait,
                max_message_bytes=self._max_message_bytes,
            )
            self._answerer = RootsAnswerer(self._entry.name, self._roots_provider, self._roots_fetched)
            client = RootkeeperClient(
                attempt.watch,
                mode=mode,
                list_roots_callback=self._answerer if self._entry.declares_roots else None,
                client_info=Implementation(name="rootkeeper", version=__version__),
                cache=None,
            )
            deadline = anyio.CancelScope(deadline=anyio.current_time() + self._connect_timeout)
            try:
                with deadline:
                    async with client:
                        # The scope must enclose the client's whole life (its task groups are
                        # entered inside it), so the deadline is lifted instead of left.
                        deadline.deadline = math.inf
                        await self._serve(client, attempt, probe_fallback=probe_fallback)
            except BaseException as caught:
                if self._stopping or not real_errors(caught):
                    raise
                error = caught
            finally:
                self._live = None
            context = attempt.failure_context()
            if error is None and attempt.connected_at is not None:
                failure = describe_disconnect(context)
            else:
                failure = describe_failure(error, context)  # None: the connect deadline passed
        return Outcome(failure, connected_for(attempt), timed_out=deadline.cancelled_caught)

    async def _serve(self, client: Client, attempt: Attempt, *, probe_fallback: bool) -> None:
        """Publish the connection and run callers' requests until the session ends."""
        from mcp_types.version import MODERN_PROTOCOL_VERSIONS

        attempt.connected_at = time.monotonic()
        version = client.protocol_version
        era: Era = "modern" if version in MODERN_PROTOCOL_VERSIONS else "legacy"
        async with anyio.create_task_group() as calls:
            holding = holds(era=era, declares_roots=self._entry.declares_roots)
            live = self._live = LiveSession(client, attempt, calls, holding=holding)
            if self._stopping:  # stop() came while connecting: leave normally at once
                live.stop_requested.set()
            self._board.publish(state="connected", era=era, protocol_version=version, retry_in=None,
                                last_error=None, last_error_code=None, last_error_args=None)
            if self._slot is not None:
                self._slot.leave()  # started (and said so): the next server may spawn
            if probe_fallback:
                self._era.remember_legacy_only()
            if live.hold.holding:
                calls.start_soon(self._hold_first_calls, live)
            calls.start_soon(live.settle, self._call_timeout, lambda: self._board.publish(settled_at=datetime.now(UTC)))
            try:
                await live.wait_gone(self._liveness_interval, self._connect_timeout)
            finally:
                live.hold.release("ended")  # a caller still held sees the session gone
            self._live = None
            calls.cancel_scope.cancel()

    async def _hold_first_calls(self, live: LiveSession) -> None:
        if await live.hold_until_fetched() == "no fetch" and self._on_never_asked is not None:
            self._on_never_asked()  # connected, given the capability, and it did not ask for its folders

    def _roots_fetched(self, fetch: RootsFetch) -> None:
        self._board.publish_soon(
            last_roots_fetch_at=datetime.now(UTC),
            last_roots_fetch=fetch.uris, session_fetches=self.status.session_fetches + 1,
            roots_fetch_count=self.status.roots_fetch_count + 1,
        )




MAX_LISTING_PAGES = 16
"""Most `tools/list` pages read to find a tool's schema before calling it."""


async def _list_until(client: Client, name: str, tools: ToolHeaders) -> None:
    """List tools, page by page, until `name` is among them: its `x-mcp-header` parameters become headers.

    Over 2026-07-28 HTTP a call must mirror those parameters, and only a listing says which they are;
    the session remembers what it listed (`Attempt.tools`), so this runs once per tool and session.
    """
    cursor: str | None = None
    for _ in range(MAX_LISTING_PAGES):
        page = await client.list_tools(cursor=cursor)
        tools.remember(tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in page.tools)
        cursor = page.next_cursor
        if tools.knows(name) or cursor is None:
            return
