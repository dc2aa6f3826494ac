"""A stdio server taking roots as arguments, or confined to them, behind the bridge: restarted when they change.

The server's command line carries folder placeholders (`app.core.servers.arguments`), or the confining
launcher's ruleset (`app.core.confine`), so a change of the folders it may see means a new process. The host
must notice nothing: its session goes on.

- Sending stops while the server is replaced; what was sent meanwhile waits and goes to the new one.
- Every request the old process had not answered gets a clean JSON-RPC error (-32000 "server
  restarted, try again"), which reaches the host through the bridge like any answer.
- The host's handshake is replayed to the new process (`app.bridge.handshake`, as for an HTTP
  server that lost its session): the host never sees a second `initialize` answer.
- Output the old process writes after it was retired is dropped, so no request is answered twice.
- A confined server whose new ruleset this system cannot apply (`ConfinementUnavailable`: a read-only folder on
  too old a Landlock, say) is not started: the bridge fails closed as when it cannot start it at all
  (`app.bridge.refusing`), answering the requests in flight and every later one with the sentence why (logged
  once), until a change of its folders lets it start again (the handshake is then replayed as above).

Every stdio server behind a bridge is wrapped (one seen asking for its folders only at connect is restarted
when they change, `Bridge._tell`): every message is looked into (ids in flight). At most `QUEUED` messages
of the server's output wait here, so a host that does not read holds the server back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from app.bridge.framing import CONNECTION_CLOSED, MessageTooLarge, error_response, key_of
from app.bridge.handshake import Handshake
from app.bridge.refusing import refused_answer
from app.bridge.stdio_upstream import ConfinementUnavailable, StdioUpstream, UpstreamError
from app.core.model import ServerEntry, StdioTarget
from app.core.text import sentence

log = logging.getLogger(__name__)

RESTARTED = sentence("bridge.restarted")

Key = tuple[str, Any]
Inbox = asyncio.Queue[tuple[bytes | MessageTooLarge | None, bool]]
"""What `receive` returns next, and whether it holds one of the `QUEUED` places of the server's output."""
QUEUED = 2
"""At most this many messages read from the server wait for the bridge: a host that does not read holds the
server back (its pipe fills), as with a plain `StdioUpstream`, instead of its output piling up here."""


class FolderSource(Protocol):
    def entry(self) -> ServerEntry | None: ...

    def started(self, entry: ServerEntry) -> tuple[ServerEntry, list[str] | None]: ...

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]: ...


