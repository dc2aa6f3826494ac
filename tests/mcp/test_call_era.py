"""`rootkeeper call` by the era rule (`app.core.servers.era`): a server built on an old SDK, and one that never asks.

The old-SDK server neither answers the era probe nor exits: it dies on the next line it reads, as mcp 1.0 does.
The probe is bounded, so the handshake-era fallback happens within the call's own default deadline (shown by the
call succeeding, not by a clock).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.model import ServerEntry, StoreData
from app.core.roots.lookup import plan_add
from app.core.store.store import Store
from app.mcp.call import call_tool
from tests.support.servers import stdio_entry

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def store_with(home: Path, folder: Path, *entries: ServerEntry) -> Store:
    store = Store(home)

    def edit(data: StoreData) -> None:
        data.roots.append(plan_add(data, str(folder)).root)
        data.servers.extend(entries)

    store.update(edit)
    return store


async def test_call_falls_back_from_an_old_sdk_and_learns_a_server_that_never_asks(
    tmp_path: Path, rk_home: Path
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    store = store_with(rk_home, shared, stdio_entry("old", "old_sdk"), stdio_entry("tool", "roots_tool"))

    seen = await call_tool(store, "old", "show_roots", {})  # the default deadline
    assert seen["structuredContent"] == {"uris": [shared.as_uri()], "protocol_version": "2025-11-25"}
    old = store.load().server("old")
    assert old is not None and old.legacy_only and old.asks_roots == "at_connect"
    log = (rk_home / "state" / "logs" / "old.log").read_text(encoding="utf-8")
    assert log.count("session crashed on server/discover") == 1

    # A 2026-07-28 tool call that needed no folders: the server did not ask, and is remembered so.
    assert (await call_tool(store, "tool", "echo", {"text": "hi"}))["content"][0]["text"] == "hi"
    tool = store.load().server("tool")
    assert tool is not None and tool.asks_roots == "never" and not tool.legacy_only
