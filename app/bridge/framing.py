"""Newline-delimited JSON-RPC as raw bytes: read one message, look inside only when needed, write it back.

The bridge forwards the bytes it read whenever it changes nothing, so ids, unknown fields and
number formats reach the other side exactly as they were sent. Parsing is the standard `json`
module; only a message the bridge rewrites is serialized again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from dataclasses import dataclass
from typing import Any, BinaryIO, Protocol


def _max_message_bytes() -> int:
    with contextlib.suppress(ValueError):
        value = int(os.environ.get("ROOTKEEPER_BRIDGE_MAX_MESSAGE_BYTES", ""))
        if value > 0:
            return value
    return 64 * 1024 * 1024


MAX_MESSAGE_BYTES = _max_message_bytes()
"""A single message larger than this is refused: the reader's buffer is bounded by it (lowered in tests)."""

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INTERNAL_ERROR = -32603
CONNECTION_CLOSED = -32000
WITHHELD = -32001
"""A server error of Rootkeeper's own: the server is kept from serving while its list is empty."""


class MessageTooLarge(Exception):
    """A line longer than MAX_MESSAGE_BYTES arrived; the stream cannot be trusted any further."""


@dataclass
class Message:
    """One framed message: the bytes as read (without the newline) and, if it is JSON, its value."""

    raw: bytes
    value: Any

    @property
    def obj(self) -> dict[str, Any] | None:
        return self.value if isinstance(self.value, dict) else None

    @property
    def method(self) -> str | None:
        obj = self.obj
        method = obj.get("method") if obj else None
        return method if isinstance(method, str) else None

    @property
    def is_request(self) -> bool:
        obj = self.obj
        return obj is not None and self.method is not None and "id" in obj

    @property
    def is_notification(self) -> bool:
        obj = self.obj
        return obj is not None and self.method is not None and "id" not in obj

    @property
    def is_response(self) -> bool:
        obj = self.obj
        return obj is not None and "method" not in obj and "id" in obj and ("result" in obj or "error" in obj)


def decode(raw: bytes) -> Message:
    """Parse one line; raises ValueError when it is not JSON."""
    return Message(raw, json.loads(raw))


def encode(value: Any) -> bytes:
    # Compact, UTF-8, never a newline inside: json.dumps escapes control characters in strings.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")


def error_response(request_id: Any, code: int, message: str, data: Any = None) -> bytes:
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return encode({"jsonrpc": "2.0", "id": request_id, "error": error})


def key_of(request_id: Any) -> tuple[str, Any]:
    """A dict key for a JSON-RPC id that keeps 1 and "1" apart (they are different ids).

    An invalid id (an object or an array) still gets a key, so it cannot break the bridge.
    """
    if request_id is None or isinstance(request_id, (str, int, float)):
        return (type(request_id).__name__, request_id)
    return ("json", json.dumps(request_id, sort_keys=True))


async def read_message(reader: asyncio.StreamReader) -> bytes | None:
    """The next non-blank line without its newline, or None at end of stream.

    The StreamReader's limit (set to MAX_MESSAGE_BYTES by whoever created it) bounds its buffer:
    a longer line is skipped and raises MessageTooLarge instead of growing memory.
    """
    while True:
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError as exc:
            line = exc.partial
            if not line.strip():
                return None
            return line.strip()
        except asyncio.LimitOverrunError as exc:
            await _discard_line(reader, exc.consumed)
            raise MessageTooLarge(f"a message longer than {MAX_MESSAGE_BYTES} bytes") from exc
        stripped = line.strip()
        if stripped:
            return stripped


async def _discard_line(reader: asyncio.StreamReader, consumed: int) -> None:
    """Skip the rest of an oversized line, a buffer-full at a time, so the next message can be read."""
    while True:
        with contextlib.suppress(asyncio.IncompleteReadError):
            await reader.readexactly(consumed)
        try:
            await reader.readuntil(b"\n")
            return
        except asyncio.IncompleteReadError:
            return
        except asyncio.LimitOverrunError as exc:
            consumed = exc.consumed


class Writes(Protocol):
    """What `LineWriter` needs of an output: an `asyncio.StreamWriter`, or a `BlockingWriter`."""

    def write(self, data: bytes) -> None: ...

    async def drain(self) -> None: ...

    def close(self) -> None: ...


class BlockingWriter:
    """An output that cannot be watched by the event loop (a regular file): each write simply blocks."""

    def __init__(self, handle: BinaryIO) -> None:
        self._handle = handle

    def write(self, data: bytes) -> None:
        self._handle.write(data)

    async def drain(self) -> None:
        return None

    def close(self) -> None:
        self._handle.close()


class LineWriter:
    """Writes whole messages to a stream, one at a time, waiting when the reader is slow.

    `drain()` after each write is the backpressure: a host or server that stops reading stops the
    bridge from reading the other side instead of making it buffer.
    """

    def __init__(self, writer: Writes) -> None:
        self._writer = writer
        self._lock = asyncio.Lock()
        self.closed = False

    async def send(self, raw: bytes) -> bool:
        async with self._lock:
            if self.closed:
                return False
            try:
                self._writer.write(raw + b"\n")
                await self._writer.drain()
            except (ConnectionError, BrokenPipeError, RuntimeError, OSError):
                self.closed = True
                return False
            return True

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(ConnectionError, RuntimeError, OSError):
            self._writer.close()
