"""Each record says how the folders were given: a roots answer, or filled into the server's command line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.core.history.history import History, HistoryRecord
from app.core.history.recorder import HistoryRecorder
from app.core.history.schema import SCHEMA_VERSION

T = 2_000_000_000.0  # far ahead: opening the file keeps every record
SCHEMA_2_RECORDS = (
    "CREATE TABLE records (id INTEGER PRIMARY KEY, at REAL NOT NULL, server TEXT NOT NULL,"
    " host TEXT, era TEXT NOT NULL, via TEXT NOT NULL, list_id INTEGER NOT NULL REFERENCES lists(id))"
)


def test_a_record_keeps_how_the_folders_were_given(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as history:
        history.append("fs", ["file:///a"], era="2025-11-25", via="hub", at=T + 1)
        history.append("fs", ["file:///a", "file:///b"], era="", via="bridge", host="Zed", at=T + 2, how="arguments")
        given = history.query()
    assert [(r.how, r.folders) for r in given] == [("roots", ("file:///a",)),
                                                  ("arguments", ("file:///a", "file:///b"))]
    assert given[1].as_json()["how"] == "arguments"


def test_the_recorder_records_a_command_line_as_uris(tmp_path: Path) -> None:
    recorder = HistoryRecorder(tmp_path)
    recorder.given_arguments("git", [str(tmp_path / "repo one")], via="call")
    recorder.close()
    with History(recorder.path) as history:
        (record,) = history.query()
    assert record == HistoryRecord(record.at, "git", None, "", "call", ((tmp_path / "repo one").as_uri(),),
                                   "arguments")


def test_a_file_of_the_second_schema_gains_how_and_every_old_record_was_a_roots_answer(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History(path) as history:
        history.append("fs", ["file:///a"], era="e", via="hub", at=T + 1)
    db = sqlite3.connect(path, isolation_level=None)  # back to how the second schema left it
    db.executescript(
        "BEGIN; CREATE TABLE old AS SELECT id, at, server, host, era, via, list_id FROM records;"
        f" DROP TABLE records; {SCHEMA_2_RECORDS}; INSERT INTO records SELECT * FROM old; DROP TABLE old;"
        " PRAGMA user_version = 2; COMMIT;"
    )
    db.close()
    with History(path) as history:
        history.append("fs", ["file:///b"], era="", via="call", at=T + 2, how="arguments")
        assert [(r.how, r.folders) for r in history.query()] == [("roots", ("file:///a",)),
                                                                ("arguments", ("file:///b",))]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
