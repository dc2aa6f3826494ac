"""2026-07-28 input-required rounds: the bridge answers the server's `roots/list` questions itself.

When a server answers `tools/call`, `resources/read` or `prompts/get` with an input-required
result that asks for `roots/list`:

- if roots were all it asked, the bridge retries at once (a new id of its own, the same params,
  `inputResponses` with the roots, `requestState` echoed) and the host only ever sees the final
  answer, under its own id;
- if other questions remain (an elicitation, say), the host gets them with the roots question
  removed, and the bridge adds its answer to the host's retry;
- under the `merge` policy with a host that has roots, the host answers the question and the
  bridge adds Rootkeeper's folders to that answer; under `host`, the host's answer stands.

Rounds are bounded (MAX_INPUT_ROUNDS), as the SDK bounds its own loop.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Protocol

from app.bridge import rewrite
from app.bridge.framing import INTERNAL_ERROR, WITHHELD, LineWriter, encode, error_response, key_of
from app.bridge.source import RootsSource
from app.bridge.status import SessionStatus
from app.core.servers import words
from app.core.text import Message, sentence

log = logging.getLogger(__name__)

Key = tuple[str, Any]


@dataclass
class Chain:
    """One host request that may go through several rounds."""

    host_id: Any
    method: str
    params: dict[str, Any] | None
    rounds: int = 0
    upstream_id: Any = None


class Proxy(Protocol):
    """What the rounds need of the bridge that owns them (`app.bridge.proxy.Bridge`)."""

    host: LineWriter
    source: RootsSource
    status: SessionStatus
    host_has_roots: bool
    pending_host: dict[Key, Any]

    @property
    def policy(self) -> words.RootsSource: ...

    def new_id(self) -> str: ...

    def to_server_soon(self, raw: bytes) -> bool: ...

    def gave(self, roots: list[dict[str, Any]]) -> None: ...

    def served_withdrawn(self, answer: dict[str, Any], asked: Any) -> Message | None: ...


class Rounds:
    def __init__(self, bridge: Proxy) -> None:
        self._bridge = bridge
        self._chains: dict[Key, Chain] = {}
        self._retries: dict[Key, Chain] = {}
        # round key -> (questions the bridge answers itself, questions whose host answer it extends)
        self._additions: dict[str, tuple[list[str], list[str]]] = {}
        self.asked = False
        """The server asked for its folders in a round of this session."""

    def owns(self, key: Key) -> bool:
        return key in self._retries

    def tracks(self, key: Key) -> bool:
        """Whether the host's request `key` is one whose rounds are handled here."""
        return key in self._chains

    def track(self, obj: dict[str, Any]) -> None:
        params = obj.get("params")
        self._chains[key_of(obj["id"])] = Chain(obj["id"], obj["method"], params if isinstance(params, dict) else None)

    def add_own_answers(self, method: str, obj: dict[str, Any]) -> None:
        """A host's retry of a round the bridge answered in part: put the bridge's answers in."""
        params = obj.get("params")
        if not isinstance(params, dict) or not isinstance(params.get("inputResponses"), dict):
            return
        pending = self._additions.pop(rewrite.round_key(method, params, params.get("requestState")), None)
        if pending is None:
            return
        own_keys, merge_keys = pending
        own = rewrite.root_objects(self._bridge.source.current())
        responses: dict[str, Any] = params["inputResponses"]
        for key in own_keys:
            responses[key] = {"roots": own}
        for key in merge_keys:
            answer = responses.get(key)
            host_roots = answer.get("roots") if isinstance(answer, dict) else None
            responses[key] = {"roots": rewrite.merge_roots(own, host_roots if isinstance(host_roots, list) else [])}
        self._bridge.gave(own)

    def cancelled(self, obj: dict[str, Any]) -> bytes | None:
        """A host's cancellation of a request the bridge is retrying under its own id: point it at that id."""
        params = obj.get("params")
        if not isinstance(params, dict) or "requestId" not in params:
            return None
        chain = self._chains.get(key_of(params["requestId"]))
        if chain is None or chain.upstream_id is None:
            return None
        return encode({**obj, "params": {**params, "requestId": chain.upstream_id}})

    async def server_answered(self, key: Key, obj: dict[str, Any], raw: bytes) -> bool:
        """Handle a server's answer if it belongs to a tracked request; False means forward it as is."""
        chain = self._retries.pop(key, None)
        from_retry = chain is not None
        if chain is None:
            chain = self._chains.get(key)
        if chain is None:
            return False
        result = obj.get("result")
        keys = rewrite.roots_keys(result) if isinstance(result, dict) and rewrite.is_input_required(result) else []
        if not keys:
            await self._finish(chain, obj, raw, from_retry)
            return True
        assert isinstance(result, dict)
        bridge = self._bridge
        if not self.asked:  # it asks within each request that needs the list: it follows every change
            self.asked = True
            bridge.source.learned("on_change")
        host_answers = bridge.policy in ("host", "merge") and bridge.host_has_roots
        if host_answers:
            if bridge.policy == "merge":
                self._additions[self._round_key(chain, result)] = ([], keys)
            await self._finish(chain, obj, raw, from_retry)
            return True
        others = rewrite.without_keys(result, keys)
        if others["inputRequests"]:
            self._additions[self._round_key(chain, result)] = (keys, [])
            await self._finish(chain, {**obj, "result": others}, None, from_retry)
            return True
        await self._retry(chain, keys, result)
        return True

    def _round_key(self, chain: Chain, result: dict[str, Any]) -> str:
        return rewrite.round_key(chain.method, chain.params, result.get("requestState"))

    async def _retry(self, chain: Chain, keys: list[str], result: dict[str, Any]) -> None:
        bridge = self._bridge
        chain.rounds += 1
        if chain.rounds > rewrite.MAX_INPUT_ROUNDS:
            log.warning("%s asked for input more than %d times; giving up", chain.method, rewrite.MAX_INPUT_ROUNDS)
            self._forget(chain)
            said = sentence("bridge.input_rounds", rounds=rewrite.MAX_INPUT_ROUNDS)
            await bridge.host.send(error_response(chain.host_id, INTERNAL_ERROR, said))
            return
        own = rewrite.root_objects(bridge.source.current())
        retry_id = bridge.new_id()
        chain.upstream_id = retry_id
        self._retries[key_of(retry_id)] = chain
        params = rewrite.retry_params(chain.params, {key: {"roots": own} for key in keys}, result)
        bridge.gave(own)
        retry = encode({"jsonrpc": "2.0", "id": retry_id, "method": chain.method, "params": params})
        if not bridge.to_server_soon(retry):
            self._forget(chain)
            await bridge.host.send(
                error_response(chain.host_id, INTERNAL_ERROR, sentence("bridge.not_reading"))
            )

    async def _finish(self, chain: Chain, obj: dict[str, Any], raw: bytes | None, from_retry: bool) -> None:
        """Hand the host its answer under its own id; the request is over as far as the bridge is concerned.

        A final answer that shows the server serving a folder an empty list withdrew is answered with why it is
        withheld instead (`Bridge.served_withdrawn`, the same check as in the handshake era)."""
        self._forget(chain)
        if chain.method == "tools/call" and not self.asked and "result" in obj:
            # A tool call ran, and the server has not asked for its folders in this session (it would have, in
            # the call that needed them): seen never asking (`app.core.servers.binding`).
            self._bridge.source.learned("never")
        if not rewrite.is_input_required(obj.get("result")):
            refused = self._bridge.served_withdrawn(obj, chain.params)
            if refused is not None:
                log.info("the server served a folder after its list became empty; answered instead: %s", refused)
                await self._bridge.host.send(error_response(chain.host_id, WITHHELD, str(refused)))
                return
        if raw is None or from_retry:
            raw = encode({**obj, "id": chain.host_id})
        await self._bridge.host.send(raw)

    def _forget(self, chain: Chain) -> None:
        key = key_of(chain.host_id)
        self._chains.pop(key, None)
        self._bridge.pending_host.pop(key, None)
        if chain.upstream_id is not None:
            self._retries.pop(key_of(chain.upstream_id), None)
