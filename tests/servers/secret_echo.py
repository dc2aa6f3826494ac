"""A server whose `secret_seen` tool tells what secrets reached it: an environment value or HTTP credentials.

    python -m tests.servers.secret_echo                # stdio: reports $RK_TEST_SECRET
    python -m tests.servers.secret_echo --http PORT    # HTTP: reports the last request's credentials

Over HTTP it reports the `Authorization` header of the request that carried the call, and a URL's
user and password as the HTTP client sent them (as Basic credentials, decoded).
"""

from __future__ import annotations

import base64
import os
from collections.abc import MutableMapping
from typing import Any

from mcp.server.mcpserver import MCPServer

from tests.servers._serve import ASGIApp, Receive, Scope, Send, make_parser

_seen: dict[str, str | None] = {"authorization": None}


def _remember_credentials(app: ASGIApp) -> ASGIApp:
    async def remembering_app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            headers: MutableMapping[bytes, bytes] = dict(scope["headers"])
            value = headers.get(b"authorization")
            _seen["authorization"] = value.decode("latin-1") if value is not None else None
        await app(scope, receive, send)

    return remembering_app


def _basic(header: str | None) -> str | None:
    if header is None or not header.lower().startswith("basic "):
        return None
    return base64.b64decode(header.split(" ", 1)[1]).decode("utf-8", "replace")


def build() -> MCPServer:
    server = MCPServer("secret-echo")

    @server.tool()
    async def secret_seen() -> dict[str, Any]:
        """What secrets reached this server."""
        header = _seen["authorization"]
        return {"env": os.environ.get("RK_TEST_SECRET"), "authorization": header, "basic": _basic(header)}

    return server


def main() -> None:
    args = make_parser(__doc__ or "").parse_args()
    if args.http is None:
        build().run("stdio")
        return
    import uvicorn

    app = _remember_credentials(build().streamable_http_app())
    uvicorn.run(app, host="127.0.0.1", port=args.http, log_level="warning", timeout_graceful_shutdown=1)


if __name__ == "__main__":
    main()
