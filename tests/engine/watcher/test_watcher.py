"""The roots watcher against real files, a real mount table and other processes' edits.

Every fallback interval is set to hours, so whatever a test sees arrived through an event from
the operating system (inotify on folders, POLLPRI on the mount table), not through a poll.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from app.core.model import StoreData
from app.core.roots.access import AccessChecker, AccessResult, AccessStatus, check_now
from app.core.store.store import Store
from app.engine.watcher import index as watcher_index
from app.engine.watcher import os_events as watcher_os
from app.engine.watcher import watcher as watcher_module
from app.engine.watcher.watcher import RootsWatcher, WatchEvent
from tests.support.access import HangingCheck
from tests.support.cli import edit_by_cli
from tests.support.servers import python_server
from tests.support.store import add_roots
from tests.support.waiting import eventually
from tests.support.watcher import HOURS, make_watcher, started

pytestmark = pytest.mark.timeout(90)

async def test_another_processs_edit_arrives_by_a_file_event(store: Store, folders: dict[str, Path]) -> None:
    add_roots(store, folders["alpha"])
    watcher = make_watcher(store)
    async with started(watcher) as seen:
        assert seen.uris() == [folders["alpha"].as_uri()]
        await asyncio.to_thread(edit_by_cli, store.home, "roots", "add", str(folders["beta"]))
        await eventually(lambda: seen.uris() == [folders["alpha"].as_uri(), folders["beta"].as_uri()], what="beta")
        assert WatchEvent("access", frozenset({"all"})) in seen.events
        assert watcher.visible("none") == []
        assert not any("none" in event.servers for event in seen.events)


Change = Callable[[Path], None]


def _remove(folder: Path) -> None:
    shutil.rmtree(folder)


def _move_away(folder: Path) -> None:
    folder.rename(folder.with_name(folder.name + "-moved"))


def _remake(folder: Path) -> None:
    folder.mkdir()


def _move_back(folder: Path) -> None:
    folder.with_name(folder.name + "-moved").rename(folder)


@pytest.mark.parametrize(("leave", "come_back"), [(_remove, _remake), (_move_away, _move_back)], ids=["rm", "mv"])
async def test_a_folder_that_goes_leaves_every_list_and_comes_back(
    store: Store, folders: dict[str, Path], leave: Change, come_back: Change
) -> None:
    add_roots(store, folders["alpha"], folders["beta"])
    both = [folders["alpha"].as_uri(), folders["beta"].as_uri()]
    watcher = make_watcher(store)
    async with started(watcher) as seen:
        assert seen.uris() == both
        await asyncio.to_thread(leave, folders["beta"])
        await eventually(lambda: seen.uris() == [folders["alpha"].as_uri()], what="beta to leave")
        beta_id = watcher.data.roots[1].id
        assert watcher.access[beta_id].status is AccessStatus.MISSING
        await asyncio.to_thread(come_back, folders["beta"])
        await eventually(lambda: seen.uris() == both, what="beta to return")


async def test_an_event_rechecks_only_the_roots_it_concerns(store: Store, folders: dict[str, Path]) -> None:
    alpha_id, beta_id = add_roots(store, folders["alpha"], folders["beta"])
    watcher = make_watcher(store)
    async with started(watcher):
        alpha_checked = watcher.access[alpha_id].checked_at
        beta_checked = watcher.access[beta_id].checked_at
        os.chmod(folders["beta"], 0o700)  # an attribute change of beta's entry in its parent
        await eventually(lambda: watcher.access[beta_id].checked_at > beta_checked, what="beta re-checked")
        assert watcher.access[alpha_id].checked_at == alpha_checked


@pytest.fixture
def tmpfs(folders: dict[str, Path]):  # type: ignore[no-untyped-def]
    point = folders["beta"]
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(point)], check=False)
    assert mounted.returncode == 0, "cannot mount a tmpfs here"
    try:
        yield point
    finally:
        while os.path.ismount(point):
            subprocess.run(["umount", str(point)], check=True)


async def test_an_unmounted_drive_leaves_and_returns_by_the_mount_table(
    store: Store, folders: dict[str, Path], tmpfs: Path
) -> None:
    add_roots(store, folders["alpha"], tmpfs)
    both = [folders["alpha"].as_uri(), tmpfs.as_uri()]
    watcher = make_watcher(store)
    async with started(watcher) as seen:
        assert seen.uris() == both
        await asyncio.to_thread(subprocess.run, ["umount", str(tmpfs)], check=True)
        await eventually(lambda: seen.uris() == [folders["alpha"].as_uri()], what="the drive to leave")
        assert watcher.access[watcher.data.roots[1].id].status is AccessStatus.OFFLINE
        mount = ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(tmpfs)]
        await asyncio.to_thread(subprocess.run, mount, check=True)
        await eventually(lambda: seen.uris() == both, what="the drive to return")


async def test_a_hanging_root_never_takes_another_offline_and_a_new_root_never_flaps(
    store: Store, folders: dict[str, Path], tmp_path: Path
) -> None:
    hung = tmp_path / "data" / "dead-mount"
    fresh = tmp_path / "data" / "fresh"
    for folder in (hung, fresh):
        folder.mkdir()
    add_roots(store, folders["alpha"], hung)
    stand_in = HangingCheck(str(hung))
    watcher = make_watcher(store, checker=AccessChecker(timeout=2.0, workers=1, check=stand_in))
    try:
        async with started(watcher) as seen:
            alpha_id, hung_id = (root.id for root in watcher.data.roots)
            assert watcher.access[alpha_id].ok
            assert watcher.access[hung_id].status is AccessStatus.OFFLINE
            assert seen.uris() == [folders["alpha"].as_uri()]

            fresh_statuses: list[AccessResult | None] = []

            def watch_fresh(_event: WatchEvent) -> None:
                root = next((r for r in watcher.data.roots if r.path == str(fresh)), None)
                if root is not None:
                    fresh_statuses.append(watcher.access.get(root.id))

            watcher.subscribe(watch_fresh)
            watcher.recheck_now()  # the hung root is asked again while the fresh root arrives
            add_roots(store, fresh)
            await eventually(lambda: fresh.as_uri() in seen.uris(), what="the fresh root to be shared")
            # Seen at the store change (before its first check) as unknown, then as reachable: never offline.
            assert fresh_statuses[0] is None, fresh_statuses
            assert all(status is None or status.ok for status in fresh_statuses), fresh_statuses
            assert watcher.access[alpha_id].ok
            assert stand_in.calls.count(str(hung)) == 1
    finally:
        stand_in.release.set()


async def test_a_failing_subscriber_and_a_failing_reload_are_logged_and_watching_goes_on(
    store: Store, folders: dict[str, Path], caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    watcher = make_watcher(store)

    def broken(_event: WatchEvent) -> None:
        raise RuntimeError("subscriber bug")

    watcher.subscribe(broken)
    async with started(watcher) as seen:
        real_index = watcher._index
        calls = {"n": 0}

        def index_once_broken() -> None:
            calls["n"] += 1
            if calls["n"] == 1:
                raise RuntimeError("reload bug")
            real_index()

        monkeypatch.setattr(watcher, "_index", index_once_broken)
        with caplog.at_level(logging.ERROR):
            add_roots(store, folders["alpha"])
            await eventually(lambda: "reload bug" in caplog.text, what="the reload crash to be logged")
            add_roots(store, folders["beta"])
            await eventually(lambda: len(seen.uris()) == 2, what="the next edit to apply")
        assert "Traceback" in caplog.text or any(record.exc_info for record in caplog.records)
        assert "subscriber bug" in caplog.text


async def test_idle_watching_schedules_no_timer_but_the_fallback(store: Store, folders: dict[str, Path]) -> None:
    add_roots(store, folders["alpha"], folders["beta"])
    watcher = make_watcher(store)
    loop = asyncio.get_running_loop()
    async with started(watcher) as seen:
        add_roots(store, folders["alpha"].parent)  # some activity first, then silence
        await eventually(lambda: len(seen.uris()) == 3, what="the edit")
        await eventually(lambda: not [t for t in watcher._tasks if "fallback" not in t.get_name()], what="quiet")
        timers = [t for t in loop._scheduled if not t.cancelled()]  # type: ignore[attr-defined]
        assert all(t.when() - loop.time() > HOURS / 2 for t in timers), timers


async def test_load_once_checks_and_computes_the_lists_without_watching(store: Store, folders: dict[str, Path]) -> None:
    add_roots(store, folders["alpha"], folders["beta"])
    shutil.rmtree(folders["beta"])
    watcher = await RootsWatcher.load_once(store)
    assert [shared.uri for shared in watcher.visible("all")] == [folders["alpha"].as_uri()]
    assert watcher.visible("none") == []
    assert watcher.visible("nobody") == []
    assert sorted(result.status for result in watcher.access.values()) == [AccessStatus.MISSING, AccessStatus.OK]
    assert check_now(str(folders["alpha"])).ok


class CountingCheck:
    """The real check, counting how often each path was checked."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {}

    def __call__(self, path: str, expect_file: bool) -> AccessResult:
        self.calls[path] = self.calls.get(path, 0) + 1
        return check_now(path, expect_file=expect_file)

    def count(self, path: Path) -> int:
        return self.calls.get(str(path), 0)


