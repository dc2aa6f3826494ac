"""The npm reference filesystem server behind the bridge, with an SDK client as a host that has no roots.

The server is handshake-era only and replaces its command-line folders with the roots it gets; it
logs "Updated allowed directories from MCP roots" on stderr (the bridge's server log) each time it
applies a list, which is the event the test waits for.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from tests.support.bridge import FS_APPLIED, FS_SERVER, SdkHostFactory
from tests.support.cli import run_cli
from tests.support.store import add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]



def allowed(result: object) -> list[str]:
    text = result.content[0].text  # type: ignore[attr-defined]
    heading, *lines = text.splitlines()
    assert heading.startswith("Allowed directories"), text
    return lines


async def test_the_filesystem_server_sees_rootkeepers_folders_and_a_new_one_live(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    own, alpha, beta = (tmp_path / name for name in ("own", "alpha", "beta"))
    for folder in (own, alpha, beta):
        folder.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    add_server(rk_home, "fs", [node, str(FS_SERVER / "index.js"), str(own)], share="all", consent="given")
    server_log = rk_home / "state" / "logs" / "bridge-fs.server.log"

    def applied() -> int:
        return server_log.read_text(errors="replace").count(FS_APPLIED) if server_log.exists() else 0

    # Hours: the store watch must deliver the edit, not the fallback re-check.
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")
    try:
        async with sdk_host(rk_home, "fs", tmp_path / "host.log") as client:
            await eventually(lambda: applied() >= 1, "the server applied the first list")
            assert allowed(await client.call_tool("list_allowed_directories", {})) == [str(alpha)]

            added = await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))
            assert added.code == 0, added
            await eventually(lambda: applied() >= 2, "the server re-listed after the external edit")
            assert allowed(await client.call_tool("list_allowed_directories", {})) == [str(alpha), str(beta)]
    except (AssertionError, TimeoutError) as exc:
        bridge_log = rk_home / "state" / "logs" / "bridge-fs.log"
        logs = [path.read_text(errors="replace") for path in (bridge_log, server_log) if path.exists()]
        raise AssertionError("\n----\n".join(logs)) from exc
