"""An SDK client plays the host and drives `rootkeeper bridge` in front of real SDK servers, in both eras.

The host declares no roots unless a test says so; the servers' tools report the roots they got.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp_types import ElicitResult, ListRootsResult, Root

from app.core.model import HttpTarget, ServerEntry
from app.core.store.store import Store
from tests.support.bridge import SdkHostFactory
from tests.support.cli import run_cli
from tests.support.servers import HttpServersFactory
from tests.support.store import add_server, set_fields
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


@pytest.fixture
def folders(tmp_path: Path, rk_home: Path) -> dict[str, Path]:
    made = {name: tmp_path / name for name in ("alpha", "beta", "host-only")}
    for folder in made.values():
        folder.mkdir()
    for name in ("alpha", "beta"):
        assert run_cli(rk_home, "roots", "add", str(made[name])).code == 0
    return made


def tool_json(result: Any) -> dict[str, Any]:
    assert not result.is_error, result
    value: dict[str, Any] = json.loads(result.content[0].text)
    return value


def sdk_server(name: str, module: str, home: Path, **fields: Any) -> None:
    add_server(home, name, [sys.executable, "-m", f"tests.servers.{module}"], share="all", consent="given", **fields)


def sessions(home: Path) -> list[dict[str, Any]]:
    listed: list[dict[str, Any]] = run_cli(home, "sessions", "--json").json()
    return listed


async def test_a_modern_server_sees_rootkeepers_folders(
    tmp_path: Path, rk_home: Path, folders: Any, *, sdk_host: SdkHostFactory
) -> None:
    sdk_server("tool", "roots_tool", rk_home)
    async with sdk_host(rk_home, "tool", tmp_path / "host.log") as client:
        seen = tool_json(await client.call_tool("show_roots", {}))
        assert seen == {"uris": [folders["alpha"].as_uri(), folders["beta"].as_uri()], "protocol_version": "2026-07-28"}
        # The fetch is counted in the session's file once its history record is written (a thread of its own).
        counted = await eventually(lambda: [s for s in sessions(rk_home) if s["roots_fetch_count"] >= 1],
                                   "the fetch counted in the session's file")
        (session,) = counted
        assert session["era"] == "modern" and session["roots_fetch_count"] >= 1
        echoed = await client.call_tool("echo", {"text": "hi"})
        assert echoed.content[0].text == "hi"


async def test_an_elicitation_in_the_same_round_reaches_the_host_alone(
    tmp_path: Path, rk_home: Path, folders: Any, *, sdk_host: SdkHostFactory
) -> None:
    sdk_server("mixed", "bridge_elicit", rk_home)
    asked: list[str] = []

    async def confirm(_context: Any, params: Any) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content={"go": True})

    async with sdk_host(rk_home, "mixed", tmp_path / "host.log", elicitation_callback=confirm) as client:
        seen = tool_json(await client.call_tool("roots_after_confirm", {}))
    assert seen == {"uris": [folders["alpha"].as_uri(), folders["beta"].as_uri()], "go": True}
    assert asked == ["Use these folders?"]


EXPECTED = {
    "rootkeeper": ["alpha", "beta"],
    "host": ["host-only", "alpha"],
    "merge": ["alpha", "beta", "host-only"],
}


@pytest.mark.parametrize("mode", ["legacy", "auto"])
@pytest.mark.parametrize("policy", ["rootkeeper", "host", "merge"])
async def test_a_host_with_roots_of_its_own_under_each_policy(
    tmp_path: Path, rk_home: Path, folders: Any, policy: str, mode: str, *, sdk_host: SdkHostFactory
) -> None:
    sdk_server("tool", "roots_tool", rk_home)
    set_fields(rk_home, "tool", roots_source=policy)

    async def host_roots(_context: Any) -> ListRootsResult:
        listed = [folders["host-only"], folders["alpha"]]
        return ListRootsResult(roots=[Root(uri=folder.as_uri(), name=f"host {folder.name}") for folder in listed])

    async with sdk_host(rk_home, "tool", tmp_path / "host.log", list_roots_callback=host_roots, mode=mode) as client:
        seen = tool_json(await client.call_tool("show_roots", {}))
    assert seen["protocol_version"] == ("2026-07-28" if mode == "auto" else "2025-11-25")
    assert seen["uris"] == [folders[name].as_uri() for name in EXPECTED[policy]]


@pytest.mark.parametrize("legacy_only", [True, False], ids=["handshake-era", "2026-07-28"])
async def test_an_http_upstream_behind_a_stdio_bridge(
    tmp_path: Path, rk_home: Path, folders: Any, legacy_only: bool, *, http_servers: HttpServersFactory,
    sdk_host: SdkHostFactory
) -> None:
    args = ["--legacy-only"] if legacy_only else []
    with http_servers(tmp_path / "http", {"tool": ("roots_tool", args)}) as servers:
        entry = ServerEntry(name="web", target=HttpTarget(url=servers["tool"].url), share="all", consent="given")
        Store(rk_home).update(lambda data: data.servers.append(entry))
        async with sdk_host(rk_home, "web", tmp_path / "host.log") as client:
            first = tool_json(await client.call_tool("show_roots", {}))
            assert first["uris"] == [folders["alpha"].as_uri(), folders["beta"].as_uri()]
            assert first["protocol_version"] == ("2025-11-25" if legacy_only else "2026-07-28")
            assert (await asyncio.to_thread(run_cli, rk_home, "roots", "disable", "beta")).code == 0
            await _wait_for_uris(client, [folders["alpha"].as_uri()])


async def _wait_for_uris(client: Any, expected: list[str]) -> None:
    """Call until the tool sees `expected`: the store edit reaches the bridge through its watch, not a call."""
    async with asyncio.timeout(30):
        while tool_json(await client.call_tool("show_roots", {}))["uris"] != expected:
            await asyncio.sleep(0.05)


async def test_in_the_2026_era_too_a_server_keeping_its_own_folder_is_refused_while_paused(
    tmp_path: Path, rk_home: Path, folders: Any, *, sdk_host: SdkHostFactory
) -> None:
    from mcp.shared.exceptions import MCPError

    own = tmp_path / "own"
    own.mkdir()
    sdk_server("tool", "roots_tool", rk_home, kept_folders=[str(own)])
    bridge_log = rk_home / "state" / "logs" / "bridge-tool.log"

    def bridge_saw(count: int) -> bool:
        return bridge_log.exists() and f"the list for tool is now {count} root(s)" in bridge_log.read_text()

    async with sdk_host(rk_home, "tool", tmp_path / "host.log") as client:
        seen = tool_json(await client.call_tool("show_roots", {}))
        assert seen["protocol_version"] == "2026-07-28" and len(seen["uris"]) == 2
        assert (await asyncio.to_thread(run_cli, rk_home, "pause")).code == 0
        await eventually(lambda: bridge_saw(0), "the bridge seeing the pause")
        with pytest.raises(MCPError) as refused:
            await client.call_tool("show_roots", {})
        assert (refused.value.error.code, refused.value.error.message) == (
            -32001, "Sharing with tool is paused in Rootkeeper.")
        assert (await asyncio.to_thread(run_cli, rk_home, "resume")).code == 0
        await eventually(lambda: bridge_saw(2), "the bridge seeing the resume")
        assert len(tool_json(await client.call_tool("show_roots", {}))["uris"]) == 2
