"""The bridge proper: host ⇄ bridge ⇄ server, forwarding raw messages and rewriting only what roots need.

What changes on the way (everything else passes as the bytes read):

- handshake era: `initialize` gains `capabilities.roots = {"listChanged": true}`; the server's
  `roots/list` is answered here; a change of the list is sent to the server as
  `notifications/roots/list_changed` (once, until it lists again: `app.engine.relist`, as the hub);
- 2026-07-28 era: every request's client capabilities gain `roots: {}`; an input-required answer
  to `tools/call`, `resources/read` or `prompts/get` that asks for `roots/list` is answered here
  (see `rounds`);
- a host's own `roots/list` request, when the policy needs the host's list, uses ids of the
  bridge's own (`rk-bridge:<random>:<n>`) that no host or server id is allowed to collide with;
- the first call sees the shared folders: after a handshake-era `initialized`, the host's requests
  are held (in order) until the server has fetched its roots, by the rule of `app.engine.first_call`
  (the hub's and `rootkeeper call`'s too); the ping it sends has an id of the bridge's own, and its
  answer stays here.

With sharing `none` the bridge is a transparent pipe.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal, Protocol

from app.bridge import rewrite
from app.bridge.framing import (
    CONNECTION_CLOSED,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    WITHHELD,
    LineWriter,
    Message,
    MessageTooLarge,
    decode,
    encode,
    error_response,
    key_of,
)
from app.bridge.restart import RestartingUpstream
from app.bridge.rounds import Rounds
from app.bridge.source import RootsSource
from app.bridge.status import SessionStatus
from app.core import text
from app.core.paths import PathError, uri_to_path
from app.core.roots.sharing import SharedRoot
from app.core.servers import words
from app.core.servers.binding import serves_withdrawn
from app.core.text import sentence
from app.engine.first_call import FirstCallHold, RootsFetches, holds, is_held
from app.engine.relist import RELIST_BOUND, RelistTracker

log = logging.getLogger(__name__)

HOST_ROOTS_TIMEOUT = 10.0
MAX_BRIDGE_TASKS = 64
ID_IN_USE = sentence("bridge.id_in_use")


class Upstream(Protocol):
    label: str

    @property
    def log_path(self) -> Path | None: ...  # where a stdio server's stderr goes: it says there it applied a list

    async def start(self) -> None: ...

    async def send(self, raw: bytes) -> bool: ...

    async def receive(self) -> bytes | None: ...

    def exit_detail(self) -> str: ...

    def interrupt(self, signum: int) -> None: ...  # the signal the host sent the bridge, passed on to the server

    async def close(self) -> None: ...


Key = tuple[str, Any]
HostReader = Callable[[], Any]  # an awaitable returning the next raw line, or None at EOF


class Bridge:
    def __init__(
        self,
        *,
        read_host: HostReader,
        host: LineWriter,
        upstream: Upstream,
        source: RootsSource,
        status: SessionStatus,
        legacy_pin: bool = False,
    ) -> None:
        self.read_host = read_host
        self.host = host
        self.upstream = upstream
        self.source = source
        self.status = status
        self.legacy_pin = legacy_pin
        entry = source.entry()
        self.transparent = entry is None or not entry.declares_roots
        self.era: Literal["legacy", "modern"] | None = None
        self.host_has_roots = False
        self.initialized = False
        self.relist = RelistTracker()
        self.pending_host: dict[tuple[str, Any], Any] = {}  # host request ids the server has not answered
        self.own_requests: dict[tuple[str, Any], asyncio.Future[Any]] = {}  # the bridge's requests to the host
        self.own_server_requests: dict[Key, asyncio.Future[Any]] = {}  # the bridge's pings to the server
        self.hold = FirstCallHold(RootsFetches(), None, holding=False)
        """This session's first-call hold (`app.engine.first_call`); a new one at each `initialized`."""
        self._held: collections.deque[tuple[Key | None, bytes]] = collections.deque()
        self._given: set[str] = set()
        """The folders (paths and URIs) this server process was given in a roots answer."""
        self._withdrawn: list[str] = []
        """Set while its last answer was empty: the folders given before, which it must not serve any more."""
        self._asked: dict[Key, list[str]] = {}
        """The strings in the host's requests sent while `_withdrawn` is set, until answered."""
        self._flushing = False
        self.rounds = Rounds(self)
        self._token = secrets.token_hex(4)
        self._counter = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._unsubscribe = source.subscribe(self._roots_changed)

    @property
    def policy(self) -> words.RootsSource:
        """Read on every use: a change of the policy in the store applies to the next roots request."""
        entry = self.source.entry()
        return entry.roots_source if entry is not None else "rootkeeper"

    # -- ids ------------------------------------------------------------------------------------------

    def new_id(self) -> str:
        self._counter += 1
        return f"rk-bridge:{self._token}:{self._counter}"

    def is_own_id(self, key: tuple[str, Any]) -> bool:
        return key in self.own_requests or key in self.own_server_requests or self.rounds.owns(key)

    # -- running ----------------------------------------------------------------------------------------

    async def run(self) -> int:
        host_task = asyncio.create_task(self._pump_host(), name="bridge-host")
        server_task = asyncio.create_task(self._pump_server(), name="bridge-server")
        done, _ = await asyncio.wait({host_task, server_task}, return_when=asyncio.FIRST_COMPLETED)
        try:
            if host_task in done:
                if host_task.exception() is not None:
                    log.error("reading the host failed", exc_info=host_task.exception())
                log.info("the host closed its input; stopping the server")
                await self.upstream.close()
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(server_task, timeout=5)
            else:
                detail = sentence("bridge.server_gone")
                if server_task.exception() is not None:
                    log.error("reading the server failed", exc_info=server_task.exception())
                else:
                    detail = server_task.result()
                log.info("server side ended: %s", detail)
                await self._fail_pending(detail)
                await self.upstream.close()
        finally:
            self._unsubscribe()
            for task in (host_task, server_task, *self._tasks):
                task.cancel()
            for future in (*self.own_requests.values(), *self.own_server_requests.values()):
                future.cancel()
            self.host.close()
        return 0

    def server_restarted(self) -> None:
        """A new server process took over (roots as arguments), or a new HTTP session (the server lost the old
        one): it lists afresh and is told of changes from now."""
        self.relist.new_session(self.source.current())
        self._given.clear()  # a new process: it was given nothing yet
        self._withdrawn, self._asked = [], {}
        if self.initialized:  # the handshake was replayed: the new process fetches its roots again
            self._begin_hold()

    async def first_call_ready(self) -> None:
        """Return once the host's requests may go to the server (the hold of this session released)."""
        await self.hold.wait()

    async def _fail_pending(self, detail: str) -> None:
        self._held.clear()  # their ids are pending: they get the same error as requests in flight
        self.hold.release("ended")
        for key in list(self.pending_host):
            await self.host.send(error_response(self.pending_host.pop(key), CONNECTION_CLOSED, detail))

    def spawn(self, coro: Any) -> bool:
        if len(self._tasks) >= MAX_BRIDGE_TASKS:
            coro.close()
            return False
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return True

    def to_server_soon(self, raw: bytes) -> bool:
        """Write to the server from a task of its own, so the loop reading the server never waits on its input."""
        if self.spawn(self.upstream.send(raw)):
            return True
        log.warning("the server is not reading; a message for it was dropped")
        return False

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a bridge task failed", exc_info=task.exception())

    # -- host → server ----------------------------------------------------------------------------------

    async def _pump_host(self) -> None:
        while True:
            try:
                raw = await self.read_host()
            except MessageTooLarge as exc:
                log.warning("the host sent %s; answered with a parse error", exc)
                await self.host.send(error_response(None, PARSE_ERROR, "Parse error: message too large"))
                continue
            if raw is None:
                return
            try:
                message = decode(raw)
            except ValueError:
                log.warning("the host sent something that is not JSON: %r", raw[:200])
                await self.host.send(error_response(None, PARSE_ERROR, "Parse error"))
                continue
            try:
                await self._from_host(message)
            except Exception:  # a message no rule foresaw must not end the session
                log.exception("could not handle a message from the host; forwarded as is: %r", raw[:200])
                await self.upstream.send(raw)

    async def _from_host(self, message: Message) -> None:
        value = message.value
        if not (value and isinstance(value, list)) and not _rpc_shaped(message):
            # `[]`, `null`, `42`, `"text"`, `true`, `{}`: JSON, but no request, notification or answer.
            request_id = value.get("id") if isinstance(value, dict) else None
            valid_id = request_id if isinstance(request_id, (str, int)) and not isinstance(request_id, bool) else None
            await self.host.send(error_response(valid_id, INVALID_REQUEST, "Invalid Request"))
            return
        if isinstance(value, list):  # a batch: forwarded whole; its requests are still owed an answer
            for item in value:
                if isinstance(item, dict) and "method" in item and "id" in item:
                    self.pending_host[key_of(item["id"])] = item["id"]
            requests = [item.get("method") for item in value if isinstance(item, dict) and "id" in item]
            await self._forward(message.raw, held=any(map(is_held, requests)))
            return
        obj = message.obj
        if obj is None:
            await self.upstream.send(message.raw)
            return
        if message.is_response:
            key = key_of(obj["id"])
            future = self.own_requests.pop(key, None)
            if future is not None:
                if not future.done():
                    future.set_result(obj)
                return
            await self.upstream.send(message.raw)
            self.hold.fetches.answered(key)  # the host answered the server's roots/list (policy `host`)
            return
        if message.is_request:
            await self._host_request(message, obj)
            return
        await self._host_notification(message, obj)

    async def _host_request(self, message: Message, obj: dict[str, Any]) -> None:
        key = key_of(obj["id"])
        if self.is_own_id(key):
            await self.host.send(error_response(obj["id"], INVALID_REQUEST, ID_IN_USE))
            return
        method = message.method
        changed = False
        if method == "initialize":
            self.era = "legacy"
            self.status.update(era="legacy")
            params = obj.get("params")
            if isinstance(params, dict):
                info = params.get("clientInfo")
                self.status.update(host=info if isinstance(info, dict) else None)
                self.host_has_roots = isinstance((params.get("capabilities") or {}).get("roots"), dict)
            if not self.transparent:
                self.host_has_roots, _ = rewrite.declare_roots_at_initialize(obj)
                changed = True
            self.relist.new_session(self._rootkeepers_part())  # what the server will list once initialized
        elif method == "server/discover" and self.legacy_pin:
            # The server is pinned to the handshake era: make an auto-detecting host fall back to initialize.
            await self.host.send(error_response(obj["id"], METHOD_NOT_FOUND, "Method not found"))
            return
        else:
            meta = rewrite.modern_meta(obj)
            if meta is not None:
                if self.era != "modern":
                    self.era = "modern"
                    info = meta.get(rewrite.CLIENT_INFO_META_KEY)
                    self.status.update(era="modern", host=info if isinstance(info, dict) else None)
                if not self.transparent:
                    self.host_has_roots = rewrite.declare_roots_in_meta(meta)
                    changed = True
                    if method in rewrite.INPUT_REQUIRED_METHODS:
                        self.rounds.add_own_answers(method, obj)
        if is_held(method) and (refused := self._withheld()) is not None:
            # It would serve folders the user has not shared (or has paused): refused, in one clear sentence.
            log.info("refused %s: %s", method, refused)
            await self.host.send(error_response(obj["id"], WITHHELD, str(refused)))
            return
        if method in rewrite.INPUT_REQUIRED_METHODS and self.era == "modern" and not self.transparent:
            self.rounds.track(obj)
        self.pending_host[key] = obj["id"]
        if self._withdrawn and is_held(method):  # its answer may show the server serving a withdrawn folder
            self._asked[key] = list(_strings(obj.get("params")))
        await self._forward(encode(obj) if changed else message.raw, held=is_held(method), key=key)

    async def _host_notification(self, message: Message, obj: dict[str, Any]) -> None:
        method = message.method
        if method == "notifications/initialized":
            self.initialized = True
            await self.upstream.send(message.raw)
            self._begin_hold()
            self._roots_changed()  # a change made during the handshake
            return
        if method == "notifications/roots/list_changed" and not self.transparent:
            if self.policy == "rootkeeper":
                return  # the server sees Rootkeeper's list; the host's changes are not its business
        elif method == "notifications/cancelled":
            params = obj.get("params")
            if isinstance(params, dict) and "requestId" in params and self._is_waiting(key_of(params["requestId"])):
                self._held.append((None, message.raw))  # right behind its request, never before it
                return
            rewritten = self.rounds.cancelled(obj)
            if rewritten is not None:
                await self.upstream.send(rewritten)
                return
        await self.upstream.send(message.raw)

    # -- the first call sees the shared folders (`app.engine.first_call`) ---------------------------------

    def _begin_hold(self) -> None:
        """After `initialized` (sent, or replayed to a new process): hold the host's requests if the rule says so."""
        self.hold.release("ended")
        log_path = self.upstream.log_path
        holding = holds(era=self.era, declares_roots=not self.transparent)
        hold = self.hold = FirstCallHold(RootsFetches(log_path), log_path, holding=holding)
        if holding and not self.spawn(self._settle(hold)):
            hold.release("bound")

    async def _settle(self, hold: FirstCallHold) -> None:
        released = await hold.settle(self._ping)
        log.info("the host's first requests go to the server (%s)", released)
        if released == "no fetch":
            self.source.learned("never")  # connected, given the capability, and it did not ask for its folders
        if hold is self.hold:
            await self._flush_held()

    async def _ping(self) -> None:
        request_id = self.new_id()
        key = key_of(request_id)
        answered: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.own_server_requests[key] = answered
        try:
            if not await self.upstream.send(encode({"jsonrpc": "2.0", "id": request_id, "method": "ping"})):
                raise ConnectionError("the server does not read")
            await answered  # an error answer is an answer too: the server has read what came before
        finally:
            self.own_server_requests.pop(key, None)

    async def _forward(self, raw: bytes, *, held: bool, key: Key | None = None) -> None:
        """Send a host message to the server, or queue it behind the held ones (`held`: the rule says it waits)."""
        if held and (self.hold.holding or self._held or self._flushing):
            self._held.append((key, raw))
            return
        await self.upstream.send(raw)

    def _is_waiting(self, key: Key) -> bool:
        return any(held == key for held, _raw in self._held)

    async def _flush_held(self) -> None:
        """The held messages, in the order they came (what arrives meanwhile queues behind them)."""
        if self._flushing:
            return
        self._flushing = True
        try:
            while self._held:
                _key, raw = self._held.popleft()
                await self.upstream.send(raw)
        finally:
            self._flushing = False

    # -- server → host ----------------------------------------------------------------------------------

    async def _pump_server(self) -> str:
        while True:
            try:
                raw = await self.upstream.receive()
            except MessageTooLarge as exc:
                log.error("the server sent %s; dropping it", exc)
                return sentence("bridge.too_large", what=exc)
            if raw is None:
                return self.upstream.exit_detail()
            try:
                message = decode(raw)
            except ValueError:
                log.warning("the server sent something that is not JSON: %r", raw[:200])
                self.to_server_soon(error_response(None, PARSE_ERROR, "Parse error"))
                continue
            try:
                await self._from_server(message)
            except Exception:  # a message no rule foresaw must not end the session
                log.exception("could not handle a message from the server; forwarded as is: %r", raw[:200])
                await self.host.send(raw)

    async def _from_server(self, message: Message) -> None:
        obj = message.obj
        if isinstance(message.value, list):  # a batch of answers settles the host requests it answers
            for item in message.value:
                if isinstance(item, dict) and "id" in item and "method" not in item:
                    self.pending_host.pop(key_of(item["id"]), None)
        if self.transparent or obj is None:
            if message.is_response and obj is not None:
                self.pending_host.pop(key_of(obj["id"]), None)
            await self.host.send(message.raw)
            return
        if message.is_response:
            key = key_of(obj["id"])
            own = self.own_server_requests.pop(key, None)
            if own is not None:  # the answer to the bridge's ping
                if not own.done():
                    own.set_result(obj)
                return
            if await self.rounds.server_answered(key, obj, message.raw):
                return
            asked = self._asked.pop(key, None) if self._asked else None
            if asked is not None and (refused := self._served_withdrawn(obj, asked)) is not None:
                log.info("the server served a folder after its list became empty; answered instead: %s", refused)
                self.pending_host.pop(key, None)
                await self.host.send(error_response(obj["id"], WITHHELD, str(refused)))
                return
            self.pending_host.pop(key, None)
            await self.host.send(message.raw)
            return
        if message.is_request:
            key = key_of(obj["id"])
            if message.method == "roots/list":
                self.hold.fetches.asked(key)  # in the order read: before the answer to a later ping
            if message.method == "roots/list" and not self._host_answers_roots():
                if not self.spawn(self._answer_roots_list(obj["id"], self.hold.fetches)):
                    log.warning("too many roots requests at once; one was dropped")
                return
            if self.is_own_id(key):
                self.to_server_soon(error_response(obj["id"], INVALID_REQUEST, ID_IN_USE))
                return
        await self.host.send(message.raw)

    # -- roots ----------------------------------------------------------------------------------------------

    def _host_answers_roots(self) -> bool:
        return self.policy == "host" and self.host_has_roots

    def needs_host_roots(self) -> bool:
        return self.policy == "merge" and self.host_has_roots

    async def roots_for_server(self) -> list[dict[str, Any]]:
        """The list the server sees now: Rootkeeper's, merged with the host's when the policy says so."""
        own = rewrite.root_objects(self.source.current())
        if not self.needs_host_roots() or self.era != "legacy":
            return own
        return rewrite.merge_roots(own, await self._host_roots())

    async def _host_roots(self) -> list[Any]:
        request_id = self.new_id()
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.own_requests[key_of(request_id)] = future
        await self.host.send(encode({"jsonrpc": "2.0", "id": request_id, "method": "roots/list"}))
        try:
            answer = await asyncio.wait_for(future, timeout=HOST_ROOTS_TIMEOUT)
        except (TimeoutError, asyncio.CancelledError):
            log.warning("the host did not answer roots/list; using Rootkeeper's list only")
            return []
        finally:
            self.own_requests.pop(key_of(request_id), None)
        result = answer.get("result") if isinstance(answer, dict) else None
        roots = result.get("roots") if isinstance(result, dict) else None
        return roots if isinstance(roots, list) else []

    def _withheld(self) -> text.Message | None:
        """Why the server may not serve now: a server that keeps folders after an empty list, while Rootkeeper's
        list for it is empty (with the host's own list in play, the host decides)."""
        if self.transparent or self.policy != "rootkeeper":
            return None
        return self.source.withheld()

    def _rootkeepers_part(self) -> list[SharedRoot] | None:
        """The list the server gets from Rootkeeper now; None when the host's list is merged in (not known here)."""
        return None if self.needs_host_roots() else self.source.current()

    async def _answer_roots_list(self, request_id: Any, fetches: RootsFetches) -> None:
        after_telling = self.relist.listing(self._rootkeepers_part())  # before any wait: a change from now on is told
        self.source.learned("on_change" if after_telling or self.era == "modern" else "at_connect")
        roots = await self.roots_for_server()
        self._note_given(roots)
        await self.upstream.send(encode({"jsonrpc": "2.0", "id": request_id, "result": {"roots": roots}}))
        fetches.answered(key_of(request_id))
        self.status.roots_fetched([root["uri"] for root in roots])

    # -- a server that keeps folders after an empty list (`ServerEntry.keeps_after_empty`) ----------------

    def _note_given(self, roots: list[dict[str, Any]]) -> None:
        """Remember what the server is given; an empty answer arms the check of `_served_withdrawn`."""
        if self.policy != "rootkeeper":  # the host's list is in play: the host decides
            return
        if not roots:
            self._withdrawn = sorted(self._given)
            return
        self._withdrawn, self._asked = [], {}
        for root in roots:
            uri = root.get("uri")
            if isinstance(uri, str):
                self._given.add(uri)
                with contextlib.suppress(PathError):
                    self._given.add(uri_to_path(uri))

    def _served_withdrawn(self, answer: dict[str, Any], asked: list[str]) -> text.Message | None:
        """After an empty list, a successful answer about a folder given before shows the server keeps its folders
        (`serves_withdrawn`): remembered, and the answer is withheld when the list is (still) empty."""
        result = answer.get("result")
        if not isinstance(result, dict) or result.get("isError") is True:
            return None
        if not serves_withdrawn([*asked, *_strings(result)], self._withdrawn):
            return None
        self.source.learned_keeps()
        return self._withheld()

    def _needs_telling(self) -> bool:
        if self.transparent or self.era != "legacy" or not self.initialized or self._host_answers_roots():
            return False
        return self.relist.changed(self._rootkeepers_part())

    def _roots_changed(self) -> None:
        if self.relist.telling or not self._needs_telling():
            return
        self.relist.begin()
        if not self.spawn(self._tell()):
            self.relist.telling = False
            log.warning("the server is not reading; a message for it was dropped")

    async def _tell(self) -> None:
        await self.relist.tell(self._needs_telling, self._notify, "the server")
        if await self.relist.relisted_within(RELIST_BOUND) or not self.relist.awaiting:
            return
        # It asks for its folders only when it connects: a new process starts it from the new list.
        self.source.learned("at_connect")
        if isinstance(self.upstream, RestartingUpstream) and self.upstream.restart_now():
            log.info("the server did not ask for its folders after being told they changed; restarting it")

    async def _notify(self) -> bool:
        notification = encode({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"})
        if not await self.upstream.send(notification):
            return False
        log.info("told the server its list changed")
        return True


def _strings(value: Any) -> Iterator[str]:
    """Every string in a decoded JSON value (without recursion: a server may nest as deep as the parser allows)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _rpc_shaped(message: Message) -> bool:
    """Whether a JSON value is a JSON-RPC message at all: a request or notification (a method) or an answer."""
    return message.method is not None or message.is_response
