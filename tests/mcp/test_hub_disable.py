"""A server disabled without being removed, enabled again, and reconnected on demand, over a real stdio pipe."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.core.edits import servers as edit_servers
from app.core.store.store import Store
from app.mcp.hub import Hub
from tests.support.processes import processes_mentioning
from tests.support.recordings import recorded
from tests.support.servers import python_server
from tests.support.store import add_roots
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(90)

HOURS = 3 * 3600.0


@contextlib.asynccontextmanager
async def recorder_hub(tmp_path: Path) -> AsyncIterator[tuple[Hub, Store, Path]]:
    """A started hub with one shared folder and one recording stdio server that has listed once."""
    (tmp_path / "alpha").mkdir()
    store = Store(tmp_path / "home")
    add_roots(store, tmp_path / "alpha")
    record = tmp_path / "rec.jsonl"
    store.update(lambda d: d.servers.append(python_server("rec", "legacy_recorder", "--record", str(record))))
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, store_fallback_poll=HOURS)
    await hub.start()
    try:
        await eventually(lambda: len(recorded(record)) == 1, what="the first list")
        yield hub, store, record
    finally:
        await hub.stop()


async def test_disable_ends_the_process_for_good_and_enable_connects_again(tmp_path: Path) -> None:
    async with recorder_hub(tmp_path) as (hub, store, record):
        assert processes_mentioning(str(record), os.getpid())

        with store.transaction() as data:
            edit_servers.set_server_enabled(data, "rec", False)
        hub.reload_now()
        await eventually(lambda: not processes_mentioning(str(record), os.getpid()), what="the disabled server to exit")
        assert hub.server_status("rec") is None
        # A later edit the hub applies (it goes over its servers on each): a wrong restart comes before it.
        later = tmp_path / "later"
        later.mkdir()
        add_roots(store, later)
        hub.reload_now()
        await eventually(lambda: str(later.resolve()) in [root.path for root in hub.data.roots], what="the later edit")
        assert not processes_mentioning(str(record), os.getpid())
        assert hub.server_status("rec") is None

        with store.transaction() as data:
            edit_servers.set_server_enabled(data, "rec", True)
        hub.reload_now()
        await eventually(lambda: len(recorded(record)) == 2, what="the enabled server to list again")
        status = hub.server_status("rec")
        assert status is not None and status.state == "connected"


async def test_reconnect_starts_a_new_process_that_lists_again(tmp_path: Path) -> None:
    async with recorder_hub(tmp_path) as (hub, _store, record):
        (first,) = processes_mentioning(str(record), os.getpid())
        assert hub.reconnect("rec")
        await eventually(lambda: len(recorded(record)) == 2, what="the new session to list")
        await eventually(lambda: first not in processes_mentioning(str(record), os.getpid()),
                         what="the old process to exit")
        assert len(processes_mentioning(str(record), os.getpid())) == 1
        assert not hub.reconnect("nobody")
