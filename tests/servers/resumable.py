"""A handshake-era HTTP server that closes a request's SSE stream and expects the client to resume it.

Its stream for each request starts with a priming event carrying an `id` and `retry: --retry-ms`
(the SDK does that with an event store). The `answer_after_resume(text)` tool records
`{"event": "closing"}`, closes its request's stream, records `{"event": "retry_due"}` once `MARK` of
the retry delay has passed, and answers `text`. The answer waits in the event store until the client
resumes the stream with GET and `Last-Event-ID`; every HTTP request is recorded too, with its
`last_event_id` (`tests.servers._serve`), so the order in the record shows whether the client waited.
A call of `cut_short` gets a stream that ends before any event: nothing to resume, no answer.

    python -m tests.servers.resumable --record FILE --http PORT [--retry-ms MS]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.streamable_http import EventCallback, EventId, EventMessage, EventStore, StreamId
from mcp_types import JSONRPCMessage

from tests.servers._serve import make_parser, run

MARK = 0.6
"""The share of the retry delay after which `retry_due` is recorded: a client that resumes after the whole
delay comes after it, with room for a loaded machine."""


class MemoryEventStore(EventStore):
    """Every event of the server's streams, in order, replayed after the one a client names."""

    def __init__(self) -> None:
        self._events: list[tuple[StreamId, EventId, JSONRPCMessage | None]] = []

    async def store_event(self, stream_id: StreamId, message: JSONRPCMessage | None) -> EventId:
        event_id = str(len(self._events) + 1)
        self._events.append((stream_id, event_id, message))
        return event_id

    async def replay_events_after(self, last_event_id: EventId, send_callback: EventCallback) -> StreamId | None:
        index = next((i for i, (_stream, event_id, _m) in enumerate(self._events) if event_id == last_event_id), None)
        if index is None:
            return None
        stream_id = self._events[index][0]
        for stream, event_id, message in self._events[index + 1:]:
            if stream == stream_id and message is not None:
                await send_callback(EventMessage(message, event_id))
        return stream_id


def build(record: Path, retry_ms: int) -> MCPServer:
    server = MCPServer("resumable")

    def write(event: dict[str, Any]) -> None:
        with record.open("a", encoding="utf-8") as file:
            file.write(json.dumps(event) + "\n")

    @server.tool()
    async def answer_after_resume(text: str, ctx: Context) -> str:
        """Close this request's stream, then answer once most of the retry delay has passed."""
        write({"event": "closing"})
        await ctx.close_sse_stream()
        await anyio.sleep(retry_ms / 1000 * MARK)
        write({"event": "retry_due"})
        return text

    @server.tool()
    async def cut_short() -> str:
        """Never runs: its answer's stream is ended before any event (`tests.servers._serve._cut_short`)."""
        return "not cut"

    return server


def main() -> None:
    parser = make_parser(__doc__ or "")
    parser.add_argument("--record", type=Path, required=True, metavar="FILE", help="JSON-lines file to append to")
    parser.add_argument("--retry-ms", type=int, default=1000, metavar="MS", help="the retry delay the server names")
    args = parser.parse_args()
    options = {"event_store": MemoryEventStore(), "retry_interval": args.retry_ms}
    run(build(args.record, args.retry_ms), args.http, legacy_only=True, record_http=args.record, app_options=options,
        cut_short=frozenset({"cut_short"}))


if __name__ == "__main__":
    main()