class RestartingUpstream:
    """An `Upstream` over a succession of `StdioUpstream` processes, one per expansion of the command line."""

    def __init__(
        self, entry: ServerEntry, source: FolderSource, build: Callable[[ServerEntry], StdioUpstream]
    ) -> None:
        self.label = entry.target.command if isinstance(entry.target, StdioTarget) else entry.name
        self.restarts = 0
        self.on_restarted: Callable[[], None] | None = None
        """Called once a new process has taken over (after the replayed handshake), before sending resumes."""
        self.on_launched: Callable[[Sequence[str]], None] | None = None
        """Called with the folders filled into its command line each time a process has started."""
        self._entry = entry
        self._source = source
        self._build = build
        self._child: StdioUpstream | None = None
        self._started: StdioTarget | None = None
        self._pump: asyncio.Task[None] | None = None
        self._inbox: Inbox = asyncio.Queue()
        self._room = asyncio.Semaphore(QUEUED)
        self._open = asyncio.Event()
        self._in_flight: dict[Key, Any] = {}
        self._handshake = Handshake()
        self._restarting: asyncio.Task[None] | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._failure: str | None = None
        self._refused: str | None = None
        """Why the server may not be started now (set while it is not): the answer to each request meanwhile."""

    @property
    def pid(self) -> int | None:
        return self._child.pid if self._child is not None else None

    @property
    def log_path(self) -> Path | None:
        return self._child.log_path if self._child is not None else None

    # -- Upstream ---------------------------------------------------------------------------------

    async def start(self) -> None:
        await self._launch(*self._expanded())
        self._unsubscribe = self._source.subscribe(self._folders_changed)
        self._open.set()

    async def send(self, raw: bytes) -> bool:
        await self._open.wait()
        if self._child is None:
            return self._refuse(raw)
        self._note_sent(raw)
        return await self._child.send(raw)

    async def receive(self) -> bytes | None:
        item, counted = await self._inbox.get()
        if counted:
            self._room.release()
        if isinstance(item, MessageTooLarge):
            raise item
        return item

    def exit_detail(self) -> str:
        if self._failure is not None:
            return self._failure
        return self._child.exit_detail() if self._child is not None else sentence("bridge.not_started")

    def interrupt(self, signum: int) -> None:
        if self._child is not None:
            self._child.interrupt(signum)

    async def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for task in (self._restarting, self._pump):
            if task is not None and not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        if self._child is not None:
            await self._child.close()
        self._open.set()  # nothing waits for a server that will not come back
        await self._inbox.put((None, False))  # the reader stopped above: say the output ended, as a plain child would

    # -- one process --------------------------------------------------------------------------------

    def _expanded(self) -> tuple[ServerEntry, list[str] | None]:
        """The entry to start now (placeholders filled, confined), and the folders filled into its command line."""
        return self._source.started(self._source.entry() or self._entry)

    async def _launch(self, entry: ServerEntry, folders: Sequence[str] | None) -> None:
        child = self._build(entry)
        await child.start()
        self._refused = None
        if self.on_launched is not None and folders is not None:
            self.on_launched(folders)
        self._child = child
        assert isinstance(entry.target, StdioTarget)
        self._started = entry.target
        self._pump = asyncio.create_task(self._read(child), name="bridge-server-process")

    async def _read(self, child: StdioUpstream) -> None:
        try:
            while (raw := await child.receive()) is not None:
                if not self._note_received(raw):
                    await self._room.acquire()  # the bridge is behind: stop reading, so the server waits
                    self._inbox.put_nowait((raw, True))
        except MessageTooLarge as exc:
            await self._inbox.put((exc, False))
            return
        await self._inbox.put((None, False))

    # -- restarting ---------------------------------------------------------------------------------

    def _folders_changed(self) -> None:
        if self._expanded()[0].target == self._started:
            return
        self._open.clear()  # at once: nothing more goes to the process about to be replaced
        if self._restarting is None or self._restarting.done():
            self._restarting = asyncio.create_task(self._restart_until_current(), name="bridge-restart-server")

    def restart_now(self, *, forget: Key | None = None) -> bool:
        """Start a new process now, with the same command line (a server that asks for its folders only when it
        connects, or one that ended on the era probe); False when a restart is already under way or a confined
        start was refused. The request `forget` gets no "restarted" error here: the bridge answers it."""
        if (self._restarting is not None and not self._restarting.done()) or self._refused is not None:
            return False
        if forget is not None:
            self._in_flight.pop(forget, None)
        self._open.clear()
        self._restarting = asyncio.create_task(self._restart_until_current(force=True), name="bridge-restart-server")
        return True

    async def _restart_until_current(self, *, force: bool = False) -> None:
        try:
            while force or (expansion := self._expanded())[0].target != self._started:
                force, expansion = False, self._expanded()
                if not await self._restart(*expansion):
                    return
        except Exception:
            log.exception("restarting the server failed")
            self._failure = sentence("bridge.restart_failed")
            await self._inbox.put((None, False))
        finally:
            self._open.set()

    async def _restart(self, entry: ServerEntry, folders: Sequence[str] | None) -> bool:
        log.info("the server's folders changed; restarting it")
        if self._pump is not None:  # stop reading first: the old process must not answer after its errors
            self._pump.cancel()
            await asyncio.gather(self._pump, return_exceptions=True)
        handshake = self._handshake.initialize
        handshake_key = key_of(handshake["id"]) if handshake is not None else None
        handshake_pending = handshake_key is not None and handshake_key in self._in_flight
        kept = handshake_key if handshake_pending else None
        stale = [request_id for key, request_id in self._in_flight.items() if key != kept]
        self._in_flight = {key: rid for key, rid in self._in_flight.items() if key == kept}
        if self._child is not None:
            await self._child.close()
        self._child = None
        try:
            await self._launch(entry, folders)
        except ConfinementUnavailable as exc:  # fails closed: what waits, and all that comes, is told why
            self._refuse_from_now(str(exc), entry, [*stale, *self._in_flight.values()])
            return False
        except UpstreamError as exc:
            self._restarted(stale)
            log.error("%s", exc)
            self._failure = str(exc)
            await self._inbox.put((None, False))
            return False
        self._restarted(stale)
        self.restarts += 1
        assert self._child is not None
        await self._handshake.replay(self._child.send, pending=handshake_pending)
        if self.on_restarted is not None:
            self.on_restarted()
        return True

    def _restarted(self, stale: Sequence[Any]) -> None:
        """Each request the old process had not answered gets "restarted, try again" (before any new output)."""
        for request_id in stale:
            self._inbox.put_nowait((error_response(request_id, CONNECTION_CLOSED, RESTARTED), False))

    def _refuse_from_now(self, why: str, entry: ServerEntry, waiting: Sequence[Any]) -> None:
        """The server may not be started with its new folders: answer `waiting` and each later request with `why`
        (logged once), until its folders change again (then a restart is tried, as `entry` is no longer current)."""
        if why != self._refused:
            log.error("%s", why)
        self._refused, self._in_flight = why, {}
        assert isinstance(entry.target, StdioTarget)
        self._started = entry.target
        for request_id in waiting:
            self._inbox.put_nowait((refused_answer(request_id, why), False))

    def _refuse(self, raw: bytes) -> bool:
        """While the server may not be started (`_refused`): each request in `raw` is answered with the sentence;
        anything else goes nowhere. False when no server will come back at all."""
        if self._refused is None:
            return False
        for item in _messages(raw):
            if isinstance(item.get("method"), str) and "id" in item:
                self._inbox.put_nowait((refused_answer(item["id"], self._refused), False))
        return True

    # -- what is in flight ----------------------------------------------------------------------------

    def _note_sent(self, raw: bytes) -> None:
        for item in _messages(raw):
            method = item.get("method")
            if isinstance(method, str) and "id" in item:
                self._in_flight[key_of(item["id"])] = item["id"]
            self._handshake.note_sent(item, raw)

    def _note_received(self, raw: bytes) -> bool:
        """Settle the requests this output answers; True when it is the replayed handshake's answer (swallowed)."""
        for item in _messages(raw):
            if "method" in item or "id" not in item:
                continue
            if self._handshake.swallows(item):
                return True
            self._in_flight.pop(key_of(item["id"]), None)
        return False


def _messages(raw: bytes) -> list[dict[str, Any]]:
    with contextlib.suppress(ValueError):
        value = json.loads(raw)
        items = value if isinstance(value, list) else [value]
        return [item for item in items if isinstance(item, dict)]
    return []
