"""Answering a server's roots requests, and declaring the roots capability the way each era spells it.

One callback answers the legacy `roots/list` request and the modern input-required round alike.
The SDK declares roots as `{"listChanged": true}` in both eras; the 2026-07-28 specification
shows `roots: {}` (there is no change notification in that era), so `RootkeeperClient` rewrites
the capability the session builds for a modern version.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mcp.client.client import Client
from mcp_types import INTERNAL_ERROR, ErrorData, ListRootsResult, Root, RootsCapability
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

if TYPE_CHECKING:
    from mcp.client.session import ClientRequestContext, ClientSession
    from mcp_types import ClientCapabilities

logger = logging.getLogger(__name__)

RootsProvider = Callable[[], list[tuple[str, str]]]
ROOTS_FAILED = "Rootkeeper could not build the roots list"
"""The -32603 message a server gets when Rootkeeper itself failed to build the list (both eras)."""


class RootkeeperClient(Client):
    """The SDK client, declaring roots as `{}` on a 2026-07-28 wire (see the module docstring)."""

    async def _build_session(self, exit_stack: AsyncExitStack) -> ClientSession:
        session = await super()._build_session(exit_stack)
        # The SDK builds its capability ad in one private method and offers no option for it;
        # wrapping it on this one instance keeps every other part of the session as it is.
        build = session._build_capabilities

        def capabilities(version: str) -> ClientCapabilities:
            built = build(version)
            if built.roots is not None and version in MODERN_PROTOCOL_VERSIONS:
                return built.model_copy(update={"roots": RootsCapability()})
            return built

        session._build_capabilities = capabilities  # type: ignore[method-assign]
        return session


@dataclass
class RootsFetch:
    uris: list[str]


class RootsAnswerer:
    """Builds the list from the provider on every request and reports each fetch (or failure)."""

    def __init__(
        self, server_name: str, provider: RootsProvider, on_fetch: Callable[[RootsFetch], None]
    ) -> None:
        self._server_name = server_name
        self._provider = provider
        self._on_fetch = on_fetch
        self.failures = 0
        """How often Rootkeeper failed to build a list; a call that fails meanwhile is our fault."""

    async def __call__(self, context: ClientRequestContext) -> ListRootsResult | ErrorData:
        from pydantic import FileUrl

        try:
            # FileUrl refuses any other scheme, so a bad URI fails here rather than at the server.
            roots = [Root(uri=FileUrl(uri), name=name or None) for uri, name in self._provider()]
        except Exception:
            logger.exception("Could not build the roots list for %s", self._server_name)
            self.failures += 1
            return ErrorData(code=INTERNAL_ERROR, message=ROOTS_FAILED)
        self._on_fetch(RootsFetch([str(root.uri) for root in roots]))
        return ListRootsResult(roots=roots)


def is_our_roots_failure(error: BaseException) -> bool:
    """Whether `error` is the SDK re-raising our own -32603 refusal (a modern input-required round)."""
    from mcp.shared.exceptions import MCPError

    from app.mcp.errors import leaf_errors

    return any(
        isinstance(leaf, MCPError) and leaf.error.code == INTERNAL_ERROR and leaf.error.message == ROOTS_FAILED
        for leaf in leaf_errors(error)
    )

