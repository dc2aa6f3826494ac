"""Run an SDK `MCPServer` over stdio or Streamable HTTP on 127.0.0.1, optionally pinned to the legacy era.

"Legacy era" means the server only speaks the `initialize` handshake, like servers written before
2026-07-28: on stdio it is driven by the SDK's handshake-only loop (`server/discover` is then an
unknown method), and over HTTP a request stamped with a modern protocol version is refused with a
bare 400, which clients treat as "this server is legacy".
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.runner import serve_loop
from mcp.server.stdio import stdio_server
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def make_parser(description: str) -> argparse.ArgumentParser:
    """A parser with the common `--http PORT` option (without it the server speaks stdio)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--http", type=int, metavar="PORT", help="serve Streamable HTTP on 127.0.0.1:PORT/mcp")
    return parser


def run(
    server: MCPServer,
    http_port: int | None,
    *,
    legacy_only: bool = False,
    get_delay: float = 0.0,
    stateless: bool = False,
    refuse_get: bool = False,
    record_http: Path | None = None,
    app_options: dict[str, Any] | None = None,
    cut_short: frozenset[str] = frozenset(),
) -> None:
    """Serve until stdin closes (stdio) or the process is stopped (HTTP).

    `get_delay` holds each HTTP GET (the stream for server-initiated messages) that long before
    serving it, to widen the window in which such a stream is not open yet. `stateless` serves
    HTTP without sessions (no `Mcp-Session-Id`, so a client never opens a GET stream);
    `refuse_get` answers every GET with 405, so no stream stays open even with a session.
    `record_http` appends one JSON line per HTTP request to that file (see `_record_http`).
    `app_options` go to the SDK's `streamable_http_app` (an event store and a retry delay, say).
    A call of a tool in `cut_short` gets an SSE answer that ends before any event (see `_cut_short`).
    """
    if http_port is None:
        if legacy_only:
            anyio.run(_serve_stdio_legacy, server)
        else:
            server.run("stdio")
        return
    import uvicorn

    app: ASGIApp = server.streamable_http_app(stateless_http=stateless, **(app_options or {}))
    if legacy_only:
        app = _refuse_modern(app)
    if get_delay:
        app = _delay_get(app, get_delay)
    if refuse_get:
        app = _refuse_get(app)
    if cut_short:
        app = _cut_short(app, cut_short)
    if record_http is not None:
        app = _record_http(app, record_http)
    # Open server streams would otherwise hold up a graceful shutdown for as long as they last.
    uvicorn.run(app, host="127.0.0.1", port=http_port, log_level="warning", timeout_graceful_shutdown=1)


async def _serve_stdio_legacy(server: MCPServer) -> None:
    lowlevel = server._lowlevel_server  # the SDK exposes no public handshake-only entry
    async with lowlevel.lifespan(lowlevel) as state, stdio_server() as (read_stream, write_stream):
        await serve_loop(
            lowlevel,
            read_stream,
            write_stream,
            lifespan_state=state,
            init_options=lowlevel.create_initialization_options(),
        )


def _refuse_modern(app: ASGIApp) -> ASGIApp:
    modern = {version.encode() for version in MODERN_PROTOCOL_VERSIONS}

    async def legacy_only_app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and dict(scope["headers"]).get(b"mcp-protocol-version") in modern:
            await send({"type": "http.response.start", "status": 400, "headers": [(b"content-type", b"text/plain")]})
            await send({"type": "http.response.body", "body": b"This server only speaks the handshake era."})
            return
        await app(scope, receive, send)

    return legacy_only_app


def _delay_get(app: ASGIApp, seconds: float) -> ASGIApp:
    async def slow_get_app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            await anyio.sleep(seconds)
        await app(scope, receive, send)

    return slow_get_app


def _refuse_get(app: ASGIApp) -> ASGIApp:
    async def no_get_app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            await send({"type": "http.response.start", "status": 405, "headers": [(b"allow", b"POST, DELETE")]})
            await send({"type": "http.response.body", "body": b""})
            return
        await app(scope, receive, send)

    return no_get_app


def _record_http(app: ASGIApp, record: Path) -> ASGIApp:
    """Append `{"event": "http", "method", "rpc", "session", "capabilities", "last_event_id"}` per request, before
    serving it.

    `rpc` is the JSON-RPC method of a POST body (None for answers and other requests), `session`
    whether the request carried `Mcp-Session-Id`, and `capabilities` the 2026-07-28 client
    capabilities from the body's `_meta` when present; `last_event_id` the `Last-Event-ID` header (None without).
    """

    async def recording_app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        parsed, receive = await _read_body(scope, receive)
        rpc = capabilities = None
        if isinstance(parsed, dict):
            rpc = parsed.get("method")
            meta = (parsed.get("params") or {}).get("_meta") or {}
            capabilities = meta.get("io.modelcontextprotocol/clientCapabilities")
        event = {
            "event": "http",
            "method": scope["method"],
            "rpc": rpc,
            "session": b"mcp-session-id" in dict(scope["headers"]),
            "capabilities": capabilities,
            "last_event_id": (dict(scope["headers"]).get(b"last-event-id") or b"").decode("latin-1") or None,
        }
        with record.open("a", encoding="utf-8") as file:
            file.write(json.dumps(event) + "\n")
        await app(scope, receive, send)

    return recording_app


def _cut_short(app: ASGIApp, tools: frozenset[str]) -> ASGIApp:
    """A call of one of `tools` is answered with an SSE stream that ends at once, without an event (no id to
    resume from, no answer)."""

    async def cutting_app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            parsed, receive = await _read_body(scope, receive)
            if isinstance(parsed, dict) and parsed.get("method") == "tools/call" \
                    and (parsed.get("params") or {}).get("name") in tools:
                await send({"type": "http.response.start", "status": 200,
                            "headers": [(b"content-type", b"text/event-stream")]})
                await send({"type": "http.response.body", "body": b""})
                return
        await app(scope, receive, send)

    return cutting_app


async def _read_body(scope: Scope, receive: Receive) -> tuple[Any, Receive]:
    """A POST's body as JSON (None when it is not), and a `receive` that gives the app the body again."""
    received: list[MutableMapping[str, Any]] = []
    body = b""
    if scope["method"] == "POST":
        while True:
            chunk = await receive()
            received.append(chunk)
            body += chunk.get("body", b"")
            if not chunk.get("more_body"):
                break

    async def replay() -> MutableMapping[str, Any]:
        return received.pop(0) if received else await receive()

    try:
        return (json.loads(body) if body else None), replay
    except ValueError:
        return None, replay


def log(message: str) -> None:
    """Write to stderr, which a stdio client sends to the server's log file."""
    print(message, file=sys.stderr, flush=True)
