"""A history file written by the first schema (URIs as JSON and per-list rows) is migrated and reads the same."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from app.core.history.history import History, history_path
from app.core.history.index import SeenIndex
from app.core.history.schema import SCHEMA_VERSION

SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS lists (id INTEGER PRIMARY KEY, digest TEXT NOT NULL UNIQUE, folders TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS list_folders (list_id INTEGER NOT NULL REFERENCES lists(id), uri TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS list_folders_by_uri ON list_folders (uri, list_id);
CREATE INDEX IF NOT EXISTS list_folders_by_list ON list_folders (list_id);
CREATE TABLE IF NOT EXISTS records (
    id INTEGER PRIMARY KEY, at REAL NOT NULL, server TEXT NOT NULL, host TEXT, era TEXT NOT NULL,
    via TEXT NOT NULL, list_id INTEGER NOT NULL REFERENCES lists(id)
);
CREATE INDEX IF NOT EXISTS records_by_time ON records (at);
CREATE INDEX IF NOT EXISTS records_by_server ON records (server, at);
CREATE INDEX IF NOT EXISTS records_by_list ON records (list_id, at);
"""
PROJECT = Path(__file__).resolve().parents[3]
T = 2_000_000_000.0  # far ahead: opening the file keeps every record


def _write_schema_1(path: Path, records: list[tuple[float, str, str | None, str, list[str]]]) -> None:
    """What the first schema's `History.append` stored, statement for statement."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(SCHEMA_1)
    db.execute("BEGIN")
    for at, server, host, via, folders in records:
        encoded = json.dumps(folders, ensure_ascii=False, separators=(",", ":"))
        digest = hashlib.blake2b(encoded.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
        row = db.execute("SELECT id FROM lists WHERE digest = ?", (digest,)).fetchone()
        if row is None:
            list_id = db.execute("INSERT INTO lists (digest, folders) VALUES (?, ?)", (digest, encoded)).lastrowid
            db.executemany("INSERT INTO list_folders (list_id, uri) VALUES (?, ?)",
                           ((list_id, uri) for uri in dict.fromkeys(folders)))
        else:
            list_id = row[0]
        db.execute("INSERT INTO records (at, server, host, era, via, list_id) VALUES (?, ?, ?, 'e', ?, ?)",
                   (at, server, host, via, list_id))
    db.execute("COMMIT")
    db.close()


def test_a_file_of_the_first_schema_is_migrated_and_answers_the_same(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    path = history_path(state)
    _write_schema_1(path, [
        (T + 1, "fs", None, "hub", ["file:///a", "file:///b", "file:///a"]),
        (T + 2, "git", "Zed", "bridge", ["file:///b"]),
        (T + 3, "fs", None, "hub", ["file:///a", "file:///b", "file:///a"]),
        (T + 4, "fs", None, "call", []),
        (T + 5, "git", None, "hub", ["file:///é/ü", "file:///b"]),
    ])
    with History(path) as history:
        assert [(r.at, r.server, r.host, r.via, r.folders) for r in history.query()] == [
            (T + 1, "fs", None, "hub", ("file:///a", "file:///b", "file:///a")),
            (T + 2, "git", "Zed", "bridge", ("file:///b",)),
            (T + 3, "fs", None, "hub", ("file:///a", "file:///b", "file:///a")),
            (T + 4, "fs", None, "call", ()),
            (T + 5, "git", None, "hub", ("file:///é/ü", "file:///b")),
        ]
        assert [r.at for r in history.query(folder="file:///b", server="git")] == [T + 2, T + 5]
        assert history.last_seen() == {
            "file:///a": {"fs": T + 3},
            "file:///b": {"fs": T + 3, "git": T + 5},
            "file:///é/ü": {"git": T + 5},
        }
        assert history.latest_id() == 5
        runs = history.given_after(0, 5)
        assert {(run.server, run.at) for run in runs} == {("fs", T + 3), ("git", T + 2), ("fs", T + 4), ("git", T + 5)}
        lists = history.folders_of([run.list_id for run in runs])
        assert sorted(lists.values()) == [(), ("file:///a", "file:///b", "file:///a"), ("file:///b",),
                                          ("file:///é/ü", "file:///b")]
        history.append("fs", ["file:///a", "file:///b", "file:///a"], era="e", via="hub", at=T + 6)
        history.append("fs", ["file:///c", "file:///b"], era="e", via="hub", at=T + 7)
        assert [r.at for r in history.query(folder="file:///b", server="fs")] == [T + 1, T + 3, T + 6, T + 7]
    db = sqlite3.connect(path)
    assert db.execute("SELECT COUNT(*) FROM lists").fetchone() == (5,)  # the old list found again by its digest
    assert db.execute("SELECT COUNT(*) FROM folders").fetchone() == (4,)
    assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert "uri" not in [row[1] for row in db.execute("PRAGMA table_info(list_folders)")]
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    index = SeenIndex(state)
    assert index.update() is True
    assert index.audiences == {"file:///a": ("fs",), "file:///b": ("fs", "git"), "file:///c": ("fs",),
                               "file:///é/ü": ("git",)}
    index.close()


MIGRATOR = """
import sqlite3, sys
from pathlib import Path
connect = sqlite3.connect

