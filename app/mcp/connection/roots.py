"""Answering a server's roots requests, and declaring the roots capability the way each era spells it.

One callback answers the legacy `roots/list` request and the modern input-required round alike.
The SDK declares roots as `{"listChanged": true}` in both eras; the 2026-07-28 specification
shows `roots: {}` (there is no change notification in that era), so `RootkeeperClient` rewrites
the capability the session builds for a modern version.

Where nothing is shared with a server (sharing `none`), the capability is not declared and a roots
question is refused the same way in both eras: -32601 "Roots not supported" (`ROOTS_NOT_SUPPORTED`).
The transport answers a handshake-era `roots/list` with it; `RootkeeperClient` gives it to a
2026-07-28 input-required round instead of the SDK's default -32600, and `is_our_roots_refusal`
tells a call failed that way, which is Rootkeeper's decision, not the server's error.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from mcp.client.client import Client
from mcp_types import (
    INTERNAL_ERROR,
    ErrorData,
    InputRequest,
    InputResponse,
    ListRootsRequest,
    ListRootsResult,
    Root,
    RootsCapability,
)
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from app.mcp.transport import ROOTS_NOT_SUPPORTED

if TYPE_CHECKING:
    from mcp.client.session import ClientRequestContext, ClientSession
    from mcp_types import ClientCapabilities

logger = logging.getLogger(__name__)

RootsProvider = Callable[[], "Sequence[tuple[str, str]] | RootsAnswer"]
"""The list a server may see now (a new list object whenever it changed, never one changed in place), or its answer."""
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
        if self.list_roots_callback is None:  # roots not declared: refused as in the handshake era
            dispatch = session.dispatch_input_request

            async def refusing(context: ClientRequestContext, request: InputRequest) -> InputResponse | ErrorData:
                if isinstance(request, ListRootsRequest):
                    return ROOTS_NOT_SUPPORTED
                return await dispatch(context, request)

            session.dispatch_input_request = refusing  # type: ignore[method-assign,assignment]
        return session


@dataclass
class RootsFetch:
    uris: list[str]


class RootsAnswer(NamedTuple):
    """A list as a `roots/list` answer: built once per list, handed to every request (and server) asking for it."""

    source: Sequence[tuple[str, str]]
    """The list it was built from (kept so that its identity stays valid as a cache key)."""
    result: ListRootsResult
    uris: list[str]

    @classmethod
    def build(cls, shared: Sequence[tuple[str, str]], made: dict[tuple[str, str], Root] | None = None) -> RootsAnswer:
        """Validated in one pass by pydantic's core rather than a `FileUrl` per root (over 100 ms per request
        at 10,000 roots); `FileUrl` still refuses any other scheme, so a bad URI fails here, not at the server.

        With `made` (the SDK roots of earlier answers, by `(uri, name)`), only the roots not in it are
        validated, and it gains them: a change to one root of 100,000 validates one.
        """
        made = {} if made is None else made
        roots: list[Root | None] = [made.get((uri, name)) for uri, name in shared]
        new = [index for index, root in enumerate(roots) if root is None]
        if new:
            items = [{"uri": shared[index][0], "name": shared[index][1] or None} for index in new]
            for index, root in zip(new, ListRootsResult.model_validate({"roots": items}).roots, strict=True):
                roots[index] = made[(shared[index][0], shared[index][1])] = root
        # Every root is a validated SDK root: the result needs no second validation.
        result = ListRootsResult.model_construct(roots=roots)
        return cls(shared, result, [uri for uri, _name in shared])


class RootsAnswers:
    """The answers for the lists in use now, by list identity: servers sharing one list share one answer.

    `retain` drops the answers of lists no longer in use, so only the current lists' answers are
    held (at 100,000 roots an answer is tens of MiB); their SDK roots are reused by the next answers.
    """

    def __init__(self) -> None:
        self._by_list: dict[int, RootsAnswer] = {}
        self._made: dict[tuple[str, str], Root] = {}

    def of(self, shared: Sequence[tuple[str, str]]) -> RootsAnswer:
        known = self._by_list.get(id(shared))
        if known is None or known.source is not shared:
            known = self._by_list[id(shared)] = RootsAnswer.build(shared, self._made)
        return known

    def retain(self, lists: Iterable[Sequence[tuple[str, str]]]) -> None:
        """Keep only what the lists in use now need: their answers, and the SDK roots of their items."""
        current = {id(shared): shared for shared in lists}
        self._by_list = {key: answer for key, answer in self._by_list.items() if key in current}
        items: set[tuple[str, str]] = set()
        for shared in current.values():
            items.update(shared)
        self._made = {item: root for item, root in self._made.items() if item in items}


class RootsAnswerer:
    """Answers each request from the provider's current list (or answer) and reports each fetch (or failure).

    A provider returning a list gets it built once per list object (a new list when it changes);
    one returning a `RootsAnswer` shares it with every other server given the same.
    """

    def __init__(
        self, server_name: str, provider: RootsProvider, on_fetch: Callable[[RootsFetch], None]
    ) -> None:
        self._server_name = server_name
        self._provider = provider
        self._on_fetch = on_fetch
        self._last: RootsAnswer | None = None
        self.failures = 0
        """How often Rootkeeper failed to build a list; a call that fails meanwhile is our fault."""

    async def __call__(self, context: ClientRequestContext) -> ListRootsResult | ErrorData:
        try:
            provided = self._provider()
            if isinstance(provided, RootsAnswer):
                answer = provided
            elif self._last is not None and self._last.source is provided:
                answer = self._last
            else:
                answer = self._last = RootsAnswer.build(provided)
        except Exception:
            logger.exception("Could not build the roots list for %s", self._server_name)
            self.failures += 1
            return ErrorData(code=INTERNAL_ERROR, message=ROOTS_FAILED)
        self._on_fetch(RootsFetch(answer.uris))
        return answer.result


def is_our_roots_refusal(error: BaseException) -> bool:
    """Whether `error` is the SDK re-raising Rootkeeper's refusal of a roots question (nothing shared)."""
    from mcp.shared.exceptions import MCPError

    from app.mcp.errors import leaf_errors

    return any(
        isinstance(leaf, MCPError) and leaf.error.code == ROOTS_NOT_SUPPORTED.code
        and leaf.error.message == ROOTS_NOT_SUPPORTED.message
        for leaf in leaf_errors(error)
    )


def is_our_roots_failure(error: BaseException) -> bool:
    """Whether `error` is the SDK re-raising our own -32603 refusal (a modern input-required round)."""
    from mcp.shared.exceptions import MCPError

    from app.mcp.errors import leaf_errors

    return any(
        isinstance(leaf, MCPError) and leaf.error.code == INTERNAL_ERROR and leaf.error.message == ROOTS_FAILED
        for leaf in leaf_errors(error)
    )

