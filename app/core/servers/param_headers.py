"""The 2026-07-28 HTTP headers mirrored from a request's body: `Mcp-Name` and the `Mcp-Param-*` of a tool call.

One rule for `rootkeeper call` (and the hub), whose SDK transport gets them from a request hook, and
for the bridge, which posts the host's bytes itself. A tool's `inputSchema` marks a parameter with
`"x-mcp-header": "Region"`; a `tools/call` over Streamable HTTP in that era then carries
`Mcp-Param-Region: <value>` (the transport specification's "Custom Headers from Tool Parameters"):

- only properties reached from the schema root through `properties` keys alone count; an
  annotation anywhere else, a name that is not an HTTP token, a case-insensitive duplicate, or a
  type other than string, integer or boolean makes the tool's annotations invalid, and nothing is
  mirrored for it;
- a value absent or null sends no header; `true`/`false` for booleans, decimal for integers;
- a value that is not plain printable ASCII without surrounding whitespace (or that looks like the
  sentinel itself) travels as `=?base64?<UTF-8 in Base64>?=`.

`ToolHeaders` keeps the annotations of the tools a session has listed (bounded), so a later call
can be given its headers.
"""

from __future__ import annotations

import base64
import json
import logging
import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

log = logging.getLogger(__name__)

PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion"
X_MCP_HEADER = "x-mcp-header"
PARAM_HEADER_PREFIX = "mcp-param-"
NAME_BEARING = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}
"""The requests whose `Mcp-Name` header mirrors a field of their params."""

MAX_TOOLS = 4096
"""Most tools whose annotations one session remembers (the oldest are forgotten first)."""
MAX_LISTINGS_PENDING = 64
"""Most `tools/list` requests awaited at once by an observer of raw traffic (the bridge)."""

_PLAIN = re.compile(r"[\x20-\x7e]*")
_SENTINEL = re.compile(r"=\?base64\?.*\?=", re.DOTALL)
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_PRIMITIVE = frozenset({"string", "integer", "boolean"})
_ONE = frozenset({
    "items", "contains", "unevaluatedItems", "additionalProperties", "propertyNames", "unevaluatedProperties",
    "not", "if", "then", "else", "contentSchema",
})
_LIST = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
_MAP = frozenset({"patternProperties", "dependentSchemas", "$defs", "definitions"})
"""Schema keywords holding subschemas off the plain `properties` chain: an annotation under one is invalid."""

HeaderMap = dict[tuple[str, ...], str]
"""Property path (the chain of `properties` keys) → the `x-mcp-header` name."""


def header_value(value: str) -> str:
    """A header value as the era's HTTP transport encodes it: verbatim when safe, else Base64-wrapped."""
    if _PLAIN.fullmatch(value) and value == value.strip() and not _SENTINEL.fullmatch(value):
        return value
    return f"=?base64?{base64.b64encode(value.encode('utf-8')).decode('ascii')}?="


def _positions(schema: Any) -> Iterator[tuple[tuple[str, ...] | None, dict[str, Any]]]:
    """Every subschema with its `properties` path, or None once the chain left plain `properties`."""
    stack: list[tuple[tuple[str, ...] | None, Any]] = [((), schema)]
    while stack:
        where, node = stack.pop()
        if not isinstance(node, dict):
            continue
        yield where, node
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                stack.extend(((*where, name) if where is not None else None, sub) for name, sub in value.items())
            elif key in _ONE:
                stack.append((None, value))
            elif key in _LIST and isinstance(value, list):
                stack.extend((None, sub) for sub in value)
            elif key in _MAP and isinstance(value, dict):
                stack.extend((None, sub) for sub in value.values())


def header_map(input_schema: Any) -> HeaderMap | None:
    """The parameters a tool mirrors into headers, or None when an annotation breaks the rule."""
    found: HeaderMap = {}
    seen: set[str] = set()
    for path, schema in _positions(input_schema):
        if X_MCP_HEADER not in schema:
            continue
        name = schema[X_MCP_HEADER]
        if not path or not isinstance(name, str) or not _TOKEN.fullmatch(name) or name.lower() in seen:
            return None
        if schema.get("type") not in _PRIMITIVE:
            return None
        seen.add(name.lower())
        found[path] = name
    return found


