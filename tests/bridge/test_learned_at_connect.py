"""A bridge that learns during its own run that its server asks for its folders only when it connects restarts it
when they change, in the same host session (nothing about the server was stored when the bridge started)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from app.core.store.store import Store
from tests.support.bridge import SdkHostFactory
from tests.support.cli import run_cli
from tests.support.store import add_server, stored_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def lists(record: Path) -> list[list[str]]:
    lines = record.read_text().splitlines() if record.exists() else []
    events = [json.loads(line) for line in lines if line.strip()]
    return [event["uris"] for event in events if event.get("event") == "listed"]


def ignored(record: Path) -> int:
    lines = record.read_text().splitlines() if record.exists() else []
    return sum(json.loads(line).get("event") == "ignored" for line in lines if line.strip())


async def test_a_server_learned_to_ask_only_at_connect_is_restarted_by_the_running_bridge(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # only the store watch delivers the edit
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    record = tmp_path / "once.jsonl"
    command = [sys.executable, "-m", "tests.servers.legacy_recorder", "--record", str(record), "--once"]
    add_server(rk_home, "once", command, share="all", consent="given")
    assert stored_server(Store(rk_home), "once").asks_roots is None  # never seen: the bridge starts it plainly

    async with sdk_host(rk_home, "once", tmp_path / "host.log") as client:
        await eventually(lambda: lists(record) == [[alpha.as_uri()]], "the first list")
        first = await client.call_tool("seen_roots", {})
        assert first.structured_content == {"result": [[alpha.as_uri()]]}, first
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        # Told, it does not ask again: the bridge learns it asks only at connect and starts a new process, the
        # host's handshake replayed, which lists the new folders.
        await eventually(lambda: ignored(record) >= 1, "the server told of the change")
        await eventually(lambda: lists(record)[-1:] == [[alpha.as_uri(), beta.as_uri()]],
                         "the restarted server's list")
        seen = await client.call_tool("seen_roots", {})  # the same host session, now with the new process
        assert seen.structured_content == {"result": [[alpha.as_uri(), beta.as_uri()]]}, seen
    assert stored_server(Store(rk_home), "once").asks_roots == "at_connect"
