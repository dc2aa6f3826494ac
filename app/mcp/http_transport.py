"""Streamable HTTP as Rootkeeper opens it: what the SDK's transport hides, seen through httpx2 hooks.

The SDK turns HTTP statuses into generic JSON-RPC errors, drops the error answer to a notification
without a word, and keeps a session whose server is gone looking alive (its read stream does not
end). `HttpWatch` sees every exchange instead:

- the status of the last failed POST, to name it as the cause of a failure;
- a lost session: a 404 to anything sent with the session id (the server restarted and forgot it),
  or a request that cannot reach the server at all; the connection then re-initializes;
- whether a notification was really accepted (2xx), which the SDK cannot say;
- whether the server's GET stream is open right now, so the connection knows when nothing else
  would notice a server that went away.

`ServerStreamGate` closes a race that loses a legacy HTTP server's first `roots/list` (see its
docstring). `mirror_param_headers` gives a 2026-07-28 `tools/call` the `Mcp-Param-*` headers of
the tool's listed schema, by the rule the bridge uses too (`app.core.servers.param_headers`).
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import anyio
import httpx2
from mcp.client.streamable_http import streamable_http_client

from app.core.servers.param_headers import PARAM_HEADER_PREFIX, ToolHeaders
from app.core.text import Message, message
from app.mcp.errors import host_port, http_error_message

if TYPE_CHECKING:
    from mcp.client._transport import TransportStreams

SESSION_HEADER = "mcp-session-id"

# The SDK's defaults (30 s to connect, 5 min between bytes of a held-open stream); the
# connection's own deadlines are shorter and apply on top.
HTTP_TIMEOUT = httpx2.Timeout(30.0, read=300.0)


def _shown_url(url: httpx2.URL) -> str:
    """The URL without credentials, for a sentence."""
    return f"{url.scheme}://{url.netloc.decode('ascii', 'replace').rpartition('@')[2]}{url.path}"


def _notification_method(request: httpx2.Request) -> str | None:
    try:
        body = json.loads(request.content or b"null")
    except (ValueError, httpx2.RequestNotRead):
        return None
    if isinstance(body, dict) and "id" not in body and isinstance(method := body.get("method"), str):
        return method
    return None


class HttpWatch:
    """What one HTTP connection attempt has seen; see the module docstring."""

    def __init__(self) -> None:
        self.last_error: Message | None = None
        self.lost: Message | None = None
        self.streams_open = 0
        self._lost_event: anyio.Event | None = None
        self._pending: deque[tuple[str, anyio.Event, list[bool]]] = deque()

    def lost_event(self) -> anyio.Event:
        if self._lost_event is None:
            self._lost_event = anyio.Event()
        return self._lost_event

    def expect_notification(self, method: str) -> Callable[[], Awaitable[bool]]:
        """Register interest in the next POST of `method`; the returned coroutine function says if it got a 2xx.

        Notifications are POSTed one at a time in the order sent, so the first pending entry for a
        method is the one the next such POST answers.
        """
        done = anyio.Event()
        verdict: list[bool] = []
        self._pending.append((method, done, verdict))

        async def accepted() -> bool:
            await done.wait()
            return verdict[0]

        return accepted

    def forget(self, method: str) -> None:
        """Drop a pending expectation whose notification will never be posted."""
        for entry in list(self._pending):
            if entry[0] == method and not entry[1].is_set():
                self._pending.remove(entry)
                return

    def _settle(self, request: httpx2.Request, accepted: bool) -> None:
        method = _notification_method(request) if request.method == "POST" else None
        if method is None:
            return
        for entry in self._pending:
            if entry[0] == method:
                self._pending.remove(entry)
                entry[2].append(accepted)
                entry[1].set()
                return

    def lose(self, said: Message) -> None:
        if self.lost is None:
            self.lost = said
        self.lost_event().set()

    async def on_response(self, response: httpx2.Response) -> None:
        request = response.request
        status = response.status_code
        if request.method == "POST":
            self._settle(request, status < 300)
            if status >= 400:
                self.last_error = http_error_message(status, response.reason_phrase, _shown_url(request.url))
        if status == 404 and request.method != "DELETE" and SESSION_HEADER in request.headers:
            self.lose(message("mcp.session_lost", url=_shown_url(request.url)))

    def on_transport_error(self, request: httpx2.Request) -> None:
        self._settle(request, False)
        if request.method != "DELETE":  # a DELETE is only ever sent on the way out
            self.lose(message("mcp.unreachable", where=host_port(str(request.url))))


class _WatchedStream(httpx2.AsyncByteStream):
    """A GET stream's body, counted as open until it ends."""

    def __init__(self, inner: httpx2.AsyncByteStream, watch: HttpWatch) -> None:
        self._inner = inner
        self._watch = watch
        self._open = True
        watch.streams_open += 1

    async def __aiter__(self) -> AsyncIterator[bytes]:
        try:
            async for chunk in self._inner:
                yield chunk
        finally:
            self._close()

    async def aclose(self) -> None:
        self._close()
        await self._inner.aclose()

    def _close(self) -> None:
        if self._open:
            self._open = False
            self._watch.streams_open -= 1


