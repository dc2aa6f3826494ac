"""Another local user (issue 10, #3 and #8) against a running hub and tray instance: the single-instance
socket, the store, the logs, the hub lock and its runtime fallback are all refused, and a folder that
user made first in the temporary folder is not used."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.system.hublock import HubLock, fallback_lock_path
from app.core.system.locations import state_home
from tests.faults.recorder_home import home_with_recorder
from tests.faults.store_guard import StoreGuard
from tests.support.headless import HeadlessHubFactory

SYSTEM_PYTHON = "/usr/bin/python3"  # the other user cannot reach a Python under root's home

# Run as the other user: try each path as the attack says, print what happened to each.
ATTACK = """
import fcntl, json, os, socket, sys
results = {}
for kind, path in json.loads(sys.argv[1]):
    try:
        if kind == "socket":
            client = socket.socket(socket.AF_UNIX)
            client.connect(path)
            client.sendall(b"show\\n")
        elif kind == "lock":
            fd = os.open(path, os.O_RDONLY)
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # would block the hub out next time
        elif kind == "write":
            with open(path, "a") as handle:
                handle.write("x")
        else:
            with open(path, "rb") as handle:
                handle.read(1)
        results[path] = "allowed"
    except OSError as exc:
        results[path] = type(exc).__name__
print(json.dumps(results))
"""


@pytest.fixture
def other_user() -> Iterator[pwd.struct_passwd]:
    # Tests run as root on this kind of machine and the test command installs useradd and python3-minimal.
    assert os.geteuid() == 0 and shutil.which("useradd") and Path(SYSTEM_PYTHON).exists(), "needs root and useradd"
    name = f"rkfault{os.getpid() % 100000}"
    subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", name], check=True,
                   capture_output=True)
    try:
        yield pwd.getpwnam(name)
    finally:
        subprocess.run(["userdel", name], capture_output=True, check=False)


def as_user(user: pwd.struct_passwd, *command: str) -> subprocess.CompletedProcess[str]:
    prefix = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups", "--"]
    return subprocess.run([*prefix, *command], capture_output=True, text=True, timeout=60, check=False, cwd="/")


def attack(user: pwd.struct_passwd, targets: list[tuple[str, str]]) -> dict[str, str]:
    done = as_user(user, SYSTEM_PYTHON, "-c", ATTACK, json.dumps(targets))
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


@pytest.fixture
def open_tmp(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder every user may enter, as /tmp or a shared home would be; our files live below it."""
    folder = Path(tempfile.mkdtemp(prefix="rk-other-user-"))
    folder.chmod(0o755)
    tmp = folder / "tmp"
    tmp.mkdir()
    tmp.chmod(0o1777)  # the temporary folder of the machine, as the runtime fallback sees it
    monkeypatch.setenv("TMPDIR", str(tmp))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    tempfile.tempdir = None
    try:
        yield folder
    finally:
        tempfile.tempdir = None
        shutil.rmtree(folder, ignore_errors=True)


def test_another_user_is_refused_everything_of_a_running_hub_and_app(
    open_tmp: Path, other_user: pwd.struct_passwd, monkeypatch: pytest.MonkeyPatch, qapp: object,
    store_guard: StoreGuard, *, headless_hub: HeadlessHubFactory
) -> None:
    from app.ui.single_instance import SingleInstance

    home, record, shared = open_tmp / "home", open_tmp / "rec.jsonl", open_tmp / "shared"
    home_with_recorder(home, shared, record)
    # The hub may pin the recorder's era; the other user's write (a stray "x") must not reach the file.
    store_guard.watch(home, unchanged=False)
    monkeypatch.setenv("ROOTKEEPER_HOME", str(home))
    state = state_home()
    instance = SingleInstance(state)
    assert instance.claim()
    try:
        with headless_hub(home, TMPDIR=str(open_tmp / "tmp")):
            fallback = fallback_lock_path(state)
            assert fallback is not None and fallback.exists()
            files = [home / "rootkeeper.json", home / "rootkeeper.lock", state / "hub.lock",
                     state / "logs" / "rootkeeper.log", state / "logs" / "rec.log", state / "servers-status.json"]
            targets = [("socket", instance.socket_path), ("lock", str(state / "hub.lock")),
                       ("lock", str(fallback)), ("write", str(fallback)), ("write", str(home / "rootkeeper.json"))]
            targets += [("read", str(path)) for path in files]
            results = attack(other_user, targets)
    finally:
        instance.release()
    # Refused for want of permission (not missing: each path is where Rootkeeper really keeps it).
    not_refused = {path: outcome for path, outcome in results.items() if outcome != "PermissionError"}
    assert not_refused == {}, not_refused
    assert len(results) == len({path for _, path in targets})


def test_a_runtime_folder_another_user_made_first_is_not_used(
    open_tmp: Path, other_user: pwd.struct_passwd, tmp_path: Path
) -> None:
    squatted = open_tmp / "tmp" / f"rootkeeper-{os.geteuid()}"
    squat = "import os, sys; os.mkdir(sys.argv[1]); os.chmod(sys.argv[1], 0o777)"
    made = as_user(other_user, SYSTEM_PYTHON, "-c", squat, str(squatted))
    assert made.returncode == 0, made.stderr
    state = tmp_path / "state"
    assert fallback_lock_path(state) is None
    lock = HubLock(state, "headless")
    assert lock.try_acquire()  # the state folder's own lock still serves
    lock.release()
    assert os.listdir(squatted) == [], "nothing of ours went into the other user's folder"
