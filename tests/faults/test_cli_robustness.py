"""The CLI under a hostile terminal: closed pipes, full disks, Ctrl+C, odd arguments and environments (issue 10, #17).

Exit statuses say whether the store changed: 0 done, 1 refused (unchanged), 3 saved but not fully
reported, 130 interrupted before anything was saved, 141 output pipe closed (unchanged).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.store.store import LOCK_FILE, STORE_FILE
from tests.support.cli import run_cli, run_unprivileged
from tests.support.project import PROJECT

pytestmark = pytest.mark.usefixtures("stores_at_end")  # whatever store a case leaves must parse

SAVED_UNREPORTED = 3
INTERRUPTED = 130
PIPE_CLOSED = 141


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))


def _stored_paths(home: Path) -> list[str]:
    path = home / STORE_FILE
    if not path.exists():
        return []
    return [root["path"] for root in json.loads(path.read_text())["roots"]]


def _folders(tmp_path: Path, count: int) -> list[Path]:
    folders = [tmp_path / f"folder-{index}" for index in range(count)]
    for folder in folders:
        folder.mkdir()
    return folders


def test_a_closed_output_pipe_ends_quietly_without_a_traceback(rk_home: Path, tmp_path: Path) -> None:
    assert run_cli(rk_home, "roots", "add", *map(str, _folders(tmp_path, 3))).code == 0
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the CLI writes a byte: EPIPE is certain
    proc = subprocess.run([sys.executable, "-m", "app", "roots", "list"], stdout=write_end, stderr=subprocess.PIPE,
                          env=_env(rk_home), cwd=PROJECT, timeout=60, check=False)
    os.close(write_end)
    assert proc.returncode == PIPE_CLOSED, proc.stderr
    assert proc.stderr == b""


def test_roots_list_into_head_prints_one_line_and_no_traceback(rk_home: Path, tmp_path: Path) -> None:
    assert run_cli(rk_home, "roots", "add", *map(str, _folders(tmp_path, 40))).code == 0
    shell = f"{sys.executable} -m app roots list | head -1"
    proc = subprocess.run(["sh", "-c", shell], capture_output=True, env=_env(rk_home), cwd=PROJECT, timeout=60,
                          check=False)
    assert len(proc.stdout.decode().splitlines()) == 1
    assert b"Traceback" not in proc.stderr and b"Error" not in proc.stderr, proc.stderr


def test_a_full_output_says_in_one_sentence_whether_the_store_changed(rk_home: Path, tmp_path: Path) -> None:
    (folder,) = _folders(tmp_path, 1)
    with open("/dev/full", "wb") as full:
        added = subprocess.run([sys.executable, "-m", "app", "roots", "add", str(folder)], stdout=full,
                               stderr=subprocess.PIPE, env=_env(rk_home), cwd=PROJECT, timeout=60, check=False)
        listed = subprocess.run([sys.executable, "-m", "app", "roots", "list"], stdout=full,
                                stderr=subprocess.PIPE, env=_env(rk_home), cwd=PROJECT, timeout=60, check=False)
    assert added.returncode == SAVED_UNREPORTED
    assert _stored_paths(rk_home) == [str(folder)]
    (line,) = added.stderr.decode().splitlines()
    assert "saved" in line and "Traceback" not in line
    assert listed.returncode == 1
    (line,) = listed.stderr.decode().splitlines()
    assert "could not be written" in line


def _holds_lock_file(pid: int, lock: Path) -> bool:
    try:
        return any(os.readlink(f"/proc/{pid}/fd/{fd}") == str(lock) for fd in os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return False


@contextlib.contextmanager
def _add_behind_a_held_lock(rk_home: Path, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """A real `roots add` started while this test holds the store's lock (released on leaving)."""
    (folder,) = _folders(tmp_path, 1)
    rk_home.mkdir()
    lock = rk_home / LOCK_FILE
    holder = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(holder, fcntl.LOCK_EX)
    try:
        yield subprocess.Popen([sys.executable, "-m", "app", "roots", "add", str(folder)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=_env(rk_home), cwd=PROJECT), lock
    finally:
        os.close(holder)


def test_ctrl_c_while_waiting_for_the_store_exits_130_and_changes_nothing(rk_home: Path, tmp_path: Path) -> None:
    with _add_behind_a_held_lock(rk_home, tmp_path) as (proc, lock):
        deadline = time.monotonic() + 60  # hang guard only
        while not _holds_lock_file(proc.pid, lock):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == INTERRUPTED, err
    assert err.decode().splitlines() == ["rootkeeper: Interrupted; nothing was changed."]
    assert _stored_paths(rk_home) == []


def _waits_in(pid: int, tid: int) -> str:
    """The kernel function a thread sleeps in ("futex_…", "locks_lock_inode_wait"), or "" if it runs."""
    try:
        return Path(f"/proc/{pid}/task/{tid}/wchan").read_text()
    except OSError:
        return ""


def _blocked_signals(pid: int, tid: int) -> set[int]:
    for line in Path(f"/proc/{pid}/task/{tid}/status").read_text().splitlines():
        if line.startswith("SigBlk:"):
            mask = int(line.split()[1], 16)
            return {number for number in range(1, 65) if mask >> (number - 1) & 1}
    raise AssertionError("no SigBlk line")


def test_while_waiting_for_the_store_only_the_main_thread_can_take_ctrl_c(rk_home: Path, tmp_path: Path) -> None:
    # The kernel gives a process's Ctrl+C to any thread that does not block it; a helper thread
    # that took it would leave the main thread waiting out the whole lock timeout.
    with _add_behind_a_held_lock(rk_home, tmp_path) as (proc, _lock):
        deadline = time.monotonic() + 60  # hang guard only
        helpers: list[int] = []
        while not (helpers and "futex" in _waits_in(proc.pid, proc.pid)):  # the main thread waits for the helper
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
            helpers = [int(tid) for tid in os.listdir(f"/proc/{proc.pid}/task")
                       if int(tid) != proc.pid and "lock" in _waits_in(proc.pid, int(tid))]  # in flock
        main_blocks = _blocked_signals(proc.pid, proc.pid)
        helper_blocks = [_blocked_signals(proc.pid, tid) for tid in helpers]
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert signal.SIGINT not in main_blocks
    assert all({signal.SIGINT, signal.SIGTERM} <= blocked for blocked in helper_blocks), helper_blocks
    assert proc.returncode == INTERRUPTED, err
    assert _stored_paths(rk_home) == []


def _wait_until_past_interpreter_start(proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60  # hang guard only
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            if "pydantic_core" in Path(f"/proc/{proc.pid}/maps").read_text():
                return
        except OSError:
            return
        time.sleep(0.005)


def test_ctrl_c_at_any_moment_of_an_add_leaves_a_whole_store_and_says_which(rk_home: Path, tmp_path: Path) -> None:
    folders = _folders(tmp_path, 12)
    rng = random.Random(17)
    outcomes = set()
    for folder in folders:
        proc = subprocess.Popen([sys.executable, "-m", "app", "roots", "add", str(folder)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=_env(rk_home), cwd=PROJECT)
        _wait_until_past_interpreter_start(proc)  # a Ctrl+C inside Python's own `site` start-up is Python's
        time.sleep(rng.uniform(0, 1.0))  # a random moment, not a synchronisation: every outcome is checked
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        text = err.decode()
        assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
        stored = str(folder) in _stored_paths(rk_home)
        if proc.returncode in (INTERRUPTED, -signal.SIGINT):
            assert not stored, text
        else:
            assert proc.returncode in (0, SAVED_UNREPORTED), text
            assert stored, text
        outcomes.add(proc.returncode)
    assert outcomes  # every run was classified above


def test_a_path_after_double_dash_may_start_with_a_dash(cli, rk_home: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "-dash").mkdir()
    result = cli("roots", "add", "--", "-dash", cwd=tmp_path)
    assert result.code == 0, result
    assert _stored_paths(rk_home) == [str(tmp_path / "-dash")]


def test_double_dash_still_only_ends_options_for_paths_and_commands(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = cli("roots", "list", "--", "x", cwd=tmp_path)
    assert result.code == 2 and len(result.err.splitlines()) == 1, result


def test_a_relative_rootkeeper_home_is_refused_in_one_sentence(tmp_path: Path) -> None:
    result = run_cli(Path("relative-home"), "roots", "list", cwd=tmp_path)
    assert result.code == 2, result
    (line,) = result.err.splitlines()
    assert "ROOTKEEPER_HOME" in line and "absolute" in line
    assert list(tmp_path.iterdir()) == []


def test_an_unreadable_folder_is_added_with_a_note(rk_home: Path, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    tmp_path.chmod(0o755)
    rk_home.mkdir(mode=0o777)
    rk_home.chmod(0o777)  # the unprivileged runner may write the store
    code = "import sys; from app.cli.main import main; sys.exit(main(sys.argv[1:]))"
    result = run_unprivileged(code, "roots", "add", str(locked))
    assert result.returncode == 0, result.stderr
    assert _stored_paths(rk_home) == [str(locked)]
    notes = [line for line in result.stderr.splitlines() if line.startswith("Note:")]
    assert len(notes) == 1 and "cannot" in notes[0] and "locked" in notes[0], result.stderr
