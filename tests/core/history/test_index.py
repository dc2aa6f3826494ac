"""The Seen-by index over a real history file: incremental reads, audiences shared by identity, summaries."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from app.core.history.history import History, history_path
from app.core.history.index import Given, SeenIndex
from app.core.history.recorder import HistoryRecorder

T = time.time() - 3600  # an hour ago: recent enough that opening the file keeps every record


def test_nothing_recorded_means_nothing_read_and_no_file_created(tmp_path: Path) -> None:
    index = SeenIndex(tmp_path / "state")
    assert index.update() is False
    assert index.audiences == {} and index.version == 0
    assert not (tmp_path / "state").exists()


def test_audiences_times_and_hosts_come_from_the_records(tmp_path: Path) -> None:
    state = tmp_path / "state"
    with History(history_path(state)) as history:
        history.append("fs", ["file:///a", "file:///b"], era="2025-11-25", via="hub", at=T + 100.0)
        history.append("git", ["file:///b"], era="2026-07-28", via="bridge", host="Zed", at=T + 200.0)
        history.append("fs", ["file:///a"], era="2025-11-25", via="call", at=T + 300.0)
    index = SeenIndex(state)
    assert index.update() is True
    assert index.audiences == {"file:///a": ("fs",), "file:///b": ("fs", "git")}
    assert index.given_to("file:///a") == {"fs": Given(T + 300.0, "call", None)}
    assert index.given_to("file:///b") == {"fs": Given(T + 100.0, "hub", None),
                                           "git": Given(T + 200.0, "bridge", "Zed")}
    assert index.last_given("fs") == Given(T + 300.0, "call", None)
    assert index.server_summary("fs", since=T + 250.0) == (1, Given(T + 300.0, "call", None))
    assert index.server_summary("fs", since=T + 0.0) == (2, Given(T + 300.0, "call", None))
    assert index.server_summary("nobody", since=T + 0.0) == (0, None)
    index.close()


def test_an_update_reads_only_the_records_appended_since(tmp_path: Path) -> None:
    state = tmp_path / "state"
    folders = [f"file:///f/{n}" for n in range(1000)]
    index = SeenIndex(state)
    with History(history_path(state)) as history:
        history.append("fs", folders, era="e", via="hub", at=T + 1.0)
        assert index.update()
        first, version = index.audiences, index.version
        shared = first["file:///f/0"]
        assert all(audience is shared for audience in first.values())  # one tuple for equal audiences

        # The same list again: times move, nobody new saw anything, so the audiences stand as they were.
        history.append("fs", folders, era="e", via="hub", at=T + 2.0)
        assert index.update()
        assert index.audiences is first and index.version == version
        assert index.given_to("file:///f/5")["fs"].at == T + 2.0
        assert index.update() is False  # nothing new: nothing read

        history.append("git", ["file:///f/7"], era="e", via="hub", at=T + 3.0)
        runs = history.given_after(index.last_id, history.latest_id())  # what the next update reads
        assert [(run.server, run.at) for run in runs] == [("git", T + 3.0)]
        assert index.update()
        assert index.version == version + 1 and index.audiences is not first
        assert index.audiences["file:///f/7"] == ("fs", "git")
        assert index.audiences["file:///f/8"] is shared  # unchanged folders keep their tuple
    index.close()


def test_a_history_whose_records_all_left_is_read_afresh(tmp_path: Path) -> None:
    state = tmp_path / "state"
    index = SeenIndex(state)
    with History(history_path(state), keep_days=1) as history:
        history.append("old", ["file:///old"], era="e", via="hub", at=T + 0.0)
        history.append("old", ["file:///old2"], era="e", via="hub", at=T + 1.0)
        assert index.update() and index.audiences.keys() == {"file:///old", "file:///old2"}
        history.rotate(now=T + 86400.0 * 5)  # both gone: numbering starts again
        history.append("new", ["file:///new"], era="e", via="hub", at=T + 2.0)
    assert index.update()
    assert index.audiences == {"file:///new": ("new",)}
    index.close()


def test_a_replaced_file_is_read_afresh(tmp_path: Path) -> None:
    state = tmp_path / "state"
    with History(history_path(state)) as history:
        history.append("fs", ["file:///a"], era="e", via="hub", at=T + 1.0)
    index = SeenIndex(state)
    assert index.update() and index.audiences == {"file:///a": ("fs",)}
    for suffix in ("", "-wal", "-shm"):
        Path(f"{history_path(state)}{suffix}").unlink(missing_ok=True)
    index.close()  # the old handle let go, as another process would find it
    with History(history_path(state)) as history:
        history.append("git", ["file:///b"], era="e", via="hub", at=T + 2.0)
    assert index.update()
    assert index.audiences == {"file:///b": ("git",)}
    index.close()


def test_the_recorder_says_when_a_record_is_committed_and_the_index_then_finds_it(tmp_path: Path) -> None:
    state = tmp_path / "state"
    recorder = HistoryRecorder(state)
    index = SeenIndex(state)
    found: list[tuple[str, ...]] = []
    told = threading.Event()

    def committed() -> None:  # on the writer thread, right after the commit
        index.update()
        found.append(index.audiences.get("file:///a", ()))
        told.set()

    recorder.subscribe(committed)
    recorder.given("fs", ["file:///a"], era="2025-11-25", via="hub")
    assert told.wait(30)
    recorder.close()
    assert found == [("fs",)]
    index.close()
