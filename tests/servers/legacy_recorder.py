"""A legacy-era (handshake only) server that records what the client tells it about roots.

It lists roots once the handshake completes and again on each `notifications/roots/list_changed`
(with `--once`, only at the handshake: each notification is recorded as `{"event": "ignored"}`).
Each event is appended as one JSON line to the file given by `--record`, so a test can read it
from outside:

    {"event": "initialized", "roots_capability": {...} or null}
    {"event": "listed", "uris": [...], "names": [...]}
    {"event": "list_failed", "code": -32601, "message": "..."}

Its `seen_roots` tool returns every list seen so far on this connection.

    python -m tests.servers.legacy_recorder --record FILE               # stdio
    python -m tests.servers.legacy_recorder --record FILE --http PORT   # Streamable HTTP, 127.0.0.1:PORT/mcp
        [--get-delay SECONDS]   # open the stream for server-initiated messages late
        [--stateless]           # HTTP without sessions: no Mcp-Session-Id, so no GET stream either
        [--no-get]              # answer GET with 405: a session, but no stream held open
        [--once]                # list only at the handshake, never on list_changed

Over HTTP every request is recorded too, before it is served (see `tests.servers._serve`):

    {"event": "http", "method": "POST", "rpc": "notifications/initialized", "session": true, ...}
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
from mcp_types import NotificationParams

from tests.servers._serve import log, make_parser, run


def build(record: Path, *, once: bool = False) -> MCPServer:
    server = MCPServer("legacy-recorder")
    seen: list[list[str]] = []

    def write(event: dict[str, Any]) -> None:
        with record.open("a", encoding="utf-8") as file:
            file.write(json.dumps(event) + "\n")
        log(f"recorded {event}")

    async def relist(ctx: ServerRequestContext[Any], _params: NotificationParams) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                listing = ctx.session.list_roots()
            result = await listing
        except MCPError as error:
            write({"event": "list_failed", "code": error.error.code, "message": error.error.message})
            return
        uris = [str(root.uri) for root in result.roots]
        seen.append(uris)
        write({"event": "listed", "uris": uris, "names": [root.name for root in result.roots]})

    async def initialized(ctx: ServerRequestContext[Any], params: NotificationParams) -> None:
        capabilities = ctx.session.client_capabilities
        roots = capabilities.roots if capabilities else None
        write({"event": "initialized", "roots_capability": roots.model_dump(mode="json") if roots else None})
        await relist(ctx, params)

    lowlevel = server._lowlevel_server  # where the SDK keeps notification handlers
    lowlevel.add_notification_handler("notifications/initialized", NotificationParams, initialized)
    async def ignore(_ctx: ServerRequestContext[Any], _params: NotificationParams) -> None:
        write({"event": "ignored"})

    lowlevel.add_notification_handler("notifications/roots/list_changed", NotificationParams,
                                      ignore if once else relist)

    @server.tool()
    async def seen_roots() -> list[list[str]]:
        """Every roots list received on this connection, oldest first."""
        return seen

    return server


def main() -> None:
    parser = make_parser(__doc__ or "")
    parser.add_argument("--record", type=Path, required=True, metavar="FILE", help="JSON-lines file to append to")
    parser.add_argument("--get-delay", type=float, default=0.0, metavar="SECONDS", help="hold each HTTP GET this long")
    parser.add_argument("--stateless", action="store_true", help="serve HTTP without sessions")
    parser.add_argument("--no-get", action="store_true", help="answer every HTTP GET with 405")
    parser.add_argument("--once", action="store_true", help="list roots only at the handshake")
    args = parser.parse_args()
    run(
        build(args.record, once=args.once),
        args.http,
        legacy_only=True,
        get_delay=args.get_delay,
        stateless=args.stateless,
        refuse_get=args.no_get,
        record_http=args.record,
    )


if __name__ == "__main__":
    main()
