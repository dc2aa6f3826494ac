"""`x-mcp-header` tool parameters reach a 2026-07-28 HTTP server as `Mcp-Param-*` headers via `call` and the bridge.

The server (`tests/servers/header_params`, the SDK's own validation) refuses a call whose headers
are missing (400, -32020) and answers with the headers it got. `call` lists the tools first (its
session knows no schema yet); behind the bridge the host's own listing, passed through, is what
the bridge learns the schema from.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.store.store import Store
from app.mcp.call import call_tool
from tests.support.bridge import SdkHostFactory
from tests.support.servers import HttpServersFactory, http_entry

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(240)]

WAIT = 90.0
"""The call's deadline: a hang guard."""
ARGUMENTS = {"region": "eu west", "shard": 3, "query": "SELECT 1"}
SEEN = {"mcp-param-region": "eu west", "mcp-param-shard": "3"}


async def test_marked_parameters_reach_a_validating_server_through_call_and_the_bridge(
    tmp_path: Path, rk_home: Path, *, http_servers: HttpServersFactory, sdk_host: SdkHostFactory
) -> None:
    with http_servers(tmp_path / "http", {"params": ("header_params", [])}) as servers:
        entry = http_entry("params", servers["params"].url, era="2026-07-28", share="none")
        store = Store(rk_home)
        store.update(lambda data: data.servers.append(entry))

        called = await call_tool(store, "params", "locate", ARGUMENTS, connect_timeout=WAIT)
        assert called["structuredContent"] == SEEN, called

        async with sdk_host(rk_home, "params", tmp_path / "host.log") as client:
            assert [tool.name for tool in (await client.list_tools()).tools] == ["locate"]
            bridged = await client.call_tool("locate", ARGUMENTS)
        assert bridged.structured_content == SEEN, bridged
