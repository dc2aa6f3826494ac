"""The history file bounded by size: big lists appended under a small cap, oldest first, shared lists kept, SIGKILL."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from app.core.history.history import History, history_path

PROJECT = Path(__file__).resolve().parents[3]
CAP = 2 * 2**20
FOLDERS = 10_000


def _edits(count: int, size: int = FOLDERS) -> list[list[str]]:
    """`count` lists of `size` folders, each the one before with one folder changed (a user's edits)."""
    folders = [f"file:///home/user/projects/p{k // 100}/folder-{k}" for k in range(size)]
    lists = []
    for n in range(count):
        folders[n % size] = f"file:///home/user/edited/{n}"
        lists.append(list(folders))
    return lists


def _pages_in_use(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        pages, free = (int(db.execute(f"PRAGMA {name}").fetchone()[0]) for name in ("page_count", "freelist_count"))
        return (pages - free) * int(db.execute("PRAGMA page_size").fetchone()[0])
    finally:
        db.close()


def _pages_in_file(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA page_count").fetchone()[0]) * int(db.execute("PRAGMA page_size").fetchone()[0])
    finally:
        db.close()


def test_a_small_cap_holds_while_many_big_lists_are_appended(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    one_list = 0
    with History(path, max_bytes=CAP) as history:
        for n, folders in enumerate(_edits(60)):
            before = history.live_bytes()
            history.append("fs", folders, era="e", via="hub", at=1e9 + n)
            if n == 1:
                one_list = history.live_bytes() - before  # a list whose URIs were all stored before
            assert _pages_in_file(path) <= CAP + 2 * one_list + 64 * 1024, n
        assert 1 < history.count() < 60
    assert path.stat().st_size <= CAP + 2 * one_list + 64 * 1024


def test_the_oldest_records_go_first_and_whole(tmp_path: Path) -> None:
    lists = _edits(40)
    with History(history_path(tmp_path), max_bytes=CAP) as history:
        for n, folders in enumerate(lists):
            history.append("s", folders, era="e", via="hub", at=1e9 + n)  # one server: its own oldest go first
        kept = history.query()
        first = int(kept[0].at - 1e9)
        assert first > 0
        assert [r.at for r in kept] == [1e9 + n for n in range(first, 40)]  # a suffix: only the oldest left
        assert [r.folders for r in kept] == [tuple(folders) for folders in lists[first:]]
        gone, last_kept = (f"file:///home/user/projects/p0/folder-{k}" for k in (first - 1, first + 1))
        seen = history.last_seen()
        assert gone not in seen  # edited away before the first kept record: only dropped lists held it
        assert seen[last_kept] == {"s": 1e9 + first}
        assert history.query(folder=gone) == []
        assert [r.at for r in history.query(folder=last_kept)] == [1e9 + first]


def test_a_list_shared_by_a_kept_record_survives_its_first_records_rotation(tmp_path: Path) -> None:
    shared, *others = _edits(40)
    with History(history_path(tmp_path), max_bytes=CAP) as history:
        history.append("other", shared, era="e", via="hub", at=1e9)  # the largest server's oldest goes first
        for n, folders in enumerate(others):
            history.append("other", folders, era="e", via="hub", at=1e9 + 1 + n)
            if n == len(others) - 3:
                history.append("new", shared, era="e", via="call", at=1e9 + 1 + n + 0.5)
        assert 1e9 not in [r.at for r in history.query(server="other")]
        (record,) = history.query(server="new")
        assert record.folders == tuple(shared)
        assert [r.server for r in history.query(folder="file:///home/user/projects/p0/folder-1")] == ["new"]
        assert history.folders_of([history.latest_id()])  # numbering still answers


WRITER = """
import sys
from pathlib import Path
from app.core.history.history import History
history = History(Path(sys.argv[1]), max_bytes=int(sys.argv[3]))
base = [f"file:///home/user/projects/folder-{k}" for k in range(3000)]
n = 0
while True:
    history.append(sys.argv[2], [f"file:///seq/{sys.argv[2]}/{n}", *base], era="e", via="hub")
    n += 1
    print(n, flush=True)
"""


def test_sigkill_during_size_rotation_leaves_whole_records_newest_last(tmp_path: Path) -> None:
    """Writers killed at random moments, most appends rotating: each writer's kept records are its newest, whole."""
    path = history_path(tmp_path)
    cap = 512 * 1024
    for round_ in range(4):
        names = [f"w{round_}-{k}" for k in range(2)]
        writers = [
            subprocess.Popen(
                [sys.executable, "-c", WRITER, str(path), name, str(cap)],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=PROJECT,
                env=dict(os.environ, PYTHONPATH=str(PROJECT)),
            )
            for name in names
        ]
        acknowledged = []
        for writer in writers:
            assert writer.stdout is not None
            last = ""
            for _ in range(30 + 23 * round_):
                last = writer.stdout.readline()
                assert last, writer.stderr.read() if writer.stderr else ""
            writer.send_signal(signal.SIGKILL)
            writer.wait()
            rest = writer.stdout.read().split()
            acknowledged.append(int(rest[-1]) if rest else int(last))
        with History(path, max_bytes=cap) as history:
            for name, count in zip(names, acknowledged, strict=True):
                records = history.query(server=name)
                numbers = [int(r.folders[0].rsplit("/", 1)[1]) for r in records]
                assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) if numbers else True
                assert not numbers or numbers[-1] >= count - 1  # the newest acknowledged is never dropped before older
                assert all(len(r.folders) == 3001 for r in records)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    assert _pages_in_file(path) <= 4 * cap


def test_a_rotated_list_number_is_never_given_to_another_list(tmp_path: Path) -> None:
    """A handle remembers the lists it appended by number: another process's rotation must not reuse one."""
    path = history_path(tmp_path)
    now = 1e9
    with History(path, keep_days=1) as writer, History(path, keep_days=1) as other:
        writer.append("a", ["file:///kept"], era="e", via="hub", at=now)
        writer.append("a", ["file:///two"], era="e", via="hub", at=now - 5 * 86400)  # the newest list, old
        other.rotate(now=now)  # drops it and its list, the highest-numbered one
        other.append("b", ["file:///three"], era="e", via="hub", at=now + 1)
        writer.append("a", ["file:///two"], era="e", via="hub", at=now + 2)  # remembered by value
        assert [r.folders for r in other.query(server="a")] == [("file:///kept",), ("file:///two",)]
        assert [r.folders for r in other.query(server="b")] == [("file:///three",)]


def test_an_edit_of_a_big_list_costs_integers_not_the_uris_again(tmp_path: Path) -> None:
    lists = _edits(11, 20_000)
    uri_bytes = sum(len(uri) for uri in lists[0])
    path = history_path(tmp_path)
    with History(path) as history:
        history.append("fs", lists[0], era="e", via="hub", at=1e9)
        before = _pages_in_use(path)
        for n, folders in enumerate(lists[1:]):
            history.append("fs", folders, era="e", via="hub", at=1e9 + 1 + n)
        per_edit = (_pages_in_use(path) - before) / 10
        assert per_edit < 20 * len(lists[0]) < uri_bytes / 2, (per_edit, uri_bytes)
        assert [r.folders for r in history.query()] == [tuple(folders) for folders in lists]
