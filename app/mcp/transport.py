"""SDK transports as Rootkeeper opens them, each wrapped so the connection can see every message.

`WatchedTransport` sits between an SDK transport and the SDK's session. It exists for what the
SDK offers no hook for:

- noticing that the server went away while nothing is in flight (the read side ends);
- remembering that the server wrote something that is not JSON-RPC, to name that as the cause;
- answering a legacy `roots/list` with -32601 when roots are not shared at all: the SDK declares
  the roots capability whenever a callback is given, and without one it answers -32600;
- bounding how many server requests are being answered at once, so a server that floods
  `roots/list` and never reads the answers cannot make tasks pile up.

`HttpErrorRecorder` keeps the HTTP status of the last failed POST, which the SDK replaces by a
generic JSON-RPC error; `ServerStreamGate` closes a race that loses a legacy HTTP server's first
`roots/list` (see its docstring).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from types import TracebackType
from typing import TYPE_CHECKING, Any

import anyio
import httpx2
from anyio.streams.memory import MemoryObjectSendStream
from mcp.client import Transport
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.message import SessionMessage
from mcp_types import (
    METHOD_NOT_FOUND,
    ErrorData,
    JSONRPCError,
    JSONRPCMessage,
    JSONRPCNotification,
    JSONRPCRequest,
    JSONRPCResponse,
    RequestId,
)

from app.mcp.errors import http_error_sentence

if TYPE_CHECKING:
    # The SDK exports `Transport` but keeps the stream protocols it is made of in private modules.
    from mcp.client._transport import ReadStream, TransportStreams, WriteStream

MAX_SERVER_REQUESTS_IN_FLIGHT = 64

ROOTS_NOT_SUPPORTED = ErrorData(
    code=METHOD_NOT_FOUND,
    message="Roots not supported",
    data={"reason": "Client does not have roots capability"},
)

# The SDK's defaults (30 s to connect, 5 min between bytes of a held-open stream); the
# connection's own deadlines are shorter and apply on top.
HTTP_TIMEOUT = httpx2.Timeout(30.0, read=300.0)
GET_STREAM_WAIT = 2.0


class WatchedTransport:
    """An SDK `Transport` seen through: see the module docstring for why."""

    def __init__(
        self,
        inner: Transport,
        *,
        refuse_roots: bool,
        max_server_requests: int = MAX_SERVER_REQUESTS_IN_FLIGHT,
    ) -> None:
        self._inner = inner
        self._refuse_roots = refuse_roots
        self._max_server_requests = max_server_requests
        self._answering: set[RequestId] = set()
        self._slots: anyio.Semaphore | None = None
        self._closed: anyio.Event | None = None
        self._running: AbstractAsyncContextManager[TransportStreams] | None = None
        self.saw_non_jsonrpc = False

    async def wait_closed(self) -> None:
        """Return once the server's side of the transport has ended (or this transport was closed)."""
        assert self._closed is not None, "enter the transport first"
        await self._closed.wait()

    async def __aenter__(self) -> TransportStreams:
        self._slots = anyio.Semaphore(self._max_server_requests)
        self._closed = anyio.Event()
        self._running = self._run()
        return await self._running.__aenter__()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> bool | None:
        assert self._running is not None
        return await self._running.__aexit__(exc_type, exc_value, traceback)

    @asynccontextmanager
    async def _run(self) -> AsyncIterator[TransportStreams]:
        async with self._inner as (from_server, to_server):
            to_session, from_pump = anyio.create_memory_object_stream[SessionMessage | Exception](0)
            answers = _AnswerTap(to_server, self._answered)
            async with anyio.create_task_group() as pumps:
                pumps.start_soon(self._pump, from_server, to_session, to_server)
                try:
                    yield from_pump, answers
                finally:
                    pumps.cancel_scope.cancel()

    async def _pump(
        self,
        from_server: ReadStream[SessionMessage | Exception],
        to_session: MemoryObjectSendStream[SessionMessage | Exception],
        to_server: WriteStream[SessionMessage],
    ) -> None:
        assert self._slots is not None and self._closed is not None
        try:
            async with to_session:
                async for item in from_server:
                    if isinstance(item, ValueError):  # what the SDK yields for a line it cannot parse
                        self.saw_non_jsonrpc = True
                    elif isinstance(item, SessionMessage) and not await self._screen(item.message, to_server):
                        continue
                    await to_session.send(item)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream):
            pass  # one side closed: the connection is ending either way
        finally:
            self._closed.set()

    async def _screen(self, message: JSONRPCMessage, to_server: WriteStream[SessionMessage]) -> bool:
        """Handle a message before the session sees it; False when it must not be forwarded."""
        assert self._slots is not None
        if isinstance(message, JSONRPCRequest):
            if self._refuse_roots and message.method == "roots/list":
                refusal = JSONRPCError(jsonrpc="2.0", id=message.id, error=ROOTS_NOT_SUPPORTED)
                await to_server.send(SessionMessage(refusal))
                return False
            # Back-pressure: stop reading the server until an answer frees a slot.
            await self._slots.acquire()
            self._answering.add(message.id)
        elif isinstance(message, JSONRPCNotification) and message.method == "notifications/cancelled":
            # The session never answers a request the server cancelled, so free its slot here.
            request_id = (message.params or {}).get("requestId")
            if isinstance(request_id, str | int):
                self._answered(request_id)
        return True

    def _answered(self, request_id: RequestId) -> None:
        if request_id in self._answering:
            self._answering.discard(request_id)
            assert self._slots is not None
            self._slots.release()


