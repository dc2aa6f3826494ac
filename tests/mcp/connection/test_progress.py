"""While a hub is connecting, `servers list` and the hub say how many servers are connected so far."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.core.model import StoreData
from app.core.servers.progress import ConnectionProgress, connection_progress
from app.core.store.store import Store
from app.mcp.hub import Hub
from tests.support.project import PROJECT
from tests.support.recordings import recorded
from tests.support.servers import python_server
from tests.support.store import add_roots
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(90)


def test_progress_is_shown_only_while_something_connects() -> None:
    assert connection_progress(["connected", "connecting", "backoff"]) == ConnectionProgress(1, 3)
    assert ConnectionProgress(12, 50).text() == "12 of 50 connected"
    assert connection_progress(["connected", "backoff", "failed"]) is None
    assert connection_progress([]) is None


def servers_list(home: Path) -> str:
    env = {"ROOTKEEPER_HOME": str(home), "PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "app", "servers", "list"], check=True, env=env,
                          capture_output=True, text=True, timeout=60)
    return done.stdout


async def test_servers_list_shows_how_many_are_connected_while_the_hub_connects(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (tmp_path / "data").mkdir()
    store = Store(home)
    add_roots(store, tmp_path / "data")
    record = tmp_path / "rec.jsonl"

    def servers(data: StoreData) -> None:
        # `silent` never answers the handshake: it stays `connecting` for the whole (long) deadline.
        data.servers += [python_server("rec", "legacy_recorder", "--record", str(record)),
                         python_server("silent", "hostile", "silent", mark=str(tmp_path))]

    store.update(servers)
    hub = Hub(store, state_dir=home / "state", connect_timeout=600)
    await hub.start()
    try:
        await eventually(lambda: bool(recorded(record)), what="the healthy server's first list")
        assert hub.progress() == ConnectionProgress(1, 2)
        await eventually(lambda: "connecting (1 of 2 connected)" in servers_list(home), timeout=30,
                         what="servers list to show the progress")
        lines = servers_list(home).splitlines()
        assert any(line.startswith("silent  connecting (1 of 2 connected)") for line in lines), lines
        assert any(line.startswith("rec  connected") and "of 2" not in line for line in lines), lines
    finally:
        await hub.stop()
