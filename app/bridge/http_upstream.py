"""A Streamable HTTP server behind the stdio bridge, spoken to with `httpx2`.

`httpx2` is the SDK's own HTTP library (already installed with it) and brings a bounded SSE
parser (`EventSource`), so the bridge needs no HTTP or SSE code of its own and no SDK import:
each message from the host is POSTed as the bytes read; a JSON answer or the events of an SSE
answer come back as messages. The session (`Mcp-Session-Id`) and the negotiated protocol version
are kept from `initialize`; after `notifications/initialized` a GET stream carries the server's
own requests (such as `roots/list`). A 2026-07-28 request gets the routing headers that era asks
for, taken from the message itself, and a cancellation in that era ends the request's POST (the
era has no client notifications over HTTP). Errors become JSON-RPC errors for the request that failed.

The session's lifecycle, as the handshake era's transport asks of a client:

- the GET stream is opened before `initialized` is POSTed, and that POST waits (bounded) until the
  server answered the GET: a server asks for roots on `initialized`, on that stream;
- a 404 to anything sent with the session id means the server forgot the session (it restarted): the
  host's handshake is replayed (`app.bridge.handshake`, as for a stdio server the bridge restarts) to
  get a new session, the bridge is told (`on_restarted`: the server lists its roots afresh, and the
  host's requests wait until it has), the GET stream is reopened, and the request that got the 404 is
  sent again (the server never ran it). The dead session is not DELETEd. A 2026-07-28 server keeps no
  session, so none of this applies there: a 404 is just an error;
- an SSE stream the server ends before the answer, after an event with an `id`, is resumed with GET
  and `Last-Event-ID` after the server's `retry` delay, never before (as the SDK's own client does);
  a stream that cannot be resumed answers its request with an error instead of leaving the host waiting.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx2

from app.bridge.framing import (
    CONNECTION_CLOSED,
    MAX_MESSAGE_BYTES,
    MessageTooLarge,
    encode,
    error_response,
    key_of,
)
from app.bridge.handshake import Handshake
from app.bridge.rewrite import PROTOCOL_VERSION_META_KEY, modern_meta
from app.core.servers.secrets import masked_url
from app.core.text import sentence

log = logging.getLogger(__name__)

QUEUE_SIZE = 64
MAX_POSTS_IN_FLIGHT = 32
GET_RETRY_SECONDS = 1.0
"""Seconds before the GET stream is reopened when the server named no `retry` delay."""
GET_STREAM_WAIT = 2.0
"""Most a handshake-era `initialized` waits for the session's GET stream to be answered (`_open_stream`)."""
DEFAULT_RETRY_MS = 1000
"""Before resuming a request's stream when the server named no `retry` delay (the SDK's client waits as long)."""
MAX_RESUME_FAILURES = 2
"""Attempts in a row to resume a request's stream that bring nothing new before the request fails."""
NAME_BEARING = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
_HEADER_SAFE = re.compile(r"[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?")
_TOO_LARGE = object()
T = TypeVar("T")


@dataclass
class _Stream:
    """Where one SSE stream is: its last event id, the server's retry delay, and the answer it carries."""

    awaited: tuple[str, Any] | None
    """The key of the request it answers (None for the GET stream)."""
    last_id: str | None = None
    retry_ms: int | None = None
    answered: bool = False

    @property
    def delay(self) -> float:
        return (self.retry_ms if self.retry_ms is not None else DEFAULT_RETRY_MS) / 1000

    def answered_by(self, data: bytes) -> bool:
        if self.awaited is None:
            return False
        try:
            item = json.loads(data)
        except ValueError:
            return False
        return isinstance(item, dict) and "method" not in item and key_of(item.get("id")) == self.awaited


def header_value(value: str) -> str:
    """As the 2026-07-28 HTTP transport encodes a header value: verbatim when safe, else base64-wrapped."""
    if _HEADER_SAFE.fullmatch(value) and not value.startswith("=?base64?"):
        return value
    return f"=?base64?{base64.b64encode(value.encode('utf-8')).decode('ascii')}?="