class _AnswerTap:
    """The session's write stream, noting each answer to a server request once it has been handed on."""

    def __init__(self, inner: WriteStream[SessionMessage], on_answered: Callable[[RequestId], None]) -> None:
        self._inner = inner
        self._on_answered = on_answered

    async def send(self, item: SessionMessage, /) -> None:
        await self._inner.send(item)
        # Only after the send: a slot must stay taken while its answer is stuck in a full pipe.
        if isinstance(item.message, JSONRPCResponse | JSONRPCError) and item.message.id is not None:
            self._on_answered(item.message.id)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> _AnswerTap:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> bool | None:
        await self.aclose()
        return None


class HttpErrorRecorder:
    """An httpx2 response hook keeping the status of the last POST that failed."""

    def __init__(self) -> None:
        self.last_error: str | None = None

    async def on_response(self, response: httpx2.Response) -> None:
        # GET (the optional server stream) and DELETE (session end) may fail harmlessly.
        if response.request.method == "POST" and response.status_code >= 400:
            url = response.request.url
            shown = f"{url.scheme}://{url.netloc.decode('ascii', 'replace').rpartition('@')[2]}{url.path}"
            self.last_error = http_error_sentence(response.status_code, response.reason_phrase, shown)


class ServerStreamGate:
    """Holds back the legacy `notifications/initialized` POST until the server's GET stream is open.

    A legacy server may ask for roots the moment it sees `initialized`, and it sends that request
    on the GET stream; the SDK opens that stream at the same moment it posts `initialized`, and
    an SDK server drops what it sends before the stream is there, so its request is lost and
    never answered. Waiting for the GET's response headers closes the race.
    """

    def __init__(self, bound: float = GET_STREAM_WAIT) -> None:
        self._bound = bound
        self._open: anyio.Event | None = None

    def _event(self) -> anyio.Event:
        if self._open is None:
            self._open = anyio.Event()
        return self._open

    async def on_request(self, request: httpx2.Request) -> None:
        if request.method == "POST" and b'"notifications/initialized"' in request.content:
            with anyio.move_on_after(self._bound):  # a server without a GET stream must not cost more
                await self._event().wait()

    async def on_response(self, response: httpx2.Response) -> None:
        if response.request.method == "GET":  # open (2xx) or refused: either way, stop waiting
            self._event().set()


@asynccontextmanager
async def http_transport(
    url: str, headers: dict[str, str], recorder: HttpErrorRecorder
) -> AsyncIterator[TransportStreams]:
    """Streamable HTTP with the configured headers, the status-recording hook and the stream gate."""
    gate = ServerStreamGate()
    hooks: dict[str, list[Callable[..., Any]]] = {
        "request": [gate.on_request],
        "response": [recorder.on_response, gate.on_response],
    }
    client = httpx2.AsyncClient(headers=headers, timeout=HTTP_TIMEOUT, event_hooks=hooks)
    async with client, streamable_http_client(url, http_client=client) as streams:
        yield streams
