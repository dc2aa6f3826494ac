"""A 2026-07-28 HTTP server whose `locate` tool marks parameters with `x-mcp-header`.

The SDK checks, on each `tools/call`, that the `Mcp-Param-*` headers match the arguments, and
refuses a call without them (400, -32020 HeaderMismatch). The tool answers with the headers it was
sent, so a test sees them as the server saw them.

    python -m tests.servers.header_params --http PORT
"""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import Context, MCPServer
from pydantic import Field

from tests.servers._serve import make_parser, run


def build() -> MCPServer:
    server = MCPServer("header-params")

    @server.tool()
    async def locate(
        region: Annotated[str, Field(json_schema_extra={"x-mcp-header": "Region"})],
        shard: Annotated[int, Field(json_schema_extra={"x-mcp-header": "Shard"})],
        query: str,
        ctx: Context,
    ) -> dict[str, str]:
        """Return the `Mcp-Param-*` headers this call came with."""
        request = ctx.request_context.request
        headers = getattr(request, "headers", {}) or {}
        return {name.lower(): value for name, value in headers.items() if name.lower().startswith("mcp-param-")}

    return server


def main() -> None:
    run(build(), make_parser(__doc__ or "").parse_args().http)


if __name__ == "__main__":
    main()
