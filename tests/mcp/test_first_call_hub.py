"""The first call through the hub sees the shared folders (issue 32, item 3).

The hub's path for a request is its server's `ServerConnection.call_tool`: a call made the moment a
session is up must wait until the server fetched and applied its roots, as `rootkeeper call` does.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.mcp.connection.connection import ServerConnection
from app.mcp.hub import Hub
from tests.support.project import PROJECT as REPO
from tests.support.store import add_roots

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(600)]

FS_SERVER = (
    REPO / "tests" / "node" / "node_modules" / "@modelcontextprotocol" / "server-filesystem" / "dist" / "index.js"
)
RUNS = 20
WAIT = 60.0


def allowed(result: dict[str, object]) -> list[str]:
    heading, *lines = result["content"][0]["text"].splitlines()  # type: ignore[index]
    assert heading.startswith("Allowed directories"), result
    return lines


async def test_a_call_the_moment_the_hub_connects_sees_exactly_the_shared_folders(
    tmp_path: Path, rk_home: Path
) -> None:
    node = shutil.which("node")
    assert node is not None and FS_SERVER.exists(), "node and the npm filesystem server are needed"
    own, shared = tmp_path / "own", tmp_path / "shared"
    own.mkdir()
    shared.mkdir()
    store = Store(rk_home)
    add_roots(store, shared)
    entry = ServerEntry(name="fs", target=StdioTarget(command=node, args=[str(FS_SERVER), str(own)]), consent="given")
    store.update(lambda data: data.servers.append(entry))
    hub = Hub(store, state_dir=tmp_path / "state")
    await hub.start()
    seen = []
    try:
        for run in range(RUNS):
            if run:
                assert hub.reconnect("fs")  # a new process and session: the race starts over
            connection = hub.connection("fs")
            assert connection is not None
            await connection.wait_connected(WAIT)
            seen.append(allowed(await connection.call_tool("list_allowed_directories")))  # at once
    finally:
        await hub.stop()
    assert seen == [[str(shared)]] * RUNS


async def test_a_server_that_ignores_the_ping_is_called_after_the_bound_without_a_fetch(tmp_path: Path) -> None:
    record = tmp_path / "record.jsonl"
    target = StdioTarget(
        command=sys.executable, args=["-m", "tests.servers.first_call_raw", str(record), "--ignore-ping"], cwd=str(REPO)
    )
    entry = ServerEntry(name="deaf", target=target, consent="given", era="2025-11-25")
    connection = ServerConnection(entry, lambda: [(tmp_path.as_uri(), "tmp")], tmp_path / "logs", call_timeout=WAIT)
    connection.start()
    try:
        await connection.wait_connected(WAIT)
        result = await connection.call_tool("echo", {"text": "released"})
        assert result["content"][0]["text"] == "released"
        assert connection.first_call_hold == "bound"
        assert connection.status.roots_fetch_count == 0
    finally:
        await connection.stop()
    raw = [json.loads(line)["raw"] for line in record.read_text().splitlines()]
    methods = [json.loads(line).get("method") for line in raw]
    assert methods.index("ping") < methods.index("tools/call")
