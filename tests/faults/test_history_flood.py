"""One flooding server cannot evict everyone's history (issue 36, #8): identical consecutive answers to
one server are one record (count, first and last time), the record cap evicts the flooder's own
records first, a schema 3 file is migrated, and `rootkeeper history` shows the count."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from app.core.history.history import History, history_path
from app.core.history.schema import SCHEMA_VERSION
from tests.support.cli import run_cli

_SCHEMA_3 = (
    "CREATE TABLE folders (id INTEGER PRIMARY KEY AUTOINCREMENT, uri TEXT NOT NULL UNIQUE)",
    "CREATE TABLE lists (id INTEGER PRIMARY KEY AUTOINCREMENT, digest TEXT NOT NULL UNIQUE, folder_ids BLOB NOT NULL)",
    "CREATE TABLE list_folders (folder_id INTEGER NOT NULL, list_id INTEGER NOT NULL,"
    " PRIMARY KEY (folder_id, list_id)) WITHOUT ROWID",
    "CREATE TABLE records (id INTEGER PRIMARY KEY, at REAL NOT NULL, server TEXT NOT NULL, host TEXT,"
    " era TEXT NOT NULL, via TEXT NOT NULL, list_id INTEGER NOT NULL REFERENCES lists(id),"
    " how TEXT NOT NULL DEFAULT 'roots')",
    "CREATE INDEX records_by_time ON records (at)",
    "CREATE INDEX records_by_server ON records (server, at)",
    "CREATE INDEX records_by_list ON records (list_id, at)",
    "CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID",
)


def test_identical_consecutive_answers_are_one_record(tmp_path: Path) -> None:
    folder = tmp_path.as_uri()
    start = time.time() - 3600
    with History(history_path(tmp_path / "state")) as history:
        history.append("quiet", [folder], era="2025-11-25", via="hub", at=start)
        for number in range(5000):
            history.append("flooder", [folder], era="2025-11-25", via="hub", at=start + 1 + number * 0.1)
        history.append("flooder", [], era="2025-11-25", via="hub", at=start + 600)  # another answer: a new record
        history.append("flooder", [folder], era="2025-11-25", via="hub", at=start + 601)
        assert history.count() == 4
        records = history.query()
    assert [(r.server, r.count) for r in records] == [("quiet", 1), ("flooder", 5000), ("flooder", 1),
                                                      ("flooder", 1)]
    assert records[1].first_at == start + 1 and records[1].at == start + 1 + 4999 * 0.1
    assert records[0].first_at is None


def test_a_flood_evicts_the_flooders_own_records_first(tmp_path: Path) -> None:
    folder, other = tmp_path.as_uri(), (tmp_path / "other").as_uri()
    start = time.time() - 3600
    path = history_path(tmp_path / "state")
    with History(path, max_records=200) as history:
        for number in range(20):  # the audit trail: older than the whole flood
            history.append("quiet", [folder, f"{folder}/{number}"], era="2025-11-25", via="hub", at=start + number)
        for number in range(1000):  # alternating answers: nothing to coalesce
            history.append("flooder", [folder] if number % 2 else [other], era="2025-11-25", via="hub",
                           at=start + 100 + number)
        history.rotate()
        kept = history.query()
    assert len(kept) <= 200
    assert [r.at for r in kept if r.server == "quiet"] == [start + number for number in range(20)]
    assert [r for r in kept if r.server == "flooder"] != []


def test_a_schema_3_file_is_migrated(tmp_path: Path) -> None:
    path = history_path(tmp_path / "state")
    path.parent.mkdir(parents=True)
    db = sqlite3.connect(path)
    for statement in _SCHEMA_3:
        db.execute(statement)
    db.execute("INSERT INTO lists (digest, folder_ids) VALUES ('d', X'04')")
    db.execute("INSERT INTO records (at, server, era, via, list_id) VALUES (1000.0, 'old', '2025-11-25', 'hub', 1)")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    with History(path, keep_days=10**6) as history:
        (old,) = history.query()
        history.append("new", [], era="2025-11-25", via="hub")
        history.append("new", [], era="2025-11-25", via="hub")
        records = history.query()
    assert (old.server, old.count, old.first_at) == ("old", 1, None)
    assert [(r.server, r.count) for r in records] == [("old", 1), ("new", 2)]
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    check.close()


def test_history_shows_the_count_first_and_last(tmp_path: Path) -> None:
    home = tmp_path / "home"
    start = time.time() - 600
    with History(history_path(home / "state")) as history:
        for number in range(3):
            history.append("flooder", [tmp_path.as_uri()], era="2025-11-25", via="hub", at=start + number)
    shown = run_cli(home, "history")
    assert shown.code == 0 and "(3 times, first " in shown.out and ", last " in shown.out, shown
    listed = run_cli(home, "history", "--json").json()
    assert [(r["count"], r["first_at"] is not None) for r in listed] == [(3, True)]
