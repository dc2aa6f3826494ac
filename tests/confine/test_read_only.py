"""Read-only shared folders, under real Landlock, over real pipes: a confined server may read a read-only folder
but not change, create, rename or delete anything in it, nor may the children it starts; the writable folder beside
it stays writable, and turning read-only on or off restarts a running confined server with the new ruleset.

Through `rootkeeper call` (the probe server and the reference filesystem server), through the bridge (the host's
session goes on) and through the hub.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.confine import landlock
from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.mcp.hub import Hub
from tests.support.bridge import FS_SERVER, SdkHostFactory
from tests.support.cli import CliResult, run_cli
from tests.support.project import PROJECT
from tests.support.waiting import eventually

pytestmark = [pytest.mark.timeout(240),  # each `call` starts the server anew
              pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 3, reason="needs Landlock ABI 3")]

HOURS = 3 * 3600.0


def result(answer: Any) -> dict[str, Any]:
    """The probe's answer, from a CLI result, a raw JSON-RPC result or an SDK one."""
    if isinstance(answer, CliResult):
        assert answer.code == 0, answer
        answer = answer.json()
    content = answer["structuredContent"] if isinstance(answer, dict) else answer.structured_content
    return content.get("result", content)  # type: ignore[no-any-return]


class Folders:
    """A writable shared folder and a read-only one beside it, each with a note, shared by `home`'s store."""

    def __init__(self, tmp_path: Path, home: Path) -> None:
        self.home = home
        self.work, self.docs = tmp_path / "work", tmp_path / "docs"
        for folder in (self.work, self.docs):
            folder.mkdir()
            (folder / "note.txt").write_text(f"{folder.name} text")
        for folder in (self.work, self.docs):
            assert self.cli("roots", "add", str(folder)).code == 0
        said = self.cli("roots", "read-only", str(self.docs), "on")
        assert said.code == 0, said

    def cli(self, *args: str) -> CliResult:
        return run_cli(self.home, *args)

    def add_probe(self) -> None:
        target = StdioTarget(command=sys.executable, args=["-m", "tests.servers.confined_probe"], cwd=str(PROJECT))
        entry = ServerEntry(name="probe", target=target, share="all", consent="given", confined=True)
        Store(self.home).update(lambda data: data.servers.append(entry))


