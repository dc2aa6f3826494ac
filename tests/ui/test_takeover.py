"""The tray app and a headless hub in one home: the app takes the servers over, or runs without them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import qasync

from app.core.store.store import Store
from tests.support.gui import BuildApp, run, running
from tests.support.headless import HeadlessHubFactory, LockHolderFactory
from tests.support.processes import leftovers, processes_mentioning
from tests.support.servers import python_server
from tests.support.waiting import eventually


def initialized(record: Path) -> int:
    lines = record.read_text().splitlines() if record.exists() else []
    return sum(json.loads(line)["event"] == "initialized" for line in lines)


def test_the_app_stops_a_headless_hub_and_connects_its_servers(
    qloop: qasync.QEventLoop, tmp_path: Path, english: object, *, build_app: BuildApp, headless_hub: HeadlessHubFactory
) -> None:
    home, record, mark = tmp_path / "home", tmp_path / "seen.jsonl", f"takeover-{os.getpid()}"
    Store(home).update(lambda data: data.servers.append(
        python_server("rec", "legacy_recorder", "--record", str(record), mark=mark)))

    async def scenario() -> None:
        report = tmp_path / "headless-leftovers.json"  # what the headless hub leaves running when it exits
        with headless_hub(home, leftovers=report) as headless:
            await eventually(lambda: initialized(record) == 1, "the headless hub's server", 60)
            async with running(build_app(home)) as app:
                assert app.connecting
                await eventually(lambda: headless.poll() is not None, "the headless hub to exit", 60)
                assert headless.returncode == 0
                await eventually(lambda: any(s.status is not None and s.status.state == "connected"
                                             for s in app.live.current.servers), "the app's own connection", 60)
                assert initialized(record) == 2
                # The app's server; the headless one has stopped (and is not left running, below nothing of ours).
                assert len(processes_mentioning(mark, os.getpid())) == 1 and leftovers(report, mark) == []
                assert not app.window.message_bar.isVisible()
            assert app.hub_lock.owner() is None  # released at shutdown

    run(qloop, scenario(), timeout=120)


def test_the_app_runs_without_servers_when_the_holder_is_not_a_headless_hub(
    qloop: qasync.QEventLoop, tmp_path: Path, english: object, *, build_app: BuildApp, lock_holder: LockHolderFactory
) -> None:
    home, record = tmp_path / "home", tmp_path / "seen.jsonl"
    Store(home).update(lambda data: data.servers.append(
        python_server("rec", "legacy_recorder", "--record", str(record))))

    async def scenario() -> None:
        with lock_holder(home / "state", "gui") as other:
            async with running(build_app(home)) as app:
                assert not app.connecting
                bar = app.window.message_bar
                assert bar.isVisible() and "does not connect them" in bar.text()
                assert other.poll() is None  # never signalled
                await eventually(lambda: app.window.servers_model.rowCount() == 1, what="the stored server shown")
                assert not record.exists()  # no server was started
            assert app.hub_lock.owner() is not None and app.hub_lock.owner().pid == other.pid  # type: ignore[union-attr]

    run(qloop, scenario(), timeout=120)
