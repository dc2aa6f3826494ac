"""Server logs (issue 12): rotated by size while the server runs, never more than a few files, each private."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.core.system.locations import state_home
from app.engine.server_log import LOG_BACKUPS, LOG_ROTATE_BYTES, READ_CHUNK
from tests.faults.recorder_home import headless_reaches
from tests.faults.store_guard import StoreGuard
from tests.support.bridge import RawHostFactory
from tests.support.project import PROJECT
from tests.support.store import add_roots

pytestmark = pytest.mark.timeout(300)

FLOOD = 6 * LOG_ROTATE_BYTES


def test_a_chatty_server_log_is_rotated_by_size_and_stays_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, store_guard: StoreGuard
) -> None:
    home, record, shared = tmp_path / "home", tmp_path / "rec.jsonl", tmp_path / "shared"
    shared.mkdir()
    store = Store(home)
    add_roots(store, shared)
    target = StdioTarget(command=sys.executable, cwd=str(PROJECT), env={"PYTHONPATH": str(PROJECT)},
                         args=["-m", "tests.servers.stderr_flood", "--flood", str(FLOOD), "--record", str(record)])
    store.update(lambda data: data.servers.append(ServerEntry(name="chatty", target=target, share="all",
                                                              consent="given")))
    store_guard.watch(home, unchanged=False)
    monkeypatch.setenv("ROOTKEEPER_HOME", str(home))
    code, err = headless_reaches(home, record, shared)
    assert code == 0, err
    logs = sorted((state_home() / "logs").glob("chatty.log*"))
    names = [path.name for path in logs]
    assert names == ["chatty.log", *[f"chatty.log.{n}" for n in range(1, LOG_BACKUPS + 1)]], names
    for path in logs:
        info = path.stat()
        assert info.st_size <= LOG_ROTATE_BYTES + READ_CHUNK, (path.name, info.st_size)
        assert stat.S_IMODE(info.st_mode) == 0o600, (path.name, oct(info.st_mode))
    assert "chatty server: " in logs[0].read_text()  # the newest lines are kept, in the current file


async def test_a_chatty_server_behind_the_bridge_has_its_log_rotated_too(
    rk_home: Path, tmp_path: Path, store_guard: StoreGuard, *, raw_host: RawHostFactory
) -> None:
    from tests.support.store import add_server

    record = tmp_path / "rec.jsonl"
    command = [sys.executable, "-m", "tests.servers.stderr_flood", "--flood", str(FLOOD), "--record", str(record)]
    add_server(rk_home, "chatty", command, share="all", consent="given")
    store_guard.watch(rk_home, unchanged=False)
    async with raw_host(rk_home, "--server", "chatty") as host:
        await host.handshake()
        assert await host.close_input() == 0
    logs = sorted((rk_home / "state" / "logs").glob("bridge-chatty.server.log*"))
    assert [path.name for path in logs] == ["bridge-chatty.server.log",
                                            *[f"bridge-chatty.server.log.{n}" for n in range(1, LOG_BACKUPS + 1)]]
    for path in logs:
        info = path.stat()
        assert info.st_size <= LOG_ROTATE_BYTES + READ_CHUNK and stat.S_IMODE(info.st_mode) == 0o600, path
