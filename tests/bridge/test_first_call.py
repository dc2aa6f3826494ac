"""The first call through the bridge sees the shared folders (issue 32, item 3).

A host that calls a tool right after `initialized` must not overtake the server's own `roots/list`:
the bridge holds the host's requests until the server has fetched (and, on stdio, applied) its list,
or until it has shown it will not ask. Everything is observed from outside: what the host gets, and
in which order a recording server read its messages; nothing is timed.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.store.store import Store
from app.core.text import sentence
from tests.support.bridge import FS_SERVER, RawHostFactory
from tests.support.recordings import read_events as records
from tests.support.store import add_roots, add_server

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(600)]

RUNS = 20


def list_call(request_id: int) -> dict[str, Any]:
    params = {"name": "list_allowed_directories", "arguments": {}}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def tool_call(request_id: int, name: str, **arguments: Any) -> dict[str, Any]:
    params = {"name": name, "arguments": arguments}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def allowed(reply: dict[str, Any]) -> list[str]:
    heading, *lines = reply["result"]["content"][0]["text"].splitlines()
    assert heading.startswith("Allowed directories"), reply
    return lines


def first_call_server(record: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "tests.servers.first_call_raw", str(record), *args]


def arrived(record: Path) -> list[dict[str, Any]]:
    return [json.loads(item["raw"]) for item in records(record) if "raw" in item]


def position(messages: list[dict[str, Any]], predicate: Any) -> int:
    return next(index for index, message in enumerate(messages) if predicate(message))


def is_bridge_ping(message: dict[str, Any]) -> bool:
    return message.get("method") == "ping" and str(message.get("id", "")).startswith("rk-bridge")


async def test_a_call_right_after_initialized_sees_exactly_the_shared_folders_every_time(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    own, shared = tmp_path / "own", tmp_path / "shared"
    own.mkdir()
    shared.mkdir()
    add_roots(Store(rk_home), shared)
    add_server(rk_home, "fs", [node, str(FS_SERVER / "index.js"), str(own)], share="all", consent="given")
    seen = []
    for _run in range(RUNS):
        async with raw_host(rk_home, "--server", "fs") as host:
            await host.handshake()
            await host.send(list_call(1))  # at once: no wait for the server's own roots request
            seen.append(allowed(await host.reply_to(1)))
            assert await host.close_input() == 0
    assert seen == [[str(shared)]] * RUNS


async def test_a_server_that_never_asks_gets_the_call_once_it_answers_the_bridges_ping(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "quiet", first_call_server(record), share="all", consent="given")
    async with raw_host(rk_home, "--server", "quiet") as host:
        await host.handshake()
        await host.send(tool_call(1, "echo", text="first"))
        reply = await host.reply_to(1)
        assert reply["result"]["content"][0]["text"] == "first"
        # The bridge's own ping is answered to the bridge: the host never sees that answer.
        assert not any(str(json.loads(line).get("id")).startswith("rk-bridge") for line in host.lines)
        assert await host.close_input() == 0
    messages = arrived(record)
    ping = position(messages, is_bridge_ping)
    call = position(messages, lambda m: m.get("method") == "tools/call")
    initialized = position(messages, lambda m: m.get("method") == "notifications/initialized")
    assert initialized < ping < call


async def test_a_server_that_ignores_the_ping_gets_the_held_calls_in_order_after_the_bound(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "deaf", first_call_server(record, "--ignore-ping"), share="all", consent="given")
    async with raw_host(rk_home, "--server", "deaf") as host:
        await host.handshake()
        await host.send(tool_call(1, "slow"))
        await host.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}})
        await host.send(tool_call(2, "echo", text="second"))
        await host.send(tool_call(3, "echo", text="third"))
        assert (await host.reply_to(3))["result"]["content"][0]["text"] == "third"
        assert (await host.reply_to(2))["result"]["content"][0]["text"] == "second"
        assert await host.close_input() == 0
    messages = arrived(record)
    ping = position(messages, is_bridge_ping)
    order = [(m.get("method"), m.get("id", (m.get("params") or {}).get("requestId"))) for m in messages[ping + 1 :]]
    # Held, then forwarded in the host's order: the cancellation never overtakes the request it cancels.
    assert order == [("tools/call", 1), ("notifications/cancelled", 1), ("tools/call", 2), ("tools/call", 3)]


async def test_a_server_dying_while_requests_are_held_fails_them_as_it_fails_requests_in_flight(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "dies", first_call_server(record, "--ignore-ping"), share="all", consent="given")
    async with raw_host(rk_home, "--server", "dies") as host:
        await host.handshake()
        await host.send(tool_call(1, "echo", text="held"))
        await host.send({"jsonrpc": "2.0", "method": "notifications/test_exit"})  # notifications are not held
        reply = await host.reply_to(1)
        assert reply["error"] == {"code": -32000, "message": sentence("bridge.exited", code=3)}
    messages = arrived(record)
    assert not any(message.get("method") == "tools/call" for message in messages), "it never reached the server"
