"""The era rule behind the bridge (`app.core.servers.era`), with an SDK client playing an auto-detecting host.

A server built on an old SDK (`tests.servers.old_sdk`, as mcp 1.0) says nothing after the host's `server/discover`
and dies on the next line: the bridge answers the probe for it after `PROBE_BOUND`, the host falls back to
`initialize`, the server dies on that and is started again for the handshake era (the host's `initialize` replayed
to it), and it is remembered as handshake-only. A 2026-07-28 server that
runs tool calls without asking for its folders is remembered as never asking, and shown with the command that helps.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.store.store import Store
from tests.support.bridge import SdkHostFactory
from tests.support.cli import run_cli
from tests.support.store import add_server, stored_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


@pytest.fixture
def shared(tmp_path: Path, rk_home: Path) -> Path:
    folder = tmp_path / "alpha"
    folder.mkdir()
    assert run_cli(rk_home, "roots", "add", str(folder)).code == 0
    return folder


def tool_json(result: Any) -> dict[str, Any]:
    assert not result.is_error, result
    value: dict[str, Any] = json.loads(result.content[0].text)
    return value


async def test_a_server_dying_on_the_era_probe_is_started_again_for_the_handshake_era(
    tmp_path: Path, rk_home: Path, shared: Path, *, sdk_host: SdkHostFactory
) -> None:
    add_server(rk_home, "old", [sys.executable, "-m", "tests.servers.old_sdk"], share="all", consent="given")
    store = Store(rk_home)
    async with sdk_host(rk_home, "old", tmp_path / "host.log") as client:
        tools = {tool.name for tool in (await client.list_tools()).tools}
        assert {"show_roots", "echo"} <= tools
        seen = tool_json(await client.call_tool("show_roots", {}))
        assert seen == {"uris": [shared.as_uri()], "protocol_version": "2025-11-25"}
        await eventually(lambda: stored_server(store, "old").legacy_only, "the server remembered as handshake-only")
    log = (rk_home / "state" / "logs" / "bridge-old.server.log").read_text(encoding="utf-8")
    assert log.count("session crashed on server/discover") == 1


async def test_a_modern_server_that_never_asks_is_shown_with_the_command_that_helps(
    tmp_path: Path, rk_home: Path, shared: Path, *, sdk_host: SdkHostFactory
) -> None:
    add_server(rk_home, "tool", [sys.executable, "-m", "tests.servers.roots_tool"], share="all", consent="given")
    store = Store(rk_home)
    hint = "this lets it see them: rootkeeper servers era tool 2025-11-25"
    async with sdk_host(rk_home, "tool", tmp_path / "host.log") as client:
        assert (await client.call_tool("echo", {"text": "hi"})).content[0].text == "hi"
        await eventually(lambda: stored_server(store, "tool").asks_roots == "never", "never asking remembered")
        listed = await asyncio.to_thread(run_cli, rk_home, "servers", "list")
        assert "Not told" in listed.out and hint in listed.out, listed.out
        # Asking within a call outranks never asking: the hint goes.
        assert tool_json(await client.call_tool("show_roots", {}))["uris"] == [shared.as_uri()]
        await eventually(lambda: stored_server(store, "tool").asks_roots == "on_change", "asking remembered")
    listed = await asyncio.to_thread(run_cli, rk_home, "servers", "list")
    assert hint not in listed.out
