"""`servers list` with bridges running and no tray app: who uses each server, and why its consent still waits.

A real `rootkeeper bridge` in front of the SDK legacy recorder, driven by a raw host; the CLI runs as
another process, as a user would run it.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from app.core.system.hublock import HubLock
from tests.support.bridge import RawHost, RawHostFactory
from tests.support.cli import run_cli
from tests.support.recordings import recorded
from tests.support.store import add_roots, add_server
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(150)]


def recorder_command(record: Path) -> list[str]:
    return [sys.executable, "-m", "tests.servers.legacy_recorder", "--record", str(record)]


async def initialize(host: RawHost, name: str) -> None:
    await host.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": name, "version": "1"}}})
    await host.reply_to(0)
    await host.send({"jsonrpc": "2.0", "method": "notifications/initialized"})


async def servers_list(home: Path, *extra: str) -> Any:
    return await asyncio.to_thread(run_cli, home, "servers", "list", *extra)


def session_file(home: Path, host: RawHost) -> Path:
    return home / "state" / "sessions" / f"{host.process.pid}.json"


async def test_without_a_tray_the_list_says_which_bridge_waits_and_how_to_decide(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    from app.core.store.store import Store

    (tmp_path / "alpha").mkdir()
    add_roots(Store(rk_home), tmp_path / "alpha")
    record = tmp_path / "record.jsonl"
    add_server(rk_home, "notes-ai", recorder_command(record))
    add_server(rk_home, "idle", recorder_command(tmp_path / "idle.jsonl"), share="all", consent="given")
    async with raw_host(rk_home, "--server", "notes-ai") as host:
        await initialize(host, "Claude\x1b[2J Desktop")
        await eventually(lambda: recorded(record) == [[]], "the empty list while consent waits")
        await eventually(lambda: "Claude" in session_file(rk_home, host).read_text(), "the session names its host")

        shown = await servers_list(rk_home)
        assert shown.code == 0
        assert "\x1b" not in shown.out
        started = datetime.fromisoformat(
            (await servers_list(rk_home, "--json")).json()[0]["sessions"][0]["started_at"]).astimezone()
        assert (
            f"    waiting for consent: a bridge started by Claude\\x1b[2J Desktop asked at {started:%H:%M} and no "
            "tray app is running to ask you; run `rootkeeper servers share notes-ai all|none|ROOT,...`"
        ) in shown.out.splitlines()
        assert "    used by Claude\\x1b[2J Desktop, 1 bridge session(s)" in shown.out.splitlines()
        idle_lines = shown.out.split("idle  ", 1)[1].splitlines()[1:]
        assert not any("waiting" in line or "used by" in line for line in idle_lines)

        rows = {row["name"]: row for row in (await servers_list(rk_home, "--json")).json()}
        (session,) = rows["notes-ai"]["sessions"]
        assert session["pid"] == host.process.pid and session["host"]["name"] == "Claude\x1b[2J Desktop"
        assert session["era"] == "legacy" and session["roots_fetch_count"] >= 1
        assert rows["notes-ai"]["waiting_for_consent"].startswith("waiting for consent: a bridge started by")
        assert rows["idle"]["sessions"] == [] and rows["idle"]["waiting_for_consent"] is None

        # Deciding from the command line reaches the server through the running bridge at once.
        decided = await asyncio.to_thread(run_cli, rk_home, "servers", "share", "notes-ai", "all")
        assert decided.code == 0, decided.err
        await eventually(lambda: len(recorded(record)) == 2, "the list after consent")
        assert recorded(record)[-1] == [(tmp_path / "alpha").as_uri()]
        after = await servers_list(rk_home)
        assert "waiting for consent" not in after.out and "used by Claude\\x1b[2J Desktop" in after.out
        assert await host.close_input() == 0
    rows = {row["name"]: row for row in (await servers_list(rk_home, "--json")).json()}
    assert rows["notes-ai"]["sessions"] == []


async def test_with_no_bridge_or_with_a_tray_the_reason_says_so(tmp_path: Path, rk_home: Path) -> None:
    add_server(rk_home, "notes-ai", recorder_command(tmp_path / "record.jsonl"))
    alone = await servers_list(rk_home)
    assert ("    waiting for consent: no tray app is running to ask you; run `rootkeeper servers share notes-ai "
            "all|none|ROOT,...`") in alone.out.splitlines()
    tray = HubLock(rk_home / "state", "gui")  # this test process plays the tray app holding the hub
    assert tray.try_acquire()
    try:
        shown = await servers_list(rk_home)
    finally:
        tray.release()
    assert "    waiting for consent: the tray app asks you about it; or run `rootkeeper servers share notes-ai " \
           "all|none|ROOT,...`" in shown.out.splitlines()
    assert "no tray app" in (await servers_list(rk_home)).out  # released: nobody to ask again