def _rendered(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return None


def param_headers(mirrored: HeaderMap, arguments: Any) -> dict[str, str]:
    """The `Mcp-Param-*` headers (lower-case names) for these arguments under a tool's header map."""
    headers: dict[str, str] = {}
    for path, name in mirrored.items():
        value: Any = arguments
        for key in path:
            value = value.get(key) if isinstance(value, Mapping) else None
        rendered = _rendered(value)
        if rendered is not None:
            headers[PARAM_HEADER_PREFIX + name.lower()] = header_value(rendered)
    return headers


def is_modern_request(obj: Mapping[str, Any]) -> bool:
    """A 2026-07-28 request: its `_meta` names the protocol version."""
    params = obj.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    return isinstance(meta, dict) and isinstance(meta.get(PROTOCOL_VERSION_META_KEY), str)


class ToolHeaders:
    """The header annotations of the tools one session has listed, and the headers a call gets from them."""

    def __init__(self, max_tools: int = MAX_TOOLS) -> None:
        self._maps: OrderedDict[str, HeaderMap | None] = OrderedDict()
        self._max_tools = max_tools
        self._pending: OrderedDict[tuple[str, Any], None] = OrderedDict()
        self.listed = False
        """Whether any listing was remembered in this session."""

    def knows(self, tool: object) -> bool:
        """Whether a listing named this tool (its marked parameters, or that it has none, are known)."""
        return isinstance(tool, str) and tool in self._maps

    def remember(self, tools: Iterable[Any]) -> None:
        """Take in one `tools/list` page's `tools` (dicts with `name` and `inputSchema`)."""
        self.listed = True
        for tool in tools:
            if not isinstance(tool, dict) or not isinstance(name := tool.get("name"), str):
                continue
            mirrored = header_map(tool.get("inputSchema"))
            if mirrored is None:
                log.warning("the tool %r marks parameters for headers against the rule; none are sent", name)
            self._maps[name] = mirrored
            self._maps.move_to_end(name)
            while len(self._maps) > self._max_tools:
                self._maps.popitem(last=False)

    def seen_answer(self, raw: bytes) -> None:
        """Look at one message from the server: the answer to a `tools/list` seen in `headers_for` is taken in."""
        if not self._pending or b'"tools"' not in raw:
            return
        try:
            answer = json.loads(raw)
        except ValueError:
            return
        key = _key(answer.get("id")) if isinstance(answer, dict) else None
        if key is None or key not in self._pending:
            return
        del self._pending[key]
        result = answer.get("result")
        tools = result.get("tools") if isinstance(result, dict) else None
        if isinstance(tools, list):
            self.remember(tools)

    def headers_for(self, obj: Mapping[str, Any]) -> dict[str, str]:
        """The `Mcp-Param-*` headers of a 2026-07-28 `tools/call` request (empty for anything else).

        A `tools/list` request is noted, so that `seen_answer` knows its answer.
        """
        params = obj.get("params")
        if obj.get("method") == "tools/list" and (key := _key(obj.get("id"))) is not None:
            self._pending[key] = None
            while len(self._pending) > MAX_LISTINGS_PENDING:
                self._pending.popitem(last=False)
        if obj.get("method") != "tools/call" or not isinstance(params, dict) or not is_modern_request(obj):
            return {}
        name = params.get("name")
        mirrored = self._maps.get(name) if isinstance(name, str) else None
        if not mirrored:
            return {}
        return param_headers(mirrored, params.get("arguments"))


def _key(request_id: Any) -> tuple[str, Any] | None:
    """A JSON-RPC id as a dict key (`1` and `"1"` differ; `true` is no id)."""
    if isinstance(request_id, str) or (isinstance(request_id, int) and not isinstance(request_id, bool)):
        return (type(request_id).__name__, request_id)
    return None
