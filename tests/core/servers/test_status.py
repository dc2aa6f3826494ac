"""The status file: typed rows, tolerant reading, and never deleting another process's file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from app.core.servers.status import STATUS_FILE, ConnectionStatus, StatusBoard, count_failure


def written_by(state: Path, pid: int, servers: dict[str, object]) -> Path:
    state.mkdir(parents=True, exist_ok=True)
    path = state / STATUS_FILE
    path.write_text(json.dumps({"pid": pid, "updated_at": "2026-01-01T00:00:00+00:00", "servers": servers}))
    return path


def test_clear_removes_only_the_file_this_process_published(tmp_path: Path) -> None:
    board = StatusBoard(tmp_path)
    board.publish({"a": ConnectionStatus(state="connected", era="legacy").row()})
    board.clear()
    assert not board.path.exists()


def test_clear_keeps_another_process_s_file(tmp_path: Path) -> None:
    other = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                           text=True, check=True, timeout=60)
    path = written_by(tmp_path, int(other.stdout), {"a": ConnectionStatus(state="connected").row()})
    StatusBoard(tmp_path).clear()
    assert path.exists()
    path.write_text("not json")  # an unreadable file is not known to be ours either
    StatusBoard(tmp_path).clear()
    assert path.exists()


def test_statuses_validates_each_row_and_leaves_out_what_it_cannot_read(tmp_path: Path) -> None:
    written_by(tmp_path, os.getpid(), {
        "good": ConnectionStatus(state="connected", era="modern", protocol_version="2026-07-28").row(),
        "older": {"state": "backoff", "era": None, "retired_field": 1},
        "damaged": {"state": "exploded"},
        "not-a-row": "text",
    })
    statuses, running = StatusBoard(tmp_path).statuses()
    assert running
    assert statuses["good"] == ConnectionStatus(state="connected", era="modern", protocol_version="2026-07-28")
    assert statuses["older"].state == "backoff"
    assert set(statuses) == {"good", "older"}


def test_statuses_of_a_missing_or_unreadable_file_are_empty(tmp_path: Path) -> None:
    assert StatusBoard(tmp_path).statuses() == ({}, False)
    (tmp_path / STATUS_FILE).write_text("{")
    assert StatusBoard(tmp_path).statuses() == ({}, False)


def test_an_outage_is_counted_from_a_session_that_worked_until_one_stays_up() -> None:
    def ended(failed_sessions: int, *, worked: bool) -> ConnectionStatus:
        return ConnectionStatus(state="connected", failed_sessions=failed_sessions,
                                settled_at=datetime.now(UTC) if worked else None)

    # Never worked since it was started (a crash loop since the start): no outage to tell.
    assert count_failure(ended(0, worked=False), stayed_up=False) == 0
    # It worked, then ended: the break. Later ends, working briefly or not, are the same outage.
    assert count_failure(ended(0, worked=True), stayed_up=False) == 1
    assert count_failure(ended(1, worked=True), stayed_up=False) == 2
    assert count_failure(ended(2, worked=False), stayed_up=False) == 3
    # A session that stayed up ended the loop: its end is a new break.
    assert count_failure(ended(3, worked=True), stayed_up=True) == 1
    assert count_failure(ended(0, worked=False), stayed_up=True) == 1
    assert ConnectionStatus(state="backoff", failed_sessions=1).broke
    assert not ConnectionStatus(state="backoff", failed_sessions=2).broke
    assert not ConnectionStatus(state="connected", failed_sessions=1).broke


def test_the_rows_read_without_pydantic_are_the_models(tmp_path: Path) -> None:
    from app.core.store.plain import published_rows, unknown_row

    when = datetime(2026, 3, 1, 10, 0, 0, 250000, tzinfo=UTC)
    statuses = {
        "a": ConnectionStatus(state="connected", era="legacy", protocol_version="2025-11-25", last_roots_fetch_at=when,
                              last_roots_fetch=["file:///x", "file:///y"], session_fetches=2, roots_fetch_count=5,
                              settled_at=when.replace(microsecond=0), failed_sessions=1),
        "b": ConnectionStatus(state="backoff", last_error="It broke: caf\u00e9.", last_error_code="server.exited",
                              last_error_args={"code": "1"}, retry_in=2.5),
        "c": ConnectionStatus(last_roots_fetch=["file:///x", "file:///y"]),  # one list, written once
        "d": ConnectionStatus(),
    }
    board = StatusBoard(tmp_path)
    board.publish_statuses(statuses)
    by_model, running = board.statuses()
    rows, plain_running = published_rows(tmp_path)
    assert rows == {name: status.row() for name, status in by_model.items()} and running == plain_running
    assert [list(row) for row in rows.values()] == [list(status.row()) for status in by_model.values()]
    assert unknown_row() == ConnectionStatus().row()


def test_a_row_only_the_model_can_read_is_left_to_it(tmp_path: Path) -> None:
    from app.core.store.plain import published_rows

    written_by(tmp_path, os.getpid(), {"converted": {"state": "connected", "failed_sessions": "2"},
                                       "refused": {"state": "exploded"}, "unknown": {"state": "failed", "x": 1}})
    rows, running = published_rows(tmp_path)
    by_model, _running = StatusBoard(tmp_path).statuses()
    assert rows == {name: status.row() for name, status in by_model.items()}
    assert set(rows) == {"converted", "unknown"} and rows["converted"]["failed_sessions"] == 2 and running
