"""A bridge whose server takes roots as arguments: the child is restarted, the host's session goes on.

The server's command line carries `{roots}`; when the shared list changes (an edit by another
process, seen through the store watch; the fallback re-check is hours), the bridge starts a new
child with the new command line and replays the host's handshake to it. The host keeps its one
session: requests in flight get a clean -32000 error, later ones reach the new child.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.bridge import FS_APPLIED, FS_SERVER, RawHostFactory, SdkHostFactory
from tests.support.cli import run_cli
from tests.support.processes import Followed, processes_mentioning, still_running
from tests.support.project import PROJECT
from tests.support.store import add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def allowed(result: Any) -> list[str]:
    heading, *lines = result.content[0].text.splitlines()
    assert heading.startswith("Allowed directories"), result
    return lines


def show_logs(home: Path, name: str) -> str:
    logs = [home / "state" / "logs" / f"bridge-{name}.log", home / "state" / "logs" / f"bridge-{name}.server.log"]
    return "\n----\n".join(path.read_text(errors="replace") for path in logs if path.exists())


@pytest.mark.parametrize("host_has_roots", [False, True], ids=["host-without-roots", "host-with-roots"])
async def test_the_filesystem_server_is_restarted_with_the_new_folder_and_the_host_session_goes_on(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, host_has_roots: bool, *, sdk_host: SdkHostFactory
) -> None:
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    script = str(FS_SERVER / "index.js")
    add_server(rk_home, "fs", [node, script, "{roots}"], share="all", consent="given")
    server_log = rk_home / "state" / "logs" / "bridge-fs.server.log"
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # hours: the store watch must deliver

    def applied() -> int:
        return server_log.read_text(errors="replace").count(FS_APPLIED) if server_log.exists() else 0

    async def host_roots(_context: Any) -> Any:
        from mcp_types import ListRootsResult

        return ListRootsResult(roots=[])

    options = {"list_roots_callback": host_roots} if host_has_roots else {}
    servers = Followed(script, os.getpid())  # pid -> (parent pid, argv), followed even once the bridge is gone
    try:
        async with sdk_host(rk_home, "fs", tmp_path / "host.log", **options) as client:
            await eventually(lambda: applied() >= 1, "the first server applied its list")
            assert allowed(await client.call_tool("list_allowed_directories", {})) == [str(alpha)]
            ((first_pid, (bridge_pid, argv)),) = servers().items()
            assert argv[-1] == str(alpha)

            assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
            # The new child lists its roots once the replayed `initialized` reaches it.
            await eventually(lambda: applied() >= 2, "the restarted server applied its list")
            assert allowed(await client.call_tool("list_allowed_directories", {})) == [str(alpha), str(beta)]
            await eventually(lambda: first_pid not in servers(), "the first server gone")
            ((_pid, (parent, argv)),) = servers().items()
            assert parent == bridge_pid and argv[-2:] == [str(alpha), str(beta)]
            assert (await client.list_tools()).tools  # the same session, never initialized again by the host
        await eventually(lambda: not servers(), "no server left once the host is gone")
    except (AssertionError, TimeoutError) as exc:
        raise AssertionError(show_logs(rk_home, "fs")) from exc


def recorder_command(record: Path) -> list[str]:
    return [sys.executable, "-m", "tests.servers.args_recorder", "--record", str(record), "{roots}"]


def events(record: Path, kind: str) -> list[dict[str, Any]]:
    if not record.exists():
        return []
    lines = [json.loads(line) for line in record.read_text().splitlines() if line.strip()]
    return [line for line in lines if line["event"] == kind]


async def test_a_request_in_flight_gets_a_clean_error_and_the_replayed_answer_is_swallowed(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "rec", recorder_command(record), share="all", consent="given")
    env = dict(os.environ, ROOTKEEPER_HOME=str(rk_home), PYTHONPATH=str(PROJECT),
               ROOTKEEPER_BRIDGE_RECHECK_SECONDS="36000")
    async with raw_host(rk_home, "--server", "rec", env=env) as host:
        try:
            await host.handshake()
            await eventually(lambda: events(record, "listed"), "the first child listed")
            await host.send({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "hang"}})
            await host.send({"jsonrpc": "2.0", "id": 6, "method": "ping"})
            await host.reply_to(6)  # sent after the call on the same pipe: the old child has the call now

            assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
            failed = await host.reply_to(7)
            assert failed["error"] == {"code": -32000, "message": "server restarted, try again"}
            await eventually(lambda: len(events(record, "listed")) >= 2, "the new child listed")
            assert events(record, "started")[-1]["folders"] == [str(alpha), str(beta)]
            assert events(record, "listed")[-1]["uris"] == [alpha.as_uri(), beta.as_uri()]
            initialized = events(record, "initialized")
            assert len(initialized) == 2 and initialized[1]["roots_capability"] == {"list_changed": True}

            await host.send({"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "seen_roots"}})
            answer = await host.reply_to(8)
            assert "result" in answer and not answer["result"].get("isError"), answer
            host.assert_only_jsonrpc()
            handshakes = [json.loads(line) for line in host.lines if b"protocolVersion" in line]
            assert len(handshakes) == 1, handshakes  # the replayed initialize's answer never reached the host
            assert await host.close_input() == 0
        except (AssertionError, TimeoutError) as exc:
            raise AssertionError(show_logs(rk_home, "rec")) from exc
    # Every child the bridge started said its pid: none runs on, below us or anywhere else.
    started = {event["pid"] for event in events(record, "started")}
    assert not processes_mentioning(str(record), os.getpid()) and not still_running(started, str(record))


async def test_a_handshake_in_progress_is_replayed_with_the_hosts_own_id(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    record = tmp_path / "raw.jsonl"
    add_server(rk_home, "raw", [sys.executable, "-m", "tests.servers.args_raw", str(record), "{roots}"],
               share="all", consent="given")
    env = dict(os.environ, ROOTKEEPER_HOME=str(rk_home), PYTHONPATH=str(PROJECT),
               ROOTKEEPER_BRIDGE_RECHECK_SECONDS="36000")

    def received() -> list[dict[str, Any]]:
        lines = record.read_text().splitlines() if record.exists() else []
        return [json.loads(line) for line in lines]

    async with raw_host(rk_home, "--server", "raw", env=env) as host:
        try:
            params = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "r", "version": "1"}}
            await host.send({"jsonrpc": "2.0", "id": "h-1", "method": "initialize", "params": params})
            await eventually(received, "the first child got the initialize")  # and will never answer it
            assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
            reply = await host.reply_to("h-1")  # answered by the new child, to the host's own id
            assert reply["result"]["serverInfo"]["name"] == "args-raw"
            await host.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            await host.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
            assert (await host.reply_to(2))["result"] == {"tools": []}
            first, second = dict.fromkeys(item["pid"] for item in received())  # in the order they started
            by_child = {pid: [json.loads(item["raw"]) for item in received() if item["pid"] == pid]
                        for pid in (first, second)}
            assert [m.get("method") for m in by_child[first]] == ["initialize"]
            methods = [m.get("method") for m in by_child[second] if m.get("method") != "ping"]  # the bridge's own
            assert methods[:3] == ["initialize", "notifications/initialized", "tools/list"]
            assert by_child[second][0]["id"] == "h-1"
            assert by_child[second][0]["params"]["capabilities"]["roots"] == {"listChanged": True}
            assert next(item["folders"] for item in received() if item["pid"] == second) == [str(alpha), str(beta)]
            assert len([line for line in host.lines if b'"h-1"' in line]) == 1  # one answer, not an error too
            host.assert_only_jsonrpc()
        except (AssertionError, TimeoutError) as exc:
            raise AssertionError(show_logs(rk_home, "raw")) from exc
