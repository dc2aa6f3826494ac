"""The history of who was given which folders: queries, rotation, privacy, and SIGKILL mid-append."""

from __future__ import annotations

import os
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from app.core.history.history import History, history_path, parse_since
from app.core.text import UserError

PROJECT = Path(__file__).resolve().parents[3]


def test_records_come_back_filtered_by_server_folder_and_time(tmp_path: Path) -> None:
    with History(history_path(tmp_path)) as history:
        history.append("fs", ["file:///a", "file:///b"], era="2025-11-25", via="hub", at=1000.0)
        history.append("git", ["file:///b"], era="2026-07-28", via="bridge", host="Claude Desktop", at=2000.0)
        history.append("fs", [], era="2025-11-25", via="call", at=3000.0)

        assert [r.server for r in history.query()] == ["fs", "git", "fs"]
        assert [r.at for r in history.query(server="fs")] == [1000.0, 3000.0]
        seen_b = history.query(folder="file:///b")
        assert [(r.server, r.host, r.via) for r in seen_b] == [("fs", None, "hub"), ("git", "Claude Desktop", "bridge")]
        assert [r.folders for r in history.query(since=1500.0)] == [("file:///b",), ()]
        assert [r.at for r in history.query(limit=2)] == [2000.0, 3000.0]  # the newest two, oldest first
        assert history.last_seen() == {"file:///a": {"fs": 1000.0}, "file:///b": {"fs": 1000.0, "git": 2000.0}}
        assert history.last_seen(since=1500.0) == {"file:///b": {"git": 2000.0}}


def test_identical_lists_are_stored_once(tmp_path: Path) -> None:
    folders = [f"file:///folder/{n}" for n in range(1000)]
    with History(history_path(tmp_path)) as history:
        for n in range(50):  # one server each: identical consecutive answers to one server are one record
            history.append(f"fs{n}", folders, era="2025-11-25", via="hub", at=float(n))
        assert history.count() == 50
    db = sqlite3.connect(history_path(tmp_path))
    assert db.execute("SELECT COUNT(*) FROM lists").fetchone() == (1,)
    assert db.execute("SELECT COUNT(*) FROM list_folders").fetchone() == (1000,)


def test_rotation_drops_old_and_excess_records_and_their_lists(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    with History(path, keep_days=1, max_records=3) as history:
        history.append("old", ["file:///old"], era="e", via="hub", at=0.0)
        for n in range(5):
            history.append("new", [f"file:///n{n}"], era="e", via="hub", at=86400.0 * 10 + n)
        assert history.rotate(now=86400.0 * 10.5) == 3  # the old one by age, two by count
        assert [r.folders for r in history.query()] == [("file:///n2",), ("file:///n3",), ("file:///n4",)]
        assert history.last_seen().keys() == {"file:///n2", "file:///n3", "file:///n4"}


def test_the_file_and_its_journals_are_private_under_any_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        with History(history_path(tmp_path / "state")) as history:
            history.append("fs", ["file:///a"], era="e", via="hub")
            modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "state").iterdir()}
    finally:
        os.umask(old)
    assert modes.keys() >= {"history.sqlite3", "history.sqlite3-wal", "history.sqlite3-shm"}
    assert set(modes.values()) == {0o600}, modes
    assert stat.S_IMODE((tmp_path / "state").stat().st_mode) == 0o700


def test_a_damaged_file_is_moved_aside_not_overwritten(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    path.write_bytes(b"this is not a database at all" * 100)
    with History(path) as history:
        history.append("fs", ["file:///a"], era="e", via="hub")
        assert history.count() == 1
    (aside,) = tmp_path.glob("history.sqlite3.damaged-*")
    assert aside.read_bytes().startswith(b"this is not a database")


APPENDER = """
import sys
from pathlib import Path
from app.core.history.history import History
history = History(Path(sys.argv[1]))
n = 0
while True:
    history.append(sys.argv[2], [f"file:///f/{n % 7}", "file:///common"], era="2025-11-25", via="hub")
    n += 1
    print(n, flush=True)
"""


def test_sigkill_during_appends_and_rotation_loses_no_committed_record(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    acknowledged = 0
    for round_ in range(8):
        writers = [
            subprocess.Popen(
                [sys.executable, "-c", APPENDER, str(path), f"w{round_}-{k}"],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                cwd=PROJECT,
                env=dict(os.environ, PYTHONPATH=str(PROJECT)),
            )
            for k in range(2)
        ]
        counts = []
        for writer in writers:
            assert writer.stdout is not None
            last = ""
            for _ in range(40 + 37 * round_):  # kill each at a different moment
                last = writer.stdout.readline()
                assert last, writer.stderr.read() if writer.stderr else ""
            writer.send_signal(signal.SIGKILL)
            writer.wait()
            rest = writer.stdout.read().split()
            counts.append(int(rest[-1]) if rest else int(last))
        acknowledged += sum(counts)
        # Rotation runs while the file may hold a killed writer's leftovers.
        with History(path, max_records=10**9) as history:
            assert history.count() >= acknowledged
            for name, count in zip((f"w{round_}-0", f"w{round_}-1"), counts, strict=True):
                records = history.query(server=name)
                assert len(records) >= count
                assert all(len(r.folders) == 2 and r.folders[1] == "file:///common" for r in records)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_since_accepts_ages_dates_and_times() -> None:
    assert parse_since("30m", now=10_000.0) == 10_000.0 - 1800
    assert parse_since("7d", now=10**6) == 10**6 - 7 * 86400
    assert parse_since("2026-12-01T10:30+00:00") == 1_796_121_000.0
    with pytest.raises(UserError) as refused:
        parse_since("yesterday-ish")
    assert refused.value.code == "history.bad_since"


def test_many_processes_opening_a_new_history_at_once_all_succeed(tmp_path: Path) -> None:
    """The hub, bridges and `call` may first open the file together; none may fail with "locked"."""
    errors: list[BaseException] = []

    def open_and_append(path: Path, start: threading.Barrier, server: str) -> None:
        start.wait()
        try:
            with History(path) as history:
                history.append(server, ["file:///a"], era="2025-11-25", via="bridge")
        except BaseException as error:  # collected: asserted in the test thread
            errors.append(error)

    for round_ in range(300):
        path = history_path(tmp_path / str(round_))
        start = threading.Barrier(8)
        openers = [threading.Thread(target=open_and_append, args=(path, start, f"fs{n}")) for n in range(8)]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join()
        assert errors == []
        with History(path) as history:
            assert history.count() == 8


HOLDER = """
import random, sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
n = 0
while True:
    db.execute("BEGIN IMMEDIATE")
    if n == 0:
        print("holding", flush=True)
    time.sleep(random.uniform(0.02, 0.06))  # random: SQLite's regular late tries cannot drift into the gap
    db.execute("COMMIT")
    n += 1
    time.sleep(0.0001)
"""


def test_a_writer_committing_in_a_loop_does_not_lock_the_next_one_out(tmp_path: Path) -> None:
    """The lock is free for a tenth of a millisecond between its transactions: an opener still gets in.

    With SQLite's own busy handler (100 ms between late tries) this failed with "database is locked"
    three times in five here.
    """
    path = history_path(tmp_path)
    History(path).close()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        with History(path) as history:
            history.append("fs", ["file:///a"], era="e", via="hub", at=1.0)
            history.append("fs", ["file:///b"], era="e", via="hub", at=2.0)
            assert [r.folders for r in history.query()] == [("file:///a",), ("file:///b",)]
    finally:
        holder.kill()
        holder.wait()