def ticking(*args, **kwargs):
    db = connect(*args, **kwargs)
    db.set_progress_handler(tick, 2000)
    return db

def tick():
    print("tick", flush=True)
    sys.stdin.readline()  # the test says when to go on (or kills this process meanwhile)
    return 0

sqlite3.connect = ticking
from app.core.history.history import History
History(Path(sys.argv[1])).close()
print("done", flush=True)
"""


def _migrate_in_child(path: Path, kill_after: int | None) -> int:
    """Open `path` in another process, SIGKILLed after `kill_after` progress ticks; returns the ticks seen."""
    child = subprocess.Popen([sys.executable, "-c", MIGRATOR, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, cwd=PROJECT, env=dict(os.environ, PYTHONPATH=str(PROJECT)))
    assert child.stdout is not None and child.stdin is not None
    ticks = 0
    for line in child.stdout:
        if line.strip() == "done":
            break
        ticks += 1
        if ticks == kill_after:  # the child waits in SQLite's progress callback: killed mid-statement
            child.send_signal(signal.SIGKILL)
            break
        child.stdin.write("\n")
        child.stdin.flush()
    child.wait()
    with contextlib.suppress(BrokenPipeError):
        child.stdin.close()
    return ticks


def test_sigkill_mid_migration_leaves_a_file_that_migrates_later(tmp_path: Path) -> None:
    """The migration is one transaction: a process killed in it leaves the first schema whole."""
    written = [(T + n, f"s{n % 3}", None, "hub", [f"file:///p/{n}", *(f"file:///f/{k}" for k in range(300))])
               for n in range(150)]
    original = tmp_path / "original.sqlite3"
    _write_schema_1(original, written)
    trial = tmp_path / "trial"
    trial.mkdir(mode=0o700)
    path = history_path(trial)
    shutil.copy(original, path)
    total = _migrate_in_child(path, None)
    assert total > 10
    for kill_after in (2, total // 4, total // 2, total - 2):
        path.unlink()
        shutil.copy(original, path)
        assert _migrate_in_child(path, kill_after) == kill_after
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA user_version").fetchone() == (0,)  # not migrated: the first schema, whole
        db.close()
        with History(path) as history:
            assert [(r.at, r.server, list(r.folders)) for r in history.query()] == [
                (at, server, folders) for at, server, _host, _via, folders in written
            ]
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        db.close()


def test_a_big_first_schema_file_is_brought_under_the_cap_and_shrinks(tmp_path: Path) -> None:
    """A file grown without a size cap: migrated, its oldest records dropped, and its free pages given back once."""
    path = history_path(tmp_path)
    base = [f"file:///home/user/projects/folder-{k}" for k in range(3000)]
    _write_schema_1(path, [(T + n, "fs", None, "hub", [f"file:///edit/{n}", *base]) for n in range(60)])
    grown = path.stat().st_size
    cap = 1024 * 1024
    assert grown > 8 * cap
    with History(path, max_bytes=cap) as history:
        kept = history.query()
        assert 1 < len(kept) < 60
        assert [r.at for r in kept] == [T + n for n in range(60 - len(kept), 60)]
        assert all(r.folders[1:] == tuple(base) for r in kept)
    assert path.stat().st_size <= 2 * cap
