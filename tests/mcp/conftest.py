"""Fixtures for the hub tests: the hub in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.cli import unprivileged as without_capabilities
from tests.support.processes import kept
from tests.support.project import PROJECT
from tests.support.servers import StartHub

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


@pytest.fixture
def hub_process() -> Iterator[StartHub]:
    """A hub in its own process whose every fallback interval is hours: only events can move it.

    Unprivileged (every capability dropped, as `run_unprivileged` does) its access checks obey
    file modes even when the tests run as root, and so does the server it starts. What it leaves
    running when it exits is written to `leftovers` (`tests.support.processes.leftovers` reads it).
    """
    started: list[subprocess.Popen[bytes]] = []

    def start(home: Path, leftovers: Path, *, unprivileged: bool = True) -> subprocess.Popen[bytes]:
        env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
        command = [sys.executable, "-c", HUB_WITHOUT_FALLBACKS]
        if unprivileged:
            command = without_capabilities(command)
        process = subprocess.Popen(kept(leftovers, command), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        started.append(process)
        return process

    yield start
    for process in started:  # a test that failed before stopping its hub
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=30)
