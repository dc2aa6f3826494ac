"""The single-instance socket lives in a private folder, and a name taken first never stops the app (issue 10, #3)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.ui.single_instance import SingleInstance
from tests.support.project import PROJECT


@pytest.fixture
def runtime(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    # Short, like /run/user/UID: a socket path must stay under about 100 bytes.
    folder = Path(tempfile.mkdtemp(prefix="rk-run-"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_the_socket_is_in_the_private_runtime_folder_and_carries_show(qapp: QApplication, qtbot, runtime: Path,  # type: ignore[no-untyped-def]
                                                                       tmp_path: Path) -> None:
    primary = SingleInstance(tmp_path / "state")
    try:
        assert primary.claim() and primary.problem is None
        socket = Path(primary.socket_path)
        assert socket.parent.parent == runtime
        assert stat.S_IMODE(socket.parent.stat().st_mode) == 0o700
        assert stat.S_ISSOCK(socket.stat().st_mode)
        second = ("import sys\nfrom pathlib import Path\nfrom PySide6.QtCore import QCoreApplication\n"
                  "from app.ui.single_instance import SingleInstance\napp = QCoreApplication([])\n"
                  "sys.exit(0 if SingleInstance(Path(sys.argv[1])).notify_primary(timeout=30) else 1)")
        with qtbot.waitSignal(primary.activationRequested, timeout=60_000):
            started = subprocess.Popen([sys.executable, "-c", second, str(tmp_path / "state")],
                                       env=dict(os.environ, PYTHONPATH=str(PROJECT)))
        assert started.wait(timeout=60) == 0
    finally:
        primary.release()


def test_a_name_taken_first_is_said_in_one_sentence_and_the_app_still_runs(qapp: QApplication, runtime: Path,
                                                                          tmp_path: Path) -> None:
    primary = SingleInstance(tmp_path / "state")
    squatted = Path(primary.socket_path)
    squatted.parent.mkdir(mode=0o700, exist_ok=True)
    squatted.mkdir()  # taken first, and nothing may remove it
    (squatted / "keep").write_text("not yours")
    try:
        assert primary.claim()  # still the one instance: only raising its window is lost
        assert primary.problem is not None
        text = primary.problem.text
        assert len(text.splitlines()) == 1 and text.endswith(".") and "window" in text
        assert (squatted / "keep").read_text() == "not yours"
    finally:
        primary.release()


@pytest.mark.parametrize("unsafe", ["world-writable", "other-owner", "symlink"])
def test_an_unsafe_runtime_folder_is_not_used(qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              unsafe: str) -> None:
    folder = tmp_path / "run"
    if unsafe == "symlink":
        (tmp_path / "elsewhere").mkdir(mode=0o700)
        folder.symlink_to(tmp_path / "elsewhere")
    else:
        folder.mkdir()
        folder.chmod(0o777)
        if unsafe == "other-owner":
            folder.chmod(0o700)
            os.chown(folder, 65534, 65534)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    state = tmp_path / "s"
    primary = SingleInstance(state)
    try:
        assert primary.claim()
        assert not primary.socket_path.startswith(str(folder))
        assert not primary.socket_path.startswith(str(tmp_path / "elsewhere"))
        parent = Path(primary.socket_path).parent
        info = parent.lstat()
        assert stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) == 0o700
    finally:
        primary.release()


def test_the_lock_file_is_private(qapp: QApplication, runtime: Path, tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        primary = SingleInstance(tmp_path / "state")
        assert primary.claim()
    finally:
        os.umask(old)
    try:
        assert stat.S_IMODE((tmp_path / "state" / "gui.lock").stat().st_mode) == 0o600
        assert stat.S_IMODE((tmp_path / "state").stat().st_mode) == 0o700
    finally:
        primary.release()


def test_one_app_per_home_until_its_holder_dies_however_it_dies(qapp: QApplication, runtime: Path,
                                                                tmp_path: Path) -> None:
    from app.cli.sessions import tray_running

    state = tmp_path / "state"
    holder = ("import sys\nfrom pathlib import Path\nfrom PySide6.QtCore import QCoreApplication\n"
              "from app.ui.single_instance import SingleInstance\napp = QCoreApplication([])\n"
              "instance = SingleInstance(Path(sys.argv[1]))\nprint(instance.claim(listen=False), flush=True)\n"
              "sys.stdin.read()\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(runtime), PYTHONPATH=str(PROJECT))
    first = subprocess.Popen([sys.executable, "-c", holder, str(state)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, cwd=PROJECT, env=env)
    try:
        assert first.stdout is not None and first.stdout.readline().strip() == "True"
        assert not SingleInstance(state).claim(listen=False)
        assert tray_running(state)  # `rootkeeper sessions` reads the holder's pid from the lock file
    finally:
        first.kill()  # no chance to let go: the kernel frees the lock
        first.wait(timeout=30)
    second = SingleInstance(state)
    try:
        assert second.claim(listen=False)
    finally:
        second.release()
    assert not tray_running(state)  # released: no pid left behind for a later process to be taken for it
