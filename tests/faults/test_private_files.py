"""Everything Rootkeeper creates is private (0700 folders, 0600 files), even under umask 000 (issue 10, #8)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.faults.store_guard import StoreGuard
from tests.support.headless import ANNOUNCE, wait_for_line
from tests.support.project import PROJECT


def _platform_env(user_home: Path, **extra: str) -> dict[str, str]:
    """No ROOTKEEPER_HOME and no XDG variables: the platform's own folders under a home of the test's."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("ROOTKEEPER_", "XDG_"))}
    env.update(PYTHONPATH=str(PROJECT), HOME=str(user_home), **extra)
    return env


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True, env=env, cwd=PROJECT,
                          timeout=60, check=False, umask=0)


def _not_private(top: Path) -> list[str]:
    mode = stat.S_IMODE(top.stat().st_mode)
    found = [] if mode == 0o700 else [f"{top} {mode:o}"]
    for folder, folders, files in os.walk(top):
        for name in folders:
            mode = stat.S_IMODE(os.lstat(os.path.join(folder, name)).st_mode)
            if mode != 0o700:
                found.append(f"{os.path.join(folder, name)} {mode:o}")
        for name in files:
            path = os.path.join(folder, name)
            mode = stat.S_IMODE(os.lstat(path).st_mode)
            if not stat.S_ISLNK(os.lstat(path).st_mode) and mode & 0o077:
                found.append(f"{path} {mode:o}")
    return found


@pytest.fixture
def user_home(tmp_path: Path) -> Path:
    home = tmp_path / "me"
    home.mkdir(mode=0o700)
    (home / "project").mkdir(mode=0o700)
    return home


def test_the_settings_folder_and_its_files_are_private_under_umask_000(user_home: Path,
                                                                      store_guard: StoreGuard) -> None:
    env = _platform_env(user_home)
    assert _run(env, "roots", "add", str(user_home / "project")).returncode == 0
    store_guard.watch(user_home / ".config" / "rootkeeper", unchanged=False)
    assert _run(env, "servers", "add", "s", "--", "true").returncode == 0
    assert (user_home / ".config" / "rootkeeper" / "rootkeeper.json").exists()
    assert _not_private(user_home / ".config") == []


def test_the_state_folder_and_logs_are_private_under_umask_000(user_home: Path) -> None:
    env = _platform_env(user_home)
    hub = subprocess.Popen([sys.executable, "-m", "app", "run", "--headless"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=env, cwd=PROJECT, umask=0)
    try:
        wait_for_line(hub, ANNOUNCE)
    finally:
        hub.send_signal(signal.SIGINT)
        hub.communicate(timeout=60)
    state = user_home / ".local" / "state" / "rootkeeper"
    assert (state / "logs" / "rootkeeper.log").exists()
    assert _not_private(user_home / ".local") == []


def test_an_existing_own_folder_made_by_an_older_version_is_made_private(user_home: Path,
                                                                         store_guard: StoreGuard) -> None:
    own = user_home / ".config" / "rootkeeper"
    own.mkdir(parents=True)
    own.chmod(0o755)
    (user_home / ".config").chmod(0o755)  # not ours: left as the user has it
    assert _run(_platform_env(user_home), "roots", "add", str(user_home / "project")).returncode == 0
    store_guard.watch(own, unchanged=False)
    assert stat.S_IMODE(own.stat().st_mode) == 0o700
    assert stat.S_IMODE((user_home / ".config").stat().st_mode) == 0o755
