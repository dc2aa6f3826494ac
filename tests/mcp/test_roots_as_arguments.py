"""Roots as arguments through the hub (and `call`): real servers restarted when their folders change.

The reference filesystem server gets its folders as `{roots}` on its command line; edits are made by
another process (`rootkeeper roots add`), the hub sees them through the store watch (every fallback
interval is hours), restarts the server with the new command line, and leaves no process behind.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from tests.mcp.hubs import connected, hub_for
from tests.support.bridge import FS_SERVER
from tests.support.cli import run_cli
from tests.support.fs_server import allowed, allowed_text, node
from tests.support.processes import argv, children, running
from tests.support.project import PROJECT
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]

def children_mentioning(marker: str) -> dict[int, list[str]]:
    """Live (not zombie) children of this process whose command line mentions `marker`: pid -> argv."""
    return {pid: argv(pid) for pid in children(os.getpid())
            if running(pid) and any(marker in arg for arg in argv(pid))}


async def test_the_filesystem_server_follows_the_shared_list_on_its_command_line(tmp_path: Path, rk_home: Path) -> None:
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    script = str(FS_SERVER / "index.js")
    added = run_cli(rk_home, "servers", "add", "fs", "--share", "all", "--", node(), script, "{roots}")
    assert added.code == 0 and "Hint" not in added.out, added  # already uses the placeholder
    hub = hub_for(rk_home)
    await hub.start()
    try:
        first = await connected(hub, "fs")
        (old_pid, argv), = children_mentioning(script).items()
        assert argv[-1] == str(alpha)
        assert allowed_text(await first.call_tool("list_allowed_directories")) == [str(alpha)]

        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        second = await connected(hub, "fs", first)
        assert allowed_text(await second.call_tool("list_allowed_directories")) == [str(alpha), str(beta)]
        await eventually(lambda: old_pid not in children_mentioning(script), "the old server gone", 30)
        (pid, argv), = children_mentioning(script).items()  # one server, started with both folders
        assert argv[-2:] == [str(alpha), str(beta)]

        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "remove", str(alpha))).code == 0
        third = await connected(hub, "fs", second)
        assert allowed_text(await third.call_tool("list_allowed_directories")) == [str(beta)]
        await eventually(lambda: pid not in children_mentioning(script), "the second server gone", 30)
        assert len(children_mentioning(script)) == 1
    finally:
        await hub.stop()
    assert children_mentioning(script) == {}


async def test_call_expands_the_placeholder_and_merge_keeps_the_servers_own_folder(
    tmp_path: Path, rk_home: Path
) -> None:
    alpha, own = tmp_path / "alpha", tmp_path / "own"
    alpha.mkdir(), own.mkdir()
    assert run_cli(rk_home, "roots", "add", str(alpha)).code == 0
    script = str(FS_SERVER / "index.js")
    assert run_cli(rk_home, "servers", "add", "placed", "--share", "all", "--", node(), script, "{roots}").code == 0
    assert allowed(run_cli(rk_home, "call", "placed", "list_allowed_directories")) == [str(alpha)]

    added = run_cli(rk_home, "servers", "add", "fs", "--share", "all", "--keep-own-folders", "--", node(), script,
                    str(own))
    assert added.code == 0 and f"'fs' keeps its own folders ({own})" in added.out, added  # said, not rewritten
    # Its roots replace its own folder...
    assert allowed(run_cli(rk_home, "call", "fs", "list_allowed_directories")) == [str(alpha)]
    assert run_cli(rk_home, "servers", "own-folders", "fs", "on").code == 0
    # ...unless it is also sent the folders on its own command line.
    assert allowed(run_cli(rk_home, "call", "fs", "list_allowed_directories")) == [str(alpha), str(own)]


def recorder(home: Path, name: str, record: Path, *args: str, **fields: Any) -> None:
    target = StdioTarget(
        command=sys.executable,
        args=["-m", "tests.servers.args_recorder", "--record", str(record), *args],
        env={"PYTHONPATH": str(PROJECT), "ROOTKEEPER_TEST_FOLDERS": "{roots_json}"},
        cwd=str(PROJECT),
    )
    entry = ServerEntry(name=name, target=target, consent="given", **fields)
    Store(home).update(lambda data: data.servers.append(entry))


def events(record: Path, kind: str) -> list[dict[str, Any]]:
    if not record.exists():
        return []
    lines = [json.loads(line) for line in record.read_text().splitlines() if line.strip()]
    return [line for line in lines if line["event"] == kind]


async def test_aliases_map_roots_and_arguments_and_drop_what_is_outside(tmp_path: Path, rk_home: Path) -> None:
    inside, outside = tmp_path / "data" / "alpha", tmp_path / "other" / "beta"
    inside.mkdir(parents=True), outside.mkdir(parents=True)
    assert run_cli(rk_home, "roots", "add", str(inside), str(outside)).code == 0
    record = tmp_path / "record.jsonl"
    recorder(rk_home, "box", record, "{roots}", path_aliases={str(tmp_path / "data"): "/workspace"})
    hub = hub_for(rk_home)
    await hub.start()
    try:
        await eventually(lambda: events(record, "listed"), "the first list", 60)
        assert events(record, "listed")[-1]["uris"] == ["file:///workspace/alpha"]
        (started,) = events(record, "started")
        assert started["folders"] == ["/workspace/alpha"] and json.loads(started["env"]) == ["/workspace/alpha"]

        aliased = run_cli(rk_home, "servers", "alias", "box", f"{tmp_path / 'data'}=/w", f"{tmp_path / 'other'}=/o")
        assert aliased.code == 0, aliased
        listed = run_cli(rk_home, "servers", "list", "--json").json()
        assert listed[0]["path_aliases"] == {str(tmp_path / "data"): "/w", str(tmp_path / "other"): "/o"}
        shown = run_cli(rk_home, "servers", "list").out
        assert f"path aliases: {tmp_path / 'data'} as /w, {tmp_path / 'other'} as /o" in shown, shown
        await eventually(lambda: len(events(record, "started")) == 2 and events(record, "listed")[-1]["uris"]
                         == ["file:///w/alpha", "file:///o/beta"], "the restarted server's list", 60)
        assert events(record, "started")[-1]["folders"] == ["/w/alpha", "/o/beta"]
    finally:
        await hub.stop()
    assert children_mentioning(str(record)) == {}


async def test_sharing_none_fills_the_placeholder_with_nothing(tmp_path: Path, rk_home: Path) -> None:
    folder = tmp_path / "alpha"
    folder.mkdir()
    assert run_cli(rk_home, "roots", "add", str(folder)).code == 0
    record = tmp_path / "record.jsonl"
    recorder(rk_home, "quiet", record, "{roots}", share="none")
    hub = hub_for(rk_home)
    await hub.start()
    try:
        await eventually(lambda: events(record, "initialized"), "the handshake", 60)
        (started,) = events(record, "started")
        assert started["folders"] == [] and json.loads(started["env"]) == []
        assert events(record, "initialized")[0]["roots_capability"] is None
    finally:
        await hub.stop()


async def test_a_shared_folder_that_goes_away_restarts_the_server_without_it(tmp_path: Path, rk_home: Path) -> None:
    alpha, beta = tmp_path / "data" / "alpha", tmp_path / "data" / "beta"
    alpha.mkdir(parents=True), beta.mkdir(parents=True)
    assert run_cli(rk_home, "roots", "add", str(alpha), str(beta)).code == 0
    record = tmp_path / "record.jsonl"
    recorder(rk_home, "rec", record, "repo={root}")
    hub = hub_for(rk_home)
    await hub.start()
    try:
        await eventually(lambda: events(record, "started"), "the first start", 60)
        assert events(record, "started")[0]["folders"] == [f"repo={alpha}", f"repo={beta}"]
        beta.rmdir()  # seen through the folder watch: every periodic re-check is hours away
        await eventually(lambda: len(events(record, "started")) == 2, "the restart", 60)
        assert events(record, "started")[1]["folders"] == [f"repo={alpha}"]
        beta.mkdir()
        await eventually(lambda: len(events(record, "started")) == 3, "the restart once it is back", 60)
        assert events(record, "started")[2]["folders"] == [f"repo={alpha}", f"repo={beta}"]
    finally:
        await hub.stop()
    assert children_mentioning(str(record)) == {}