@pytest.fixture
def shared(tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch) -> Folders:
    (tmp_path / "user-home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "user-home"))
    made = Folders(tmp_path, rk_home)
    made.add_probe()
    return made


def call(shared: Folders, tool: str, **arguments: str) -> dict[str, Any]:
    return result(shared.cli("call", "probe", tool, "--args", json.dumps(arguments)))


def test_a_read_only_folder_is_read_and_listed_but_nothing_in_it_changes(shared: Folders) -> None:
    docs, note = shared.docs, shared.docs / "note.txt"
    assert call(shared, "read_file", path=str(note)) == {"ok": "docs text"}
    assert call(shared, "list_dir", path=str(docs)) == {"ok": ["note.txt"]}
    assert call(shared, "write_file", path=str(note), text="changed")["error"] == "EACCES"
    assert call(shared, "write_file", path=str(docs / "new.txt"), text="made")["error"] == "EACCES"
    assert call(shared, "remove", path=str(note))["error"] == "EACCES"
    assert call(shared, "rename", path=str(note), to=str(docs / "renamed.txt"))["error"] == "EACCES"
    assert call(shared, "rename", path=str(note), to=str(shared.work / "moved.txt"))["error"] == "EACCES"
    assert sorted(p.name for p in docs.iterdir()) == ["note.txt"]
    assert note.read_text() == "docs text"
    assert not (shared.work / "moved.txt").exists()


def test_its_children_read_the_folder_but_cannot_change_it(shared: Folders) -> None:
    docs, note = shared.docs, shared.docs / "note.txt"
    assert call(shared, "spawn", path=str(note))["ok"] == "docs text"
    for path in (note, docs / "child.txt"):
        child = call(shared, "spawn_write", path=str(path), text="from a child")
        assert child["status"] != 0 and "Permission denied" in child["stderr"], child
    assert sorted(p.name for p in docs.iterdir()) == ["note.txt"]
    assert note.read_text() == "docs text"


def test_the_writable_folder_beside_it_stays_writable(shared: Folders) -> None:
    work = shared.work
    assert call(shared, "write_file", path=str(work / "note.txt"), text="changed") == {"ok": 7}
    assert call(shared, "write_file", path=str(work / "new.txt"), text="made") == {"ok": 4}
    assert call(shared, "rename", path=str(work / "new.txt"), to=str(work / "renamed.txt")) == {"ok": True}
    assert call(shared, "remove", path=str(work / "renamed.txt")) == {"ok": True}
    assert call(shared, "spawn_write", path=str(work / "child.txt"), text="from a child") == {"status": 0,
                                                                                           "stderr": ""}
    assert sorted(p.name for p in work.iterdir()) == ["child.txt", "note.txt"]
    assert (work / "note.txt").read_text() == "changed"
    assert (work / "child.txt").read_text() == "from a child"


def test_turned_off_the_folder_can_be_changed_again(shared: Folders) -> None:
    note = shared.docs / "note.txt"
    said = shared.cli("roots", "read-only", "docs", "off")
    assert said.code == 0, said
    assert call(shared, "write_file", path=str(note), text="changed") == {"ok": 7}
    assert note.read_text() == "changed"


def test_a_kernel_too_old_for_read_only_folders_starts_nothing_and_says_why(
    shared: Folders, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(landlock.TEST_ABI_VARIABLE, "2")  # Landlock, but before read-only rights could be kept
    refused = shared.cli("call", "probe", "read_file", "--args", json.dumps({"path": str(shared.docs / "note.txt")}))
    assert refused.code != 0
    assert "(version 2) is older than the version 3 its folders need" in refused.err, refused
    assert shared.cli("roots", "read-only", "docs", "off").code == 0
    assert call(shared, "read_file", path=str(shared.docs / "note.txt")) == {"ok": "docs text"}


def test_the_reference_filesystem_server_is_told_the_folder_and_cannot_change_it(shared: Folders) -> None:
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    assert shared.cli("servers", "add", "fs", "--share", "all", "--", node, str(FS_SERVER / "index.js")).code == 0
    assert shared.cli("servers", "confine", "fs", "on").code == 0

    def fs(tool: str, **arguments: str) -> tuple[bool, str]:
        answer = shared.cli("call", "fs", tool, "--args", json.dumps(arguments))
        if answer.code != 0:  # the tool reported an error: `call` says it in one sentence
            return False, answer.err
        return True, str(answer.json()["content"][0]["text"])

    # Roots carry no mode: the server is told both folders and reads both.
    assert sorted(fs("list_allowed_directories")[1].splitlines()[1:]) == sorted([str(shared.docs),
                                                                                str(shared.work)])
    assert fs("read_text_file", path=str(shared.docs / "note.txt")) == (True, "docs text")
    written, said = fs("write_file", path=str(shared.docs / "note.txt"), content="changed")
    assert not written and "EACCES" in said, said
    assert (shared.docs / "note.txt").read_text() == "docs text"
    assert fs("write_file", path=str(shared.work / "fs.txt"), content="from fs")[0]
    assert (shared.work / "fs.txt").read_text() == "from fs"


@pytest.mark.asyncio
async def test_the_bridge_restarts_the_server_when_read_only_is_turned_on_and_the_host_session_goes_on(
    shared: Folders, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, sdk_host: SdkHostFactory
) -> None:
    monkeypatch.setenv("ROOTKEEPER_BRIDGE_RECHECK_SECONDS", "36000")  # hours: the store watch must deliver
    server_log = shared.home / "state" / "logs" / "bridge-probe.server.log"
    note = str(shared.docs / "note.txt")

    def starts() -> int:
        return server_log.read_text(errors="replace").count("launch.py") if server_log.exists() else 0

    assert (await asyncio.to_thread(shared.cli, "roots", "read-only", "docs", "off")).code == 0
    async with sdk_host(shared.home, "probe", tmp_path / "host.log") as client:
        assert result(await client.call_tool("write_file", {"path": note, "text": "one"})) == {"ok": 3}

        before = starts()
        assert (await asyncio.to_thread(shared.cli, "roots", "read-only", "docs", "on")).code == 0
        await eventually(lambda: starts() > before, "the server restarted with the read-only ruleset")
        # The same session: the handshake was replayed to the new process.
        assert result(await client.call_tool("write_file", {"path": note, "text": "two"}))["error"] == "EACCES"
        assert result(await client.call_tool("read_file", {"path": note})) == {"ok": "one"}
        spawned = result(await client.call_tool("spawn_write", {"path": note, "text": "three"}))
        assert spawned["status"] != 0 and "Permission denied" in spawned["stderr"]

        before = starts()
        assert (await asyncio.to_thread(shared.cli, "roots", "read-only", "docs", "off")).code == 0
        await eventually(lambda: starts() > before, "the server restarted with the read-write ruleset")
        assert result(await client.call_tool("write_file", {"path": note, "text": "four"})) == {"ok": 4}
    assert (shared.docs / "note.txt").read_text() == "four"


@pytest.mark.asyncio
async def test_the_hub_restarts_the_server_when_read_only_is_turned_on(shared: Folders) -> None:
    hub = Hub(Store(shared.home), state_dir=shared.home / "state", check_interval=HOURS, retry_interval=HOURS,
              store_fallback_poll=HOURS, connect_timeout=30)
    note = str(shared.docs / "note.txt")

    async def connected(previous: object = None) -> Any:
        await eventually(lambda: (c := hub.connection("probe")) is not None and c is not previous, "restarted", 60)
        connection = hub.connection("probe")
        assert connection is not None
        await connection.wait_for_status(lambda status: status.state == "connected", 60)
        return connection

    await hub.start()
    try:
        first = await connected()
        assert result(await first.call_tool("write_file", {"path": note, "text": "one"}))["error"] == "EACCES"
        assert (await asyncio.to_thread(shared.cli, "roots", "read-only", "docs", "off")).code == 0
        second = await connected(first)
        assert result(await second.call_tool("write_file", {"path": note, "text": "two"})) == {"ok": 3}
        assert (await asyncio.to_thread(shared.cli, "roots", "read-only", "docs", "on")).code == 0
        third = await connected(second)
        assert result(await third.call_tool("write_file", {"path": note, "text": "six"}))["error"] == "EACCES"
        assert result(await third.call_tool("read_file", {"path": note})) == {"ok": "two"}
    finally:
        await hub.stop()
