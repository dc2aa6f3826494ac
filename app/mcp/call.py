"""`rootkeeper call`: connect to one configured server, call one tool with roots supplied, return the result.

No grace period: once connected, a legacy server gets a `ping`, and a server that fetches roots
on `initialized` has written that request before its answer to the ping, so once the ping is
answered the call knows whether a fetch is coming, waits only for that fetch to be answered,
and sends the tool call. A server that fetches later (or never) is answered whenever it asks.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from app.core import access
from app.core.locations import log_dir
from app.core.model import StoreData
from app.core.sharing import visible_roots
from app.core.store import Store
from app.mcp.errors import ServerUnavailableError, ToolCallError

logger = logging.getLogger(__name__)


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
    # The visible roots (to be computed by the shared roots watcher later):
    statuses = await asyncio.to_thread(access.check_many, [(r.id, r.path, r.is_file) for r in data.roots])
    shared = [(root.uri, root.name) for root in visible_roots(data, entry, statuses)]
    remembering: list[asyncio.Task[None]] = []

    def remember_legacy_only() -> None:
        remembering.append(asyncio.get_running_loop().create_task(_remember_legacy_only(store, server_name)))

    connection = ServerConnection(
        entry,
        lambda: shared,
        log_dir(),
        connect_timeout=connect_timeout,
        backoff_initial=0.1,
        on_legacy_only=remember_legacy_only,
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
                await connection.roots_settled()
            except (TimeoutError, ServerUnavailableError, ToolCallError) as exc:
                # The tool call below reports a server that is really gone; this was only a courtesy.
                logger.info("No roots barrier for %s: %r", server_name, exc)
        try:
            return await connection.call_tool(tool, arguments)
        except Exception as exc:
            raise CallError(f"Calling '{tool}' on '{server_name}' failed: {_lower_first(str(exc))}") from exc
    finally:
        await connection.stop()
        await asyncio.gather(*remembering)


async def _remember_legacy_only(store: Store, name: str) -> None:
    """Write down that the server broke on the era probe, as the hub does, so the next call skips it."""

    def edit(data: StoreData) -> None:
        entry = data.server(name)
        if entry is not None:
            entry.legacy_only = True

    try:
        await asyncio.to_thread(store.update, edit)
    except Exception as exc:  # the call itself still works; only the next one is slower
        logger.warning("Could not remember that %s is legacy-only: %s", name, exc)


def _lower_first(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:] if sentence[:2] != sentence[:2].upper() else sentence
