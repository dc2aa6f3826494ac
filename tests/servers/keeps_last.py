"""A server that keeps its last list of folders when it is given an empty one.

It is not the filesystem server, so Rootkeeper does not know this of it beforehand: it must learn it
from what the server does. By default it speaks only the handshake era and lists roots once the
handshake completes and on each `notifications/roots/list_changed`; with `--each-call` it speaks both
eras and its tools ask for roots on each call (an input-required round on a 2026-07-28 connection).
An empty list is recorded and ignored (the folders applied before stay). Folders given on its command
line are served until a list replaces them, as the filesystem server does. Each listing is appended
as one JSON line to `--record`:

    {"event": "listed", "uris": [...], "kept": true|false}

Tools: `allowed_directories` ("Allowed directories:" and one path a line) and `read_file(path)`, which
reads a file inside the folders it holds.

    python -m tests.servers.keeps_last --record FILE [--each-call] [FOLDER...]
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import unquote, urlsplit

from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import ListRoots, MCPServer, Resolve
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp_types import ListRootsResult, NotificationParams

from tests.servers._serve import log, make_parser, run


def ask_for_roots() -> ListRoots:
    return ListRoots()


def build(record: Path, own: list[Path], *, each_call: bool = False) -> MCPServer:
    server = MCPServer("keeps-last")
    folders: list[Path] = list(own)

    def apply(result: ListRootsResult) -> None:
        uris = [str(root.uri) for root in result.roots]
        if uris:  # an empty list is ignored: the folders applied before stay
            folders[:] = [Path(unquote(urlsplit(uri).path)) for uri in uris]
        with record.open("a", encoding="utf-8") as file:
            file.write(json.dumps({"event": "listed", "uris": uris, "kept": not uris}) + "\n")
        log(f"listed {uris}; serving {[str(folder) for folder in folders]}")

    def listing() -> str:
        return "\n".join(["Allowed directories:", *(str(folder) for folder in folders)])

    def read(path: str) -> str:
        wanted = Path(path).resolve()
        if not any(wanted.is_relative_to(folder) for folder in folders):
            raise ValueError(f"Access denied: {path}")
        return wanted.read_text(encoding="utf-8")

    if each_call:

        @server.tool()
        async def allowed_directories(roots: Annotated[ListRootsResult, Resolve(ask_for_roots)]) -> str:
            """The folders this server serves now."""
            apply(roots)
            return listing()

        @server.tool()
        async def read_file(path: str, roots: Annotated[ListRootsResult, Resolve(ask_for_roots)]) -> str:
            """The text of a file inside the folders this server serves."""
            apply(roots)
            return read(path)

        return server

    async def relist(ctx: ServerRequestContext[Any], _params: NotificationParams) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            listed = ctx.session.list_roots()
        apply(await listed)

    lowlevel = server._lowlevel_server  # where the SDK keeps notification handlers
    lowlevel.add_notification_handler("notifications/initialized", NotificationParams, relist)
    lowlevel.add_notification_handler("notifications/roots/list_changed", NotificationParams, relist)

    @server.tool(name="allowed_directories")
    async def allowed_now() -> str:
        """The folders this server serves now."""
        return listing()

    @server.tool(name="read_file")
    async def read_now(path: str) -> str:
        """The text of a file inside the folders this server serves."""
        return read(path)

    return server


def main() -> None:
    parser = make_parser(__doc__ or "")
    parser.add_argument("--record", type=Path, required=True, metavar="FILE", help="JSON-lines file to append to")
    parser.add_argument("--each-call", action="store_true", help="ask for roots on each call, in both eras")
    parser.add_argument("folders", nargs="*", type=Path, metavar="FOLDER", help="served until a list replaces them")
    args = parser.parse_args()
    run(build(args.record, args.folders, each_call=args.each_call), args.http, legacy_only=not args.each_call)


if __name__ == "__main__":
    main()
