"""A Streamable HTTP server behind the stdio bridge, spoken to with `httpx2`.

`httpx2` is the SDK's own HTTP library (already installed with it) and brings a bounded SSE
parser (`EventSource`), so the bridge needs no HTTP or SSE code of its own and no SDK import:
each message from the host is POSTed as the bytes read; a JSON answer or the events of an SSE
answer come back as messages. The session (`Mcp-Session-Id`) and the negotiated protocol version
are kept from `initialize`; after `notifications/initialized` a GET stream carries the server's
own requests (such as `roots/list`). A 2026-07-28 request gets the routing headers that era asks
for, taken from the message itself, and a cancellation in that era ends the request's POST (the
era has no client notifications over HTTP). Errors become JSON-RPC errors for the request that failed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import httpx2

from app.bridge.framing import (
    CONNECTION_CLOSED,
    MAX_MESSAGE_BYTES,
    MessageTooLarge,
    encode,
    error_response,
    key_of,
)
from app.bridge.rewrite import PROTOCOL_VERSION_META_KEY, modern_meta
from app.core.servers.param_headers import NAME_BEARING, ToolHeaders, header_value
from app.core.servers.secrets import masked_url
from app.core.text import sentence

log = logging.getLogger(__name__)

QUEUE_SIZE = 64
MAX_POSTS_IN_FLIGHT = 32
GET_RETRY_SECONDS = 1.0
_TOO_LARGE = object()


class HttpUpstream:
    log_path = None  # no stderr to watch: a fetched list is taken as applied once answered

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        self.label = masked_url(url)
        self._url = url
        self._headers = headers
        self._queue: asyncio.Queue[Any] = asyncio.Queue(maxsize=QUEUE_SIZE)
        self._slots = asyncio.Semaphore(MAX_POSTS_IN_FLIGHT)
        self._tasks: set[asyncio.Task[None]] = set()
        self._in_flight: dict[tuple[str, Any], asyncio.Task[None]] = {}
        self._client: httpx2.AsyncClient | None = None
        self.session_id: str | None = None
        self._protocol_version: str | None = None
        self._get_started = False
        self._closed = False
        self.tools = ToolHeaders()
        """The listed tools' `x-mcp-header` parameters, from the `tools/list` answers passed on."""

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
        await self._post(raw, obj)
        if obj is not None and obj.get("method") == "notifications/initialized" and not self._get_started:
            self._get_started = True
            self._spawn(self._listen())
        return True

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
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
            headers.update(self.tools.headers_for(obj or {}))
        if version and (obj is None or obj.get("method") != "initialize"):
            headers["mcp-protocol-version"] = version
        return headers

    async def _post(self, raw: bytes, obj: dict[str, Any] | None, *, release: bool = False) -> None:
        request_id = obj.get("id") if obj is not None and "method" in obj else None
        try:
            assert self._client is not None
            async with self._client.stream("POST", self._url, content=raw, headers=self._request_headers(obj)) as resp:
                if obj is not None and obj.get("method") == "initialize":
                    self.session_id = resp.headers.get("mcp-session-id") or self.session_id
                await self._answered(resp, request_id, obj)
        except MessageTooLarge:
            await self._queue.put(_TOO_LARGE)
        except httpx2.HTTPError as exc:
            log.warning("POST to %s failed: %s", self.label, exc)
            if request_id is not None:
                await self._queue.put(
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
                await self._queue.put(_error_for(request_id, resp.status_code, body, self.session_id))
            return
        kind = resp.headers.get("content-type", "").partition(";")[0].strip().lower()
        if kind == "text/event-stream":
            await self._relay_events(resp)
            return
        body = (await _read_bounded(resp)).strip()
        if body:
            if obj is not None and obj.get("method") == "initialize":
                self._remember_version(body)
            await self._queue.put(body)

    def _remember_version(self, body: bytes) -> None:
        with contextlib.suppress(ValueError, AttributeError, TypeError):
            version = json.loads(body)["result"]["protocolVersion"]
            if isinstance(version, str):
                self._protocol_version = version

    async def _relay_events(self, resp: httpx2.Response) -> None:
        try:
            async for event in httpx2.EventSource(resp, max_event_size=MAX_MESSAGE_BYTES):
                if event.data.strip():
                    data = event.data.encode("utf-8", "surrogatepass")
                    if b'"protocolVersion"' in data:
                        self._remember_version(data)
                    await self._queue.put(data)
        except httpx2.SSEError as exc:
            if "limit" in str(exc):
                raise MessageTooLarge(f"an event longer than {MAX_MESSAGE_BYTES} bytes") from exc
            raise

    async def _listen(self) -> None:
        """The GET stream a handshake-era server sends its own requests on; reopened while the session lives."""
        while not self._closed:
            try:
                assert self._client is not None
                headers = self._request_headers(None)
                headers["accept"] = "text/event-stream"
                async with self._client.stream(
                    "GET", self._url, headers=headers, timeout=httpx2.Timeout(30.0, read=None)
                ) as resp:
                    if resp.status_code != 200:
                        log.info("no GET stream (HTTP %d); server requests come with answers only", resp.status_code)
                        return
                    await self._relay_events(resp)
            except MessageTooLarge:
                await self._queue.put(_TOO_LARGE)
                return
            except httpx2.HTTPError as exc:
                log.info("the GET stream ended: %s", exc)
            await asyncio.sleep(GET_RETRY_SECONDS)

    # -- server → host --------------------------------------------------------------------------

    async def receive(self) -> bytes | None:
        item = await self._queue.get()
        if item is _TOO_LARGE:
            raise MessageTooLarge(f"a message longer than {MAX_MESSAGE_BYTES} bytes")
        if item is not None:
            self.tools.seen_answer(item)
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
