"""A hub's start on a large store: the SDK is imported after the first round, and the servers still get every root."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.model import StoreData
from app.core.store.store import Store
from app.mcp.hub import SDK_BESIDE_CHECKS_BELOW
from tests.benchmarks.fixtures import make_folders, roots_for
from tests.support.project import PROJECT
from tests.support.recordings import recorded
from tests.support.servers import python_server

pytestmark = pytest.mark.timeout(120)

# A fresh interpreter: the test process has long imported the SDK.
HUB = """
import asyncio, json, sys
from pathlib import Path
from app.core.store.store import Store
from app.mcp.hub import Hub

async def main():
    home = Path(sys.argv[1])
    hub = Hub(Store(home), state_dir=home / "state", check_interval=3 * 3600.0, retry_interval=3 * 3600.0)
    connected = asyncio.Event()

    def on_event(kind):
        status = hub.server_status("all")
        if status is not None and status.state == "connected" and status.session_fetches > 0:
            connected.set()

    await hub.start()
    at_start = {"sdk": "mcp.client" in sys.modules, "checked": len(hub.access), "visible": len(hub.visible_for("all"))}
    hub.subscribe(on_event)
    await asyncio.wait_for(connected.wait(), 60)
    at_start["sdk_after"] = "mcp.client" in sys.modules
    print(json.dumps(at_start), flush=True)
    await hub.stop()

asyncio.run(main())
"""


def test_a_large_store_is_checked_and_listed_before_start_returns_and_the_sdk_loads_after(tmp_path: Path) -> None:
    count = SDK_BESIDE_CHECKS_BELOW
    paths = make_folders(tmp_path / "many", count)
    record = tmp_path / "all.jsonl"
    store = Store(tmp_path / "home")

    def fill(data: StoreData) -> None:
        data.roots = roots_for(paths)
        data.servers.append(python_server("all", "legacy_recorder", "--record", str(record)))

    store.update(fill)
    env = {"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin", "ROOTKEEPER_HOME": str(store.home)}
    done = subprocess.run([sys.executable, "-c", HUB, str(store.home)], env=env, capture_output=True, text=True,
                          timeout=100, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    # When `start` returned every root had passed its check and the server's list was made...
    assert seen["checked"] == count and seen["visible"] == count
    # ...without the SDK, which the server's session loaded afterwards (on a thread).
    assert seen["sdk"] is False and seen["sdk_after"] is True
    # The server's first list was the whole list: it never saw one made before the checks.
    lists = recorded(record)
    assert lists and len(lists[0]) == count
