"""Canary for the SDK internals `RootkeeperClient` wraps: an upgrade that renames or changes them fails here.

`app.mcp.connection.roots.RootkeeperClient` overrides the SDK's private `Client._build_session` and
wraps the private `ClientSession._build_capabilities(version)` on the session it builds, so that a
2026-07-28 wire declares roots as `{}`. If an SDK release renamed either, the override would be
skipped without an error and modern servers would be told `{"listChanged": true}` again.
Each server here is a real SDK `MCPServer`, connected in-process by the SDK's own client machinery.
"""

from __future__ import annotations

import inspect
import typing
from contextlib import AsyncExitStack
from typing import Any

import pytest
from mcp.client.client import Client
from mcp.client.session import ClientSession
from mcp.server.mcpserver import Context, MCPServer
from mcp_types import ClientCapabilities, ListRootsResult
from mcp_types.version import LATEST_MODERN_VERSION

from app.mcp.connection.roots import RootkeeperClient

pytestmark = pytest.mark.timeout(60)  # asyncio_mode is "auto": the async tests run on a loop

UPGRADE = "The MCP SDK changed an internal app/mcp/connection/roots.py relies on; re-read mcp/client/{}: "


def capabilities_server() -> MCPServer:
    server = MCPServer("capabilities")

    @server.tool()
    async def roots_capability(ctx: Context) -> dict[str, Any]:
        """The roots capability the client declared to this server, as it went over the wire."""
        declared = ctx.client_capabilities
        roots = declared.roots if declared is not None else None
        return {"roots": None if roots is None else roots.model_dump(mode="json", by_alias=True, exclude_none=True)}

    return server


async def no_roots(_context: Any) -> ListRootsResult:
    return ListRootsResult(roots=[])


async def declared_roots(client_class: type[Client], mode: str) -> Any:
    async with client_class(capabilities_server(), mode=mode, list_roots_callback=no_roots, cache=None) as client:
        result = await client.call_tool("roots_capability", {})
    assert result.structured_content is not None, result
    return result.structured_content["roots"]


def test_the_sdk_still_builds_its_capability_ad_in_the_method_that_is_wrapped() -> None:
    build = getattr(ClientSession, "_build_capabilities", None)
    assert callable(build), UPGRADE.format("session.py") + "ClientSession._build_capabilities is gone or renamed"
    parameters = list(inspect.signature(build).parameters)
    assert parameters == ["self", "version"], (
        UPGRADE.format("session.py") + f"_build_capabilities now takes {parameters}")
    assert typing.get_type_hints(build) == {"version": str, "return": ClientCapabilities}, (
        UPGRADE.format("session.py") + f"_build_capabilities is now typed {typing.get_type_hints(build)}")


def test_the_sdk_client_still_builds_its_session_in_the_method_that_is_overridden() -> None:
    build = getattr(Client, "_build_session", None)
    assert build is not None and inspect.iscoroutinefunction(build), (
        UPGRADE.format("client.py") + "Client._build_session is gone, renamed or no longer a coroutine")
    parameters = list(inspect.signature(build).parameters)
    assert parameters == ["self", "exit_stack"], UPGRADE.format("client.py") + f"_build_session now takes {parameters}"
    assert typing.get_type_hints(build) == {"exit_stack": AsyncExitStack, "return": ClientSession}, (
        UPGRADE.format("client.py") + f"_build_session is now typed {typing.get_type_hints(build)}")


async def test_the_sdk_alone_still_declares_list_changed_on_a_modern_wire() -> None:
    # What the wrapper corrects; when the SDK does it by itself, the wrapper can go.
    assert await declared_roots(Client, LATEST_MODERN_VERSION) == {"listChanged": True}, (
        "The MCP SDK now declares roots without listChanged on a 2026-07-28 wire by itself: "
        "RootkeeperClient's wrapper in app/mcp/connection/roots.py may no longer be needed")


async def test_a_real_session_declares_what_the_wrapper_builds_in_each_era() -> None:
    assert await declared_roots(RootkeeperClient, LATEST_MODERN_VERSION) == {}, (
        UPGRADE.format("client.py") + "RootkeeperClient's wrapper did not reach what the session sends")
    # The legacy era keeps the SDK's own capability: it has the change notification.
    assert await declared_roots(RootkeeperClient, "legacy") == {"listChanged": True}
