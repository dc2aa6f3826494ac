"""The few changes the bridge makes to messages, as pure functions over parsed JSON.

Everything else the bridge forwards as the bytes it read; see `proxy` for when each applies.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Sequence
from typing import Any

from app.core.roots.sharing import SharedRoot

CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities"
PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion"
CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo"

INPUT_REQUIRED_METHODS = frozenset({"tools/call", "resources/read", "prompts/get"})
"""The requests a 2026-07-28 server may answer with an input-required result."""

MAX_INPUT_ROUNDS = 10


def _params(obj: dict[str, Any]) -> dict[str, Any] | None:
    params = obj.get("params")
    return params if isinstance(params, dict) else None


def modern_meta(obj: dict[str, Any]) -> dict[str, Any] | None:
    """A 2026-07-28 request's `_meta` (it carries the client capabilities), or None for any other request."""
    params = _params(obj)
    meta = params.get("_meta") if params else None
    if isinstance(meta, dict) and isinstance(meta.get(CLIENT_CAPABILITIES_META_KEY), dict):
        return meta
    return None


def declare_roots_at_initialize(obj: dict[str, Any]) -> tuple[bool, dict[str, Any] | None]:
    """Give `initialize` the roots capability with listChanged; returns (host had roots, host clientInfo)."""
    params = obj.setdefault("params", {})
    if not isinstance(params, dict):
        return False, None
    capabilities = params.setdefault("capabilities", {})
    if not isinstance(capabilities, dict):
        capabilities = params["capabilities"] = {}
    host_roots = isinstance(capabilities.get("roots"), dict)
    capabilities["roots"] = {"listChanged": True}
    info = params.get("clientInfo")
    return host_roots, info if isinstance(info, dict) else None


def declare_roots_in_meta(meta: dict[str, Any]) -> bool:
    """Add `roots: {}` to a modern request's client capabilities; returns whether the host declared roots itself."""
    capabilities = meta[CLIENT_CAPABILITIES_META_KEY]
    host_roots = isinstance(capabilities.get("roots"), dict)
    if not host_roots:
        capabilities["roots"] = {}
    return host_roots


def root_objects(roots: Iterable[SharedRoot]) -> list[dict[str, Any]]:
    return [{"uri": root.uri, "name": root.name} for root in roots]


def merge_roots(first: Sequence[dict[str, Any]], second: Sequence[Any]) -> list[dict[str, Any]]:
    """`first`, then whatever of `second` has a URI not already listed (a host's list may hold junk)."""
    merged = list(first)
    seen = {root.get("uri") for root in merged}
    for root in second:
        if isinstance(root, dict) and isinstance(root.get("uri"), str) and root["uri"] not in seen:
            seen.add(root["uri"])
            merged.append(root)
    return merged


def roots_keys(result: dict[str, Any]) -> list[str]:
    """The keys of an input-required result that ask for `roots/list`."""
    requests = result.get("inputRequests")
    if not isinstance(requests, dict):
        return []
    return [key for key, asked in requests.items() if isinstance(asked, dict) and asked.get("method") == "roots/list"]


def is_input_required(result: Any) -> bool:
    return isinstance(result, dict) and result.get("resultType") == "input_required"


def retry_params(params: dict[str, Any] | None, answers: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """The original request's params for the next round: fresh `inputResponses`, `requestState` echoed."""
    retry = copy.deepcopy(params) if params else {}
    retry["inputResponses"] = answers
    if "requestState" in result:
        retry["requestState"] = result["requestState"]
    else:
        retry.pop("requestState", None)
    return retry


def without_keys(result: dict[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    trimmed = dict(result)
    dropped = set(keys)
    trimmed["inputRequests"] = {k: v for k, v in result["inputRequests"].items() if k not in dropped}
    return trimmed


def round_key(method: str, params: dict[str, Any] | None, request_state: Any) -> str:
    """What identifies the host's retry of a round the bridge answered in part.

    The echoed `requestState` when the server sent one; otherwise the request itself, minus what
    changes between rounds.
    """
    if request_state is not None:
        return "state:" + json.dumps(request_state, sort_keys=True)
    stable = {k: v for k, v in (params or {}).items() if k not in ("inputResponses", "requestState", "_meta")}
    return "request:" + method + ":" + json.dumps(stable, sort_keys=True, default=str)
