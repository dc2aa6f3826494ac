"""A dual-era server whose tool needs the client's roots and a confirmation in the same input-required round.

    python -m tests.servers.bridge_elicit                 # stdio, both eras
    python -m tests.servers.bridge_elicit --http PORT     # Streamable HTTP on 127.0.0.1:PORT/mcp

`roots_after_confirm` resolves `ListRoots` and an `Elicit` independently, so on a 2026-07-28
connection the SDK batches both questions into one input-required result.
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Elicit, Resolve
from mcp_types import ListRootsResult
from pydantic import BaseModel

from tests.servers._serve import make_parser, run
from tests.servers.roots_tool import ask_for_roots, build


class Confirm(BaseModel):
    go: bool


def ask_to_confirm() -> Elicit[Confirm]:
    return Elicit("Use these folders?", Confirm)


def main() -> None:
    parser = make_parser(__doc__ or "")
    args = parser.parse_args()
    server = build()

    @server.tool()
    async def roots_after_confirm(
        roots: Annotated[ListRootsResult, Resolve(ask_for_roots)],
        confirm: Annotated[Confirm, Resolve(ask_to_confirm)],
    ) -> dict[str, Any]:
        """The root URIs the client sent, and the user's confirmation, both asked in one round."""
        return {"uris": [str(root.uri) for root in roots.roots], "go": confirm.go}

    run(server, args.http)


if __name__ == "__main__":
    main()
