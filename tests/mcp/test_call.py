"""`rootkeeper call` in-process against real servers: what it remembers, and when it sends the tool call.

The ping barrier is checked with the reference filesystem server from npm, which fetches roots on
`initialized` and applies them asynchronously; a legacy server that never fetches must cost no
wait at all, which is proven by configuring nothing to wait for rather than by a clock.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.roots.lookup import plan_add
from app.core.store.store import Store
from app.mcp.call import call_tool
from app.mcp.connection.connection import ServerConnection
from tests.support.processes import child_pids
from tests.support.project import PROJECT
from tests.support.recordings import read_events
from tests.support.servers import HttpServersFactory, http_entry, stdio_entry

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(90)]

FS_SERVER = (
    PROJECT / "tests" / "node" / "node_modules" / "@modelcontextprotocol" / "server-filesystem" / "dist" / "index.js"
)
WAIT = 90.0


def store_with(home: Path, entry: ServerEntry, *folders: Path) -> Store:
    store = Store(home)

    def edit(data: StoreData) -> None:
        for folder in folders:
            data.roots.append(plan_add(data, str(folder)).root)
        data.servers.append(entry)

    store.update(edit)
    return store


async def test_call_remembers_a_server_that_breaks_on_the_era_probe(tmp_path: Path, rk_home: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    store = store_with(rk_home, stdio_entry("old", "hostile", "discover-crash"), shared)

    first = await call_tool(store, "old", "show_roots", {})
    assert first["structuredContent"]["uris"] == [shared.as_uri()]
    entry = store.load().server("old")
    assert entry is not None and entry.legacy_only is True

    # The next call goes straight to the handshake: the probe that kills the server is not sent.
    log = rk_home / "state" / "logs" / "old.log"
    crashes = log.read_text(encoding="utf-8").count("crashed on server/discover")
    second = await call_tool(store, "old", "show_roots", {})
    assert second["structuredContent"]["uris"] == [shared.as_uri()]
    assert log.read_text(encoding="utf-8").count("crashed on server/discover") == crashes


async def test_the_filesystem_server_has_applied_the_shared_roots_before_the_call(
    tmp_path: Path, rk_home: Path
) -> None:
    node = shutil.which("node")
    assert node is not None and FS_SERVER.exists(), "node and the npm filesystem server are needed"
    own, shared = tmp_path / "own", tmp_path / "shared"
    own.mkdir()
    shared.mkdir()
    entry = ServerEntry(
        name="fs", target=StdioTarget(command=node, args=[str(FS_SERVER), str(own)]), consent="given"
    )
    store = store_with(rk_home, entry, shared)
    result = await call_tool(store, "fs", "list_allowed_directories", {})
    _heading, *folders = result["content"][0]["text"].splitlines()
    assert folders == [str(shared)]


async def test_the_barrier_counts_the_filesystem_servers_fetch_and_nothing_for_a_server_that_never_asks(
    tmp_path: Path,
) -> None:
    node = shutil.which("node")
    assert node is not None and FS_SERVER.exists(), "node and the npm filesystem server are needed"
    own, shared = tmp_path / "own", tmp_path / "shared"
    own.mkdir()
    shared.mkdir()
    children_before = child_pids()
    fs = ServerConnection(
        ServerEntry(name="fs", target=StdioTarget(command=node, args=[str(FS_SERVER), str(own)]), consent="given"),
        lambda: [(shared.as_uri(), "shared")],
        tmp_path / "logs",
    )
    # roots_tool asks for roots only inside a tool call, never at connect.
    quiet = ServerConnection(stdio_entry("quiet", "roots_tool", era="2025-11-25"), list, tmp_path / "logs")
    fs.start()
    quiet.start()
    try:
        assert (await fs.wait_connected(WAIT)).era == "legacy"
        assert (await quiet.wait_connected(WAIT)).era == "legacy"
        assert await fs.roots_settled(WAIT) == 1
        assert fs.status.roots_fetch_count == 1  # answered, not merely seen
        assert await quiet.roots_settled(WAIT) == 0
        assert quiet.status.roots_fetch_count == 0
    finally:
        await fs.stop()
        await quiet.stop()
    assert child_pids() - children_before == set()


async def test_the_barrier_waits_for_a_fetch_written_before_the_ping_answer(tmp_path: Path) -> None:
    record = tmp_path / "record.jsonl"
    shared = tmp_path / "shared"
    shared.mkdir()
    recorder = ServerConnection(
        stdio_entry("recorder", "legacy_recorder", "--record", str(record)),
        lambda: [(shared.as_uri(), "shared")],
        tmp_path / "logs",
    )
    recorder.start()
    try:
        await recorder.wait_connected(WAIT)
        assert await recorder.roots_settled(WAIT) == 1
        assert recorder.status.last_roots_fetch == [shared.as_uri()]
    finally:
        await recorder.stop()
    assert [event["event"] for event in read_events(record)][:1] == ["initialized"]


async def test_call_closes_its_http_session_with_delete(
    tmp_path: Path, rk_home: Path, *, http_servers: HttpServersFactory
) -> None:
    record = tmp_path / "record.jsonl"
    with http_servers(tmp_path / "http", {"recorder": ("legacy_recorder", ["--record", str(record)])}) as servers:
        store = store_with(rk_home, http_entry("recorder", servers["recorder"].url))
        result = await call_tool(store, "recorder", "seen_roots", {})
        assert result.get("isError") is not True
        http = [event for event in read_events(record) if event["event"] == "http"]
        deletes = [event for event in http if event["method"] == "DELETE"]
        assert len(deletes) == 1 and deletes[0]["session"] is True
        assert http[-1]["method"] == "DELETE"  # the last thing the session did
