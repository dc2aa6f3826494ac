"""The `Mcp-Param-*` rule shared by `call` and the bridge: which parameters, which names, which values."""

from __future__ import annotations

import json
from typing import Any

from app.core.servers.param_headers import MAX_TOOLS, ToolHeaders, header_map, header_value

MODERN_META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
               "io.modelcontextprotocol/clientCapabilities": {}}


def tool(name: str, **properties: Any) -> dict[str, Any]:
    return {"name": name, "inputSchema": {"type": "object", "properties": properties}}


def call(name: str, arguments: Any, *, modern: bool = True) -> dict[str, Any]:
    params: dict[str, Any] = {"name": name, "arguments": arguments}
    if modern:
        params["_meta"] = MODERN_META
    return {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params}


def test_values_are_sent_verbatim_when_safe_else_base64_wrapped() -> None:
    assert header_value("us-west1") == "us-west1"
    assert header_value("us west 1") == "us west 1"
    assert header_value("") == ""
    assert header_value("Hello, 世界") == "=?base64?SGVsbG8sIOS4lueVjA==?="
    assert header_value(" padded ") == "=?base64?IHBhZGRlZCA=?="
    assert header_value("line1\nline2") == "=?base64?bGluZTEKbGluZTI=?="
    assert header_value("\tindented") == "=?base64?CWluZGVudGVk?="
    assert header_value("=?base64?literal?=") == "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="


def test_annotations_off_the_properties_chain_or_against_the_rule_mirror_nothing() -> None:
    assert header_map({"properties": {"a": {"type": "object", "properties": {"b": {"type": "integer",
                                                                                   "x-mcp-header": "B"}}}}}) == {
        ("a", "b"): "B"}
    for bad in (
        {"properties": {"n": {"type": "number", "x-mcp-header": "N"}}},
        {"properties": {"s": {"type": "string", "x-mcp-header": "Has Space"}}},
        {"properties": {"s": {"type": "string", "x-mcp-header": ""}}},
        {"properties": {"a": {"type": "string", "x-mcp-header": "X"}, "b": {"type": "string", "x-mcp-header": "x"}}},
        {"properties": {"l": {"type": "array", "items": {"type": "string", "x-mcp-header": "L"}}}},
        {"anyOf": [{"properties": {"s": {"type": "string", "x-mcp-header": "S"}}}]},
        {"type": "string", "x-mcp-header": "Root"},
    ):
        assert header_map(bad) is None, bad


def test_a_listed_tool_gives_its_calls_their_headers_and_nothing_else_does() -> None:
    tools = ToolHeaders()
    listing = tools.headers_for({"jsonrpc": "2.0", "id": "list-1", "method": "tools/list", "params": {}})
    assert listing == {}
    schema = tool("q", region={"type": "string", "x-mcp-header": "Region"}, n={"type": "integer", "x-mcp-header": "N"},
                  on={"type": "boolean", "x-mcp-header": "On"}, query={"type": "string"})
    tools.seen_answer(json.dumps({"jsonrpc": "2.0", "id": "list-1", "result": {"tools": [schema]}}).encode())

    arguments = {"region": "eu", "n": 42, "on": False, "query": "SELECT 1"}
    assert tools.headers_for(call("q", arguments)) == {"mcp-param-region": "eu", "mcp-param-n": "42",
                                                       "mcp-param-on": "false"}
    assert tools.headers_for(call("q", {"region": None, "n": 1})) == {"mcp-param-n": "1"}  # null or absent: omitted
    assert tools.headers_for(call("q", arguments, modern=False)) == {}  # the handshake era has no such headers
    assert tools.headers_for(call("unlisted", arguments)) == {}
    assert tools.headers_for({"method": "tools/call", "params": {"name": ["q"], "_meta": MODERN_META}}) == {}
    assert not tools.knows({"name": "q"}) and tools.knows("q")
    # An answer to a request that was not a listing is not taken for one.
    tools.seen_answer(json.dumps({"jsonrpc": "2.0", "id": 9, "result": {"tools": [tool("other", r={
        "type": "string", "x-mcp-header": "R"})]}}).encode())
    assert not tools.knows("other")


def test_a_session_remembers_a_bounded_number_of_tools() -> None:
    tools = ToolHeaders(max_tools=3)
    tools.remember([tool(f"t{index}", r={"type": "string", "x-mcp-header": "R"}) for index in range(5)])
    assert [tools.knows(f"t{index}") for index in range(5)] == [False, False, True, True, True]
    assert MAX_TOOLS >= 1000
