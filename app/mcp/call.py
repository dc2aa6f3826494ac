"""`rootkeeper call`: connect to one configured server, call one tool with roots supplied, return the result.

No grace period: once connected, a legacy server gets a `ping`, and a server that fetches roots
on `initialized` has written that request before its answer to the ping, so once the ping is
answered the call knows whether a fetch is coming, waits only for that fetch to be answered,
and sends the tool call. A server that fetches later (or never) is answered whenever it asks,
and costs no wait.

A server that did fetch may still be applying the list (the filesystem server checks each folder
on its thread pool after answering, and the protocol has no "applied" signal). Such servers say
so on stderr, so a stdio server that fetched gets until its log grows past what it had written
when the list was sent (seen through file-change notification), at most `APPLY_BOUND` seconds.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core.history.recorder import HistoryRecorder, era_of
from app.core.model import StdioTarget, StoreData
from app.core.roots.sharing import argument_folders
from app.core.servers.arguments import effective_entry, has_placeholders
from app.core.store.store import Store
from app.core.system.locations import log_dir
from app.core.text import UserError
from app.engine.watcher.watcher import RootsWatcher
from app.mcp.errors import ServerUnavailableError, ToolCallError

if TYPE_CHECKING:
    from app.mcp.connection.connection import ServerConnection

logger = logging.getLogger(__name__)

APPLY_BOUND = 1.0
CALL_MAX_MESSAGE_BYTES = 512 * 1024 * 1024
"""A one-off call may get a larger result than the hub accepts from a server (still bounded)."""
"""Most a stdio server that fetched roots at connect gets to say on stderr that it applied them."""


class CallError(UserError):
    """The call could not be made; one sentence of the catalogue for the user."""


async def call_tool(
    store: Store, server_name: str, tool: str, arguments: dict[str, Any], *, connect_timeout: float = 15
) -> dict[str, Any]:
    """Connect, call, and return the result, all within `connect_timeout` seconds (the CLI's `--timeout`)."""
    from app.mcp.connection.connection import ServerConnection

    roots = await RootsWatcher.load_once(store)
    entry = roots.data.server(server_name)
    if entry is None:
        raise CallError("server.not_found", name=server_name)
    shared = [(root.uri, root.name) for root in roots.visible(server_name)]
    history = HistoryRecorder(store.state_dir)
    if has_placeholders(entry.target):  # roots as arguments
        folders = argument_folders(roots.data, roots.access, entry, roots.policy)
        entry = effective_entry(entry, folders)
        history.given_arguments(server_name, folders, via="call")
    remembering: list[asyncio.Task[None]] = []
    log_size_at_answer: list[int] = []

    def provide() -> list[tuple[str, str]]:
        if not log_size_at_answer:
            log_size_at_answer.append(_size(connection.log_path))
        era = era_of(connection.status.protocol_version, connection.status.era)
        history.given(server_name, [uri for uri, _name in shared], era=era, via="call")
        return shared

    def remember_legacy_only() -> None:
        remembering.append(asyncio.get_running_loop().create_task(_remember_legacy_only(store, server_name)))

    connection = ServerConnection(
        entry,
        provide,
        log_dir(),
        connect_timeout=connect_timeout,
        call_timeout=connect_timeout,
        max_message_bytes=CALL_MAX_MESSAGE_BYTES,
        backoff_initial=0.1,
        on_legacy_only=remember_legacy_only,
    )
    connection.start()
    try:
        async with asyncio.timeout(connect_timeout):
            return await _connect_and_call(
                connection,
                server_name,
                tool,
                arguments,
                connect_timeout=connect_timeout,
                log_size_at_answer=log_size_at_answer,
            )
    except TimeoutError as exc:
        seconds = f"{connect_timeout:g}"
        if connection.status.state != "connected":
            raise CallError("call.no_connect", name=server_name, seconds=seconds) from exc
        raise CallError("call.no_answer", name=server_name, tool=tool, seconds=seconds) from exc
    finally:
        await connection.stop()
        await asyncio.gather(*remembering)
        await asyncio.to_thread(history.close)


async def _connect_and_call(
    connection: ServerConnection,
    server_name: str,
    tool: str,
    arguments: dict[str, Any],
    *,
    connect_timeout: float,
    log_size_at_answer: list[int],
) -> dict[str, Any]:
    """Everything `call_tool` does within its deadline."""
    entry = connection.entry
    try:
        status = await connection.wait_connected(connect_timeout + 1)
    except TimeoutError as exc:
        raise CallError("call.no_connect", name=server_name, seconds=f"{connect_timeout:g}") from exc
    except ServerUnavailableError as exc:
        raise CallError("call.unavailable", name=server_name, reason=_lower_first(str(exc))) from exc
    if status.era == "legacy" and entry.declares_roots:
        try:
            fetched = await connection.roots_settled()
        except (TimeoutError, ServerUnavailableError, ToolCallError) as exc:
            # The tool call below reports a server that is really gone; this was only a courtesy.
            logger.info("No roots barrier for %s: %r", server_name, exc)
            fetched = 0
        if fetched and log_size_at_answer and isinstance(entry.target, StdioTarget):
            await _log_grows(connection.log_path, log_size_at_answer[0], APPLY_BOUND)
    try:
        return await connection.call_tool(tool, arguments)
    except Exception as exc:
        raise CallError("call.failed", tool=tool, name=server_name, reason=_lower_first(str(exc))) from exc


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


async def _log_grows(path: Path, size: int, bound: float) -> None:
    """Return once `path` is larger than `size` bytes, or after `bound` seconds."""
    import watchfiles

    if _size(path) > size:
        return
    stop = asyncio.Event()
    try:
        async with asyncio.timeout(bound):
            async for _changes in watchfiles.awatch(path, stop_event=stop, debounce=0, step=5):
                if _size(path) > size:
                    return
    except TimeoutError:
        pass
    finally:
        stop.set()


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
