"""One "is this pid still that process" check (`app.core.system.processes`), on real processes this test starts.

Both backends run here: /proc (Linux's) and psutil (macOS's and Windows's), so the one CI cannot host
is still exercised. A pid reused by another process is simulated exactly as a reader meets it: the
pid runs, but the start time recorded beside it is another's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.core.servers.sessions import SESSIONS_DIR, live_sessions
from app.core.servers.status_file import STATUS_FILE, read_published
from app.core.system import processes
from tests.support.waiting import eventually_sync

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc, setpriv")

Alive = Callable[[int, "str | None"], bool]
Started = Callable[[int], "str | None"]
BACKENDS = {
    "proc": (processes._proc_alive, processes.process_started),
    "psutil": (processes._psutil_alive, processes._psutil_started),
}
WAIT = 30.0
SLEEPER = [sys.executable, "-c", "import sys; sys.stdin.read()"]


def state_of(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return None


@pytest.fixture
def child() -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(SLEEPER, stdin=subprocess.PIPE)
    yield process
    process.kill()
    process.wait(WAIT)


@pytest.fixture(params=sorted(BACKENDS))
def backend(request: pytest.FixtureRequest) -> tuple[Alive, Started]:
    return BACKENDS[request.param]


def test_a_running_process_is_alive_only_as_the_process_that_started_then(
    child: subprocess.Popen[bytes], backend: tuple[Alive, Started]
) -> None:
    alive, started = backend
    token = started(child.pid)
    assert token is not None and started(child.pid) == token  # the same token each time it is asked
    assert alive(child.pid, None) and alive(child.pid, token)
    assert not alive(child.pid, "1" if token != "1" else "2")  # the pid runs, but started at another time: reused
    assert started(os.getpid()) != token


def test_a_zombie_and_a_reaped_process_are_not_alive(backend: tuple[Alive, Started]) -> None:
    alive, started = backend
    process = subprocess.Popen(SLEEPER, stdin=subprocess.PIPE)
    token = started(process.pid)
    process.kill()
    eventually_sync(lambda: state_of(process.pid) == "Z", "the killed child is a zombie, not reaped yet")
    assert not alive(process.pid, None) and not alive(process.pid, token)
    process.wait(WAIT)
    assert not alive(process.pid, None)
    assert started(process.pid) is None


def test_another_users_process_is_not_ours(backend: tuple[Alive, Started]) -> None:
    alive, _ = backend
    command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *SLEEPER]
    process = subprocess.Popen(command, stdin=subprocess.PIPE)
    try:
        eventually_sync(lambda: os.stat(f"/proc/{process.pid}").st_uid == 65534, "the child runs as nobody")
        assert not alive(process.pid, None)
    finally:
        process.kill()
        process.wait(WAIT)


@pytest.mark.parametrize("pid", [0, -1])
def test_a_number_that_names_a_process_group_is_never_alive(pid: int) -> None:
    assert not processes.process_alive(pid)  # os.kill(0, 0) would succeed: it signals this very group


def test_bridge_sessions_whose_pid_was_reused_are_left_out(tmp_path: Path, child: subprocess.Popen[bytes]) -> None:
    folder = tmp_path / SESSIONS_DIR
    folder.mkdir()
    token = processes.process_started(child.pid)
    assert token is not None
    sessions = {
        "ours": {"pid": child.pid, "process_started": token, "server": "ours"},
        "reused": {"pid": child.pid, "process_started": str(int(token) + 1), "server": "reused"},
        "older-file": {"pid": child.pid, "server": "older-file"},  # written before start times were
    }
    for name, document in sessions.items():
        (folder / f"{name}.json").write_text(json.dumps(document), encoding="ascii")

    assert sorted(session["server"] for session in live_sessions(tmp_path)) == ["older-file", "ours"]


def test_published_statuses_of_a_reused_pid_are_not_running(tmp_path: Path, child: subprocess.Popen[bytes]) -> None:
    token = processes.process_started(child.pid)
    assert token is not None
    path = tmp_path / STATUS_FILE
    for started, running in ((token, True), (str(int(token) + 1), False)):
        path.write_text(json.dumps({"pid": child.pid, "process_started": started, "servers": {}}), encoding="ascii")
        assert read_published(path) == ({}, running)