class _WatchedTransport(httpx2.AsyncBaseTransport):
    """httpx2's own transport, reporting requests that never got an answer and GET streams that end."""

    def __init__(self, watch: HttpWatch, gate: ServerStreamGate) -> None:
        self._inner = httpx2.AsyncHTTPTransport()
        self._watch = watch
        self._gate = gate

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        try:
            response = await self._inner.handle_async_request(request)
        except httpx2.TransportError:
            self._gate.on_transport_error(request)
            self._watch.on_transport_error(request)
            raise
        stream = response.stream
        if request.method == "GET" and response.status_code == 200 and isinstance(stream, httpx2.AsyncByteStream):
            response.stream = _WatchedStream(stream, self._watch)
        return response

    async def aclose(self) -> None:
        await self._inner.aclose()


class ServerStreamGate:
    """Holds back the legacy `notifications/initialized` POST until the server's GET stream is open.

    A legacy server may ask for roots the moment it sees `initialized`, and it sends that request
    on the GET stream; the SDK opens that stream at the same moment it posts `initialized`, and
    an SDK server drops what it sends before the stream is there, so its request is lost and
    never answered. Waiting for the GET's response headers closes the race.

    The SDK opens a GET stream only for a session: a session-less server never gets one, so
    `initialized` sent without a session id goes out at once.
    """

    def __init__(self, bound: float) -> None:
        self._bound = bound
        self._open: anyio.Event | None = None

    def _event(self) -> anyio.Event:
        if self._open is None:
            self._open = anyio.Event()
        return self._open

    async def on_request(self, request: httpx2.Request) -> None:
        if (
            request.method == "POST"
            and SESSION_HEADER in request.headers
            and b'"notifications/initialized"' in request.content
        ):
            with anyio.move_on_after(self._bound):  # a server that never answers the GET must not cost more
                await self._event().wait()

    async def on_response(self, response: httpx2.Response) -> None:
        if response.request.method == "GET":  # open (2xx) or refused: either way, stop waiting
            self._event().set()

    def on_transport_error(self, request: httpx2.Request) -> None:
        if request.method == "GET":
            self._event().set()


def mirror_param_headers(tools: ToolHeaders) -> Callable[[httpx2.Request], Awaitable[None]]:
    """A request hook: a `tools/call` POST of a listed tool gets exactly the `Mcp-Param-*` headers `tools` gives it."""

    async def on_request(request: httpx2.Request) -> None:
        try:
            content = request.content if request.method == "POST" else b""
            body = json.loads(content) if b'"tools/call"' in content else None
        except (ValueError, httpx2.RequestNotRead):
            return
        if not isinstance(body, dict) or not isinstance(params := body.get("params"), dict):
            return
        if not tools.knows(params.get("name")):
            return  # a tool this session has not listed: what the SDK itself sends stands
        for name in [name for name in request.headers if name.lower().startswith(PARAM_HEADER_PREFIX)]:
            del request.headers[name]
        request.headers.update(tools.headers_for(body))

    return on_request


@asynccontextmanager
async def http_transport(
    url: str, headers: dict[str, str], watch: HttpWatch, *, gate_bound: float, tools: ToolHeaders | None = None
) -> AsyncIterator[TransportStreams]:
    """Streamable HTTP with the configured headers, the watch and the stream gate.

    Leaving it sends DELETE for the session (the SDK does that on a normal exit; the caller must
    not leave it by cancellation, or the DELETE is cancelled too).
    """
    gate = ServerStreamGate(gate_bound)
    hooks: dict[str, list[Callable[..., Any]]] = {
        "request": [gate.on_request] + ([mirror_param_headers(tools)] if tools is not None else []),
        "response": [watch.on_response, gate.on_response],
    }
    transport = _WatchedTransport(watch, gate)
    client = httpx2.AsyncClient(headers=headers, timeout=HTTP_TIMEOUT, event_hooks=hooks, transport=transport)
    async with client, streamable_http_client(url, http_client=client) as streams:
        yield streams
