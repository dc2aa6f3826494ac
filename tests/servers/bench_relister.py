"""A legacy-era server for the benchmarks: it re-lists roots on every `list_changed` and says so over UDP.

Like `legacy_recorder`, it lists roots once the handshake completes and again on each
`notifications/roots/list_changed`; instead of a file it sends one datagram per event to
127.0.0.1:`--ack`, so a benchmark learns the moment it happened without polling. Its `echo`
tool times a plain message round trip.

    {"event": "spawned", "name": NAME, "pid": PID}                       # at process start, before the SDK loads
    {"event": "listed", "name": NAME, "count": N, "last": URI, "rtt": S}  # `rtt`: the roots/list round trip

    python -m tests.servers.bench_relister --name NAME --ack PORT               # stdio
    python -m tests.servers.bench_relister --name NAME --ack PORT --http PORT   # Streamable HTTP
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import time
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

# The SDK loads only after "spawned" is said: a process stopped while still loading counts as a spawn too.
if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

Say = Callable[[dict[str, Any]], None]


def sayer(name: str, ack_port: int) -> Say:
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def say(event: dict[str, Any]) -> None:
        sender.sendto(json.dumps({**event, "name": name}).encode(), ("127.0.0.1", ack_port))

    return say


def build(say: Say) -> MCPServer:
    from mcp.server.context import ServerRequestContext
    from mcp.server.mcpserver import MCPServer
    from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
    from mcp_types import NotificationParams

    from tests.servers._serve import log

    server = MCPServer("bench-relister")

    async def relist(ctx: ServerRequestContext[Any], _params: NotificationParams) -> None:
        started = time.perf_counter()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                listing = ctx.session.list_roots()
            result = await listing
        except MCPError as error:
            log(f"roots/list failed: {error.error.message}")
            say({"event": "list_failed", "code": error.error.code})
            return
        rtt = time.perf_counter() - started
        last = str(result.roots[-1].uri) if result.roots else ""
        say({"event": "listed", "count": len(result.roots), "last": last, "rtt": rtt})

    lowlevel = server._lowlevel_server  # where the SDK keeps notification handlers
    lowlevel.add_notification_handler("notifications/initialized", NotificationParams, relist)
    lowlevel.add_notification_handler("notifications/roots/list_changed", NotificationParams, relist)
    @server.tool()
    async def echo(text: str) -> str:
        """The text back: a message round trip with no work in it."""
        return text

    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--http", type=int, metavar="PORT", help="serve Streamable HTTP on 127.0.0.1:PORT/mcp")
    parser.add_argument("--name", required=True, help="how this server signs its datagrams")
    parser.add_argument("--ack", type=int, required=True, metavar="PORT", help="UDP port on 127.0.0.1 to tell")
    args = parser.parse_args()
    say = sayer(args.name, args.ack)
    say({"event": "spawned", "pid": os.getpid()})
    from tests.servers._serve import run

    run(build(say), args.http, legacy_only=True)


if __name__ == "__main__":
    main()
