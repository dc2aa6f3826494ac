"""`rootkeeper call`: connect to one configured server, call one tool with roots supplied, return the result."""

from __future__ import annotations

import asyncio
from typing import Any

from app.core import access
from app.core.locations import log_dir
from app.core.sharing import visible_roots
from app.core.store import Store
from app.mcp.errors import ServerUnavailableError

ROOTS_GRACE = 2.0
"""How long a legacy server gets to fetch roots after connecting, before the tool call goes out.

Servers such as the reference filesystem server fetch roots right after the handshake and apply
them asynchronously; calling at once would race them."""


class CallError(RuntimeError):
    """The call could not be made; the message is one sentence for the user."""


async def call_tool(
    store: Store, server_name: str, tool: str, arguments: dict[str, Any], *, connect_timeout: float = 15
) -> dict[str, Any]:
    from app.mcp.connection import ServerConnection

    data = await asyncio.to_thread(store.load)
    entry = data.server(server_name)
    if entry is None:
        raise CallError(f"No server is named '{server_name}'; see 'rootkeeper servers list'.")
    statuses = await asyncio.to_thread(access.check_many, [(r.id, r.path, r.is_file) for r in data.roots])
    shared = [(root.uri, root.name) for root in visible_roots(data, entry, statuses)]
    fetched = asyncio.Event()

    def provide() -> list[tuple[str, str]]:
        fetched.set()
        return shared

    connection = ServerConnection(
        entry, provide, log_dir(), connect_timeout=connect_timeout, backoff_initial=0.1
    )
    connection.start()
    try:
        try:
            status = await connection.wait_connected(connect_timeout + 1)
        except TimeoutError as exc:
            raise CallError(f"'{server_name}' did not connect within {connect_timeout:g} s.") from exc
        except ServerUnavailableError as exc:
            raise CallError(f"'{server_name}' is unavailable: {_lower_first(str(exc))}") from exc
        if status.era == "legacy" and entry.declares_roots:
            try:
                await asyncio.wait_for(fetched.wait(), ROOTS_GRACE)
                await asyncio.sleep(0.1)  # the server applies the list after answering
            except TimeoutError:
                pass  # a server that never asks simply does not get roots
        try:
            return await connection.call_tool(tool, arguments)
        except Exception as exc:
            raise CallError(f"Calling '{tool}' on '{server_name}' failed: {_lower_first(str(exc))}") from exc
    finally:
        await connection.stop()


def _lower_first(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:] if sentence[:2] != sentence[:2].upper() else sentence
