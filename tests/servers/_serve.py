"""Run an SDK `MCPServer` over stdio or Streamable HTTP on 127.0.0.1, optionally pinned to the legacy era.

"Legacy era" means the server only speaks the `initialize` handshake, like servers written before
2026-07-28: on stdio it is driven by the SDK's handshake-only loop (`server/discover` is then an
unknown method), and over HTTP a request stamped with a modern protocol version is refused with a
bare 400, which clients treat as "this server is legacy".
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable, MutableMapping
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


def run(server: MCPServer, http_port: int | None, *, legacy_only: bool = False, get_delay: float = 0.0) -> None:
    """Serve until stdin closes (stdio) or the process is stopped (HTTP).

    `get_delay` holds each HTTP GET (the stream for server-initiated messages) that long before
    serving it, to widen the window in which such a stream is not open yet.
    """
    if http_port is None:
        if legacy_only:
            anyio.run(_serve_stdio_legacy, server)
        else:
            server.run("stdio")
        return
    import uvicorn

    app: ASGIApp = server.streamable_http_app()
    if legacy_only:
        app = _refuse_modern(app)
    if get_delay:
        app = _delay_get(app, get_delay)
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


def log(message: str) -> None:
    """Write to stderr, which a stdio client sends to the server's log file."""
    print(message, file=sys.stderr, flush=True)
