"""`rootkeeper history` never crashes and never waits on a writer (issue 36, #5), and a damaged
history file is said once (issue 36, #10): each fault is one sentence and a non-zero exit, or the
records still readable."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from app.core.history.history import History, history_path
from tests.faults.disks import fill
from tests.faults.recorder_home import is_one_sentence_each
from tests.support.cli import run_cli

_HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "exclusive":
    db.execute("PRAGMA locking_mode=EXCLUSIVE")
db.execute("BEGIN EXCLUSIVE" if sys.argv[2] == "exclusive" else "BEGIN IMMEDIATE")
db.execute("INSERT INTO records (at, server, era, via, list_id) SELECT at, 'uncommitted', era, via, list_id"
           " FROM records LIMIT 1")
print("held", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
"""


def seeded(home: Path, folder: Path, count: int = 3) -> Path:
    path = history_path(home / "state")
    with History(path) as history:
        for number in range(count):
            history.append(f"server-{number}", [folder.as_uri()], era="2025-11-25", via="hub",
                           at=time.time() - 60 + number)
    return path


@contextmanager
def held(path: Path, how: str) -> Iterator[None]:
    """A real second process holding the history's write lock until the block ends."""
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path), how], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)


def test_reading_never_waits_on_a_writer(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = seeded(home, tmp_path)
    with held(path, "immediate"):
        # The CLI's own timeout: before the fix, the open took the write lock and gave up after 10 s.
        result = run_cli(home, "history", "--json", timeout=8)
    assert result.code == 0, result
    assert [record["server"] for record in result.json()] == ["server-0", "server-1", "server-2"]


def test_a_lock_held_against_readers_is_one_sentence(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = seeded(home, tmp_path)
    with held(path, "exclusive"):
        result = run_cli(home, "history", timeout=8)
    assert result.code != 0, result
    assert is_one_sentence_each(result.err) and len(result.err.splitlines()) == 1, result
    assert "locked by another process" in result.err, result


def test_a_full_disk_is_no_reason_to_fail_a_read(small_disk: Path, tmp_path: Path) -> None:
    home = small_disk / "home"
    seeded(home, tmp_path)
    fill(small_disk)
    result = run_cli(home, "history", "--json")
    assert is_one_sentence_each(result.err), result
    if result.code == 0:
        assert len(result.json()) == 3, result
    else:
        assert len(result.err.splitlines()) == 1 and "cannot be read" in result.err, result


def test_a_folder_where_the_history_is_is_one_sentence(tmp_path: Path) -> None:
    home = tmp_path / "home"
    history_path(home / "state").mkdir(parents=True)
    result = run_cli(home, "history")
    assert result.code != 0, result
    assert is_one_sentence_each(result.err) and len(result.err.splitlines()) == 1, result
    assert "cannot be read (Is a directory)" in result.err, result


@pytest.mark.parametrize("limit", ["99999999999999999999999", "-1", "9223372036854775808"])
def test_a_limit_out_of_range_is_one_sentence(tmp_path: Path, limit: str) -> None:
    home = tmp_path / "home"
    seeded(home, tmp_path)
    result = run_cli(home, "history", "--limit", limit)
    assert result.code != 0, result
    assert is_one_sentence_each(result.err) and len(result.err.splitlines()) == 1, result
    assert "--limit must be a whole number from 0 to 9223372036854775807." in result.err, result
    assert result.out == "", result


def test_the_largest_limit_lists_everything(tmp_path: Path) -> None:
    home = tmp_path / "home"
    seeded(home, tmp_path)
    result = run_cli(home, "history", "--json", "--limit", "9223372036854775807")
    assert result.code == 0 and len(result.json()) == 3, result


def test_a_garbage_history_is_moved_aside_and_said_once(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = history_path(home / "state")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database at all\n" * 100)
    result = run_cli(home, "history")
    assert result.code == 0, result
    assert is_one_sentence_each(result.err) and len(result.err.splitlines()) == 1, result
    assert "The history file was damaged and has been moved to " in result.err, result
    aside = [found for found in path.parent.iterdir() if found.name.startswith(f"{path.name}.damaged-")
             and not found.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].read_bytes() == b"not a database at all\n" * 100
    again = run_cli(home, "history")
    assert again.code == 0 and again.err == "", again  # said once


def test_a_truncated_history_is_detected_and_said(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = seeded(home, tmp_path, count=400)
    with History(path) as history:  # everything in the main file, no WAL left
        history._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    result = run_cli(home, "history")
    assert is_one_sentence_each(result.err) and len(result.err.splitlines()) == 1, result
    assert "The history file was damaged and has been moved to " in result.err, result
    aside = [found for found in path.parent.iterdir() if found.name.startswith(f"{path.name}.damaged-")
             and not found.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].read_bytes() == whole[: len(whole) // 2]
