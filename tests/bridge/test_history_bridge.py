"""A bridge session's lists reach the history with the host's name (issue 13), and the policy applies there too."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from mcp_types import Implementation

from app.core.history.history import read_history
from app.core.servers.sessions import live_sessions
from tests.support.bridge import FS_APPLIED, FS_SERVER, SdkHostFactory
from tests.support.cli import run_cli
from tests.support.store import add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]



async def test_a_bridge_session_is_recorded_with_its_host_and_follows_the_policy(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    own, alpha, secret = (tmp_path / name for name in ("own", "alpha", "secret"))
    for folder in (own, alpha, secret):
        folder.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha), str(secret)).code == 0
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"deny_folders": [str(secret)]}))
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(policy))
    add_server(rk_home, "fs", [node, str(FS_SERVER / "index.js"), str(own)], share="all", consent="given")
    state = rk_home / "state"
    host = Implementation(name="Zed", version="0.200")
    server_log = state / "logs" / "bridge-fs.server.log"

    def applied() -> bool:  # the server applies a list after answering; its log line is the sign it has
        return server_log.exists() and FS_APPLIED in server_log.read_text(errors="replace")

    async with sdk_host(rk_home, "fs", tmp_path / "host.log", client_info=host) as client:
        await eventually(lambda: read_history(state), "the bridge's first list in the history")
        await eventually(applied, "the server applied the list")
        result = await client.call_tool("list_allowed_directories", {})
        assert result.content[0].text.splitlines()[1:] == [str(alpha)]  # type: ignore[union-attr]
    (record,) = read_history(state)
    assert (record.server, record.via, record.host, record.era) == ("fs", "bridge", "Zed", "legacy")
    assert record.folders == (alpha.as_uri(),)


async def test_the_session_counts_a_list_only_once_it_is_in_the_history(
    tmp_path: Path, rk_home: Path, *, sdk_host: SdkHostFactory
) -> None:
    """The window re-reads the history when a session's file changes: the record must be there by then."""
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    own, alpha = tmp_path / "own", tmp_path / "alpha"
    for folder in (own, alpha):
        folder.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    add_server(rk_home, "fs", [node, str(FS_SERVER / "index.js"), str(own)], share="all", consent="given")
    state = rk_home / "state"
    async with sdk_host(rk_home, "fs", tmp_path / "host.log"):
        await eventually(
            lambda: any(session["roots_fetch_count"] for session in live_sessions(state)), "the session's first count"
        )
        assert [record.folders for record in read_history(state)] == [(alpha.as_uri(),)]
