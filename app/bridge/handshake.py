"""The host's handshake as it went to the server, replayed when a new server takes over the host's session.

Two upstreams need it: a stdio server the bridge restarts itself (`app.bridge.restart`) and a Streamable
HTTP server that lost the session (`app.bridge.http_upstream`: it restarted and answers the old session id
with 404). The host must notice nothing, so:

- the host's `initialize` (as the bridge rewrote it, roots capability included) is sent again with an id
  of the bridge's own, and its answer stays here (`swallows`): the host never sees a second answer;
- a handshake still in progress is replayed with the host's own id instead, so the host gets its answer
  from the new server;
- then the host's `notifications/initialized` is sent again, after `before_initialized` (the HTTP
  upstream opens its GET stream there, so the server's `roots/list` on `initialized` is not lost).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from app.bridge.framing import encode, key_of

log = logging.getLogger(__name__)

REPLAY_TIMEOUT = 30.0
"""Bound on waiting for the new server to answer the replayed `initialize`."""

Key = tuple[str, Any]
Send = Callable[[bytes], Awaitable[object]]


class Handshake:
    def __init__(self) -> None:
        self.initialize: dict[str, Any] | None = None
        """The host's `initialize` as sent to the server (after the bridge's rewriting)."""
        self.initialized: bytes | None = None
        """The host's `notifications/initialized` as sent."""
        self._swallow: Key | None = None
        self._answered = asyncio.Event()
        self._accepted = False
        self._token = secrets.token_hex(4)
        self._counter = 0

    def note_sent(self, item: dict[str, Any], raw: bytes) -> None:
        """Remember the handshake's messages among those going to the server (`raw` holds `item`)."""
        method = item.get("method")
        if method == "initialize" and "id" in item:
            self.initialize = item
        elif method == "notifications/initialized":
            self.initialized = raw

    @property
    def replaying(self) -> bool:
        """Whether the answer to a replayed `initialize` is still awaited."""
        return self._swallow is not None

    def swallows(self, item: dict[str, Any]) -> bool:
        """Whether this message from the server answers the replayed `initialize` (it then stays here)."""
        if self._swallow is None or "method" in item or "id" not in item or key_of(item["id"]) != self._swallow:
            return False
        self._swallow = None
        self._accepted = "result" in item
        self._answered.set()
        return True

    async def replay(
        self, send: Send, *, pending: bool = False, before_initialized: Callable[[], Awaitable[None]] | None = None
    ) -> bool:
        """Replay the handshake through `send`; `pending`: the host still waits for its `initialize` answer.

        Returns False when the server answered the replayed `initialize` with an error (nothing more is sent).
        """
        if self.initialize is None:
            return True
        if pending:  # the host still waits for this answer: the new server gives it
            await send(encode(self.initialize))
            return True
        self._counter += 1
        replay = {**self.initialize, "id": f"rk-bridge-restart:{self._token}:{self._counter}"}
        self._swallow = key_of(replay["id"])
        self._answered.clear()
        self._accepted = True
        await send(encode(replay))
        try:
            await asyncio.wait_for(self._answered.wait(), REPLAY_TIMEOUT)
        except TimeoutError:
            log.warning("the new server did not answer the replayed initialize in time")
        if not self._accepted:
            log.warning("the new server refused the replayed initialize")
            return False
        if before_initialized is not None:
            await before_initialized()
        if self.initialized is not None:
            await send(self.initialized)
        return True
