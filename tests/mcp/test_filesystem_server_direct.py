"""Smoke test against the reference filesystem server from npm (pinned in tests/node/package.json).

That server replaces the folders on its command line with the roots it receives and re-lists on
`list_changed`; its `list_allowed_directories` tool and its log show what it applied.
"""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from app.core.model import ServerEntry, StdioTarget
from app.mcp.connection.connection import ServerConnection
from tests.support.project import PROJECT

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]

FS_SERVER = (
    PROJECT / "tests" / "node" / "node_modules" / "@modelcontextprotocol" / "server-filesystem" / "dist" / "index.js"
)
APPLIED = "Updated allowed directories from MCP roots"


def allowed_directories(result: dict[str, Any]) -> list[str]:
    """The folders in the tool's answer, which reads "Allowed directories:" then one per line."""
    text: str = result["content"][0]["text"]
    _heading, *lines = text.splitlines()
    return lines


async def test_filesystem_server_applies_the_roots_it_is_given(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "node is needed for this test"
    assert FS_SERVER.exists(), "run `make node-deps` (npm ci in tests/node) first"
    configured, shared, later = (tmp_path / name for name in ("configured", "shared", "later"))
    for folder in (configured, shared, later):
        folder.mkdir()
    current = [shared]
    entry = ServerEntry(
        name="filesystem", target=StdioTarget(command=node, args=[str(FS_SERVER), str(configured)]), consent="given"
    )
    connection = ServerConnection(
        entry, lambda: [(folder.as_uri(), folder.name) for folder in current], tmp_path / "logs", connect_timeout=20
    )

    async def applied(times: int) -> None:
        # The server applies roots asynchronously; its log line is the sign that it has.
        deadline = time.monotonic() + 20
        while connection.log_path.read_text(encoding="utf-8").count(APPLIED) < times:
            assert time.monotonic() < deadline, f"the filesystem server did not apply roots {times} time(s)"
            await asyncio.sleep(0.02)

    connection.start()
    try:
        assert (await connection.wait_connected(20)).era == "legacy"
        await applied(1)
        assert allowed_directories(await connection.call_tool("list_allowed_directories")) == [str(shared)]

        current = [later]
        assert await connection.notify_roots_changed() is True
        await applied(2)
        assert allowed_directories(await connection.call_tool("list_allowed_directories")) == [str(later)]
    finally:
        await connection.stop()
