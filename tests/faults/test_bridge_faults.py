"""Faults on either side of the bridge (issue 10, #15): clean JSON-RPC errors, no hang, no orphan, nothing but
JSON-RPC on stdout."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from tests.support.bridge import RawHostFactory, bridge_env, raw_server
from tests.support.processes import running
from tests.support.recordings import read_events, received_lines, server_pid
from tests.support.store import add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120), pytest.mark.usefixtures("stores_at_end")]


@pytest.fixture
def record(tmp_path: Path, rk_home: Path) -> Path:
    path = tmp_path / "record.jsonl"
    add_server(rk_home, "raw", raw_server(path), share="all", consent="given")
    return path


def children_of(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found |= {int(child) for child in text.split()}
    return found


async def test_garbage_from_the_host_is_answered_with_a_parse_error(
    rk_home: Path, record: Path, *, raw_host: RawHostFactory
) -> None:
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        await host.send_raw(b"this is {not json")
        error = await host.wait_for(lambda m: m.get("error", {}).get("code") == -32700)
        assert error == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}
        # A request with an odd id goes on to the server, which answers for itself; JSON that is no JSON-RPC
        # message at all is answered by the bridge (tests/faults/test_bridge_edges.py).
        await host.send_raw(b'{"jsonrpc":"2.0","id":{"an":"object"},"method":"tools/list"}')
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert (await host.reply_to(1))["result"] == {"tools": []}
        assert (await host.reply_to({"an": "object"}))["result"] == {"tools": []}
        assert "this is {not json" not in received_lines(record)
        assert await host.close_input() == 0
        host.assert_only_jsonrpc()


async def test_garbage_from_the_server_is_answered_there_and_never_reaches_stdout(
    rk_home: Path, record: Path, *, raw_host: RawHostFactory
) -> None:
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "test/garbage"})
        assert (await host.reply_to(1))["result"] == {"after": "garbage"}

        def parse_errors() -> list[dict[str, object]]:
            found = []
            for line in received_lines(record):
                message = json.loads(line)
                if isinstance(message, dict) and message.get("error", {}).get("code") == -32700:
                    found.append(message)
            return found

        (error,) = await eventually(parse_errors, "the server was told it sent garbage")
        assert error["id"] is None
        assert await host.close_input() == 0
        host.assert_only_jsonrpc()
        assert all(b"not json" not in line for line in host.lines)


async def test_a_server_that_exits_fails_pending_requests_then_ends_the_output(
    rk_home: Path, record: Path, *, raw_host: RawHostFactory
) -> None:
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        await host.send({"jsonrpc": "2.0", "id": "slow", "method": "test/slow"})
        await host.send({"jsonrpc": "2.0", "id": 2, "method": "test/exit"})
        for request_id in ("slow", 2):
            reply = await host.reply_to(request_id)
            assert reply["error"]["code"] == -32000
            assert "exited with code 3" in reply["error"]["message"]
        await eventually(host.eof.is_set, "the host got EOF")
        assert await host.close_input() == 0
        assert not running(server_pid(record))
        host.assert_only_jsonrpc()


async def test_closing_stdin_stops_the_server_and_what_it_started(
    rk_home: Path, record: Path, *, raw_host: RawHostFactory
) -> None:
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "test/spawn"})
        grandchild = (await host.reply_to(1))["result"]["pid"]
        server = server_pid(record)
        assert children_of(host.process.pid) == {server}
        assert running(grandchild)
        assert await host.close_input() == 0
    await eventually(lambda: not running(server), "the server is gone")
    await eventually(lambda: not running(grandchild), "the server's own child is gone")


async def test_a_hanging_server_that_ignores_sigterm_is_killed_when_the_host_leaves(
    rk_home: Path, record: Path, *, raw_host: RawHostFactory
) -> None:
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "test/hang"})
        await eventually(lambda: any('"test/hang"' in line for line in received_lines(record)), "the server hangs")
        server = server_pid(record)
        assert await host.close_input() == 0
        assert not running(server)
        host.assert_only_jsonrpc()


async def test_a_server_sending_a_message_over_the_cap_is_dropped_cleanly(
    rk_home: Path, record: Path, *, raw_host: RawHostFactory
) -> None:
    env = bridge_env(rk_home, ROOTKEEPER_BRIDGE_MAX_MESSAGE_BYTES=str(1024 * 1024))
    async with raw_host(rk_home, "--server", "raw", env=env) as host:
        await host.handshake()
        await host.send({"jsonrpc": "2.0", "id": "waiting", "method": "test/slow"})
        await host.send({"jsonrpc": "2.0", "id": 2, "method": "test/huge", "params": {"size": 3 * 1024 * 1024}})
        reply = await host.reply_to("waiting")
        assert reply["error"]["code"] == -32000 and "more than the bridge accepts" in reply["error"]["message"]
        await eventually(host.eof.is_set, "the host got EOF")
        assert await host.close_input() == 0
        assert not running(server_pid(record))
        assert all(len(line) < 1024 * 1024 for line in host.lines)
        host.assert_only_jsonrpc()


async def test_a_host_line_over_the_cap_is_refused_and_the_bridge_goes_on(
    rk_home: Path, record: Path, *, raw_host: RawHostFactory
) -> None:
    env = bridge_env(rk_home, ROOTKEEPER_BRIDGE_MAX_MESSAGE_BYTES=str(1024 * 1024))
    async with raw_host(rk_home, "--server", "raw", env=env) as host:
        await host.handshake()
        huge = b'{"jsonrpc":"2.0","id":5,"method":"x","params":"' + b"z" * (3 * 1024 * 1024) + b'"}'
        await host.send_raw(huge)
        await host.wait_for(lambda m: m.get("error", {}).get("code") == -32700)
        await host.send({"jsonrpc": "2.0", "id": 6, "method": "tools/list"})
        assert (await host.reply_to(6))["result"] == {"tools": []}
        assert all('"id":5' not in line for line in received_lines(record))
        assert await host.close_input() == 0


async def test_a_missing_command_is_one_sentence_on_stderr_and_eof(
    rk_home: Path, tmp_path: Path, *, raw_host: RawHostFactory
) -> None:
    add_server(rk_home, "ghost", [str(tmp_path / "no-such-server")], share="all", consent="given")
    async with raw_host(rk_home, "--server", "ghost") as host:
        code = await host.close_input()
        assert host.process.stderr is not None
        err = (await host.process.stderr.read()).decode()
        assert code == 1 and "was not found" in err
        assert host.lines == []


async def test_an_unknown_server_name_is_refused(rk_home: Path, *, raw_host: RawHostFactory) -> None:
    async with raw_host(rk_home, "--server", "nobody") as host:
        code = await host.close_input()
        assert host.process.stderr is not None
        err = (await host.process.stderr.read()).decode()
        assert code == 1 and "No server is named 'nobody'" in err


async def test_sigterm_to_the_bridge_stops_the_server_too(
    rk_home: Path, record: Path, *, raw_host: RawHostFactory
) -> None:
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        server = server_pid(record)
        host.process.terminate()
        async with asyncio.timeout(30):
            await host.process.wait()
        assert not running(server)
    assert not list((rk_home / "state" / "sessions").glob("*.json")), "the session file went with the bridge"


def blocked_writing(pid: int) -> bool:
    try:
        return "pipe_write" in Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False


async def test_a_flooding_server_is_held_back_while_the_host_does_not_read(
    rk_home: Path, record: Path, *, raw_host: RawHostFactory
) -> None:
    cap = 1024 * 1024
    total = 256  # notifications of 64 KiB: 16 MiB, twice what the buffers on the way may hold
    env = bridge_env(rk_home, ROOTKEEPER_BRIDGE_MAX_MESSAGE_BYTES=str(cap))
    async with raw_host(rk_home, "--server", "raw", env=env, limit=cap) as host:
        await host.handshake()
        host.reading.clear()
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "test/flood", "params": {"count": total}})
        server = server_pid(record)

        def flooded() -> int:
            return max((item.get("flooded", 0) for item in read_events(record)), default=0)

        def done() -> bool:
            return any(item.get("flood_done") for item in read_events(record))

        # Wait for a steady state: the server stuck writing, its count no longer moving (or, without
        # backpressure, the whole flood written).
        seen: list[int] = []

        def settled() -> bool:
            if done():
                return True
            seen.append(flooded() if blocked_writing(server) else -1)
            return len(seen) >= 3 and seen[-1] == seen[-2] == seen[-3] >= 0

        await eventually(settled, "the flood settled", timeout=60)
        assert not done(), "the bridge buffered the whole flood"
        assert flooded() * 65 * 1024 < 8 * cap, flooded()
        host.reading.set()
        await host.reply_to(1, timeout=60)
        assert sum(1 for line in host.lines if b"notifications/flood" in line) == total
        assert await host.close_input() == 0


async def test_an_http_server_that_is_not_there_is_a_clean_error_per_request(
    rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    from app.core.model import HttpTarget, ServerEntry
    from app.core.store.store import Store
    from tests.support.servers import free_port

    entry = ServerEntry(name="web", target=HttpTarget(url=f"http://127.0.0.1:{free_port()}/mcp"), consent="given")
    Store(rk_home).update(lambda data: data.servers.append(entry))
    async with raw_host(rk_home, "--server", "web") as host:
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
        reply = await host.reply_to(1)
        assert reply["error"]["code"] == -32000 and "cannot be reached" in reply["error"]["message"]
        assert await host.close_input() == 0
        host.assert_only_jsonrpc()
