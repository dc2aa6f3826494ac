"""Through a bridge too, a server's binding is learned from what it did and remembered for `servers list`."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from tests.support.bridge import SdkHostFactory
from tests.support.cli import run_cli
from tests.support.store import add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


def bindings(home: Path) -> dict[str, str]:
    result = run_cli(home, "servers", "list", "--json")
    assert result.code == 0, result
    return {row["name"]: row["binding"] for row in result.json()}


def listed(record: Path) -> int:
    lines = record.read_text().splitlines() if record.exists() else []
    return sum(json.loads(line).get("event") == "listed" for line in lines if line.strip())


async def test_a_server_asking_at_connect_then_after_a_change_is_learned_as_told(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # only the store watch delivers the edit
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    record = tmp_path / "rec.jsonl"
    add_server(rk_home, "rec", [sys.executable, "-m", "tests.servers.legacy_recorder", "--record", str(record)],
               share="all", consent="given")
    assert bindings(rk_home) == {"rec": "unknown"}
    async with sdk_host(rk_home, "rec", tmp_path / "host.log") as client:
        assert (await client.list_tools()).tools
        await eventually(lambda: bindings(rk_home) == {"rec": "told_at_connect"}, "asking at connect learned")
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        await eventually(lambda: listed(record) == 2, "the server listing again once told")
        await eventually(lambda: bindings(rk_home) == {"rec": "told"}, "asking after a change learned")


async def test_a_server_known_to_ask_only_at_connect_is_restarted_with_the_new_list(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    record = tmp_path / "once.jsonl"
    command = [sys.executable, "-m", "tests.servers.legacy_recorder", "--record", str(record), "--once"]
    add_server(rk_home, "once", command, share="all", consent="given", asks_roots="at_connect")  # seen before

    def lists() -> list[list[str]]:
        lines = record.read_text().splitlines() if record.exists() else []
        events = [json.loads(line) for line in lines if line.strip()]
        return [event["uris"] for event in events if event.get("event") == "listed"]

    async with sdk_host(rk_home, "once", tmp_path / "host.log") as client:
        await eventually(lambda: lists() == [[alpha.as_uri()]], "the first list")
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        # Told, it does not ask again: a new process (the host's handshake replayed) lists the new folders.
        await eventually(lambda: lists()[-1:] == [[alpha.as_uri(), beta.as_uri()]], "the restarted server's list")
        seen = await client.call_tool("seen_roots", {})  # the same host session, now with the new process
        assert seen.structured_content == {"result": [[alpha.as_uri(), beta.as_uri()]]}, seen
