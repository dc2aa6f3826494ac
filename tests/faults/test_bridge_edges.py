"""The bridge's JSON-RPC edges (issue 36 #12): what is no JSON-RPC message gets -32600, and a server whose
command is missing still answers the host's `initialize` — with the sentence that says why.

A real bridge process, the raw recording server (tests/servers/bridge_raw.py) over real pipes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.bridge import RawHostFactory, raw_server
from tests.support.recordings import received_lines
from tests.support.store import add_server

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120), pytest.mark.usefixtures("stores_at_end")]

NOT_MESSAGES = [b"[]", b"null", b"42", b'"text"', b"{}", b"true", b'{"method":7}', b'{"jsonrpc":"2.0","id":9}']


@pytest.fixture
def record(tmp_path: Path, rk_home: Path) -> Path:
    path = tmp_path / "record.jsonl"
    add_server(rk_home, "raw", raw_server(path), share="all", consent="given")
    return path


async def test_json_that_is_no_message_is_an_invalid_request_and_the_session_goes_on(
    rk_home: Path, record: Path, request: pytest.FixtureRequest, *, raw_host: RawHostFactory
) -> None:
    async with raw_host(rk_home, "raw") as host:
        await host.handshake()
        def invalid() -> list[dict[str, object]]:
            parsed = [json.loads(line) for line in host.lines]
            return [m for m in parsed if isinstance(m, dict) and m.get("error", {}).get("code") == -32600]

        for count, odd in enumerate(NOT_MESSAGES, start=1):
            await host.send_raw(odd)
            await host.wait_for(lambda _message, count=count: len(invalid()) >= count)  # type: ignore[misc]
            expected_id = 9 if odd == b'{"jsonrpc":"2.0","id":9}' else None
            assert invalid()[-1] == {"jsonrpc": "2.0", "id": expected_id,
                                     "error": {"code": -32600, "message": "Invalid Request"}}, odd
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert (await host.reply_to(1))["result"] == {"tools": []}
        received = received_lines(record)
        assert not any(line.strip() == odd.decode() for line in received for odd in NOT_MESSAGES)
        assert await host.close_input() == 0
        host.assert_only_jsonrpc()
    request.node.user_properties.append(("cases_tried", len(NOT_MESSAGES)))


async def test_a_missing_command_answers_initialize_with_why(
    rk_home: Path, tmp_path: Path, *, raw_host: RawHostFactory
) -> None:
    add_server(rk_home, "ghost", [str(tmp_path / "no-such-server")], share="all", consent="given")
    async with raw_host(rk_home, "ghost") as host:
        await host.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw-host", "version": "1"}}})
        answer = await host.reply_to(0)
        assert answer["error"]["code"] == -32001 and "was not found" in answer["error"]["message"], answer
        assert json.dumps(answer).count("no-such-server") == 1
        assert await host.close_input() == 1
