"""`rootkeeper call`: connect to one configured server, call one tool with roots supplied, return the result.

The tool call waits until a handshake-era server that fetches roots on `initialized` has them
(no grace period: a ping tells whether a fetch is coming); that rule is the connection's
(`app.engine.first_call`), shared with the hub and the bridge.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.core.history.history import last_given
from app.core.history.recorder import HistoryRecorder, era_of
from app.core.model import ServerEntry, StoreData
from app.core.roots.sharing import withheld
from app.core.servers.binding import AsksRoots, learned
from app.core.servers.starting import depends_on_folders, started_entry
from app.core.store.store import Store
from app.core.system.locations import log_dir
from app.core.text import Message, UserError
from app.engine.watcher.watcher import RootsWatcher
from app.mcp.errors import ServerUnavailableError, WithheldError

if TYPE_CHECKING:
    from app.mcp.connection.connection import ServerConnection

logger = logging.getLogger(__name__)

CALL_MAX_MESSAGE_BYTES = 512 * 1024 * 1024
"""A one-off call may get a larger result than the hub accepts from a server (still bounded)."""


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
    refused = withheld(roots.data, entry, shared)
    if refused is not None:  # it would serve folders the user has not shared, or has paused
        raise CallError(refused.code, **refused.args)
    history = HistoryRecorder(store.state_dir)
    stored = entry
    if depends_on_folders(entry):  # roots as arguments, or confined to them
        entry, folders = started_entry(roots.data, roots.access, entry, roots.policy)
        if folders is not None:
            history.given_arguments(server_name, folders, via="call")
    # Given nothing now, a server given folders before (by any process) may still serve them.
    before = await asyncio.to_thread(_given_before, store, server_name) if not shared else ()
    remembering: list[asyncio.Task[None]] = []

    seen: list[AsksRoots] = []

    def remember(change: Callable[[ServerEntry], None], what: str) -> None:
        remembering.append(asyncio.get_running_loop().create_task(_remember(store, server_name, change, what)))

    def learn(now: AsksRoots) -> None:
        """What it was seen doing with its folders (`app.core.servers.binding`), as the hub and the bridge learn it."""
        if seen and learned(seen[-1], now) == seen[-1]:
            return
        seen.append(learned(seen[-1] if seen else None, now))
        remember(lambda found: setattr(found, "asks_roots", learned(found.asks_roots, now)),
                 "how it asks for its folders")

    def provide() -> list[tuple[str, str]]:
        era = era_of(connection.status.protocol_version, connection.status.era)
        # A 2026-07-28 server asks within each request that needs the list: it follows every change.
        learn("on_change" if connection.status.era == "modern" else "at_connect")
        history.given(server_name, [uri for uri, _name in shared], era=era, via="call")
        return shared

    def remember_legacy_only() -> None:
        remember(_legacy_only, "legacy-only")

    def served_withdrawn() -> Message | None:
        # It still served a folder after being given an empty list (`app.core.servers.withdrawn`).
        remember(_keeps_after_empty, "keeps its folders after an empty list")
        return withheld(roots.data, stored.model_copy(update={"keeps_after_empty": True}), shared)

    connection = ServerConnection(
        entry,
        provide,
        log_dir(),
        connect_timeout=connect_timeout,
        call_timeout=connect_timeout,
        max_message_bytes=CALL_MAX_MESSAGE_BYTES,
        backoff_initial=0.1,
        on_legacy_only=remember_legacy_only,
        on_served_withdrawn=served_withdrawn,
        given_before=before,
        on_never_asked=lambda: learn("never"),
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
) -> dict[str, Any]:
    """Everything `call_tool` does within its deadline."""
    try:
        await connection.wait_connected(connect_timeout + 1)
    except TimeoutError as exc:
        raise CallError("call.no_connect", name=server_name, seconds=f"{connect_timeout:g}") from exc
    except ServerUnavailableError as exc:
        raise CallError("call.unavailable", name=server_name, reason=_lower_first(str(exc))) from exc
    try:
        return await connection.call_tool(tool, arguments)
    except WithheldError as exc:  # the sentence a bridge answers, as when it is known to be withheld up front
        raise CallError(exc.message.code, **exc.message.args) from exc
    except Exception as exc:
        raise CallError("call.failed", tool=tool, name=server_name, reason=_lower_first(str(exc))) from exc


def _given_before(store: Store, name: str) -> tuple[str, ...]:
    """The last folders the history says `name` was given (none when it cannot be read: only the check is lost)."""
    try:
        return last_given(store.state_dir, name)
    except Exception as exc:
        logger.warning("Could not read what %s was given before: %s", name, exc)
        return ()


def _legacy_only(entry: ServerEntry) -> None:
    entry.legacy_only = True  # it broke on the era probe: the next call skips it


def _keeps_after_empty(entry: ServerEntry) -> None:
    entry.keeps_after_empty = True  # the next call, the hub and bridges withhold it while its list is empty


async def _remember(store: Store, name: str, change: Callable[[ServerEntry], None], what: str) -> None:
    """Write down what the call learned about the server (it breaks on the era probe, it never asks for its
    folders, it keeps them after an empty list), as the hub does, so the next call and the binding shown know it."""

    def edit(data: StoreData) -> None:
        entry = data.server(name)
        if entry is not None:
            change(entry)

    try:
        await asyncio.to_thread(store.update, edit)
    except Exception as exc:  # the call itself still works; only the record is lost
        logger.warning("Could not remember what %s did (%s): %s", name, what, exc)


def _lower_first(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:] if sentence[:2] != sentence[:2].upper() else sentence
