"""The hub's own edits (`Hub.edit`): told to servers, written, and a failed write taken back.

A write is made to fail for real: a folder stands where the store's temporary file goes, so opening it
for writing fails (even for root), and the store file is left as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.core.edits import roots as edit_roots
from app.core.model import StoreData
from app.core.store.store import Store, StoreError
from app.mcp.hub import Hub
from tests.support.recordings import recorded
from tests.support.servers import python_server
from tests.support.store import add_roots
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(90)

HOURS = 3 * 3600.0


@contextlib.contextmanager
def writes_failing(store: Store) -> Iterator[None]:
    blocker = store.path.with_name(f".{store.path.name}.{os.getpid()}.tmp")
    blocker.mkdir()
    try:
        yield
    finally:
        blocker.rmdir()


@contextlib.asynccontextmanager
async def running_hub(tmp_path: Path, count: int = 2) -> Iterator[tuple[Hub, list[str], Path, list[Path]]]:
    folders = [tmp_path / "data" / f"f{n}" for n in range(count)]
    for folder in folders:
        folder.mkdir(parents=True)
    store = Store(tmp_path / "home")
    ids = add_roots(store, *folders)
    record = tmp_path / "record.jsonl"
    store.update(lambda data: data.servers.append(python_server("rec", "legacy_recorder", "--record", str(record))))
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, store_fallback_poll=HOURS)
    await hub.start()
    try:
        every = [folder.as_uri() for folder in folders]
        await eventually(lambda: recorded(record) == [every], what="the first list")
        # The hub remembers in the store that the server asked at connect (`asks_roots`): let that write land
        # first, so that the tests below see only their own edits.
        await eventually(lambda: (entry := hub.data.server("rec")) is not None and entry.asks_roots == "at_connect",
                         what="its asking at connect remembered")
        yield hub, ids, record, folders
    finally:
        await hub.stop()


def disabling(root_id: str) -> Callable[[StoreData], object]:
    return lambda data: edit_roots.set_enabled(data, root_id, False)


@pytest.mark.parametrize("on_loop", [True, False], ids=["on the loop", "on a thread"])
async def test_an_edit_reaches_the_server_and_the_disk(tmp_path: Path, on_loop: bool) -> None:
    async with running_hub(tmp_path) as (hub, ids, record, folders):
        await hub.edit(disabling(ids[1]), on_loop=on_loop)
        await eventually(lambda: recorded(record)[-1] == [folders[0].as_uri()], what="the shorter list")
        on_disk = Store(hub.store.home).load()
        assert [root.enabled for root in on_disk.roots] == [True, False]
        assert hub.data.roots[1].enabled is False
        assert [shared.uri for shared in hub.visible_for("rec")] == [folders[0].as_uri()]


@pytest.mark.parametrize("on_loop", [True, False], ids=["on the loop", "on a thread"])
async def test_a_write_that_fails_is_taken_back_and_the_server_told_the_list_on_disk(
    tmp_path: Path, on_loop: bool
) -> None:
    async with running_hub(tmp_path) as (hub, ids, record, folders):
        every = [folder.as_uri() for folder in folders]
        before = hub.store.path.read_bytes()
        told = hub.notifications_sent("rec")
        with writes_failing(hub.store), pytest.raises(StoreError) as caught:
            await hub.edit(disabling(ids[1]), on_loop=on_loop)
        assert caught.value.code == "store.not_saved"
        assert hub.store.path.read_bytes() == before
        assert hub.data.roots[1].enabled is True
        assert [shared.uri for shared in hub.visible_for("rec")] == every
        if on_loop:
            # Told the staged list before the write, and the kept one once it failed. A server slow
            # enough may list only after the failure: what it ends with is what counts.
            await eventually(lambda: recorded(record)[-1] == every and len(recorded(record)) >= 2,
                             what="the list as kept on disk")
        else:  # written first: the server never heard of it
            assert hub.notifications_sent("rec") == told
            assert recorded(record) == [every]

        # The next edit is not confused by the one that failed.
        await hub.edit(disabling(ids[0]), on_loop=on_loop)
        await eventually(lambda: recorded(record)[-1] == [folders[1].as_uri()], what="the next edit")
        assert [root.enabled for root in Store(hub.store.home).load().roots] == [False, True]


def waiting_in_flock() -> int:
    """How many threads of this process the kernel has asleep in `flock` (their wchan names the lock wait)."""
    waiting = 0
    for tid in os.listdir("/proc/self/task"):
        with contextlib.suppress(OSError):
            waiting += "lock_inode_wait" in Path(f"/proc/self/task/{tid}/wchan").read_text()
    return waiting


async def test_an_edit_waits_on_a_thread_while_another_process_holds_the_lock(tmp_path: Path) -> None:
    async with running_hub(tmp_path) as (hub, ids, record, folders):
        held = os.open(hub.store.lock_path, os.O_RDWR)
        fcntl.flock(held, fcntl.LOCK_EX)  # another open file: to the kernel, as good as another process
        try:
            assert hub.store.begin_if_free() is None
            before = waiting_in_flock()
            editing = asyncio.ensure_future(hub.edit(disabling(ids[1]), on_loop=True))
            # The loop keeps turning (this wait polls on it) while the edit waits for the lock on a thread.
            await eventually(lambda: waiting_in_flock() > before, what="a thread waiting for the store's lock")
            assert not editing.done()
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)
            os.close(held)
        await editing
        await eventually(lambda: recorded(record)[-1] == [folders[0].as_uri()], what="the edit after the wait")
        assert [root.enabled for root in Store(hub.store.home).load().roots] == [True, False]


async def test_an_edit_that_raises_writes_nothing_and_lets_the_lock_go(tmp_path: Path) -> None:
    async with running_hub(tmp_path) as (hub, _ids, _record, _folders):
        before = hub.store.path.read_bytes()

        def refused(data: StoreData) -> None:
            edit_roots.set_enabled(data, "no-such-root", False)

        with pytest.raises(Exception, match="no-such-root"):
            await hub.edit(refused, on_loop=True)
        assert hub.store.path.read_bytes() == before
        pending = hub.store.begin_if_free()
        assert pending is not None
        pending.close()


async def test_a_server_that_never_lists_again_does_not_hold_the_write_up(tmp_path: Path) -> None:
    folders = [tmp_path / "data" / name for name in ("a", "b")]
    for folder in folders:
        folder.mkdir(parents=True)
    store = Store(tmp_path / "home")
    ids = add_roots(store, *folders)
    # It lists roots only when its tool is called, never on `list_changed`.
    store.update(lambda data: data.servers.append(python_server("quiet", "roots_tool", "--legacy-only")))
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, store_fallback_poll=HOURS)
    await hub.start()
    try:
        await eventually(lambda: (status := hub.server_status("quiet")) is not None and status.state == "connected",
                         what="the server")
        await hub.edit(disabling(ids[1]), on_loop=True)
        assert [root.enabled for root in Store(store.home).load().roots] == [True, False]
        connection = hub.connection("quiet")
        assert connection is not None
        shown = json.dumps(await connection.call_tool("show_roots", {}))
        assert folders[0].as_uri() in shown and folders[1].as_uri() not in shown
    finally:
        await hub.stop()
