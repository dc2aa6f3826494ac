"""SDK transports as Rootkeeper opens them, each wrapped so the connection can see every message.

`WatchedTransport` sits between an SDK transport and the SDK's session. It exists for what the
SDK offers no hook for:

- noticing that the server went away while nothing is in flight (the read side ends);
- remembering that the server wrote something that is not JSON-RPC, to name that as the cause;
- ending the session when the transport says a message outgrew its size limit (`MessageTooLarge`);
- answering a legacy `roots/list` with -32601 when roots are not shared at all: the SDK declares
  the roots capability whenever a callback is given, and without one it answers -32600;
- bounding how many server requests are being answered at once, so a server that floods
  `roots/list` and never reads the answers cannot make tasks pile up.

- knowing, in wire order, which `roots/list` requests arrived and which are answered, so a caller
  can tell after a `ping` answer whether the server asked for roots first (`fetches`, the rule of
  `app.engine.first_call`).

What Streamable HTTP hides is watched in `app.mcp.http_transport`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

import anyio
from anyio.streams.memory import MemoryObjectSendStream
from mcp.client import Transport
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

from app.engine.first_call import RootsFetches

if TYPE_CHECKING:
    # The SDK exports `Transport` but keeps the stream protocols it is made of in private modules.
    from mcp.client._transport import ReadStream, TransportStreams, WriteStream

MAX_SERVER_REQUESTS_IN_FLIGHT = 64

ROOTS_NOT_SUPPORTED = ErrorData(
    code=METHOD_NOT_FOUND,
    message="Roots not supported",
    data={"reason": "Client does not have roots capability"},
)


class MessageTooLarge(Exception):
    """What a transport yields instead of a message longer than it will buffer; the session ends there."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"a message over {limit} bytes")
        self.limit = limit


class WatchedTransport:
    """An SDK `Transport` seen through: see the module docstring for why."""

    def __init__(
        self,
        inner: Transport,
        *,
        refuse_roots: bool,
        max_server_requests: int = MAX_SERVER_REQUESTS_IN_FLIGHT,
        log_path: Path | None = None,
    ) -> None:
        self._inner = inner
        self._refuse_roots = refuse_roots
        self._max_server_requests = max_server_requests
        self._answering: set[RequestId] = set()
        self.fetches = RootsFetches(log_path)
        """The `roots/list` requests the server sent on this connection, as they are read, and their answers."""
        self._slots: anyio.Semaphore | None = None
        self._closed: anyio.Event | None = None
        self._running: AbstractAsyncContextManager[TransportStreams] | None = None
        self.saw_non_jsonrpc = False
        self.too_large: int | None = None
        """The size limit a server's message outgrew, which ended this transport."""

    @property
    def closed(self) -> bool:
        """Whether the server's side has ended (False before the transport was entered)."""
        return self._closed is not None and self._closed.is_set()

    async def wait_closed(self) -> None:
        """Return once the server's side of the transport has ended (or this transport was closed)."""
        assert self._closed is not None, "enter the transport first"
        await self._closed.wait()

    @property
    def roots_requests(self) -> int:
        """`roots/list` requests the server sent on this connection, counted as they are read."""
        return self.fetches.count

    async def roots_settled(self) -> None:
        """Return once every `roots/list` read so far has been answered (at once when none is open).

        Messages are screened in the order the server wrote them, so after the answer to a request
        sent later (a `ping`) has been read, every roots request written before it is counted here.
        """
        await self.fetches.settled()

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
                    if isinstance(item, MessageTooLarge):
                        self.too_large = item.limit
                        return
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
            if message.method == "roots/list":
                self.fetches.asked(message.id)
        elif isinstance(message, JSONRPCNotification) and message.method == "notifications/cancelled":
            # The session never answers a request the server cancelled, so free its slot here.
            request_id = (message.params or {}).get("requestId")
            if isinstance(request_id, str | int):
                self._answered(request_id)
        return True

    def _answered(self, request_id: RequestId) -> None:
        self.fetches.answered(request_id)
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
