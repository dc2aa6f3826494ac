"""The tell-once rule (`app.engine.relist`) through the real hub and the real bridge, in front of an SDK server.

A root's `name` is part of what `roots/list` returns (PROTOCOL.md, "Shapes"), so a root renamed in
place changes the list a server would receive: a legacy-era server is told once and lists again,
and sees the new name. A rule comparing URIs only never tells it, and these tests time out.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.store.store import Store
from app.mcp.hub import Hub
from tests.support.bridge import RawHostFactory, bridge_env
from tests.support.cli import run_cli
from tests.support.servers import python_server
from tests.support.store import add_roots, add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]

HOURS = 3 * 3600.0
"""A fallback interval no test can wait for: what a test sees came by an event."""
RENAMED = "Alpha, renamed"


def listings(record: Path) -> list[dict[str, Any]]:
    """Every list the legacy recorder fetched, oldest first: `{"uris": [...], "names": [...]}` each."""
    if not record.exists():
        return []
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [event for event in events if event.get("event") == "listed"]


def rename(home: Path, root: str, name: str) -> None:
    renamed = run_cli(home, "roots", "rename", root, name)
    assert renamed.code == 0, renamed.err


async def test_the_hub_tells_a_server_once_of_a_root_renamed_in_place(tmp_path: Path) -> None:
    home = tmp_path / "home"
    alpha = tmp_path / "alpha"
    alpha.mkdir()
    store = Store(home)
    add_roots(store, alpha)
    record = tmp_path / "rec.jsonl"
    store.update(lambda data: data.servers.append(python_server("rec", "legacy_recorder", "--record", str(record))))
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, retry_interval=HOURS,
              store_fallback_poll=HOURS)
    await hub.start()
    try:
        await eventually(lambda: len(listings(record)) == 1, what="the first list")
        assert listings(record)[0] == {"event": "listed", "uris": [alpha.as_uri()], "names": ["alpha"]}

        await asyncio.to_thread(rename, home, "alpha", RENAMED)

        await eventually(lambda: len(listings(record)) == 2, what="the server to list again after the rename")
        assert listings(record)[1] == {"event": "listed", "uris": [alpha.as_uri()], "names": [RENAMED]}
        assert hub.notifications_sent("rec") == 1
    finally:
        await hub.stop()


async def test_the_bridge_tells_a_server_once_of_a_root_renamed_in_place(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    alpha = tmp_path / "alpha"
    alpha.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    record = tmp_path / "rec.jsonl"
    server = [sys.executable, "-m", "tests.servers.legacy_recorder", "--record", str(record)]
    add_server(rk_home, "rec", server, share="all", consent="given")
    env = bridge_env(rk_home, ROOTKEEPER_BRIDGE_RECHECK_SECONDS="36000")  # only the store watch delivers the edit
    async with raw_host(rk_home, "--server", "rec", env=env) as host:
        await host.handshake()
        await eventually(lambda: len(listings(record)) == 1, "the first list")
        assert listings(record)[0] == {"event": "listed", "uris": [alpha.as_uri()], "names": ["alpha"]}

        await asyncio.to_thread(rename, rk_home, "alpha", RENAMED)

        await eventually(lambda: len(listings(record)) == 2, "the server to list again after the rename")
        assert listings(record)[1] == {"event": "listed", "uris": [alpha.as_uri()], "names": [RENAMED]}
        assert await host.close_input() == 0
        host.assert_only_jsonrpc()
