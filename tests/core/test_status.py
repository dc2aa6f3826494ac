"""The status file: typed rows, tolerant reading, and never deleting another process's file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from app.core.status import STATUS_FILE, ConnectionStatus, StatusBoard


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
