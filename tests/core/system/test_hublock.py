"""The hub lock between real processes: who holds it, the kernel releasing it, and the GUI's takeover."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.system.hublock import HubLock, HubLockHeld
from app.engine.takeover import take_over
from tests.support.headless import LockHolderFactory
from tests.support.project import PROJECT


def test_a_second_process_is_refused_and_told_who_holds_the_lock(
    tmp_path: Path, *, lock_holder: LockHolderFactory
) -> None:
    with lock_holder(tmp_path, "headless") as proc:
        lock = HubLock(tmp_path, "headless")
        assert not lock.try_acquire()
        owner = lock.owner()
        assert owner is not None and (owner.pid, owner.kind) == (proc.pid, "headless")
        with pytest.raises(HubLockHeld, match=f"process {proc.pid}") as refused:
            lock.acquire()
        assert refused.value.code == "hub.held.headless"


def test_the_kernel_releases_the_lock_of_a_killed_holder(tmp_path: Path, *, lock_holder: LockHolderFactory) -> None:
    with lock_holder(tmp_path, "headless") as proc:
        proc.kill()
        proc.wait(60)
        lock = HubLock(tmp_path, "gui")
        assert lock.try_acquire()
        owner = lock.owner()
        assert owner is not None and (owner.pid, owner.kind) == (os.getpid(), "gui")
        lock.release()
        assert lock.owner() is None  # released: nobody is named


def test_take_over_stops_a_headless_hub_and_takes_its_lock(tmp_path: Path, *, lock_holder: LockHolderFactory) -> None:
    with lock_holder(tmp_path, "headless") as proc:
        lock = HubLock(tmp_path, "gui")
        assert asyncio.run(take_over(lock, timeout=60))
        assert proc.wait(60) == 0
        assert proc.stdout is not None and "released" in proc.stdout.read()
        assert lock.held
        lock.release()


def test_take_over_never_signals_a_gui_holder(tmp_path: Path, *, lock_holder: LockHolderFactory) -> None:
    with lock_holder(tmp_path, "gui") as proc:
        lock = HubLock(tmp_path, "gui")
        assert not asyncio.run(take_over(lock, timeout=60))
        assert proc.poll() is None and not lock.held


def test_take_over_never_signals_a_process_that_did_not_write_the_lock(
    tmp_path: Path, *, lock_holder: LockHolderFactory
) -> None:
    # The pid in the file belongs to a live process, but its start time says it is not the writer.
    with lock_holder(tmp_path, "headless", "forge") as proc:
        lock = HubLock(tmp_path, "gui")
        assert not asyncio.run(take_over(lock, timeout=60))
        assert proc.poll() is None and not lock.held


def test_take_over_gives_up_after_its_bound_when_the_hub_does_not_stop(
    tmp_path: Path, *, lock_holder: LockHolderFactory
) -> None:
    with lock_holder(tmp_path, "headless") as proc:
        # A hub that ignores SIGTERM (stuck): the GUI stops waiting after its bound and runs without the lock.
        os.kill(proc.pid, signal.SIGSTOP)
        try:
            lock = HubLock(tmp_path, "gui")
            assert not asyncio.run(take_over(lock, timeout=0.5))
            assert not lock.held
        finally:
            os.kill(proc.pid, signal.SIGCONT)
        assert proc.wait(60) == 0  # the SIGTERM it was sent is handled once it runs again


def test_the_lock_file_is_private_whatever_the_umask(tmp_path: Path) -> None:
    code = "import os, sys; os.umask(0); from pathlib import Path; from app.core.system.hublock import HubLock; " \
           "assert HubLock(Path(sys.argv[1]), 'headless').try_acquire()"
    state = tmp_path / "state"
    subprocess.run([sys.executable, "-c", code, str(state)], cwd=PROJECT, check=True, timeout=60,
                   env=dict(os.environ, PYTHONPATH=str(PROJECT)))
    assert (state / "hub.lock").stat().st_mode & 0o777 == 0o600
    assert state.stat().st_mode & 0o777 == 0o700
    assert json.loads((state / "hub.lock").read_text())["kind"] == "headless"