async def test_fallback_rounds_recheck_what_events_cannot_vouch_for(
    store: Store, folders: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = tmp_path / "data" / "gone"
    gone.mkdir()
    add_roots(store, folders["alpha"], gone)
    gone.rmdir()
    monkeypatch.setattr(watcher_index, "FULL_ROUND_EVERY", 10**9)
    counting = CountingCheck()
    watcher = make_watcher(store, fallback_recheck=0.05, checker=AccessChecker(check=counting))
    async with started(watcher):
        await eventually(lambda: counting.count(gone) >= 4, what="the failing root to be re-checked")
        assert counting.count(folders["alpha"]) == 1  # healthy and watched: only its first check
        monkeypatch.setattr(watcher_index, "FULL_ROUND_EVERY", 2)
        await eventually(lambda: counting.count(folders["alpha"]) >= 2, what="a full round")


def test_mount_table_lines_and_remote_file_systems() -> None:
    text = (
        "22 1 0:21 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
        "40 22 0:35 / /mnt/with\\040space rw - nfs4 server:/export rw\n"
        "41 22 0:36 / /home/u/remote rw - fuse.sshfs u@host: rw\n"
    )
    mounts = watcher_os.read_mount_points(text)
    assert mounts == {("/", "ext4"), ("/mnt/with space", "nfs4"), ("/home/u/remote", "fuse.sshfs")}
    assert [fstype for _, fstype in sorted(mounts) if watcher_os.is_remote_filesystem(fstype)] == [
        "fuse.sshfs", "nfs4"
    ]


async def test_the_portable_watchfiles_path_sees_the_same_changes(
    store: Store, folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(watcher_module, "FolderEvents", functools.partial(watcher_os.FolderEvents, portable=True))
    add_roots(store, folders["alpha"])
    watcher = make_watcher(store)
    async with started(watcher) as seen:
        await asyncio.to_thread(edit_by_cli, store.home, "roots", "add", str(folders["beta"]))
        await eventually(lambda: len(seen.uris()) == 2, what="the other process's edit")
        shutil.rmtree(folders["beta"])
        await eventually(lambda: seen.uris() == [folders["alpha"].as_uri()], what="beta to leave")


def test_the_visibility_rule_for_every_server_at_once(tmp_path: Path) -> None:
    from app.core.roots.lookup import plan_add
    from app.core.roots.sharing import SharedRoot, visible_lists, visible_roots

    data = StoreData()
    for name in ("one", "two", "off", "broken"):
        (tmp_path / name).mkdir()
        data.roots.append(plan_add(data, str(tmp_path / name)).root)
    one, two, off, broken = data.roots
    off.enabled = False
    statuses = {root.id: check_now(root.path) for root in data.roots}
    statuses[broken.id] = AccessResult(AccessStatus.MISSING, "gone")
    data.servers += [
        python_server("all", "legacy_recorder"),
        python_server("subset", "legacy_recorder", share=[two.id, off.id, broken.id]),
        python_server("none", "legacy_recorder", share="none"),
        python_server("pending", "legacy_recorder", consent="pending"),
    ]
    lists = visible_lists(data, statuses)
    assert lists == {
        "all": [SharedRoot(one.uri, "one"), SharedRoot(two.uri, "two")],
        "subset": [SharedRoot(two.uri, "two")],
        "none": [],
        "pending": [],
    }
    assert all(visible_roots(data, server, statuses) == lists[server.name] for server in data.servers)
    del statuses[two.id]  # not checked yet: not shared
    assert visible_lists(data, statuses)["subset"] == []
    data.paused = True
    assert visible_lists(data, statuses) == {"all": [], "subset": [], "none": [], "pending": []}
