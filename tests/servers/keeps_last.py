"""A legacy-era (handshake only) server that keeps its last list of folders when it is given an empty one.

It is not the filesystem server, so Rootkeeper does not know this of it beforehand: it must learn it
from what the server does. It lists roots once the handshake completes and on each
`notifications/roots/list_changed`; an empty list is recorded and ignored (the folders applied before
stay). Each listing is appended as one JSON line to `--record`:

    {"event": "listed", "uris": [...], "kept": true|false}

Tools: `allowed_directories` ("Allowed directories:" and one path a line) and `read_file(path)`, which
reads a file inside the folders it holds.

    python -m tests.servers.keeps_last --record FILE
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp_types import NotificationParams

from tests.servers._serve import log, make_parser, run


def build(record: Path) -> MCPServer:
    server = MCPServer("keeps-last")
    folders: list[Path] = []

    async def relist(ctx: ServerRequestContext[Any], _params: NotificationParams) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            listing = ctx.session.list_roots()
        result = await listing
        uris = [str(root.uri) for root in result.roots]
        if uris:  # an empty list is ignored: the folders applied before stay
            folders[:] = [Path(unquote(urlsplit(uri).path)) for uri in uris]
        with record.open("a", encoding="utf-8") as file:
            file.write(json.dumps({"event": "listed", "uris": uris, "kept": not uris}) + "\n")
        log(f"listed {uris}; serving {[str(folder) for folder in folders]}")

    lowlevel = server._lowlevel_server  # where the SDK keeps notification handlers
    lowlevel.add_notification_handler("notifications/initialized", NotificationParams, relist)
    lowlevel.add_notification_handler("notifications/roots/list_changed", NotificationParams, relist)

    @server.tool()
    async def allowed_directories() -> str:
        """The folders this server serves now."""
        return "\n".join(["Allowed directories:", *(str(folder) for folder in folders)])

    @server.tool()
    async def read_file(path: str) -> str:
        """The text of a file inside the folders this server serves."""
        wanted = Path(path).resolve()
        if not any(wanted.is_relative_to(folder) for folder in folders):
            raise ValueError(f"Access denied: {path}")
        return wanted.read_text(encoding="utf-8")

    return server


def main() -> None:
    parser = make_parser(__doc__ or "")
    parser.add_argument("--record", type=Path, required=True, metavar="FILE", help="JSON-lines file to append to")
    args = parser.parse_args()
    run(build(args.record), args.http, legacy_only=True)


if __name__ == "__main__":
    main()