class HttpUpstream:
    log_path = None  # no stderr to watch: a fetched list is taken as applied once answered

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        self.label = masked_url(url)
        self._url = url
        self._headers = headers
        self._queue: asyncio.Queue[Any] = asyncio.Queue(maxsize=QUEUE_SIZE)
        self._slots = asyncio.Semaphore(MAX_POSTS_IN_FLIGHT)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._in_flight: dict[tuple[str, Any], asyncio.Task[None]] = {}
        self._client: httpx2.AsyncClient | None = None
        self.session_id: str | None = None
        self._protocol_version: str | None = None
        self._handshake = Handshake()
        self._listener: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        """Set while the session can be used; cleared while a new one replaces a lost one."""
        self._ready.set()
        self._renewing: asyncio.Task[bool] | None = None
        self._closed = False
        self.on_restarted: Callable[[], None] | None = None
        """Called when a new session replaces a lost one, before its `initialized` (as for a restarted process)."""
        self.before_retry: Callable[[], Awaitable[None]] | None = None
        """Awaited before a request refused with the lost session goes again (the host's requests wait for it)."""

    async def start(self) -> None:
        self._client = httpx2.AsyncClient(timeout=httpx2.Timeout(30.0, read=300.0))

    # -- host → server -------------------------------------------------------------------------

    async def send(self, raw: bytes) -> bool:
        if self._closed:
            return False
        try:
            value = json.loads(raw)
        except ValueError:
            value = None
        obj = value if isinstance(value, dict) else None
        if obj is not None:
            self._handshake.note_sent(obj, raw)
        if obj is not None and "method" in obj and "id" in obj:
            await self._slots.acquire()  # backpressure: at most this many requests in flight
            task = self._spawn(self._post(raw, obj, release=True))
            key = key_of(obj["id"])
            self._in_flight[key] = task
            task.add_done_callback(lambda _task: self._in_flight.pop(key, None))
            return True
        if obj is not None and obj.get("method") == "notifications/cancelled" and self._protocol_version is None:
            # 2026-07-28 HTTP has no client notifications: a cancellation is the end of the request's POST.
            params = obj.get("params")
            cancelled = self._in_flight.get(key_of(params.get("requestId"))) if isinstance(params, dict) else None
            if cancelled is not None:
                cancelled.cancel()
            return True
        if obj is not None and obj.get("method") == "notifications/initialized":
            await self._open_stream()
        await self._post(raw, obj)
        return True

    def _spawn(self, coro: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _request_headers(self, obj: dict[str, Any] | None) -> dict[str, str]:
        headers = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
        headers.update(self._headers)
        if self.session_id:
            headers["mcp-session-id"] = self.session_id
        version = self._protocol_version
        meta = modern_meta(obj) if obj is not None else None
        if meta is not None and isinstance(meta.get(PROTOCOL_VERSION_META_KEY), str):
            version = meta[PROTOCOL_VERSION_META_KEY]
            method = obj["method"] if obj is not None else ""
            headers["mcp-method"] = method
            name = (obj or {}).get("params", {}).get(NAME_BEARING.get(method, ""), None)
            if isinstance(name, str):
                headers["mcp-name"] = header_value(name)
        if version and (obj is None or obj.get("method") != "initialize"):
            headers["mcp-protocol-version"] = version
        return headers

    async def _post(
        self, raw: bytes, obj: dict[str, Any] | None, *, release: bool = False, renewing: bool = False
    ) -> None:
        """POST one message and relay what answers it; `renewing`: part of the handshake of a new session."""
        request_id = obj.get("id") if obj is not None and "method" in obj else None
        try:
            for attempt in range(2):
                if not renewing:
                    await self._ready.wait()
                headers = self._request_headers(obj)
                sent_session = headers.get("mcp-session-id")
                assert self._client is not None
                async with self._client.stream("POST", self._url, content=raw, headers=headers) as resp:
                    if not (resp.status_code == 404 and sent_session and attempt == 0 and not renewing):
                        if obj is not None and obj.get("method") == "initialize":
                            self.session_id = resp.headers.get("mcp-session-id") or self.session_id
                        await self._answered(resp, request_id, obj)
                        return
                # The server forgot the session (it restarted): the spec asks for a new one.
                if not await self._renew(sent_session):
                    if request_id is not None:
                        await self._deliver(
                            error_response(request_id, CONNECTION_CLOSED, sentence("bridge.session_not_renewed"))
                        )
                    return
                if request_id is None:
                    return  # a notification for the session that is gone: the new session's handshake replaces it
                if self.before_retry is not None:
                    await self.before_retry()
                log.info("sending again, in the new session, a request the server refused with the lost one")
        except MessageTooLarge:
            await self._queue.put(_TOO_LARGE)
        except httpx2.HTTPError as exc:
            log.warning("POST to %s failed: %s", self.label, exc)
            if request_id is not None:
                await self._deliver(
                    error_response(request_id, CONNECTION_CLOSED, sentence("bridge.unreachable", reason=exc))
                )
        finally:
            if release:
                self._slots.release()

    async def _answered(self, resp: httpx2.Response, request_id: Any, obj: dict[str, Any] | None) -> None:
        if resp.status_code == 202:
            return
        if resp.status_code >= 400:
            body = await _read_bounded(resp)
            log.warning("the server answered HTTP %d: %r", resp.status_code, body[:200])
            if request_id is not None:
                await self._deliver(_error_for(request_id, resp.status_code, body, self.session_id))
            return
        kind = resp.headers.get("content-type", "").partition(";")[0].strip().lower()
        if kind == "text/event-stream":
            await self._follow(resp, _Stream(key_of(request_id) if request_id is not None else None), request_id)
            return
        body = (await _read_bounded(resp)).strip()
        if body:
            if obj is not None and obj.get("method") == "initialize":
                self._remember_version(body)
            await self._deliver(body)

    def _remember_version(self, body: bytes) -> None:
        with contextlib.suppress(ValueError, AttributeError, TypeError):
            version = json.loads(body)["result"]["protocolVersion"]
            if isinstance(version, str):
                self._protocol_version = version

    async def _deliver(self, data: bytes) -> None:
        """A message for the host, unless it answers the replayed `initialize` of a new session."""
        if self._handshake.replaying:
            with contextlib.suppress(ValueError):
                item = json.loads(data)
                if isinstance(item, dict) and self._handshake.swallows(item):
                    return
        await self._queue.put(data)

    # -- SSE streams, resumed where the server closed them ------------------------------------------

    async def _relay_events(self, resp: httpx2.Response, stream: _Stream) -> None:
        """Relay the events of one SSE response, noting the last event id and the server's retry delay; stop
        at the answer `stream` waits for."""
        try:
            async for event in httpx2.EventSource(resp, max_event_size=MAX_MESSAGE_BYTES):
                if event.id:
                    stream.last_id = event.id
                if event.retry is not None:
                    stream.retry_ms = event.retry
                if not event.data.strip():
                    continue  # a priming event: an id (and a retry) to resume from, no message
                data = event.data.encode("utf-8", "surrogatepass")
                if b'"protocolVersion"' in data:
                    self._remember_version(data)
                answers = stream.answered_by(data)
                await self._deliver(data)
                if answers:
                    stream.answered = True
                    return
        except httpx2.SSEError as exc:
            if "limit" in str(exc):
                raise MessageTooLarge(f"an event longer than {MAX_MESSAGE_BYTES} bytes") from exc
            raise

    async def _follow(self, resp: httpx2.Response, stream: _Stream, request_id: Any) -> None:
        """A request's SSE answer; a stream the server ends before the answer, after an event with an id, is
        resumed with GET and `Last-Event-ID` after the server's `retry` delay (as the SDK's own client does)."""
        try:
            await self._relay_events(resp, stream)
        except httpx2.HTTPError as exc:
            if stream.last_id is None or isinstance(exc, httpx2.SSEError):
                raise
            log.info("the answer's stream broke (%s); resuming it", exc)
        if stream.answered or request_id is None:
            return
        ended = "bridge.stream_ended" if stream.last_id is None else await self._resume(stream)
        if ended is not None:
            await self._deliver(error_response(request_id, CONNECTION_CLOSED, sentence(ended)))

    async def _resume(self, stream: _Stream) -> str | None:
        """GET the rest of `stream` after its last event, each time after the server's retry delay (never before).
        None once the answer came, else the code of the sentence saying why it will not come: the server lost
        the session (it restarted), or `MAX_RESUME_FAILURES` attempts in a row brought nothing."""
        failures = 0
        while failures < MAX_RESUME_FAILURES and not self._closed:
            await asyncio.sleep(stream.delay)
            seen = stream.last_id
            try:
                async with self._get(stream.last_id) as resp:
                    kind = resp.headers.get("content-type", "").partition(";")[0].strip().lower()
                    if resp.status_code == 404 and self.session_id:
                        log.info("the server lost the session while an answer was pending")
                        return "bridge.restarted"  # it may have run the request: only the host may send it again
                    if resp.status_code == 200 and kind == "text/event-stream":
                        log.info("resumed a stream after event %s", seen)
                        await self._relay_events(resp, stream)
            except httpx2.SSEError:
                raise
            except httpx2.HTTPError as exc:
                log.info("resuming a stream failed: %s", exc)
            if stream.answered:
                return None
            failures = 0 if stream.last_id != seen else failures + 1
        return "bridge.stream_ended"

    def _get(self, last_id: str | None) -> AbstractAsyncContextManager[httpx2.Response]:
        assert self._client is not None
        headers = self._request_headers(None)
        headers["accept"] = "text/event-stream"
        if last_id:
            headers["last-event-id"] = last_id
        return self._client.stream("GET", self._url, headers=headers, timeout=httpx2.Timeout(30.0, read=None))

    async def _open_stream(self) -> None:
        """Open the GET stream a handshake-era server sends its own requests on, and wait (at most
        `GET_STREAM_WAIT`) until the server answered it: a server asks for roots on `initialized`, on that
        stream, and an SDK server drops what it sends before the stream is open."""
        if self._listener is not None and not self._listener.done():
            return
        answered = asyncio.Event()
        self._listener = self._spawn(self._listen(answered))
        if self.session_id:  # a session-less server never opens one: nothing to wait for
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(answered.wait(), GET_STREAM_WAIT)

    async def _listen(self, answered: asyncio.Event) -> None:
        """The GET stream; reopened (after its last event, as the server's retry asks) while the session lives."""
        stream = _Stream(None)
        while not self._closed:
            session = self.session_id
            try:
                async with self._get(stream.last_id) as resp:
                    answered.set()
                    if resp.status_code == 404 and session:
                        # It restarted and forgot the session: a new one (with a new stream) at once.
                        log.info("the server no longer knows the session; starting a new one")
                        self._spawn(self._renew(session))
                        return
                    if resp.status_code != 200:
                        log.info("no GET stream (HTTP %d); server requests come with answers only", resp.status_code)
                        return
                    await self._relay_events(resp, stream)
            except MessageTooLarge:
                await self._queue.put(_TOO_LARGE)
                return
            except httpx2.HTTPError as exc:
                answered.set()
                log.info("the GET stream ended: %s", exc)
            await asyncio.sleep(stream.delay if stream.retry_ms is not None else GET_RETRY_SECONDS)

    # -- a lost session ---------------------------------------------------------------------------

    async def _renew(self, lost: str) -> bool:
        """A new session in place of `lost`, which the server answered with 404; True once there is one.
        One at a time: whoever else finds the same session lost waits for the same new one."""
        if self._renewing is None or self._renewing.done():
            if self.session_id != lost:
                return self.session_id is not None  # already replaced
            self._renewing = self._spawn(self._new_session(lost))
        return await asyncio.shield(self._renewing)

    async def _new_session(self, lost: str) -> bool:
        """Replay the host's handshake (`app.bridge.handshake`) without the lost session id. The dead session is
        not DELETEd: the server no longer has it."""
        self._ready.clear()
        self.session_id = None
        if self._listener is not None:
            self._listener.cancel()
        try:
            renewed = await self._handshake.replay(self._send_renewing, before_initialized=self._restarted)
            if renewed and self.session_id is not None:
                log.info("a new session replaced the one the server lost")
                return True
            log.warning("the server did not accept a new session")
            self.session_id = lost  # the next request finds it lost and tries again
            return False
        finally:
            self._ready.set()

    async def _send_renewing(self, raw: bytes) -> bool:
        await self._post(raw, json.loads(raw), renewing=True)
        return True

    async def _restarted(self) -> None:
        if self.on_restarted is not None:
            self.on_restarted()  # the server lists afresh; the host's next requests wait until it has its roots
        await self._open_stream()

    # -- server → host --------------------------------------------------------------------------

    async def receive(self) -> bytes | None:
        item = await self._queue.get()
        if item is _TOO_LARGE:
            raise MessageTooLarge(f"a message longer than {MAX_MESSAGE_BYTES} bytes")
        return item  # type: ignore[no-any-return]

    def exit_detail(self) -> str:
        return sentence("bridge.http_closed")

    def interrupt(self, signum: int) -> None:
        """An HTTP server is not the bridge's to signal."""

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        client = self._client
        if client is not None:
            if self.session_id:
                with contextlib.suppress(httpx2.HTTPError):
                    await client.delete(self._url, headers=self._request_headers(None), timeout=5.0)
            await client.aclose()
        with contextlib.suppress(asyncio.QueueFull):
            self._queue.put_nowait(None)


async def _read_bounded(resp: httpx2.Response) -> bytes:
    body = bytearray()
    async for chunk in resp.aiter_bytes():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            raise MessageTooLarge(f"a message longer than {MAX_MESSAGE_BYTES} bytes")
    return bytes(body)


def _error_for(request_id: Any, status: int, body: bytes, session_id: str | None) -> bytes:
    """The server's own JSON-RPC error when it sent one, else one naming the HTTP status."""
    with contextlib.suppress(ValueError):
        answer = json.loads(body)
        if isinstance(answer, dict) and isinstance(answer.get("error"), dict):
            return encode({**answer, "id": request_id})
    if status == 404 and session_id:
        return error_response(request_id, CONNECTION_CLOSED, sentence("bridge.session_lost"))
    return error_response(request_id, CONNECTION_CLOSED, sentence("bridge.http_status", status=status))
