"""A stateful HTTP server behind the bridge that restarts on the same port: the bridge starts a new session.

Two legacy recorders (real SDK servers over loopback HTTP, each recording what it is told and every
HTTP request it gets) are killed and started again while their hosts stay connected:

- one with a GET stream, driven by an SDK client: the bridge notices the lost session (its GET, or the
  host's next request, gets 404), replays the host's handshake; the server lists the roots again, the
  host's next call succeeds, and a later edit of the roots reaches the new session;
- one without a GET stream (`--no-get`), driven by a raw host: only the host's next request can find the
  session lost, and it is sent again in the new session; the host sees one `initialize` answer only.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from app.core.store.store import Store
from tests.support.bridge import RawHostFactory, SdkHostFactory
from tests.support.cli import run_cli
from tests.support.recordings import read_events, recorded
from tests.support.servers import HttpServersFactory, http_entry
from tests.support.waiting import LONG_WAIT, eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(240)]


def events(record: Path, kind: str) -> list[dict[str, Any]]:
    return [event for event in read_events(record) if event["event"] == kind]


def posts(record: Path, rpc: str) -> list[dict[str, Any]]:
    return [event for event in events(record, "http") if event["method"] == "POST" and event["rpc"] == rpc]


def call(request_id: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": "seen_roots"}}


async def test_a_restarted_http_server_gets_a_new_session_its_roots_and_later_edits(
    tmp_path: Path, rk_home: Path, *, http_servers: HttpServersFactory, sdk_host: SdkHostFactory,
    raw_host: RawHostFactory
) -> None:
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    for folder in (alpha, beta):
        folder.mkdir()
        assert run_cli(rk_home, "roots", "add", str(folder)).code == 0
    both = [alpha.as_uri(), beta.as_uri()]
    record, quiet = tmp_path / "streamed.jsonl", tmp_path / "quiet.jsonl"
    specs = {
        "streamed": ("legacy_recorder", ["--record", str(record)]),
        "quiet": ("legacy_recorder", ["--record", str(quiet), "--no-get"]),
    }
    with http_servers(tmp_path / "http", specs) as servers:
        Store(rk_home).update(lambda data: data.servers.extend(
            http_entry(name, servers[name].url, share="all") for name in ("streamed", "quiet")))

        async with sdk_host(rk_home, "streamed", tmp_path / "host.log", mode="legacy") as client, \
                raw_host(rk_home, "--server", "quiet") as host:
            await host.handshake()
            await eventually(lambda: recorded(record) == [both], "the server listing the roots", LONG_WAIT)
            await host.send(call(1))
            assert "result" in await host.reply_to(1, LONG_WAIT)

            for name in ("streamed", "quiet"):
                await asyncio.to_thread(servers.kill, name)
            await asyncio.gather(*(asyncio.to_thread(servers.restart, name) for name in ("streamed", "quiet")))

            # The host's next call succeeds, in a new session; the new server was given the roots.
            result = await client.call_tool("seen_roots", {})
            assert not result.is_error, result
            await eventually(lambda: recorded(record) == [both, both], "the new server listing the roots", LONG_WAIT)
            initialized = events(record, "initialized")
            assert [event["roots_capability"] for event in initialized] == [{"list_changed": True}] * 2
            assert len(posts(record, "initialize")) == 2
            assert [event["session"] for event in posts(record, "initialize")] == [False, False]

            # A later edit of the roots reaches the new session.
            assert (await asyncio.to_thread(run_cli, rk_home, "roots", "disable", "beta")).code == 0
            await eventually(lambda: recorded(record)[-1:] == [[alpha.as_uri()]], "the edit reaching it", LONG_WAIT)

            # Without a GET stream, the host's own request finds the session lost and is sent again.
            await host.send(call(2))
            answer = await host.reply_to(2, LONG_WAIT)
            assert "result" in answer and answer["result"].get("isError") is not True, answer
            assert len(events(quiet, "initialized")) == 2
            assert len(posts(quiet, "tools/call")) == 3  # before the restart; refused with 404; in the new session
            # The host saw one initialize answer (the replayed one's stays in the bridge), and only JSON-RPC.
            assert [line for line in host.lines if b'"serverInfo"' in line] == [host.raw_reply_to(0)]
            host.assert_only_jsonrpc()
            # The dead sessions were not DELETEd (the servers no longer had them).
            assert [e for e in events(record, "http") + events(quiet, "http") if e["method"] == "DELETE"] == []
