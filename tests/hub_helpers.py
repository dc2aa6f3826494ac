"""Building blocks for tests that run the hub against real test servers."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.roots.lookup import plan_add
from app.core.store.store import Store
from tests.conftest import PROJECT
from tests.process_tree import kept


def python_server(
    name: str, module: str, *args: str, share: str | list[str] = "all", consent: str = "given", mark: str = ""
) -> ServerEntry:
    """A stdio test server from tests/servers, run by this interpreter; `mark` lands in its environment."""
    target = StdioTarget(
        command=sys.executable,
        args=["-m", f"tests.servers.{module}", *args],
        env={"PYTHONPATH": str(PROJECT), "ROOTKEEPER_TEST_MARK": mark},
        cwd=str(PROJECT),
    )
    return ServerEntry(name=name, target=target, share=share, consent=consent)  # type: ignore[arg-type]


def add_roots(store: Store, *paths: Path) -> list[str]:
    """Share `paths` in one store transaction; return the new roots' ids."""
    ids: list[str] = []

    def edit(data: StoreData) -> None:
        for path in paths:
            root = plan_add(data, str(path)).root
            data.roots.append(root)
            ids.append(root.id)

    store.update(edit)
    return ids


def recorded(record: Path) -> list[list[str]]:
    """Every roots list a legacy recorder saw, oldest first."""
    if not record.exists():
        return []
    events = [json.loads(line) for line in record.read_text().splitlines() if line.strip()]
    return [event["uris"] for event in events if event.get("event") == "listed"]


async def eventually(predicate: Callable[[], bool], timeout: float = 20.0, what: str = "condition") -> float:
    """Wait until `predicate()` holds; return how long it took."""
    started = time.monotonic()
    while not predicate():
        if time.monotonic() - started > timeout:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(0.02)
    return time.monotonic() - started


HUB_WITHOUT_FALLBACKS = """
import asyncio, signal
from app.core.store.store import Store
from app.mcp.hub import Hub

async def main() -> None:
    hours = 3 * 3600.0
    hub = Hub(Store(), check_interval=hours, retry_interval=hours, store_fallback_poll=hours)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await hub.start()
    print("hub started", flush=True)
    await stop.wait()
    await hub.stop()

asyncio.run(main())
"""


def start_hub_process(home: Path, leftovers: Path, *, unprivileged: bool = True) -> subprocess.Popen[bytes]:
    """A hub in its own process whose every fallback interval is hours: only events can move it.

    Unprivileged (every capability dropped, as `run_unprivileged` does) its access checks obey
    file modes even when the tests run as root, and so does the server it starts. What it leaves
    running when it exits is written to `leftovers` (`tests.process_tree.leftovers` reads it).
    """
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
    command = [sys.executable, "-c", HUB_WITHOUT_FALLBACKS]
    if unprivileged and os.geteuid() == 0:
        command = ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--", *command]
    return subprocess.Popen(kept(leftovers, command), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
