"""The hub against real SDK test servers over real pipes: edits, consent, access changes, hostile peers."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.model import StoreData
from app.core.store.store import Store
from app.mcp.hub import Hub
from tests.support.processes import processes_mentioning
from tests.support.project import PROJECT
from tests.support.recordings import recorded
from tests.support.servers import python_server
from tests.support.store import add_roots
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(90)

HOURS = 3 * 3600.0
"""A fallback interval no test can wait for: what a test sees came by an event."""


def cli(home: Path, *args: str) -> None:
    env = {"ROOTKEEPER_HOME": str(home), "PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-m", "app", *args], check=True, env=env, capture_output=True, timeout=60)


@pytest.fixture
def folders(tmp_path: Path) -> list[Path]:
    made = []
    for name in ("alpha", "beta", "gamma", "delta"):
        (tmp_path / "data" / name).mkdir(parents=True)
        made.append(tmp_path / "data" / name)
    return made


async def test_edits_reach_exactly_the_servers_whose_list_changed(tmp_path: Path, folders: list[Path]) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta, *_ = folders
    (alpha_id,) = add_roots(store, alpha)
    records = {name: tmp_path / f"{name}.jsonl" for name in ("everything", "only_alpha", "undecided")}

    def servers(data: StoreData) -> None:
        data.servers += [
            python_server("everything", "legacy_recorder", "--record", str(records["everything"])),
            python_server("only_alpha", "legacy_recorder", "--record", str(records["only_alpha"]), share=[alpha_id]),
            python_server("undecided", "legacy_recorder", "--record", str(records["undecided"]), consent="pending"),
        ]

    store.update(servers)
    # A settle time well above one save's duration, so a loaded machine cannot split the burst below.
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, store_fallback_poll=HOURS)
    await hub.start()
    try:
        await eventually(lambda: all(recorded(r) for r in records.values()), what="the first lists")
        assert recorded(records["everything"]) == [[alpha.as_uri()]]
        assert recorded(records["only_alpha"]) == [[alpha.as_uri()]]
        assert recorded(records["undecided"]) == [[]]

        # An edit from another process reaches the server whose list changed, once.
        await asyncio.to_thread(cli, home, "roots", "add", str(beta))
        await eventually(lambda: len(recorded(records["everything"])) == 2, what="the new list")
        assert recorded(records["everything"])[-1] == [alpha.as_uri(), beta.as_uri()]
        # A later edit that must reach both servers sharing alpha: a wrong extra notification for the
        # first edit comes before its own (one notification at a time, on one pipe, each re-listed).
        await asyncio.to_thread(cli, home, "roots", "rename", str(alpha), "Alpha renamed")
        await eventually(lambda: hub.notifications_sent("only_alpha") >= 1 and len(recorded(records["only_alpha"])) >= 2
                         and len(recorded(records["everything"])) >= 3, what="the rename told to both")
        assert recorded(records["everything"]) == [[alpha.as_uri()], *[[alpha.as_uri(), beta.as_uri()]] * 2]
        assert recorded(records["only_alpha"]) == [[alpha.as_uri()]] * 2
        assert recorded(records["undecided"]) == [[]]
        assert hub.notifications_sent("only_alpha") == 1  # the rename's: the first edit never reached it
        assert hub.notifications_sent("everything") == 2

        # A burst of edits: the server ends with the whole list, each notification cost one re-list,
        # and a notification never overlaps the previous one (at most one per edit, none wasted).
        burst = [tmp_path / "data" / f"burst{n}" for n in range(5)]
        for folder in burst:
            folder.mkdir()

        def burst_edits() -> None:
            for folder in burst:
                add_roots(store, folder)

        full = [alpha.as_uri(), beta.as_uri(), *(f.as_uri() for f in burst)]
        await asyncio.to_thread(burst_edits)
        await eventually(lambda: recorded(records["everything"])[-1] == full, what="the burst")
        # A later edit whose list must arrive: a wrong extra notification for the burst comes before it.
        later = [uri for uri in full if uri != burst[0].as_uri()]
        await asyncio.to_thread(cli, home, "roots", "disable", str(burst[0]))
        await eventually(lambda: recorded(records["everything"])[-1] == later, what="the later edit")
        lists = recorded(records["everything"])[:-1]  # up to the burst's last list
        told = hub.notifications_sent("everything") - 1  # the later edit's own, told once its list changed
        assert 3 <= told <= 2 + len(burst)  # the two edits before, then one to five for the burst
        assert len(lists) == 1 + told
        assert lists[-1] == full

        # Consent given from the CLI: the waiting server is told at once, and was never told before.
        await asyncio.to_thread(cli, home, "servers", "share", "undecided", "all")
        await eventually(lambda: len(recorded(records["undecided"])) >= 2, what="the consented list")
        assert recorded(records["undecided"]) == [[], later]
    finally:
        await hub.stop()
    assert processes_mentioning(str(tmp_path), os.getpid()) == []


async def test_access_changes_take_roots_out_and_back(tmp_path: Path, folders: list[Path]) -> None:
    store = Store(tmp_path / "home")
    alpha, beta, *_ = folders
    add_roots(store, alpha, beta)
    record = tmp_path / "rec.jsonl"
    store.update(lambda d: d.servers.append(python_server("rec", "legacy_recorder", "--record", str(record))))
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, retry_interval=HOURS)
    await hub.start()
    try:
        await eventually(lambda: recorded(record) == [[alpha.as_uri(), beta.as_uri()]], what="the first list")
        shutil.rmtree(beta)
        await eventually(lambda: recorded(record)[-1] == [alpha.as_uri()], what="beta to leave")
        beta.mkdir()
        await eventually(lambda: recorded(record)[-1] == [alpha.as_uri(), beta.as_uri()], what="beta to return")
        # A disabled root leaves as well.
        store.update(lambda d: setattr(d.roots[0], "enabled", False))
        await eventually(lambda: recorded(record)[-1] == [beta.as_uri()], what="alpha disabled")
        # Pausing sharing empties every list.
        store.update(lambda d: setattr(d, "paused", True))
        await eventually(lambda: recorded(record)[-1] == [], what="the pause")
    finally:
        await hub.stop()


async def test_servers_come_and_go_without_restart(tmp_path: Path, folders: list[Path]) -> None:
    store = Store(tmp_path / "home")
    add_roots(store, folders[0])
    hub = Hub(store, state_dir=tmp_path / "state")
    await hub.start()
    try:
        record = tmp_path / "late.jsonl"
        store.update(lambda d: d.servers.append(python_server("late", "legacy_recorder", "--record", str(record))))
        await eventually(lambda: recorded(record) == [[folders[0].as_uri()]], what="the added server to list")
        assert processes_mentioning(str(record), os.getpid())
        store.update(lambda d: d.servers.clear())
        await eventually(lambda: not processes_mentioning(str(record), os.getpid()), what="the removed server to exit")
        assert hub.server_status("late") is None
    finally:
        await hub.stop()


async def test_hostile_servers_do_not_delay_the_others(tmp_path: Path, folders: list[Path]) -> None:
    store = Store(tmp_path / "home")
    alpha, beta, *_ = folders
    add_roots(store, alpha)
    record = tmp_path / "rec.jsonl"

    def servers(data: StoreData) -> None:
        data.servers += [
            python_server(mode, "hostile", mode, mark=str(tmp_path))
            for mode in ("silent", "flood", "not-json", "exit-at-start")
        ]
        data.servers.append(python_server("rec", "legacy_recorder", "--record", str(record)))
        missing = python_server("missing", "legacy_recorder")
        missing.target.command = str(tmp_path / "no-such-command")  # type: ignore[union-attr]
        data.servers.append(missing)

    store.update(servers)
    # The silent server fails only at its connect deadline; the healthy one is told long before that.
    # The deadline leaves room for a test server's SDK import on a loaded machine (about 4 s seen here).
    hub = Hub(store, state_dir=tmp_path / "state", connect_timeout=15)
    await hub.start()
    try:
        await eventually(lambda: recorded(record) == [[alpha.as_uri()]], what="the healthy server's first list")
        silent = hub.server_status("silent")
        assert silent is None or not silent.last_error, "the healthy server waited for the silent one's deadline"
        add_roots(store, beta)
        await eventually(lambda: len(recorded(record)) == 2, what="the healthy server to be told")

        def failed(name: str) -> bool:
            status = hub.server_status(name)
            return status is not None and bool(status.last_error)

        await eventually(lambda: all(failed(n) for n in ("silent", "not-json", "exit-at-start", "missing")),
                         "every broken server to fail", 60)
        missing_status = hub.server_status("missing")
        assert missing_status is not None and "not found" in (missing_status.last_error or "")
    finally:
        await hub.stop()
    assert processes_mentioning(str(tmp_path), os.getpid()) == []


async def test_a_failed_list_changed_is_retried_until_sent(tmp_path: Path, folders: list[Path]) -> None:
    # A transient send failure cannot be provoked on cue through a real pipe, so the real connection's
    # send is made to report failure twice; everything else (server, pipe, listing) is real.
    store = Store(tmp_path / "home")
    alpha, beta, *_ = folders
    add_roots(store, alpha)
    record = tmp_path / "rec.jsonl"
    store.update(lambda d: d.servers.append(python_server("rec", "legacy_recorder", "--record", str(record))))
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, retry_interval=HOURS)
    await hub.start()
    try:
        await eventually(lambda: recorded(record) == [[alpha.as_uri()]], what="the first list")
        connection = hub.connection("rec")
        assert connection is not None
        real_send = connection.notify_roots_changed
        attempts: list[bool] = []

        async def flaky() -> bool:
            if len(attempts) < 2:
                attempts.append(False)
                return False
            sent = await real_send()
            attempts.append(sent)
            return sent

        connection.notify_roots_changed = flaky  # type: ignore[method-assign]
        add_roots(store, beta)
        await eventually(lambda: recorded(record)[-1] == [alpha.as_uri(), beta.as_uri()], what="the retried list")
        assert attempts == [False, False, True]
        assert hub.notifications_sent("rec") == 1  # counted once it was really sent
    finally:
        await hub.stop()


async def test_servers_are_told_at_once_not_one_after_another(tmp_path: Path, folders: list[Path]) -> None:
    store = Store(tmp_path / "home")
    alpha, beta, *_ = folders
    add_roots(store, alpha)
    records = {name: tmp_path / f"{name}.jsonl" for name in ("held", "free")}

    def servers(data: StoreData) -> None:
        data.servers += [python_server(name, "legacy_recorder", "--record", str(rec)) for name, rec in records.items()]

    store.update(servers)
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, retry_interval=HOURS)
    await hub.start()
    release = asyncio.Event()
    try:
        await eventually(lambda: all(recorded(r) for r in records.values()), what="the first lists")
        held = hub.connection("held")
        assert held is not None
        real_send = held.notify_roots_changed

        async def slow() -> bool:  # a server whose notification takes long to go out
            await release.wait()
            return await real_send()

        held.notify_roots_changed = slow  # type: ignore[method-assign]
        add_roots(store, beta)
        both = [alpha.as_uri(), beta.as_uri()]
        await eventually(lambda: recorded(records["free"])[-1] == both, what="the free server to be told")
        assert recorded(records["held"]) == [[alpha.as_uri()]]
        release.set()
        await eventually(lambda: recorded(records["held"])[-1] == both, what="the held server to be told")
    finally:
        release.set()
        await hub.stop()


async def test_ten_idle_servers_leave_no_timer_but_the_fallback(tmp_path: Path, folders: list[Path]) -> None:
    store = Store(tmp_path / "home")
    add_roots(store, *folders)
    records = [tmp_path / f"rec{n}.jsonl" for n in range(10)]

    def servers(data: StoreData) -> None:
        data.servers += [
            python_server(f"s{n}", "legacy_recorder", "--record", str(rec)) for n, rec in enumerate(records)
        ]

    store.update(servers)
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, retry_interval=HOURS)
    loop = asyncio.get_running_loop()
    await hub.start()
    try:
        await eventually(lambda: all(len(recorded(r)) == 1 for r in records), timeout=60, what="every first list")

        def quiet() -> bool:
            timers = [t for t in loop._scheduled if not t.cancelled()]  # type: ignore[attr-defined]
            return all(t.when() - loop.time() > HOURS / 2 for t in timers)

        # Status writes and connection bookkeeping settle; after that nothing is due for hours.
        await eventually(quiet, what="no timer due before the fallback re-check")
    finally:
        await hub.stop()
