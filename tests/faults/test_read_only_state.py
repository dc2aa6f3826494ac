"""A read-only or unwritable state folder (issue 10, #7): edits are refused in one sentence, the hub
still starts its servers, and one hub per home still holds (see app/core/system/hublock.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.system.hublock import HubLock
from app.core.system.locations import state_home
from tests.faults.disks import fill, remount
from tests.faults.recorder_home import headless_reaches, home_with_recorder, is_one_sentence_each
from tests.faults.store_guard import StoreGuard
from tests.support.bridge import RawHostFactory
from tests.support.cli import run_cli, run_unprivileged
from tests.support.headless import LockHolderFactory

NOBODY = 65534


def _state(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOTKEEPER_HOME", str(home))
    return state_home()


@pytest.mark.parametrize("edit", [["roots", "add", "{new}"], ["servers", "remove", "rec"], ["resume"]],
                         ids=["roots-add", "servers-remove", "resume"])
def test_an_edit_in_a_read_only_home_is_one_sentence(
    small_disk: Path, tmp_path: Path, store_guard: StoreGuard, edit: list[str]
) -> None:
    home = small_disk / "home"
    home_with_recorder(home, tmp_path / "shared", tmp_path / "rec.jsonl")
    (tmp_path / "new").mkdir()
    store_guard.watch(home)
    remount(small_disk, "ro")
    result = run_cli(home, *[word.format(new=tmp_path / "new") for word in edit])
    assert result.code != 0 and is_one_sentence_each(result.err) and len(result.err.splitlines()) == 1, result
    assert "Read-only file system" in result.err, result
    assert store_guard.problems() == []


@pytest.mark.parametrize("first_run", [True, False], ids=["never-ran", "ran-before"])
def test_the_hub_in_a_read_only_home_starts_its_servers(
    small_disk: Path, tmp_path: Path, store_guard: StoreGuard, first_run: bool
) -> None:
    home, record, shared = small_disk / "home", tmp_path / "rec.jsonl", tmp_path / "shared"
    home_with_recorder(home, shared, record)
    if not first_run:  # logs, status and hub.lock exist already
        headless_reaches(home, record, shared)
        record.unlink()
    store_guard.watch(home)
    remount(small_disk, "ro")
    code, err = headless_reaches(home, record, shared)
    assert code == 0 and is_one_sentence_each(err), err
    assert store_guard.problems() == []


def test_the_hub_in_a_state_folder_it_may_not_write_starts_its_servers(
    tmp_path: Path, store_guard: StoreGuard, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, record, shared = tmp_path / "home", tmp_path / "rec.jsonl", tmp_path / "shared"
    home_with_recorder(home, shared, record)
    state = _state(home, monkeypatch)
    state.mkdir(parents=True, exist_ok=True)
    tmp_path.chmod(0o755)  # the unprivileged hub must reach its home; only the state folder is shut
    # Another user's folder: its owner alone could open it up again (a mode of our own we could chmod).
    os.chown(state, NOBODY, NOBODY)
    state.chmod(0o755)
    store_guard.watch(home)
    try:
        code, err = headless_reaches(home, record, shared, unprivileged=True)
    finally:
        os.chown(state, 0, 0)
    assert code == 0 and is_one_sentence_each(err), err
    assert store_guard.problems() == []


def test_one_hub_per_home_holds_when_the_state_folder_is_read_only(
    small_disk: Path, monkeypatch: pytest.MonkeyPatch, *, lock_holder: LockHolderFactory
) -> None:
    home = small_disk / "home"
    state = _state(home, monkeypatch)
    state.mkdir(parents=True)
    remount(small_disk, "ro")
    assert not (state / "hub.lock").exists()
    with lock_holder(state, "headless"):
        second = HubLock(state, "gui")
        assert not second.try_acquire()  # they meet on the runtime folder's lock
        assert second.owner() is not None and second.owner().kind == "headless"  # type: ignore[union-attr]


def test_one_hub_per_home_holds_between_a_writer_and_a_process_that_cannot_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, lock_holder: LockHolderFactory
) -> None:
    state = _state(tmp_path / "home", monkeypatch)
    state.mkdir(parents=True)
    tmp_path.chmod(0o755)
    with lock_holder(state, "headless"):
        # hub.lock exists now, but the second process may write neither it nor the folder
        os.chown(state, NOBODY, NOBODY)
        os.chown(state / "hub.lock", NOBODY, NOBODY)
        (state / "hub.lock").chmod(0o644)
        try:
            tried = run_unprivileged(
                "import sys\nfrom pathlib import Path\nfrom app.core.system.hublock import HubLock\n"
                "print(HubLock(Path(sys.argv[1]), 'gui').try_acquire())", str(state))
        finally:
            os.chown(state, 0, 0)
    assert tried.stdout.strip() == "False", tried


@pytest.mark.parametrize("fault", ["read-only", "full"])
async def test_the_bridge_in_a_read_only_or_full_home_still_bridges(
    small_disk: Path, tmp_path: Path, store_guard: StoreGuard, fault: str, *, raw_host: RawHostFactory
) -> None:
    from tests.support.bridge import raw_server
    from tests.support.store import add_server

    home = small_disk / "home"
    add_server(home, "raw", raw_server(tmp_path / "raw.jsonl"), share="all", consent="given")
    store_guard.watch(home)
    if fault == "full":
        fill(small_disk)
    else:
        remount(small_disk, "ro")
    async with raw_host(home, "--server", "raw") as host:
        assert "result" in await host.handshake()
        await host.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert "result" in await host.reply_to(1)
        assert await host.close_input() == 0
        assert host.process.stderr is not None
        err = (await host.process.stderr.read()).decode()
    assert is_one_sentence_each(err), err
    assert store_guard.problems() == []


CLAIM = """
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from app.ui.single_instance import SingleInstance
app = QCoreApplication([])
print(SingleInstance(Path(sys.argv[1])).claim())
"""


@pytest.mark.parametrize("fault", ["read-only", "full"])
def test_the_tray_app_in_a_read_only_or_full_home_is_still_the_one_instance(
    small_disk: Path, monkeypatch: pytest.MonkeyPatch, qapp: object, fault: str
) -> None:
    import subprocess
    import sys

    from app.ui.single_instance import SingleInstance
    from tests.support.project import PROJECT

    state = _state(small_disk / "home", monkeypatch)
    state.mkdir(parents=True)
    if fault == "full":
        fill(small_disk)
    else:
        remount(small_disk, "ro")
    first = SingleInstance(state)
    try:
        assert first.claim()
        second = subprocess.run([sys.executable, "-c", CLAIM, str(state)], capture_output=True, text=True,
                                env=dict(os.environ, PYTHONPATH=str(PROJECT), QT_QPA_PLATFORM="offscreen"),
                                timeout=60, check=False)
    finally:
        first.release()
    assert second.stdout.strip() == "False", second
