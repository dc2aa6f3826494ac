"""A dual-era server whose `show_roots` tool reports the roots the client gave it for that very call.

The roots come from the SDK's `ListRoots` resolver: a standalone `roots/list` request on a legacy
connection, an input-required round on a 2026-07-28 one.

    python -m tests.servers.roots_tool                 # stdio, both eras
    python -m tests.servers.roots_tool --http PORT     # Streamable HTTP on 127.0.0.1:PORT/mcp
    python -m tests.servers.roots_tool --legacy-only   # refuse the 2026-07-28 era
        [--record FILE]   # over HTTP, append one JSON line per request (see `tests.servers._serve`)
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import Context, ListRoots, MCPServer, Resolve
from mcp_types import ListRootsResult

from tests.servers._serve import make_parser, run


def ask_for_roots() -> ListRoots:
    return ListRoots()


def build() -> MCPServer:
    server = MCPServer("roots-tool")

    @server.tool()
    async def show_roots(roots: Annotated[ListRootsResult, Resolve(ask_for_roots)], ctx: Context) -> dict[str, Any]:
        """Return the root URIs the client sent for this call, and the protocol version used."""
        return {"uris": [str(root.uri) for root in roots.roots], "protocol_version": ctx.protocol_version}

    @server.tool()
    async def echo(text: str) -> str:
        """Return `text` unchanged (a call that needs no roots)."""
        return text

    return server


def main() -> None:
    parser = make_parser(__doc__ or "")
    parser.add_argument("--legacy-only", action="store_true", help="refuse the 2026-07-28 era")
    parser.add_argument("--record", type=Path, metavar="FILE", help="record each HTTP request in this file")
    args = parser.parse_args()
    run(build(), args.http, legacy_only=args.legacy_only, record_http=args.record)


if __name__ == "__main__":
    main()
