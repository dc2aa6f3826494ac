"""The bridge as a raw pipe: a byte-level host on one side, a recording script server on the other.

What the host sends must reach the server as the same bytes (except `initialize`, which gains the
roots capability), and what the server sends must reach the host as the same bytes (except what
the bridge answers itself); everything the bridge writes to stdout is JSON-RPC.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from tests.servers.bridge_raw import BIG, answer
from tests.support.bridge import RawHostFactory, bridge_env, raw_server
from tests.support.cli import run_cli
from tests.support.recordings import read_events, received_lines
from tests.support.store import add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


@pytest.fixture
def folders(tmp_path: Path, rk_home: Path) -> dict[str, Path]:
    made = {name: tmp_path / name for name in ("alpha", "beta")}
    for folder in made.values():
        folder.mkdir()
    assert run_cli(rk_home, "roots", "add", str(made["alpha"])).code == 0
    return made


def parsed(record: Path) -> list[Any]:
    out = []
    for line in received_lines(record):
        try:
            out.append(json.loads(line))
        except ValueError:
            out.append(None)
    return out


async def test_the_hosts_traffic_arrives_unchanged_both_ways(
    tmp_path: Path, rk_home: Path, folders: Any, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "raw", raw_server(record), share="all", consent="given")
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        sent = [
            await host.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"cursor": None}}),
            await host.send({"jsonrpc": "2.0", "id": "two", "method": "test/error"}),
            await host.send({"jsonrpc": "2.0", "method": "notifications/host-custom", "params": {"n": 1}}),
            await host.send({"jsonrpc": "2.0", "id": 3, "method": "test/big"}),
            await host.send(
                {"jsonrpc": "2.0", "id": 4, "method": "test/notify", "params": {"_meta": {"progressToken": 9}}}
            ),
            await host.send({"jsonrpc": "2.0", "id": 5, "method": "test/slow"}),
            await host.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 5}}),
            await host.send({"jsonrpc": "2.0", "id": 6, "method": "test/ask"}),
        ]
        # A number formatted as the sender wrote it proves no re-serialization happened on the way.
        odd = b'{"jsonrpc":"2.0", "id":7,"method":"unknown/method","params":{"x":1.50,"y":"\\u00e9"}}'
        await host.send_raw(odd)
        sent.append(odd)
        question = await host.wait_for(lambda m: m.get("method") == "test/question")
        sent.append(await host.send({"jsonrpc": "2.0", "id": question["id"], "result": {"a": "!"}}))
        batch = b'[{"jsonrpc":"2.0","id":8,"method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/x"}]'
        await host.send_raw(batch)
        sent.append(batch)
        await host.reply_to(3)
        await eventually(lambda: batch.decode() in received_lines(record), "the batch reached the server")

        arrived = received_lines(record)
        for raw in sent:
            assert raw.decode() in arrived, raw[:100]
        initialize = parsed(record)[0]
        assert initialize["method"] == "initialize"
        assert initialize["params"]["capabilities"]["roots"] == {"listChanged": True}
        assert initialize["params"]["clientInfo"] == {"name": "raw-host", "version": "1"}

        assert host.raw_reply_to(1) == b'{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}'
        assert (await host.reply_to("two"))["error"] == {
            "code": -32042,
            "message": "custom failure",
            "data": {"why": "asked"},
        }
        assert host.raw_reply_to(3) == answer(3, {"blob": "x" * BIG})
        assert b'{"jsonrpc":"2.0","method":"notifications/custom","params":{"n":1,"f":1.50}}' in host.lines
        assert b'{"jsonrpc":"2.0","id":"server-q-1","method":"test/question","params":{"q":"?"}}' in host.lines
        assert await host.reply_to(6) == {"jsonrpc": "2.0", "id": 6, "result": {"asked": True}}
        assert await host.close_input() == 0
        host.assert_only_jsonrpc()


async def test_roots_are_answered_and_an_external_edit_is_pushed(
    tmp_path: Path, rk_home: Path, folders: Any, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "raw", raw_server(record), share="all", consent="given")
    # The fallback re-check is set to hours: only the store watch can deliver the edit.
    env = bridge_env(rk_home, ROOTKEEPER_BRIDGE_RECHECK_SECONDS="36000")
    async with raw_host(rk_home, "--server", "raw", env=env) as host:
        await host.handshake()

        async def roots_answer(count: int) -> list[str]:
            def answers() -> list[Any]:
                return [m for m in parsed(record) if isinstance(m, dict) and m.get("id") == 77 and "result" in m]

            await eventually(lambda: len(answers()) >= count, "the bridge answered roots/list")
            found = answers()
            return [root["uri"] for root in found[count - 1]["result"]["roots"]]

        await host.send({"jsonrpc": "2.0", "id": 1, "method": "test/roots"})
        assert await roots_answer(1) == [folders["alpha"].as_uri()]
        assert not any(m.get("id") == 77 for m in map(json.loads, host.lines)), "the host never saw roots/list"

        added = await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(folders["beta"]))
        assert added.code == 0, added

        def pushed() -> int:
            return sum(
                1
                for m in parsed(record)
                if isinstance(m, dict) and m.get("method") == "notifications/roots/list_changed"
            )

        await eventually(pushed, "list_changed reached the server")
        await host.send({"jsonrpc": "2.0", "id": 2, "method": "test/roots"})
        assert await roots_answer(2) == [folders["alpha"].as_uri(), folders["beta"].as_uri()]
        assert pushed() == 1
        sessions = await asyncio.to_thread(run_cli, rk_home, "sessions", "--json")
        (session,) = sessions.json()
        assert session["server"] == "raw" and session["era"] == "legacy"
        assert session["host"] == {"name": "raw-host", "version": "1"}
        assert [fetch["count"] for fetch in session["roots_fetches"]] == [1, 2]
        await host.close_input()
    assert (await asyncio.to_thread(run_cli, rk_home, "sessions", "--json")).json() == []


async def test_pending_consent_declares_an_empty_list_until_the_user_agrees(
    tmp_path: Path, rk_home: Path, folders: Any, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "raw", raw_server(record))  # consent pending
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "test/roots"})
        first = await eventually(
            lambda: [m for m in parsed(record) if isinstance(m, dict) and m.get("id") == 77], "answer"
        )
        assert first[0]["result"] == {"roots": []}
        assert parsed(record)[0]["params"]["capabilities"]["roots"] == {"listChanged": True}

        assert (await asyncio.to_thread(run_cli, rk_home, "servers", "share", "raw", "all")).code == 0
        await eventually(
            lambda: any(
                isinstance(m, dict) and m.get("method") == "notifications/roots/list_changed" for m in parsed(record)
            ),
            "the server was told the moment consent was given",
        )
        await host.send({"jsonrpc": "2.0", "id": 2, "method": "test/roots"})
        later = await eventually(
            lambda: [m for m in parsed(record) if isinstance(m, dict) and m.get("id") == 77][1:], "second answer"
        )
        assert later[0]["result"]["roots"] == [{"uri": folders["alpha"].as_uri(), "name": "alpha"}]


async def test_sharing_none_is_a_transparent_pipe(
    tmp_path: Path, rk_home: Path, folders: Any, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "raw", raw_server(record), share="none", consent="given")
    async with raw_host(rk_home, "--server", "raw") as host:
        init = await host.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
        await host.reply_to(0)
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "test/roots"})
        request = await host.wait_for(lambda m: m.get("method") == "roots/list")
        assert b'{"jsonrpc":"2.0","id":77,"method":"roots/list"}' in host.lines
        answer_raw = await host.send(
            {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": "no"}}
        )
        await eventually(lambda: answer_raw.decode() in received_lines(record), "the host's answer reached the server")
        assert received_lines(record)[0] == init.decode()


async def test_an_adhoc_server_is_registered_pending_consent(
    tmp_path: Path, rk_home: Path, folders: Any, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    # Unconfined: the server writes its record outside any shared folder.
    async with raw_host(rk_home, "--name", "adhoc", "--no-confine", "--", *raw_server(record)) as host:
        await host.handshake()
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "test/roots"})
        await eventually(lambda: any(isinstance(m, dict) and m.get("id") == 77 for m in parsed(record)), "answered")
        listed = (await asyncio.to_thread(run_cli, rk_home, "servers", "list", "--json")).json()
        assert [(s["name"], s["consent"]) for s in listed] == [("adhoc", "pending")]
        answered = next(m for m in parsed(record) if isinstance(m, dict) and m.get("id") == 77)
        assert answered["result"] == {"roots": []}
        assert await host.close_input() == 0
    async with raw_host(rk_home, "--name", "adhoc", "--", *raw_server(record)) as again:
        await again.handshake()  # the same command again reuses its entry
        assert len((await asyncio.to_thread(run_cli, rk_home, "servers", "list", "--json")).json()) == 1
    assert read_events(record)


def modern_call(request_id: Any, name: str, **params: Any) -> dict[str, Any]:
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
        "io.modelcontextprotocol/clientInfo": {"name": "raw-modern-host", "version": "2"},
    }
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {"name": name, "_meta": meta, **params},
    }


def calls(record: Path) -> list[dict[str, Any]]:
    return [m for m in parsed(record) if isinstance(m, dict) and m.get("method") == "tools/call"]


async def test_a_modern_roots_question_is_answered_by_a_retry_the_host_never_sees(
    tmp_path: Path, rk_home: Path, folders: Any, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "raw", raw_server(record), share="all", consent="given")
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.send(modern_call(1, "roots", arguments={"a": 1}))
        final = await host.reply_to(1)
        roots = [{"uri": folders["alpha"].as_uri(), "name": "alpha"}]
        assert final["result"]["structuredContent"] == {"responses": {"r": {"roots": roots}}, "state": "s-1"}
        first, retry = calls(record)
        assert first["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"] == {
            "elicitation": {},
            "roots": {},
        }
        assert retry["id"] != 1 and retry["params"]["requestState"] == "s-1"
        assert {k: v for k, v in retry["params"].items() if k not in ("inputResponses", "requestState")} == first[
            "params"
        ]
        assert [json.loads(line)["id"] for line in host.lines] == [1]  # one answer, nothing else

        # Another question in the same round: the host gets only that one and its retry gains the roots.
        await host.send(modern_call(2, "roots_and_confirm"))
        asked = (await host.reply_to(2))["result"]
        assert list(asked["inputRequests"]) == ["e"] and asked["requestState"] == "s-2"
        await host.send(
            modern_call(3, "roots_and_confirm", inputResponses={"e": {"action": "accept"}}, requestState="s-2")
        )
        done = (await host.reply_to(3))["result"]["structuredContent"]
        assert done == {"responses": {"e": {"action": "accept"}, "r": {"roots": roots}}, "state": "s-2"}

        # A server that never stops asking is given up on after ten rounds, with a clean error.
        await host.send(modern_call(4, "always_roots"))
        assert (await host.reply_to(4))["error"]["code"] == -32603
        assert sum(1 for call in calls(record) if call["params"]["name"] == "always_roots") == 11

        # The host's cancellation of a request the bridge is retrying reaches the retry.
        await host.send(modern_call(5, "roots_then_wait"))
        await eventually(
            lambda: len([c for c in calls(record) if c["params"]["name"] == "roots_then_wait"]) == 2, "retry"
        )
        retry_id = [c for c in calls(record) if c["params"]["name"] == "roots_then_wait"][1]["id"]
        await host.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 5}})

        def cancelled() -> list[Any]:
            return [m for m in parsed(record) if isinstance(m, dict) and m.get("method") == "notifications/cancelled"]

        (cancel,) = await eventually(cancelled, "the cancellation reached the server")
        assert cancel["params"]["requestId"] == retry_id
        assert await host.close_input() == 0
        host.assert_only_jsonrpc()


async def test_the_hosts_roots_changes_do_not_reach_a_server_that_sees_rootkeepers_list(
    tmp_path: Path, rk_home: Path, folders: Any, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "raw", raw_server(record), share="all", consent="given")
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.handshake()
        await host.send({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"})
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        await host.reply_to(1)
        assert not any("roots/list_changed" in line for line in received_lines(record))


async def test_a_server_pinned_to_the_handshake_era_makes_the_host_fall_back(
    tmp_path: Path, rk_home: Path, folders: Any, *, raw_host: RawHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "raw", raw_server(record), share="all", consent="given", era="2025-11-25")
    async with raw_host(rk_home, "--server", "raw") as host:
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {}})
        assert (await host.reply_to(1))["error"]["code"] == -32601
        await host.handshake()
        assert not any("server/discover" in line for line in received_lines(record))
