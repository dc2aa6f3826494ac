"""Servers that misbehave in one specific way each, for testing how a client copes.

    python -m tests.servers.hostile exit-at-start        # exits with status 3 before reading anything
    python -m tests.servers.hostile die-after-roots      # legacy; handshake, lists roots once, then dies
    python -m tests.servers.hostile die-on-call          # dual era; the `crash` tool kills the process
    python -m tests.servers.hostile silent               # reads stdin until EOF, never answers
    python -m tests.servers.hostile not-json             # answers every line with prose on stdout
    python -m tests.servers.hostile discover-crash       # legacy; dies on `server/discover`, like old SDK servers
    python -m tests.servers.hostile flood                # legacy; 32 workers request roots/list nonstop
    python -m tests.servers.hostile flood-no-read        # legacy; after the handshake writes roots/list
                                                         #   requests forever and never reads again
    python -m tests.servers.hostile http-status --http PORT --status 401   # every HTTP request gets 401

The SDK-based behaviours (die-on-call, flood, die-after-roots) also run over HTTP with `--http PORT`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import warnings
from typing import TYPE_CHECKING, Any

# The SDK is imported only by the behaviours that use it, so the others start in milliseconds.
if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext
    from mcp.server.mcpserver import MCPServer

FLOOD_WORKERS = 32


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def exit_at_start() -> None:
    log("hostile: refusing to start")
    sys.exit(3)


def silent() -> None:
    for _line in sys.stdin:
        pass


def not_json() -> None:
    for _line in sys.stdin:
        print("Hello! Starting up, please wait...", flush=True)


def discover_crash(http_port: int | None) -> None:
    """Old Python SDK servers crashed on the unknown `server/discover` method; so does this one."""
    from tests.servers import roots_tool
    from tests.servers._serve import run

    if http_port is not None:
        raise SystemExit("discover-crash is a stdio behaviour")
    # The SDK reads fd 0 itself, so put a pipe there and let a thread filter the real stdin into it.
    real_stdin = os.fdopen(os.dup(0), "rb")
    read_fd, write_fd = os.pipe()

    def forward() -> None:
        with os.fdopen(write_fd, "wb", buffering=0) as sink:
            for line in real_stdin:
                if b'"server/discover"' in line:
                    log("hostile: crashed on server/discover")
                    os._exit(1)
                sink.write(line)

    threading.Thread(target=forward, daemon=True).start()
    os.dup2(read_fd, 0)
    os.close(read_fd)
    run(roots_tool.build(), None, legacy_only=True)


def _roots_session_server(name: str) -> tuple[MCPServer, Any]:
    from mcp.server.mcpserver import MCPServer

    server = MCPServer(name)
    lowlevel = server._lowlevel_server  # where the SDK keeps notification handlers
    return server, lowlevel


async def _list_roots(ctx: ServerRequestContext[Any]) -> int:
    from mcp.shared.exceptions import MCPDeprecationWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        listing = ctx.session.list_roots()
    return len((await listing).roots)


def die_after_roots(http_port: int | None) -> None:
    from mcp_types import NotificationParams

    from tests.servers._serve import run

    server, lowlevel = _roots_session_server("die-after-roots")

    async def on_initialized(ctx: ServerRequestContext[Any], _params: NotificationParams) -> None:
        await _list_roots(ctx)
        log("hostile: got roots once, dying")
        os._exit(1)

    lowlevel.add_notification_handler("notifications/initialized", NotificationParams, on_initialized)
    run(server, http_port, legacy_only=True)


def die_on_call(http_port: int | None) -> None:
    from mcp.server.mcpserver import MCPServer

    from tests.servers._serve import run

    server = MCPServer("die-on-call")

    @server.tool()
    def crash() -> str:
        """Kill the server process without answering."""
        log("hostile: dying on a tool call")
        os._exit(1)

    run(server, http_port)


def flood(http_port: int | None) -> None:
    import anyio
    from mcp_types import NotificationParams

    from tests.servers._serve import run

    server, lowlevel = _roots_session_server("flood")

    async def on_initialized(ctx: ServerRequestContext[Any], _params: NotificationParams) -> None:
        async def worker() -> None:
            while True:
                await _list_roots(ctx)

        async with anyio.create_task_group() as tg:
            for _ in range(FLOOD_WORKERS):
                tg.start_soon(worker)

    lowlevel.add_notification_handler("notifications/initialized", NotificationParams, on_initialized)

    @server.tool()
    def echo(text: str) -> str:
        """Return `text` unchanged, to show calls still get through the flood."""
        return text

    run(server, http_port, legacy_only=True)


def flood_no_read() -> None:
    """Answer the handshake by hand, then write requests forever without reading any answer."""
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("method") == "initialize":
            result = {
                "protocolVersion": message["params"]["protocolVersion"],
                "capabilities": {},
                "serverInfo": {"name": "flood-no-read", "version": "0"},
            }
            print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}), flush=True)
        elif message.get("method") == "notifications/initialized":
            break
        elif "id" in message:
            error = {"code": -32601, "message": "Method not found"}
            print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "error": error}), flush=True)
    request_id = 0
    while True:
        request_id += 1
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "roots/list"}) + "\n")


def http_status(http_port: int | None, status: int) -> None:
    import uvicorn

    from tests.servers._serve import ASGIApp, Receive, Scope, Send

    if http_port is None:
        raise SystemExit("http-status needs --http PORT")

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"go away"})

    asgi: ASGIApp = app
    uvicorn.run(
        asgi, host="127.0.0.1", port=http_port, log_level="warning", lifespan="off", timeout_graceful_shutdown=1
    )


def main() -> None:
    behaviours = [
        "exit-at-start", "die-after-roots", "die-on-call", "silent", "not-json",
        "discover-crash", "flood", "flood-no-read", "http-status",
    ]  # fmt: skip
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--http", type=int, metavar="PORT", help="serve Streamable HTTP on 127.0.0.1:PORT/mcp")
    parser.add_argument("behaviour", choices=behaviours)
    parser.add_argument("--status", type=int, default=401, help="the status http-status answers with")
    args = parser.parse_args()
    match args.behaviour:
        case "exit-at-start":
            exit_at_start()
        case "die-after-roots":
            die_after_roots(args.http)
        case "die-on-call":
            die_on_call(args.http)
        case "silent":
            silent()
        case "not-json":
            not_json()
        case "discover-crash":
            discover_crash(args.http)
        case "flood":
            flood(args.http)
        case "flood-no-read":
            flood_no_read()
        case "http-status":
            http_status(args.http, args.status)


if __name__ == "__main__":
    main()
